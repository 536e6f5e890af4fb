/*
 * SPDX-License-Identifier: MIT
 * bench_pfm.c: the workload `make bench` runs under callgrind, once per
 * library (chosen with LD_LIBRARY_PATH). Only the public libpfm4 API is used.
 *
 *   bench_pfm init            pfm_initialize(), between two getppid() calls that
 *                             mark it in an strace log (bench/run.sh counts the
 *                             system calls between them)
 *   bench_pfm find   NAMES    pfm_find_event() on every line of NAMES
 *   bench_pfm encode NAMES    pfm_get_os_event_encoding(PFM_OS_PERF_EVENT_EXT)
 *                             on every line of NAMES, without fstr
 *   bench_pfm encode_fstr NAMES  the same asking for the fstr (freed in the phase)
 *   bench_pfm first  NAMES    the first pfm_find_event() after pfm_initialize, on
 *                             the first line of NAMES (what a first look-up adds)
 *   bench_pfm enumerate       every event of every PMU (every PMU is usable under
 *                             LIBPFM_ENCODE_INACTIVE=1), as showevtinfo lists them:
 *                             pfm_get_pmu_info, then pfm_get_event_info and
 *                             pfm_get_event_attr_info for each event
 *   bench_pfm count           the events listed through the API (not measured):
 *                             pfm_get_pmu_info's nevents over every PMU id
 *                             until PFM_ERR_INVAL
 *
 * Each measured phase is one noinline function named bench_phase_*, so that
 * callgrind --toggle-collect=bench_phase_* counts that phase alone (file
 * reading and, for find/encode, pfm_initialize stay outside). The program
 * prints which libpfm.so it loaded and how many calls succeeded.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <perfmon/pfmlib_perf_event.h>

#define NOINLINE __attribute__((noinline, noclone))

struct names {
	char **v;
	size_t n;
};

static void read_names(const char *path, struct names *nm)
{
	FILE *f = fopen(path, "r");
	char line[4096];
	size_t cap = 0;

	if (!f) {
		perror(path);
		exit(2);
	}
	while (fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\n")] = '\0';
		if (!line[0])
			continue;
		if (nm->n == cap) {
			cap = cap ? 2 * cap : 1024;
			nm->v = realloc(nm->v, cap * sizeof(*nm->v));
			if (!nm->v) {
				perror("realloc");
				exit(2);
			}
		}
		nm->v[nm->n++] = strdup(line);
	}
	fclose(f);
}

NOINLINE int bench_phase_init(void)
{
	return pfm_initialize();
}

NOINLINE size_t bench_phase_find(const struct names *nm)
{
	size_t i, ok = 0;

	for (i = 0; i < nm->n; i++)
		ok += pfm_find_event(nm->v[i]) >= 0;
	return ok;
}

NOINLINE size_t bench_phase_encode(const struct names *nm, int with_fstr)
{
	struct perf_event_attr attr;
	pfm_perf_encode_arg_t arg;
	char *fstr;
	size_t i, ok = 0;

	for (i = 0; i < nm->n; i++) {
		memset(&attr, 0, sizeof(attr));
		memset(&arg, 0, sizeof(arg));
		arg.size = sizeof(arg);
		arg.attr = &attr;
		fstr = NULL;
		if (with_fstr)
			arg.fstr = &fstr;
		ok += pfm_get_os_event_encoding(nm->v[i], PFM_PLM0 | PFM_PLM3,
						PFM_OS_PERF_EVENT_EXT, &arg) == PFM_SUCCESS;
		free(fstr);
	}
	return ok;
}

NOINLINE int bench_phase_first(const struct names *nm)
{
	return pfm_find_event(nm->v[0]) >= 0;
}

/* PMU id into *pi: 1 when it has events, 0 when not (or no such PMU), -1
 * past the last id (every PMU is usable under LIBPFM_ENCODE_INACTIVE=1) */
