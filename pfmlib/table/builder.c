/*
 * SPDX-License-Identifier: MIT
 * table/builder.c - growable storage for PMU table records and the interned
 * string pool (see pp_builder.h).
 */
#include <stdlib.h>
#include <string.h>
#include "table/builder.h"

static int grow(void **v, uint32_t *cap, uint32_t need, size_t elt)
{
	if (need <= *cap)
		return 0;
	uint32_t ncap = *cap ? *cap : 16;
	while (ncap < need) {
		if (ncap > UINT32_MAX / 2)
			return -1;
		ncap *= 2;
	}
	void *nv = realloc(*v, (size_t)ncap * elt);
	if (!nv)
		return -1;
	*v = nv;
	*cap = ncap;
	return 0;
}

#define VEC_ADD(b, vec) vec_add((b), (void **)&(b)->vec.v, &(b)->vec.n, &(b)->vec.cap, sizeof(*(b)->vec.v))

static uint32_t vec_add(struct pp_builder *b, void **v, uint32_t *n, uint32_t *cap, size_t elt)
{
	if (b->oom || *n == UINT32_MAX - 1 || grow(v, cap, *n + 1, elt)) {
		b->oom = 1;
		return PP_NONE;
	}
	memset((char *)*v + (size_t)*n * elt, 0, elt);
	return (*n)++;
}

uint32_t pp_builder_add_pmu(struct pp_builder *b)    { return VEC_ADD(b, pmus); }
uint32_t pp_builder_add_field(struct pp_builder *b)
{
	/* a set names its field in 24 bits */
	if (b->fields.n >= PP_SET_FIELD_MAX) {
		b->oom = 1;
		return PP_NONE;
	}
	return VEC_ADD(b, fields);
}
uint32_t pp_builder_add_set(struct pp_builder *b)    { return VEC_ADD(b, sets); }
uint32_t pp_builder_add_mod(struct pp_builder *b)    { return VEC_ADD(b, mods); }
uint32_t pp_builder_add_event(struct pp_builder *b)  { return VEC_ADD(b, events); }
uint32_t pp_builder_add_umask(struct pp_builder *b)  { return VEC_ADD(b, umasks); }
uint32_t pp_builder_add_group(struct pp_builder *b)  { return VEC_ADD(b, groups); }
uint32_t pp_builder_add_rule(struct pp_builder *b)   { return VEC_ADD(b, rules); }
uint32_t pp_builder_add_alias(struct pp_builder *b)  { return VEC_ADD(b, aliases); }

void pp_builder_init(struct pp_builder *b)
{
	memset(b, 0, sizeof(*b));
	/* offset 0 is the empty string */
	if (grow((void **)&b->strs, &b->capstrs, 1, 1)) {
		b->oom = 1;
		return;
	}
	b->strs[0] = '\0';
	b->nstrs = 1;
}

void pp_builder_free(struct pp_builder *b)
{
	free(b->strs); free(b->intern);
	free(b->pmus.v); free(b->fields.v); free(b->sets.v); free(b->mods.v);
	free(b->events.v); free(b->umasks.v); free(b->groups.v); free(b->rules.v);
	free(b->aliases.v); free(b->hash.v);
	memset(b, 0, sizeof(*b));
}

void pp_builder_mark(const struct pp_builder *b, struct pp_builder_mark *m)
{
	m->nstrs = b->nstrs; m->pmus = b->pmus.n; m->fields = b->fields.n;
	m->sets = b->sets.n; m->mods = b->mods.n; m->events = b->events.n;
	m->umasks = b->umasks.n; m->groups = b->groups.n; m->rules = b->rules.n;
	m->aliases = b->aliases.n; m->hash = b->hash.n;
}

/* ---- string interning: a hash set of (offset + 1) keyed by the string's bytes ---- */

static uint32_t hash_bytes(const char *s, size_t len)
{
	uint32_t h = 2166136261u;
	for (size_t i = 0; i < len; i++)
		h = (h ^ (unsigned char)s[i]) * 16777619u;
	return h;
}

