/*
 * SPDX-License-Identifier: MIT
 * registry/state.c - the registry's state (state.h): pp_reg itself, whether
 * pfm_initialize has finished building it (pp_registry_ready), and a
 * built-in PMU's list entry filled from tablegen's list at its first access
 * (pp_reg_fill, reached through pp_reg_entry), under a lock once threads
 * may be reading.
 */
#include <pthread.h>
#include <stdint.h>
#include "registry/state.h"

struct pp_reg_state pp_reg;

/* set last by pp_registry_init, cleared first by pp_registry_fini */
int pp_registry_ready(void) { return __atomic_load_n(&pp_reg.ready, __ATOMIC_ACQUIRE); }

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
