/*
 * SPDX-License-Identifier: MIT
 * table/descriptor/events.c - one item of `events`: its keys (code, field
 * values, fallback values, flags, perf names and attributes), the PMU
 * modifiers it takes, then its groups, unit masks and rules (umasks.c,
 * rules.c).
 */
#include <string.h>
#include "table/descriptor/sections.h"
#include "pp_schema.h"

/* every switch over a schema key enum must have a case for each key */
#pragma GCC diagnostic error "-Wswitch"

/* one event's keys as read; the scalars go into its record as they are
 * read (interning moves strings only, never the records) */
struct event_keys {
	uint32_t ei;		/* the event's record */
	const char *name, *desc;
	yaml_node_t *set, *code, *mods, *required, *fallback, *mfields, *groups, *rules, *umasks;
	uint64_t seen;
};

static int perf_attrs(struct pp_reader *l, yaml_node_t *v, struct pp_event *e)
{
	uint32_t u;
	if (pp_rd_perf_attrs(l, v, &u))
		return -1;
	if (!u)
		return pp_rd_fail(l, v, "'perf_attrs' must not be empty");
	e->perf_attrs = (uint16_t)u;
	return 0;
}

static int event_key(struct pp_reader *l, const struct pp_rd_pair *kv, void *keys)
{
	struct event_keys *y = keys;
	struct pp_event *e = &l->b->events.v[y->ei];
	enum pp_k_event key = pp_k_event_lookup(kv->key);
	const char *k = kv->key;
	yaml_node_t *v = kv->v;
	pp_str_t s;
	uint32_t flags = 0;
	int r = 0;
	switch (key) {
	case PP_K_EVENT_NAME: r = pp_rd_str(l, v, k, &y->name); break;
	case PP_K_EVENT_DESC: r = pp_rd_str(l, v, k, &y->desc); break;
	case PP_K_EVENT_CODE: y->code = v; break;
	case PP_K_EVENT_SET: y->set = v; break;
	case PP_K_EVENT_FALLBACK: y->fallback = v; break;
	case PP_K_EVENT_MODIFIERS: y->mods = v; break;
	case PP_K_EVENT_REQUIRED_MODIFIERS: y->required = v; break;
	case PP_K_EVENT_MODIFIER_FIELDS: y->mfields = v; break;
	case PP_K_EVENT_GROUPS: y->groups = v; break;
	case PP_K_EVENT_RULES: y->rules = v; break;
	case PP_K_EVENT_UMASKS: y->umasks = v; break;
	case PP_K_EVENT_PERF_TYPE: r = pp_rd_u32(l, v, k, UINT32_MAX - 1, &e->perf_type); break;
	case PP_K_EVENT_SAMPLE_AFTER: r = pp_rd_u32(l, v, k, UINT32_MAX, &e->sample_after); break;
	case PP_K_EVENT_PRECISE: r = pp_rd_flag(l, v, k, PP_F_PRECISE, &flags); break;
	case PP_K_EVENT_HW_SMPL: r = pp_rd_flag(l, v, k, PP_F_HW_SMPL, &flags); break;
	case PP_K_EVENT_FLAGS: r = pp_rd_flags(l, v, &e->flags, 1); break;
	case PP_K_EVENT_PERF_ATTRS: r = perf_attrs(l, v, e); break;
	case PP_K_EVENT_EQUIV: s = e->equiv; r = pp_rd_opt_str(l, v, k, &s); e->equiv = s; break;
	case PP_K_EVENT_COUNTERS: s = e->counters; r = pp_rd_opt_str(l, v, k, &s); e->counters = s; break;
	case PP_K_EVENT_PERF: s = e->perf; r = pp_rd_opt_str(l, v, k, &s); e->perf = s; break;
	case PP_K_EVENT__UNKNOWN: return pp_rd_unknown(l, kv->kn, "an event", k);
	}
	e->flags |= (uint8_t)flags;
	y->seen |= 1ULL << key;
	return r;
}

/* the event's field values (`set`, then `fallback`) and its code */
static int event_sets(struct pp_reader *l, uint32_t ei, const struct event_keys *y)
{
	struct pp_event *e = &l->b->events.v[ei];
	uint32_t first = l->b->sets.n;
	uint16_t nset = 0;
	if (pp_rd_append_sets(l, y->set, "event 'set'", 0, &nset))
		return -1;
	/* fallback values follow the event's own */
	if (y->fallback && pp_rd_append_sets(l, y->fallback, "event 'fallback'", PP_SET_FALLBACK, &nset))
		return -1;
	e->first_set = first;
	e->nset = nset;
	if (y->code)
		return pp_rd_u64(l, y->code, "code", &e->code);
	e->code = pp_rd_set_value(l, first, nset, "event");
	return 0;
}

/* the PMU modifiers the event takes, those it requires, and where they go */
static int event_modifiers(struct pp_reader *l, uint32_t ei, const struct event_keys *y)
{
	struct pp_event *e = &l->b->events.v[ei];
	uint32_t mask;
	if (y->mods && !pp_rd_is_null(y->mods)) {
		if (pp_rd_modifier_mask(l, y->mods, "modifiers", y->name, &mask))
			return -1;
		e->mods = mask;
	}
	if (y->required && !pp_rd_is_null(y->required)) {
		if (pp_rd_modifier_mask(l, y->required, "required_modifiers", y->name, &mask))
			return -1;
		if (mask & ~e->mods)
			return pp_rd_fail(l, y->required, "event '%s': a required modifier is not among its modifiers",
					  y->name);
		e->required_mods = mask;
	}
	if (y->mfields && !pp_rd_is_null(y->mfields))
		return pp_rd_modifier_fields(l, y->mfields, ei, y->name);
	return 0;
}

int pp_rd_event(struct pp_reader *l, yaml_node_t *n, void *unused)
{
	struct pp_builder *b = l->b;
	uint32_t ei = pp_builder_add_event(b);
	if (ei == PP_NONE)
		return pp_rd_fail(l, n, "out of memory");
	struct event_keys y = { .ei = ei };
	uint32_t nmods = b->pmus.v[l->pmu].nmods;
	b->events.v[ei].perf_type = PP_NONE;
	b->events.v[ei].mods = (nmods >= 32 ? 0xffffffffu : ((1u << nmods) - 1)) & ~l->clones;
	if (pp_rd_pairs(l, n, "an event", event_key, &y))
		return -1;
	if (y.name && !*y.name)
		return pp_rd_missing(l, n, "event", "name");
	if (pp_rd_require(l, n, "event", y.seen, PP_K_EVENT_REQUIRED, pp_k_event_spec))
		return -1;
	pp_str_t sname = pp_rd_intern(l, y.name), sdesc = pp_rd_intern(l, y.desc);
	b->events.v[ei].name = sname;
	b->events.v[ei].desc = sdesc;
	if (event_sets(l, ei, &y) || event_modifiers(l, ei, &y) || pp_rd_groups(l, ei, y.groups) ||
	    pp_rd_umasks(l, ei, y.umasks) || pp_rd_rules(l, ei, y.rules))
		return -1;
	b->pmus.v[l->pmu].nevents++;
	return 0;
}
