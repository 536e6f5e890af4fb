/*
 * SPDX-License-Identifier: MIT
 * os/view.c - what each OS layer shows of an event: PFM_OS_NONE the PMU's
 * own modifiers only; the perf_events layers put their u/k/h in place of
 * the privilege-level modifiers and add their attributes (PFM_OS_PERF_EVENT
 * the basic ones, PFM_OS_PERF_EVENT_EXT all of them).
 */
#include "os/os.h"

/* the attributes PFM_OS_PERF_EVENT keeps; PFM_OS_PERF_EVENT_EXT keeps all */
#define PA_BASIC (PP_PA_BIT(PP_PA_U) | PP_PA_BIT(PP_PA_K) | PP_PA_BIT(PP_PA_H) | \
		  PP_PA_BIT(PP_PA_MG) | PP_PA_BIT(PP_PA_MH))

static const struct pp_view views[] = {
	[PFM_OS_NONE]           = { .offered = 0, .plm_as_attrs = 0, .raw_fstr = 1 },
	[PFM_OS_PERF_EVENT]     = { .offered = PA_BASIC, .plm_as_attrs = 1, .raw_fstr = 0 },
	[PFM_OS_PERF_EVENT_EXT] = { .offered = PP_PA_BIT(PP_PA_COUNT) - 1, .plm_as_attrs = 1, .raw_fstr = 0 },
};

const struct pp_view *pp_os_view(pfm_os_t os)
{
	if ((int)os < 0 || (size_t)os >= sizeof(views) / sizeof(views[0]))
		return NULL;
	return &views[os];
}
