/*
 * SPDX-License-Identifier: MIT
 * table/descriptor/sections.h - the section readers of a descriptor, one
 * file each, as the document reader (document.c) and the event reader
 * (events.c) call them. Each appends what it reads to the reader's builder
 * under the PMU being built and returns 0, or -1 after pp_rd_fail.
 */
#ifndef PP_TABLE_DESCRIPTOR_SECTIONS_H
#define PP_TABLE_DESCRIPTOR_SECTIONS_H

#include "table/descriptor/node.h"

/* shape.c: aliases expand to at most max_alias_nodes, nesting to max_depth, no cycle */
int pp_rd_check_shape(struct pp_reader *l);

/* pmu.c: the `pmu:` block (its format, modifiers and aliases through the files below) */
int pp_rd_pmu(struct pp_reader *l, yaml_node_t *n);
/* pmu.c: the block's `instances`, copies of the complete PMU (after its events) */
int pp_rd_instances(struct pp_reader *l);

/* fields.c: `format` and the keys that place its fields (raw_bits, raw_fields,
 * raw_format, code_fields, raw_umask: NULL when absent) */
struct pp_rd_layout {
	yaml_node_t *format, *raw_bits, *raw_fields, *raw_format, *code_fields;
	const char *raw_umask;
};
int pp_rd_format(struct pp_reader *l, yaml_node_t *pmu, const struct pp_rd_layout *y);
/* fields.c: a mapping field -> value appended to the builder's sets with
 * flags (PP_SET_*), counted in *cnt; a null or absent n appends nothing */
int pp_rd_append_sets(struct pp_reader *l, yaml_node_t *n, const char *what, uint32_t flags, uint16_t *cnt);
/* fields.c: the value sets[first..first+n) gives field, 0 when none does */
uint64_t pp_rd_set_value(struct pp_reader *l, uint32_t first, uint16_t n, const char *field);

/* modifiers.c: the PMU's `modifiers` list */
int pp_rd_modifiers(struct pp_reader *l, yaml_node_t *mods);
/* `fstr_order`: each modifier it names gets its place (pp_modifier.fstr_rank); after pp_rd_modifiers */
int pp_rd_fstr_order(struct pp_reader *l, yaml_node_t *order);
/* modifiers.c: a list of the PMU's modifier names as a mask over them */
int pp_rd_modifier_mask(struct pp_reader *l, yaml_node_t *n, const char *key, const char *event, uint32_t *mask);
/* modifiers.c: event `modifier_fields`, a modifier's value sent to another field */
int pp_rd_modifier_fields(struct pp_reader *l, yaml_node_t *n, uint32_t ei, const char *event);
/* modifiers.c: the index of modifier name among the PMU's first n, or n */
uint32_t pp_rd_modifier_index(struct pp_reader *l, const char *name, uint32_t n);

/* values.c: `flags` of an event (raw_name_ok) or a umask into PP_F_* bits */
int pp_rd_flags(struct pp_reader *l, yaml_node_t *n, uint8_t *flags, int raw_name_ok);
/* values.c: `perf_attrs`, names of the perf_events attribute list, as a mask */
int pp_rd_perf_attrs(struct pp_reader *l, yaml_node_t *n, uint32_t *out);

/* events.c: one item of `events` (a pp_rd_item_fn) */
int pp_rd_event(struct pp_reader *l, yaml_node_t *n, void *unused);

/* umasks.c: an event's `groups` (a group "default" when none) and `umasks` */
int pp_rd_groups(struct pp_reader *l, uint32_t ev, yaml_node_t *groups);
int pp_rd_umasks(struct pp_reader *l, uint32_t ev, yaml_node_t *umasks);
/* umasks.c: the event's group or umask called name: its index in the
 * event's groups, its index in the builder's umasks; -1 when none */
int pp_rd_group_index(struct pp_reader *l, const struct pp_event *e, const char *name);
int pp_rd_umask_index(struct pp_reader *l, const struct pp_event *e, const char *name);

/* rules.c: an event's `rules` (after its groups and umasks) */
int pp_rd_rules(struct pp_reader *l, uint32_t ev, yaml_node_t *rules);

#endif /* PP_TABLE_DESCRIPTOR_SECTIONS_H */
