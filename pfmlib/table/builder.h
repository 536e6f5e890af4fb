/*
 * SPDX-License-Identifier: MIT
 * table/builder.h - assembles struct pp_table records in growable memory.
 *
 * The YAML loader appends one PMU at a time; tablegen dumps the result as C
 * and the plugin loader serves it directly (pp_builder_table()). Strings are
 * interned, so identical texts (descriptions repeated across models) are
 * stored once. A failed load is undone with pp_builder_rollback().
 */
#ifndef PP_TABLE_BUILDER_H
#define PP_TABLE_BUILDER_H

#include <stddef.h>
#include <stdint.h>
#include "table/table.h"

#define PP_VEC(type) struct { type *v; uint32_t n, cap; }

struct pp_builder {
	char *strs; uint32_t nstrs, capstrs;
	uint32_t *intern; uint32_t intern_cap, intern_n;	/* hash set of string offsets+1 */
	PP_VEC(struct pp_pmu) pmus;
	PP_VEC(struct pp_field) fields;
	PP_VEC(struct pp_set) sets;
	PP_VEC(struct pp_modifier) mods;
	PP_VEC(struct pp_event) events;
	PP_VEC(struct pp_umask) umasks;
	PP_VEC(struct pp_group) groups;
	PP_VEC(struct pp_rule) rules;
	PP_VEC(struct pp_alias) aliases;
	PP_VEC(uint32_t) hash;
	int oom;	/* set once an allocation failed; every later call is a no-op */
};

/* sizes of every array, to undo a partial append */
struct pp_builder_mark {
	uint32_t nstrs, pmus, fields, sets, mods, events, umasks, groups, rules, aliases, hash;
};

void pp_builder_init(struct pp_builder *b);
void pp_builder_free(struct pp_builder *b);
void pp_builder_mark(const struct pp_builder *b, struct pp_builder_mark *m);
void pp_builder_rollback(struct pp_builder *b, const struct pp_builder_mark *m);

/* intern a string (len bytes, may not contain NUL); returns its offset */
pp_str_t pp_builder_str(struct pp_builder *b, const char *s, size_t len);
/* intern a list of n strings as consecutive NUL-terminated strings ended by "" */
pp_str_t pp_builder_strlist(struct pp_builder *b, const char *const *s, size_t n);
/* s[0..len) appended as a string of its own, not interned (a string the
 * table holds once); 0 for an empty one or when out of memory */
pp_str_t pp_builder_str_append(struct pp_builder *b, const char *s, size_t len);

/* append one record, returning its index (zeroed record), or PP_NONE on OOM */
uint32_t pp_builder_add_pmu(struct pp_builder *b);
uint32_t pp_builder_add_field(struct pp_builder *b);
uint32_t pp_builder_add_set(struct pp_builder *b);
uint32_t pp_builder_add_mod(struct pp_builder *b);
uint32_t pp_builder_add_event(struct pp_builder *b);
uint32_t pp_builder_add_umask(struct pp_builder *b);
uint32_t pp_builder_add_group(struct pp_builder *b);
uint32_t pp_builder_add_rule(struct pp_builder *b);
uint32_t pp_builder_add_alias(struct pp_builder *b);

/*
 * Build the name index of PMU pmu_index (its events and aliases must be
 * complete). Returns 0, or -1 when two events/aliases share a name (the
 * offending name is copied to dup, dupsz bytes).
 */
int pp_builder_index_pmu(struct pp_builder *b, uint32_t pmu_index, char *dup, size_t dupsz);

/* a struct pp_table view of the builder's arrays (valid until the next append) */
void pp_builder_table(const struct pp_builder *b, struct pp_table *t);

#endif /* PP_TABLE_BUILDER_H */
