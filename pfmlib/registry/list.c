/*
 * SPDX-License-Identifier: MIT
 * registry/list.c - adding PMUs to the list: every built-in PMU at once (tablegen's list),
 * a plugin's PMU and its instances (an override or a newer version
 * replacing a built-in one), one entry appended; the irregular PMUs (those
 * the built-in kernel PMU index does not find) noted as they are added.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <perfmon/pfmlib.h>
#include "registry/state.h"
#include "util/log.h"
#include "util/str.h"

/* a new entry at the end of the list (and of the search order), all zero;
 * NULL without memory. Ids and name indexes hold list positions, which stay. */
struct pp_pmu_rt *pp_reg_append(void)
{
	if (pp_reg.npmus == pp_reg.pmus_cap) {
		int ncap = pp_reg.pmus_cap ? pp_reg.pmus_cap * 2 : 128;
		struct pp_pmu_rt *nl = realloc(pp_reg.pmus, (size_t)ncap * sizeof(*nl));
		int *no = pp_reg.search_order ? realloc(pp_reg.search_order, (size_t)ncap * sizeof(*no)) : NULL;
		if (nl)
			pp_reg.pmus = nl;
		if (no)
			pp_reg.search_order = no;
		if (!nl || (pp_reg.search_order && !no))
			return NULL;
		pp_reg.pmus_cap = ncap;
	}
	if (pp_reg.search_order)
		pp_reg.search_order[pp_reg.npmus] = pp_reg.npmus;
	struct pp_pmu_rt *rt = &pp_reg.pmus[pp_reg.npmus++];
	memset(rt, 0, sizeof(*rt));
	return rt;
}

/* room for n more irregular PMUs; -1 without memory */
int pp_reg_irregular_reserve(int n)
{
	if (pp_reg.nirregular + n <= pp_reg.irregular_cap)
		return 0;
	int nc = pp_reg.nirregular + n;
	int *ni = realloc(pp_reg.irregular_pos, (size_t)nc * sizeof(*ni));
	if (!ni)
		return -1;
	pp_reg.irregular_pos = ni;
	pp_reg.irregular_cap = nc;
	return 0;
}

/* list position i is irregular (pp_reg_irregular()): into pp_reg.irregular_pos; -1 without memory */
int pp_reg_note_irregular(int i)
{
	if (pp_reg.nirregular == pp_reg.irregular_cap) {
		int nc = pp_reg.irregular_cap ? pp_reg.irregular_cap * 2 : 16;
		int *ni = realloc(pp_reg.irregular_pos, (size_t)nc * sizeof(*ni));
		if (!ni)
			return -1;
		pp_reg.irregular_pos = ni;
		pp_reg.irregular_cap = nc;
	}
	pp_reg.irregular_pos[pp_reg.nirregular++] = i;
	return 0;
}

/*
 * May PMU pmu_index of table t be added? PFM_SUCCESS with *same NULL for a
 * new PMU (name and id free), or with *same the listed PMU it replaces (the
 * same name and id: it says override, or both carry the version of their
 * data and its is newer, *newer); else the refusal, said. Changes nothing.
 */
static int may_add(const struct pp_table *t, uint32_t pmu_index, const char *origin, struct pp_pmu_rt **same_out,
		   int *newer_out)
{
	const struct pp_pmu *p = &t->pmus[pmu_index];
	const char *name = pp_str(t, p->name);
	*same_out = NULL;
	*newer_out = 0;
	if (p->id < 0 || p->id > PP_MAX_PMU_ID)
		return PFM_ERR_INVAL;
	if (p->nevents > (uint32_t)PP_IDX_MASK + 1)	/* an event index holds its number in 20 bits */
		return pp_fail(PFM_ERR_TOOMANY, "%s: PMU '%s' has %u events, more than an event index holds; refused",
			       origin, name, (unsigned)p->nevents);
	struct pp_pmu_rt *old = pp_reg_at_id(p->id);
	/* built-in names are unique (tablegen checks); later tables are checked against all */
	struct pp_pmu_rt *same = t == &pp_reg.builtin ? NULL : pp_pmu_by_name(name, strlen(name));
	/* a table of a PMU already listed replaces it when it says override, or
	 * when both carry the version of their data and its is newer */
	const char *nv = same ? pp_str(t, p->version) : "", *ov = same ? pp_str(same->t, same->p->version) : "";
	int newer = same && !(p->flags & PP_PMU_F_OVERRIDE) && *nv && *ov;
	if (newer && pp_version_cmp(nv, ov) <= 0)
		return pp_fail(PFM_ERR_INVAL, "%s: PMU '%s' version %s is not newer than the built-in one's (%s); ignored",
			       origin, name, nv, ov);
	if (same && !(p->flags & PP_PMU_F_OVERRIDE) && !newer)
		return pp_fail(PFM_ERR_INVAL, "%s: PMU '%s' already exists; refused (set override: true to replace it)",
			       origin, name);
	if (old && old != same)
		return pp_fail(PFM_ERR_INVAL, "%s: PMU id %d is already used by '%s'; refused", origin, p->id,
			       pp_str(old->t, old->p->name));
	if (same && same->id != p->id)
		return pp_fail(PFM_ERR_INVAL, "%s: %s of '%s' must keep its id %d", origin,
			       newer ? "a newer version" : "override", name, same->id);
	*same_out = same;
	*newer_out = newer;
	return PFM_SUCCESS;
}

