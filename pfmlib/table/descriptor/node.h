/*
 * SPDX-License-Identifier: MIT
 * table/descriptor/node.h - what every section reader of a descriptor
 * shares: the reader's state, the error ("file:line: reason", the first one
 * kept), and the typed values of libyaml nodes, each checked against the
 * key it is read for.
 *
 * Every function that can fail returns 0, or -1 after pp_rd_fail (the
 * message is in the reader's err); a reader that failed once stays failed.
 */
#ifndef PP_TABLE_DESCRIPTOR_NODE_H
#define PP_TABLE_DESCRIPTOR_NODE_H

#include <stddef.h>
#include <stdint.h>
#include <yaml.h>
#include "table/builder.h"

#define PP_RD_MAX_MODS   32	/* event modifier sets are a 32-bit mask */
#define PP_RD_MAX_GROUPS 32	/* rule group sets are a 32-bit mask */

struct pp_reader {
	struct pp_builder *b;
	yaml_document_t doc;
	const char *file;
	char *err;
	size_t errsz;
	uint32_t pmu;		/* index of the PMU being built */
	yaml_node_t *instances;	/* its pmu `instances`, read once its events are in */
	uint32_t clones;	/* the PMU's modifiers that are copies made for event `modifier_fields` */
	int failed;
	size_t max_alias_nodes, max_events;
	unsigned max_depth;
};

int pp_rd_fail(struct pp_reader *l, const yaml_node_t *n, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static inline yaml_node_t *pp_rd_node(struct pp_reader *l, int id)
{
	return yaml_document_get_node(&l->doc, id);
}

static inline const char *pp_rd_scalar(const yaml_node_t *n)
{
	return n && n->type == YAML_SCALAR_NODE ? (const char *)n->data.scalar.value : NULL;
}

/* a plain ~, null, Null, NULL or empty scalar */
int pp_rd_is_null(const yaml_node_t *n);

/* the node is of type t, else "<what> must be <a string, a list, a mapping>" */
int pp_rd_want(struct pp_reader *l, yaml_node_t *n, yaml_node_type_t t, const char *what);

/* ---- scalars, read for the key named in messages ---- */
int pp_rd_str(struct pp_reader *l, yaml_node_t *n, const char *key, const char **out);
int pp_rd_u64(struct pp_reader *l, yaml_node_t *n, const char *key, uint64_t *out);
int pp_rd_u32(struct pp_reader *l, yaml_node_t *n, const char *key, uint64_t max, uint32_t *out);
int pp_rd_bool(struct pp_reader *l, yaml_node_t *n, const char *key, int *out);
/* the boolean words the schema takes (s[0..n)): 1 true, 0 false, -1 neither */
int pp_rd_bool_word(const char *s, size_t n);
/* a boolean that, when true, sets bit in *flags */
int pp_rd_flag(struct pp_reader *l, yaml_node_t *n, const char *key, uint32_t bit, uint32_t *flags);
/* s interned in the builder; NULL gives 0 */
pp_str_t pp_rd_intern(struct pp_reader *l, const char *s);
/* a string, interned into *out; a null node leaves *out as it is */
int pp_rd_opt_str(struct pp_reader *l, yaml_node_t *n, const char *key, pp_str_t *out);
/* a list of non-empty strings, interned as one list (0 for null) */
int pp_rd_strlist(struct pp_reader *l, yaml_node_t *n, const char *key, pp_str_t *out);

/* ---- mappings: keys are strings of the schema ---- */

/* one pair of a mapping: its key as a string, the key's node and the value */
struct pp_rd_pair {
	const char *key;
	yaml_node_t *kn, *v;
};

static inline size_t pp_rd_npairs(const yaml_node_t *map)
{
	return (size_t)(map->data.mapping.pairs.top - map->data.mapping.pairs.start);
}

/* the i-th pair of map; -1 when its key is not a string */
int pp_rd_pair(struct pp_reader *l, const yaml_node_t *map, size_t i, struct pp_rd_pair *out);

/* what a mapping's reader does with one pair, and a list's with one item (y: the reader's own state) */
typedef int pp_rd_pair_fn(struct pp_reader *l, const struct pp_rd_pair *kv, void *y);
typedef int pp_rd_item_fn(struct pp_reader *l, yaml_node_t *item, void *y);

/* n is a mapping ("<what> must be a mapping"), each pair given to fn in order */
int pp_rd_pairs(struct pp_reader *l, yaml_node_t *n, const char *what, pp_rd_pair_fn *fn, void *y);
/* n is null (nothing done) or a list ("<what> must be a list"), each item given to fn in order */
int pp_rd_items(struct pp_reader *l, yaml_node_t *n, const char *what, pp_rd_item_fn *fn, void *y);

static inline size_t pp_rd_nitems(const yaml_node_t *seq)
{
	return (size_t)(seq->data.sequence.items.top - seq->data.sequence.items.start);
}

static inline yaml_node_t *pp_rd_item(struct pp_reader *l, const yaml_node_t *seq, size_t i)
{
	return pp_rd_node(l, seq->data.sequence.items.start[i]);
}

/* "unknown key '<k>' in <where>" */
int pp_rd_unknown(struct pp_reader *l, yaml_node_t *kn, const char *where, const char *k);
/* "<where>: required key '<k>' is missing" */
int pp_rd_missing(struct pp_reader *l, yaml_node_t *n, const char *where, const char *k);
/* the first key, in schema order, of required that seen lacks (spec: the kind's key table) */
struct pp_key_spec;
int pp_rd_require(struct pp_reader *l, yaml_node_t *n, const char *where, uint64_t seen, uint64_t required,
		  const struct pp_key_spec *spec);

/* the PMU's format field called name, as an index into the builder's fields, or PP_NONE */
uint32_t pp_rd_field(struct pp_reader *l, const char *name);

#endif /* PP_TABLE_DESCRIPTOR_NODE_H */
