/*
 * SPDX-License-Identifier: MIT
 * table/descriptor/modifiers.c - the PMU's `modifiers` (u, k, cmask, ...:
 * type, field, limits, plm, requires), and an event's choice among them:
 * `modifiers`, `required_modifiers` as masks, `modifier_fields` as copies
 * of a modifier on another field; `fstr_order`, the order libpfm4 writes
 * them in.
 */
#include <string.h>
#include "table/descriptor/sections.h"
#include "pp_schema.h"
#include "util/str.h"

/* every switch over a schema key enum must have a case for each key */
#pragma GCC diagnostic error "-Wswitch"

/* one modifier's keys as read, before they are checked together */
struct mod_keys {
	struct pp_modifier m;
	const char *name, *type, *field, *enable;
	int have_max, have_code;
	uint64_t seen;
};

/* the largest value field fi holds */
static uint64_t field_max(struct pp_reader *l, uint32_t fi)
{
	uint8_t w = l->b->fields.v[fi].width;
	return w >= 64 ? ~0ULL : (1ULL << w) - 1;
}

static struct pp_modifier *pmu_mod(struct pp_reader *l, uint32_t i)
{
	return &l->b->mods.v[l->b->pmus.v[l->pmu].first_mod + i];
}

uint32_t pp_rd_modifier_index(struct pp_reader *l, const char *name, uint32_t n)
{
	uint32_t i;
	for (i = 0; i < n; i++)
		if (pp_str_eq(l->b->strs + pmu_mod(l, i)->name, name))
			break;
	return i;
}

static int with_umask(struct pp_reader *l, yaml_node_t *v, const char *k, uint32_t *flags)
{
	const char *w;
	if (pp_rd_str(l, v, k, &w))
		return -1;
	if (!strcmp(w, "required"))
		*flags |= PP_MOD_F_UMASK_REQUIRED;
	else if (!strcmp(w, "ignored"))
		*flags |= PP_MOD_F_UMASK_IGNORED;
	else
		return pp_rd_fail(l, v, "'with_umask' must be required or ignored, not '%s'", w);
	return 0;
}

static int read_key(struct pp_reader *l, const struct pp_rd_pair *kv, void *keys)
{
	struct mod_keys *y = keys;
	enum pp_k_modifier key = pp_k_modifier_lookup(kv->key);
	const char *k = kv->key, *s;
	yaml_node_t *v = kv->v;
	struct pp_modifier *m = &y->m;
	uint32_t x;
	int r = 0;
	switch (key) {
	case PP_K_MODIFIER_NAME: r = pp_rd_str(l, v, k, &y->name); break;
	case PP_K_MODIFIER_DESC: r = pp_rd_str(l, v, k, &s); if (!r) m->desc = pp_rd_intern(l, s); break;
	case PP_K_MODIFIER_TYPE: r = pp_rd_str(l, v, k, &y->type); break;
	case PP_K_MODIFIER_FIELD: r = pp_rd_str(l, v, k, &y->field); break;
	case PP_K_MODIFIER_PLM: r = pp_rd_u32(l, v, k, 0x1f, &x); m->plm = (uint8_t)x; break;
	case PP_K_MODIFIER_MAX: r = pp_rd_u64(l, v, k, &m->max); y->have_max = 1; break;
	case PP_K_MODIFIER_MIN: r = pp_rd_u32(l, v, k, UINT32_MAX, &m->min); break;
	case PP_K_MODIFIER_CODE: r = pp_rd_u32(l, v, k, 255, &x); m->code = (uint8_t)x; y->have_code = 1; break;
	case PP_K_MODIFIER_REQUIRES: r = pp_rd_str(l, v, k, &s); break;	/* resolve_requires */
	case PP_K_MODIFIER_INVERT: r = pp_rd_flag(l, v, k, PP_MOD_F_INVERT, &m->flags); break;
	case PP_K_MODIFIER_WITH_UMASK: r = with_umask(l, v, k, &m->flags); break;
	case PP_K_MODIFIER_ENABLE: r = pp_rd_str(l, v, k, &y->enable); break;
	case PP_K_MODIFIER_NONE_ONLY: r = pp_rd_flag(l, v, k, PP_MOD_F_NONE_ONLY, &m->flags); break;
	case PP_K_MODIFIER_PERF_PLM: r = pp_rd_flag(l, v, k, PP_MOD_F_PERF_PLM, &m->flags); break;
	case PP_K_MODIFIER_ENABLE_GIVEN: r = pp_rd_flag(l, v, k, PP_MOD_F_ENABLE_GIVEN, &m->flags); break;
	case PP_K_MODIFIER_WRITTEN_UNSET: r = pp_rd_flag(l, v, k, PP_MOD_F_WRITTEN_UNSET, &m->flags); break;
	case PP_K_MODIFIER__UNKNOWN: return pp_rd_unknown(l, kv->kn, "a modifier", k);
	}
	y->seen |= 1ULL << key;
	return r;
}

