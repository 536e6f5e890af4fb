/* SPDX-License-Identifier: MIT */
/* pmu_walk.c: PMU id iteration and the PMU model header shared by showevtinfo and check_events. */
#include <stdio.h>
#include <string.h>

#include "pmu_walk.h"

/* hard stop in case a library never answers PFM_ERR_INVAL */
#define PMU_WALK_ID_LIMIT (1 << 16)

int pmu_walk_next(int *id, pfm_pmu_info_t *info)
{
	int cur = *id < PFM_PMU_NONE ? PFM_PMU_NONE : *id + 1;

	for (; cur < PMU_WALK_ID_LIMIT; cur++) {
		int ret;

		memset(info, 0, sizeof(*info));
		info->size = sizeof(*info);
		ret = pfm_get_pmu_info((pfm_pmu_t)cur, info);
		if (ret == PFM_SUCCESS) {
			*id = cur;
			return 1;
		}
		if (ret == PFM_ERR_INVAL && cur >= PFM_PMU_MAX)
			break;
	}
	*id = cur;
	return 0;
}

void pmu_walk_print_models(int details)
{
	static const char *const type_names[] = { "unknown type", "core", "uncore", "OS generic" };
	pfm_pmu_info_t p;
	int id, avail = 0, supp = 0;

	printf("Supported PMU models:\n");
	for (id = -1; pmu_walk_next(&id, &p);)
		printf("\t[%d, %s, \"%s\"]\n", id, p.name, p.desc);

	printf("Detected PMU models:\n");
	for (id = -1; pmu_walk_next(&id, &p);) {
		if (p.is_present) {
			unsigned int t = p.type < PFM_PMU_TYPE_MAX ? p.type : PFM_PMU_TYPE_UNKNOWN;

			if (details)
				printf("\t[%d, %s, \"%s\", %d events, %d max encoding, %d counters, %s PMU]\n",
				       id, p.name, p.desc, p.nevents, p.max_encoding,
				       p.num_cntrs + p.num_fixed_cntrs, type_names[t]);
			else
				printf("\t[%d, %s, \"%s\"]\n", id, p.name, p.desc);
			supp += p.nevents;
		}
		avail += p.nevents;
	}
	printf("Total events: %d available, %d supported\n", avail, supp);
}
