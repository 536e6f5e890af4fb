/*
 * SPDX-License-Identifier: MIT
 * gen/tablegen/tablegen_compact.c - tablegen's passes over the loaded descriptors,
 * before they are written out: equal runs of records stored once, the
 * string pool rebuilt with the descriptions packed, and the finite match
 * patterns expanded into the identity literals detection looks up.
 *
 * Runs. Records refer to runs of sets, groups and unit masks by (first, n).
 * The loader appends a run for every reference, so the same runs recur (a
 * unit mask setting umask=0x01 in every model, the one default group of
 * most events, the unit masks of an event repeated in every model of a
 * box). pp_tablegen_share() rebuilds each array from the distinct runs and
 * points every reference at its run: references are read through
 * (first, n) only, so the answers of the table do not change. Sets first
 * (unit masks compare their new first_set), then groups, then unit masks
 * (rules follow their event's unit masks). A short run (up to SUB_MAX
 * records) is also found inside a longer one stored before it, so runs are
 * placed longest first.
 *
 * Strings. pp_tablegen_strs() rebuilds the pool from the strings the
 * records refer to. Descriptions of events and unit masks are packed with
 * a dictionary of the words that save the most bytes over all of them
 * (table.h, PP_PACK_*: the 64 best take one byte, up to 16,320 more two),
 * decoded by the library on demand (table/desc.c). A string that ends
 * another (a unit mask name and a perf name ending in it, a packed
 * description and a longer one) is stored as that other string's tail.
 * Lists (match patterns, unit-mask aliases) are stored whole. Whether a
 * reference was 0 or not is kept: 0 stays 0 ("none"), any other, even to
 * "", stays other than 0.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tablegen_compact.h"

/* ================= runs ================= */

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

/* ================= strings ================= */

/* ---- a byte-string set: content -> index, open addressing ---- */

struct item {
	const char *s;		/* bytes (not owned), or... */
	char *own;		/* ... bytes owned by the set */
	uint32_t len;		/* without the final NUL (lists: up to their "" included) */
	uint32_t count;		/* references (words: occurrences) */
	uint32_t off;		/* offset in the new pool */
	int is_list;
};

struct set {
	struct item *v;
	uint32_t n, cap;
	uint32_t *ht, htcap;	/* item index + 1, 0 = empty */
};

static uint32_t str_hash(const char *p, size_t len, int is_list)
{
	uint32_t h = 2166136261u ^ (uint32_t)is_list;
	for (size_t i = 0; i < len; i++)
		h = (h ^ (unsigned char)p[i]) * 16777619u;
	return h ^ (uint32_t)len;
}

static void die(const char *what)
{
	fprintf(stderr, "tablegen: %s\n", what);
	exit(1);
}

static void *xrealloc(void *p, size_t n)
{
	void *q = realloc(p, n ? n : 1);
	if (!q)
		die("out of memory");
	return q;
}

static char *xdup(const char *s, size_t len)
{
	char *d = xrealloc(NULL, len + 1);
	memcpy(d, s, len);
	d[len] = 0;
	return d;
}

static void set_rehash(struct set *st)
{
	st->htcap = st->htcap ? st->htcap * 2 : 4096;
	free(st->ht);
	st->ht = calloc(st->htcap, sizeof(*st->ht));
	if (!st->ht)
		die("out of memory");
	for (uint32_t i = 0; i < st->n; i++) {
		const struct item *it = &st->v[i];
		uint32_t h = str_hash(it->s, it->len, it->is_list) & (st->htcap - 1);
		while (st->ht[h])
			h = (h + 1) & (st->htcap - 1);
		st->ht[h] = i + 1;
	}
}

/* the index of the item with these bytes, added (copied when own) if new */
static uint32_t set_add(struct set *st, const char *s, uint32_t len, int is_list, int own)
{
	if ((st->n + 1) * 2 > st->htcap)
		set_rehash(st);
	uint32_t h = str_hash(s, len, is_list) & (st->htcap - 1);
	for (; st->ht[h]; h = (h + 1) & (st->htcap - 1)) {
		struct item *it = &st->v[st->ht[h] - 1];
		if (it->len == len && it->is_list == is_list && !memcmp(it->s, s, len)) {
			it->count++;
			return st->ht[h] - 1;
		}
	}
	if (st->n == st->cap) {
		st->cap = st->cap ? st->cap * 2 : 1024;
		st->v = xrealloc(st->v, (size_t)st->cap * sizeof(*st->v));
	}
	struct item *it = &st->v[st->n];
	memset(it, 0, sizeof(*it));
	it->own = own ? xdup(s, len) : NULL;
	it->s = own ? it->own : s;
	it->len = len;
	it->count = 1;
	it->is_list = is_list;
	st->ht[h] = ++st->n;
	return st->n - 1;
}

