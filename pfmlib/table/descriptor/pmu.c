/*
 * SPDX-License-Identifier: MIT
 * table/descriptor/pmu.c - the `pmu:` block: the PMU's identity (name, id,
 * type, architecture, version), how it is found (match patterns, kernel
 * PMU, identifiers, flags), its counters and attributes, then its format
 * (fields.c), modifiers (modifiers.c) and aliases; and its `instances`,
 * copies of the complete PMU once its events are read.
 */
#include <string.h>
#include <perfmon/pfmlib.h>
#include "table/descriptor/sections.h"
#include "table/perf_attrs.h"
#include "pp_schema.h"

/* every switch over a schema key enum must have a case for each key */
#pragma GCC diagnostic error "-Wswitch"

/* the pmu keys that are booleans, each setting one PP_PMU_F_* flag */
static const struct { enum pp_k_pmu key; uint32_t flag; } flag_keys[] = {
	{ PP_K_PMU_OVERRIDE, PP_PMU_F_OVERRIDE },
	{ PP_K_PMU_FALLBACK, PP_PMU_F_FALLBACK },
	{ PP_K_PMU_VARIANT, PP_PMU_F_VARIANT },
	{ PP_K_PMU_BESIDE, PP_PMU_F_BESIDE },
	{ PP_K_PMU_ARCH_PERFMON, PP_PMU_F_ARCH_PERFMON },
	{ PP_K_PMU_PERF_NO_EXCLUDE, PP_PMU_F_NO_EXCLUDE },
	{ PP_K_PMU_PLM_FROM_CORE, PP_PMU_F_PLM_FROM_CORE },
};

static uint32_t flag_of(enum pp_k_pmu key)
{
	for (size_t i = 0; i < sizeof(flag_keys) / sizeof(flag_keys[0]); i++)
		if (flag_keys[i].key == key)
			return flag_keys[i].flag;
	return 0;
}

/* the block's keys as read; the scalars go into the PMU record as they are read */
struct pmu_keys {
	const char *name, *desc, *type, *arch;
	struct pp_rd_layout layout;
	yaml_node_t *perf_attrs, *mods, *fstr_order, *aliases;
	uint64_t seen;
};

static int max_encoding(struct pp_reader *l, yaml_node_t *v, const char *k, struct pp_pmu *p)
{
	uint32_t x;
	if (pp_rd_u32(l, v, k, PP_NREGS, &x))
		return -1;
	if (!x)
		return pp_rd_fail(l, v, "'max_encoding' must be 1 to %d", PP_NREGS);
	p->max_encoding = (uint8_t)x;
	return 0;
}

/* a string interned into *out */
static int interned(struct pp_reader *l, yaml_node_t *v, const char *k, pp_str_t *out)
{
	const char *s;
	if (pp_rd_str(l, v, k, &s))
		return -1;
	*out = pp_rd_intern(l, s);
	return 0;
}

