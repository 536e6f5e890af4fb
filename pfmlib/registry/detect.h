/*
 * SPDX-License-Identifier: MIT
 * registry/detect.h - which PMUs are present on this host: each host
 * identity makes the PMUs of its best-matching table present (hybrid
 * parts: one per core type), architectural fallbacks when no model table
 * matches, and core types whose sysfs PMU is missing dropped.
 */
#ifndef PP_REGISTRY_DETECT_H
#define PP_REGISTRY_DETECT_H

#include "host/host.h"
#include "registry/registry.h"

/* the kernel PMUs of /sys/bus/event_source/devices, listed once at
 * pfm_initialize, in the directory's order (nothing is sorted), and a hash
 * of their names (pp_kpmu_hash_of: nslots, a power of two, of name index + 1,
 * 0 empty; linear probing; made at the first pp_kpmus_has, which only PMUs
 * the built-in kernel PMU index does not find need), so a name is looked
 * up without a compare per pair */
struct pp_kpmus {
	char **names;
	int n;
	uint32_t *slots, nslots;
	/* per name, the first pair of the built-in table's kernel PMU index
	 * naming it, or its nkpmu (with mark only) */
	uint32_t *first;
	/* per name, 1 when a built-in box detection made present names it
	 * (pp_detect): a table serves it (registry/kernel.c) */
	unsigned char *served;
	/* per kernel PMU name of the built-in table (its runs, pp_table.kpmu_run):
	 * 1 + the index of the host's kernel PMU of that name, 0 none; NULL
	 * when the table has no such numbering */
	uint16_t *mark;
};

/* list them, marking bt's kernel PMU names the host has (PFM_SUCCESS, or
 * PFM_ERR_NOMEM); pp_kpmus_free releases */
int pp_kpmus_load(struct pp_kpmus *k, const struct pp_table *bt);

/* the pairs of bt's kernel PMU index (pp_table.kpmu) naming name i of k:
 * [*first, *end), empty when none (looked up anew: for the few names that
 * need them) */
void pp_kpmus_pairs(const struct pp_kpmus *k, const struct pp_table *bt, int i, uint32_t *first, uint32_t *end);
void pp_kpmus_free(struct pp_kpmus *k);

/* kernel PMU name exists (the first call makes the hash: 0 without memory) */
int pp_kpmus_has(struct pp_kpmus *k, const char *name);

/*
 * The PMUs detection looks at: the registry's list; the built-in table,
 * whose PMUs serving their own descriptor are found through its detection
 * groups (pp_table.dgroups) and bpos (PMU index -> list position, -1 when
 * not in the list); and every other PMU (a plugin's, a variant picked, an
 * override: a PMU that is not its built-in descriptor), one by one, at the
 * list positions irr[0..nirr).
 */
struct pp_detect_set {
	struct pp_pmu_rt *list;
	int n;				/* list entries */
	const struct pp_table *bt;	/* with dgroups; NULL: every PMU is in irr */
	const int *bpos;
	const int *irr;
	int nirr;
	/* fills a list entry before it is read (the registry's built-in
	 * entries are filled at their first access); NULL: all are filled */
	void (*fill)(struct pp_pmu_rt *rt);
};

/* set is_present on the PMUs that host's identities select (an uncore box
 * needs its kernel PMU in k); pres receives the list positions of the PMUs
 * it made present (room for s->n), *npres their number */
void pp_detect(const struct pp_detect_set *s, const struct pp_host *host, struct pp_kpmus *k, int *pres,
	       int *npres);

/* the pattern lists (pp_pmu.match) of the built-in table t whose identity
 * literals (pp_table.idlit) hold an identity (or, for x86, the identity
 * without its stepping, as pp_match_identity tries both): looked up once */
struct pp_lit_hits {
	const struct pp_table *t;	/* NULL: t has no literals */
	pp_str_t v[64];
	int n;				/* 64: maybe more than kept */
};
void pp_detect_literals(const struct pp_table *t, const char *id, struct pp_lit_hits *h);

/* one of rt's match patterns matches one of host's identities; lits (NULL,
 * or one per identity of host, pp_detect_literals) answer for the patterns
 * tablegen expanded */
int pp_detect_matches_host(const struct pp_pmu_rt *rt, const struct pp_host *host, const struct pp_lit_hits *lits);

/* kernel PMU kn is one of those rt's perf_pmu_pattern stands for: the
 * pattern wholly matches kn and, when rt has identifier patterns, kn's sysfs
 * identifier matches one of them */
int pp_detect_pattern_box(const struct pp_pmu_rt *rt, const char *kn);

#endif /* PP_REGISTRY_DETECT_H */
