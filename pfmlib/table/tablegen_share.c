/*
 * table/tablegen_share.c - tablegen's sharing pass: a run of records that
 * another record already refers to with the same contents is stored once.
 *
 * Records refer to runs of sets, groups and unit masks by (first, n). The
 * loader appends a run for every reference, so the same runs recur (a unit
 * mask setting umask=0x01 in every model, the one default group of most
 * events, the unit masks of an event repeated in every model of a box).
 * The pass rebuilds each array from the distinct runs and points every
 * reference at its run: references are read through (first, n) only, so the
 * answers of the table do not change. Sets first (unit masks compare their
 * new first_set), then groups, then unit masks (rules follow their event's
 * unit masks). A short run (up to SUB_MAX records) is also found inside a
 * longer one stored before it, so runs are placed longest first.
 */
#include <stdlib.h>
#include <string.h>
#include "table/tablegen_share.h"

#define SUB_MAX 8

/* the distinct runs of one array: the new array and an index of its runs */
struct runs {
	char *v;		/* new records, sz bytes each */
	uint32_t n, cap;
	size_t sz;
	struct slot { uint32_t start, len; } *ht;	/* len 0: empty */
	uint32_t htcap, htn;
};

static uint32_t hash_bytes(const void *p, size_t len)
{
	const unsigned char *c = p;
	uint32_t h = 2166136261u;
	for (size_t i = 0; i < len; i++)
		h = (h ^ c[i]) * 16777619u;
	return h ^ (uint32_t)len;
}

static int ht_put(struct runs *r, uint32_t start, uint32_t len);

static int ht_grow(struct runs *r)
{
	struct slot *old = r->ht;
	uint32_t oldcap = r->htcap;
	r->htcap = oldcap ? oldcap * 2 : 1024;
	r->ht = calloc(r->htcap, sizeof(*r->ht));
	if (!r->ht)
		return -1;
	r->htn = 0;
	for (uint32_t i = 0; i < oldcap; i++)
		if (old[i].len && ht_put(r, old[i].start, old[i].len))
			return -1;
	free(old);
	return 0;
}

/* the slot of the run equal to rec[0..len), or the empty slot it would take */
static struct slot *ht_find(const struct runs *r, const void *rec, uint32_t len)
{
	uint32_t mask = r->htcap - 1;
	uint32_t h = hash_bytes(rec, (size_t)len * r->sz) & mask;
	for (;; h = (h + 1) & mask) {
		struct slot *s = &r->ht[h];
		if (!s->len || (s->len == len && !memcmp(r->v + (size_t)s->start * r->sz, rec, (size_t)len * r->sz)))
			return s;
	}
}

static int ht_put(struct runs *r, uint32_t start, uint32_t len)
{
	if ((r->htn + 1) * 2 > r->htcap && ht_grow(r))
		return -1;
	struct slot *s = ht_find(r, r->v + (size_t)start * r->sz, len);
	if (!s->len) {
		s->start = start;
		s->len = len;
		r->htn++;
	}
	return 0;
}

/* the new first index of the run rec[0..len): an equal stored run, or a copy
 * appended; PP_NONE when out of memory */
static uint32_t place(struct runs *r, const void *rec, uint32_t len)
{
	if (!len)
		return 0;
	if (!r->htcap && ht_grow(r))
		return PP_NONE;
	struct slot *s = ht_find(r, rec, len);
	if (s->len)
		return s->start;
	if (r->n + len > r->cap) {
		uint32_t ncap = r->cap ? r->cap : 1024;
		while (ncap < r->n + len)
			ncap *= 2;
		char *nv = realloc(r->v, (size_t)ncap * r->sz);
		if (!nv)
			return PP_NONE;
		r->v = nv;
		r->cap = ncap;
	}
	uint32_t start = r->n;
	memcpy(r->v + (size_t)start * r->sz, rec, (size_t)len * r->sz);
	r->n += len;
	if (ht_put(r, start, len))
		return PP_NONE;
	if (len <= SUB_MAX)
		for (uint32_t a = 0; a < len; a++)
			for (uint32_t l = 1; a + l <= len; l++)
				if ((a || l < len) && ht_put(r, start + a, l))
					return PP_NONE;
	return start;
}

