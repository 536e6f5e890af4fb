/*
 * SPDX-License-Identifier: MIT
 * table/descriptor/node.c - the reader's error and the typed values of
 * libyaml nodes (node.h): strings, integers in range, booleans, string
 * lists, mapping pairs and the schema's required keys.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "table/descriptor/node.h"
#include "pp_schema.h"

int pp_rd_fail(struct pp_reader *l, const yaml_node_t *n, const char *fmt, ...)
{
	if (l->failed)
		return -1;
	l->failed = 1;
	/* a problem with no node of its own (an empty document) is on line 1 */
	int k = snprintf(l->err, l->errsz, "%s:%lu: ", l->file,
			 n ? (unsigned long)n->start_mark.line + 1 : 1UL);
	if (k < 0 || (size_t)k >= l->errsz)
		return -1;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(l->err + k, l->errsz - (size_t)k, fmt, ap);
	va_end(ap);
	return -1;
}

int pp_rd_is_null(const yaml_node_t *n)
{
	const char *s = pp_rd_scalar(n);
	if (!s || n->data.scalar.style != YAML_PLAIN_SCALAR_STYLE)
		return 0;
	return !*s || !strcmp(s, "~") || !strcmp(s, "null") || !strcmp(s, "Null") || !strcmp(s, "NULL");
}

int pp_rd_want(struct pp_reader *l, yaml_node_t *n, yaml_node_type_t t, const char *what)
{
	static const char *names[] = { "nothing", "a string", "a list", "a mapping" };
	if (n && n->type == t)
		return 0;
	return pp_rd_fail(l, n, "%s must be %s", what, names[t]);
}

int pp_rd_str(struct pp_reader *l, yaml_node_t *n, const char *key, const char **out)
{
	const char *s = pp_rd_scalar(n);
	*out = s ? s : "";
	return s ? 0 : pp_rd_fail(l, n, "'%s' must be a string", key);
}

int pp_rd_u64(struct pp_reader *l, yaml_node_t *n, const char *key, uint64_t *out)
{
	const char *s = pp_rd_scalar(n);
	*out = 0;
	if (!s || !*s || n->data.scalar.style != YAML_PLAIN_SCALAR_STYLE)
		return pp_rd_fail(l, n, "'%s' must be an integer", key);
	if (*s == '-')
		return pp_rd_fail(l, n, "'%s' must not be negative: %s", key, s);
	char *end;
	errno = 0;
	unsigned long long v = strtoull(s, &end, 0);
	if (errno || *end)
		return pp_rd_fail(l, n, "'%s' is not a valid integer: %s", key, s);
	*out = v;
	return 0;
}

int pp_rd_u32(struct pp_reader *l, yaml_node_t *n, const char *key, uint64_t max, uint32_t *out)
{
	uint64_t v;
	*out = 0;
	if (pp_rd_u64(l, n, key, &v))
		return -1;
	if (v > max)
		return pp_rd_fail(l, n, "'%s' out of range (max %llu): %llu", key,
				  (unsigned long long)max, (unsigned long long)v);
	*out = (uint32_t)v;
	return 0;
}

int pp_rd_bool_word(const char *s, size_t n)
{
	static const char *const words[2][3] = { { "false", "False", "no" }, { "true", "True", "yes" } };
	for (int v = 0; v < 2; v++)
		for (int i = 0; i < 3; i++)
			if (strlen(words[v][i]) == n && !memcmp(s, words[v][i], n))
				return v;
	return -1;
}

int pp_rd_bool(struct pp_reader *l, yaml_node_t *n, const char *key, int *out)
{
	const char *s = pp_rd_scalar(n);
	int v = s && n->data.scalar.style == YAML_PLAIN_SCALAR_STYLE ? pp_rd_bool_word(s, strlen(s)) : -1;
	if (v < 0)
		return pp_rd_fail(l, n, "'%s' must be true or false", key);
	*out = v;
	return 0;
}

int pp_rd_flag(struct pp_reader *l, yaml_node_t *n, const char *key, uint32_t bit, uint32_t *flags)
{
	int on = 0;
	if (pp_rd_bool(l, n, key, &on))
		return -1;
	if (on)
		*flags |= bit;
	return 0;
}

