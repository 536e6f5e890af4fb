/*
 * pp_encode_data.c - descriptor facts the encoder reads through small
 * accessors (modifier codes, minimums and requirements, unit-mask
 * equivalents, perf_events attribute lists, hardware-sampling support), so
 * the table layout is known in one place.
 */
#include "pp_encode.h"

unsigned int pp_mod_code(const struct pp_pmu_rt *pmu, uint32_t mi)
{
	return pmu->t->mods[mi].code;
}

uint64_t pp_mod_min(const struct pp_pmu_rt *pmu, uint32_t mi)
{
	return pmu->t->mods[mi].min;
}

uint32_t pp_mod_requires(const struct pp_pmu_rt *pmu, uint32_t mi)
{
	uint8_t r = pmu->t->mods[mi].requires;
	if (r == PP_REQ_NONE || r >= pmu->p->nmods)
		return PP_NONE;
	return pmu->p->first_mod + r;
}

const char *pp_umask_equiv(const struct pp_pmu_rt *pmu, uint32_t ui)
{
	pp_str_t s = pmu->t->umasks[ui].equiv;
	return s ? pp_str(pmu->t, s) : NULL;
}

uint32_t pp_event_perf_attrs(const struct pp_pmu_rt *pmu, const struct pp_event *ev, int *verbatim)
{
	if (ev->perf_attrs) {
		*verbatim = 1;
		return ev->perf_attrs;
	}
	*verbatim = 0;
	return pmu->p->perf_attrs;
}

int pp_event_hw_smpl(const struct pp_event *ev)
{
	return (ev->flags & PP_F_HW_SMPL) != 0;
}
