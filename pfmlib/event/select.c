/*
 * SPDX-License-Identifier: MIT
 * event/select.c - the unit-mask selection of an encoding: unit masks kept
 * in table order, the selection checked against exclusive groups, unit-mask
 * flags and the event's require/forbid/only rules, then each group's
 * defaults and the when_none_of additions (event/select.h).
 */
#include <stddef.h>
#include <string.h>
#include <perfmon/pfmlib.h>
#include "event/pmu_index.h"
#include "event/select.h"
#include "util/bits.h"
#include "util/log.h"

/* ---- small helpers over the event's groups ---- */

static uint32_t grp_flags(const struct pp_enc *e, unsigned int g)
{
	if (g >= e->ev->ngroups)
		return 0;	/* no groups: one implicit, neither required nor exclusive */
	return e->pmu->t->groups[e->ev->first_group + g].flags;
}

static const char *grp_name(const struct pp_enc *e, unsigned int g)
{
	if (g >= e->ev->ngroups)
		return "default";
	return pp_str(e->pmu->t, e->pmu->t->groups[e->ev->first_group + g].name);
}

static unsigned int ngroups(const struct pp_enc *e)
{
	return e->ev->ngroups ? e->ev->ngroups : 1;
}

static int selected(const struct pp_enc *e, uint32_t ui)
{
	for (int i = 0; i < e->nsel; i++)
		if (e->sel[i] == ui)
			return 1;
	return 0;
}

/* bit g set when a selected unit mask belongs to group g */
static uint32_t groups_used(const struct pp_enc *e)
{
	uint32_t m = 0;
	for (int i = 0; i < e->nsel; i++)
		m |= 1u << (um(e, e->sel[i])->group & 31);
	return m;
}

/* insert keeping table order (fstr lists unit masks in table order) */
int pp_sel_add(struct pp_enc *e, uint32_t ui, int dfl)
{
	int i;

	if (selected(e, ui))
		return PFM_SUCCESS;
	if (e->nsel >= PP_MAX_SEL)
		return pp_fail(PFM_ERR_TOOMANY, "too many unit masks (max %d)", PP_MAX_SEL);
	for (i = e->nsel; i > 0 && e->sel[i - 1] > ui; i--) {
		e->sel[i] = e->sel[i - 1];
		e->sel_dfl[i] = e->sel_dfl[i - 1];
	}
	e->sel[i] = ui;
	e->sel_dfl[i] = (uint8_t)dfl;
	e->nsel++;
	return PFM_SUCCESS;
}

/* ---- unit-mask selection ---- */

/* the selected unit masks together: exclusive groups and flags, the
 * event's require/forbid/only rules; say: the reason under LIBPFM_VERBOSE */
static inline __attribute__((always_inline)) int selection_check(const struct pp_enc *e, int say)
{
	const struct pp_table *t = e->pmu->t;

	for (int i = 0; i < e->nsel; i++) {
		const struct pp_umask *a = um(e, e->sel[i]);
		for (int j = i + 1; j < e->nsel; j++) {
			const struct pp_umask *b = um(e, e->sel[j]);
			if (a->group != b->group)
				continue;
			if ((a->flags | b->flags) & PP_F_EXCLUSIVE || grp_flags(e, a->group) & PP_GRP_EXCLUSIVE) {
				if (say)
					pp_verbose("unit masks %s and %s cannot be combined (group %s)",
						   um_name(e, e->sel[i]), um_name(e, e->sel[j]), grp_name(e, a->group));
				if (grp_flags(e, a->group) & PP_GRP_CONFLICT_UMASK)
					return PFM_ERR_UMASK;
				return PFM_ERR_FEATCOMB;
			}
		}
	}
	for (unsigned int r = 0; r < e->ev->nrules; r++) {
		const struct pp_rule *ru = &t->rules[e->ev->first_rule + r];
		if (ru->kind == PP_RULE_REQUIRE && groups_used(e) & ru->groups && !selected(e, ru->umask)) {
			if (say)
				pp_verbose("these unit masks need %s too", um_name(e, ru->umask));
			return PFM_ERR_FEATCOMB;
		}
		if (ru->kind != PP_RULE_FORBID_GROUPS && ru->kind != PP_RULE_ONLY_GROUPS)
			continue;
		if (!selected(e, ru->umask))
			continue;
		for (int i = 0; i < e->nsel; i++) {
			uint32_t g;
			int bad;
			if (e->sel[i] == ru->umask)
				continue;
			g = um(e, e->sel[i])->group;
			bad = ru->kind == PP_RULE_FORBID_GROUPS ? (ru->groups >> g) & 1 : !((ru->groups >> g) & 1);
			if (bad) {
				if (say)
					pp_verbose("unit mask %s cannot be combined with %s",
						   um_name(e, ru->umask), um_name(e, e->sel[i]));
				return PFM_ERR_FEATCOMB;
			}
		}
	}
	return PFM_SUCCESS;
}

int pp_sel_check_explicit(const struct pp_enc *e)
{
	return selection_check(e, 1);
}

int pp_enc_selection_ok(const struct pp_enc *e)
{
	return selection_check(e, 0) == PFM_SUCCESS;
}

