/*
 * SPDX-License-Identifier: MIT
 * event/validate.c - pfm_pmu_validate's checks of one PMU: every index
 * of its tables in range, names present and findable, set values fitting
 * their fields, rules naming unit masks of their event, and each event
 * encodable with its defaults (or refusing with PFM_ERR_UMASK when a unit
 * mask is required, PFM_ERR_ATTR when it has required parameters).
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <perfmon/pfmlib.h>
#include "event/encode.h"
#include "event/lookup.h"
#include "util/log.h"

struct vctx {
	const struct pp_pmu_rt *pmu;
	const struct pp_view *view;
	FILE *fp;
	int errors;
};

static void bad(struct vctx *v, const char *ev, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void bad(struct vctx *v, const char *ev, const char *fmt, ...)
{
	char buf[PP_LOG_MAX];
	va_list ap;

	/* "pmu::event: what\n" in one piece (util/log.h cuts an over-long one) */
	int at = snprintf(buf, sizeof(buf), "%s::%s: ", v->pmu->name, ev ? ev : "");
	va_start(ap, fmt);
	size_t len = pp_log_vformat(buf, sizeof(buf), at > 0 ? (size_t)at : 0, fmt, ap);
	va_end(ap);
	fwrite(buf, 1, len, v->fp);
	v->errors++;
}

static int field_ok(const struct pp_pmu *p, uint32_t f)
{
	return f >= p->first_field && f < p->first_field + p->nfields;
}

static void check_sets(struct vctx *v, const char *ev, uint32_t first, uint32_t n)
{
	const struct pp_table *t = v->pmu->t;
	for (uint32_t s = 0; s < n; s++) {
		const struct pp_set *st = &t->sets[first + s];
		if (!field_ok(v->pmu->p, st->field)) {
			bad(v, ev, "set entry %u names no field of the PMU", s);
			continue;
		}
		const struct pp_field *f = &t->fields[st->field];
		if (f->width < 64 && st->value >> f->width)
			bad(v, ev, "value too wide for field %s (set entry %u)", pp_str(t, f->name), s);
	}
}

static void check_event(struct vctx *v, uint32_t n)
{
	const struct pp_table *t = v->pmu->t;
	const struct pp_event *e = pp_event_at(v->pmu, (int)n);
	const char *name = pp_str(t, e->name);
	const struct pp_alias *al;

	if (!*name) {
		bad(v, NULL, "event %u has no name", n);
		return;
	}
	if (pp_lookup_name(v->pmu, name, strlen(name), &al) != (int)n)
		bad(v, name, "name does not find this event (duplicate or bad index)");
	check_sets(v, name, e->first_set, e->nset);
	for (uint32_t i = 0; i < e->numasks; i++) {
		const struct pp_umask *u = &t->umasks[e->first_umask + i];
		const char *un = pp_str(t, u->name);
		if (!*un)
			bad(v, name, "unit mask %u has no name", i);
		if (e->ngroups && u->group >= e->ngroups)
			bad(v, name, "unit mask %s: group %u out of range", un, u->group);
		if (pp_lookup_umask(v->pmu, e, un, strlen(un)) != (int)(e->first_umask + i))
			bad(v, name, "unit mask %s is shadowed by another of the same name", un);
		check_sets(v, name, u->first_set, u->nset);
	}
	for (uint32_t r = 0; r < e->nrules; r++) {
		const struct pp_rule *ru = &t->rules[e->first_rule + r];
		if (ru->umask < e->first_umask || ru->umask >= e->first_umask + e->numasks)
			bad(v, name, "rule %u names a unit mask of another event", r);
		if (e->ngroups < 32 && ru->groups >> (e->ngroups ? e->ngroups : 1))
			bad(v, name, "rule %u names a group the event does not have", r);
	}
}

static void check_encodings(struct vctx *v)
{
	struct pp_parsed *p = malloc(sizeof(*p));
	struct pp_enc *e = malloc(sizeof(*e));
	const struct pp_table *t = v->pmu->t;

	if (!p || !e) {
		bad(v, NULL, "out of memory");
		goto out;
	}
	for (uint32_t n = 0; n < v->pmu->p->nevents; n++) {
		const struct pp_event *ev = pp_event_at(v->pmu, (int)n);
		if (ev->equiv || ev->flags & PP_F_RAW_NAME)
			continue;
		memset(p, 0, sizeof(*p));
		p->pmu = (struct pp_pmu_rt *)v->pmu;
		p->ev = ev;
		p->ev_num = (int)n;
		int err = pp_encode(p, v->view, PFM_PLM0 | PFM_PLM3, e);
		if (err && err != PFM_ERR_UMASK && !(err == PFM_ERR_ATTR && ev->required_mods))
			bad(v, pp_str(t, ev->name), "does not encode with its defaults (error %d)", err);
	}
out:
	free(p);
	free(e);
}

int pp_validate_pmu(const struct pp_pmu_rt *pmu, const struct pp_view *view, FILE *fp)
{
	struct vctx v = { pmu, view, fp, 0 };
	const struct pp_pmu *p = pmu->p;
	const struct pp_table *t = pmu->t;

	if (!*pp_str(t, p->name))
		bad(&v, NULL, "PMU has no name");
	for (uint32_t i = 0; i < p->nmods; i++) {
		const struct pp_modifier *m = &t->mods[p->first_mod + i];
		if (m->field != PP_NONE && !field_ok(p, m->field))
			bad(&v, NULL, "modifier %s: field out of range", pp_str(t, m->name));
		if (m->min > m->max && m->max)
			bad(&v, NULL, "modifier %s: min above max", pp_str(t, m->name));
	}
	check_sets(&v, NULL, p->first_raw_set, p->nraw_set);
	for (uint32_t n = 0; n < p->nevents; n++)
		check_event(&v, n);
	if (!v.errors)
		check_encodings(&v);
	return v.errors;
}
