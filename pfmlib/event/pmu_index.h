/*
 * event/pmu_index.h - what the encoder looks up per PMU by modifier and by
 * format field (which modifiers write a field, which stand for privilege
 * levels, the bits the PMU's own codes leave out), worked out once at the
 * PMU's first encoding and kept until pfm_terminate, so that encoding an
 * event string walks none of the PMU's modifiers or fields to find them.
 */
#ifndef PP_EVENT_PMU_INDEX_H
#define PP_EVENT_PMU_INDEX_H

#include <stdint.h>
#include "registry/registry.h"

#define PP_INDEX_FIELDS 64	/* format fields an encoding takes (pp_encode refuses more) */

struct pp_pmu_index {
	struct pp_pmu_index *next;	/* every index made, for pp_pmu_index_free_all */
	uint32_t plm_mods;		/* positions of the modifiers standing for privilege levels */
	uint32_t field_mods;		/* positions of the modifiers that write a field */
	uint32_t req_mods;		/* positions of the modifiers with a `requires` partner */
	uint64_t perf_only[PP_NREGS];	/* per register, the bits of fields the PMU's own codes
					 * leave out (raw_format: PP_FIELD_PERF, PP_FIELD_MOVED) */
	uint32_t fmods[PP_INDEX_FIELDS];	/* per field (from first_field), the positions of the
						 * modifiers writing it */
};

/* pmu's index (made at the first call, by any thread; NULL without memory) */
const struct pp_pmu_index *pp_pmu_index(const struct pp_pmu_rt *pmu);

/* pfm_terminate: every index made goes (the PMUs holding them go too) */
void pp_pmu_index_free_all(void);

#endif /* PP_EVENT_PMU_INDEX_H */