static int pmu_key(struct pp_reader *l, const struct pp_rd_pair *kv, void *keys)
{
	struct pmu_keys *y = keys;
	struct pp_pmu *p = &l->b->pmus.v[l->pmu];
	enum pp_k_pmu key = pp_k_pmu_lookup(kv->key);
	const char *k = kv->key;
	yaml_node_t *v = kv->v;
	uint32_t x;
	int r = 0;
	switch (key) {
	case PP_K_PMU_NAME: r = pp_rd_str(l, v, k, &y->name); break;
	case PP_K_PMU_DESC: r = pp_rd_str(l, v, k, &y->desc); break;
	case PP_K_PMU_TYPE: r = pp_rd_str(l, v, k, &y->type); break;
	case PP_K_PMU_ARCH: r = pp_rd_str(l, v, k, &y->arch); break;
	case PP_K_PMU_ID: r = pp_rd_u32(l, v, k, PFM_PMU_MAX - 1, &x); p->id = (int32_t)x; break;
	case PP_K_PMU_SOURCE: r = interned(l, v, k, &p->source); break;
	case PP_K_PMU_VERSION: r = interned(l, v, k, &p->version); break;
	case PP_K_PMU_OVERRIDE: case PP_K_PMU_FALLBACK: case PP_K_PMU_VARIANT: case PP_K_PMU_BESIDE:
	case PP_K_PMU_ARCH_PERFMON: case PP_K_PMU_PERF_NO_EXCLUDE: case PP_K_PMU_PLM_FROM_CORE:
		r = pp_rd_flag(l, v, k, flag_of(key), &p->flags);
		break;
	case PP_K_PMU_MATCH: r = pp_rd_strlist(l, v, k, &p->match); break;
	case PP_K_PMU_MATCH_PRIORITY: r = pp_rd_u32(l, v, k, UINT32_MAX, &p->match_priority); break;
	case PP_K_PMU_MATCH_UNIT: r = interned(l, v, k, &p->match_unit); break;
	case PP_K_PMU_PERF_PMU: r = interned(l, v, k, &p->perf_pmu); break;
	case PP_K_PMU_PERF_PMU_PATTERN: r = interned(l, v, k, &p->perf_pmu_pattern); break;
	case PP_K_PMU_IDENTIFIER: r = pp_rd_strlist(l, v, k, &p->identifier); break;
	case PP_K_PMU_PERF_TYPE: r = pp_rd_u32(l, v, k, UINT32_MAX - 1, &p->perf_type); break;
	case PP_K_PMU_INSTANCES: l->instances = v; break;
	case PP_K_PMU_COUNTERS: r = pp_rd_u32(l, v, k, 255, &x); p->num_cntrs = (uint8_t)x; break;
	case PP_K_PMU_FIXED_COUNTERS: r = pp_rd_u32(l, v, k, 255, &x); p->num_fixed = (uint8_t)x; break;
	case PP_K_PMU_RAW_MSR_BITS:
		r = pp_rd_u32(l, v, k, 64, &x);
		if (!r && !x)
			r = pp_rd_fail(l, v, "'raw_msr_bits' must be 1 to 64");
		p->raw_msr_bits = (uint8_t)x;
		break;
	case PP_K_PMU_MAX_ENCODING: r = max_encoding(l, v, k, p); break;
	case PP_K_PMU_FORMAT: y->layout.format = v; break;
	case PP_K_PMU_RAW_BITS: y->layout.raw_bits = v; break;
	case PP_K_PMU_RAW_FIELDS: y->layout.raw_fields = v; break;
	case PP_K_PMU_RAW_FORMAT: y->layout.raw_format = v; break;
	case PP_K_PMU_RAW_UMASK: r = pp_rd_str(l, v, k, &y->layout.raw_umask); break;
	case PP_K_PMU_CODE_FIELDS: y->layout.code_fields = v; break;
	case PP_K_PMU_PERF_ATTRS: y->perf_attrs = v; break;
	case PP_K_PMU_MODIFIERS: y->mods = v; break;
	case PP_K_PMU_FSTR_ORDER: y->fstr_order = v; break;
	case PP_K_PMU_ALIASES: y->aliases = v; break;
	case PP_K_PMU__UNKNOWN: return pp_rd_unknown(l, kv->kn, "'pmu'", k);
	}
	y->seen |= 1ULL << key;
	return r;
}

static int check_name(struct pp_reader *l, yaml_node_t *n, const char *name)
{
	for (const char *c = name; *c; c++)
		if (!((*c >= 'a' && *c <= 'z') || (*c >= '0' && *c <= '9') || *c == '_'))
			return pp_rd_fail(l, n, "pmu name '%s' may only hold a-z, 0-9 and _", name);
	if (!*name)
		return pp_rd_fail(l, n, "pmu name must not be empty");
	return 0;
}

/* name, type, description, architecture and attributes, once every key is read */
static int identity(struct pp_reader *l, yaml_node_t *n, const struct pmu_keys *y)
{
	struct pp_pmu *p = &l->b->pmus.v[l->pmu];
	if (check_name(l, n, y->name))
		return -1;
	if (!strcmp(y->type, "core"))
		p->type = PP_PMU_CORE;
	else if (!strcmp(y->type, "uncore"))
		p->type = PP_PMU_UNCORE;
	else if (!strcmp(y->type, "os_generic"))
		p->type = PP_PMU_OS_GENERIC;
	else
		return pp_rd_fail(l, n, "pmu type must be core, uncore or os_generic, not '%s'", y->type);
	p->name = pp_rd_intern(l, y->name);
	p->desc = pp_rd_intern(l, y->desc);
	p->arch = pp_rd_intern(l, y->arch);
	/* an uncore PMU without perf_type has none: its perf_pmu must be in sysfs */
	if (p->type == PP_PMU_UNCORE && !(y->seen >> PP_K_PMU_PERF_TYPE & 1))
		p->perf_type = PP_NONE;
	if (y->perf_attrs)
		return pp_rd_perf_attrs(l, y->perf_attrs, &p->perf_attrs);
	p->perf_attrs = pp_perf_attrs_default(p->type);
	return 0;
}

