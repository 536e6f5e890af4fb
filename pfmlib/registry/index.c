/*
 * SPDX-License-Identifier: MIT
 * registry/index.c - the registry's state (state.h) and the filling of its
 * name index: a PMU not built in goes into name_hash (the built-in ones are
 * found through tablegen's hash and builtin_pos); the look-ups by name
 * (registry.c) and by id (state.h) read them; a built-in PMU's list entry
 * filled from tablegen's list at its first access (pp_reg_fill).
 */
#include <stddef.h>
#include <stdint.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <perfmon/pfmlib.h>
#include "registry/state.h"
#include "util/str.h"

struct pp_reg_state pp_reg;

/* set last by pp_registry_init, cleared first by pp_registry_fini */
int pp_registry_ready(void) { return __atomic_load_n(&pp_reg.ready, __ATOMIC_ACQUIRE); }

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

/* a built-in PMU's list entry, from tablegen's list (pp_reg_entry) */
static pthread_mutex_t fill_lock = PTHREAD_MUTEX_INITIALIZER;

/* entry rt (a built-in PMU's: every other entry is filled when added) from
 * tablegen's list */
static void fill(struct pp_pmu_rt *rt)
{
	const struct pp_table *t = &pp_reg.builtin;
	uint32_t b = t->list_bidx[rt - pp_reg.pmus];
	const struct pp_pmu *p = &t->pmus[b];
	rt->p = p;
	rt->name = t->strs + p->name;
	rt->id = p->id;
	rt->bidx = (int)b;
	__atomic_store_n(&rt->t, t, __ATOMIC_RELEASE);
}

void pp_reg_fill(struct pp_pmu_rt *rt)
{
	/* while pfm_initialize builds the registry, one thread only */
	if (!__atomic_load_n(&pp_reg.ready, __ATOMIC_ACQUIRE)) {
		fill(rt);
		return;
	}
	pthread_mutex_lock(&fill_lock);
	if (!__atomic_load_n(&rt->t, __ATOMIC_ACQUIRE))
		fill(rt);
	pthread_mutex_unlock(&fill_lock);
}
