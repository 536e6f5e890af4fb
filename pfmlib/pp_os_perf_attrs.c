/*
 * pp_os_perf_attrs.c - the attributes the perf_events layers add to an
 * event (u, k, h, period, freq, precise, excl, mg, mh, cpu, pinned,
 * hw_smpl), which of them an event offers under each layer, and which PMU
 * modifiers those layers take over.
 */
#include "pp_os_layer.h"
#include "pp_encode.h"

const struct pp_perf_attr_desc pp_perf_attrs[PP_PA_COUNT] = {
	[PP_PA_U]       = { "u",       "monitor at user level",              PFM_ATTR_MOD_BOOL },
	[PP_PA_K]       = { "k",       "monitor at kernel level",            PFM_ATTR_MOD_BOOL },
	[PP_PA_H]       = { "h",       "monitor at hypervisor level",        PFM_ATTR_MOD_BOOL },
	[PP_PA_PERIOD]  = { "period",  "sampling period",                    PFM_ATTR_MOD_INTEGER },
	[PP_PA_FREQ]    = { "freq",    "sampling frequency (Hz)",            PFM_ATTR_MOD_INTEGER },
	[PP_PA_PRECISE] = { "precise", "precise event sampling",             PFM_ATTR_MOD_INTEGER },
	[PP_PA_EXCL]    = { "excl",    "exclusive access",                   PFM_ATTR_MOD_BOOL },
	[PP_PA_MG]      = { "mg",      "monitor guest execution",            PFM_ATTR_MOD_BOOL },
	[PP_PA_MH]      = { "mh",      "monitor host execution",             PFM_ATTR_MOD_BOOL },
	[PP_PA_CPU]     = { "cpu",     "CPU to program",                     PFM_ATTR_MOD_INTEGER },
	[PP_PA_PINNED]  = { "pinned",  "pin event to counters",              PFM_ATTR_MOD_BOOL },
	[PP_PA_HW_SMPL] = { "hw_smpl", "enable hardware sampling",           PFM_ATTR_MOD_BOOL },
};

uint32_t pp_os_attr_mask(pfm_os_t os, const struct pp_pmu_rt *pmu, const struct pp_event *ev)
{
	int verbatim = 0;
	uint32_t m;

	if (!pp_os_is_perf(os))
		return 0;
	m = pp_event_perf_attrs(pmu, ev, &verbatim);
	if (!verbatim) {
		/* a PMU-wide list offers precise to precise events only, and
		 * hw_smpl to the other events that support hardware sampling */
		int precise = (ev->flags & PP_F_PRECISE) != 0;
		if (!precise)
			m &= ~PP_PA_BIT(PP_PA_PRECISE);
		if (precise || !pp_event_hw_smpl(ev))
			m &= ~PP_PA_BIT(PP_PA_HW_SMPL);
	}
	if (os == PFM_OS_PERF_EVENT)
		m &= PP_PA_BASIC;
	return m;
}

int pp_os_hides_mod(pfm_os_t os, const struct pp_pmu_rt *pmu, uint32_t mi)
{
	/* privilege-level modifiers become exclude_* bits under perf_events */
	return pp_os_is_perf(os) && pmu->t->mods[mi].plm != 0;
}