static int intern_rehash(struct pp_builder *b, uint32_t ncap)
{
	uint32_t *nt = calloc(ncap, sizeof(*nt));
	if (!nt)
		return -1;
	for (uint32_t i = 0; i < b->intern_cap; i++) {
		uint32_t e = b->intern[i];
		if (!e)
			continue;
		const char *s = b->strs + e - 1;
		uint32_t h = hash_bytes(s, strlen(s)) & (ncap - 1);
		while (nt[h])
			h = (h + 1) & (ncap - 1);
		nt[h] = e;
	}
	free(b->intern);
	b->intern = nt;
	b->intern_cap = ncap;
	return 0;
}

pp_str_t pp_builder_str(struct pp_builder *b, const char *s, size_t len)
{
	if (b->oom)
		return 0;
	if (len == 0)
		return 0;
	if ((b->intern_n + 1) * 2 > b->intern_cap &&
	    intern_rehash(b, b->intern_cap ? b->intern_cap * 2 : 64)) {
		b->oom = 1;
		return 0;
	}
	uint32_t mask = b->intern_cap - 1;
	uint32_t h = hash_bytes(s, len) & mask;
	for (; b->intern[h]; h = (h + 1) & mask) {
		const char *c = b->strs + b->intern[h] - 1;
		if (strncmp(c, s, len) == 0 && c[len] == '\0')
			return b->intern[h] - 1;
	}
	pp_str_t off = pp_builder_str_append(b, s, len);
	if (b->oom)
		return 0;
	b->intern[h] = off + 1;
	b->intern_n++;
	return off;
}

pp_str_t pp_builder_str_append(struct pp_builder *b, const char *s, size_t len)
{
	if (b->oom || !len)
		return 0;
	if ((uint64_t)b->nstrs + len + 1 > UINT32_MAX ||
	    grow((void **)&b->strs, &b->capstrs, b->nstrs + (uint32_t)len + 1, 1)) {
		b->oom = 1;
		return 0;
	}
	uint32_t off = b->nstrs;
	memcpy(b->strs + off, s, len);
	b->strs[off + len] = '\0';
	b->nstrs += (uint32_t)len + 1;
	return off;
}

pp_str_t pp_builder_strlist(struct pp_builder *b, const char *const *s, size_t n)
{
	/* lists are not interned: append the strings and a terminating "" */
	if (b->oom || n == 0)
		return 0;
	size_t total = 1;
	for (size_t i = 0; i < n; i++)
		total += strlen(s[i]) + 1;
	if ((uint64_t)b->nstrs + total > UINT32_MAX ||
	    grow((void **)&b->strs, &b->capstrs, b->nstrs + (uint32_t)total, 1)) {
		b->oom = 1;
		return 0;
	}
	uint32_t off = b->nstrs;
	char *p = b->strs + off;
	for (size_t i = 0; i < n; i++) {
		size_t l = strlen(s[i]);
		memcpy(p, s[i], l + 1);
		p += l + 1;
	}
	*p = '\0';
	b->nstrs += (uint32_t)total;
	return off;
}

void pp_builder_rollback(struct pp_builder *b, const struct pp_builder_mark *m)
{
	/* forget interned strings appended after the mark */
	if (b->nstrs > m->nstrs && b->intern) {
		for (uint32_t i = 0; i < b->intern_cap; i++)
			if (b->intern[i] && b->intern[i] - 1 >= m->nstrs)
				b->intern[i] = 0;
		b->intern_n = 0;
		for (uint32_t i = 0; i < b->intern_cap; i++)
			b->intern_n += b->intern[i] != 0;
		/* re-place survivors: removals break linear-probe chains */
		intern_rehash(b, b->intern_cap);
	}
	b->nstrs = m->nstrs; b->pmus.n = m->pmus; b->fields.n = m->fields;
	b->sets.n = m->sets; b->mods.n = m->mods; b->events.n = m->events;
	b->umasks.n = m->umasks; b->groups.n = m->groups; b->rules.n = m->rules;
	b->aliases.n = m->aliases; b->hash.n = m->hash;
}