static void set_free(struct set *st)
{
	for (uint32_t i = 0; i < st->n; i++)
		free(st->v[i].own);
	free(st->v);
	free(st->ht);
	memset(st, 0, sizeof(*st));
}

/* ---- description packing ---- */

static int is_word(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

/* the length of the token at s: a word and one space after it, else one byte */
static size_t token(const char *s)
{
	size_t n = 0;
	while (is_word((unsigned char)s[n]))
		n++;
	if (!n)
		return 1;
	return s[n] == ' ' ? n + 1 : n;
}

static struct set words;	/* every word token of the descriptions, with its count */
static uint32_t *word_code;	/* per word: dictionary entry + 1, 0 = none */

struct cand { uint32_t word; long gain; };

static int cmp_cand(const void *a, const void *b)
{
	const struct cand *x = a, *y = b;
	if (x->gain != y->gain)
		return x->gain > y->gain ? -1 : 1;
	const struct item *p = &words.v[x->word], *q = &words.v[y->word];
	size_t l = p->len < q->len ? p->len : q->len;
	int d = memcmp(p->s, q->s, l);
	return d ? d : (p->len > q->len) - (p->len < q->len);
}

/* choose the dictionary: the 64 words saving most at one byte, then the
 * best PP_PACK_NDICT_MAX - 64 at two; fills dict (word indexes) */
static uint32_t choose_dict(uint32_t *dict)
{
	/* an entry costs its bytes, its NUL and its 4-byte slot in the dictionary */
	struct cand *c = xrealloc(NULL, ((size_t)words.n + 1) * sizeof(*c));
	uint32_t n = 0, nd = 0;
	for (uint32_t i = 0; i < words.n; i++)
		if (words.v[i].len >= 2)
			c[n++] = (struct cand){ i, (long)words.v[i].count * ((long)words.v[i].len - 1) -
						   ((long)words.v[i].len + 5) };
	qsort(c, n, sizeof(*c), cmp_cand);
	for (uint32_t i = 0; i < n && nd < PP_PACK_ONE; i++)
		if (c[i].gain > 0) {
			dict[nd++] = c[i].word;
			word_code[c[i].word] = nd;
		}
	uint32_t m = 0;
	for (uint32_t i = 0; i < n; i++)
		if (!word_code[c[i].word]) {
			const struct item *w = &words.v[c[i].word];
			c[m++] = (struct cand){ c[i].word, (long)w->count * ((long)w->len - 2) - ((long)w->len + 5) };
		}
	qsort(c, m, sizeof(*c), cmp_cand);
	for (uint32_t i = 0; i < m && nd < PP_PACK_NDICT_MAX && c[i].gain > 0; i++) {
		dict[nd++] = c[i].word;
		word_code[c[i].word] = nd;
	}
	free(c);
	return nd;
}

/* the packed form of s (NUL-terminated, malloc'd), its length in *len */
static char *pack(const char *s, uint32_t *len)
{
	size_t n = strlen(s), o = 0;
	char *out = xrealloc(NULL, 2 * n + 1);
	for (size_t i = 0; i < n;) {
		size_t t = token(s + i);
		uint32_t code = 0;
		if (t >= 2) {
			uint32_t h = str_hash(s + i, t, 0) & (words.htcap - 1);
			for (; words.ht[h]; h = (h + 1) & (words.htcap - 1)) {
				const struct item *w = &words.v[words.ht[h] - 1];
				if (w->len == t && !memcmp(w->s, s + i, t)) {
					code = word_code[words.ht[h] - 1];
					break;
				}
			}
		}
		if (code) {
			code--;
			if (code < PP_PACK_ONE)
				out[o++] = (char)(PP_PACK_ONE_BASE + code);
			else {
				code -= PP_PACK_ONE;
				out[o++] = (char)(PP_PACK_TWO_BASE + code / 255);
				out[o++] = (char)(1 + code % 255);
			}
			i += t;
			continue;
		}
		for (size_t k = 0; k < t; k++, i++) {
			unsigned char c = (unsigned char)s[i];
			if (c == PP_PACK_ESC || c >= PP_PACK_ONE_BASE)
				out[o++] = (char)PP_PACK_ESC;
			out[o++] = (char)c;
		}
	}
	out[o] = 0;
	*len = (uint32_t)o;
	return out;
}

/* ---- references ---- */

enum kind { K_STR, K_LIST, K_DESC };

struct sref { pp_str_t *at; uint32_t item; enum kind kind; };

static struct sref *refs;
static uint32_t nref, capref;

static void add_ref(pp_str_t *at, enum kind kind)
{
	if (!*at)
		return;
	if (nref == capref) {
		capref = capref ? capref * 2 : 4096;
		refs = xrealloc(refs, (size_t)capref * sizeof(*refs));
	}
	refs[nref++] = (struct sref){ at, 0, kind };
}

static uint32_t list_len(const char *s)
{
	const char *p = s;
	while (*p)
		p += strlen(p) + 1;
	return (uint32_t)(p - s) + 1;	/* with the final "" */
}

/* ---- tail sharing ---- */

static const struct set *sorting;

/* reversed-bytes order of strings (not lists) */
static int cmp_rev(const void *a, const void *b)
{
	const struct item *x = &sorting->v[*(const uint32_t *)a], *y = &sorting->v[*(const uint32_t *)b];
	uint32_t i = x->len, j = y->len;
	while (i && j) {
		unsigned char c = (unsigned char)x->s[--i], d = (unsigned char)y->s[--j];
		if (c != d)
			return c < d ? -1 : 1;
	}
	return (i > 0) - (j > 0);
}

/* y ends with x */
static int ends_with(const struct item *y, const struct item *x)
{
	return y->len >= x->len && !memcmp(y->s + y->len - x->len, x->s, x->len);
}

int pp_tablegen_strs(struct pp_builder *b, pp_str_t *match_prefix, pp_str_t **dict_out, uint32_t *ndict_out)
{
	uint32_t i;

	for (i = 0; i < b->pmus.n; i++) {
		struct pp_pmu *p = &b->pmus.v[i];
		add_ref(&p->name, K_STR); add_ref(&p->desc, K_STR); add_ref(&p->arch, K_STR);
		add_ref(&p->source, K_STR); add_ref(&p->version, K_STR);
		add_ref(&p->match, K_LIST); add_ref(&p->match_unit, K_STR);
		add_ref(&p->perf_pmu, K_STR); add_ref(&p->identifier, K_LIST);
		add_ref(&p->perf_pmu_pattern, K_STR);
		add_ref(&match_prefix[i], K_LIST);
	}
	for (i = 0; i < b->fields.n; i++)
		add_ref(&b->fields.v[i].name, K_STR);
	for (i = 0; i < b->mods.n; i++) {
		add_ref(&b->mods.v[i].name, K_STR);
		add_ref(&b->mods.v[i].desc, K_STR);
	}
	for (i = 0; i < b->events.n; i++) {
		struct pp_event *e = &b->events.v[i];
		add_ref(&e->name, K_STR); add_ref(&e->desc, K_DESC); add_ref(&e->equiv, K_STR);
		add_ref(&e->perf, K_STR); add_ref(&e->counters, K_STR);
	}
	for (i = 0; i < b->umasks.n; i++) {
		struct pp_umask *u = &b->umasks.v[i];
		add_ref(&u->name, K_STR); add_ref(&u->desc, K_DESC); add_ref(&u->aliases, K_LIST);
		add_ref(&u->perf, K_STR); add_ref(&u->equiv, K_STR);
	}
	for (i = 0; i < b->groups.n; i++)
		add_ref(&b->groups.v[i].name, K_STR);
	for (i = 0; i < b->aliases.n; i++) {
		add_ref(&b->aliases.v[i].name, K_STR);
		add_ref(&b->aliases.v[i].expansion, K_STR);
	}

	/* the words of the distinct descriptions, counted once per description */
	struct set descs = { 0 };
	for (i = 0; i < nref; i++)
		if (refs[i].kind == K_DESC) {
			const char *s = b->strs + *refs[i].at;
			uint32_t before = descs.n;
			set_add(&descs, s, (uint32_t)strlen(s), 0, 0);
			if (descs.n == before)
				continue;
			for (size_t k = 0; s[k]; k += token(s + k))
				if (token(s + k) >= 2)
					set_add(&words, s + k, (uint32_t)token(s + k), 0, 0);
		}
	word_code = calloc((size_t)words.n + 1, sizeof(*word_code));
	uint32_t *dict = xrealloc(NULL, PP_PACK_NDICT_MAX * sizeof(*dict));
	if (!word_code)
		die("out of memory");
	uint32_t ndict = choose_dict(dict);

	/* every distinct string, list and packed description of the new pool */
	struct set st = { 0 };
	uint32_t *dict_item = xrealloc(NULL, ((size_t)ndict + 1) * sizeof(*dict_item));
	for (i = 0; i < ndict; i++)
		dict_item[i] = set_add(&st, words.v[dict[i]].s, words.v[dict[i]].len, 0, 1);
	uint64_t plain = 0, packed = 0;
	for (i = 0; i < nref; i++) {
		const char *s = b->strs + *refs[i].at;
		if (refs[i].kind == K_LIST)
			refs[i].item = set_add(&st, s, list_len(s), 1, 1);
		else if (refs[i].kind == K_STR)
			refs[i].item = set_add(&st, s, (uint32_t)strlen(s), 0, 1);
		else {
			uint32_t len;
			char *p = pack(s, &len);
			uint32_t before = st.n;
			refs[i].item = set_add(&st, p, len, 0, 1);
			if (st.n != before) {
				plain += strlen(s) + 1;
				packed += len + 1;
			}
			free(p);
		}
	}

	/* strings in reversed order: one ending the next is that one's tail */
	uint32_t *ord = xrealloc(NULL, ((size_t)st.n + 1) * sizeof(*ord)), no = 0;
	uint32_t *parent = xrealloc(NULL, ((size_t)st.n + 1) * sizeof(*parent));
	for (i = 0; i < st.n; i++) {
		parent[i] = PP_NONE;
		if (!st.v[i].is_list)
			ord[no++] = i;
	}
	sorting = &st;
	qsort(ord, no, sizeof(*ord), cmp_rev);
	for (i = no; i-- > 1;)
		if (ends_with(&st.v[ord[i]], &st.v[ord[i - 1]]))
			parent[ord[i - 1]] = parent[ord[i]] == PP_NONE ? ord[i] : parent[ord[i]];

	/* the new pool: "", the lists, the strings that end no other */
	uint64_t total = 1;
	for (i = 0; i < st.n; i++)
		if (parent[i] == PP_NONE)
			total += st.v[i].len + !st.v[i].is_list;
	if (total > UINT32_MAX)
		die("string pool over 4 GiB");
	char *pool = xrealloc(NULL, total);
	uint32_t at = 0;
	pool[at++] = 0;
	for (int pass = 0; pass < 2; pass++)
		for (i = 0; i < st.n; i++)
			if (parent[i] == PP_NONE && st.v[i].is_list == !pass) {
				st.v[i].off = at;
				memcpy(pool + at, st.v[i].s, st.v[i].len);
				at += st.v[i].len;
				if (!st.v[i].is_list)
					pool[at++] = 0;
			}
	for (i = 0; i < st.n; i++)
		if (parent[i] != PP_NONE)
			st.v[i].off = st.v[parent[i]].off + st.v[parent[i]].len - st.v[i].len;
	for (i = 0; i < nref; i++)
		*refs[i].at = st.v[refs[i].item].off;

	pp_str_t *dout = xrealloc(NULL, ((size_t)ndict + 1) * sizeof(*dout));
	for (i = 0; i < ndict; i++)
		dout[i] = st.v[dict_item[i]].off;
	*dict_out = dout;
	*ndict_out = ndict;
	fprintf(stderr, "tablegen: strings %u -> %u bytes; %u descriptions %llu -> %llu bytes packed, "
		"%u dictionary entries\n", b->nstrs, at, descs.n, (unsigned long long)plain,
		(unsigned long long)packed, ndict);

	free(b->strs);
	b->strs = pool;
	b->nstrs = b->capstrs = at;
	free(b->intern);
	b->intern = NULL;
	b->intern_cap = b->intern_n = 0;

	free(ord);
	free(parent);
	free(dict);
	free(dict_item);
	free(word_code);
	set_free(&st);
	set_free(&descs);
	set_free(&words);
	free(refs);
	refs = NULL;
	nref = capref = 0;
	return 0;
}

/*
 * Identity literals (table.h, pp_table.idlit): a pattern made of literal
 * characters, bracket expressions of plain characters and ranges, groups
 * with '|' and '?' matches a finite set of strings; expand() writes them
 * (at most PP_LIT_MAX of at most PP_LIT_LEN - 1 bytes) or fails (-1) on anything
 * else (pp_tablegen_expand). Detection then looks an identity up among them instead of matching
 * each pattern.
 */

static int lit_word(int c)
{
	return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' ||
	       c == ',' || c == '_';
}

static int expand_alt(const char **pp, struct pp_lits *out, int depth);

/* out = out x atom (every string of out followed by every one of atom) */
static int cross(struct pp_lits *out, const struct pp_lits *atom)
{
	static struct pp_lits tmp;
	tmp.n = 0;
	for (int i = 0; i < out->n; i++)
		for (int j = 0; j < atom->n; j++) {
			size_t a = strlen(out->v[i]), c = strlen(atom->v[j]);
			if (tmp.n == PP_LIT_MAX || a + c >= PP_LIT_LEN)
				return -1;
			memcpy(tmp.v[tmp.n], out->v[i], a);
			memcpy(tmp.v[tmp.n] + a, atom->v[j], c + 1);
			tmp.n++;
		}
	*out = tmp;
	return 0;
}

/* one branch (up to '|', ')' or the end) into out */
static int expand_seq(const char **pp, struct pp_lits *out, int depth)
{
	const char *p = *pp;
	struct pp_lits *atom = malloc(sizeof(*atom));
	int r = 0;
	if (!atom)
		return -1;
	out->n = 1;
	out->v[0][0] = 0;
	while (!r && *p && *p != '|' && *p != ')') {
		atom->n = 0;
		if (lit_word((unsigned char)*p)) {
			atom->v[0][0] = *p++;
			atom->v[0][1] = 0;
			atom->n = 1;
		} else if (*p == '[') {
			p++;
			for (; *p && *p != ']' && !r; p++) {
				int lo = (unsigned char)*p, hi = lo;
				if (!lit_word(lo) || lo == '-')
					r = -1;
				else if (p[1] == '-' && p[2] && p[2] != ']')
					hi = (unsigned char)p[2], p += 2;
				for (int c = lo; !r && c <= hi; c++) {
					if (atom->n == PP_LIT_MAX || !lit_word(c))
						r = -1;
					else
						atom->v[atom->n][0] = (char)c, atom->v[atom->n++][1] = 0;
				}
			}
			if (*p != ']')
				r = -1;
			else
				p++;
		} else if (*p == '(' && depth < 8) {
			p++;
			r = expand_alt(&p, atom, depth + 1);
			if (!r && *p++ != ')')
				r = -1;
		} else {
			r = -1;
		}
		if (!r && *p == '?') {	/* the atom or nothing */
			p++;
			if (atom->n == PP_LIT_MAX)
				r = -1;
			else
				atom->v[atom->n++][0] = 0;
		}
		if (!r && (*p == '*' || *p == '+' || *p == '{'))
			r = -1;
		if (!r)
			r = cross(out, atom);
	}
	free(atom);
	*pp = p;
	return r;
}

static int expand_alt(const char **pp, struct pp_lits *out, int depth)
{
	struct pp_lits *br = malloc(sizeof(*br));
	int r = br ? 0 : -1;
	out->n = 0;
	while (!r) {
		r = expand_seq(pp, br, depth);
		for (int i = 0; !r && i < br->n; i++) {
			if (out->n == PP_LIT_MAX)
				r = -1;
			else
				memcpy(out->v[out->n++], br->v[i], PP_LIT_LEN);
		}
		if (r || **pp != '|')
			break;
		(*pp)++;
	}
	free(br);
	return r;
}

int pp_tablegen_expand(const char *pat, struct pp_lits *out)
{
	char buf[512];
	size_t n = strlen(pat);
	if (*pat == '^')
		pat++, n--;
	if (n && pat[n - 1] == '$')
		n--;
	if (n >= sizeof(buf))
		return -1;
	memcpy(buf, pat, n);
	buf[n] = 0;
	const char *p = buf;
	return expand_alt(&p, out, 0) || *p ? -1 : 0;
}