/* one reference to a run: where its first index lives and its length */
struct ref {
	uint32_t *first;
	uint32_t n;
	uint32_t order;		/* position among the references: ties keep it */
};

static int cmp_ref(const void *a, const void *b)
{
	const struct ref *x = a, *y = b;
	if (x->n != y->n)
		return x->n > y->n ? -1 : 1;
	return (x->order > y->order) - (x->order < y->order);
}

/* rebuild *v (n records of sz bytes) from the runs the nref references name,
 * longest first; 0 on success */
static int share(void **v, uint32_t *n, size_t sz, struct ref *refs, uint32_t nref)
{
	struct runs r = { .sz = sz };
	qsort(refs, nref, sizeof(*refs), cmp_ref);
	for (uint32_t i = 0; i < nref; i++) {
		uint32_t f = place(&r, (char *)*v + (size_t)*refs[i].first * sz, refs[i].n);
		if (f == PP_NONE) {
			free(r.v);
			free(r.ht);
			return -1;
		}
		*refs[i].first = refs[i].n ? f : 0;
	}
	free(r.ht);
	free(*v);
	*v = r.v;
	*n = r.n;
	return 0;
}

int pp_tablegen_share(struct pp_builder *b)
{
	uint32_t max = b->pmus.n + 2 * b->events.n + b->umasks.n, k = 0;
	struct ref *refs = calloc((size_t)max + 1, sizeof(*refs));
	uint32_t *ufirst = calloc((size_t)b->events.n + 1, sizeof(*ufirst));
	if (!refs || !ufirst)
		goto oom;

	/* sets: of the PMUs (raw_bits), events and unit masks */
	for (uint32_t i = 0; i < b->pmus.n; i++)
		refs[k] = (struct ref){ &b->pmus.v[i].first_raw_set, b->pmus.v[i].nraw_set, k }, k++;
	for (uint32_t i = 0; i < b->events.n; i++)
		refs[k] = (struct ref){ &b->events.v[i].first_set, b->events.v[i].nset, k }, k++;
	for (uint32_t i = 0; i < b->umasks.n; i++)
		refs[k] = (struct ref){ &b->umasks.v[i].first_set, b->umasks.v[i].nset, k }, k++;
	if (share((void **)&b->sets.v, &b->sets.n, sizeof(*b->sets.v), refs, k))
		goto oom;
	b->sets.cap = b->sets.n;

	/* groups of the events */
	for (k = 0; k < b->events.n; k++)
		refs[k] = (struct ref){ &b->events.v[k].first_group, b->events.v[k].ngroups, k };
	if (share((void **)&b->groups.v, &b->groups.n, sizeof(*b->groups.v), refs, k))
		goto oom;
	b->groups.cap = b->groups.n;

	/* unit masks of the events; a rule names one of its event's unit masks */
	for (k = 0; k < b->events.n; k++) {
		ufirst[k] = b->events.v[k].first_umask;
		refs[k] = (struct ref){ &b->events.v[k].first_umask, b->events.v[k].numasks, k };
	}
	if (share((void **)&b->umasks.v, &b->umasks.n, sizeof(*b->umasks.v), refs, k))
		goto oom;
	b->umasks.cap = b->umasks.n;
	for (uint32_t i = 0; i < b->events.n; i++) {
		const struct pp_event *e = &b->events.v[i];
		for (uint32_t r = 0; r < e->nrules; r++) {
			struct pp_rule *ru = &b->rules.v[e->first_rule + r];
			if (ru->umask >= ufirst[i] && ru->umask - ufirst[i] < e->numasks)
				ru->umask = e->first_umask + (ru->umask - ufirst[i]);
		}
	}
	free(refs);
	free(ufirst);
	return 0;
oom:
	free(refs);
	free(ufirst);
	return -1;
}