/* ---- name index ---- */

static int name_eq_ci(const char *a, const char *b)
{
	for (;; a++, b++) {
		unsigned char x = (unsigned char)*a, y = (unsigned char)*b;
		if (x >= 'a' && x <= 'z') x = (unsigned char)(x - 32);
		if (y >= 'a' && y <= 'z') y = (unsigned char)(y - 32);
		if (x != y)
			return 0;
		if (!x)
			return 1;
	}
}

static const char *slot_name(const struct pp_builder *b, const struct pp_pmu *p, uint32_t e)
{
	if (e & PP_HASH_ALIAS)
		return b->strs + b->aliases.v[p->first_alias + (e & ~PP_HASH_ALIAS) - 1].name;
	return b->strs + b->events.v[p->first_event + e - 1].name;
}

int pp_builder_index_pmu(struct pp_builder *b, uint32_t pmu_index, char *dup, size_t dupsz)
{
	struct pp_pmu *p = &b->pmus.v[pmu_index];
	uint32_t keys = p->nevents + p->naliases;
	uint32_t size = 8;
	while (size < keys * 2)
		size *= 2;
	uint32_t first = b->hash.n;
	for (uint32_t i = 0; i < size; i++)
		if (VEC_ADD(b, hash) == PP_NONE)
			return -2;
	p = &b->pmus.v[pmu_index];
	p->first_hash = first;
	p->hash_size = size;
	uint32_t *slots = b->hash.v + first;
	for (uint32_t k = 0; k < keys; k++) {
		uint32_t e = k < p->nevents ? k + 1 : ((k - p->nevents + 1) | PP_HASH_ALIAS);
		const char *name = slot_name(b, p, e);
		uint32_t h = pp_hash_name(name, strlen(name)) & (size - 1);
		for (; slots[h]; h = (h + 1) & (size - 1)) {
			if (name_eq_ci(slot_name(b, p, slots[h]), name)) {
				if (dup && dupsz) {
					size_t l = strlen(name) < dupsz - 1 ? strlen(name) : dupsz - 1;
					memcpy(dup, name, l);
					dup[l] = '\0';
				}
				return -1;
			}
		}
		slots[h] = e;
	}
	return 0;
}

void pp_builder_table(const struct pp_builder *b, struct pp_table *t)
{
	t->strs = b->strs; t->nstrs = b->nstrs;
	t->pmus = b->pmus.v; t->npmus = b->pmus.n;
	t->fields = b->fields.v; t->nfields = b->fields.n;
	t->sets = b->sets.v; t->nsets = b->sets.n;
	t->mods = b->mods.v; t->nmods = b->mods.n;
	t->events = b->events.v; t->nevents = b->events.n;
	t->umasks = b->umasks.v; t->numasks = b->umasks.n;
	t->groups = b->groups.v; t->ngroups = b->groups.n;
	t->rules = b->rules.v; t->nrules = b->rules.n;
	t->aliases = b->aliases.v; t->naliases = b->aliases.n;
	t->hash = b->hash.v; t->nhash = b->hash.n;
	t->pmu_hash = NULL; t->npmu_hash = 0;	/* the registry indexes run-time PMUs itself */
	t->umask_tag = NULL;
	t->kpmu = NULL; t->nkpmu = 0;
	t->kpmu_end = NULL;
	t->kpmu_len = NULL;
	t->kpmu_run = NULL; t->pmu_krun = NULL; t->nkrun = 0;
	t->match_prefix = NULL;
	t->variants = NULL; t->nvariants = 0;
	t->dgroups = NULL; t->ndgroups = 0;
	t->dg_order = NULL; t->ndg_lit = 0;
	t->dgroup_of = NULL;
	t->idents = NULL; t->nidents = 0;
	t->patterns = NULL; t->npatterns = 0;
	t->desc_dict = NULL; t->ndesc_dict = 0;
}
