/*
 * registry/index.c - the registry's state and its two indexes over the PMU
 * list: by pfm_pmu_t (list_pos_of_id) and by name (the built-in table's
 * own hash through builtin_pos, the other PMUs in name_hash); and the
 * search order's map to list positions.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <perfmon/pfmlib.h>
#include "registry/state.h"
#include "util/str.h"

struct pp_reg_state pp_reg;

/* set last by pp_registry_init, cleared first by pp_registry_fini */
int pp_registry_ready(void) { return __atomic_load_n(&pp_reg.ready, __ATOMIC_ACQUIRE); }

/* the PMU of id (0 <= id <= PP_MAX_PMU_ID), NULL for none; id's PMU becomes rt (NULL: none) */
struct pp_pmu_rt *pp_reg_at_id(int id)
{
	unsigned k = pp_reg.list_pos_of_id[id];
	return k && k <= (unsigned)pp_reg.npmus && pp_reg.pmus[k - 1].id == id ? &pp_reg.pmus[k - 1] : NULL;
}

void pp_reg_set_id(int id, const struct pp_pmu_rt *rt)
{
	pp_reg.list_pos_of_id[id] = rt ? (uint16_t)(rt - pp_reg.pmus + 1) : 0;
}

/* PMU list index i when its name is name[0..len), case-insensitively */
static int name_at(int i, const char *name, size_t len)
{
	return pp_name_eq(pp_reg.pmus[i].name, name, len);
}

struct pp_pmu_rt *pp_reg_by_name(const char *name, size_t len)
{
	uint32_t h = pp_hash_name(name, len), e;
	const struct pp_table *b = &pp_reg.builtin;
	if (b->npmu_hash) {
		uint32_t mask = b->npmu_hash - 1;
		for (uint32_t k = h & mask; (e = b->pmu_hash[k]); k = (k + 1) & mask) {
			if (!pp_name_eq(pp_str(b, b->pmus[e - 1].name), name, len))
				continue;
			if (pp_reg.builtin_pos && pp_reg.builtin_pos[e - 1] >= 0)
				return &pp_reg.pmus[pp_reg.builtin_pos[e - 1]];
			break;	/* a built-in PMU not in the list: a plugin may have its name */
		}
	}
	if (pp_reg.name_hash_size) {
		uint32_t mask = pp_reg.name_hash_size - 1;
		for (uint32_t k = h & mask; (e = pp_reg.name_hash[k]); k = (k + 1) & mask)
			if (name_at((int)e - 1, name, len))
				return &pp_reg.pmus[e - 1];
	}
	return NULL;
}

/* xhash: list index i (a PMU not built in) into the index */
static void xhash_put(int i)
{
	const char *name = pp_reg.pmus[i].name;
	uint32_t mask = pp_reg.name_hash_size - 1, k = pp_hash_name(name, strlen(name)) & mask;
	while (pp_reg.name_hash[k])
		k = (k + 1) & mask;
	pp_reg.name_hash[k] = (uint32_t)i + 1;
	pp_reg.name_hash_used++;
}

/* xhash anew, over every PMU of the list not built in, with room for one more */
static int xhash_rebuild(int added)
{
	/* every PMU not built in is in xhash already, but list entry added
	 * (pp_reg_index_added's, or -1): the old slots and it go to a larger table */
	uint32_t n = pp_reg.name_hash_used + 1, size = 16, *old = pp_reg.name_hash, nold = pp_reg.name_hash_size;
	while (size < (n + 1) * 2)
		size *= 2;
	uint32_t *nh = calloc(size, sizeof(*nh));
	if (!nh)
		return PFM_ERR_NOMEM;
	pp_reg.name_hash = nh;
	pp_reg.name_hash_size = size;
	pp_reg.name_hash_used = 0;
	for (uint32_t k = 0; k < nold; k++)
		if (old[k])
			xhash_put((int)old[k] - 1);
	free(old);
	if (added >= 0)
		xhash_put(added);
	return PFM_SUCCESS;
}

/* the name index of list entry i, just added */
int pp_reg_index_added(int i)
{
	struct pp_pmu_rt *rt = &pp_reg.pmus[i];
	if (rt->bidx >= 0) {
		pp_reg.builtin_pos[rt->bidx] = i;
		return PFM_SUCCESS;
	}
	if (!pp_reg.name_hash_size) {
		/* the first PMU not built in: nothing to re-index */
		if (!(pp_reg.name_hash = calloc(16, sizeof(*pp_reg.name_hash))))
			return PFM_ERR_NOMEM;
		pp_reg.name_hash_size = 16;
	} else if ((pp_reg.name_hash_used + 1) * 2 > pp_reg.name_hash_size) {
		return xhash_rebuild(i);
	}
	xhash_put(i);
	return PFM_SUCCESS;
}

/* the list position of the i-th PMU in search order */
int pp_reg_ordered(int i)
{
	return pp_reg.search_order ? pp_reg.search_order[i] : i;
}
