/*
 * SPDX-License-Identifier: MIT
 * registry/state.h - the registry's state, shared by the files of
 * registry/ (one job each: state.c (the state itself and the built-in
 * entries filled at first access), index.c, list.c, order.c, presence.c,
 * boxes.c, kernel.c, first_use.c, registry.c (the read side), build.c) and
 * the steps they export to each other; nothing outside registry/ includes it.
 */
#ifndef PP_REGISTRY_STATE_H
#define PP_REGISTRY_STATE_H

#include <stddef.h>
#include <stdint.h>
#include "host/host.h"
#include "registry/detect.h"
#include "registry/registry.h"
#include "sysfs/sysfs.h"

struct pp_reg_state {
	int ready;			/* pp_registry_ready */
	struct pp_table builtin;	/* the compiled-in table */
	/* the PMUs: the built-in ones first (nbuiltin of them, in search
	 * order), then plugins' (up to ntable_pmus: the PMUs of tables), then
	 * pattern boxes, then sysfs PMUs; an entry never moves but when the
	 * list grows (realloc) */
	struct pp_pmu_rt *pmus;
	int npmus, pmus_cap, nbuiltin, ntable_pmus;
	int *search_order;		/* list positions in search order (plugins sorted in);
					 * NULL: the list's own order */
	/* list position + 1 of the PMU of each id, 0: none; an entry counts
	 * only when that list entry has this id (a sparse set: the slots are
	 * never cleared, pfm_initialize and pfm_terminate touch only those of
	 * the PMUs they add) */
	uint16_t list_pos_of_id[PP_MAX_PMU_ID + 1];
	int forced, forced_pos;		/* LIBPFM_FORCE_PMU named a PMU we have, at this list position */
	struct pp_host host;		/* this host's identities */
	struct pp_sysfs_set sysfs_stubs;	/* the PMUs only sysfs describes: their stubs */
	struct pp_sysfs_pmu *sysfs_built;	/* those built at their first use (under lazy_lock) */
	int id_limit;			/* ids served: below this (PFM_PMU_MAX, or LIBPFM_PMU_MAX) */
	struct pp_kpmus kernel_pmus;	/* the kernel PMUs' names, during pp_registry_init */
	char **owned_names;		/* the pattern boxes' names and kernel names (boxes.c) */
	int nowned_names;
	int npattern_boxes, first_pattern_box;	/* pattern boxes: list positions [first, first + n) */
	/* list positions of the irregular PMUs (pp_reg_irregular), as added */
	int *irregular_pos, nirregular, irregular_cap;
	/* list positions of the table PMUs detection made present (until pp_reg_list_defaults) */
	int *detected_pos, ndetected;
	/* name index: built-in PMUs through the table's own (tablegen's) index,
	 * builtin_pos giving each one's place in the list (-1: not in it);
	 * every other PMU (plugins, sysfs) in name_hash, open-addressing slots
	 * of list position + 1, name_hash_used of name_hash_size taken */
	const int32_t *builtin_pos;	/* tablegen's (pp_table.list_pos) */
	uint32_t *name_hash, name_hash_size, name_hash_used;
	int *default_pos, ndefault;	/* the PMUs searched without pmu:: prefix, in search order */
	/* pp_detect_matches_host by (table, pattern list), during pp_registry_init
	 * (the boxes of a model share their list): a direct-mapped cache */
	struct { const struct pp_table *t; pp_str_t match; int hit; } host_match_cache[64];
	/* per host identity, the built-in pattern lists its literals hold (pp_reg_detect) */
	struct pp_lit_hits host_lits[PP_MAX_IDENTITIES];
};

/* hidden: the library reaches it without the GOT */
extern struct pp_reg_state pp_reg __attribute__((visibility("hidden")));

/*
 * The built-in table's kernel PMU index (tablegen's pp_kpmu): the kernel PMUs
 * a host has are looked up there, so that their table PMUs are found without
 * a walk over every PMU. It holds the built-in descriptors; a PMU whose
 * descriptor is another (a plugin's, an override, a variant picked for the
 * host, a pattern box, a sysfs PMU) is irregular: irregular_pos lists those
 * as they are added, and the walks that need them go over that list only.
 */