static int pmu_with_events(int id, pfm_pmu_info_t *pi)
{
	memset(pi, 0, sizeof(*pi));
	pi->size = sizeof(*pi);
	int r = pfm_get_pmu_info((pfm_pmu_t)id, pi);
	if (r == PFM_ERR_INVAL)
		return -1;
	return r == PFM_SUCCESS && pi->nevents > 0;
}

/* events and attributes listed; *nev gets the number of events */
NOINLINE long bench_phase_enumerate(long *nev)
{
	pfm_pmu_info_t pi;
	long nattr = 0;
	int r;
	*nev = 0;
	for (int id = 0; (r = pmu_with_events(id, &pi)) >= 0; id++) {
		if (!r)
			continue;
		for (int e = pi.first_event; e != -1; e = pfm_get_event_next(e)) {
			pfm_event_info_t ei;
			memset(&ei, 0, sizeof(ei));
			ei.size = sizeof(ei);
			if (pfm_get_event_info(e, PFM_OS_NONE, &ei) != PFM_SUCCESS)
				continue;
			(*nev)++;
			for (int a = 0; a < ei.nattrs; a++) {
				pfm_event_attr_info_t ai;
				memset(&ai, 0, sizeof(ai));
				ai.size = sizeof(ai);
				nattr += pfm_get_event_attr_info(e, a, PFM_OS_NONE, &ai) == PFM_SUCCESS;
			}
		}
	}
	return nattr;
}

/* the events every PMU the library lists has, by its nevents */
static long count_events(void)
{
	pfm_pmu_info_t pi;
	long n = 0;
	int r;
	for (int id = 0; (r = pmu_with_events(id, &pi)) >= 0; id++)
		if (r)
			n += pi.nevents;
	return n;
}

static void print_library(void)
{
	Dl_info info;

	if (dladdr((void *)pfm_initialize, &info) && info.dli_fname)
		printf("library: %s\n", info.dli_fname);
}

int main(int argc, char **argv)
{
	struct names nm = { NULL, 0 };
	const char *mode = argc > 1 ? argv[1] : "";
	int ret;

	if (strcmp(mode, "init") && strcmp(mode, "count") && strcmp(mode, "enumerate") && argc < 3) {
		fprintf(stderr, "usage: bench_pfm init | count | enumerate | find NAMES | first NAMES | encode NAMES | "
				"encode_fstr NAMES\n");
		return 2;
	}
	if (argc > 2)
		read_names(argv[2], &nm);

	if (!strcmp(mode, "init")) {
		getppid();
		ret = bench_phase_init();
		getppid();
	} else {
		ret = pfm_initialize();
		if (ret == PFM_SUCCESS && !strcmp(mode, "count"))
			printf("events: %ld\n", count_events());
		else if (ret == PFM_SUCCESS && !strcmp(mode, "first") && nm.n)
			printf("found: %d of 1\n", bench_phase_first(&nm));
		else if (ret == PFM_SUCCESS && !strcmp(mode, "enumerate")) {
			long nev, nattr = bench_phase_enumerate(&nev);
			printf("listed: %ld events, %ld attributes\n", nev, nattr);
		} else if (ret == PFM_SUCCESS && !strcmp(mode, "find"))
			printf("found: %zu of %zu\n", bench_phase_find(&nm), nm.n);
		else if (ret == PFM_SUCCESS && (!strcmp(mode, "encode") || !strcmp(mode, "encode_fstr")))
			printf("encoded: %zu of %zu\n", bench_phase_encode(&nm, !strcmp(mode, "encode_fstr")),
			       nm.n);
		else if (ret == PFM_SUCCESS) {
			fprintf(stderr, "bench_pfm: unknown mode %s\n", mode);
			return 2;
		}
	}
	print_library();
	if (ret != PFM_SUCCESS) {
		fprintf(stderr, "bench_pfm: pfm_initialize: %s\n", pfm_strerror(ret));
		return 1;
	}
	pfm_terminate();
	return 0;
}