/* PMU pmu_index of table t added as may_add() allowed: a new entry, or
 * listed PMU same (newer: by version) taking t's descriptor */
static int put(const struct pp_table *t, uint32_t pmu_index, const char *origin, struct pp_pmu_rt *same, int newer)
{
	const struct pp_pmu *p = &t->pmus[pmu_index];
	const char *name = pp_str(t, p->name);
	if (same) {
		if (newer)
			pp_verbose("%s: PMU '%s' version %s replaces the built-in one's (%s)", origin, name,
				   pp_str(t, p->version), pp_str(same->t, same->p->version));
		else
			pp_verbose("%s: PMU '%s' overrides the built-in one", origin, name);
		if (!pp_reg_irregular(same) && pp_reg_note_irregular((int)(same - pp_reg.pmus)))
			return PFM_ERR_NOMEM;
		same->t = t;
		same->p = p;
		same->picked = 1;
		same->name = name;
		return PFM_SUCCESS;
	}
	struct pp_pmu_rt *rt = pp_reg_append();
	if (!rt)
		return PFM_ERR_NOMEM;
	rt->t = t;
	rt->p = p;
	rt->name = name;
	rt->id = p->id;
	rt->bidx = t == &pp_reg.builtin ? (int)pmu_index : -1;
	pp_reg_set_id(p->id, rt);
	if (rt->bidx < 0 && pp_reg_note_irregular(pp_reg.npmus - 1))
		return PFM_ERR_NOMEM;
	return pp_reg_index_added(pp_reg.npmus - 1);
}

/* add PMU pmu_index of table t (which must outlive the registry); origin names it in messages */
int pp_reg_add(const struct pp_table *t, uint32_t pmu_index, const char *origin)
{
	/* a built-in variant table is not a PMU of its own: pick_variants() */
	if (t == &pp_reg.builtin && (t->pmus[pmu_index].flags & PP_PMU_F_VARIANT))
		return PFM_SUCCESS;
	struct pp_pmu_rt *same;
	int newer, r = may_add(t, pmu_index, origin, &same, &newer);
	return r == PFM_SUCCESS ? put(t, pmu_index, origin, same, newer) : r;
}

/* add PMU pmu_index of table t, whose name and id its maker checked free
 * (sysfs discovery asks the registry, name_taken and id_taken): no check
 * again; the new entry, or NULL without memory */
struct pp_pmu_rt *pp_reg_add_free(const struct pp_table *t, uint32_t pmu_index)
{
	return put(t, pmu_index, NULL, NULL, 0) == PFM_SUCCESS ? &pp_reg.pmus[pp_reg.npmus - 1] : NULL;
}

/*
 * Every built-in PMU at once, as pp_reg_add() would add them one by one into an
 * empty registry (tablegen checks that names and ids are unique; variants
 * are not PMUs of their own), without a walk over them: tablegen made the
 * list (pp_table.list_pos, list_bidx, id_pos); each entry is filled at its
 * first access (pp_reg_entry), the list being zeroed.
 */
void pp_reg_add_builtin(void)
{
	const struct pp_table *t = &pp_reg.builtin;
	pp_reg.builtin_pos = t->list_pos;
	memcpy(pp_reg.list_pos_of_id, t->id_pos, t->nid_pos * sizeof(*t->id_pos));
	pp_reg.npmus = (int)t->nlist;
}

/*
 * A plugin's PMU, then its box instances (pmu `instances`), each new (name
 * and id free) or replacing the listed PMU of its name and id as a single
 * PMU does (override, or a newer version: the boxes of a built-in uncore
 * model replaced by a newer one). All are checked first, the PMU first, so a
 * refusal (a version not newer, a name or id taken otherwise) adds and
 * replaces nothing. lazy: the table has no events yet (realize)
 */
int pp_reg_add_plugin(void *ctx, const struct pp_table *t, const char *origin, int lazy)
{
	(void)ctx;
	for (uint32_t i = 0; i < t->npmus; i++) {
		struct pp_pmu_rt *same;
		int newer, r = may_add(t, i, origin, &same, &newer);
		if (r != PFM_SUCCESS)
			return r;
	}
	int r = PFM_SUCCESS;
	for (uint32_t i = 0; r == PFM_SUCCESS && i < t->npmus; i++) {
		struct pp_pmu_rt *same;
		int newer;
		/* checked above: the instances before i neither took i's name nor id (the reader refuses them twice) */
		r = may_add(t, i, origin, &same, &newer);
		if (r == PFM_SUCCESS)
			r = put(t, i, origin, same, newer);
	}
	for (uint32_t i = 0; r == PFM_SUCCESS && lazy && i < t->npmus; i++)
		pp_reg_at_id(t->pmus[i].id)->lazy = 1;
	return r;
}
