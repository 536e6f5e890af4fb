/*
 * SPDX-License-Identifier: MIT
 * registry/registry.c - the registry's read side (registry.h): PMUs by id, by
 * name (the built-in table's hash, then name_hash), in search order, the
 * default ones, and what a PMU serves on this host; a lazy PMU is
 * completed (first_use.c) before it is handed out.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <perfmon/pfmlib.h>
#include "registry/state.h"
#include "table/perf_attrs.h"
#include "util/config.h"
#include "util/str.h"

struct pp_pmu_rt *pp_pmu_by_id(int id)
{
	if (id < 0 || id > PP_MAX_PMU_ID)
		return NULL;
	return pp_reg_whole(pp_reg_at_id(id));
}

/* PMU list index i when its name is name[0..len), case-insensitively */
static int name_at(int i, const char *name, size_t len)
{
	return pp_name_eq(pp_reg_entry(i)->name, name, len);
}

/* the PMU named name[0..len), without completing a lazy one */
static struct pp_pmu_rt *by_name(const char *name, size_t len)
{
	uint32_t h = pp_hash_name(name, len), e;
	const struct pp_table *b = &pp_reg.builtin;
	if (b->npmu_hash) {
		uint32_t mask = b->npmu_hash - 1;
		for (uint32_t k = h & mask; (e = b->pmu_hash[k]); k = (k + 1) & mask) {
			if (!pp_name_eq(pp_str(b, b->pmus[e - 1].name), name, len))
				continue;
			if (pp_reg.builtin_pos && pp_reg.builtin_pos[e - 1] >= 0)
				return pp_reg_entry(pp_reg.builtin_pos[e - 1]);
			break;	/* a built-in PMU not in the list: a plugin may have its name */
		}
	}
	if (pp_reg.name_hash_size) {
		uint32_t mask = pp_reg.name_hash_size - 1;
		for (uint32_t k = h & mask; (e = pp_reg.name_hash[k]); k = (k + 1) & mask)
			if (name_at((int)e - 1, name, len))
				return pp_reg_entry(e - 1);
	}
	return NULL;
}

struct pp_pmu_rt *pp_pmu_by_name(const char *name, size_t len)
{
	return pp_reg_whole(by_name(name, len));
}

int pp_pmu_count(void) { return pp_reg.npmus; }
int pp_pmu_dfl_count(void) { return pp_reg.ndefault; }
struct pp_pmu_rt *pp_pmu_dfl_at(int i) { return (i >= 0 && i < pp_reg.ndefault) ? pp_reg_whole(pp_reg_entry(pp_reg.default_pos[i])) : NULL; }
int pp_pmu_id_limit(void) { return pp_reg.id_limit; }
struct pp_pmu_rt *pp_pmu_at(int i) { return (i >= 0 && i < pp_reg.npmus) ? pp_reg_whole(pp_reg_entry(pp_reg_ordered(i))) : NULL; }

int pp_pmu_usable(const struct pp_pmu_rt *pmu)
{
	return pmu->is_present || pp_cfg.encode_inactive;
}

int pp_pmu_filters_hv(const struct pp_pmu_rt *pmu)
{
	const struct pp_pmu *p = pmu->p;
	if ((p->perf_attrs & ~pmu->attrs_off) >> PP_PA_H & 1)
		return 1;
	for (uint32_t i = 0; i < p->nmods; i++)
		if (pmu->t->mods[p->first_mod + i].plm & PFM_PLMH)
			return 1;
	return 0;
}

int pp_pmu_hidden(const struct pp_pmu_rt *pmu)
{
	return pmu->refused || (pp_reg.forced && !pmu->is_present && pmu->p->type == PP_PMU_OS_GENERIC);
}

int pp_pmu_nevents(const struct pp_pmu_rt *pmu)
{
	return (int)pmu->p->nevents - __builtin_popcount(pmu->ev_absent);
}

int pp_pmu_event_from(const struct pp_pmu_rt *pmu, uint32_t num)
{
	while (num < pmu->p->nevents && pp_event_absent(pmu, num))
		num++;
	return num < pmu->p->nevents ? (int)num : -1;
}

struct pp_pmu_rt *pp_idx_decode(int idx, const struct pp_event **ev)
{
	if (idx < 0)
		return NULL;
	struct pp_pmu_rt *pmu = pp_pmu_by_id(idx >> PP_IDX_SHIFT);
	if (!pmu)
		return NULL;
	uint32_t num = (uint32_t)idx & PP_IDX_MASK;
	if (num >= pmu->p->nevents || pp_event_absent(pmu, num))
		return NULL;
	if (ev)
		*ev = pp_event_at(pmu, (int)num);
	return pmu;
}
