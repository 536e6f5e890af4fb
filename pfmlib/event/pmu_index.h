/*
 * SPDX-License-Identifier: MIT
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
#include "table/perf_attrs.h"

#define PP_INDEX_FIELDS 64	/* format fields an encoding takes (pp_encode refuses more) */
#define PP_EQUIV_SLOTS 64	/* equivalent strings of a PMU whose reading is kept */
#define PP_EQUIV_PARTS 32	/* unit masks one of them may name */

/* the unit masks (absolute) the equivalent string of unit mask ui names,
 * looked up in the unit masks [first_umask, first_umask + numasks) of an
 * event, those with an equivalent of their own by theirs */
struct pp_equiv_read {
	uint32_t ui, first_umask, numasks, n;
	uint32_t part[PP_EQUIV_PARTS];
};

struct pp_pmu_index {
	struct pp_pmu_index *next;	/* every index made, for pp_pmu_index_free_all */
	uint32_t plm_mods;		/* positions of the modifiers standing for privilege levels */
	uint32_t field_mods;		/* positions of the modifiers that write a field */
	uint32_t req_mods;		/* positions of the modifiers with a `requires` partner */
	/* names, for event/spelling.c: the modifiers (positions) whose name is a
	 * whole token no earlier modifier has; per perf_events attribute, the
	 * modifiers that have its name; the modifiers the perf_events layers
	 * take over or leave out (privilege levels, none_only) */
	uint32_t mod_names_own;
	uint32_t attr_name_mods[PP_PA_COUNT];
	uint32_t perf_hidden_mods;
	uint32_t umask_required_mods;	/* `with_umask: required` */
	uint32_t enable_given_mods;	/* `enable_given` */
	uint32_t perf_plm_mods;		/* `perf_plm` */
	uint32_t fieldless_mods;	/* no field and no privilege level: they encode nothing */
	/* os/fstr.c: the modifiers' positions in the order libpfm4 writes them
	 * (pp_modifier.fstr_rank: those ranked first; a copy of a modifier on
	 * another field where the modifier is), when fstr_reordered */
	int fstr_reordered;
	uint8_t fstr_order[32];	/* PP_MAX_MODS */
	int filters_hv;			/* pp_pmu_filters_hv, final once the registry is built */
	uint64_t perf_only[PP_NREGS];	/* per register, the bits of fields the PMU's own codes
					 * leave out (raw_format: PP_FIELD_PERF, PP_FIELD_MOVED) */
	/* event/spelling.c: unit masks an equivalent string names, read once
	 * (struct pp_equiv_read, each published once by compare-and-swap) */
	struct pp_equiv_read *equiv_read[PP_EQUIV_SLOTS];
	/* event/lookup.c, per event of the PMU: 0 not known yet, 1 none of its
	 * unit masks has aliases, 2 some has (NULL: every event's are searched) */
	uint8_t *umask_aliases;
	/* event/encode.c, per event of the PMU: 0 not known yet, else bit 63 and
	 * the run of its unit masks holding every default, [bits 0-15, bits
	 * 16-31) from first_umask (the same block as umask_aliases, freed by it) */
	uint64_t *umask_dfl;
	uint32_t fmods[PP_INDEX_FIELDS];	/* per field (from first_field), the positions of the
						 * modifiers writing it */
};

/* pmu's index (made at the first call, by any thread; NULL without memory) */
const struct pp_pmu_index *pp_pmu_index(const struct pp_pmu_rt *pmu);

/* pfm_terminate: every index made goes (the PMUs holding them go too) */
void pp_pmu_index_free_all(void);

#endif /* PP_EVENT_PMU_INDEX_H */
