/*
 * pp_yaml_peek.c - a cheap look at a descriptor: libyaml's event stream is
 * read only as far as the `pmu:` block (name, override, match), so plugin
 * files that cannot concern this host are not parsed in full at start-up.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <yaml.h>
#include "pp_yaml.h"

struct peek {
	yaml_parser_t p;
	yaml_event_t ev;
	int have_ev;
};

static int next(struct peek *k)
{
	if (k->have_ev)
		yaml_event_delete(&k->ev);
	k->have_ev = yaml_parser_parse(&k->p, &k->ev);
	return k->have_ev ? 0 : -1;
}

/* skip the node whose first event is current */
static int skip_node(struct peek *k)
{
	int depth = 0;
	do {
		switch (k->ev.type) {
		case YAML_MAPPING_START_EVENT:
		case YAML_SEQUENCE_START_EVENT: depth++; break;
		case YAML_MAPPING_END_EVENT:
		case YAML_SEQUENCE_END_EVENT: depth--; break;
		default: break;
		}
		if (depth == 0)
			return 0;
	} while (!next(k));
	return -1;
}

static const char *sval(const struct peek *k)
{
	return k->ev.type == YAML_SCALAR_EVENT ? (const char *)k->ev.data.scalar.value : NULL;
}

static int read_pmu_block(struct peek *k, struct pp_yaml_header *h)
{
	if (next(k) || k->ev.type != YAML_MAPPING_START_EVENT)
		return -1;
	for (;;) {
		if (next(k))
			return -1;
		if (k->ev.type == YAML_MAPPING_END_EVENT)
			return 0;
		const char *key = sval(k);
		if (!key)
			return -1;
		char kbuf[32];
		snprintf(kbuf, sizeof(kbuf), "%s", key);
		if (next(k))
			return -1;
		const char *v = sval(k);
		if (!strcmp(kbuf, "name") && v) {
			snprintf(h->name, sizeof(h->name), "%s", v);
		} else if (!strcmp(kbuf, "override") && v) {
			h->override = !strcmp(v, "true") || !strcmp(v, "True") || !strcmp(v, "yes");
		} else if (!strcmp(kbuf, "match") && k->ev.type == YAML_SEQUENCE_START_EVENT) {
			for (;;) {
				if (next(k))
					return -1;
				if (k->ev.type == YAML_SEQUENCE_END_EVENT)
					break;
				const char *m = sval(k);
				if (!m)
					return -1;
				if (h->match_count < 8)
					snprintf(h->match[h->match_count++], sizeof(h->match[0]), "%s", m);
			}
		} else if (skip_node(k)) {
			return -1;
		}
	}
}

int pp_yaml_peek_pmu(const char *path, const struct pp_yaml_opts *opts,
		     struct pp_yaml_header *h, char *err, size_t errsz)
{
	memset(h, 0, sizeof(*h));
	FILE *f = fopen(path, "rb");
	if (!f) {
		snprintf(err, errsz, "%s: cannot open: %s", path, strerror(errno));
		return -1;
	}
	struct stat st;
	if (fstat(fileno(f), &st) || !S_ISREG(st.st_mode)) {
		snprintf(err, errsz, "%s: not a regular file", path);
		fclose(f);
		return -1;
	}
	if (opts && opts->max_bytes && (uint64_t)st.st_size > opts->max_bytes) {
		snprintf(err, errsz, "%s: too large (%llu bytes, the limit is %llu)", path,
			 (unsigned long long)st.st_size, (unsigned long long)opts->max_bytes);
		fclose(f);
		return -1;
	}
	struct peek k = { 0 };
	int ret = -1, schema_ok = 0, have_pmu = 0;
	if (!yaml_parser_initialize(&k.p)) {
		fclose(f);
		snprintf(err, errsz, "%s: cannot initialise the YAML parser", path);
		return -1;
	}
	yaml_parser_set_input_file(&k.p, f);
	/* stream start, document start, root mapping start */
	if (next(&k) || next(&k) || next(&k) || k.ev.type != YAML_MAPPING_START_EVENT)
		goto out;
	while (!(schema_ok && have_pmu)) {
		if (next(&k) || k.ev.type == YAML_MAPPING_END_EVENT)
			goto out;
		const char *key = sval(&k);
		if (!key)
			goto out;
		if (!strcmp(key, "schema")) {
			if (next(&k) || !sval(&k))
				goto out;
			if (strcmp(sval(&k), "1")) {
				snprintf(err, errsz, "%s:%lu: schema version %s is not supported", path,
					 (unsigned long)k.ev.start_mark.line + 1, sval(&k));
				ret = -2;
				goto out;
			}
			schema_ok = 1;
		} else if (!strcmp(key, "pmu")) {
			if (read_pmu_block(&k, h))
				goto out;
			have_pmu = 1;
		} else {
			if (next(&k) || skip_node(&k))
				goto out;
		}
	}
	ret = h->name[0] ? 0 : -1;
out:
	if (ret == -1)
		snprintf(err, errsz, "%s:%lu: %s", path,
			 (unsigned long)(k.p.problem ? k.p.problem_mark.line : k.ev.start_mark.line) + 1,
			 k.p.problem ? k.p.problem : "not a PMU descriptor (schema and pmu blocks with a name expected)");
	if (k.have_ev)
		yaml_event_delete(&k.ev);
	yaml_parser_delete(&k.p);
	fclose(f);
	return ret < 0 ? -1 : 0;
}
