/*
 * SPDX-License-Identifier: MIT
 * table/descriptor/rules.c - an event's `rules`: how its unit masks
 * combine beyond their groups (a umask that forbids or requires groups,
 * one added when none of some groups is given, one required by any of
 * them). Each rule has exactly one kind of group list, which gives its
 * kind, and names its umask with the key that kind takes.
 */
#include <string.h>
#include "table/descriptor/sections.h"
#include "pp_schema.h"

/* every switch over a schema key enum must have a case for each key */
#pragma GCC diagnostic error "-Wswitch"

/* one rule's keys as read */
struct rule_keys {
	const char *when, *add, *req;
	yaml_node_t *forbid, *only, *none_of, *any_of, *req_groups;
	uint64_t seen;
};

static int rule_key(struct pp_reader *l, const struct pp_rd_pair *kv, void *keys)
{
	struct rule_keys *y = keys;
	enum pp_k_rule key = pp_k_rule_lookup(kv->key);
	int r = 0;
	switch (key) {
	case PP_K_RULE_WHEN: r = pp_rd_str(l, kv->v, kv->key, &y->when); break;
	case PP_K_RULE_WHEN_NONE_OF: y->none_of = kv->v; break;
	case PP_K_RULE_FORBID_GROUPS: y->forbid = kv->v; break;
	case PP_K_RULE_ONLY_GROUPS: y->only = kv->v; break;
	case PP_K_RULE_ADD: r = pp_rd_str(l, kv->v, kv->key, &y->add); break;
	case PP_K_RULE_WHEN_ANY_OF: y->any_of = kv->v; break;
	case PP_K_RULE_REQUIRE_GROUPS: y->req_groups = kv->v; break;
	case PP_K_RULE_REQUIRE: r = pp_rd_str(l, kv->v, kv->key, &y->req); break;
	case PP_K_RULE__UNKNOWN: return pp_rd_unknown(l, kv->kn, "a rule", kv->key);
	}
	y->seen |= 1ULL << key;
	return r;
}

/* a list of the event's group names as a mask over its groups */
static int group_list(struct pp_reader *l, const struct pp_event *e, yaml_node_t *n, const char *key, uint32_t *mask)
{
	*mask = 0;
	if (pp_rd_want(l, n, YAML_SEQUENCE_NODE, key))
		return -1;
	for (size_t i = 0; i < pp_rd_nitems(n); i++) {
		yaml_node_t *g = pp_rd_item(l, n, i);
		const char *s;
		if (pp_rd_str(l, g, key, &s))
			return -1;
		int gi = pp_rd_group_index(l, e, s);
		if (gi < 0)
			return pp_rd_fail(l, g, "%s: no group '%s' in event '%s'", key, s, l->b->strs + e->name);
		*mask |= 1u << gi;
	}
	return 0;
}

/* the rule's kind and groups, from the one group list it has */
static int kind_and_groups(struct pp_reader *l, const struct pp_event *e, const struct rule_keys *y,
			   struct pp_rule *r)
{
	const struct { yaml_node_t *list; const char *key; uint8_t kind; } kinds[] = {
		{ y->forbid, "forbid_groups", PP_RULE_FORBID_GROUPS },
		{ y->only, "only_groups", PP_RULE_ONLY_GROUPS },
		{ y->none_of, "when_none_of", PP_RULE_ADD_IF_NONE },
		{ y->req_groups, "require_groups", PP_RULE_REQUIRE_GROUPS },
		{ y->any_of, "when_any_of", PP_RULE_REQUIRE },
	};
	for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++)
		if (kinds[i].list) {
			r->kind = kinds[i].kind;
			return group_list(l, e, kinds[i].list, kinds[i].key, &r->groups);
		}
	return 0;
}

static int read_rule(struct pp_reader *l, yaml_node_t *n, void *event)
{
	struct pp_builder *b = l->b;
	uint32_t ev = *(const uint32_t *)event;
	struct rule_keys y = { 0 };
	struct pp_rule r = { 0 };
	if (pp_rd_pairs(l, n, "a rule", rule_key, &y))
		return -1;
	/* which keys go together is checked below; the schema requires none alone */
	if (pp_rd_require(l, n, "rule", y.seen, PP_K_RULE_REQUIRED, pp_k_rule_spec))
		return -1;
	if (!!y.forbid + !!y.only + !!y.none_of + !!y.any_of + !!y.req_groups != 1)
		return pp_rd_fail(l, n, "a rule needs exactly one of forbid_groups, only_groups, require_groups, "
				  "when_none_of, when_any_of");
	const char *um = y.none_of ? y.add : y.any_of ? y.req : y.when;
	if (!um)
		return pp_rd_fail(l, n, "rule: '%s' is missing", y.none_of ? "add" : y.any_of ? "require" : "when");
	if ((y.none_of && (y.when || y.req)) || (y.any_of && (y.when || y.add)) || (!y.none_of && y.add) ||
	    (!y.any_of && y.req))
		return pp_rd_fail(l, n, "rule: 'when' goes with forbid_groups/only_groups/require_groups, 'add' with "
				  "when_none_of, 'require' with when_any_of");
	const struct pp_event *e = &b->events.v[ev];
	int ui = pp_rd_umask_index(l, e, um);
	if (ui < 0)
		return pp_rd_fail(l, n, "rule: no umask '%s' in event '%s'", um, b->strs + e->name);
	r.umask = (uint32_t)ui;
	if (kind_and_groups(l, e, &y, &r))
		return -1;
	uint32_t ri = pp_builder_add_rule(b);
	if (ri == PP_NONE)
		return pp_rd_fail(l, n, "out of memory");
	b->rules.v[ri] = r;
	if (++b->events.v[ev].nrules == 0)
		return pp_rd_fail(l, n, "too many rules");
	return 0;
}

int pp_rd_rules(struct pp_reader *l, uint32_t ev, yaml_node_t *rules)
{
	l->b->events.v[ev].first_rule = l->b->rules.n;
	return pp_rd_items(l, rules, "'rules'", read_rule, &ev);
}
