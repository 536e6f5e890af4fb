/*
 * registry/detect.c - presence of table PMUs from the host identities
 * (docs/detection.md): the best match per identity, fallbacks, hybrid
 * core types the kernel does not run, uncore boxes it does not run, and
 * system-table boxes by their kernel PMU's identifier, and which kernel PMUs
 * a perf_pmu_pattern stands for.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <perfmon/pfmlib.h>
#include "registry/detect.h"
#include "sysfs/sysfs.h"
#include "util/log.h"

/* does one of rt's patterns match host identity id? (never across architectures) */
static int pmu_matches(const struct pp_pmu_rt *rt, const char *id, const char *id_arch)
{
	if (!rt->p->match || rt->p->type == PP_PMU_OS_GENERIC)
		return 0;
	const char *arch = pp_str(rt->t, rt->p->arch);
	/* a PMU of another architecture: none of its patterns is tried */
	if (*arch && strcmp(arch, "generic") && id_arch && strcmp(arch, id_arch))
		return 0;
	/* tablegen's literal prefix of each pattern refuses most of them at once */
	const pp_str_t *mp = rt->t->match_prefix;
	const char *pre = mp && mp[rt->p - rt->t->pmus] ? pp_str(rt->t, mp[rt->p - rt->t->pmus]) : NULL;
	for (const char *pat = pp_str(rt->t, rt->p->match); *pat; pat += strlen(pat) + 1) {
		if (pre) {
			size_t n = strlen(pre);
			int no = strncmp(id, pre, n) != 0;
			pre += n + 1;
			if (no)
				continue;
		}
		if (pp_host_match(pat, id))	/* the architectures agree (above) */
			return 1;
	}
	return 0;
}

int pp_detect_matches_host(const struct pp_pmu_rt *rt, const struct pp_host *host)
{
	if (!rt->p->match)
		return 0;
	for (const char *pat = pp_str(rt->t, rt->p->match); *pat; pat += strlen(pat) + 1)
		for (int i = 0; i < host->n; i++)
			if (pp_host_match(pat, host->id[i]))
				return 1;
	return 0;
}

/*
 * The candidates of detection, in list order: consecutive PMUs that share a
 * table, a pattern list, an architecture, a priority and flags (the box
 * instances of one uncore model, a model's uncore PMUs) form one group whose
 * patterns are matched once per identity, so an identity costs one match per
 * group, and per PMU only in the groups that match it.
 */
struct group {
	int first, n;	/* in the candidates' list indexes */
};

static int same_group(const struct pp_pmu_rt *a, const struct pp_pmu_rt *b)
{
	return a->t == b->t && pp_pmu_same_detection(a->p, b->p);
}

/* per PMU of table t (which has a kernel PMU index), 1 when its kernel PMU
 * is one of k's; NULL without memory */
static unsigned char *kernel_has(const struct pp_table *t, const struct pp_kpmus *k)
{
	unsigned char *has = calloc((size_t)t->npmus + 1, 1);
	for (int j = 0; has && j < k->n; j++) {
		size_t len = strlen(k->names[j]);
		for (uint32_t e = pp_kpmu_first(t, k->names[j], len); pp_kpmu_is(t, e, k->names[j], len); e++)
			has[t->kpmu[2 * e + 1]] = 1;
	}
	return has;
}

/* box rt's kernel PMU exists: the kernel PMU index has (kernel_has of
 * table bt, NULL without one) for PMUs of bt, else a look-up */
static int box_kernel_there(const struct pp_table *bt, const unsigned char *has, const struct pp_pmu_rt *rt,
			    const struct pp_kpmus *kp)
{
	if (has && rt->t == bt && !(rt->p->flags & PP_PMU_F_VARIANT))
		return has[rt->p - bt->pmus];
	const char *kn = pp_str(rt->t, rt->p->perf_pmu);
	return pp_kpmus_may(kp, kn) && pp_kpmus_find(kp, kn);
}

