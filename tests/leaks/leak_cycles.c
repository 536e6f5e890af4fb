/*
 * SPDX-License-Identifier: MIT
 * leak_cycles.c - N pfm_initialize/pfm_terminate cycles in the environment
 * the caller gives (tests/leaks/run.sh: the host as it is, an empty
 * event_source/devices/, the sysfs fixtures, a plugin directory,
 * LIBPFM_ENCODE_INACTIVE=1), each cycle walking every PMU and encoding the
 * first event of each (an inactive one's refused unless encode-inactive), so that what a cycle builds is used
 * before it is freed. Run under valgrind (leak check) by run.sh; here
 * only the cycles' own results are checked.
 * usage: leak_cycles N LABEL
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <perfmon/pfmlib.h>
#include <perfmon/pfmlib_perf_event.h>
#include "encode.h"
#include "report.h"

static int one_cycle(int *npmus)
{
	if (pfm_initialize() != PFM_SUCCESS)
		return -1;
	int n = 0;
	pfm_pmu_info_t pi;
	for (int id = 0; id < PFM_PMU_MAX; id++) {
		memset(&pi, 0, sizeof(pi));
		pi.size = sizeof(pi);
		if (pfm_get_pmu_info(id, &pi) != PFM_SUCCESS)
			continue;
		n += pi.is_present;
		for (int e = pi.first_event; e >= 0; e = -1) {
			pfm_event_info_t ei;
			memset(&ei, 0, sizeof(ei));
			ei.size = sizeof(ei);
			if (pfm_get_event_info(e, PFM_OS_PERF_EVENT_EXT, &ei) != PFM_SUCCESS)
				return -2;
			char str[512];
			struct tl_perf o;
			snprintf(str, sizeof(str), "%s::%s", pi.name, ei.name);
			/* the result may be an error (a required unit mask); what it allocated must be freed */
			tl_perf(str, PFM_PLM3, PFM_OS_PERF_EVENT_EXT, &o);
		}
	}
	pfm_terminate();
	*npmus = n;
	return 0;
}

int main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: leak_cycles N LABEL\n");
		return 2;
	}
	int n = atoi(argv[1]), first = -1;
	char suite[128];
	snprintf(suite, sizeof(suite), "leaks-%s", argv[2]);
	for (int i = 0; i < n; i++) {
		int npmus = 0, r = one_cycle(&npmus);
		tl_check(r == 0, "cycle %d: %s", i, r == -1 ? "pfm_initialize failed" : "event info failed");
		if (first < 0)
			first = npmus;
		tl_check(npmus == first, "cycle %d: %d PMUs present, the first cycle had %d", i, npmus, first);
	}
	printf("%s: %d cycles, %d PMUs present\n", argv[2], n, first);
	return tl_report(suite);
}
