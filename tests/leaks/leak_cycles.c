/*
 * SPDX-License-Identifier: MIT
 * tests/leaks/leak_cycles.c — suite `leaks` of test_public (check-leaks):
 * N pfm_initialize/pfm_terminate cycles in the environment the caller gives
 * (tests/leaks/run.sh: the host as it is, an empty event_source/devices/,
 * the sysfs fixtures, a plugin directory, LIBPFM_ENCODE_INACTIVE=1), each
 * cycle walking every PMU and encoding the first event of each (an inactive
 * one's refused unless encode-inactive), so that what a cycle builds is used
 * before it is freed. One CUnit test a cycle. Run under valgrind (leak
 * check) by run.sh; here only the cycles' own results are checked.
 * Results line: leaks (one a run; tests/leaks/run.sh adds them up).
 * usage: test_public leaks N LABEL
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <perfmon/pfmlib.h>
#include <perfmon/pfmlib_perf_event.h>
#include "encode.h"
#include "public.h"
#include "suite.h"

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

static int ncycles, first_npmus = -1;
static const char *label;
static int *cycle_no;	/* cycle_no[i] == i: each case's data */

static void test_a_cycle_runs_clean_and_presents_the_first_cycles_pmus(const void *data)
{
	int i = *(const int *)data;
	int npmus = 0, r = one_cycle(&npmus);
	TL_ASSERT(r == 0, "cycle %d: %s", i, r == -1 ? "pfm_initialize failed" : "event info failed");
	if (first_npmus < 0)
		first_npmus = npmus;
	TL_ASSERT(npmus == first_npmus, "cycle %d: %d PMUs present, the first cycle had %d", i, npmus, first_npmus);
}

/* after the cycles: what they saw, in the log */
static int summary(void)
{
	printf("%s: %d cycles, %d PMUs present\n", label, ncycles, first_npmus);
	free(cycle_no);
	cycle_no = NULL;
	return 0;
}

int leak_cycles_register(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: test_public leaks N LABEL\n");
		return 2;
	}
	ncycles = atoi(argv[1]);
	label = argv[2];
	CU_pSuite s = tl_suite_add("init/terminate cycles", NULL, summary, NULL, 0);
	cycle_no = calloc(ncycles > 0 ? (size_t)ncycles : 1, sizeof(*cycle_no));
	if (!cycle_no) {
		fprintf(stderr, "leaks: out of memory for %d cycles\n", ncycles);
		return 2;
	}
	for (int i = 0; i < ncycles; i++) {
		cycle_no[i] = i;
		tl_case_add(s, test_a_cycle_runs_clean_and_presents_the_first_cycles_pmus, cycle_no + i,
			    "test_a_cycle_runs_clean_and_presents_the_first_cycles_pmus[%s cycle %d]", label, i);
	}
	return 0;
}
