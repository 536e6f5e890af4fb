/*
 * table/yaml.c - reads one PMU descriptor (docs/schema.md) with libyaml and
 * appends it to a pp_builder. Every error names file:line and the reason.
 *
 * The keys of each mapping kind come from the schema (schema/descriptor.yaml,
 * generated into pp_schema.h): a key is looked up to its enum and handled by
 * a switch with no default, so a schema key without a case here does not
 * compile; the schema's required keys are checked by require().
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <yaml.h>
#include <perfmon/pfmlib.h>
#include "table/format.h"
#include "table/perf_attrs.h"
#include "table/yaml.h"
#include "pp_schema.h"
#include "util/file.h"
#include "util/str.h"

/* every switch over a schema key enum must have a case for each key */
#pragma GCC diagnostic error "-Wswitch"

#define MAX_MODS   32	/* event modifier sets are a 32-bit mask */
#define MAX_GROUPS 32	/* rule group sets are a 32-bit mask */

struct ld {
	struct pp_builder *b;
	yaml_document_t doc;
	const char *file;
	char *err;
	size_t errsz;
	uint32_t pmu;		/* index of the PMU being built */
	yaml_node_t *instances;	/* its pmu `instances`, parsed once its events are in */
	uint32_t clones;	/* the PMU's modifiers that are copies made for event `modifier_fields` */
	int failed;
	size_t max_alias_nodes, max_events;
	unsigned max_depth;
};

