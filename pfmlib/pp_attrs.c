/*
 * pp_attrs.c - the attribute list of an event under an OS layer, in
 * libpfm4's order: the event's unit masks, then the PMU modifiers the event
 * accepts that the layer does not take over, then the layer's own
 * attributes. Shared by pfm_get_event_info (nattrs), pfm_get_event_attr_info
 * and the parser.
 */
#include "pp_engine.h"
#include "pp_os_layer.h"
#include "pp_encode.h"

/* PMU modifiers shown for ev under os, as a bit mask by position */
static uint32_t shown_mods(pfm_os_t os, const struct pp_pmu_rt *pmu, const struct pp_event *ev)
{
	uint32_t m = 0, n = pmu->p->nmods;

	if (n > 32)
		n = 32;
	for (uint32_t i = 0; i < n; i++) {
		uint32_t mi = pmu->p->first_mod + i;
		if (((ev->mods >> i) & 1) && !pp_os_hides_mod(os, pmu, mi))
			m |= 1u << i;
	}
	return m;
}

int pp_attr_count(pfm_os_t os, const struct pp_pmu_rt *pmu, const struct pp_event *ev)
{
	if (!pmu || !ev || !pp_os_valid(os))
		return 0;
	return ev->numasks + __builtin_popcount(shown_mods(os, pmu, ev))
		+ __builtin_popcount(pp_os_attr_mask(os, pmu, ev));
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

int pp_attr_at(pfm_os_t os, const struct pp_pmu_rt *pmu, const struct pp_event *ev,
	       int aidx, struct pp_attr_ref *out)
{
	uint32_t mods, osm;
	int nm, b;

	if (!pmu || !ev || !out || aidx < 0 || !pp_os_valid(os))
		return PFM_ERR_INVAL;
	if (aidx < ev->numasks) {
		out->kind = PP_ATTR_UMASK;
		out->index = ev->first_umask + (uint32_t)aidx;
		return PFM_SUCCESS;
	}
	aidx -= ev->numasks;
	mods = shown_mods(os, pmu, ev);
	nm = __builtin_popcount(mods);
	if (aidx < nm) {
		out->kind = PP_ATTR_PMU_MOD;
		out->index = pmu->p->first_mod + (uint32_t)nth_bit(mods, aidx);
		return PFM_SUCCESS;
	}
	aidx -= nm;
	osm = pp_os_attr_mask(os, pmu, ev);
	b = nth_bit(osm, aidx);
	if (b < 0)
		return PFM_ERR_INVAL;
	out->kind = PP_ATTR_OS_MOD;
	out->index = (uint32_t)b;
	return PFM_SUCCESS;
}