/* the keys that only go with others */
static int check_combinations(struct pp_reader *l, yaml_node_t *n, const struct mod_keys *y)
{
	const struct pp_modifier *m = &y->m;
	const char *name = y->name;
	if ((m->flags & (PP_MOD_F_UMASK_REQUIRED | PP_MOD_F_UMASK_IGNORED)) && !y->field)
		return pp_rd_fail(l, n, "modifier '%s': with_umask needs a field", name);
	if ((m->flags & PP_MOD_F_INVERT) && (m->type != PP_MOD_BOOL || !y->field))
		return pp_rd_fail(l, n, "modifier '%s': invert needs a bool modifier with a field", name);
	if ((m->flags & PP_MOD_F_PERF_PLM) && (!m->plm || !y->field))
		return pp_rd_fail(l, n, "modifier '%s': perf_plm needs a modifier with plm and a field", name);
	if ((m->flags & PP_MOD_F_ENABLE_GIVEN) && !y->enable)
		return pp_rd_fail(l, n, "modifier '%s': enable_given needs enable", name);
	if ((m->flags & PP_MOD_F_WRITTEN_UNSET) &&
	    (!(m->flags & PP_MOD_F_UMASK_REQUIRED) || m->type != PP_MOD_INT || m->min < 1))
		return pp_rd_fail(l, n, "modifier '%s': written_unset needs an int with_umask: required, min 1 or more",
				  name);
	return 0;
}

/* the field, enable field and limits named by the keys */
static int place(struct pp_reader *l, yaml_node_t *n, struct mod_keys *y)
{
	struct pp_modifier *m = &y->m;
	const char *name = y->name;
	if (y->field) {
		m->field = pp_rd_field(l, y->field);
		if (m->field == PP_NONE)
			return pp_rd_fail(l, n, "modifier '%s': '%s' is not a field of the PMU's format", name, y->field);
	}
	if (!y->have_max)
		m->max = m->type == PP_MOD_BOOL ? 1 : y->field ? field_max(l, m->field) : ~0ULL;
	if (m->min > m->max)
		return pp_rd_fail(l, n, "modifier '%s': min %u is above max %llu", name, m->min,
				  (unsigned long long)m->max);
	if (y->enable) {
		m->enable = pp_rd_field(l, y->enable);
		if (m->enable == PP_NONE)
			return pp_rd_fail(l, n, "modifier '%s': enable '%s' is not a field of the PMU's format",
					  name, y->enable);
	}
	return 0;
}

static int read_modifier(struct pp_reader *l, yaml_node_t *n, void *unused)
{
	struct mod_keys y = { .m = { .field = PP_NONE, .max = ~0ULL, .requires = PP_REQ_NONE, .enable = PP_NONE } };
	if (pp_rd_pairs(l, n, "a modifier", read_key, &y))
		return -1;
	uint32_t mi = pp_builder_add_mod(l->b);
	if (mi == PP_NONE)
		return pp_rd_fail(l, n, "out of memory");
	if (y.name && !*y.name)
		return pp_rd_missing(l, n, "modifier", "name");
	if (pp_rd_require(l, n, "modifier", y.seen, PP_K_MODIFIER_REQUIRED, pp_k_modifier_spec))
		return -1;
	if (!strcmp(y.type, "bool"))
		y.m.type = PP_MOD_BOOL;
	else if (!strcmp(y.type, "int"))
		y.m.type = PP_MOD_INT;
	else
		return pp_rd_fail(l, n, "modifier '%s': type must be bool or int, not '%s'", y.name, y.type);
	if (check_combinations(l, n, &y) || place(l, n, &y))
		return -1;
	struct pp_pmu *p = &l->b->pmus.v[l->pmu];
	if (pp_rd_modifier_index(l, y.name, mi - p->first_mod) < mi - p->first_mod)
		return pp_rd_fail(l, n, "modifier '%s' is defined twice", y.name);
	if (!y.have_code)
		y.m.code = (uint8_t)(mi - p->first_mod);
	y.m.name = pp_rd_intern(l, y.name);
	l->b->mods.v[mi] = y.m;
	p = &l->b->pmus.v[l->pmu];
	p->nmods++;
	if (p->nmods > PP_RD_MAX_MODS)
		return pp_rd_fail(l, n, "too many modifiers (at most %d)", PP_RD_MAX_MODS);
	return 0;
}

