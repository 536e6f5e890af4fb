/*
 * SPDX-License-Identifier: MIT
 * tests/compat/for_all_pmus.c - a program compiled against the INSTALLED libpfm4 4.13
 * header (PFM_PMU_MAX 517) that lists PMUs with its pfm_for_all_pmus(), as
 * PCP's perfevent agent does, run on our libpfm.so.4.
 *
 *   compat_4_13 for-all-pmus <libdir> compat|native PMU...
 *
 * compat (LIBPFM_PMU_MAX=517 in the environment): each named PMU is present
 * within the 4.13 loop exactly once, at an id below 517 that pfm_get_pmu_info,
 * its events' info and pfm_find_event all agree on, and it encodes there.
 * native (no LIBPFM_PMU_MAX): a walk until PFM_ERR_INVAL (PAPI's) finds each
 * named PMU at the id of the upstream header.
 * Both: no walk sees a PMU name twice, ids past the loop's end answer as the
 * mode says. Prints "for_all_pmus: N passed, N failed".
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <perfmon/pfmlib_perf_event.h>
#include "info.h"
#include "report.h"
#include "compat.h"

#define MAXSEEN 1100

static int get_pmu(int id, pfm_pmu_info_t *pi)
{
	memset(pi, 0, sizeof(*pi));
	pi->size = sizeof(*pi);
	return pfm_get_pmu_info((pfm_pmu_t)id, pi);
}

/* the events of PMU id carry id, are found back by name under it, and one encodes there */
static void check_events(int id, const pfm_pmu_info_t *pi)
{
	int n = 0, encoded = 0;
	for (int e = pi->first_event; e != -1; e = pfm_get_event_next(e), n++) {
		pfm_event_info_t ei;
		memset(&ei, 0, sizeof(ei));
		ei.size = sizeof(ei);
		int r = pfm_get_event_info(e, PFM_OS_PERF_EVENT_EXT, &ei);
		if (!tl_check(r == PFM_SUCCESS && (int)ei.pmu == id, "%s event %#x: pmu %d, want %d (%s)", pi->name, e,
			      (int)ei.pmu, id, pfm_strerror(r)))
			continue;
		char s[512];
		snprintf(s, sizeof(s), "%s::%s", pi->name, ei.name);
		int idx = pfm_find_event(s);
		pfm_event_info_t fi;
		memset(&fi, 0, sizeof(fi));
		fi.size = sizeof(fi);
		tl_check(idx >= 0 && pfm_get_event_info(idx, PFM_OS_NONE, &fi) == PFM_SUCCESS && (int)fi.pmu == id,
			 "pfm_find_event(%s) = %#x: not under PMU id %d", s, idx, id);
		if (encoded)
			continue;
		struct perf_event_attr attr;
		pfm_perf_encode_arg_t arg;
		memset(&attr, 0, sizeof(attr));
		memset(&arg, 0, sizeof(arg));
		arg.attr = &attr;
		arg.size = sizeof(arg);
		if (pfm_get_os_event_encoding(s, PFM_PLM3, PFM_OS_PERF_EVENT_EXT, &arg) == PFM_SUCCESS) {
			encoded = 1;
			tl_check(tl_event_pmu(arg.idx) == id, "%s encodes with idx %#x, not under PMU id %d", s, arg.idx, id);
		}
	}
	tl_check(n == pi->nevents && n > 0, "%s: walked %d events, nevents says %d", pi->name, n, pi->nevents);
	tl_check(encoded, "%s: no event of it encodes", pi->name);
}

int compat_for_all_pmus(int argc, char **argv)
{
	Dl_info dl;
	char lib[4096] = "?";
	if (argc < 3 || (strcmp(argv[2], "compat") && strcmp(argv[2], "native"))) {
		fprintf(stderr, "usage: %s LIBDIR compat|native PMU...\n", "compat_4_13 for-all-pmus");
		return 2;
	}
	if (!dladdr((void *)pfm_initialize, &dl) || !realpath(dl.dli_fname, lib) || !strstr(lib, argv[1])) {
		fprintf(stderr, "for_all_pmus: library under test is %s, not in %s\n", lib, argv[1]);
		return 2;
	}
	int compat = !strcmp(argv[2], "compat");
	tl_check(pfm_initialize() == PFM_SUCCESS, "pfm_initialize failed");

	/* the 4.13 program's loop: what PCP sees */
	static char seen[MAXSEEN][64];
	int nseen = 0;
	pfm_pmu_t p;
	pfm_for_all_pmus(p) {
		pfm_pmu_info_t pi;
		if (get_pmu((int)p, &pi) != PFM_SUCCESS || !pi.is_present)
			continue;
		tl_check((int)pi.pmu == (int)p, "pmu %d reports pmu %d", (int)p, (int)pi.pmu);
		printf("for_all_pmus: 4.13 loop: id %d %s (%d events)\n", (int)p, pi.name, pi.nevents);
		for (int a = 3; a < argc; a++)
			if (!strcmp(pi.name, argv[a]))
				check_events((int)p, &pi);
		if (nseen < MAXSEEN)
			snprintf(seen[nseen++], sizeof(seen[0]), "%s", pi.name);
	}
	if (compat)
		for (int a = 3; a < argc; a++) {
			int k = 0;
			for (int i = 0; i < nseen; i++)
				k += !strcmp(seen[i], argv[a]);
			tl_check(k == 1, "%s: present %d times in the 4.13 pfm_for_all_pmus loop, want once", argv[a], k);
		}

	/* a walk until PFM_ERR_INVAL (PAPI's): every name once; in compat mode it ends at 517 */
	int end = -1, twice = 0;
	nseen = 0;
	for (int id = 0; id < 8192; id++) {
		pfm_pmu_info_t pi;
		int r = get_pmu(id, &pi);
		if (r == PFM_ERR_INVAL) {
			end = id;
			break;
		}
		if (r != PFM_SUCCESS)
			continue;
		for (int i = 0; i < nseen; i++)
			if (!strcmp(seen[i], pi.name)) {
				tl_check(0, "walk until PFM_ERR_INVAL: %s at id %d and before", pi.name, id);
				twice++;
			}
		if (nseen < MAXSEEN)
			snprintf(seen[nseen++], sizeof(seen[0]), "%s", pi.name);
		for (int a = 3; a < argc && !compat; a++)
			if (!strcmp(pi.name, argv[a])) {
				tl_check(pi.is_present && id >= PFM_PMU_MAX, "native: %s at id %d (present %d), want its own id past 4.13's",
					 pi.name, id, pi.is_present);
				check_events(id, &pi);
			}
	}
	tl_check(compat ? end == PFM_PMU_MAX : end > PFM_PMU_MAX, "walk ends at id %d (%s mode)", end, argv[2]);
	tl_check(!twice, "walk until PFM_ERR_INVAL saw %d PMU names twice", twice);
	pfm_terminate();
	return tl_report("for_all_pmus");
}
