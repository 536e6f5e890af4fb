/*
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
 * pfm_initialize: sorted names, and a bit per first two bytes so that a
 * name absent there (the boxes of other models) is mostly refused at once */
struct pp_kpmus {
	char **names;
	int n;
	unsigned char first2[2048 / 8];	/* bit (c0 * 31 + c1) % 2048 */
};

/* list them (PFM_SUCCESS, or PFM_ERR_NOMEM); pp_kpmus_free releases */
int pp_kpmus_load(struct pp_kpmus *k);
void pp_kpmus_free(struct pp_kpmus *k);
static inline unsigned pp_kpmus_first2(const char *s)
{
	return ((unsigned)(unsigned char)s[0] * 31u + (s[0] ? (unsigned char)s[1] : 0)) % 2048u;
}

/* kernel PMU name exists: pp_kpmus_has (the bitmap refuses most names inline:
 * pp_kpmus_may 0 means absent) */
int pp_kpmus_find(const struct pp_kpmus *k, const char *name);
static inline int pp_kpmus_may(const struct pp_kpmus *k, const char *name)
{
	unsigned f = pp_kpmus_first2(name);
	return k->first2[f >> 3] >> (f & 7) & 1;
}
static inline int pp_kpmus_has(const struct pp_kpmus *k, const char *name)
{
	return pp_kpmus_may(k, name) && pp_kpmus_find(k, name);
}

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
};

/* set is_present on the PMUs that host's identities select (an uncore box
 * needs its kernel PMU in k); pres receives the list positions of the PMUs
 * it made present (room for s->n), *npres their number */
void pp_detect(const struct pp_detect_set *s, const struct pp_host *host, const struct pp_kpmus *k, int *pres,
	       int *npres);

/* one of rt's match patterns matches one of host's identities */
int pp_detect_matches_host(const struct pp_pmu_rt *rt, const struct pp_host *host);

/* kernel PMU kn is one of those rt's perf_pmu_pattern stands for: the
 * pattern wholly matches kn and, when rt has identifier patterns, kn's sysfs
 * identifier matches one of them */
int pp_detect_pattern_box(const struct pp_pmu_rt *rt, const char *kn);

#endif /* PP_REGISTRY_DETECT_H */
