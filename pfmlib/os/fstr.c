/*
 * SPDX-License-Identifier: MIT
 * os/fstr.c - libpfm4's fully qualified event string of an encoding, written
 * as the encoder settled it (event/spelling.c): pmu::EVENT, the selected unit
 * masks in table order, the PMU modifiers the spelling shows with their
 * values (in the PMU's fstr_order when it has one), then the layer's perf_events attributes in libpfm4's order (u k h
 * [period freq] precise excl mg mh hw_smpl; cpu and pinned are never printed
 * in libpfm4's spelling). An encoding reached through an exact alias (perf's
 * offcore names, whose value no default unit mask may complete) is written
 * with that alias's name in place of the event. Nothing is looked up or
 * encoded here.
 */
#include <stdlib.h>
#include <string.h>
#include "event/pmu_index.h"
#include "os/os.h"
#include "util/bits.h"

/* the string being written: in local until it outgrows it, then on the heap */
struct sbuf {
	char *s;
	size_t n, cap;
	int oom;
	char local[256];
};

static void sbuf_init(struct sbuf *b)
{
	b->s = b->local;
	b->n = 0;
	b->cap = sizeof(b->local);
	b->oom = 0;
}

static int grow(struct sbuf *b, size_t len);

/* room for len more bytes at b->s + b->n: 0, or -1 (b->oom) when out of memory */
static inline int reserve(struct sbuf *b, size_t len)
{
	if (b->oom)
		return -1;
	return len < b->cap - b->n ? 0 : grow(b, len);
}

/* the string moved to (or grown on) the heap with room for len more bytes */
static int grow(struct sbuf *b, size_t len)
{
	size_t cap = b->cap * 2 + len;
	char *ns = b->s == b->local ? malloc(cap) : realloc(b->s, cap);
	if (!ns) {
		b->oom = 1;
		return -1;
	}
	if (b->s == b->local)
		memcpy(ns, b->local, b->n);
	b->s = ns;
	b->cap = cap;
	return 0;
}

/* len bytes of s appended */
static void put_mem(struct sbuf *b, const char *s, size_t len)
{
	if (reserve(b, len))
		return;
	memcpy(b->s + b->n, s, len);
	b->n += len;
}

static void put(struct sbuf *b, const char *s)
{
	put_mem(b, s, strlen(s));
}

/* v in decimal (or in hex without prefix) at d, which has room for 20 digits; the length */
static size_t fmt_num(char *d, uint64_t v, int hex)
{
	char tmp[20], *q = tmp + sizeof(tmp);
	do {
		*--q = "0123456789abcdef"[hex ? v & 15 : v % 10];
		v = hex ? v >> 4 : v / 10;
	} while (v);
	size_t n = (size_t)(tmp + sizeof(tmp) - q);
	memcpy(d, q, n);
	return n;
}

static void put_num(struct sbuf *b, uint64_t v, int hex)
{
	if (!reserve(b, 20))
		b->n += fmt_num(b->s + b->n, v, hex);
}

/* sep and name appended, with room bytes more reserved past them (for what
 * the caller writes next); -1 when out of memory */
static inline __attribute__((always_inline)) int put_tok(struct sbuf *b, char sep, const char *name, size_t room)
{
	enum { SHORT = 40 };	/* names up to this long are copied as they are read */
	size_t len = 0;
	char *d;
	if (b->oom)
		return -1;
	if (b->cap - b->n > SHORT + room + 2) {
		d = b->s + b->n;
		while (len < SHORT && name[len]) {
			d[1 + len] = name[len];
			len++;
		}
		if (name[len])
			len += strlen(name + len);
	} else {
		len = strlen(name);
	}
	if (len > SHORT || b->cap - b->n <= SHORT + room + 2) {
		if (reserve(b, len + 1 + room))
			return -1;
		memcpy(b->s + b->n + 1, name, len);
	}
	b->s[b->n] = sep;
	b->n += len + 1;
	return 0;
}

