/*
 * SPDX-License-Identifier: MIT
 * event/attrs.h - the attributes of an event, in libpfm4's order: its unit
 * masks, then the PMU modifiers it accepts that the caller's view does not
 * take over, then the perf_events attributes the view offers. A view is
 * what an OS layer (os/) shows of an event, handed down as data, so
 * nothing in event/ knows the OS layers.
 */
#ifndef PP_EVENT_ATTRS_H
#define PP_EVENT_ATTRS_H

#include <stdint.h>
#include "registry/registry.h"
#include "table/perf_attrs.h"

struct pp_view {
	uint32_t offered;	/* perf_events attributes (PP_PA_* bits) the layer can offer; 0: none */
	int plm_as_attrs;	/* the layer's u/k/h replace the PMU's privilege-level modifiers */
	int raw_fstr;		/* a raw event (perf_raw r<hex>) keeps its r<hex> spelling in the fstr */
};

/* PP_ATTR_RAW_UMASK: a unit mask written as a number (:0x41), never listed */
enum pp_attr_kind { PP_ATTR_UMASK = 1, PP_ATTR_PMU_MOD = 2, PP_ATTR_OS_MOD = 3, PP_ATTR_RAW_UMASK = 4 };
struct pp_attr_ref {
	int kind;	/* enum pp_attr_kind */
	uint32_t index;	/* absolute umask / modifier index, or enum pp_perf_attr */
};

/* the format field (absolute) a unit mask written as a number sets, or PP_NONE */
static inline uint32_t pp_raw_umask_field(const struct pp_pmu_rt *pmu)
{
	for (uint32_t f = 0; f < pmu->p->nfields; f++)
		if (pmu->t->fields[pmu->p->first_field + f].flags & PP_FIELD_RAW_UMASK)
			return pmu->p->first_field + f;
	return PP_NONE;
}

/* modifier mi (absolute) is accepted by event ev */
static inline int pp_mod_ok(const struct pp_pmu_rt *pmu, const struct pp_event *ev, uint32_t mi)
{
	uint32_t pos = mi - pmu->p->first_mod;
	return pos < 32 && (ev->mods >> pos) & 1;
}

/* PMU modifier mi (absolute index) is taken over by the view's own attributes
 * (the perf_events layers), or not offered there at all (none_only) */
static inline int pp_view_hides_mod(const struct pp_view *v, const struct pp_pmu_rt *pmu, uint32_t mi)
{
	return v->plm_as_attrs && (pmu->t->mods[mi].plm != 0 || pmu->t->mods[mi].flags & PP_MOD_F_NONE_ONLY);
}

/* perf_events attributes event ev offers in view v (bit n = code n) */
uint32_t pp_view_attr_mask(const struct pp_view *v, const struct pp_pmu_rt *pmu, const struct pp_event *ev);

/* number of attributes of ev in v, and the aidx-th of them (PFM_SUCCESS or PFM_ERR_INVAL) */
int pp_attr_count(const struct pp_view *v, const struct pp_pmu_rt *pmu, const struct pp_event *ev);
int pp_attr_at(const struct pp_view *v, const struct pp_pmu_rt *pmu, const struct pp_event *ev,
	       int aidx, struct pp_attr_ref *out);

#endif /* PP_EVENT_ATTRS_H */
