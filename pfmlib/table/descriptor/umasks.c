/*
 * SPDX-License-Identifier: MIT
 * table/descriptor/umasks.c - an event's unit masks: its `groups` (how
 * unit masks combine: required, exclusive, conflicts) and its `umasks`
 * (code, field values, defaults, required modifiers, flags), each in a
 * group of the event.
 */
#include <string.h>
#include "table/descriptor/sections.h"
#include "pp_schema.h"
#include "util/str.h"

/* every switch over a schema key enum must have a case for each key */
#pragma GCC diagnostic error "-Wswitch"

int pp_rd_group_index(struct pp_reader *l, const struct pp_event *e, const char *name)
{
	for (uint32_t i = 0; i < e->ngroups; i++)
		if (!strcmp(l->b->strs + l->b->groups.v[e->first_group + i].name, name))
			return (int)i;
	return -1;
}

int pp_rd_umask_index(struct pp_reader *l, const struct pp_event *e, const char *name)
{
	for (uint32_t i = 0; i < e->numasks; i++)
		if (pp_str_eq(l->b->strs + l->b->umasks.v[e->first_umask + i].name, name))
			return (int)(e->first_umask + i);
	return -1;
}

/* ---- groups ---- */

/* a key whose value names one of two settings: the second sets flag */
static int setting(struct pp_reader *l, yaml_node_t *v, const char *k, const char *plain, const char *other,
		   uint32_t flag, uint32_t *flags)
{
	const char *c;
	if (pp_rd_str(l, v, k, &c))
		return -1;
	if (!strcmp(c, other))
		*flags |= flag;
	else if (strcmp(c, plain))
		return pp_rd_fail(l, v, "'%s' must be %s or %s, not '%s'", k, plain, other, c);
	return 0;
}

/* one group's keys as read */
struct group_keys {
	const char *name;
	uint32_t flags;
	uint64_t seen;
};

static int group_key(struct pp_reader *l, const struct pp_rd_pair *kv, void *keys)
{
	struct group_keys *y = keys;
	enum pp_k_group key = pp_k_group_lookup(kv->key);
	const char *k = kv->key;
	int r = 0;
	switch (key) {
	case PP_K_GROUP_NAME: r = pp_rd_str(l, kv->v, k, &y->name); break;
	case PP_K_GROUP_REQUIRED: r = pp_rd_flag(l, kv->v, k, PP_GRP_REQUIRED, &y->flags); break;
	case PP_K_GROUP_EXCLUSIVE: r = pp_rd_flag(l, kv->v, k, PP_GRP_EXCLUSIVE, &y->flags); break;
	case PP_K_GROUP_CONFLICT:
		r = setting(l, kv->v, k, "featcomb", "umask", PP_GRP_CONFLICT_UMASK, &y->flags);
		break;
	case PP_K_GROUP_MISSING: r = setting(l, kv->v, k, "umask", "attr", PP_GRP_MISSING_ATTR, &y->flags); break;
	case PP_K_GROUP__UNKNOWN: return pp_rd_unknown(l, kv->kn, "a group", k);
	}
	y->seen |= 1ULL << key;
	return r;
}

static int read_group(struct pp_reader *l, yaml_node_t *g, void *event)
{
	struct pp_builder *b = l->b;
	uint32_t ev = *(const uint32_t *)event;
	struct group_keys y = { 0 };
	if (pp_rd_pairs(l, g, "a group", group_key, &y))
		return -1;
	if (y.name && !*y.name)
		return pp_rd_missing(l, g, "group", "name");
	if (pp_rd_require(l, g, "group", y.seen, PP_K_GROUP_REQUIRED, pp_k_group_spec))
		return -1;
	if (pp_rd_group_index(l, &b->events.v[ev], y.name) >= 0)
		return pp_rd_fail(l, g, "group '%s' is defined twice", y.name);
	if (b->events.v[ev].ngroups >= PP_RD_MAX_GROUPS)
		return pp_rd_fail(l, g, "too many groups (at most %d)", PP_RD_MAX_GROUPS);
	uint32_t gi = pp_builder_add_group(b);
	if (gi == PP_NONE)
		return pp_rd_fail(l, g, "out of memory");
	b->groups.v[gi].name = pp_rd_intern(l, y.name);
	b->groups.v[gi].flags = y.flags;
	b->events.v[ev].ngroups++;
	return 0;
}

