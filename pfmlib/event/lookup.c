/*
 * SPDX-License-Identifier: MIT
 * event/lookup.c - name lookups in a PMU's tables: events and aliases
 * through the generated hash index, unit masks by name or alias.
 */
#include <string.h>
#include "event/lookup.h"
#include "event/pmu_index.h"
#include "util/str.h"

int pp_lookup_name(const struct pp_pmu_rt *pmu, const char *name, size_t len,
		   const struct pp_alias **alias)
{
	const struct pp_table *t = pmu->t;
	const struct pp_pmu *p = pmu->p;
	*alias = NULL;
	if (!p->hash_size || !len)
		return -1;
	const uint32_t *slots = t->hash + p->first_hash;
	uint32_t mask = p->hash_size - 1;
	for (uint32_t h = pp_hash_name(name, len) & mask;; h = (h + 1) & mask) {
		uint32_t e = slots[h];
		if (!e)
			return -1;
		if (e & PP_HASH_ALIAS) {
			const struct pp_alias *a = &t->aliases[p->first_alias + (e & ~PP_HASH_ALIAS) - 1];
			if (pp_name_eq(pp_str(t, a->name), name, len)) {
				*alias = a;
				return -1;
			}
		} else if (pp_name_eq(pp_str(t, t->events[p->first_event + e - 1].name), name, len)) {
			return (int)(e - 1);
		}
	}
}

int pp_lookup_umask(const struct pp_pmu_rt *pmu, const struct pp_event *ev,
		    const char *name, size_t len)
{
	const struct pp_table *t = pmu->t;
	if (t->umask_tag) {
		/* names compared only where the hash byte matches */
		uint8_t tag = (uint8_t)pp_hash_name(name, len);
		const uint8_t *tags = t->umask_tag + ev->first_umask, *end = tags + ev->numasks;
		/* the tags are bytes: memchr finds the next candidate */
		for (const uint8_t *q = tags; (q = memchr(q, tag, (size_t)(end - q))); q++) {
			uint32_t i = (uint32_t)(q - tags);
			if (pp_name_eq(pp_str(t, t->umasks[ev->first_umask + i].name), name, len))
				return (int)(ev->first_umask + i);
		}
	} else {
		for (uint32_t i = 0; i < ev->numasks; i++) {
			const struct pp_umask *u = &t->umasks[ev->first_umask + i];
			if (pp_name_eq(pp_str(t, u->name), name, len))
				return (int)(ev->first_umask + i);
		}
	}
	/* aliases only after every canonical name, so a name never loses to an
	 * alias; only for an event that has some, none shorter than len (kept per
	 * event in the PMU's index once known: 1 none, 2 + the shortest alias's
	 * length up to 253; threads that race store the same) */
	if (!ev->numasks)
		return -1;	/* (and a table without unit masks has no array of them) */
	const struct pp_pmu_index *ix = pp_pmu_index(pmu);
	uint32_t n = (uint32_t)(ev - t->events) - pmu->p->first_event;
	uint8_t *known = ix && ix->umask_aliases && n < pmu->p->nevents ? &ix->umask_aliases[n] : NULL;
	uint8_t k = known ? __atomic_load_n(known, __ATOMIC_RELAXED) : 0;
	if (k == 1 || (k >= 2 && len + 2 < k))
		return -1;
	size_t minl = SIZE_MAX;
	const struct pp_umask *u0 = &t->umasks[ev->first_umask], *ue = u0 + ev->numasks;
	for (const struct pp_umask *u = u0; u < ue; u++) {
		if (__builtin_expect(!u->aliases, 1))
			continue;
		for (const char *a = pp_str(t, u->aliases); *a;) {
			size_t l = strlen(a);
			if (l == len && pp_name_eq(a, name, len))
				return (int)(ev->first_umask + (uint32_t)(u - u0));
			minl = l < minl ? l : minl;
			a += l + 1;
		}
	}
	if (known)
		__atomic_store_n(known, (uint8_t)(minl == SIZE_MAX ? 1 : 2 + (minl < 253 ? minl : 253)), __ATOMIC_RELAXED);
	return -1;
}