/*
 * The candidates of list[0..n) into idx (list indexes), grouped: PMUs with
 * patterns (OS-generic PMUs have none that count), but no box whose kernel
 * PMU is not there (it cannot be present, drop_absent_uncore), so a model
 * whose boxes the kernel does not run costs no pattern match. Returns the
 * number of groups; the boxes with identifier patterns (identify_uncore)
 * go to ident (*nident of them). The one pass over every PMU of detection.
 */
static int make_groups(const struct pp_pmu_rt *list, int n, const struct pp_kpmus *kp, int *idx, struct group *g,
		       int *ident, int *nident)
{
	int ng = 0, ni = 0;
	/* the built-in table's PMUs that are their own descriptor (bidx, not
	 * picked): tablegen's detection bits (pp_table.dclass) and the kernel
	 * PMU index */
	const struct pp_table *bt = NULL;
	for (int k = 0; k < n && !bt; k++)
		bt = list[k].t->dclass && list[k].t->kpmu ? list[k].t : NULL;
	unsigned char *has = bt ? kernel_has(bt, kp) : NULL;
	/* the last candidate was a built-in one and in the last group */
	int prev_in = 0;
	*nident = 0;
	for (int k = 0; k < n; k++) {
		const struct pp_pmu_rt *rt = &list[k];
		if (has && rt->bidx >= 0 && !rt->picked) {
			unsigned c = bt->dclass[rt->bidx];
			if (c & PP_DC_IDENT)
				ident[(*nident)++] = k;
			if (!(c & PP_DC_CAND))
				continue;
			/* a box whose kernel PMU is not there cannot be present
			 * (drop_absent_uncore): no pattern match for it */
			if ((c & PP_DC_BOX) && !has[rt->bidx]) {
				prev_in = 0;
				continue;
			}
			idx[ni++] = k;
			if (ng && prev_in && (c & PP_DC_SAME)) {
				g[ng - 1].n++;
				continue;
			}
			g[ng].first = ni - 1;
			g[ng].n = 1;
			ng++;
			prev_in = 1;
			continue;
		}
		/* any other PMU (a plugin's, a variant table picked) */
		prev_in = 0;
		if (rt->p->identifier && rt->p->type == PP_PMU_UNCORE && rt->p->perf_pmu)
			ident[(*nident)++] = k;
		if (!rt->p->match || rt->p->type == PP_PMU_OS_GENERIC)
			continue;
		if (rt->p->type == PP_PMU_UNCORE && rt->p->perf_pmu && !box_kernel_there(bt, has, rt, kp))
			continue;
		idx[ni++] = k;
		if (ng && same_group(&list[idx[g[ng - 1].first]], rt)) {
			g[ng - 1].n++;
			continue;
		}
		g[ng].first = ni - 1;
		g[ng].n = 1;
		ng++;
	}
	free(has);
	return ng;
}

/* the PMUs detection made present (list indexes, each once; room for every PMU) */
struct present {
	int *k, n;
};

static void make_present(struct pp_pmu_rt *list, int k, struct present *pres)
{
	if (!list[k].is_present)
		pres->k[pres->n++] = k;
	list[k].is_present = 1;
}

/*
 * Each host identity (one per core type) makes present the PMUs of its best
 * match: the lowest match_priority (perf's first mapfile line), all PMUs that
 * share it (hybrid parts describe several core types on one line). A PMU
 * marked `beside` (ix86arch) is present wherever it matches, whatever else does.
 * hit receives the list indexes of the PMUs matched (room for every PMU).
 */