static int fail(struct ld *l, const yaml_node_t *n, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int fail(struct ld *l, const yaml_node_t *n, const char *fmt, ...)
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

static yaml_node_t *node(struct ld *l, int id)
{
	return yaml_document_get_node(&l->doc, id);
}

static const char *scalar(const yaml_node_t *n)
{
	return n && n->type == YAML_SCALAR_NODE ? (const char *)n->data.scalar.value : NULL;
}

static int is_null(const yaml_node_t *n)
{
	const char *s = scalar(n);
	if (!s)
		return 0;
	if (n->data.scalar.style != YAML_PLAIN_SCALAR_STYLE)
		return 0;
	return !*s || !strcmp(s, "~") || !strcmp(s, "null") || !strcmp(s, "Null") || !strcmp(s, "NULL");
}

/* ---- typed getters: return 0 on success, -1 after fail() ---- */

static int get_str(struct ld *l, yaml_node_t *n, const char *key, const char **out)
{
	const char *s = scalar(n);
	*out = "";
	if (!s)
		return fail(l, n, "'%s' must be a string", key);
	*out = s;
	return 0;
}

static int get_u64(struct ld *l, yaml_node_t *n, const char *key, uint64_t *out)
{
	const char *s = scalar(n);
	*out = 0;
	if (!s || !*s || n->data.scalar.style != YAML_PLAIN_SCALAR_STYLE)
		return fail(l, n, "'%s' must be an integer", key);
	char *end;
	errno = 0;
	if (*s == '-')
		return fail(l, n, "'%s' must not be negative: %s", key, s);
	unsigned long long v = strtoull(s, &end, 0);
	if (errno || *end)
		return fail(l, n, "'%s' is not a valid integer: %s", key, s);
	*out = v;
	return 0;
}

static int get_u32(struct ld *l, yaml_node_t *n, const char *key, uint64_t max, uint32_t *out)
{
	uint64_t v;
	*out = 0;
	if (get_u64(l, n, key, &v))
		return -1;
	if (v > max)
		return fail(l, n, "'%s' out of range (max %llu): %llu", key,
			    (unsigned long long)max, (unsigned long long)v);
	*out = (uint32_t)v;
	return 0;
}

static int get_bool(struct ld *l, yaml_node_t *n, const char *key, int *out)
{
	const char *s = scalar(n);
	if (s && n->data.scalar.style == YAML_PLAIN_SCALAR_STYLE) {
		if (!strcmp(s, "true") || !strcmp(s, "True") || !strcmp(s, "yes")) { *out = 1; return 0; }
		if (!strcmp(s, "false") || !strcmp(s, "False") || !strcmp(s, "no")) { *out = 0; return 0; }
	}
	return fail(l, n, "'%s' must be true or false", key);
}

static int want(struct ld *l, yaml_node_t *n, yaml_node_type_t t, const char *what)
{
	if (n && n->type == t)
		return 0;
	static const char *names[] = { "nothing", "a string", "a list", "a mapping" };
	return fail(l, n, "%s must be %s", what, names[t]);
}

/* str interned in the builder; NULL/empty gives 0 */
static pp_str_t str(struct ld *l, const char *s)
{
	return s ? pp_builder_str(l->b, s, strlen(s)) : 0;
}

/* list of strings from a sequence node */
static int get_strlist(struct ld *l, yaml_node_t *n, const char *key, pp_str_t *out)
{
	if (is_null(n)) { *out = 0; return 0; }
	if (want(l, n, YAML_SEQUENCE_NODE, key))
		return -1;
	size_t cnt = (size_t)(n->data.sequence.items.top - n->data.sequence.items.start);
	const char **v = calloc(cnt ? cnt : 1, sizeof(*v));
	if (!v)
		return fail(l, n, "out of memory");
	size_t i = 0;
	for (yaml_node_item_t *it = n->data.sequence.items.start; it < n->data.sequence.items.top; it++) {
		yaml_node_t *e = node(l, *it);
		if (get_str(l, e, key, &v[i])) {
			free(v);
			return -1;
		}
		if (!*v[i]) {
			free(v);
			return fail(l, e, "'%s' entries must not be empty", key);
		}
		i++;
	}
	*out = pp_builder_strlist(l->b, v, cnt);
	free(v);
	return 0;
}

/* ---- key dispatch ---- */

static const char *key_of(struct ld *l, yaml_node_t *kn)
{
	const char *k = scalar(kn);
	if (!k)
		fail(l, kn, "mapping keys must be strings");
	return k;
}

/* iterate a mapping's pairs as (k: key string, v: value node, kn: key node) */
#define FOR_PAIRS(l, map, k, v, kn)						\
	for (yaml_node_pair_t *p_ = (map)->data.mapping.pairs.start;		\
	     p_ < (map)->data.mapping.pairs.top && !(l)->failed; p_++)		\
		for (yaml_node_t *kn = node(l, p_->key), *v = node(l, p_->value), *once_ = kn; \
		     once_; once_ = NULL)						\
			for (const char *k = key_of(l, kn); k; k = NULL)

static int unknown(struct ld *l, yaml_node_t *kn, const char *where, const char *k)
{
	return fail(l, kn, "unknown key '%s' in %s", k, where);
}

static int missing(struct ld *l, yaml_node_t *n, const char *where, const char *k)
{
	return fail(l, n, "%s: required key '%s' is missing", where, k);
}

/* the first key (schema order) of the kind's required set that was not seen */
static int require(struct ld *l, yaml_node_t *n, const char *where, uint64_t seen, uint64_t required,
		   const struct pp_key_spec *spec)
{
	uint64_t miss = required & ~seen;
	return miss ? missing(l, n, where, spec[__builtin_ctzll(miss)].name) : 0;
}

/* ---- format fields: "config1:0-7,32-35", parsed as sysfs format/ files are ---- */

static int parse_format(struct ld *l, yaml_node_t *n, const char *name, struct pp_field *f)
{
	const char *s = scalar(n), *why;
	if (!s)
		return fail(l, n, "format field '%s' must be a string", name);
	if (pp_format_parse(s, f, &why))
		return fail(l, n, "format field '%s': cannot parse '%s': %s", name, s, why);
	return 0;
}

static uint32_t find_field(struct ld *l, const char *name)
{
	const struct pp_pmu *p = &l->b->pmus.v[l->pmu];
	for (uint32_t i = 0; i < p->nfields; i++)
		if (!strcmp(l->b->strs + l->b->fields.v[p->first_field + i].name, name))
			return p->first_field + i;
	return PP_NONE;
}

static int fits(const struct pp_field *f, uint64_t v)
{
	return f->width >= 64 || (v >> f->width) == 0;
}

/* a mapping field -> value appended to sets with flags; *cnt counts them */
static int append_sets(struct ld *l, yaml_node_t *n, const char *what, uint32_t flags, uint16_t *cnt)
{
	if (!n || is_null(n))
		return 0;	/* absent or empty: no field values */
	if (want(l, n, YAML_MAPPING_NODE, what))
		return -1;
	FOR_PAIRS(l, n, k, v, kn) {
		uint32_t fi = find_field(l, k);
		if (fi == PP_NONE)
			return fail(l, kn, "%s: '%s' is not a field of the PMU's format", what, k);
		uint64_t val;
		if (get_u64(l, v, k, &val))
			return -1;
		if (!fits(&l->b->fields.v[fi], val))
			return fail(l, v, "%s: value 0x%llx does not fit field '%s' (%u bits)", what,
				    (unsigned long long)val, k, l->b->fields.v[fi].width);
		uint32_t si = pp_builder_add_set(l->b);
		if (si == PP_NONE)
			return fail(l, n, "out of memory");
		l->b->sets.v[si].field = fi;
		l->b->sets.v[si].flags = flags;
		l->b->sets.v[si].value = val;
		if (++*cnt == 0)
			return fail(l, n, "%s: too many fields", what);
	}
	return l->failed ? -1 : 0;
}

/* umask required_modifiers: a PP_SET_REQUIRED entry on each named modifier's field */
static int append_required(struct ld *l, yaml_node_t *n, const char *umask, uint16_t *cnt)
{
	if (is_null(n))
		return 0;
	if (want(l, n, YAML_SEQUENCE_NODE, "'required_modifiers'"))
		return -1;
	const struct pp_pmu *p = &l->b->pmus.v[l->pmu];
	for (yaml_node_item_t *it = n->data.sequence.items.start; it < n->data.sequence.items.top; it++) {
		yaml_node_t *e = node(l, *it);
		const char *m;
		if (get_str(l, e, "required_modifiers", &m))
			return -1;
		uint32_t fi = PP_NONE;
		for (uint32_t i = p->first_mod; i < p->first_mod + p->nmods; i++)
			if (pp_str_eq(l->b->strs + l->b->mods.v[i].name, m))
				fi = l->b->mods.v[i].field;
		if (fi == PP_NONE)
			return fail(l, e, "umask '%s': required modifier '%s' is not a PMU modifier with a field", umask, m);
		uint32_t si = pp_builder_add_set(l->b);
		if (si == PP_NONE)
			return fail(l, n, "out of memory");
		l->b->sets.v[si].field = fi;
		l->b->sets.v[si].flags = PP_SET_REQUIRED;
		l->b->sets.v[si].value = 0;
		if (++*cnt == 0)
			return fail(l, n, "umask '%s': too many fields", umask);
	}
	return l->failed ? -1 : 0;
}

/* a mapping field -> value appended to sets; returns first/count */
static int parse_sets(struct ld *l, yaml_node_t *n, const char *what, uint32_t *first, uint16_t *cnt)
{
	*first = l->b->sets.n;
	*cnt = 0;
	return append_sets(l, n, what, 0, cnt);
}

static uint64_t set_value(struct ld *l, uint32_t first, uint16_t n, const char *field, int *found)
{
	for (uint16_t i = 0; i < n; i++) {
		const struct pp_set *s = &l->b->sets.v[first + i];
		if (!strcmp(l->b->strs + l->b->fields.v[s->field].name, field)) {
			*found = 1;
			return s->value;
		}
	}
	*found = 0;
	return 0;
}

static int parse_flags(struct ld *l, yaml_node_t *n, uint8_t *flags, int raw_name_ok)
{
	if (is_null(n))
		return 0;
	if (want(l, n, YAML_SEQUENCE_NODE, "'flags'"))
		return -1;
	for (yaml_node_item_t *it = n->data.sequence.items.start; it < n->data.sequence.items.top; it++) {
		yaml_node_t *e = node(l, *it);
		const char *s = scalar(e);
		if (s && !strcmp(s, "compat")) *flags |= PP_F_COMPAT;
		else if (s && !strcmp(s, "deprecated")) *flags |= PP_F_DEPRECATED;
		else if (s && !strcmp(s, "experimental")) *flags |= PP_F_EXPERIMENTAL;
		else if (s && !strcmp(s, "raw_name") && raw_name_ok) *flags |= PP_F_RAW_NAME;
		else return fail(l, e, "unknown flag '%s' (compat, deprecated, experimental%s)", s ? s : "?",
				 raw_name_ok ? ", raw_name" : "");
	}
	return 0;
}

static int parse_perf_attrs(struct ld *l, yaml_node_t *n, uint32_t *out)
{
	*out = 0;
	if (is_null(n))
		return 0;
	if (want(l, n, YAML_SEQUENCE_NODE, "'perf_attrs'"))
		return -1;
	for (yaml_node_item_t *it = n->data.sequence.items.start; it < n->data.sequence.items.top; it++) {
		yaml_node_t *e = node(l, *it);
		const char *s = scalar(e);
		int i;
		for (i = 0; s && i < PP_PA_COUNT; i++)
			if (!strcmp(s, pp_perf_attrs[i].name))
				break;
		if (!s || i == PP_PA_COUNT)
			return fail(l, e, "unknown perf_events attribute '%s'", s ? s : "?");
		*out |= 1u << i;
	}
	return 0;
}

/* ---- pmu: block ---- */

/* `requires` names may refer to modifiers listed later: resolved after the list */
static int resolve_requires(struct ld *l, yaml_node_t *mods)
{
	const struct pp_pmu *p = &l->b->pmus.v[l->pmu];
	uint32_t mi = p->first_mod;
	for (yaml_node_item_t *it = mods->data.sequence.items.start; it < mods->data.sequence.items.top; it++, mi++) {
		yaml_node_t *n = node(l, *it);
		const char *requires = NULL;
		FOR_PAIRS(l, n, k, v, kn)
			if (pp_k_modifier_lookup(k) == PP_K_MODIFIER_REQUIRES && get_str(l, v, k, &requires))
				return -1;
		if (!requires)
			continue;
		const char *name = l->b->strs + l->b->mods.v[mi].name;
		uint32_t i;
		for (i = 0; i < p->nmods; i++)
			if (pp_str_eq(l->b->strs + l->b->mods.v[p->first_mod + i].name, requires))
				break;
		if (i == p->nmods)
			return fail(l, n, "modifier '%s' requires '%s', which is not a modifier of the PMU", name, requires);
		if (l->b->mods.v[p->first_mod + i].type != PP_MOD_INT)
			return fail(l, n, "modifier '%s' requires '%s', which is not an integer modifier", name, requires);
		l->b->mods.v[mi].requires = (uint8_t)i;
	}
	return l->failed ? -1 : 0;
}

static int parse_modifier(struct ld *l, yaml_node_t *n)
{
	if (want(l, n, YAML_MAPPING_NODE, "a modifier"))
		return -1;
	uint32_t mi = pp_builder_add_mod(l->b);
	if (mi == PP_NONE)
		return fail(l, n, "out of memory");
	struct pp_modifier m = { .field = PP_NONE, .max = ~0ULL, .requires = PP_REQ_NONE, .enable = PP_NONE };
	const char *name = NULL, *type = NULL, *field = NULL, *enable = NULL;
	int have_max = 0, have_code = 0;
	uint64_t seen = 0;
	FOR_PAIRS(l, n, k, v, kn) {
		enum pp_k_modifier key = pp_k_modifier_lookup(k);
		uint32_t x;
		int b;
		switch (key) {
		case PP_K_MODIFIER_NAME: if (get_str(l, v, k, &name)) return -1; break;
		case PP_K_MODIFIER_DESC: { const char *d; if (get_str(l, v, k, &d)) return -1; m.desc = str(l, d); break; }
		case PP_K_MODIFIER_TYPE: if (get_str(l, v, k, &type)) return -1; break;
		case PP_K_MODIFIER_FIELD: if (get_str(l, v, k, &field)) return -1; break;
		case PP_K_MODIFIER_PLM: if (get_u32(l, v, k, 0x1f, &x)) return -1; m.plm = (uint8_t)x; break;
		case PP_K_MODIFIER_MAX: if (get_u64(l, v, k, &m.max)) return -1; have_max = 1; break;
		case PP_K_MODIFIER_MIN: if (get_u32(l, v, k, UINT32_MAX, &m.min)) return -1; break;
		case PP_K_MODIFIER_CODE: if (get_u32(l, v, k, 255, &x)) return -1; m.code = (uint8_t)x; have_code = 1; break;
		case PP_K_MODIFIER_REQUIRES: { const char *r; if (get_str(l, v, k, &r)) return -1; break; }	/* resolve_requires */
		case PP_K_MODIFIER_INVERT: if (get_bool(l, v, k, &b)) return -1; if (b) m.flags |= PP_MOD_F_INVERT; break;
		case PP_K_MODIFIER_WITH_UMASK: {
			const char *w;
			if (get_str(l, v, k, &w)) return -1;
			if (!strcmp(w, "required")) m.flags |= PP_MOD_F_UMASK_REQUIRED;
			else if (!strcmp(w, "ignored")) m.flags |= PP_MOD_F_UMASK_IGNORED;
			else return fail(l, v, "'with_umask' must be required or ignored, not '%s'", w);
			break;
		}
		case PP_K_MODIFIER_ENABLE: if (get_str(l, v, k, &enable)) return -1; break;
		case PP_K_MODIFIER_NONE_ONLY: if (get_bool(l, v, k, &b)) return -1; if (b) m.flags |= PP_MOD_F_NONE_ONLY; break;
		case PP_K_MODIFIER_PERF_PLM: if (get_bool(l, v, k, &b)) return -1; if (b) m.flags |= PP_MOD_F_PERF_PLM; break;
		case PP_K_MODIFIER_ENABLE_GIVEN: if (get_bool(l, v, k, &b)) return -1; if (b) m.flags |= PP_MOD_F_ENABLE_GIVEN; break;
		case PP_K_MODIFIER__UNKNOWN: return unknown(l, kn, "a modifier", k);
		}
		seen |= 1ULL << key;
	}
	if (l->failed)
		return -1;
	if (name && !*name)
		return missing(l, n, "modifier", "name");
	if (require(l, n, "modifier", seen, PP_K_MODIFIER_REQUIRED, pp_k_modifier_spec))
		return -1;
	if (!strcmp(type, "bool")) m.type = PP_MOD_BOOL;
	else if (!strcmp(type, "int")) m.type = PP_MOD_INT;
	else return fail(l, n, "modifier '%s': type must be bool or int, not '%s'", name, type);
	if ((m.flags & (PP_MOD_F_UMASK_REQUIRED | PP_MOD_F_UMASK_IGNORED)) && !field)
		return fail(l, n, "modifier '%s': with_umask needs a field", name);
	if ((m.flags & PP_MOD_F_INVERT) && (m.type != PP_MOD_BOOL || !field))
		return fail(l, n, "modifier '%s': invert needs a bool modifier with a field", name);
	if ((m.flags & PP_MOD_F_PERF_PLM) && (!m.plm || !field))
		return fail(l, n, "modifier '%s': perf_plm needs a modifier with plm and a field", name);
	if ((m.flags & PP_MOD_F_ENABLE_GIVEN) && !enable)
		return fail(l, n, "modifier '%s': enable_given needs enable", name);
	if (field) {
		m.field = find_field(l, field);
		if (m.field == PP_NONE)
			return fail(l, n, "modifier '%s': '%s' is not a field of the PMU's format", name, field);
		uint8_t w = l->b->fields.v[m.field].width;
		uint64_t fmax = w >= 64 ? ~0ULL : (1ULL << w) - 1;
		if (!have_max)
			m.max = m.type == PP_MOD_BOOL ? 1 : fmax;
	} else if (!have_max) {
		m.max = m.type == PP_MOD_BOOL ? 1 : ~0ULL;
	}
	if (m.min > m.max)
		return fail(l, n, "modifier '%s': min %u is above max %llu", name, m.min, (unsigned long long)m.max);
	if (enable) {
		m.enable = find_field(l, enable);
		if (m.enable == PP_NONE)
			return fail(l, n, "modifier '%s': enable '%s' is not a field of the PMU's format", name, enable);
	}
	struct pp_pmu *p = &l->b->pmus.v[l->pmu];
	for (uint32_t i = p->first_mod; i < mi; i++)
		if (pp_str_eq(l->b->strs + l->b->mods.v[i].name, name))
			return fail(l, n, "modifier '%s' is defined twice", name);
	if (!have_code)
		m.code = (uint8_t)(mi - p->first_mod);
	m.name = str(l, name);
	l->b->mods.v[mi] = m;
	p->nmods++;
	if (p->nmods > MAX_MODS)
		return fail(l, n, "too many modifiers (at most %d)", MAX_MODS);
	return 0;
}

static int check_pmu_name(struct ld *l, yaml_node_t *n, const char *name)
{
	for (const char *c = name; *c; c++)
		if (!((*c >= 'a' && *c <= 'z') || (*c >= '0' && *c <= '9') || *c == '_'))
			return fail(l, n, "pmu name '%s' may only hold a-z, 0-9 and _", name);
	if (!*name)
		return fail(l, n, "pmu name must not be empty");
	return 0;
}

/*
 * pmu `instances`: one more PMU record per box instance, a copy of the
 * complete first one (same fields, modifiers, events, aliases and name
 * index: the records share those ranges) with its own name, id and kernel
 * PMU. Names and ids must differ from the first's and from each other's.
 */
static int parse_instances(struct ld *l)
{
	yaml_node_t *n = l->instances;
	if (!n || is_null(n))
		return 0;
	if (want(l, n, YAML_SEQUENCE_NODE, "'instances'"))
		return -1;
	struct pp_builder *b = l->b;
	uint32_t first = l->pmu;
	for (yaml_node_item_t *it = n->data.sequence.items.start; it < n->data.sequence.items.top; it++) {
		yaml_node_t *in = node(l, *it);
		if (want(l, in, YAML_MAPPING_NODE, "an instance"))
			return -1;
		const char *name = NULL, *perf_pmu = NULL, *desc = NULL;
		uint32_t id = 0;
		uint64_t seen = 0;
		FOR_PAIRS(l, in, k, v, kn) {
			enum pp_k_instance key = pp_k_instance_lookup(k);
			switch (key) {
			case PP_K_INSTANCE_NAME: if (get_str(l, v, k, &name)) return -1; break;
			case PP_K_INSTANCE_ID: if (get_u32(l, v, k, PFM_PMU_MAX - 1, &id)) return -1; break;
			case PP_K_INSTANCE_PERF_PMU: if (get_str(l, v, k, &perf_pmu)) return -1; break;
			case PP_K_INSTANCE_DESC: if (get_str(l, v, k, &desc)) return -1; break;
			case PP_K_INSTANCE__UNKNOWN: return unknown(l, kn, "an instance", k);
			}
			seen |= 1ULL << key;
		}
		if (l->failed)
			return -1;
		if (require(l, in, "instance", seen, PP_K_INSTANCE_REQUIRED, pp_k_instance_spec))
			return -1;
		if (check_pmu_name(l, in, name))
			return -1;
		for (uint32_t j = first; j < b->pmus.n; j++) {
			if (!strcmp(b->strs + b->pmus.v[j].name, name))
				return fail(l, in, "instance name '%s' is used twice", name);
			if ((uint32_t)b->pmus.v[j].id == id)
				return fail(l, in, "instance id %u is used twice", id);
		}
		uint32_t pi = pp_builder_add_pmu(b);
		if (pi == PP_NONE)
			return fail(l, in, "out of memory");
		pp_str_t sname = str(l, name), spmu = str(l, perf_pmu), sdesc = desc ? str(l, desc) : 0;
		struct pp_pmu *p = &b->pmus.v[pi];
		*p = b->pmus.v[first];
		p->name = sname;
		if (desc)
			p->desc = sdesc;
		p->id = (int32_t)id;
		p->perf_pmu = spmu;
	}
	return l->failed ? -1 : 0;
}

static int parse_pmu(struct ld *l, yaml_node_t *n)
{
	if (want(l, n, YAML_MAPPING_NODE, "'pmu'"))
		return -1;
	struct pp_builder *b = l->b;
	yaml_node_t *format = NULL, *raw = NULL, *mods = NULL, *aliases = NULL, *perf_attrs = NULL;
	yaml_node_t *raw_fields = NULL, *raw_format = NULL;
	const char *raw_umask = NULL;
	yaml_node_t *code_fields = NULL;
	const char *name = NULL, *desc = NULL, *type = NULL, *arch = NULL;
	struct pp_pmu *p = &b->pmus.v[l->pmu];
	p->perf_type = 4;	/* PERF_TYPE_RAW */
	p->max_encoding = 1;
	p->match_priority = 1000000;
	uint64_t seen = 0;
	FOR_PAIRS(l, n, k, v, kn) {
		p = &b->pmus.v[l->pmu];
		enum pp_k_pmu key = pp_k_pmu_lookup(k);
		uint32_t x;
		int o;
		const char *s;
		pp_str_t ls;
		switch (key) {
		case PP_K_PMU_NAME: if (get_str(l, v, k, &name)) return -1; break;
		case PP_K_PMU_ID: if (get_u32(l, v, k, PFM_PMU_MAX - 1, &x)) return -1; p->id = (int32_t)x; break;
		case PP_K_PMU_DESC: if (get_str(l, v, k, &desc)) return -1; break;
		case PP_K_PMU_TYPE: if (get_str(l, v, k, &type)) return -1; break;
		case PP_K_PMU_ARCH: if (get_str(l, v, k, &arch)) return -1; break;
		case PP_K_PMU_SOURCE: if (get_str(l, v, k, &s)) return -1; p->source = str(l, s); break;
		case PP_K_PMU_VERSION: if (get_str(l, v, k, &s)) return -1; p->version = str(l, s); break;
		case PP_K_PMU_OVERRIDE: if (get_bool(l, v, k, &o)) return -1; if (o) p->flags |= PP_PMU_F_OVERRIDE; break;
		case PP_K_PMU_FALLBACK: if (get_bool(l, v, k, &o)) return -1; if (o) p->flags |= PP_PMU_F_FALLBACK; break;
		case PP_K_PMU_VARIANT: if (get_bool(l, v, k, &o)) return -1; if (o) p->flags |= PP_PMU_F_VARIANT; break;
		case PP_K_PMU_BESIDE: if (get_bool(l, v, k, &o)) return -1; if (o) p->flags |= PP_PMU_F_BESIDE; break;
		case PP_K_PMU_ARCH_PERFMON: if (get_bool(l, v, k, &o)) return -1; if (o) p->flags |= PP_PMU_F_ARCH_PERFMON; break;
		case PP_K_PMU_PERF_NO_EXCLUDE:
			if (get_bool(l, v, k, &o)) return -1;
			if (o) p->flags |= PP_PMU_F_NO_EXCLUDE;
			break;
		case PP_K_PMU_PLM_FROM_CORE:
			if (get_bool(l, v, k, &o)) return -1;
			if (o) p->flags |= PP_PMU_F_PLM_FROM_CORE;
			break;
		case PP_K_PMU_MATCH: if (get_strlist(l, v, k, &ls)) return -1; b->pmus.v[l->pmu].match = ls; break;
		case PP_K_PMU_MATCH_PRIORITY: if (get_u32(l, v, k, UINT32_MAX, &x)) return -1; p->match_priority = x; break;
		case PP_K_PMU_MATCH_UNIT: if (get_str(l, v, k, &s)) return -1; p->match_unit = str(l, s); break;
		case PP_K_PMU_PERF_PMU: if (get_str(l, v, k, &s)) return -1; p->perf_pmu = str(l, s); break;
		case PP_K_PMU_PERF_PMU_PATTERN: if (get_str(l, v, k, &s)) return -1; p->perf_pmu_pattern = str(l, s); break;
		case PP_K_PMU_IDENTIFIER: if (get_strlist(l, v, k, &ls)) return -1; b->pmus.v[l->pmu].identifier = ls; break;
		case PP_K_PMU_PERF_TYPE: if (get_u32(l, v, k, UINT32_MAX - 1, &x)) return -1; p->perf_type = x; break;
		case PP_K_PMU_INSTANCES: l->instances = v; break;
		case PP_K_PMU_COUNTERS: if (get_u32(l, v, k, 255, &x)) return -1; p->num_cntrs = (uint8_t)x; break;
		case PP_K_PMU_FIXED_COUNTERS: if (get_u32(l, v, k, 255, &x)) return -1; p->num_fixed = (uint8_t)x; break;
		case PP_K_PMU_MAX_ENCODING: if (get_u32(l, v, k, PP_NREGS, &x)) return -1; if (!x) return fail(l, v, "'max_encoding' must be 1 to %d", PP_NREGS); p->max_encoding = (uint8_t)x; break;
		case PP_K_PMU_FORMAT: format = v; break;
		case PP_K_PMU_RAW_BITS: raw = v; break;
		case PP_K_PMU_RAW_FIELDS: raw_fields = v; break;
		case PP_K_PMU_RAW_FORMAT: raw_format = v; break;
		case PP_K_PMU_RAW_UMASK: if (get_str(l, v, k, &raw_umask)) return -1; break;
		case PP_K_PMU_CODE_FIELDS: code_fields = v; break;
		case PP_K_PMU_PERF_ATTRS: perf_attrs = v; break;
		case PP_K_PMU_MODIFIERS: mods = v; break;
		case PP_K_PMU_ALIASES: aliases = v; break;
		case PP_K_PMU__UNKNOWN: return unknown(l, kn, "'pmu'", k);
		}
		seen |= 1ULL << key;
	}
	if (l->failed)
		return -1;
	if (require(l, n, "pmu", seen, PP_K_PMU_REQUIRED, pp_k_pmu_spec))
		return -1;
	if (check_pmu_name(l, n, name))
		return -1;
	p = &b->pmus.v[l->pmu];
	if (!strcmp(type, "core")) p->type = PP_PMU_CORE;
	else if (!strcmp(type, "uncore")) p->type = PP_PMU_UNCORE;
	else if (!strcmp(type, "os_generic")) p->type = PP_PMU_OS_GENERIC;
	else return fail(l, n, "pmu type must be core, uncore or os_generic, not '%s'", type);
	p->name = str(l, name);
	p = &b->pmus.v[l->pmu];
	p->desc = str(l, desc);
	p = &b->pmus.v[l->pmu];
	p->arch = str(l, arch);
	/* an uncore PMU without perf_type has none: its perf_pmu must be in sysfs */
	if (p->type == PP_PMU_UNCORE && !(seen >> PP_K_PMU_PERF_TYPE & 1))
		p->perf_type = PP_NONE;
	if (perf_attrs) {
		if (parse_perf_attrs(l, perf_attrs, &b->pmus.v[l->pmu].perf_attrs))
			return -1;
	} else {
		p->perf_attrs = pp_perf_attrs_default(p->type);
	}

	/* format */
	if (want(l, format, YAML_MAPPING_NODE, "'format'"))
		return -1;
	b->pmus.v[l->pmu].first_field = b->fields.n;
	FOR_PAIRS(l, format, k, v, kn) {
		if (find_field(l, k) != PP_NONE)
			return fail(l, kn, "format field '%s' is defined twice", k);
		struct pp_field f = { 0 };
		if (parse_format(l, v, k, &f))
			return -1;
		uint32_t fi = pp_builder_add_field(b);
		if (fi == PP_NONE)
			return fail(l, v, "out of memory");
		f.name = str(l, k);
		b->fields.v[fi] = f;
		b->pmus.v[l->pmu].nfields++;
	}
	if (l->failed)
		return -1;
	/* raw_bits */
	uint16_t nraw = 0;
	if (raw && parse_sets(l, raw, "'raw_bits'", &b->pmus.v[l->pmu].first_raw_set, &nraw))
		return -1;
	b->pmus.v[l->pmu].nraw_set = nraw;
	/* raw_fields: format fields whose values reach PFM_OS_NONE codes only */
	if (raw_fields && !is_null(raw_fields)) {
		if (want(l, raw_fields, YAML_SEQUENCE_NODE, "'raw_fields'"))
			return -1;
		for (yaml_node_item_t *it = raw_fields->data.sequence.items.start;
		     it < raw_fields->data.sequence.items.top; it++) {
			yaml_node_t *e = node(l, *it);
			const char *fname;
			if (get_str(l, e, "raw_fields", &fname))
				return -1;
			uint32_t fi = find_field(l, fname);
			if (fi == PP_NONE)
				return fail(l, e, "raw_fields: no format field '%s'", fname);
			b->fields.v[fi].flags |= PP_FIELD_RAW;
		}
	}
	/* raw_format: fields PFM_OS_NONE codes hold elsewhere (or not at all) */
	if (raw_format && !is_null(raw_format)) {
		if (want(l, raw_format, YAML_MAPPING_NODE, "'raw_format'"))
			return -1;
		FOR_PAIRS(l, raw_format, k, v, kn) {
			uint32_t fi = find_field(l, k);
			if (fi == PP_NONE)
				return fail(l, kn, "raw_format: no format field '%s'", k);
			struct pp_field *fd = &b->fields.v[fi];
			if (fd->flags & PP_FIELD_RAW)
				return fail(l, kn, "raw_format: field '%s' is in raw_fields already", k);
			const char *spec = scalar(v);
			if (spec && !strcmp(spec, "none")) {
				fd->flags |= PP_FIELD_PERF;
				continue;
			}
			struct pp_field rf = { 0 };
			if (parse_format(l, v, k, &rf))
				return -1;
			fd = &b->fields.v[fi];
			if (rf.width != fd->width)
				return fail(l, v, "raw_format: field '%s' has %u bits there and %u in format", k,
					    rf.width, fd->width);
			fd->flags |= PP_FIELD_MOVED;
			fd->raw_reg = rf.reg;
			fd->raw_mask = rf.mask;
		}
		if (l->failed)
			return -1;
	}
	if (code_fields && !is_null(code_fields)) {
		if (want(l, code_fields, YAML_SEQUENCE_NODE, "'code_fields'"))
			return -1;
		for (yaml_node_item_t *it = code_fields->data.sequence.items.start;
		     it < code_fields->data.sequence.items.top; it++) {
			yaml_node_t *e = node(l, *it);
			const char *fname;
			if (get_str(l, e, "code_fields", &fname))
				return -1;
			uint32_t fi = find_field(l, fname);
			if (fi == PP_NONE)
				return fail(l, e, "code_fields: no format field '%s'", fname);
			b->fields.v[fi].flags |= PP_FIELD_CODE;
		}
	}
	if (raw_umask) {
		uint32_t fi = find_field(l, raw_umask);
		if (fi == PP_NONE)
			return fail(l, n, "raw_umask: no format field '%s'", raw_umask);
		b->fields.v[fi].flags |= PP_FIELD_RAW_UMASK;
	}
	/* modifiers */
	b->pmus.v[l->pmu].first_mod = b->mods.n;
	if (mods && !is_null(mods)) {
		if (want(l, mods, YAML_SEQUENCE_NODE, "'modifiers'"))
			return -1;
		for (yaml_node_item_t *it = mods->data.sequence.items.start; it < mods->data.sequence.items.top; it++)
			if (parse_modifier(l, node(l, *it)))
				return -1;
		if (resolve_requires(l, mods))
			return -1;
	}
	/* aliases (names checked when indexing) */
	b->pmus.v[l->pmu].first_alias = b->aliases.n;
	if (aliases && !is_null(aliases)) {
		if (want(l, aliases, YAML_MAPPING_NODE, "'aliases'"))
			return -1;
		FOR_PAIRS(l, aliases, k, v, kn) {
			const char *e;
			if (get_str(l, v, k, &e))
				return -1;
			if (!*k || !*e)
				return fail(l, kn, "alias names and expansions must not be empty");
			uint32_t ai = pp_builder_add_alias(b);
			if (ai == PP_NONE)
				return fail(l, v, "out of memory");
			b->aliases.v[ai].name = str(l, k);
			b->aliases.v[ai].expansion = str(l, e);
			b->pmus.v[l->pmu].naliases++;
		}
	}
	return l->failed ? -1 : 0;
}

/* ---- events ---- */

struct evctx {
	uint32_t ev;		/* event index */
	yaml_node_t *groups, *rules, *umasks;
};

static int group_index(struct ld *l, const struct pp_event *e, const char *name)
{
	for (uint32_t i = 0; i < e->ngroups; i++)
		if (!strcmp(l->b->strs + l->b->groups.v[e->first_group + i].name, name))
			return (int)i;
	return -1;
}

static int umask_index(struct ld *l, const struct pp_event *e, const char *name)
{
	for (uint32_t i = 0; i < e->numasks; i++)
		if (pp_str_eq(l->b->strs + l->b->umasks.v[e->first_umask + i].name, name))
			return (int)(e->first_umask + i);
	return -1;
}

static int parse_groups(struct ld *l, struct evctx *c)
{
	struct pp_builder *b = l->b;
	b->events.v[c->ev].first_group = b->groups.n;
	if (!c->groups || is_null(c->groups)) {
		uint32_t gi = pp_builder_add_group(b);
		if (gi == PP_NONE)
			return fail(l, NULL, "out of memory");
		b->groups.v[gi].name = str(l, "default");
		b->events.v[c->ev].ngroups = 1;
		return 0;
	}
	if (want(l, c->groups, YAML_SEQUENCE_NODE, "'groups'"))
		return -1;
	for (yaml_node_item_t *it = c->groups->data.sequence.items.start; it < c->groups->data.sequence.items.top; it++) {
		yaml_node_t *g = node(l, *it);
		if (want(l, g, YAML_MAPPING_NODE, "a group"))
			return -1;
		const char *name = NULL;
		uint32_t flags = 0;
		uint64_t seen = 0;
		FOR_PAIRS(l, g, k, v, kn) {
			enum pp_k_group key = pp_k_group_lookup(k);
			int x;
			switch (key) {
			case PP_K_GROUP_NAME: if (get_str(l, v, k, &name)) return -1; break;
			case PP_K_GROUP_REQUIRED: if (get_bool(l, v, k, &x)) return -1; if (x) flags |= PP_GRP_REQUIRED; break;
			case PP_K_GROUP_EXCLUSIVE: if (get_bool(l, v, k, &x)) return -1; if (x) flags |= PP_GRP_EXCLUSIVE; break;
			case PP_K_GROUP_CONFLICT: {
				const char *c;
				if (get_str(l, v, k, &c)) return -1;
				if (!strcmp(c, "umask")) flags |= PP_GRP_CONFLICT_UMASK;
				else if (strcmp(c, "featcomb")) return fail(l, v, "'conflict' must be featcomb or umask, not '%s'", c);
				break;
			}
			case PP_K_GROUP_MISSING: {
				const char *c;
				if (get_str(l, v, k, &c)) return -1;
				if (!strcmp(c, "attr")) flags |= PP_GRP_MISSING_ATTR;
				else if (strcmp(c, "umask")) return fail(l, v, "'missing' must be umask or attr, not '%s'", c);
				break;
			}
			case PP_K_GROUP__UNKNOWN: return unknown(l, kn, "a group", k);
			}
			seen |= 1ULL << key;
		}
		if (l->failed)
			return -1;
		if (name && !*name)
			return missing(l, g, "group", "name");
		if (require(l, g, "group", seen, PP_K_GROUP_REQUIRED, pp_k_group_spec))
			return -1;
		if (group_index(l, &b->events.v[c->ev], name) >= 0)
			return fail(l, g, "group '%s' is defined twice", name);
		if (b->events.v[c->ev].ngroups >= MAX_GROUPS)
			return fail(l, g, "too many groups (at most %d)", MAX_GROUPS);
		uint32_t gi = pp_builder_add_group(b);
		if (gi == PP_NONE)
			return fail(l, g, "out of memory");
		b->groups.v[gi].name = str(l, name);
		b->groups.v[gi].flags = flags;
		b->events.v[c->ev].ngroups++;
	}
	return 0;
}

static int parse_umask(struct ld *l, struct evctx *c, yaml_node_t *n)
{
	struct pp_builder *b = l->b;
	if (want(l, n, YAML_MAPPING_NODE, "a umask"))
		return -1;
	uint32_t ui = pp_builder_add_umask(b);
	if (ui == PP_NONE)
		return fail(l, n, "out of memory");
	const char *name = NULL, *desc = NULL, *group = NULL;
	yaml_node_t *set = NULL, *code = NULL, *defaults = NULL, *required = NULL;
	uint64_t seen = 0;
	FOR_PAIRS(l, n, k, v, kn) {
		struct pp_umask *u = &b->umasks.v[ui];
		enum pp_k_umask key = pp_k_umask_lookup(k);
		int x;
		uint32_t sa;
		const char *s;
		pp_str_t o;
		switch (key) {
		case PP_K_UMASK_NAME: if (get_str(l, v, k, &name)) return -1; break;
		case PP_K_UMASK_DESC: if (get_str(l, v, k, &desc)) return -1; break;
		case PP_K_UMASK_CODE: code = v; break;
		case PP_K_UMASK_SET: set = v; break;
		case PP_K_UMASK_DEFAULTS: defaults = v; break;
		case PP_K_UMASK_REQUIRED_MODIFIERS: required = v; break;
		case PP_K_UMASK_GROUP: if (get_str(l, v, k, &group)) return -1; break;
		case PP_K_UMASK_DEFAULT: if (get_bool(l, v, k, &x)) return -1; if (x) u->flags |= PP_F_DEFAULT; break;
		case PP_K_UMASK_EXCLUSIVE: if (get_bool(l, v, k, &x)) return -1; if (x) u->flags |= PP_F_EXCLUSIVE; break;
		case PP_K_UMASK_PRECISE: if (get_bool(l, v, k, &x)) return -1; if (x) u->flags |= PP_F_PRECISE; break;
		case PP_K_UMASK_HW_SMPL: if (get_bool(l, v, k, &x)) return -1; if (x) u->flags |= PP_F_HW_SMPL; break;
		case PP_K_UMASK_EQUIV: if (!is_null(v)) { if (get_str(l, v, k, &s)) return -1; o = str(l, s); b->umasks.v[ui].equiv = o; } break;
		case PP_K_UMASK_ALIASES: if (get_strlist(l, v, k, &o)) return -1; b->umasks.v[ui].aliases = o; break;
		case PP_K_UMASK_PERF: if (!is_null(v)) { if (get_str(l, v, k, &s)) return -1; o = str(l, s); b->umasks.v[ui].perf = o; } break;
		case PP_K_UMASK_SAMPLE_AFTER: if (get_u32(l, v, k, UINT32_MAX, &sa)) return -1; u->sample_after = sa; break;
		case PP_K_UMASK_FLAGS: if (parse_flags(l, v, &u->flags, 0)) return -1; break;
		case PP_K_UMASK__UNKNOWN: return unknown(l, kn, "a umask", k);
		}
		seen |= 1ULL << key;
	}
	if (l->failed)
		return -1;
	if (name && !*name)
		return missing(l, n, "umask", "name");
	if (require(l, n, "umask", seen, PP_K_UMASK_REQUIRED, pp_k_umask_spec))
		return -1;
	struct pp_event *e = &b->events.v[c->ev];
	if (umask_index(l, e, name) >= 0)
		return fail(l, n, "umask '%s' is defined twice in event '%s'", name, b->strs + e->name);
	int gi = 0;
	if (group) {
		gi = group_index(l, e, group);
		if (gi < 0)
			return fail(l, n, "umask '%s': no group '%s' in event '%s'", name, group, b->strs + e->name);
	}
	uint32_t first;
	uint16_t nset;
	if (parse_sets(l, set, "umask 'set'", &first, &nset))
		return -1;
	/* soft presets follow the hard ones in the umask's range */
	if (defaults && append_sets(l, defaults, "umask 'defaults'", PP_SET_SOFT, &nset))
		return -1;
	/* then one value-less entry per required modifier, on its field */
	if (required && append_required(l, required, name, &nset))
		return -1;
	pp_str_t sname = str(l, name), sdesc = str(l, desc);
	struct pp_umask *u = &b->umasks.v[ui];
	u->name = sname;
	u->desc = sdesc;
	u->group = (uint8_t)gi;
	u->first_set = first;
	u->nset = nset;
	if (code) {
		if (get_u64(l, code, "code", &u->code))
			return -1;
	} else {
		int found;
		u->code = set_value(l, first, nset, "umask", &found);
	}
	b->events.v[c->ev].numasks++;
	if (b->events.v[c->ev].numasks == 0)
		return fail(l, n, "too many umasks");
	return 0;
}

static int group_list(struct ld *l, const struct pp_event *e, yaml_node_t *n, const char *key, uint32_t *mask)
{
	*mask = 0;
	if (want(l, n, YAML_SEQUENCE_NODE, key))
		return -1;
	for (yaml_node_item_t *it = n->data.sequence.items.start; it < n->data.sequence.items.top; it++) {
		yaml_node_t *g = node(l, *it);
		const char *s;
		if (get_str(l, g, key, &s))
			return -1;
		int gi = group_index(l, e, s);
		if (gi < 0)
			return fail(l, g, "%s: no group '%s' in event '%s'", key, s, l->b->strs + e->name);
		*mask |= 1u << gi;
	}
	return 0;
}

static int parse_rule(struct ld *l, struct evctx *c, yaml_node_t *n)
{
	struct pp_builder *b = l->b;
	if (want(l, n, YAML_MAPPING_NODE, "a rule"))
		return -1;
	const struct pp_event *e = &b->events.v[c->ev];
	struct pp_rule r = { 0 };
	const char *when = NULL, *add = NULL, *req = NULL;
	yaml_node_t *forbid = NULL, *only = NULL, *none_of = NULL, *any_of = NULL, *req_groups = NULL;
	uint64_t seen = 0;
	FOR_PAIRS(l, n, k, v, kn) {
		enum pp_k_rule key = pp_k_rule_lookup(k);
		switch (key) {
		case PP_K_RULE_WHEN: if (get_str(l, v, k, &when)) return -1; break;
		case PP_K_RULE_WHEN_NONE_OF: none_of = v; break;
		case PP_K_RULE_FORBID_GROUPS: forbid = v; break;
		case PP_K_RULE_ONLY_GROUPS: only = v; break;
		case PP_K_RULE_ADD: if (get_str(l, v, k, &add)) return -1; break;
		case PP_K_RULE_WHEN_ANY_OF: any_of = v; break;
		case PP_K_RULE_REQUIRE_GROUPS: req_groups = v; break;
		case PP_K_RULE_REQUIRE: if (get_str(l, v, k, &req)) return -1; break;
		case PP_K_RULE__UNKNOWN: return unknown(l, kn, "a rule", k);
		}
		seen |= 1ULL << key;
	}
	if (l->failed)
		return -1;
	/* which keys go together is checked below; the schema requires none alone */
	if (require(l, n, "rule", seen, PP_K_RULE_REQUIRED, pp_k_rule_spec))
		return -1;
	int kinds = !!forbid + !!only + !!none_of + !!any_of + !!req_groups;
	if (kinds != 1)
		return fail(l, n, "a rule needs exactly one of forbid_groups, only_groups, require_groups, when_none_of, "
			    "when_any_of");
	const char *um = none_of ? add : any_of ? req : when;
	if (!um)
		return fail(l, n, "rule: '%s' is missing", none_of ? "add" : any_of ? "require" : "when");
	if ((none_of && (when || req)) || (any_of && (when || add)) || (!none_of && add) || (!any_of && req))
		return fail(l, n, "rule: 'when' goes with forbid_groups/only_groups/require_groups, 'add' with when_none_of, "
			    "'require' with when_any_of");
	int ui = umask_index(l, e, um);
	if (ui < 0)
		return fail(l, n, "rule: no umask '%s' in event '%s'", um, b->strs + e->name);
	r.umask = (uint32_t)ui;
	if (forbid) { r.kind = PP_RULE_FORBID_GROUPS; if (group_list(l, e, forbid, "forbid_groups", &r.groups)) return -1; }
	if (only) { r.kind = PP_RULE_ONLY_GROUPS; if (group_list(l, e, only, "only_groups", &r.groups)) return -1; }
	if (none_of) { r.kind = PP_RULE_ADD_IF_NONE; if (group_list(l, e, none_of, "when_none_of", &r.groups)) return -1; }
	if (req_groups) { r.kind = PP_RULE_REQUIRE_GROUPS; if (group_list(l, e, req_groups, "require_groups", &r.groups)) return -1; }
	if (any_of) { r.kind = PP_RULE_REQUIRE; if (group_list(l, e, any_of, "when_any_of", &r.groups)) return -1; }
	uint32_t ri = pp_builder_add_rule(b);
	if (ri == PP_NONE)
		return fail(l, n, "out of memory");
	b->rules.v[ri] = r;
	if (++b->events.v[c->ev].nrules == 0)
		return fail(l, n, "too many rules");
	return 0;
}

/* a list of PMU modifier names as a bit mask over the PMU's modifiers */
static int modifier_mask(struct ld *l, yaml_node_t *n, const char *key, const char *event, uint32_t *mask)
{
	const struct pp_pmu *p = &l->b->pmus.v[l->pmu];
	*mask = 0;
	if (want(l, n, YAML_SEQUENCE_NODE, key))
		return -1;
	for (yaml_node_item_t *it = n->data.sequence.items.start; it < n->data.sequence.items.top; it++) {
		yaml_node_t *m = node(l, *it);
		const char *s;
		if (get_str(l, m, key, &s))
			return -1;
		uint32_t i;
		for (i = 0; i < p->nmods; i++)
			if (pp_str_eq(l->b->strs + l->b->mods.v[p->first_mod + i].name, s))
				break;
		if (i == p->nmods)
			return fail(l, m, "event '%s': '%s' is not a modifier of the PMU", event, s);
		*mask |= 1u << i;
	}
	return 0;
}

/*
 * event `modifier_fields`: for this event, modifier m's value goes to
 * another field of the format. The event takes a copy of m on that field
 * (one copy per modifier and field, appended to the PMU's modifiers and
 * accepted by no event unless named so), in place of m: the same name,
 * code and checks, so the event's attributes list one m as before.
 */
static int modifier_fields(struct ld *l, yaml_node_t *n, uint32_t ei, const char *event)
{
	struct pp_builder *b = l->b;
	if (want(l, n, YAML_MAPPING_NODE, "'modifier_fields'"))
		return -1;
	FOR_PAIRS(l, n, k, v, kn) {
		struct pp_pmu *p = &b->pmus.v[l->pmu];
		const char *fname;
		uint32_t i, c;
		if (get_str(l, v, k, &fname))
			return -1;
		for (i = 0; i < p->nmods; i++)
			if (!((l->clones >> i) & 1) && pp_str_eq(b->strs + b->mods.v[p->first_mod + i].name, k))
				break;
		if (i == p->nmods || b->mods.v[p->first_mod + i].field == PP_NONE)
			return fail(l, kn, "event '%s': modifier_fields: '%s' is not a modifier of the PMU with a field",
				    event, k);
		if (!((b->events.v[ei].mods >> i) & 1))
			return fail(l, kn, "event '%s': modifier_fields: '%s' is not among its modifiers", event, k);
		uint32_t fi = find_field(l, fname);
		if (fi == PP_NONE)
			return fail(l, v, "event '%s': modifier_fields: '%s' is not a field of the PMU's format", event, fname);
		if (fi == b->mods.v[p->first_mod + i].field)
			continue;
		for (c = 0; c < p->nmods; c++)
			if (((l->clones >> c) & 1) && b->mods.v[p->first_mod + c].name == b->mods.v[p->first_mod + i].name &&
			    b->mods.v[p->first_mod + c].field == fi)
				break;
		if (c == p->nmods) {
			if (p->nmods >= MAX_MODS)
				return fail(l, kn, "too many modifiers (at most %d)", MAX_MODS);
			/* the PMU's modifiers are the last appended: its copies follow them */
			if (p->first_mod + p->nmods != b->mods.n)
				return fail(l, kn, "modifier_fields: the PMU's modifiers are not the last");
			uint32_t mi = pp_builder_add_mod(b);
			if (mi == PP_NONE)
				return fail(l, kn, "out of memory");
			p = &b->pmus.v[l->pmu];
			struct pp_modifier m = b->mods.v[p->first_mod + i];
			uint8_t w = b->fields.v[fi].width;
			uint64_t fmax = w >= 64 ? ~0ULL : (1ULL << w) - 1;
			if (m.max > fmax)
				m.max = fmax;
			if (m.min > m.max)
				return fail(l, v, "event '%s': modifier_fields: '%s' cannot hold %s's values", event, fname, k);
			m.field = fi;
			b->mods.v[mi] = m;
			l->clones |= 1u << p->nmods;
			p->nmods++;
		}
		b->events.v[ei].mods = (b->events.v[ei].mods & ~(1u << i)) | 1u << c;
		if ((b->events.v[ei].required_mods >> i) & 1)
			b->events.v[ei].required_mods = (b->events.v[ei].required_mods & ~(1u << i)) | 1u << c;
	}
	return l->failed ? -1 : 0;
}

static int parse_event(struct ld *l, yaml_node_t *n)
{
	struct pp_builder *b = l->b;
	if (want(l, n, YAML_MAPPING_NODE, "an event"))
		return -1;
	uint32_t ei = pp_builder_add_event(b);
	if (ei == PP_NONE)
		return fail(l, n, "out of memory");
	struct evctx c = { .ev = ei };
	const struct pp_pmu *p = &b->pmus.v[l->pmu];
	const char *name = NULL, *desc = NULL;
	yaml_node_t *set = NULL, *code = NULL, *mods = NULL, *required = NULL, *fallback = NULL, *mfields = NULL;
	b->events.v[ei].perf_type = PP_NONE;
	b->events.v[ei].mods = (p->nmods >= 32 ? 0xffffffffu : ((1u << p->nmods) - 1)) & ~l->clones;
	uint64_t seen = 0;
	FOR_PAIRS(l, n, k, v, kn) {
		struct pp_event *e = &b->events.v[ei];
		enum pp_k_event key = pp_k_event_lookup(k);
		int x;
		uint32_t u;
		const char *s;
		pp_str_t o;
		switch (key) {
		case PP_K_EVENT_NAME: if (get_str(l, v, k, &name)) return -1; break;
		case PP_K_EVENT_DESC: if (get_str(l, v, k, &desc)) return -1; break;
		case PP_K_EVENT_CODE: code = v; break;
		case PP_K_EVENT_SET: set = v; break;
		case PP_K_EVENT_FALLBACK: fallback = v; break;
		case PP_K_EVENT_EQUIV: if (!is_null(v)) { if (get_str(l, v, k, &s)) return -1; o = str(l, s); b->events.v[ei].equiv = o; } break;
		case PP_K_EVENT_MODIFIERS: mods = v; break;
		case PP_K_EVENT_REQUIRED_MODIFIERS: required = v; break;
		case PP_K_EVENT_MODIFIER_FIELDS: mfields = v; break;
		case PP_K_EVENT_PERF_TYPE: if (get_u32(l, v, k, UINT32_MAX - 1, &u)) return -1; e->perf_type = u; break;
		case PP_K_EVENT_COUNTERS: if (!is_null(v)) { if (get_str(l, v, k, &s)) return -1; o = str(l, s); b->events.v[ei].counters = o; } break;
		case PP_K_EVENT_SAMPLE_AFTER: if (get_u32(l, v, k, UINT32_MAX, &u)) return -1; e->sample_after = u; break;
		case PP_K_EVENT_PRECISE: if (get_bool(l, v, k, &x)) return -1; if (x) e->flags |= PP_F_PRECISE; break;
		case PP_K_EVENT_HW_SMPL: if (get_bool(l, v, k, &x)) return -1; if (x) e->flags |= PP_F_HW_SMPL; break;
		case PP_K_EVENT_PERF_ATTRS: if (parse_perf_attrs(l, v, &u)) return -1; if (!u) return fail(l, v, "'perf_attrs' must not be empty"); b->events.v[ei].perf_attrs = (uint16_t)u; break;
		case PP_K_EVENT_FLAGS: if (parse_flags(l, v, &e->flags, 1)) return -1; break;
		case PP_K_EVENT_PERF: if (!is_null(v)) { if (get_str(l, v, k, &s)) return -1; o = str(l, s); b->events.v[ei].perf = o; } break;
		case PP_K_EVENT_GROUPS: c.groups = v; break;
		case PP_K_EVENT_RULES: c.rules = v; break;
		case PP_K_EVENT_UMASKS: c.umasks = v; break;
		case PP_K_EVENT__UNKNOWN: return unknown(l, kn, "an event", k);
		}
		seen |= 1ULL << key;
	}
	if (l->failed)
		return -1;
	if (name && !*name)
		return missing(l, n, "event", "name");
	if (require(l, n, "event", seen, PP_K_EVENT_REQUIRED, pp_k_event_spec))
		return -1;
	pp_str_t sname = str(l, name), sdesc = str(l, desc);
	b->events.v[ei].name = sname;
	b->events.v[ei].desc = sdesc;
	uint32_t first;
	uint16_t nset;
	if (parse_sets(l, set, "event 'set'", &first, &nset))
		return -1;
	/* fallback values follow the event's own */
	if (fallback && append_sets(l, fallback, "event 'fallback'", PP_SET_FALLBACK, &nset))
		return -1;
	b->events.v[ei].first_set = first;
	b->events.v[ei].nset = nset;
	if (code) {
		if (get_u64(l, code, "code", &b->events.v[ei].code))
			return -1;
	} else {
		int found;
		b->events.v[ei].code = set_value(l, first, nset, "event", &found);
	}
	if (mods && !is_null(mods)) {
		uint32_t mask;
		if (modifier_mask(l, mods, "modifiers", name, &mask))
			return -1;
		b->events.v[ei].mods = mask;
	}
	if (required && !is_null(required)) {
		uint32_t mask;
		if (modifier_mask(l, required, "required_modifiers", name, &mask))
			return -1;
		if (mask & ~b->events.v[ei].mods)
			return fail(l, required, "event '%s': a required modifier is not among its modifiers", name);
		b->events.v[ei].required_mods = mask;
	}
	if (mfields && !is_null(mfields) && modifier_fields(l, mfields, ei, name))
		return -1;
	if (parse_groups(l, &c))
		return -1;
	b->events.v[ei].first_umask = b->umasks.n;
	if (c.umasks && !is_null(c.umasks)) {
		if (want(l, c.umasks, YAML_SEQUENCE_NODE, "'umasks'"))
			return -1;
		for (yaml_node_item_t *it = c.umasks->data.sequence.items.start; it < c.umasks->data.sequence.items.top; it++)
			if (parse_umask(l, &c, node(l, *it)))
				return -1;
	}
	b->events.v[ei].first_rule = b->rules.n;
	if (c.rules && !is_null(c.rules)) {
		if (want(l, c.rules, YAML_SEQUENCE_NODE, "'rules'"))
			return -1;
		for (yaml_node_item_t *it = c.rules->data.sequence.items.start; it < c.rules->data.sequence.items.top; it++)
			if (parse_rule(l, &c, node(l, *it)))
				return -1;
	}
	struct pp_pmu *pm = &b->pmus.v[l->pmu];
	pm->nevents++;
	return 0;
}

/* ---- limits on the document's shape ---- */

/*
 * libyaml keeps an alias as a second reference to its anchored node, so a
 * walk of the document visits that node's subtree once per use: nested
 * aliases ("billion laughs") make a small file expand exponentially, and an
 * alias inside its own anchor makes a cycle. Before anything is built, one
 * walk that visits each node's subtree once (sizes and heights remembered)
 * counts the nodes every reuse would add, and refuses a document whose
 * expansion passes max_alias_nodes, that nests deeper than max_depth once
 * aliases are expanded, or that holds a cycle.
 */
struct shape {
	size_t *size;		/* nodes of the expanded subtree, 0 = not measured yet */
	unsigned *height;	/* collection levels of the expanded subtree */
	unsigned char *busy;	/* on the current walk: a cycle if reached again */
	size_t alias_nodes;
};

static int measure(struct ld *l, struct shape *sh, int id, unsigned depth)
{
	yaml_node_t *n = node(l, id);
	if (!n)
		return 0;
	size_t i = (size_t)(n - l->doc.nodes.start);
	if (sh->busy[i])
		return fail(l, n, "an alias refers to a collection that contains it");
	if (sh->size[i]) {
		/* a second reference: an alias, whose whole subtree counts again */
		sh->alias_nodes += sh->size[i];
		if (sh->alias_nodes > l->max_alias_nodes)
			return fail(l, n, "aliases expand to more than %zu nodes", l->max_alias_nodes);
		if (depth + sh->height[i] > l->max_depth)
			return fail(l, n, "nested deeper than %u levels", l->max_depth);
		return 0;
	}
	size_t size = 1;
	unsigned height = 0;
	if (n->type != YAML_SCALAR_NODE) {
		if (depth + 1 > l->max_depth)
			return fail(l, n, "nested deeper than %u levels", l->max_depth);
		sh->busy[i] = 1;
		if (n->type == YAML_SEQUENCE_NODE) {
			for (yaml_node_item_t *it = n->data.sequence.items.start; it < n->data.sequence.items.top; it++) {
				if (measure(l, sh, *it, depth + 1))
					return -1;
				yaml_node_t *c = node(l, *it);
				size_t ci = c ? (size_t)(c - l->doc.nodes.start) : i;
				if (c) {
					size += sh->size[ci];
					if (sh->height[ci] > height)
						height = sh->height[ci];
				}
			}
		} else {
			for (yaml_node_pair_t *p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++) {
				int kv[2] = { p->key, p->value };
				for (int j = 0; j < 2; j++) {
					if (measure(l, sh, kv[j], depth + 1))
						return -1;
					yaml_node_t *c = node(l, kv[j]);
					if (c) {
						size_t ci = (size_t)(c - l->doc.nodes.start);
						size += sh->size[ci];
						if (sh->height[ci] > height)
							height = sh->height[ci];
					}
				}
			}
		}
		sh->busy[i] = 0;
		height++;
		if (size > l->max_alias_nodes + (size_t)(l->doc.nodes.top - l->doc.nodes.start))
			size = l->max_alias_nodes + (size_t)(l->doc.nodes.top - l->doc.nodes.start);
	}
	sh->size[i] = size;
	sh->height[i] = height;
	return 0;
}

static int check_shape(struct ld *l)
{
	size_t n = (size_t)(l->doc.nodes.top - l->doc.nodes.start);
	if (!n)
		return 0;
	struct shape sh = { 0 };
	sh.size = calloc(n, sizeof(*sh.size));
	sh.height = calloc(n, sizeof(*sh.height));
	sh.busy = calloc(n, 1);
	int r = (!sh.size || !sh.height || !sh.busy) ? fail(l, NULL, "out of memory") : measure(l, &sh, 1, 0);
	free(sh.size);
	free(sh.height);
	free(sh.busy);
	return r;
}


/* ---- document ---- */

static int parse_root(struct ld *l)
{
	yaml_node_t *root = yaml_document_get_root_node(&l->doc);
	if (!root)
		return fail(l, NULL, "empty document");
	if (want(l, root, YAML_MAPPING_NODE, "the document"))
		return -1;
	yaml_node_t *schema = NULL, *pmu = NULL, *events = NULL;
	uint64_t seen = 0;
	FOR_PAIRS(l, root, k, v, kn) {
		enum pp_k_document key = pp_k_document_lookup(k);
		switch (key) {
		case PP_K_DOCUMENT_SCHEMA: schema = v; break;
		case PP_K_DOCUMENT_PMU: pmu = v; break;
		case PP_K_DOCUMENT_EVENTS: events = v; break;
		case PP_K_DOCUMENT__UNKNOWN: return unknown(l, kn, "the document", k);
		}
		seen |= 1ULL << key;
	}
	if (l->failed)
		return -1;
	/* a version this library does not read is named before any missing key */
	if (schema) {
		uint64_t ver;
		if (get_u64(l, schema, "schema", &ver))
			return -1;
		if (ver != PP_SCHEMA_VERSION)
			return fail(l, schema, "schema version %llu is not supported (this library reads version %d)",
				    (unsigned long long)ver, PP_SCHEMA_VERSION);
	}
	if (require(l, root, "descriptor", seen, PP_K_DOCUMENT_REQUIRED, pp_k_document_spec))
		return -1;
	l->pmu = pp_builder_add_pmu(l->b);
	if (l->pmu == PP_NONE)
		return fail(l, root, "out of memory");
	if (parse_pmu(l, pmu))
		return -1;
	struct pp_builder *b = l->b;
	b->pmus.v[l->pmu].first_event = b->events.n;
	if (!is_null(events)) {
		if (want(l, events, YAML_SEQUENCE_NODE, "'events'"))
			return -1;
		size_t nev = (size_t)(events->data.sequence.items.top - events->data.sequence.items.start);
		if (nev > l->max_events)
			return fail(l, events, "too many events (%zu, the limit is %zu)", nev, l->max_events);
		for (yaml_node_item_t *it = events->data.sequence.items.start; it < events->data.sequence.items.top; it++)
			if (parse_event(l, node(l, *it)))
				return -1;
	}
	/* max_encoding covers every register a field of this PMU lives in */
	char dup[256];
	int r = pp_builder_index_pmu(b, l->pmu, dup, sizeof(dup));
	if (r == -1)
		return fail(l, events, "name '%s' is used by two events or aliases", dup);
	if (r)
		return fail(l, events, "out of memory");
	if (parse_instances(l))
		return -1;
	return b->oom ? fail(l, root, "out of memory") : 0;
}

static size_t or_default(size_t v, size_t d)
{
	return v ? v : d;
}

static int load_buffer(struct pp_builder *b, const char *name, const char *buf, size_t len,
		       const struct pp_yaml_opts *opts, char *err, size_t errsz)
{
	struct ld l = { .b = b, .file = name, .err = err, .errsz = errsz };
	l.max_alias_nodes = or_default(opts ? opts->max_alias_nodes : 0, PP_YAML_DEFAULT_MAX_ALIAS_NODES);
	l.max_events = or_default(opts ? opts->max_events : 0, PP_YAML_DEFAULT_MAX_EVENTS);
	l.max_depth = (unsigned)or_default(opts ? opts->max_depth : 0, PP_YAML_DEFAULT_MAX_DEPTH);
	struct pp_builder_mark m;
	yaml_parser_t parser;

	if (errsz)
		err[0] = '\0';
	pp_builder_mark(b, &m);
	if (!yaml_parser_initialize(&parser)) {
		snprintf(err, errsz, "%s: cannot initialise the YAML parser", name);
		return -1;
	}
	yaml_parser_set_input_string(&parser, (const unsigned char *)buf, len);
	if (!yaml_parser_load(&parser, &l.doc)) {
		snprintf(err, errsz, "%s:%lu:%lu: %s%s%s", name,
			 (unsigned long)parser.problem_mark.line + 1,
			 (unsigned long)parser.problem_mark.column + 1,
			 parser.problem ? parser.problem : "malformed YAML",
			 parser.context ? " " : "", parser.context ? parser.context : "");
		yaml_parser_delete(&parser);
		return -1;
	}
	int ret = check_shape(&l);
	if (!ret)
		ret = parse_root(&l);
	if (!ret && !l.failed) {
		/* a second document in the stream is an error too */
		yaml_document_t extra;
		if (yaml_parser_load(&parser, &extra)) {
			if (yaml_document_get_root_node(&extra))
				ret = fail(&l, yaml_document_get_root_node(&extra),
					   "only one YAML document per descriptor");
			yaml_document_delete(&extra);
		} else {
			ret = fail(&l, NULL, "trailing garbage: %s",
				   parser.problem ? parser.problem : "malformed YAML");
		}
	}
	yaml_document_delete(&l.doc);
	yaml_parser_delete(&parser);
	if (ret || l.failed || b->oom) {
		if (b->oom && !l.failed)
			snprintf(err, errsz, "%s: out of memory", name);
		pp_builder_rollback(b, &m);
		b->oom = 0;
		return -1;
	}
	return (int)l.pmu;
}

int pp_yaml_open(const char *path, const struct pp_yaml_opts *opts, struct stat *st,
		 char *err, size_t errsz)
{
	/* no link following, no blocking on a FIFO: checks are made on this descriptor */
	int fd = pp_file_open(path, O_NOFOLLOW, st);
	const char *why = NULL;
	if (fd == -1) {
		if (errno == ELOOP)
			snprintf(err, errsz, "%s: a symbolic link (links are not followed)", path);
		else
			snprintf(err, errsz, "%s: cannot open: %s", path, strerror(errno));
		return -1;
	}
	if (fd == -2)
		why = S_ISDIR(st->st_mode) ? "a directory, not a regular file" : "not a regular file";
	else if (opts && opts->trusted_only && (st->st_mode & (S_IWOTH | S_IWGRP)))
		why = "writable by group or others";
	else if (opts && opts->trusted_only && st->st_uid != 0 && st->st_uid != geteuid())
		why = "owned by another user";
	if (why) {
		snprintf(err, errsz, "%s: %s", path, why);
		if (fd >= 0)
			close(fd);
		return -1;
	}
	if (opts && opts->max_bytes && (uint64_t)st->st_size > opts->max_bytes) {
		snprintf(err, errsz, "%s: file too large (%llu bytes, the limit is %llu)", path,
			 (unsigned long long)st->st_size, (unsigned long long)opts->max_bytes);
		close(fd);
		return -1;
	}
	return fd;
}

int pp_yaml_load_buffer(struct pp_builder *b, const char *name, const char *buf,
			size_t len, char *err, size_t errsz)
{
	return load_buffer(b, name, buf, len, NULL, err, errsz);
}

int pp_yaml_load_buffer_opts(struct pp_builder *b, const char *name, const char *buf, size_t len,
			     const struct pp_yaml_opts *opts, char *err, size_t errsz)
{
	return load_buffer(b, name, buf, len, opts, err, errsz);
}

int pp_yaml_load_fd(struct pp_builder *b, const char *name, int fd, size_t len,
		    const struct pp_yaml_opts *opts, char *err, size_t errsz)
{
	char *buf = malloc(len + 1);
	if (!buf) {
		snprintf(err, errsz, "%s: out of memory", name);
		return -1;
	}
	ssize_t got = pp_file_pread(fd, buf, len, 0);
	if (got != (ssize_t)len) {
		snprintf(err, errsz, "%s: short read", name);
		free(buf);
		return -1;
	}
	buf[len] = '\0';
	int r = load_buffer(b, name, buf, len, opts, err, errsz);
	free(buf);
	return r;
}

int pp_yaml_load_file(struct pp_builder *b, const char *path,
		      const struct pp_yaml_opts *opts, char *err, size_t errsz)
{
	struct stat st;
	int fd = pp_yaml_open(path, opts, &st, err, errsz);
	if (fd < 0)
		return -1;
	int r = pp_yaml_load_fd(b, path, fd, (size_t)st.st_size, opts, err, errsz);
	close(fd);
	return r;
}