/* `requires` names may refer to modifiers listed later: resolved after the list */
static int resolve_requires(struct pp_reader *l, yaml_node_t *mods)
{
	uint32_t nmods = l->b->pmus.v[l->pmu].nmods;
	for (size_t mi = 0; mi < pp_rd_nitems(mods); mi++) {
		yaml_node_t *n = pp_rd_item(l, mods, mi);
		const char *requires = NULL;
		for (size_t i = 0; i < pp_rd_npairs(n); i++) {
			struct pp_rd_pair kv;
			if (pp_rd_pair(l, n, i, &kv))
				return -1;
			if (pp_k_modifier_lookup(kv.key) == PP_K_MODIFIER_REQUIRES && pp_rd_str(l, kv.v, kv.key, &requires))
				return -1;
		}
		if (!requires)
			continue;
		const char *name = l->b->strs + pmu_mod(l, (uint32_t)mi)->name;
		uint32_t i = pp_rd_modifier_index(l, requires, nmods);
		if (i == nmods)
			return pp_rd_fail(l, n, "modifier '%s' requires '%s', which is not a modifier of the PMU",
					  name, requires);
		if (pmu_mod(l, i)->type != PP_MOD_INT)
			return pp_rd_fail(l, n, "modifier '%s' requires '%s', which is not an integer modifier",
					  name, requires);
		pmu_mod(l, (uint32_t)mi)->requires = (uint8_t)i;
	}
	return 0;
}

int pp_rd_modifiers(struct pp_reader *l, yaml_node_t *mods)
{
	l->b->pmus.v[l->pmu].first_mod = l->b->mods.n;
	if (pp_rd_items(l, mods, "'modifiers'", read_modifier, NULL))
		return -1;
	return mods && !pp_rd_is_null(mods) ? resolve_requires(l, mods) : 0;
}

int pp_rd_fstr_order(struct pp_reader *l, yaml_node_t *order)
{
	uint32_t nmods = l->b->pmus.v[l->pmu].nmods;
	if (!order || pp_rd_is_null(order))
		return 0;
	if (pp_rd_want(l, order, YAML_SEQUENCE_NODE, "'fstr_order'"))
		return -1;
	for (size_t it = 0; it < pp_rd_nitems(order); it++) {
		yaml_node_t *m = pp_rd_item(l, order, it);
		const char *s;
		if (pp_rd_str(l, m, "fstr_order", &s))
			return -1;
		uint32_t i = pp_rd_modifier_index(l, s, nmods);
		if (i == nmods)
			return pp_rd_fail(l, m, "fstr_order: '%s' is not a modifier of the PMU", s);
		if (pmu_mod(l, i)->fstr_rank)
			return pp_rd_fail(l, m, "fstr_order: '%s' is listed twice", s);
		pmu_mod(l, i)->fstr_rank = (uint8_t)(it + 1);
	}
	return 0;
}

int pp_rd_modifier_mask(struct pp_reader *l, yaml_node_t *n, const char *key, const char *event, uint32_t *mask)
{
	uint32_t nmods = l->b->pmus.v[l->pmu].nmods;
	*mask = 0;
	if (pp_rd_want(l, n, YAML_SEQUENCE_NODE, key))
		return -1;
	for (size_t it = 0; it < pp_rd_nitems(n); it++) {
		yaml_node_t *m = pp_rd_item(l, n, it);
		const char *s;
		if (pp_rd_str(l, m, key, &s))
			return -1;
		uint32_t i = pp_rd_modifier_index(l, s, nmods);
		if (i == nmods)
			return pp_rd_fail(l, m, "event '%s': '%s' is not a modifier of the PMU", event, s);
		*mask |= 1u << i;
	}
	return 0;
}

