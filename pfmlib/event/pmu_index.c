/*
 * SPDX-License-Identifier: MIT
 * event/pmu_index.c - the encoder's per-PMU index (event/pmu_index.h): made
 * from the PMU's modifiers and fields at its first encoding, published in
 * the PMU's run-time entry with a compare-and-swap (a thread that loses the
 * race frees its own copy and takes the winner's), and listed so that
 * pfm_terminate frees each one.
 */
#include <stdlib.h>
#include "event/encode.h"
#include "event/pmu_index.h"
#include "util/str.h"

static struct pp_pmu_index *all;	/* every index published, newest first */

/* (not inlined: its frame would weigh on every pp_pmu_index call) */
__attribute__((noinline)) static struct pp_pmu_index *make(const struct pp_pmu_rt *pmu)
{
	const struct pp_table *t = pmu->t;
	const struct pp_pmu *p = pmu->p;
	struct pp_pmu_index *ix = calloc(1, sizeof(*ix));
	if (!ix)
		return NULL;
	for (uint32_t i = 0; i < p->nmods && i < PP_MAX_MODS; i++) {
		const struct pp_modifier *m = &t->mods[p->first_mod + i];
		uint32_t bit = 1u << i;
		if (m->plm)
			ix->plm_mods |= bit;
		if (m->requires != PP_REQ_NONE)
			ix->req_mods |= bit;
		if (m->field == PP_NONE)
			continue;
		ix->field_mods |= bit;
		if (m->field >= p->first_field && m->field - p->first_field < PP_INDEX_FIELDS)
			ix->fmods[m->field - p->first_field] |= bit;
	}
	uint8_t base[PP_MAX_MODS];	/* per modifier, the first one of its name (a copy's original) */
	uint32_t moved = 0;		/* some is a copy or has an fstr_rank */
	uint64_t attr_firsts = 0;	/* bit (first letter & 63) of each perf_events attribute name */
	for (unsigned int a = 0; a < PP_PA_COUNT; a++)
		attr_firsts |= 1ull << ((pp_perf_attrs[a].name[0] | 0x20) & 63);
	for (uint32_t i = 0; i < p->nmods && i < PP_MAX_MODS; i++) {
		const char *n = pp_str(t, t->mods[p->first_mod + i].name);
		uint32_t j;
		unsigned char c = (unsigned char)(n[0] | 0x20);
		/* (names compared where their first letters agree) */
		for (j = 0; j < i; j++) {
			const char *o = pp_str(t, t->mods[p->first_mod + j].name);
			if ((unsigned char)(o[0] | 0x20) == c && pp_str_eq(o, n))
				break;
		}
		base[i] = (uint8_t)j;
		moved |= j != i || t->mods[p->first_mod + i].fstr_rank;
		if (j == i && pp_whole_token(n))
			ix->mod_names_own |= 1u << i;
		for (unsigned int a = 0; (attr_firsts >> (c & 63) & 1) && a < PP_PA_COUNT; a++)
			if ((unsigned char)(pp_perf_attrs[a].name[0] | 0x20) == c && pp_str_eq(n, pp_perf_attrs[a].name))
				ix->attr_name_mods[a] |= 1u << i;
		if (t->mods[p->first_mod + i].plm || t->mods[p->first_mod + i].flags & PP_MOD_F_NONE_ONLY)
			ix->perf_hidden_mods |= 1u << i;
		if (t->mods[p->first_mod + i].flags & PP_MOD_F_UMASK_REQUIRED)
			ix->umask_required_mods |= 1u << i;
		if (t->mods[p->first_mod + i].flags & PP_MOD_F_ENABLE_GIVEN)
			ix->enable_given_mods |= 1u << i;
		if (t->mods[p->first_mod + i].flags & PP_MOD_F_PERF_PLM)
			ix->perf_plm_mods |= 1u << i;
		if (t->mods[p->first_mod + i].field == PP_NONE && !t->mods[p->first_mod + i].plm)
			ix->fieldless_mods |= 1u << i;
	}
	/* the fstr's order: a copy of a modifier on another field (an event's
	 * modifier_fields) in the place of the modifier it copies, the ranked
	 * ones (fstr_order) by rank first; reordered only where that is not
	 * the positions' own order */
	uint32_t nm = p->nmods < PP_MAX_MODS ? p->nmods : PP_MAX_MODS;
	uint32_t key[PP_MAX_MODS];
	for (uint32_t i = 0; moved && i < nm; i++) {
		uint32_t b = base[i];
		uint32_t r = t->mods[p->first_mod + b].fstr_rank;
		key[i] = ((r ? r : PP_MAX_MODS + 1 + b) << 8) | i;
	}
	for (uint32_t i = 0; moved && i < nm; i++) {
		uint32_t k = i;
		while (k > 0 && key[ix->fstr_order[k - 1]] > key[i]) {
			ix->fstr_order[k] = ix->fstr_order[k - 1];
			k--;
		}
		ix->fstr_order[k] = (uint8_t)i;
	}
	for (uint32_t k = 0; moved && k < nm; k++)
		ix->fstr_reordered |= ix->fstr_order[k] != k;
	ix->filters_hv = pp_pmu_filters_hv(pmu);
	if ((ix->umask_dfl = calloc(p->nevents + 1, sizeof(uint64_t) + 1)))
		ix->umask_aliases = (uint8_t *)(ix->umask_dfl + p->nevents + 1);
	for (uint32_t f = 0; f < p->nfields && f < PP_INDEX_FIELDS; f++) {
		const struct pp_field *fd = &t->fields[p->first_field + f];
		if (fd->reg < PP_NREGS && !(fd->flags & PP_FIELD_RAW) && fd->flags & (PP_FIELD_PERF | PP_FIELD_MOVED))
			ix->perf_only[fd->reg] |= fd->mask;
	}
	return ix;
}

const struct pp_pmu_index *pp_pmu_index(const struct pp_pmu_rt *pmu)
{
	struct pp_pmu_index *ix = __atomic_load_n(&pmu->enc_index, __ATOMIC_ACQUIRE), *none = NULL;
	if (ix)
		return ix;
	if (!(ix = make(pmu)))
		return NULL;
	if (!__atomic_compare_exchange_n(&((struct pp_pmu_rt *)pmu)->enc_index, &none, ix, 0, __ATOMIC_ACQ_REL,
					 __ATOMIC_ACQUIRE)) {
		free(ix->umask_dfl);
		free(ix);
		return none;	/* another thread's, published first */
	}
	/* onto the list of every index */
	ix->next = __atomic_load_n(&all, __ATOMIC_RELAXED);
	while (!__atomic_compare_exchange_n(&all, &ix->next, ix, 1, __ATOMIC_RELEASE, __ATOMIC_RELAXED))
		;
	return ix;
}

void pp_pmu_index_free_all(void)
{
	struct pp_pmu_index *ix = __atomic_exchange_n(&all, NULL, __ATOMIC_ACQUIRE);
	while (ix) {
		struct pp_pmu_index *next = ix->next;
		for (int i = 0; i < PP_EQUIV_SLOTS; i++)
			free(ix->equiv_read[i]);
		free(ix->umask_dfl);
		free(ix);
		ix = next;
	}
}