pp_str_t pp_rd_intern(struct pp_reader *l, const char *s)
{
	return s ? pp_builder_str(l->b, s, strlen(s)) : 0;
}

int pp_rd_opt_str(struct pp_reader *l, yaml_node_t *n, const char *key, pp_str_t *out)
{
	const char *s;
	if (pp_rd_is_null(n))
		return 0;
	if (pp_rd_str(l, n, key, &s))
		return -1;
	*out = pp_rd_intern(l, s);
	return 0;
}

int pp_rd_strlist(struct pp_reader *l, yaml_node_t *n, const char *key, pp_str_t *out)
{
	if (pp_rd_is_null(n)) {
		*out = 0;
		return 0;
	}
	if (pp_rd_want(l, n, YAML_SEQUENCE_NODE, key))
		return -1;
	size_t cnt = pp_rd_nitems(n);
	const char **v = calloc(cnt ? cnt : 1, sizeof(*v));
	if (!v)
		return pp_rd_fail(l, n, "out of memory");
	int r = 0;
	for (size_t i = 0; i < cnt && !r; i++) {
		yaml_node_t *e = pp_rd_item(l, n, i);
		r = pp_rd_str(l, e, key, &v[i]);
		if (!r && !*v[i])
			r = pp_rd_fail(l, e, "'%s' entries must not be empty", key);
	}
	if (!r)
		*out = pp_builder_strlist(l->b, v, cnt);
	free(v);
	return r;
}

int pp_rd_pair(struct pp_reader *l, const yaml_node_t *map, size_t i, struct pp_rd_pair *out)
{
	const yaml_node_pair_t *p = &map->data.mapping.pairs.start[i];
	out->kn = pp_rd_node(l, p->key);
	out->v = pp_rd_node(l, p->value);
	out->key = pp_rd_scalar(out->kn);
	return out->key ? 0 : pp_rd_fail(l, out->kn, "mapping keys must be strings");
}

int pp_rd_pairs(struct pp_reader *l, yaml_node_t *n, const char *what, pp_rd_pair_fn *fn, void *y)
{
	if (pp_rd_want(l, n, YAML_MAPPING_NODE, what))
		return -1;
	for (size_t i = 0; i < pp_rd_npairs(n); i++) {
		struct pp_rd_pair kv;
		if (pp_rd_pair(l, n, i, &kv) || fn(l, &kv, y))
			return -1;
	}
	return 0;
}

int pp_rd_items(struct pp_reader *l, yaml_node_t *n, const char *what, pp_rd_item_fn *fn, void *y)
{
	if (!n || pp_rd_is_null(n))
		return 0;
	if (pp_rd_want(l, n, YAML_SEQUENCE_NODE, what))
		return -1;
	for (size_t i = 0; i < pp_rd_nitems(n); i++)
		if (fn(l, pp_rd_item(l, n, i), y))
			return -1;
	return 0;
}

int pp_rd_unknown(struct pp_reader *l, yaml_node_t *kn, const char *where, const char *k)
{
	return pp_rd_fail(l, kn, "unknown key '%s' in %s", k, where);
}

int pp_rd_missing(struct pp_reader *l, yaml_node_t *n, const char *where, const char *k)
{
	return pp_rd_fail(l, n, "%s: required key '%s' is missing", where, k);
}

int pp_rd_require(struct pp_reader *l, yaml_node_t *n, const char *where, uint64_t seen, uint64_t required,
		  const struct pp_key_spec *spec)
{
	uint64_t miss = required & ~seen;
	return miss ? pp_rd_missing(l, n, where, spec[__builtin_ctzll(miss)].name) : 0;
}

uint32_t pp_rd_field(struct pp_reader *l, const char *name)
{
	const struct pp_builder *b = l->b;
	const struct pp_pmu *p = &b->pmus.v[l->pmu];
	for (uint32_t i = 0; i < p->nfields; i++)
		if (!strcmp(b->strs + b->fields.v[p->first_field + i].name, name))
			return p->first_field + i;
	return PP_NONE;
}