/* a selected trigger rules group g out (so its defaults are not added) */
static int group_blocked(const struct pp_enc *e, unsigned int g)
{
	const struct pp_table *t = e->pmu->t;

	for (unsigned int r = 0; r < e->ev->nrules; r++) {
		const struct pp_rule *ru = &t->rules[e->ev->first_rule + r];
		if (ru->kind != PP_RULE_FORBID_GROUPS && ru->kind != PP_RULE_ONLY_GROUPS)
			continue;
		if (!selected(e, ru->umask) || um(e, ru->umask)->group == g)
			continue;
		if (ru->kind == PP_RULE_FORBID_GROUPS ? (ru->groups >> g) & 1 : !((ru->groups >> g) & 1))
			return 1;
	}
	return 0;
}

int pp_sel_add_defaults(struct pp_enc *e, int exact)
{
	const struct pp_table *t = e->pmu->t;
	int err;

	if (e->has_raw_umask)
		return PFM_SUCCESS;	/* the number stands for every unit mask */
	/* the groups used, again after each unit mask added */
	uint32_t used = groups_used(e);
	if (!exact && e->ev->numasks) {	/* (a table without unit masks has no array of them) */
		/* the event's defaults, in table order, found in one pass (then
		 * taken group by group, as a default added may block a later
		 * group); the groups with one, when they are fewer than 32 */
		uint32_t dfl[PP_MAX_SEL], ndfl = 0, dgroups = 0, over = 0;
		const struct pp_umask *u0 = um(e, e->ev->first_umask), *u = u0, *ue = u0 + e->ev->numasks;
		/* (the run holding the event's defaults, kept in the PMU's index
		 * once known: threads that race store the same) */
		uint32_t n = (uint32_t)(e->ev - t->events) - e->pmu->p->first_event;
		uint64_t *known = e->ix->umask_dfl && n < e->pmu->p->nevents ? &e->ix->umask_dfl[n] : NULL;
		uint64_t run = known ? __atomic_load_n(known, __ATOMIC_RELAXED) : 0;
		if (run) {
			u = u0 + (run & 0xffff);
			ue = u0 + (run >> 16 & 0xffff);
		} else if (known) {
			const struct pp_umask *lo = ue, *hi = u0;
			for (const struct pp_umask *q = u0; q < ue; q++)
				if (q->flags & PP_F_DEFAULT) {
					lo = q < lo ? q : lo;
					hi = q + 1;
				}
			lo = lo < hi ? lo : hi;
			__atomic_store_n(known, 1ull << 63 | (uint64_t)(hi - u0) << 16 | (uint64_t)(lo - u0),
					 __ATOMIC_RELAXED);
			u = lo;
			ue = hi;
		}
		for (; u < ue; u++) {
			if (__builtin_expect(!(u->flags & PP_F_DEFAULT), 1))
				continue;
			if (ndfl == PP_MAX_SEL) {
				over = 1;
				break;
			}
			dfl[ndfl++] = e->ev->first_umask + (uint32_t)(u - u0);
			dgroups |= u->group < 32 ? 1u << u->group : 0;
			over |= u->group >= 32;
		}
		for (unsigned int g = 0; g < ngroups(e) && ndfl; g++) {
			if (!over && (g >= 32 || !((dgroups >> g) & 1)))
				continue;	/* no default in group g: nothing to add */
			if ((used >> g) & 1 || group_blocked(e, g))
				continue;
			if (over) {
				for (uint32_t i = 0; i < e->ev->numasks; i++) {
					uint32_t ui = e->ev->first_umask + i;
					if (um(e, ui)->group == g && um(e, ui)->flags & PP_F_DEFAULT) {
						if ((err = pp_sel_add(e, ui, 1)))
							return err;
						used = groups_used(e);
					}
				}
				continue;
			}
			for (uint32_t k = 0; k < ndfl; k++)
				if (um(e, dfl[k])->group == g) {
					if ((err = pp_sel_add(e, dfl[k], 1)))
						return err;
					used = groups_used(e);
				}
		}
	}
	for (unsigned int r = 0; r < e->ev->nrules && !exact; r++) {
		const struct pp_rule *ru = &t->rules[e->ev->first_rule + r];
		if (ru->kind != PP_RULE_ADD_IF_NONE || used & ru->groups)
			continue;
		if (group_blocked(e, um(e, ru->umask)->group))
			continue;
		if ((err = pp_sel_add(e, ru->umask, 1)))
			return err;
		used = groups_used(e);
	}
	for (unsigned int r = 0; r < e->ev->nrules; r++) {
		const struct pp_rule *ru = &t->rules[e->ev->first_rule + r];
		if (ru->kind == PP_RULE_REQUIRE_GROUPS && selected(e, ru->umask) && !(used & ru->groups))
			return pp_fail(PFM_ERR_UMASK, "%s: unit mask %s needs one of another group", pp_str(t, e->ev->name),
				       um_name(e, ru->umask));
	}
	for (unsigned int g = 0; g < ngroups(e); g++) {
		if (grp_flags(e, g) & PP_GRP_REQUIRED && !((used >> g) & 1))
			return pp_fail(grp_flags(e, g) & PP_GRP_MISSING_ATTR ? PFM_ERR_ATTR : PFM_ERR_UMASK,
				   "%s: a unit mask of group %s is required", pp_str(t, e->ev->name), grp_name(e, g));
	}
	return PFM_SUCCESS;
}

