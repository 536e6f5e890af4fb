/*
 * SPDX-License-Identifier: MIT
 * registry/kernel.c - the kernel PMUs of the host and the tables: which
 * kernel PMUs a table PMU serves (the built-in kernel PMU index, then the
 * irregular PMUs), and the PMUs only sysfs describes, listed at start-up
 * from their directory names and built at their first use (first_use.c).
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <perfmon/pfmlib.h>
#include "registry/state.h"
#include "sysfs/sysfs.h"
#include "util/config.h"
#include "util/log.h"

/* the PMUs the kernel PMU index does not find: the irregular ones (pp_reg.irregular_pos),
 * or every one when the built-in table has no such index */
static int unindexed_n(void)
{
	return pp_reg.builtin.kpmu ? pp_reg.nirregular : pp_reg.npmus;
}

static int unindexed_at(int j)
{
	return pp_reg.builtin.kpmu ? pp_reg.irregular_pos[j] : j;
}

/* sysname is perf_pmu, or an instance of it (perf_pmu + "_" + digits) */
static int instance_of(const char *sysname, const char *perf_pmu)
{
	size_t n = strlen(perf_pmu);
	if (!n || strncmp(sysname, perf_pmu, n))
		return 0;
	if (!sysname[n])
		return 1;
	if (sysname[n] != '_' || !sysname[n + 1])
		return 0;
	for (const char *p = sysname + n + 1; *p; p++)
		if (*p < '0' || *p > '9')
			return 0;
	return 1;
}

/* pair e of the built-in kernel PMU index serves kernel PMU sysname, whose
 * name it is (exact) or the name sysname is an instance of (sysname without
 * its "_" + digits): the rule of serves() for a PMU serving its built-in
 * descriptor (not picked: the picked ones are irregular), without filling
 * its entry nor comparing names (the pair was found by the name) */
static int pair_serves(uint32_t e, int exact)
{
	uint32_t b = pp_reg.builtin.kpmu[2 * e + 1];
	int k = pp_reg.builtin_pos[b];
	if (k < 0 || pp_reg.pmus[k].picked)
		return 0;
	const struct pp_pmu *p = &pp_reg.builtin.pmus[b];
	if ((exact && p->type == PP_PMU_CORE) || pp_reg.pmus[k].is_present)
		return 1;
	/* patterns that are all identity literals, one identity: its literal
	 * hits answer (as pp_detect_matches_host would) */
	const struct pp_lit_hits *h = &pp_reg.host_lits[0];
	if (pp_reg.host.n == 1 && h->t == &pp_reg.builtin && h->n < 64 && pp_reg.builtin.match_literal[b] == 1) {
		for (int i = 0; i < h->n; i++)
			if (h->v[i] == p->match)
				return 1;
		return 0;
	}
	/* (set field by field: pp_reg_matches_host reads t and p only) */
	struct pp_pmu_rt cand;
	cand.t = &pp_reg.builtin;
	cand.p = p;
	return pp_reg_matches_host(&cand);
}

/* the rule of sysfs_served for one table PMU */
static int serves(const struct pp_pmu_rt *rt, const char *sysname)
{
	const char *pp = rt->p->perf_pmu ? pp_str(rt->t, rt->p->perf_pmu) : NULL;
	/* the first byte rules out most table PMUs cheaply */
	if (!pp || pp[0] != sysname[0])
		return 0;
	if (rt->p->type == PP_PMU_CORE && !strcmp(pp, sysname))
		return 1;
	return instance_of(sysname, pp) && (rt->is_present || pp_reg_matches_host(rt));
}

/*
 * A table PMU stands for the kernel PMU sysname: the kernel PMU of a core
 * type (a core PMU's perf_pmu: cpu, cpu_core, cpu_atom, ...), whichever
 * model this host is, or any PMU whose table describes this host (present,
 * or one of its patterns matches) and names sysname or an instance of it.
 * Built-in PMUs are found in the kernel PMU index under sysname, and under
 * the name it is an instance of (sysname without its "_" + digits).
 */