/* the PMU's own modifier (no copy) called name */
static uint32_t own_index(struct pp_reader *l, const char *name)
{
	uint32_t i, n = l->b->pmus.v[l->pmu].nmods;
	for (i = 0; i < n; i++)
		if (!((l->clones >> i) & 1) && pp_str_eq(l->b->strs + pmu_mod(l, i)->name, name))
			break;
	return i;
}

/* *c: the copy of modifier i on field fi, made when there is none yet */
static int copy_on(struct pp_reader *l, const struct pp_rd_pair *kv, uint32_t i, uint32_t fi,
		   const char *event, const char *fname, uint32_t *c)
{
	struct pp_builder *b = l->b;
	struct pp_pmu *p = &b->pmus.v[l->pmu];
	for (*c = 0; *c < p->nmods; ++*c)
		if (((l->clones >> *c) & 1) && pmu_mod(l, *c)->name == pmu_mod(l, i)->name &&
		    pmu_mod(l, *c)->field == fi)
			return 0;
	if (p->nmods >= PP_RD_MAX_MODS)
		return pp_rd_fail(l, kv->kn, "too many modifiers (at most %d)", PP_RD_MAX_MODS);
	/* the PMU's modifiers are the last appended: its copies follow them */
	if (p->first_mod + p->nmods != b->mods.n)
		return pp_rd_fail(l, kv->kn, "modifier_fields: the PMU's modifiers are not the last");
	uint32_t mi = pp_builder_add_mod(b);
	if (mi == PP_NONE)
		return pp_rd_fail(l, kv->kn, "out of memory");
	p = &b->pmus.v[l->pmu];
	struct pp_modifier m = *pmu_mod(l, i);
	if (m.max > field_max(l, fi))
		m.max = field_max(l, fi);
	if (m.min > m.max)
		return pp_rd_fail(l, kv->v, "event '%s': modifier_fields: '%s' cannot hold %s's values", event,
				  fname, kv->key);
	m.field = fi;
	b->mods.v[mi] = m;
	l->clones |= 1u << p->nmods;
	*c = p->nmods++;
	return 0;
}

/*
 * event `modifier_fields`: for this event, modifier m's value goes to
 * another field of the format. The event takes a copy of m on that field
 * (one copy per modifier and field, appended to the PMU's modifiers and
 * accepted by no event unless named so), in place of m: the same name,
 * code and checks, so the event's attributes list one m as before.
 */
int pp_rd_modifier_fields(struct pp_reader *l, yaml_node_t *n, uint32_t ei, const char *event)
{
	struct pp_builder *b = l->b;
	if (pp_rd_want(l, n, YAML_MAPPING_NODE, "'modifier_fields'"))
		return -1;
	for (size_t it = 0; it < pp_rd_npairs(n); it++) {
		struct pp_rd_pair kv;
		const char *fname;
		if (pp_rd_pair(l, n, it, &kv) || pp_rd_str(l, kv.v, kv.key, &fname))
			return -1;
		uint32_t i = own_index(l, kv.key);
		if (i == b->pmus.v[l->pmu].nmods || pmu_mod(l, i)->field == PP_NONE)
			return pp_rd_fail(l, kv.kn, "event '%s': modifier_fields: '%s' is not a modifier of the PMU with a field",
					  event, kv.key);
		if (!((b->events.v[ei].mods >> i) & 1))
			return pp_rd_fail(l, kv.kn, "event '%s': modifier_fields: '%s' is not among its modifiers",
					  event, kv.key);
		uint32_t fi = pp_rd_field(l, fname);
		if (fi == PP_NONE)
			return pp_rd_fail(l, kv.v, "event '%s': modifier_fields: '%s' is not a field of the PMU's format",
					  event, fname);
		if (fi == pmu_mod(l, i)->field)
			continue;
		uint32_t c;
		if (copy_on(l, &kv, i, fi, event, fname, &c))
			return -1;
		struct pp_event *e = &b->events.v[ei];
		e->mods = (e->mods & ~(1u << i)) | 1u << c;
		if ((e->required_mods >> i) & 1)
			e->required_mods = (e->required_mods & ~(1u << i)) | 1u << c;
	}
	return 0;
}
