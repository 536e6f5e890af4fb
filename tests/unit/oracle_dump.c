/*
 * oracle_dump.c - prints how the libpfm.so.4 it runs with encodes each
 * argument string under PFM_OS_NONE, PFM_OS_PERF_EVENT and _EXT, one line
 * per string and layer, and first the path of that library. Linked against
 * the installed libpfm4; LD_LIBRARY_PATH=build/lib runs it on pmuplug's.
 * The event index is left out (event numbering is not compared).
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <perfmon/pfmlib.h>
#include <perfmon/pfmlib_perf_event.h>

static void none(const char *s)
{
	pfm_pmu_encode_arg_t a;
	char *f = NULL;
	memset(&a, 0, sizeof(a));
	a.size = sizeof(a);
	a.fstr = &f;
	int r = pfm_get_os_event_encoding(s, PFM_PLM0 | PFM_PLM3, PFM_OS_NONE, &a);
	printf("%s|none|ret=%d", s, r);
	if (r == PFM_SUCCESS) {
		printf("|count=%d", a.count);
		for (int i = 0; i < a.count; i++)
			printf("|0x%" PRIx64, a.codes[i]);
		printf("|%s", f ? f : "");
	}
	printf("\n");
	free(a.codes);
	free(f);
}

static void perf(const char *s, pfm_os_t os)
{
	struct perf_event_attr at;
	pfm_perf_encode_arg_t a;
	char *f = NULL;
	memset(&at, 0, sizeof(at));
	memset(&a, 0, sizeof(a));
	a.size = sizeof(a);
	a.attr = &at;
	a.fstr = &f;
	int r = pfm_get_os_event_encoding(s, PFM_PLM0 | PFM_PLM3, os, &a);
	printf("%s|%s|ret=%d", s, os == PFM_OS_PERF_EVENT ? "perf" : "perf_ext", r);
	if (r == PFM_SUCCESS)
		printf("|type=%u|config=0x%llx|config1=0x%llx|config2=0x%llx|xu=%d|xk=%d|xh=%d|xhost=%d|xguest=%d"
		       "|period=%llu|freq=%d|precise=%d|pinned=%d|excl=%d|cpu=%d|%s",
		       at.type, (unsigned long long)at.config, (unsigned long long)at.config1,
		       (unsigned long long)at.config2, at.exclude_user, at.exclude_kernel, at.exclude_hv,
		       at.exclude_host, at.exclude_guest, (unsigned long long)at.sample_period, at.freq,
		       at.precise_ip, at.pinned, at.exclusive, a.cpu, f ? f : "");
	printf("\n");
	free(f);
}

int main(int argc, char **argv)
{
	Dl_info di;
	if (dladdr((void *)pfm_initialize, &di) && di.dli_fname)
		printf("library|%s\n", di.dli_fname);
	if (pfm_initialize() != PFM_SUCCESS) {
		printf("init failed\n");
		return 1;
	}
	for (int i = 1; i < argc; i++) {
		none(argv[i]);
		perf(argv[i], PFM_OS_PERF_EVENT);
		perf(argv[i], PFM_OS_PERF_EVENT_EXT);
	}
	return 0;
}