static int served(int i)
{
	const struct pp_kpmus *k = &pp_reg.kernel_pmus;
	const char *sysname = k->names[i];
	/* a built-in box detection made present names it (pp_detect) */
	if (k->served[i])
		return 1;
	/* the pattern boxes are added together (pp_reg_add_pattern_boxes), before any sysfs PMU */
	for (int i = pp_reg.first_pattern_box; i < pp_reg.first_pattern_box + pp_reg.npattern_boxes; i++)
		if (pp_reg_entry(i)->kpmu && !strcmp(pp_reg_entry(i)->kpmu, sysname))
			return 1;
	/* the pairs of sysname itself */
	uint32_t first, end;
	pp_kpmus_pairs(k, &pp_reg.builtin, i, &first, &end);
	for (uint32_t e = first; e < end; e++)
		if (pair_serves(e, 1))
			return 1;
	size_t len = strlen(sysname), base = len;
	while (base && sysname[base - 1] >= '0' && sysname[base - 1] <= '9')
		base--;
	base = base < len && base > 1 && sysname[base - 1] == '_' ? base - 1 : 0;
	for (uint32_t e = base ? pp_kpmu_first(&pp_reg.builtin, sysname, base) : pp_reg.builtin.nkpmu; pp_kpmu_is(&pp_reg.builtin, e, sysname, base); e++)
		if (pair_serves(e, 0))
			return 1;
	/* the PMUs not in the kernel PMU index (no sysfs PMU among them yet:
	 * those join after discovery) */
	for (int j = 0; j < unindexed_n(); j++)
		if (serves(pp_reg_entry(unindexed_at(j)), sysname))
			return 1;
	return 0;
}

static int sysfs_name_taken(void *ctx, const char *name)
{
	(void)ctx;
	return pp_pmu_by_name(name, strlen(name)) != NULL;
}

static int sysfs_id_taken(void *ctx, int id)
{
	(void)ctx;
	return pp_pmu_by_id(id) != NULL;
}

/* the PMUs only sysfs describes join after every table PMU: searched last,
 * present, named and numbered now, built from their files at their first use */
int pp_reg_add_sysfs(void)
{
	/* the kernel PMUs listed once (pp_kpmus_load), for detection and here:
	 * discovery is offered those no table serves (few) */
	const struct pp_kpmus *k = &pp_reg.kernel_pmus;
	char **unserved = malloc(((size_t)k->n + 1) * sizeof(*unserved));
	int nunserved = 0;
	if (!unserved)
		return PFM_ERR_NOMEM;
	for (int i = 0; i < k->n; i++)
		if (!k->served[i] && !served(i))
			unserved[nunserved++] = k->names[i];
	const struct pp_sysfs_query q = { NULL, NULL, sysfs_name_taken, sysfs_id_taken, unserved, nunserved };
	int r = pp_sysfs_discover(&q, &pp_reg.sysfs_stubs);
	free(unserved);
	if (r != PFM_SUCCESS)
		return r;
	/* the name index and the list of irregular PMUs grown once for all */
	if (pp_reg_index_reserve(pp_reg.sysfs_stubs.n) || pp_reg_irregular_reserve(pp_reg.sysfs_stubs.n))
		return PFM_ERR_NOMEM;
	for (int i = 0; i < pp_reg.sysfs_stubs.n; i++) {
		const struct pp_sysfs_found *fd = &pp_reg.sysfs_stubs.found[i];
		/* discovery took a name and an id nobody has (sysfs_name_taken, sysfs_id_taken) */
		struct pp_pmu_rt *rt = pp_reg_add_free(&pp_reg.sysfs_stubs.t, fd->pmu);
		if (!rt)
			return PFM_ERR_NOMEM;
		rt->is_present = 1;
		rt->is_dfl = 1;
		rt->dfl_cpu = -1;
		rt->lazy = PP_LAZY_SYSFS;
		if (pp_cfg.debug)
			pp_debug("sysfs PMU %s: id %d, read at its first use", rt->name, fd->id);
	}
	return PFM_SUCCESS;
}