int pp_rd_groups(struct pp_reader *l, uint32_t ev, yaml_node_t *groups)
{
	struct pp_builder *b = l->b;
	b->events.v[ev].first_group = b->groups.n;
	if (!groups || pp_rd_is_null(groups)) {
		uint32_t gi = pp_builder_add_group(b);
		if (gi == PP_NONE)
			return pp_rd_fail(l, NULL, "out of memory");
		b->groups.v[gi].name = pp_rd_intern(l, "default");
		b->events.v[ev].ngroups = 1;
		return 0;
	}
	return pp_rd_items(l, groups, "'groups'", read_group, &ev);
}

/* ---- umasks ---- */

/* one umask's keys as read; flags and names are stored when it is complete */
struct umask_keys {
	const char *name, *desc, *group;
	yaml_node_t *set, *code, *defaults, *required;
	pp_str_t equiv, aliases, perf;
	uint32_t flags, sample_after;
	uint8_t list_flags;
	uint64_t seen;
};

static int umask_key(struct pp_reader *l, const struct pp_rd_pair *kv, void *keys)
{
	struct umask_keys *y = keys;
	enum pp_k_umask key = pp_k_umask_lookup(kv->key);
	const char *k = kv->key;
	yaml_node_t *v = kv->v;
	int r = 0;
	switch (key) {
	case PP_K_UMASK_NAME: r = pp_rd_str(l, v, k, &y->name); break;
	case PP_K_UMASK_DESC: r = pp_rd_str(l, v, k, &y->desc); break;
	case PP_K_UMASK_CODE: y->code = v; break;
	case PP_K_UMASK_SET: y->set = v; break;
	case PP_K_UMASK_DEFAULTS: y->defaults = v; break;
	case PP_K_UMASK_REQUIRED_MODIFIERS: y->required = v; break;
	case PP_K_UMASK_GROUP: r = pp_rd_str(l, v, k, &y->group); break;
	case PP_K_UMASK_DEFAULT: r = pp_rd_flag(l, v, k, PP_F_DEFAULT, &y->flags); break;
	case PP_K_UMASK_EXCLUSIVE: r = pp_rd_flag(l, v, k, PP_F_EXCLUSIVE, &y->flags); break;
	case PP_K_UMASK_PRECISE: r = pp_rd_flag(l, v, k, PP_F_PRECISE, &y->flags); break;
	case PP_K_UMASK_HW_SMPL: r = pp_rd_flag(l, v, k, PP_F_HW_SMPL, &y->flags); break;
	case PP_K_UMASK_NO_MODIFIERS: r = pp_rd_flag(l, v, k, PP_F_NO_MODS, &y->flags); break;
	case PP_K_UMASK_EQUIV: r = pp_rd_opt_str(l, v, k, &y->equiv); break;
	case PP_K_UMASK_ALIASES: r = pp_rd_strlist(l, v, k, &y->aliases); break;
	case PP_K_UMASK_PERF: r = pp_rd_opt_str(l, v, k, &y->perf); break;
	case PP_K_UMASK_SAMPLE_AFTER: r = pp_rd_u32(l, v, k, UINT32_MAX, &y->sample_after); break;
	case PP_K_UMASK_FLAGS: r = pp_rd_flags(l, v, &y->list_flags, 0); break;
	case PP_K_UMASK__UNKNOWN: return pp_rd_unknown(l, kv->kn, "a umask", k);
	}
	y->seen |= 1ULL << key;
	return r;
}

