/*
 * SPDX-License-Identifier: MIT
 * registry/index.c - the filling of the registry's name index: a PMU not
 * built in goes into name_hash (the built-in ones are found through
 * tablegen's hash and builtin_pos); the look-ups by name (registry.c) read
 * it. The state itself and the built-in entries filled at first access are
 * state.c's.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <perfmon/pfmlib.h>
#include "registry/state.h"
#include "util/str.h"

/* xhash: list index i (a PMU not built in) into the index */
static void xhash_put(int i)
{
	const char *name = pp_reg_entry(i)->name;
	uint32_t mask = pp_reg.name_hash_size - 1, k = pp_hash_name(name, strlen(name)) & mask;
	while (pp_reg.name_hash[k])
		k = (k + 1) & mask;
	pp_reg.name_hash[k] = (uint32_t)i + 1;
	pp_reg.name_hash_used++;
}

/* xhash anew, over every PMU of the list not built in, with room for more more */
static int xhash_rebuild(int added, uint32_t more)
{
	/* every PMU not built in is in xhash already, but list entry added
	 * (pp_reg_index_added's, or -1): the old slots and it go to a larger table */
	uint32_t n = pp_reg.name_hash_used + more, size = 16, *old = pp_reg.name_hash, nold = pp_reg.name_hash_size;
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
	struct pp_pmu_rt *rt = pp_reg_entry(i);
	if (rt->bidx >= 0)
		return PFM_SUCCESS;	/* built in: tablegen's list_pos holds it */
	if (!pp_reg.name_hash_size) {
		/* the first PMU not built in: nothing to re-index */
		if (!(pp_reg.name_hash = calloc(16, sizeof(*pp_reg.name_hash))))
			return PFM_ERR_NOMEM;
		pp_reg.name_hash_size = 16;
	} else if ((pp_reg.name_hash_used + 1) * 2 > pp_reg.name_hash_size) {
		return xhash_rebuild(i, 1);
	}
	xhash_put(i);
	return PFM_SUCCESS;
}

int pp_reg_index_reserve(int n)
{
	if (n <= 0 || (pp_reg.name_hash_used + (uint32_t)n + 1) * 2 <= pp_reg.name_hash_size)
		return PFM_SUCCESS;
	return xhash_rebuild(-1, (uint32_t)n + 1);
}
