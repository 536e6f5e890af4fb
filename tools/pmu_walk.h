/* SPDX-License-Identifier: MIT */
/* pmu_walk.h: iterate over (and list) the PMU models a libpfm4-compatible library supports. */
#ifndef TOOLS_PMU_WALK_H
#define TOOLS_PMU_WALK_H

#include <perfmon/pfmlib.h>

/*
 * Moves *id to the next supported PMU id after *id and fills *info (with
 * info->size set). Start with *id = -1. Returns 1 when a PMU was found and 0
 * once the walk is over.
 *
 * Every id below the header's PFM_PMU_MAX is visited, like libpfm4's
 * pfm_for_all_pmus(); past it the walk goes on until the library answers
 * PFM_ERR_INVAL, so a library that numbers extra PMUs above libpfm4's range
 * (pmuplug does) has them listed too. With libpfm4 4.13 both give the same ids.
 */
int pmu_walk_next(int *id, pfm_pmu_info_t *info);

/*
 * Prints the header both tools open with: every supported PMU model, then
 * the detected ones and the event totals. With details, a detected PMU's line
 * also gives its event count, maximum encoding size, counters and type (as
 * showevtinfo does); without, its id, name and description only.
 */
void pmu_walk_print_models(int details);

#endif
