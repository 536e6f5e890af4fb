/*
 * SPDX-License-Identifier: MIT
 * table/perf_attrs.h - the perf_events attributes a descriptor may offer
 * (its `perf_attrs` list: u, k, h, period, freq, precise, excl, mg, mh, cpu,
 * pinned, hw_smpl), by libpfm4 attribute code (enum pp_perf_attr). One list
 * for the loader, the parser, the fstr and pfm_get_event_attr_info.
 */
#ifndef PP_TABLE_PERF_ATTRS_H
#define PP_TABLE_PERF_ATTRS_H

#include <stdint.h>
#include "table/table.h"

#define PP_PA_BIT(a) (1u << (a))
/* the attributes a kernel PMU without exclusions (perf_no_exclude) accepts
 * and ignores: the privilege levels and guest/host */
#define PP_PA_EXCLUSIONS (PP_PA_BIT(PP_PA_U) | PP_PA_BIT(PP_PA_K) | PP_PA_BIT(PP_PA_MG) | PP_PA_BIT(PP_PA_MH))

struct pp_perf_attr_desc {
	const char *name;
	const char *desc;
	uint8_t type;		/* enum pp_mod_type */
};
extern const struct pp_perf_attr_desc pp_perf_attrs[PP_PA_COUNT];

/* the attributes a PMU of type (PP_PMU_*) offers when its descriptor lists none */
uint32_t pp_perf_attrs_default(uint8_t type);

#endif /* PP_TABLE_PERF_ATTRS_H */