static inline int pp_reg_irregular(const struct pp_pmu_rt *rt)
{
	return rt->bidx < 0 || rt->picked;
}

/* state.c: a built-in PMU's entry filled from tablegen's list, at its first access */
void pp_reg_fill(struct pp_pmu_rt *rt);

/*
 * List entry i. The entries of the built-in PMUs (list positions below
 * nbuiltin, tablegen's pp_table.list_bidx) are not filled at start-up but
 * at their first access here: their t is NULL until then (atomic: after
 * pfm_initialize, threads may fill at once, under a lock). Every entry
 * is reached through this, or reads only fields that are zero until filled.
 */
static inline struct pp_pmu_rt *pp_reg_entry(int i)
{
	struct pp_pmu_rt *rt = &pp_reg.pmus[i];
	if (__builtin_expect(!__atomic_load_n(&rt->t, __ATOMIC_ACQUIRE), 0))
		pp_reg_fill(rt);
	return rt;
}

/* the descriptor of list entry i without filling it (during pfm_initialize:
 * detection leaves the boxes it makes present for their first access) */
static inline const struct pp_pmu *pp_reg_desc(int i)
{
	const struct pp_pmu_rt *rt = &pp_reg.pmus[i];
	return rt->t ? rt->p : &pp_reg.builtin.pmus[pp_reg.builtin.list_bidx[i]];
}

/* ids and search order, inline: every accessor goes through them */
/* id's PMU (0 <= id <= PP_MAX_PMU_ID), NULL for none */
static inline struct pp_pmu_rt *pp_reg_at_id(int id)
{
	unsigned k = pp_reg.list_pos_of_id[id];
	if (!k || k > (unsigned)pp_reg.npmus)
		return NULL;
	struct pp_pmu_rt *rt = pp_reg_entry((int)k - 1);
	return rt->id == id ? rt : NULL;
}

/* id's PMU becomes rt (NULL: none) */
static inline void pp_reg_set_id(int id, const struct pp_pmu_rt *rt)
{
	pp_reg.list_pos_of_id[id] = rt ? (uint16_t)(rt - pp_reg.pmus + 1) : 0;
}

/* the list position of the i-th PMU in search order */
static inline int pp_reg_ordered(int i)
{
	return pp_reg.search_order ? pp_reg.search_order[i] : i;
}

/* index.c: names */
int pp_reg_index_added(int i);			/* the name index of list entry i, just added */
int pp_reg_index_reserve(int n);		/* room for n more names in it (PFM_ERR_NOMEM) */

/* list.c: adding */
struct pp_pmu_rt *pp_reg_append(void);
int pp_reg_note_irregular(int i);
int pp_reg_irregular_reserve(int n);
int pp_reg_add(const struct pp_table *t, uint32_t pmu_index, const char *origin);
struct pp_pmu_rt *pp_reg_add_free(const struct pp_table *t, uint32_t pmu_index);
void pp_reg_add_builtin(void);
int pp_reg_add_plugin(void *ctx, const struct pp_table *t, const char *origin, int lazy);

/* presence.c */
int pp_reg_matches_host(const struct pp_pmu_rt *rt);
void pp_reg_each_os_generic(void (*f)(struct pp_pmu_rt *));
void pp_reg_detect(void);
void pp_reg_plm_from_core(void);

/* order.c */
int pp_reg_build_order(void);
int pp_reg_list_defaults(void);
void pp_reg_renumber_for_caller(int max);

/* boxes.c, kernel.c */
int pp_reg_add_pattern_boxes(void);
int pp_reg_add_sysfs(void);

/* first_use.c: a lazy PMU read in full (its plugin's events, or built from sysfs), under a lock */
void pp_reg_realize(struct pp_pmu_rt *rt);

/* rt with its events, once pfm_initialize is done (before, the registry is being built) */
static inline struct pp_pmu_rt *pp_reg_whole(struct pp_pmu_rt *rt)
{
	if (rt && __atomic_load_n(&rt->lazy, __ATOMIC_ACQUIRE) && __atomic_load_n(&pp_reg.ready, __ATOMIC_ACQUIRE))
		pp_reg_realize(rt);
	return rt;
}

#endif /* PP_REGISTRY_STATE_H */
