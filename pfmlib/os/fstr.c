/*
 * os/fstr.c - libpfm4's fully qualified event string of an encoding:
 * pmu::EVENT, every selected unit mask in table order, every modifier the
 * layer shows with its value, then the layer's perf_events attributes in libpfm4's
 * order (u k h [period freq] precise excl mg mh hw_smpl; cpu and pinned are
 * never printed). An encoding reached through an exact alias (perf's offcore
 * names, whose value no default unit mask may complete) is written with that
 * alias's name in place of the event, so the string encodes the same again.
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "os/os.h"

struct sbuf {
	char *s;
	size_t n, cap;
	int oom;
};

static void put(struct sbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(struct sbuf *b, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (b->oom)
		return;
	for (;;) {
		va_start(ap, fmt);
		n = vsnprintf(b->s + b->n, b->cap - b->n, fmt, ap);
		va_end(ap);
		if (n < 0) {
			b->oom = 1;
			return;
		}
		if ((size_t)n < b->cap - b->n) {
			b->n += (size_t)n;
			return;
		}
		size_t cap = b->cap * 2 + (size_t)n;
		char *s = realloc(b->s, cap);
		if (!s) {
			b->oom = 1;
			return;
		}
		b->s = s;
		b->cap = cap;
	}
}

/* value printed for attribute a (e->os_val holds what the string gave) */
static uint64_t os_shown(const struct pp_enc *e, unsigned int a)
{
	int mg = (e->os_given >> PP_PA_MG) & 1, mh = (e->os_given >> PP_PA_MH) & 1;

	switch (a) {
	case PP_PA_U: return (e->plm & PFM_PLM3) != 0;
	case PP_PA_K: return (e->plm & PFM_PLM0) != 0;
	case PP_PA_H: return (e->plm & PFM_PLMH) != 0;
	case PP_PA_MG: return mg;
	case PP_PA_MH: return mh || !mg;
	case PP_PA_PERIOD:
	case PP_PA_FREQ:
		return (e->os_given >> PP_PA_PERIOD) & 1 ? e->os_val[PP_PA_PERIOD] : e->os_val[PP_PA_FREQ];
	case PP_PA_HW_SMPL:
		return pp_enc_precise_ip(e);
	default:
		return e->os_val[a];
	}
}

char *pp_fstr(const struct pp_enc *e)
{
	const struct pp_table *t = e->pmu->t;
	const struct pp_pmu *p = e->pmu->p;
	struct sbuf b = { malloc(128), 0, 128, 0 };

	if (!b.s)
		return NULL;
	b.s[0] = '\0';
	put(&b, "%s::", pp_str(t, p->name));
	if (e->ev->flags & PP_F_RAW_NAME) {
		/* libpfm4 4.13 spells a raw event rHEX under PFM_OS_NONE only */
		if (e->view->raw_fstr)
			put(&b, "r%" PRIx64, e->raw_val);
	} else if (e->exact_alias) {
		put(&b, "%s", pp_str(t, e->exact_alias->name));
	} else {
		put(&b, "%s", pp_str(t, e->ev->name));
	}
	for (int i = 0; i < e->nsel; i++)
		put(&b, ":%s", pp_str(t, t->umasks[e->sel[i]].name));
	for (uint32_t i = 0; i < p->nmods && i < PP_MAX_MODS; i++) {
		uint32_t mi = p->first_mod + i;
		if (!pp_mod_ok(e->pmu, e->ev, mi) || pp_view_hides_mod(e->view, e->pmu, mi))
			continue;
		put(&b, ":%s=%" PRIu64, pp_str(t, t->mods[mi].name), e->mod_val[i]);
	}
	uint32_t osm = pp_view_attr_mask(e->view, e->pmu, e->ev);
	int sampling = (e->os_given >> PP_PA_PERIOD | e->os_given >> PP_PA_FREQ) & 1;
	for (unsigned int a = 0; a < PP_PA_COUNT; a++) {
		if (!((osm >> a) & 1) || a == PP_PA_CPU || a == PP_PA_PINNED)
			continue;
		if ((a == PP_PA_PERIOD || a == PP_PA_FREQ) && !sampling)
			continue;
		put(&b, ":%s=%" PRIu64, pp_perf_attrs[a].name, os_shown(e, a));
	}
	if (b.oom) {
		free(b.s);
		return NULL;
	}
	return b.s;
}
