/*
 * SPDX-License-Identifier: MIT
 * event/attrs.c - the attribute list of an event in a view, in libpfm4's
 * order: the event's unit masks, then the PMU modifiers the event accepts
 * that the view does not take over, then the perf_events attributes the
 * view offers. Shared by pfm_get_event_info (nattrs),
 * pfm_get_event_attr_info, the parser and the fstr.
 */
#include <perfmon/pfmlib.h>
#include "event/attrs.h"

uint32_t pp_view_attr_mask(const struct pp_view *v, const struct pp_pmu_rt *pmu, const struct pp_event *ev)
{
	uint32_t m;

	if (!v->offered)
		return 0;
	if (ev->perf_attrs) {
		/* the event's own list is taken as written */
		m = ev->perf_attrs;
	} else {
		/* a PMU-wide list offers precise to precise events only, and
		 * hw_smpl to the other events that support hardware sampling */
		int precise = (ev->flags & PP_F_PRECISE) != 0;
		m = pmu->p->perf_attrs;
		if (!precise)
			m &= ~PP_PA_BIT(PP_PA_PRECISE);
		if (precise || !(ev->flags & PP_F_HW_SMPL))
			m &= ~PP_PA_BIT(PP_PA_HW_SMPL);
	}
	return m & v->offered & ~pmu->attrs_off;
}

/* PMU modifiers shown for ev under os, as a bit mask by position */
static uint32_t shown_mods(const struct pp_view *v, const struct pp_pmu_rt *pmu, const struct pp_event *ev)
{
	uint32_t m = 0, n = pmu->p->nmods;

	if (n > 32)
		n = 32;
	for (uint32_t i = 0; i < n; i++) {
		uint32_t mi = pmu->p->first_mod + i;
		if (((ev->mods >> i) & 1) && !pp_view_hides_mod(v, pmu, mi))
			m |= 1u << i;
	}
	return m;
}

int pp_attr_count(const struct pp_view *v, const struct pp_pmu_rt *pmu, const struct pp_event *ev)
{
	if (!pmu || !ev || !v)
		return 0;
	return ev->numasks + __builtin_popcount(shown_mods(v, pmu, ev))
		+ __builtin_popcount(pp_view_attr_mask(v, pmu, ev));
}

/* position of the n-th set bit of m (n counted from 0), or -1 */
static int nth_bit(uint32_t m, int n)
{
	for (int b = 0; b < 32; b++) {
		if (!((m >> b) & 1))
			continue;
		if (n-- == 0)
			return b;
	}
	return -1;
}

int pp_attr_at(const struct pp_view *v, const struct pp_pmu_rt *pmu, const struct pp_event *ev,
	       int aidx, struct pp_attr_ref *out)
{
	uint32_t mods, osm;
	int nm, b;

	if (!pmu || !ev || !out || aidx < 0 || !v)
		return PFM_ERR_INVAL;
	if (aidx < ev->numasks) {
		out->kind = PP_ATTR_UMASK;
		out->index = ev->first_umask + (uint32_t)aidx;
		return PFM_SUCCESS;
	}
	aidx -= ev->numasks;
	mods = shown_mods(v, pmu, ev);
	nm = __builtin_popcount(mods);
	if (aidx < nm) {
		out->kind = PP_ATTR_PMU_MOD;
		out->index = pmu->p->first_mod + (uint32_t)nth_bit(mods, aidx);
		return PFM_SUCCESS;
	}
	aidx -= nm;
	osm = pp_view_attr_mask(v, pmu, ev);
	b = nth_bit(osm, aidx);
	if (b < 0)
		return PFM_ERR_INVAL;
	out->kind = PP_ATTR_OS_MOD;
	out->index = (uint32_t)b;
	return PFM_SUCCESS;
}
