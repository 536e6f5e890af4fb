/*
 * SPDX-License-Identifier: MIT
 * table/descriptor/fields.c - the PMU's format fields ("config1:0-7,32-35",
 * read as sysfs format/ files are) and the keys that place them: raw_bits,
 * raw_fields, raw_format, code_fields, raw_umask; and the field -> value
 * mappings events and umasks set (`set`, `defaults`, `fallback`).
 */
#include <string.h>
#include "table/descriptor/sections.h"
#include "table/format.h"

static int parse_field(struct pp_reader *l, yaml_node_t *n, const char *name, struct pp_field *f)
{
	const char *s = pp_rd_scalar(n), *why;
	if (!s)
		return pp_rd_fail(l, n, "format field '%s' must be a string", name);
	if (pp_format_parse(s, f, &why))
		return pp_rd_fail(l, n, "format field '%s': cannot parse '%s': %s", name, s, why);
	return 0;
}

static int fits(const struct pp_field *f, uint64_t v)
{
	return f->width >= 64 || (v >> f->width) == 0;
}

int pp_rd_append_sets(struct pp_reader *l, yaml_node_t *n, const char *what, uint32_t flags, uint16_t *cnt)
{
	struct pp_builder *b = l->b;
	if (!n || pp_rd_is_null(n))
		return 0;
	if (pp_rd_want(l, n, YAML_MAPPING_NODE, what))
		return -1;
	for (size_t i = 0; i < pp_rd_npairs(n); i++) {
		struct pp_rd_pair kv;
		uint64_t val;
		if (pp_rd_pair(l, n, i, &kv))
			return -1;
		uint32_t fi = pp_rd_field(l, kv.key);
		if (fi == PP_NONE)
			return pp_rd_fail(l, kv.kn, "%s: '%s' is not a field of the PMU's format", what, kv.key);
		if (pp_rd_u64(l, kv.v, kv.key, &val))
			return -1;
		if (!fits(&b->fields.v[fi], val))
			return pp_rd_fail(l, kv.v, "%s: value 0x%llx does not fit field '%s' (%u bits)", what,
					  (unsigned long long)val, kv.key, b->fields.v[fi].width);
		uint32_t si = pp_builder_add_set(b);
		if (si == PP_NONE)
			return pp_rd_fail(l, n, "out of memory");
		b->sets.v[si] = (struct pp_set){ .field = fi, .flags = flags, .value = val };
		if (++*cnt == 0)
			return pp_rd_fail(l, n, "%s: too many fields", what);
	}
	return 0;
}

uint64_t pp_rd_set_value(struct pp_reader *l, uint32_t first, uint16_t n, const char *field)
{
	for (uint16_t i = 0; i < n; i++) {
		const struct pp_set *s = &l->b->sets.v[first + i];
		if (!strcmp(l->b->strs + l->b->fields.v[s->field].name, field))
			return s->value;
	}
	return 0;
}

/* one field of `format`, each defined once */
static int format_field(struct pp_reader *l, const struct pp_rd_pair *kv, void *unused)
{
	struct pp_builder *b = l->b;
	struct pp_field f = { 0 };
	if (pp_rd_field(l, kv->key) != PP_NONE)
		return pp_rd_fail(l, kv->kn, "format field '%s' is defined twice", kv->key);
	if (parse_field(l, kv->v, kv->key, &f))
		return -1;
	uint32_t fi = pp_builder_add_field(b);
	if (fi == PP_NONE)
		return pp_rd_fail(l, kv->v, "out of memory");
	f.name = pp_rd_intern(l, kv->key);
	b->fields.v[fi] = f;
	b->pmus.v[l->pmu].nfields++;
	return 0;
}

/* raw_fields, code_fields: a list of format fields, each given flag */
static int flag_fields(struct pp_reader *l, yaml_node_t *n, const char *key, uint16_t flag)
{
	char what[32];
	if (!n || pp_rd_is_null(n))
		return 0;
	snprintf(what, sizeof(what), "'%s'", key);
	if (pp_rd_want(l, n, YAML_SEQUENCE_NODE, what))
		return -1;
	for (size_t i = 0; i < pp_rd_nitems(n); i++) {
		yaml_node_t *e = pp_rd_item(l, n, i);
		const char *fname;
		if (pp_rd_str(l, e, key, &fname))
			return -1;
		uint32_t fi = pp_rd_field(l, fname);
		if (fi == PP_NONE)
			return pp_rd_fail(l, e, "%s: no format field '%s'", key, fname);
		l->b->fields.v[fi].flags |= flag;
	}
	return 0;
}

/* one of raw_format: where PFM_OS_NONE codes hold a field instead (`none`: nowhere) */
static int raw_format_field(struct pp_reader *l, const struct pp_rd_pair *kv, void *unused)
{
	struct pp_field rf = { 0 };
	uint32_t fi = pp_rd_field(l, kv->key);
	if (fi == PP_NONE)
		return pp_rd_fail(l, kv->kn, "raw_format: no format field '%s'", kv->key);
	struct pp_field *fd = &l->b->fields.v[fi];
	if (fd->flags & PP_FIELD_RAW)
		return pp_rd_fail(l, kv->kn, "raw_format: field '%s' is in raw_fields already", kv->key);
	const char *spec = pp_rd_scalar(kv->v);
	if (spec && !strcmp(spec, "none")) {
		fd->flags |= PP_FIELD_PERF;
		return 0;
	}
	if (parse_field(l, kv->v, kv->key, &rf))
		return -1;
	if (rf.width != fd->width)
		return pp_rd_fail(l, kv->v, "raw_format: field '%s' has %u bits there and %u in format",
				  kv->key, rf.width, fd->width);
	fd->flags |= PP_FIELD_MOVED;
	fd->raw_reg = rf.reg;
	fd->raw_mask = rf.mask;
	return 0;
}

int pp_rd_format(struct pp_reader *l, yaml_node_t *pmu, const struct pp_rd_layout *y)
{
	struct pp_builder *b = l->b;
	uint16_t nraw = 0;
	b->pmus.v[l->pmu].first_field = b->fields.n;
	if (pp_rd_pairs(l, y->format, "'format'", format_field, NULL))
		return -1;
	if (y->raw_bits) {
		b->pmus.v[l->pmu].first_raw_set = b->sets.n;
		if (pp_rd_append_sets(l, y->raw_bits, "'raw_bits'", 0, &nraw))
			return -1;
	}
	b->pmus.v[l->pmu].nraw_set = nraw;
	/* raw_fields: format fields whose values reach PFM_OS_NONE codes only */
	if (flag_fields(l, y->raw_fields, "raw_fields", PP_FIELD_RAW))
		return -1;
	if (y->raw_format && !pp_rd_is_null(y->raw_format) &&
	    pp_rd_pairs(l, y->raw_format, "'raw_format'", raw_format_field, NULL))
		return -1;
	if (flag_fields(l, y->code_fields, "code_fields", PP_FIELD_CODE))
		return -1;
	if (y->raw_umask) {
		uint32_t fi = pp_rd_field(l, y->raw_umask);
		if (fi == PP_NONE)
			return pp_rd_fail(l, pmu, "raw_umask: no format field '%s'", y->raw_umask);
		b->fields.v[fi].flags |= PP_FIELD_RAW_UMASK;
	}
	return 0;
}
