/*
 * SPDX-License-Identifier: MIT
 * registry/order.c - the search order (core, uncore, OS-generic PMUs, each
 * by id; plugins sorted in), the PMUs searched without a pmu:: prefix, and
 * the ids served to a caller built against an older header (LIBPFM_PMU_MAX).
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <perfmon/pfmlib.h>
#include "registry/state.h"
#include "util/log.h"

static int cmp_rank(const void *a, const void *b)
{
	const struct pp_pmu_rt *x = a, *y = b;
	int d = pp_pmu_search_rank(x->p) - pp_pmu_search_rank(y->p);
	return d ? d : x->id - y->id;
}

/*
 * The search order with plugins: the built-in PMUs (list positions [0, nb),
 * in search order already: tablegen emits the table so, overrides keep a
 * PMU's rank) and the plugins' (appended after them), sorted apart then
 * merged; entries appended later (pattern boxes, sysfs PMUs) follow in list
 * order (pp_reg_append). Entries do not move: ids and name indexes keep their
 * list positions. -1 without memory.
 */
static int order_cmp(const void *a, const void *b)
{
	return cmp_rank(pp_reg_entry(*(const int *)a), pp_reg_entry(*(const int *)b));
}

int pp_reg_build_order(void)
{
	int np = pp_reg.npmus - pp_reg.nbuiltin, *plug = malloc(((size_t)np + 1) * sizeof(*plug));
	if (!plug || !(pp_reg.search_order = malloc((size_t)pp_reg.pmus_cap * sizeof(*pp_reg.search_order)))) {
		free(plug);
		return -1;
	}
	for (int j = 0; j < np; j++)
		plug[j] = pp_reg.nbuiltin + j;
	qsort(plug, (size_t)np, sizeof(*plug), order_cmp);
	int i = 0, j = 0, o = 0;
	while (i < pp_reg.nbuiltin || j < np)
		pp_reg.search_order[o++] = j == np || (i < pp_reg.nbuiltin && cmp_rank(pp_reg_entry(i), pp_reg_entry(plug[j])) < 0) ? i++ : plug[j++];
	free(plug);
	return 0;
}

/*
 * LIBPFM_PMU_MAX=N: the caller was built against a header whose
 * PFM_PMU_MAX is N (517 for libpfm4 4.13) and walks ids below N only.
 * Each present PMU with an id of N or more moves to an id below N that no
 * PMU uses (lowest first, in search order, core PMUs first); its old id is
 * free afterwards, so no walk sees a PMU twice. Ids from N up are not served.
 */
void pp_reg_renumber_for_caller(int max)
{
	int free_id = 1;	/* 0 is PFM_PMU_NONE */
	for (int i = 0; i < pp_reg.npmus; i++) {
		/* a PMU not present is left as it is (an entry not filled yet is not present) */
		if (!pp_reg.pmus[pp_reg_ordered(i)].is_present)
			continue;
		struct pp_pmu_rt *rt = pp_reg_entry(pp_reg_ordered(i));
		if (rt->id < max)
			continue;
		while (free_id < max && pp_reg_at_id(free_id))
			free_id++;
		if (free_id >= max) {
			pp_verbose("LIBPFM_PMU_MAX=%d: no free id below it for PMU %s (id %d)", max,
				   pp_str(rt->t, rt->p->name), rt->id);
			continue;
		}
		pp_verbose("LIBPFM_PMU_MAX=%d: PMU %s served as id %d instead of %d", max,
			   pp_str(rt->t, rt->p->name), free_id, rt->id);
		pp_reg_set_id(rt->id, NULL);
		rt->id = free_id;
		pp_reg_set_id(free_id, rt);
	}
	pp_reg.id_limit = max;
}

/* the default PMUs of the tables, a bit per list position (list_defaults) */
static uint64_t *dfl_bits;

static void dfl_add(struct pp_pmu_rt *rt)
{
	int k = (int)(rt - pp_reg.pmus);
	if (rt->is_present)
		dfl_bits[k >> 6] |= 1ull << (k & 63);
}


/*
 * The PMUs an event name without pmu:: prefix is searched in (present, or
 * sysfs ones), in search order: the table PMUs detection made present, the
 * forced one, the OS-generic ones, then the pattern boxes and sysfs PMUs
 * (added after the tables); not a walk over every PMU.
 */
int pp_reg_list_defaults(void)
{
	if (!(pp_reg.default_pos = malloc(((size_t)pp_reg.npmus + 2) * sizeof(*pp_reg.default_pos))))
		return PFM_ERR_NOMEM;
	/* the present ones, each once (the forced PMU may be an OS-generic
	 * one): a bit per list position (detection filled the entries of the
	 * PMUs it made present) */
	size_t nwords = ((size_t)pp_reg.npmus + 63) / 64;
	if (!(dfl_bits = calloc(nwords + 1, sizeof(*dfl_bits))))
		return PFM_ERR_NOMEM;
	for (int j = 0; j < pp_reg.ndetected; j++)
		dfl_add(&pp_reg.pmus[pp_reg.detected_pos[j]]);
	if (pp_reg.forced)
		dfl_add(pp_reg_entry(pp_reg.forced_pos));
	pp_reg_each_os_generic(dfl_add);
	int n = 0;
	if (!pp_reg.search_order) {
		/* the list is the search order: read back in order, no sort */
		for (size_t w = 0; w < nwords; w++)
			for (uint64_t m = dfl_bits[w]; m; m &= m - 1)
				pp_reg.default_pos[n++] = (int)(w * 64) + __builtin_ctzll(m);
	} else {
		/* plugins sorted in: by place in the search order */
		for (int i = 0; i < pp_reg.npmus; i++)
			if (dfl_bits[pp_reg.search_order[i] >> 6] >> (pp_reg.search_order[i] & 63) & 1)
				pp_reg.default_pos[n++] = pp_reg.search_order[i];
	}
	free(dfl_bits);
	dfl_bits = NULL;
	pp_reg.ndefault = n;
	for (int i = pp_reg.ntable_pmus; i < pp_reg.npmus; i++)
		if (pp_reg.pmus[i].is_present || pp_reg.pmus[i].is_dfl)
			pp_reg.default_pos[pp_reg.ndefault++] = i;
	/* detection's list has served */
	free(pp_reg.detected_pos);
	pp_reg.detected_pos = NULL;
	pp_reg.ndetected = 0;
	return PFM_SUCCESS;
}
