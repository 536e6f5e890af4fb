/*
 * SPDX-License-Identifier: MIT
 * plugins/stub.c - a lazy plugin's table as bytes and back (stub.h). Layout
 * (native byte order, as the plugin cache is): a header of counts, then the
 * arrays pmus, fields, sets, mods, hash and the string pool, each starting
 * at a multiple of 8.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "plugins/stub.h"

#define STUB_MAGIC 0x62757473u	/* "stub" */

struct stub_head {
	uint32_t magic, npmus, nfields, nsets, nmods, nhash, nstrs, pad;
};

static size_t up8(size_t n)
{
	return (n + 7) & ~(size_t)7;
}

/* the offsets of the arrays after the header, and the total */
struct layout {
	size_t pmus, fields, sets, mods, hash, strs, end;
};

static void layout(const struct stub_head *h, struct layout *l)
{
	l->pmus = up8(sizeof(*h));
	l->fields = l->pmus + up8((size_t)h->npmus * sizeof(struct pp_pmu));
	l->sets = l->fields + up8((size_t)h->nfields * sizeof(struct pp_field));
	l->mods = l->sets + up8((size_t)h->nsets * sizeof(struct pp_set));
	l->hash = l->mods + up8((size_t)h->nmods * sizeof(struct pp_modifier));
	l->strs = l->hash + up8((size_t)h->nhash * sizeof(uint32_t));
	l->end = l->strs + up8(h->nstrs);
}

/* the pool gets one more NUL: lists and strings always end within it */
size_t pp_stub_size(const struct pp_table *t)
{
	if (t->nevents || t->naliases || t->numasks || t->nstrs >= (1u << 24))
		return 0;
	struct stub_head h = { STUB_MAGIC, t->npmus, t->nfields, t->nsets, t->nmods, t->nhash, t->nstrs + 1, 0 };
	struct layout l;
	layout(&h, &l);
	return l.end;
}

/* memcpy, but an empty array may be NULL */
static void put(unsigned char *out, const void *src, size_t n)
{
	if (n)
		memcpy(out, src, n);
}

void pp_stub_write(const struct pp_table *t, unsigned char *out)
{
	struct stub_head h = { STUB_MAGIC, t->npmus, t->nfields, t->nsets, t->nmods, t->nhash, t->nstrs + 1, 0 };
	struct layout l;
	layout(&h, &l);
	memset(out, 0, l.end);
	memcpy(out, &h, sizeof(h));
	put(out + l.pmus, t->pmus, (size_t)t->npmus * sizeof(*t->pmus));
	put(out + l.fields, t->fields, (size_t)t->nfields * sizeof(*t->fields));
	put(out + l.sets, t->sets, (size_t)t->nsets * sizeof(*t->sets));
	put(out + l.mods, t->mods, (size_t)t->nmods * sizeof(*t->mods));
	put(out + l.hash, t->hash, (size_t)t->nhash * sizeof(*t->hash));
	put(out + l.strs, t->strs, t->nstrs);
}

/* [first, first + n) within total */
static int range_ok(uint32_t first, uint32_t n, uint32_t total)
{
	return first <= total && n <= total - first;
}

static int str_ok(const struct pp_table *t, pp_str_t s)
{
	return s < t->nstrs;
}

/* every index and string of t within bounds, no events: what a consumer may follow */
static int check(const struct pp_table *t)
{
	/* the pool ends with two NULs, so that any string and any list ends in it */
	if (t->nstrs < 2 || t->strs[t->nstrs - 1] || t->strs[t->nstrs - 2] || !t->npmus)
		return -1;
	for (uint32_t i = 0; i < t->npmus; i++) {
		const struct pp_pmu *p = &t->pmus[i];
		if (!str_ok(t, p->name) || !str_ok(t, p->desc) || !str_ok(t, p->arch) || !str_ok(t, p->source) ||
		    !str_ok(t, p->match) || !str_ok(t, p->match_unit) || !str_ok(t, p->perf_pmu) ||
		    !str_ok(t, p->identifier) || !str_ok(t, p->perf_pmu_pattern) ||
		    p->id < 0 || p->id > 4095 || p->type < 1 || p->type > 3 ||
		    !range_ok(p->first_field, p->nfields, t->nfields) ||
		    !range_ok(p->first_raw_set, p->nraw_set, t->nsets) || !range_ok(p->first_mod, p->nmods, t->nmods) ||
		    p->nevents || p->naliases || !range_ok(p->first_hash, p->hash_size, t->nhash))
			return -1;
	}
	for (uint32_t i = 0; i < t->nfields; i++) {
		const struct pp_field *f = &t->fields[i];
		if (!str_ok(t, f->name) || f->reg >= PP_NREGS || f->raw_reg >= PP_NREGS || f->width > 64)
			return -1;
	}
	for (uint32_t i = 0; i < t->nsets; i++)
		if (t->sets[i].field >= t->nfields)
			return -1;
	for (uint32_t i = 0; i < t->nmods; i++) {
		const struct pp_modifier *m = &t->mods[i];
		if (!str_ok(t, m->name) || !str_ok(t, m->desc) || m->type > PP_MOD_INT ||
		    (m->field != PP_NONE && m->field >= t->nfields) || (m->enable != PP_NONE && m->enable >= t->nfields) ||
		    (m->requires != PP_REQ_NONE && m->requires >= t->nmods))
			return -1;
	}
	for (uint32_t i = 0; i < t->nhash; i++)
		if (t->hash[i])
			return -1;	/* no event, no alias: every slot empty */
	return 0;
}

int pp_stub_read(const unsigned char *blob, size_t len, struct pp_table *t, void **mem)
{
	struct stub_head h;
	struct layout l;
	*mem = NULL;
	if (len < sizeof(h))
		return -1;
	memcpy(&h, blob, sizeof(h));
	if (h.magic != STUB_MAGIC || h.npmus > 4096 || h.nfields > (1u << 20) || h.nsets > (1u << 20) ||
	    h.nmods > (1u << 20) || h.nhash > (1u << 20) || h.nstrs > (1u << 24))
		return -1;
	layout(&h, &l);
	if (l.end != len)
		return -1;
	unsigned char *m = malloc(len);	/* aligned for every record */
	if (!m)
		return -1;
	memcpy(m, blob, len);
	memset(t, 0, sizeof(*t));
	t->pmus = (const struct pp_pmu *)(m + l.pmus);
	t->npmus = h.npmus;
	t->fields = (const struct pp_field *)(m + l.fields);
	t->nfields = h.nfields;
	t->sets = (const struct pp_set *)(m + l.sets);
	t->nsets = h.nsets;
	t->mods = (const struct pp_modifier *)(m + l.mods);
	t->nmods = h.nmods;
	t->hash = (const uint32_t *)(m + l.hash);
	t->nhash = h.nhash;
	t->strs = (const char *)(m + l.strs);
	t->nstrs = h.nstrs;
	if (check(t)) {
		free(m);
		memset(t, 0, sizeof(*t));
		return -1;
	}
	*mem = m;
	return 0;
}
