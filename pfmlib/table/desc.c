/*
 * SPDX-License-Identifier: MIT
 * table/desc.c - descriptions as the API gives them. A table that packs
 * them (table.h, PP_PACK_ESC: the built-in one) has each decoded on its
 * first request into a cache the library owns, keyed by the packed string's
 * address and freed by pfm_terminate: its pointers live as long as
 * libpfm4's info.desc ones. One mutex guards the cache. Decoding is bounded
 * by the packed string: each code yields one dictionary entry, a string of
 * the pool.
 */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "table/table.h"

struct entry {
	const char *key;	/* the packed string, NULL = empty slot */
	char *text;
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct entry *cache;
static size_t ncache, capcache;	/* capcache: a power of two, or 0 */

size_t pp_desc_unpack(const struct pp_table *t, const char *in, char *out, size_t cap)
{
	const unsigned char *p = (const unsigned char *)in;
	size_t n = 0;
	while (*p) {
		char lit;
		const char *w;
		size_t len;
		if (*p == PP_PACK_ESC || *p < PP_PACK_ONE_BASE) {
			if (*p == PP_PACK_ESC && !*++p)
				break;
			lit = (char)*p++;
			w = &lit;
			len = 1;
		} else {
			uint32_t e;
			if (*p < PP_PACK_TWO_BASE)
				e = (uint32_t)(*p++ - PP_PACK_ONE_BASE);
			else {
				if (!p[1])
					break;
				e = PP_PACK_ONE + 255u * (uint32_t)(p[0] - PP_PACK_TWO_BASE) + p[1] - 1u;
				p += 2;
			}
			if (e >= t->ndesc_dict)
				break;
			w = t->strs + t->desc_dict[e];
			len = strlen(w);
		}
		if (n < cap) {
			size_t k = cap - n < len ? cap - n : len;
			memcpy(out + n, w, k);
		}
		n += len;
	}
	if (cap)
		out[n < cap ? n : cap - 1] = 0;
	return n;
}

static struct entry *slot(const char *key)
{
	uintptr_t h = (uintptr_t)key;
	h ^= h >> 17;
	h *= 0x9e3779b1u;
	h ^= h >> 15;
	for (size_t i = h & (capcache - 1);; i = (i + 1) & (capcache - 1))
		if (!cache[i].key || cache[i].key == key)
			return &cache[i];
}

/* room for one more entry; 0 on success */
static int reserve(void)
{
	if ((ncache + 1) * 2 <= capcache)
		return 0;
	size_t ncap = capcache ? capcache * 2 : 1024;
	struct entry *old = cache, *nc = calloc(ncap, sizeof(*nc));
	if (!nc)
		return -1;
	size_t ocap = capcache;
	cache = nc;
	capcache = ncap;
	for (size_t i = 0; i < ocap; i++)
		if (old[i].key)
			*slot(old[i].key) = old[i];
	free(old);
	return 0;
}

const char *pp_desc(const struct pp_table *t, pp_str_t s)
{
	const char *in = pp_str(t, s);
	if (!t->desc_dict || !*in)
		return in;
	pthread_mutex_lock(&lock);
	char *text = NULL;
	if (!reserve()) {
		struct entry *e = slot(in);
		if (e->key)
			text = e->text;
		else {
			size_t n = pp_desc_unpack(t, in, NULL, 0);
			text = malloc(n + 1);
			if (text) {
				pp_desc_unpack(t, in, text, n + 1);
				e->key = in;
				e->text = text;
				ncache++;
			}
		}
	}
	pthread_mutex_unlock(&lock);
	return text;
}

void pp_desc_cache_free(void)
{
	pthread_mutex_lock(&lock);
	for (size_t i = 0; i < capcache; i++)
		free(cache[i].text);
	free(cache);
	cache = NULL;
	ncache = capcache = 0;
	pthread_mutex_unlock(&lock);
}