/* one of `aliases`: a whole name standing for an event string (names checked when indexing) */
static int read_alias(struct pp_reader *l, const struct pp_rd_pair *kv, void *unused)
{
	struct pp_builder *b = l->b;
	const char *e;
	if (pp_rd_str(l, kv->v, kv->key, &e))
		return -1;
	if (!*kv->key || !*e)
		return pp_rd_fail(l, kv->kn, "alias names and expansions must not be empty");
	uint32_t ai = pp_builder_add_alias(b);
	if (ai == PP_NONE)
		return pp_rd_fail(l, kv->v, "out of memory");
	pp_str_t name = pp_rd_intern(l, kv->key), expansion = pp_rd_intern(l, e);
	b->aliases.v[ai] = (struct pp_alias){ .name = name, .expansion = expansion };
	b->pmus.v[l->pmu].naliases++;
	return 0;
}

static int read_aliases(struct pp_reader *l, yaml_node_t *aliases)
{
	l->b->pmus.v[l->pmu].first_alias = l->b->aliases.n;
	if (!aliases || pp_rd_is_null(aliases))
		return 0;
	return pp_rd_pairs(l, aliases, "'aliases'", read_alias, NULL);
}

int pp_rd_pmu(struct pp_reader *l, yaml_node_t *n)
{
	struct pp_pmu *p = &l->b->pmus.v[l->pmu];
	struct pmu_keys y = { 0 };
	p->perf_type = 4;	/* PERF_TYPE_RAW */
	p->max_encoding = 1;
	p->match_priority = 1000000;
	if (pp_rd_pairs(l, n, "'pmu'", pmu_key, &y))
		return -1;
	if (pp_rd_require(l, n, "pmu", y.seen, PP_K_PMU_REQUIRED, pp_k_pmu_spec))
		return -1;
	if (identity(l, n, &y) || pp_rd_format(l, n, &y.layout) || pp_rd_modifiers(l, y.mods) ||
	    pp_rd_fstr_order(l, y.fstr_order))
		return -1;
	return read_aliases(l, y.aliases);
}

/* ---- instances ---- */

struct instance_keys {
	const char *name, *perf_pmu, *desc;
	uint32_t id;
	uint64_t seen;
};

static int instance_key(struct pp_reader *l, const struct pp_rd_pair *kv, void *keys)
{
	struct instance_keys *y = keys;
	enum pp_k_instance key = pp_k_instance_lookup(kv->key);
	const char *k = kv->key;
	int r = 0;
	switch (key) {
	case PP_K_INSTANCE_NAME: r = pp_rd_str(l, kv->v, k, &y->name); break;
	case PP_K_INSTANCE_ID: r = pp_rd_u32(l, kv->v, k, PFM_PMU_MAX - 1, &y->id); break;
	case PP_K_INSTANCE_PERF_PMU: r = pp_rd_str(l, kv->v, k, &y->perf_pmu); break;
	case PP_K_INSTANCE_DESC: r = pp_rd_str(l, kv->v, k, &y->desc); break;
	case PP_K_INSTANCE__UNKNOWN: return pp_rd_unknown(l, kv->kn, "an instance", k);
	}
	y->seen |= 1ULL << key;
	return r;
}

static int read_instance(struct pp_reader *l, yaml_node_t *in, void *unused)
{
	struct pp_builder *b = l->b;
	struct instance_keys y = { 0 };
	if (pp_rd_pairs(l, in, "an instance", instance_key, &y))
		return -1;
	if (pp_rd_require(l, in, "instance", y.seen, PP_K_INSTANCE_REQUIRED, pp_k_instance_spec) ||
	    check_name(l, in, y.name))
		return -1;
	for (uint32_t j = l->pmu; j < b->pmus.n; j++) {
		if (!strcmp(b->strs + b->pmus.v[j].name, y.name))
			return pp_rd_fail(l, in, "instance name '%s' is used twice", y.name);
		if ((uint32_t)b->pmus.v[j].id == y.id)
			return pp_rd_fail(l, in, "instance id %u is used twice", y.id);
	}
	uint32_t pi = pp_builder_add_pmu(b);
	if (pi == PP_NONE)
		return pp_rd_fail(l, in, "out of memory");
	pp_str_t name = pp_rd_intern(l, y.name), perf_pmu = pp_rd_intern(l, y.perf_pmu);
	pp_str_t desc = y.desc ? pp_rd_intern(l, y.desc) : 0;
	struct pp_pmu *p = &b->pmus.v[pi];
	*p = b->pmus.v[l->pmu];
	p->name = name;
	if (y.desc)
		p->desc = desc;
	p->id = (int32_t)y.id;
	p->perf_pmu = perf_pmu;
	return 0;
}

/*
 * pmu `instances`: one more PMU record per box instance, a copy of the
 * complete first one (same fields, modifiers, events, aliases and name
 * index: the records share those ranges) with its own name, id and kernel
 * PMU. Names and ids must differ from the first's and from each other's.
 */
int pp_rd_instances(struct pp_reader *l)
{
	return pp_rd_items(l, l->instances, "'instances'", read_instance, NULL);
}