/* required_modifiers: a PP_SET_REQUIRED entry on each named modifier's field */
static int append_required(struct pp_reader *l, yaml_node_t *n, const char *umask, uint16_t *cnt)
{
	struct pp_builder *b = l->b;
	if (pp_rd_is_null(n))
		return 0;
	if (pp_rd_want(l, n, YAML_SEQUENCE_NODE, "'required_modifiers'"))
		return -1;
	const struct pp_pmu *p = &b->pmus.v[l->pmu];
	for (size_t it = 0; it < pp_rd_nitems(n); it++) {
		yaml_node_t *e = pp_rd_item(l, n, it);
		const char *m;
		if (pp_rd_str(l, e, "required_modifiers", &m))
			return -1;
		uint32_t fi = PP_NONE;	/* the last modifier of that name: a copy's field if it has one */
		for (uint32_t i = p->first_mod; i < p->first_mod + p->nmods; i++)
			if (pp_str_eq(b->strs + b->mods.v[i].name, m))
				fi = b->mods.v[i].field;
		if (fi == PP_NONE)
			return pp_rd_fail(l, e, "umask '%s': required modifier '%s' is not a PMU modifier with a field",
					  umask, m);
		uint32_t si = pp_builder_add_set(b);
		if (si == PP_NONE)
			return pp_rd_fail(l, n, "out of memory");
		b->sets.v[si] = (struct pp_set){ .field = fi, .flags = PP_SET_REQUIRED, .value = 0 };
		if (++*cnt == 0)
			return pp_rd_fail(l, n, "umask '%s': too many fields", umask);
	}
	return 0;
}

/* the umask's field values: `set`, then soft `defaults`, then required modifiers */
static int umask_sets(struct pp_reader *l, const struct umask_keys *y, uint32_t *first, uint16_t *nset)
{
	*first = l->b->sets.n;
	*nset = 0;
	if (pp_rd_append_sets(l, y->set, "umask 'set'", 0, nset))
		return -1;
	if (y->defaults && pp_rd_append_sets(l, y->defaults, "umask 'defaults'", PP_SET_SOFT, nset))
		return -1;
	return y->required ? append_required(l, y->required, y->name, nset) : 0;
}

static int read_umask(struct pp_reader *l, yaml_node_t *n, void *event)
{
	struct pp_builder *b = l->b;
	uint32_t ev = *(const uint32_t *)event;
	struct umask_keys y = { 0 };
	if (pp_rd_pairs(l, n, "a umask", umask_key, &y))
		return -1;
	uint32_t ui = pp_builder_add_umask(b);
	if (ui == PP_NONE)
		return pp_rd_fail(l, n, "out of memory");
	if (y.name && !*y.name)
		return pp_rd_missing(l, n, "umask", "name");
	if (pp_rd_require(l, n, "umask", y.seen, PP_K_UMASK_REQUIRED, pp_k_umask_spec))
		return -1;
	const struct pp_event *e = &b->events.v[ev];
	if (pp_rd_umask_index(l, e, y.name) >= 0)
		return pp_rd_fail(l, n, "umask '%s' is defined twice in event '%s'", y.name, b->strs + e->name);
	int gi = y.group ? pp_rd_group_index(l, e, y.group) : 0;
	if (gi < 0)
		return pp_rd_fail(l, n, "umask '%s': no group '%s' in event '%s'", y.name, y.group, b->strs + e->name);
	uint32_t first;
	uint16_t nset;
	if (umask_sets(l, &y, &first, &nset))
		return -1;
	pp_str_t sname = pp_rd_intern(l, y.name), sdesc = pp_rd_intern(l, y.desc);
	struct pp_umask *u = &b->umasks.v[ui];
	u->name = sname;
	u->desc = sdesc;
	u->equiv = y.equiv;
	u->aliases = y.aliases;
	u->perf = y.perf;
	u->flags = (uint8_t)(y.flags | y.list_flags);
	u->sample_after = y.sample_after;
	u->group = (uint8_t)gi;
	u->first_set = first;
	u->nset = nset;
	if (!y.code)
		u->code = pp_rd_set_value(l, first, nset, "umask");
	else if (pp_rd_u64(l, y.code, "code", &u->code))
		return -1;
	if (++b->events.v[ev].numasks == 0)
		return pp_rd_fail(l, n, "too many umasks");
	return 0;
}

int pp_rd_umasks(struct pp_reader *l, uint32_t ev, yaml_node_t *umasks)
{
	struct pp_builder *b = l->b;
	b->events.v[ev].first_umask = b->umasks.n;
	return pp_rd_items(l, umasks, "'umasks'", read_umask, &ev);
}