static void detect_identity(struct pp_pmu_rt *list, const int *idx, const struct group *g, int ng, const char *id,
			    int *hit, int fallback, struct present *pres)
{
	uint32_t best = UINT32_MAX;
	const char *id_arch = pp_host_id_arch(id);
	int nhit = 0;
	/* pattern lists are interned per table: groups of one model that are
	 * not adjacent (core and uncore PMUs) are matched once */
	/* a direct-mapped cache by pattern list (0: empty slot) */
	enum { NSEEN = 64 };
	struct { const struct pp_table *t; pp_str_t match; pp_str_t arch; int hit; } seen[NSEEN];
	memset(seen, 0, sizeof(seen));
	for (int j = 0; j < ng; j++) {
		const struct pp_pmu_rt *rt = &list[idx[g[j].first]];
		int fb = !!(rt->p->flags & PP_PMU_F_FALLBACK);
		if (rt->p->flags & PP_PMU_F_BESIDE) {
			if (!fallback && pmu_matches(rt, id, id_arch))
				for (int k = g[j].first; k < g[j].first + g[j].n; k++)
					make_present(list, idx[k], pres);
			continue;
		}
		if (fb != fallback)
			continue;
		unsigned s = (rt->p->match * 2654435761u) >> 26;
		if (seen[s].t != rt->t || seen[s].match != rt->p->match || seen[s].arch != rt->p->arch) {
			seen[s].t = rt->t;
			seen[s].match = rt->p->match;
			seen[s].arch = rt->p->arch;
			seen[s].hit = pmu_matches(rt, id, id_arch);
		}
		if (!seen[s].hit)
			continue;
		/* one priority per group */
		for (int k = g[j].first; k < g[j].first + g[j].n; k++)
			hit[nhit++] = idx[k];
		if (rt->p->match_priority < best)
			best = rt->p->match_priority;
	}
	for (int k = 0; k < nhit; k++)
		if (list[hit[k]].p->match_priority == best)
			make_present(list, hit[k], pres);
}

