/*
 * SPDX-License-Identifier: MIT
 * tests/compat/enumerate.c - a libpfm4 program, compiled against the INSTALLED libpfm4
 * 4.13 headers and library, run on our libpfm.so.4 (LD_LIBRARY_PATH): it
 * walks every PMU the way PAPI does (ids until PFM_ERR_INVAL), every event,
 * every attribute under each OS layer, finds each event back by name and
 * encodes it, and fails on any error a correct library must not give
 * (PFM_ERR_NOTSUPP is right under perf_events for an uncore PMU whose
 * kernel PMU is not in sysfs).
 * Prints "enumerate: N passed, N failed" (tests/lib/report.h, which needs
 * no libpfm header).
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <perfmon/pfmlib_perf_event.h>
#include "report.h"
#include "compat.h"

static void check(int ok, const char *what, const char *detail)
{
	tl_check(ok, "%s: %s", what, detail);
}

int compat_enumerate(int argc, char **argv)
{
	Dl_info dl;
	char lib[4096] = "?";
	const char *want = argc > 1 ? argv[1] : NULL;
	if (!dladdr((void *)pfm_initialize, &dl) || !realpath(dl.dli_fname, lib) || (want && !strstr(lib, want))) {
		fprintf(stderr, "enumerate: library under test is %s, not in %s\n", lib, want);
		return 2;
	}
	check(pfm_initialize() == PFM_SUCCESS, "pfm_initialize", "failed");
	int npmus = 0, nevents = 0, nattrs = 0, found = 0, encoded = 0;
	char buf[512];
	for (int id = 0;; id++) {
		pfm_pmu_info_t pi;
		memset(&pi, 0, sizeof(pi));
		pi.size = sizeof(pi);
		int r = pfm_get_pmu_info(id, &pi);
		if (r == PFM_ERR_INVAL)
			break;
		if (r == PFM_ERR_NOTSUPP)
			continue;
		snprintf(buf, sizeof(buf), "pmu %d: %s", id, pfm_strerror(r));
		check(r == PFM_SUCCESS && pi.name && pi.desc && (int)pi.pmu == id, "pfm_get_pmu_info", buf);
		if (r != PFM_SUCCESS)
			continue;
		npmus++;
		int n = 0;
		for (int e = pi.first_event; e != -1; e = pfm_get_event_next(e), n++) {
			for (int os = PFM_OS_NONE; os < PFM_OS_MAX; os++) {
				pfm_event_info_t ei;
				memset(&ei, 0, sizeof(ei));
				ei.size = sizeof(ei);
				r = pfm_get_event_info(e, os, &ei);
				snprintf(buf, sizeof(buf), "%s event %d os %d: %s", pi.name, e, os, pfm_strerror(r));
				check(r == PFM_SUCCESS && ei.name && ei.idx == e && (int)ei.pmu == id, "pfm_get_event_info", buf);
				if (r != PFM_SUCCESS)
					continue;
				for (int a = 0; a < ei.nattrs; a++) {
					pfm_event_attr_info_t ai;
					memset(&ai, 0, sizeof(ai));
					ai.size = sizeof(ai);
					r = pfm_get_event_attr_info(e, a, os, &ai);
					snprintf(buf, sizeof(buf), "%s::%s attr %d os %d: %s", pi.name, ei.name, a, os, pfm_strerror(r));
					check(r == PFM_SUCCESS && ai.name && ai.type > PFM_ATTR_NONE && ai.type < PFM_ATTR_MAX,
					      "pfm_get_event_attr_info", buf);
					nattrs++;
				}
				if (os != PFM_OS_NONE)
					continue;
				/* the event is found back by its fully qualified name (an event
				 * with an equivalent resolves to that one, as in libpfm4) */
				snprintf(buf, sizeof(buf), "%s::%s", pi.name, ei.name);
				int idx = pfm_find_event(buf);
				char d[600];
				snprintf(d, sizeof(d), "%s -> %d, want %d%s", buf, idx, e, ei.equiv ? " or its equivalent" : "");
				check(idx == e || (ei.equiv && idx >= 0), "pfm_find_event", d);
				found += idx >= 0;
				/* and encodes, or says precisely why not */
				struct perf_event_attr attr;
				pfm_perf_encode_arg_t arg;
				memset(&attr, 0, sizeof(attr));
				memset(&arg, 0, sizeof(arg));
				arg.attr = &attr;
				arg.size = sizeof(arg);
				r = pfm_get_os_event_encoding(buf, PFM_PLM0 | PFM_PLM3, PFM_OS_PERF_EVENT_EXT, &arg);
				snprintf(d, sizeof(d), "%s: %s", buf, pfm_strerror(r));
				/* an uncore PMU whose kernel PMU is not in sysfs: no attr.type (libpfm4 too) */
				check(r == PFM_SUCCESS || r == PFM_ERR_UMASK || r == PFM_ERR_ATTR ||
				      (r == PFM_ERR_NOTSUPP && pi.type == PFM_PMU_TYPE_UNCORE), "pfm_get_os_event_encoding", d);
				encoded += r == PFM_SUCCESS;
			}
		}
		snprintf(buf, sizeof(buf), "%s: walked %d events, nevents says %d", pi.name, n, pi.nevents);
		check(n == pi.nevents, "pfm_get_event_next", buf);
		nevents += n;
	}
	pfm_terminate();
	printf("enumerate: library %s: %d PMUs, %d events, %d attributes, %d found by name, %d encoded alone\n",
	       lib, npmus, nevents, nattrs, found, encoded);
	return tl_report("enumerate");
}
