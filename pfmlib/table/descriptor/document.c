/*
 * SPDX-License-Identifier: MIT
 * table/descriptor/document.c - one descriptor document read into a
 * builder: libyaml loads it, its shape is checked (shape.c), the root's
 * schema version, `pmu:` block (pmu.c) and `events` (events.c) are read,
 * the PMU's name index is built and its instances added; a second document
 * or trailing garbage is refused. On any error the builder is rolled back.
 *
 * The keys of each mapping kind come from the schema (schema/descriptor.yaml,
 * generated into pp_schema.h): a key is looked up to its enum and handled by
 * a switch with no default, so a schema key without a case in the section
 * readers does not compile; the schema's required keys are checked by
 * pp_rd_require.
 */
#include <stdio.h>
#include "table/descriptor/reader.h"
#include "table/descriptor/sections.h"
#include "pp_schema.h"

/* every switch over a schema key enum must have a case for each key */
#pragma GCC diagnostic error "-Wswitch"

struct root_keys {
	yaml_node_t *schema, *pmu, *events;
	uint64_t seen;
};

static int root_key(struct pp_reader *l, const struct pp_rd_pair *kv, void *keys)
{
	struct root_keys *y = keys;
	enum pp_k_document key = pp_k_document_lookup(kv->key);
	switch (key) {
	case PP_K_DOCUMENT_SCHEMA: y->schema = kv->v; break;
	case PP_K_DOCUMENT_PMU: y->pmu = kv->v; break;
	case PP_K_DOCUMENT_EVENTS: y->events = kv->v; break;
	case PP_K_DOCUMENT__UNKNOWN: return pp_rd_unknown(l, kv->kn, "the document", kv->key);
	}
	y->seen |= 1ULL << key;
	return 0;
}

static int schema_version(struct pp_reader *l, yaml_node_t *schema)
{
	uint64_t ver;
	if (pp_rd_u64(l, schema, "schema", &ver))
		return -1;
	if (ver != PP_SCHEMA_VERSION)
		return pp_rd_fail(l, schema, "schema version %llu is not supported (this library reads version %d)",
				  (unsigned long long)ver, PP_SCHEMA_VERSION);
	return 0;
}

static int read_events(struct pp_reader *l, yaml_node_t *events)
{
	l->b->pmus.v[l->pmu].first_event = l->b->events.n;
	if (events->type == YAML_SEQUENCE_NODE && pp_rd_nitems(events) > l->max_events)
		return pp_rd_fail(l, events, "too many events (%zu, the limit is %zu)", pp_rd_nitems(events),
				  l->max_events);
	return pp_rd_items(l, events, "'events'", pp_rd_event, NULL);
}

static int read_root(struct pp_reader *l)
{
	yaml_node_t *root = yaml_document_get_root_node(&l->doc);
	struct root_keys y = { 0 };
	if (!root)
		return pp_rd_fail(l, NULL, "empty document");
	if (pp_rd_pairs(l, root, "the document", root_key, &y))
		return -1;
	/* a version this library does not read is named before any missing key */
	if (y.schema && schema_version(l, y.schema))
		return -1;
	if (pp_rd_require(l, root, "descriptor", y.seen, PP_K_DOCUMENT_REQUIRED, pp_k_document_spec))
		return -1;
	l->pmu = pp_builder_add_pmu(l->b);
	if (l->pmu == PP_NONE)
		return pp_rd_fail(l, root, "out of memory");
	if (pp_rd_pmu(l, y.pmu) || read_events(l, y.events))
		return -1;
	char dup[256];
	int r = pp_builder_index_pmu(l->b, l->pmu, dup, sizeof(dup));
	if (r == -1)
		return pp_rd_fail(l, y.events, "name '%s' is used by two events or aliases", dup);
	if (r)
		return pp_rd_fail(l, y.events, "out of memory");
	if (pp_rd_instances(l))
		return -1;
	return l->b->oom ? pp_rd_fail(l, root, "out of memory") : 0;
}

/* a second document in the stream is an error too, and so is trailing garbage */
static int only_document(struct pp_reader *l, yaml_parser_t *parser)
{
	yaml_document_t extra;
	int r = 0;
	if (!yaml_parser_load(parser, &extra))
		return pp_rd_fail(l, NULL, "trailing garbage: %s", parser->problem ? parser->problem : "malformed YAML");
	if (yaml_document_get_root_node(&extra))
		r = pp_rd_fail(l, yaml_document_get_root_node(&extra), "only one YAML document per descriptor");
	yaml_document_delete(&extra);
	return r;
}

static size_t or_default(size_t v, size_t d)
{
	return v ? v : d;
}

/* the parsed document read into the builder: 0, or -1 with l->err filled */
static int read_document(struct pp_reader *l, yaml_parser_t *parser)
{
	if (!yaml_parser_load(parser, &l->doc)) {
		snprintf(l->err, l->errsz, "%s:%lu:%lu: %s%s%s", l->file,
			 (unsigned long)parser->problem_mark.line + 1,
			 (unsigned long)parser->problem_mark.column + 1,
			 parser->problem ? parser->problem : "malformed YAML",
			 parser->context ? " " : "", parser->context ? parser->context : "");
		return -1;
	}
	int ret = pp_rd_check_shape(l);
	if (!ret)
		ret = read_root(l);
	if (!ret && !l->failed)
		ret = only_document(l, parser);
	yaml_document_delete(&l->doc);
	return ret || l->failed ? -1 : 0;
}

int pp_yaml_load_buffer_opts(struct pp_builder *b, const char *name, const char *buf, size_t len,
			     const struct pp_yaml_opts *opts, char *err, size_t errsz)
{
	struct pp_reader l = { .b = b, .file = name, .err = err, .errsz = errsz };
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
	int ret = read_document(&l, &parser);
	yaml_parser_delete(&parser);
	if (ret || b->oom) {
		if (b->oom && !l.failed)
			snprintf(err, errsz, "%s: out of memory", name);
		pp_builder_rollback(b, &m);
		b->oom = 0;
		return -1;
	}
	return (int)l.pmu;
}

int pp_yaml_load_buffer(struct pp_builder *b, const char *name, const char *buf,
			size_t len, char *err, size_t errsz)
{
	return pp_yaml_load_buffer_opts(b, name, buf, len, NULL, err, errsz);
}