/* ":name=value" */
static inline __attribute__((always_inline)) void put_attr(struct sbuf *b, const char *name, uint64_t v)
{
	if (put_tok(b, ':', name, 21))
		return;
	char *d = b->s + b->n;
	d[0] = '=';
	/* most values are 0 or 1 */
	if (v < 10) {
		d[1] = (char)('0' + v);
		b->n += 2;
	} else {
		b->n += 1 + fmt_num(d + 1, v, 0);
	}
}

/* the string written, NUL-terminated, in a block of its own (malloc'd); NULL when out of memory */
static char *sbuf_take(struct sbuf *b)
{
	char *r = NULL;
	if (!b->oom && (r = malloc(b->n + 1))) {
		memcpy(r, b->s, b->n);
		r[b->n] = '\0';
	}
	if (b->s != b->local)
		free(b->s);
	return r;
}

/* the string as the encoder settled it (e->spell, event/spelling.c):
 * libpfm4 4.13's spelling, every selected unit mask and every modifier the
 * layer shows; or the strict one, only what the string named or a unit mask
 * set, so that it always encodes the same again: default unit masks are left
 * for the encoder to add again, an event reached through its equivalent is
 * named as the string named it, a raw event is always spelled r<hex>,
 * period or freq only as given, cpu and pinned when given */
char *pp_fstr(const struct pp_enc *e)
{
	const struct pp_table *t = e->pmu->t;
	const struct pp_pmu *p = e->pmu->p;
	int strict = e->spell == PP_SPELL_STRICT;
	struct sbuf b;

	sbuf_init(&b);
	put(&b, e->pmu->name);
	put_mem(&b, "::", 2);
	if (e->ev->flags & PP_F_RAW_NAME) {
		/* libpfm4 4.13 spells a raw event rHEX under PFM_OS_NONE only */
		if (e->view->raw_fstr || strict) {
			put_mem(&b, "r", 1);
			put_num(&b, e->raw_val, 1);
		}
	} else if (e->exact_alias) {
		put(&b, pp_str(t, e->exact_alias->name));
	} else if (strict && e->named_ev) {
		put(&b, pp_str(t, e->named_ev->name));
	} else {
		put(&b, pp_str(t, e->ev->name));
	}
	if (e->has_raw_umask) {
		put_mem(&b, ":0x", 3);
		put_num(&b, e->raw_umask, 1);
	}
	for (int i = 0; i < e->nsel; i++)
		if (!strict || !e->sel_dfl[i]) {
			put_tok(&b, ':', pp_str(t, t->umasks[e->sel[i]].name), 0);
		}
	if (e->ix->fstr_reordered) {
		/* the PMU's fstr_order (pmu_index.h) */
		for (uint32_t k = 0; k < p->nmods && k < PP_MAX_MODS; k++) {
			uint32_t i = e->ix->fstr_order[k];
			if ((e->mods_shown >> i) & 1)
				put_attr(&b, pp_str(t, t->mods[p->first_mod + i].name), e->mod_val[i]);
		}
	} else {
		FOR_EACH_BIT(i, e->mods_shown)
			put_attr(&b, pp_str(t, t->mods[p->first_mod + i].name), e->mod_val[i]);
	}
	int sampling = (e->os_given >> PP_PA_PERIOD | e->os_given >> PP_PA_FREQ) & 1;
	FOR_EACH_BIT(a, e->attr_mask) {
		/* libpfm4 never prints cpu and pinned; the strict spelling does when given */
		if ((a == PP_PA_CPU || a == PP_PA_PINNED) && (!strict || !((e->os_given >> a) & 1)))
			continue;
		if ((a == PP_PA_PERIOD || a == PP_PA_FREQ) && !sampling)
			continue;
		/* libpfm4 prints period and freq both, with the one value given */
		if (strict && (a == PP_PA_PERIOD || a == PP_PA_FREQ)) {
			if ((e->os_given >> a) & 1)
				put_attr(&b, pp_perf_attrs[a].name, e->os_val[a]);
			continue;
		}
		/* libpfm4 prints the precise value given, 0 when hw_smpl set precise_ip */
		if (strict && a == PP_PA_PRECISE) {
			put_attr(&b, pp_perf_attrs[a].name, e->precise_ip);
			continue;
		}
		put_attr(&b, pp_perf_attrs[a].name, e->attr_shown[a]);
	}
	return sbuf_take(&b);
}
