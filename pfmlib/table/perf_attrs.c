/*
 * SPDX-License-Identifier: MIT
 * table/perf_attrs.c - names, descriptions and value types of the
 * perf_events attributes (table/perf_attrs.h), and which of them a PMU
 * offers by default.
 */
#include "table/perf_attrs.h"

const struct pp_perf_attr_desc pp_perf_attrs[PP_PA_COUNT] = {
	[PP_PA_U]       = { "u",       "monitor at user level",              PP_MOD_BOOL },
	[PP_PA_K]       = { "k",       "monitor at kernel level",            PP_MOD_BOOL },
	[PP_PA_H]       = { "h",       "monitor at hypervisor level",        PP_MOD_BOOL },
	[PP_PA_PERIOD]  = { "period",  "sampling period",                    PP_MOD_INT },
	[PP_PA_FREQ]    = { "freq",    "sampling frequency (Hz)",            PP_MOD_INT },
	[PP_PA_PRECISE] = { "precise", "precise event sampling",             PP_MOD_INT },
	[PP_PA_EXCL]    = { "excl",    "exclusive access",                   PP_MOD_BOOL },
	[PP_PA_MG]      = { "mg",      "monitor guest execution",            PP_MOD_BOOL },
	[PP_PA_MH]      = { "mh",      "monitor host execution",             PP_MOD_BOOL },
	[PP_PA_CPU]     = { "cpu",     "CPU to program",                     PP_MOD_INT },
	[PP_PA_PINNED]  = { "pinned",  "pin event to counters",              PP_MOD_BOOL },
	[PP_PA_HW_SMPL] = { "hw_smpl", "enable hardware sampling",           PP_MOD_BOOL },
};

uint32_t pp_perf_attrs_default(uint8_t type)
{
	switch (type) {
	case PP_PMU_CORE:
		return PP_PA_BIT(PP_PA_U) | PP_PA_BIT(PP_PA_K) | PP_PA_BIT(PP_PA_PERIOD) |
		       PP_PA_BIT(PP_PA_FREQ) | PP_PA_BIT(PP_PA_PRECISE) | PP_PA_BIT(PP_PA_EXCL) |
		       PP_PA_BIT(PP_PA_MG) | PP_PA_BIT(PP_PA_MH) | PP_PA_BIT(PP_PA_CPU) |
		       PP_PA_BIT(PP_PA_PINNED) | PP_PA_BIT(PP_PA_HW_SMPL);
	case PP_PMU_UNCORE:
		return PP_PA_BIT(PP_PA_PERIOD) | PP_PA_BIT(PP_PA_FREQ) | PP_PA_BIT(PP_PA_EXCL) |
		       PP_PA_BIT(PP_PA_CPU) | PP_PA_BIT(PP_PA_PINNED);
	default:
		return PP_PA_BIT(PP_PA_COUNT) - 1;
	}
}
