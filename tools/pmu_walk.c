/* pmu_walk.c: PMU id iteration shared by showevtinfo and check_events. */
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