static int cmp_name(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

int pp_kpmus_load(struct pp_kpmus *k)
{
	char dir[4096];
	memset(k, 0, sizeof(*k));
	int n = pp_sysfs_pmu_path(dir, sizeof(dir), "", NULL) ? 0 : pp_sysfs_list(dir, &k->names);
	if (n < 0)
		return PFM_ERR_NOMEM;
	k->n = n;
	for (int i = 0; i < n; i++) {
		unsigned f = pp_kpmus_first2(k->names[i]);
		k->first2[f >> 3] |= (unsigned char)(1u << (f & 7));
	}
	return PFM_SUCCESS;
}

void pp_kpmus_free(struct pp_kpmus *k)
{
	pp_sysfs_names_free(k->names, k->n);
	memset(k, 0, sizeof(*k));
}

int pp_kpmus_find(const struct pp_kpmus *k, const char *name)
{
	return bsearch(&name, k->names, (size_t)k->n, sizeof(*k->names), cmp_name) != NULL;
}

/* does /sys/bus/event_source/devices/<name> exist? */
static int sysfs_pmu_exists(const char *name)
{
	char path[4096];
	struct stat st;
	return !pp_sysfs_pmu_path(path, sizeof(path), name, NULL) && stat(path, &st) == 0;
}

/*
 * Hybrid parts: one identity makes every core type's PMU present, but a
 * system may run without some core type (E-cores disabled). When the kernel
 * exposes the sysfs PMU of at least one present core type (match_unit), a
 * core type whose sysfs PMU is absent is not present. With no such PMU in
 * sysfs at all (a VM, an old kernel), every core type stays.
 */
static void drop_absent_core_types(struct pp_pmu_rt *list, const struct present *pres)
{
	int some = 0;
	for (int j = 0; j < pres->n && !some; j++) {
		const struct pp_pmu_rt *rt = &list[pres->k[j]];
		if (rt->is_present && rt->p->match_unit && sysfs_pmu_exists(pp_str(rt->t, rt->p->match_unit)))
			some = 1;
	}
	if (!some)
		return;
	for (int j = 0; j < pres->n; j++) {
		struct pp_pmu_rt *rt = &list[pres->k[j]];
		if (rt->is_present && rt->p->match_unit && !sysfs_pmu_exists(pp_str(rt->t, rt->p->match_unit))) {
			rt->is_present = 0;
			pp_verbose("PMU %s: no sysfs PMU %s, this core type is not running", pp_str(rt->t, rt->p->name),
				   pp_str(rt->t, rt->p->match_unit));
		}
	}
}

/*
 * An uncore PMU (one box instance) is present when its model is the host's
 * and the kernel runs that box: its perf_pmu exists in sysfs.
 */
static void drop_absent_uncore(struct pp_pmu_rt *list, const struct present *pres, const struct pp_kpmus *k)
{
	for (int j = 0; j < pres->n; j++) {
		struct pp_pmu_rt *rt = &list[pres->k[j]];
		if (!rt->is_present || rt->p->type != PP_PMU_UNCORE || !rt->p->perf_pmu)
			continue;
		if (!pp_kpmus_has(k, pp_str(rt->t, rt->p->perf_pmu))) {
			rt->is_present = 0;
			pp_verbose("PMU %s: no sysfs PMU %s, this box is not present", pp_str(rt->t, rt->p->name),
				   pp_str(rt->t, rt->p->perf_pmu));
		}
	}
}

/* the sysfs `identifier` of kernel PMU kn matches one of rt's identifier patterns */
static int identifier_matches(const struct pp_pmu_rt *rt, const char *kn)
{
	char buf[4096], path[4096];
	const char *why;
	if (pp_sysfs_pmu_path(path, sizeof(path), kn, "identifier") || pp_sysfs_read(path, buf, sizeof(buf), &why) < 0)
		return 0;
	const char *id = pp_sysfs_trim(buf);
	for (const char *pat = pp_str(rt->t, rt->p->identifier); *pat; pat += strlen(pat) + 1)
		if (pp_match_whole(pat, id) == 1)
			return 1;
	return 0;
}

int pp_detect_pattern_box(const struct pp_pmu_rt *rt, const char *kn)
{
	if (rt->p->type != PP_PMU_UNCORE || !rt->p->perf_pmu_pattern)
		return 0;
	if (pp_match_whole(pp_str(rt->t, rt->p->perf_pmu_pattern), kn) != 1)
		return 0;
	return !rt->p->identifier || identifier_matches(rt, kn);
}

/*
 * An uncore PMU with `identifier` patterns (a box of perf's system tables:
 * Arm CMN, i.MX DDR) is present only when its kernel PMU exists and that
 * PMU's sysfs `identifier` matches one of them, as perf applies a table
 * whose Compat matches; without `match` patterns that is all it needs.
 */
static void identify_uncore(struct pp_pmu_rt *list, const int *ident, int nident, const struct pp_kpmus *k)
{
	for (int j = 0; j < nident; j++) {
		struct pp_pmu_rt *rt = &list[ident[j]];
		if (!rt->is_present && rt->p->match)
			continue;
		const char *kn = pp_str(rt->t, rt->p->perf_pmu);
		if (!pp_kpmus_has(k, kn)) {
			rt->is_present = 0;
			continue;
		}
		rt->is_present = identifier_matches(rt, kn);
		if (!rt->is_present)
			pp_verbose("PMU %s: the identifier of sysfs PMU %s is missing or matches none of its "
				   "patterns; not present", pp_str(rt->t, rt->p->name), kn);
	}
}

void pp_detect(struct pp_pmu_rt *list, int n, const struct pp_host *host, const struct pp_kpmus *k)
{
	/* hit, idx, pres and ident: room for every PMU each */
	int *mem = malloc(((size_t)n + 1) * 4 * sizeof(*mem));
	struct group *g = malloc(((size_t)n + 1) * sizeof(*g));
	if (!mem || !g) {
		free(mem);
		free(g);
		return;
	}
	int *hit = mem, *idx = mem + n + 1, *ident = mem + 2 * (n + 1), nident;
	struct present pres = { mem + 3 * (n + 1), 0 };
	int ng = make_groups(list, n, k, idx, g, ident, &nident);
	for (int i = 0; i < host->n; i++)
		detect_identity(list, idx, g, ng, host->id[i], hit, 0, &pres);
	/* no model table knows this CPU: its architectural events, if any */
	int any_core = 0;
	for (int j = 0; j < pres.n; j++) {
		const struct pp_pmu_rt *rt = &list[pres.k[j]];
		any_core |= rt->p->type == PP_PMU_CORE && !(rt->p->flags & PP_PMU_F_BESIDE);
	}
	for (int i = 0; !any_core && i < host->n; i++)
		detect_identity(list, idx, g, ng, host->id[i], hit, 1, &pres);
	drop_absent_core_types(list, &pres);
	drop_absent_uncore(list, &pres, k);
	identify_uncore(list, ident, nident, k);
	free(mem);
	free(g);
}
