/*
 * SPDX-License-Identifier: MIT
 * registry/boxes.c - the pattern boxes: a table PMU with a
 * perf_pmu_pattern becomes one PMU per kernel PMU of the host the pattern
 * stands for (ali_drw_<address>, hisi_sicl<n>_cpa<m>), named and numbered
 * as sysfs PMUs are.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <perfmon/pfmlib.h>
#include "host/match.h"
#include "registry/detect.h"
#include "registry/state.h"
#include "sysfs/sysfs.h"
#include "util/log.h"

/* an owned copy of s (freed by pp_registry_fini); NULL without memory */
static const char *own(const char *s)
{
	char **no = realloc(pp_reg.owned_names, ((size_t)pp_reg.nowned_names + 1) * sizeof(*no));
	if (!no)
		return NULL;
	pp_reg.owned_names = no;
	return (pp_reg.owned_names[pp_reg.nowned_names] = strdup(s)) ? pp_reg.owned_names[pp_reg.nowned_names++] : NULL;
}

static int by_bytes(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* one pattern box of table PMU tmpl for kernel PMU kn, id `id` */
static int add_pattern_box(const struct pp_pmu_rt *tmpl, const char *kn, const char *name, int id)
{
	const char *oname = own(name), *okn = own(kn);
	struct pp_pmu_rt *rt = oname && okn ? pp_reg_append() : NULL;
	if (!rt)
		return PFM_ERR_NOMEM;
	rt->t = tmpl->t;
	rt->p = tmpl->p;
	rt->lazy = tmpl->lazy;
	rt->name = oname;
	rt->kpmu = okn;
	rt->id = id;
	rt->bidx = -1;
	rt->is_present = 1;
	/* attr.type and cpu: from kn's files at the first use (first_use.c) */
	pp_reg_set_id(id, rt);
	if (pp_reg_note_irregular(pp_reg.npmus - 1))
		return PFM_ERR_NOMEM;
	if (!pp_reg.npattern_boxes++)
		pp_reg.first_pattern_box = pp_reg.npmus - 1;
	pp_verbose("PMU %s: a box of %s for sysfs PMU %s, id %d", oname, tmpl->name, kn, id);
	return pp_reg_index_added(pp_reg.npmus - 1);
}

/*
 * The boxes whose kernel PMU names are known at run time only (ali_drw_<its
 * physical address>, hisi_sicl<firmware id>_cpa<index>): a table PMU with a
 * perf_pmu_pattern stands for no kernel PMU itself (never present, but
 * under LIBPFM_FORCE_PMU) and becomes one PMU per kernel PMU the pattern
 * (and its identifier patterns) stands for, in byte order of the kernel
 * names: the table's events, the name a PMU built from sysfs would have,
 * an id from 1022 down as those take them, present, attr.type and cpumask
 * of its directory. A table whose `match` patterns (when it has some) miss
 * the host serves none. Searched after the table PMUs, before sysfs ones.
 */
/* the boxes of one table named at run time (its list position i) */
static int add_boxes_of(int i, int *next_id)
{
	if (!pp_reg.forced)
		pp_reg_entry(i)->is_present = 0;
	struct pp_pmu_rt tmpl = (*pp_reg_entry(i));	/* the list may move */
	if (tmpl.p->match && !pp_reg_matches_host(&tmpl))
		return PFM_SUCCESS;
	/* a table of another architecture than every host identity's serves none */
	const char *arch = pp_str(tmpl.t, tmpl.p->arch);
	int same_arch = !*arch || !strcmp(arch, "generic") || !pp_reg.host.n;
	for (int h = 0; !same_arch && h < pp_reg.host.n; h++) {
		const char *ha = pp_host_id_arch(pp_reg.host.id[h]);
		same_arch = !ha || !strcmp(ha, arch);
	}
	if (!same_arch)
		return PFM_SUCCESS;
	/* the kernel PMUs whose names start with the pattern's literal prefix,
	 * in byte order (the listing has none) */
	size_t plen;
	const char *pre = pp_ere_literal_prefix(pp_str(tmpl.t, tmpl.p->perf_pmu_pattern), &plen);
	const struct pp_kpmus *k = &pp_reg.kernel_pmus;
	const char **cand = malloc(((size_t)k->n + 1) * sizeof(*cand));
	int ncand = 0, r = PFM_SUCCESS;
	if (!cand)
		return PFM_ERR_NOMEM;
	for (int j = 0; j < k->n; j++)
		if (!strncmp(k->names[j], pre, plen))
			cand[ncand++] = k->names[j];
	qsort(cand, (size_t)ncand, sizeof(*cand), by_bytes);
	for (int j = 0; j < ncand && r == PFM_SUCCESS; j++) {
		const char *kn = cand[j];
		char name[256];
		if (!pp_detect_pattern_box(&tmpl, kn))
			continue;
		if (pp_sysfs_pmu_name(kn, name, sizeof(name)) || pp_pmu_by_name(name, strlen(name))) {
			pp_verbose("sysfs PMU %s: a box of %s, but its libpfm4 name is invalid or used; skipped",
				   kn, tmpl.name);
			continue;
		}
		while (*next_id >= PP_SYSFS_ID_MIN && pp_reg_at_id(*next_id))
			(*next_id)--;
		if (*next_id < PP_SYSFS_ID_MIN) {
			pp_verbose("sysfs PMU %s: no pfm_pmu_t id left in [%d-%d]; skipped", kn,
				   PP_SYSFS_ID_MIN, PP_SYSFS_ID_MAX);
			break;
		}
		r = add_pattern_box(&tmpl, kn, name, *next_id);
	}
	free(cand);
	return r;
}

int pp_reg_add_pattern_boxes(void)
{
	int next_id = PP_SYSFS_ID_MAX, r = PFM_SUCCESS, nirr = pp_reg.nirregular, k;
	if (!pp_reg.builtin.patterns) {
		for (k = 0; r == PFM_SUCCESS && k < pp_reg.ntable_pmus; k++)
			if (pp_pmu_is_pattern_table(pp_reg_entry(k)->p))
				r = add_boxes_of(k, &next_id);
		return r;
	}
	/* the built-in PMUs that are their own descriptor: tablegen's list; the
	 * others (those irregular before the first box) one by one */
	for (uint32_t j = 0; r == PFM_SUCCESS && j < pp_reg.builtin.npatterns; j++)
		if ((k = pp_reg.builtin_pos[pp_reg.builtin.patterns[j]]) >= 0 && !pp_reg_irregular(pp_reg_entry(k)))
			r = add_boxes_of(k, &next_id);
	for (int j = 0; r == PFM_SUCCESS && j < nirr; j++)
		if (pp_pmu_is_pattern_table(pp_reg_entry(pp_reg.irregular_pos[j])->p))
			r = add_boxes_of(pp_reg.irregular_pos[j], &next_id);
	return r;
}
