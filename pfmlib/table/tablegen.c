/*
 * tablegen.c - build-time tool: reads every PMU descriptor with the same
 * loader the library uses for plugins (pp_yaml.c) and writes the compact
 * tables as C (pp_builtin_table()), with no pointers in the data.
 *
 * usage: tablegen -o OUT.c FILE.yaml...
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "table/yaml.h"

static FILE *out;

/* the registry's search order: core, uncore, OS-generic PMUs, each by id */
static int rank(const struct pp_pmu *p)
{
	return p->type == PP_PMU_CORE ? 0 : p->type == PP_PMU_UNCORE ? 1 : 2;
}

static int cmp_pmu(const void *a, const void *b)
{
	const struct pp_pmu *x = a, *y = b;
	int d = rank(x) - rank(y);
	return d ? d : x->id - y->id;
}

static void emit_strs(const struct pp_builder *b)
{
	fprintf(out, "static const char pp_strs[%u] =\n\"", b->nstrs);
	unsigned col = 0;
	int prev_hex = 0;
	for (uint32_t i = 0; i + 1 < b->nstrs; i++) {
		unsigned char c = (unsigned char)b->strs[i];
		if (col > 100) {
			fputs("\"\n\"", out);
			col = 0;
			prev_hex = 0;
		}
		if (c == '"' || c == '\\') {
			fprintf(out, "\\%c", c);
			col += 2;
			prev_hex = 0;
		} else if (c >= 0x20 && c < 0x7f && !(prev_hex && ((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F')))) {
			fputc(c, out);
			col++;
			prev_hex = 0;
		} else if (c == 0) {
			fputs("\\0", out);
			col += 2;
			/* "\0" followed by a digit would be read as an octal escape */
			prev_hex = 0;
			if (i + 1 < b->nstrs && b->strs[i + 1] >= '0' && b->strs[i + 1] <= '7') {
				fputs("\"\"", out);
				col += 2;
			}
		} else {
			fprintf(out, "\\x%02x", c);
			col += 4;
			prev_hex = 1;
		}
	}
	/* the final NUL of the array is the literal's own terminator */
	fputs("\";\n\n", out);
}

#define X(v) ((unsigned long long)(v))

static void emit_tables(const struct pp_builder *b)
{
	uint32_t i;

	fprintf(out, "static const struct pp_pmu pp_pmus[%u] = {\n", b->pmus.n ? b->pmus.n : 1);
	for (i = 0; i < b->pmus.n; i++) {
		const struct pp_pmu *p = &b->pmus.v[i];
		fprintf(out, "{%u,%u,%u,%u,%u,%u,%u,%d,%u,%u,%u,%u,%u,%u,%u,%u,%u,%u,%u,%u,%u,%u,%u,%u,%u,%u,%u,%u},\n",
			p->name, p->desc, p->arch, p->source, p->match, p->match_unit, p->perf_pmu,
			p->id, p->perf_type, p->type, p->max_encoding, p->num_cntrs, p->num_fixed,
			p->flags, p->match_priority, p->perf_attrs, p->first_field, p->nfields, p->first_raw_set, p->nraw_set,
			p->first_mod, p->nmods, p->first_event, p->nevents, p->first_alias, p->naliases,
			p->first_hash, p->hash_size);
	}
	fputs("};\n\n", out);

	fprintf(out, "static const struct pp_field pp_fields[%u] = {\n", b->fields.n ? b->fields.n : 1);
	for (i = 0; i < b->fields.n; i++) {
		const struct pp_field *f = &b->fields.v[i];
		fprintf(out, "{%u,%u,%u,%u,0x%llxULL},\n", f->name, f->reg, f->width, f->flags, X(f->mask));
	}
	fputs("};\n\n", out);

	fprintf(out, "static const struct pp_set pp_sets[%u] = {\n", b->sets.n ? b->sets.n : 1);
	for (i = 0; i < b->sets.n; i++)
		fprintf(out, "{%u,%u,0x%llxULL},\n", b->sets.v[i].field, b->sets.v[i].flags, X(b->sets.v[i].value));
	fputs("};\n\n", out);

	fprintf(out, "static const struct pp_modifier pp_mods[%u] = {\n", b->mods.n ? b->mods.n : 1);
	for (i = 0; i < b->mods.n; i++) {
		const struct pp_modifier *m = &b->mods.v[i];
		fprintf(out, "{%u,%u,%u,%u,%u,%u,%uu,%u,%u,0x%llxULL},\n", m->name, m->desc, m->type, m->plm,
			m->code, m->requires, m->field, m->min, m->flags, X(m->max));
	}
	fputs("};\n\n", out);

	fprintf(out, "static const struct pp_event pp_events[%u] = {\n", b->events.n ? b->events.n : 1);
	for (i = 0; i < b->events.n; i++) {
		const struct pp_event *e = &b->events.v[i];
		fprintf(out, "{%u,%u,%u,%u,%u,%u,%u,%u,%u,0x%xu,0x%llxULL,%u,%uu,%u,%u,%u,%u,%u,0,%u,0,0x%xu,0},\n",
			e->name, e->desc, e->equiv, e->perf, e->counters, e->first_set, e->first_umask,
			e->first_group, e->first_rule, e->mods, X(e->code), e->sample_after, e->perf_type,
			e->nset, e->numasks, e->ngroups, e->nrules, e->flags, e->perf_attrs, e->required_mods);
	}
	fputs("};\n\n", out);

	fprintf(out, "static const struct pp_umask pp_umasks[%u] = {\n", b->umasks.n ? b->umasks.n : 1);
	for (i = 0; i < b->umasks.n; i++) {
		const struct pp_umask *u = &b->umasks.v[i];
		fprintf(out, "{%u,%u,%u,%u,0x%llxULL,%u,%u,%u,%u,%u,%u},\n", u->name, u->desc, u->aliases,
			u->perf, X(u->code), u->first_set, u->nset, u->group, u->flags, u->sample_after, u->equiv);
	}
	fputs("};\n\n", out);

	fprintf(out, "static const struct pp_group pp_groups[%u] = {\n", b->groups.n ? b->groups.n : 1);
	for (i = 0; i < b->groups.n; i++)
		fprintf(out, "{%u,%u},\n", b->groups.v[i].name, b->groups.v[i].flags);
	fputs("};\n\n", out);

	fprintf(out, "static const struct pp_rule pp_rules[%u] = {\n", b->rules.n ? b->rules.n : 1);
	for (i = 0; i < b->rules.n; i++)
		fprintf(out, "{%u,{0},%u,0x%xu,0},\n", b->rules.v[i].kind, b->rules.v[i].umask, b->rules.v[i].groups);
	fputs("};\n\n", out);

	fprintf(out, "static const struct pp_alias pp_aliases[%u] = {\n", b->aliases.n ? b->aliases.n : 1);
	for (i = 0; i < b->aliases.n; i++)
		fprintf(out, "{%u,%u},\n", b->aliases.v[i].name, b->aliases.v[i].expansion);
	fputs("};\n\n", out);

	fprintf(out, "static const uint32_t pp_hash[%u] = {\n", b->hash.n ? b->hash.n : 1);
	for (i = 0; i < b->hash.n; i++)
		fprintf(out, "%u,%s", b->hash.v[i], (i % 16 == 15) ? "\n" : "");
	fputs("\n};\n\n", out);

	fputs("void pp_builtin_table(struct pp_table *t)\n{\n", out);
	fprintf(out, "\tt->strs = pp_strs; t->nstrs = %u;\n", b->nstrs);
	fprintf(out, "\tt->pmus = pp_pmus; t->npmus = %u;\n", b->pmus.n);
	fprintf(out, "\tt->fields = pp_fields; t->nfields = %u;\n", b->fields.n);
	fprintf(out, "\tt->sets = pp_sets; t->nsets = %u;\n", b->sets.n);
	fprintf(out, "\tt->mods = pp_mods; t->nmods = %u;\n", b->mods.n);
	fprintf(out, "\tt->events = pp_events; t->nevents = %u;\n", b->events.n);
	fprintf(out, "\tt->umasks = pp_umasks; t->numasks = %u;\n", b->umasks.n);
	fprintf(out, "\tt->groups = pp_groups; t->ngroups = %u;\n", b->groups.n);
	fprintf(out, "\tt->rules = pp_rules; t->nrules = %u;\n", b->rules.n);
	fprintf(out, "\tt->aliases = pp_aliases; t->naliases = %u;\n", b->aliases.n);
	fprintf(out, "\tt->hash = pp_hash; t->nhash = %u;\n", b->hash.n);
	fputs("}\n", out);
}

/* two built-in PMUs may not share a name or an id */
static int check_unique(const struct pp_builder *b, char **files)
{
	int bad = 0;
	for (uint32_t i = 0; i < b->pmus.n; i++)
		for (uint32_t j = i + 1; j < b->pmus.n; j++) {
			const struct pp_pmu *p = &b->pmus.v[i], *q = &b->pmus.v[j];
			if (p->id == q->id) {
				fprintf(stderr, "tablegen: %s and %s both use pmu id %d\n", files[i], files[j], p->id);
				bad = 1;
			}
			if (!strcmp(b->strs + p->name, b->strs + q->name)) {
				fprintf(stderr, "tablegen: %s and %s both define pmu '%s'\n", files[i], files[j],
					b->strs + p->name);
				bad = 1;
			}
		}
	return bad;
}

int main(int argc, char **argv)
{
	const char *outpath = NULL;
	int first = 1;
	if (argc > 2 && !strcmp(argv[1], "-o")) {
		outpath = argv[2];
		first = 3;
	}
	if (!outpath || first >= argc) {
		fprintf(stderr, "usage: tablegen -o OUT.c FILE.yaml...\n");
		return 2;
	}
	struct pp_builder b;
	pp_builder_init(&b);
	char err[1024];
	char **files = argv + first;
	for (int i = first; i < argc; i++) {
		if (pp_yaml_load_file(&b, argv[i], NULL, err, sizeof(err)) < 0) {
			fprintf(stderr, "tablegen: %s\n", err);
			pp_builder_free(&b);
			return 1;
		}
	}
	if (check_unique(&b, files)) {
		pp_builder_free(&b);
		return 1;
	}
	/* PMU records are self-contained (absolute indexes): reorder them freely */
	qsort(b.pmus.v, b.pmus.n, sizeof(*b.pmus.v), cmp_pmu);
	char tmp[4096];
	snprintf(tmp, sizeof(tmp), "%s.tmp", outpath);
	out = fopen(tmp, "w");
	if (!out) {
		perror(tmp);
		return 1;
	}
	fputs("/* Generated by pfmlib/tablegen from PMU descriptors. Do not edit. */\n", out);
	fputs("#include \"table/table.h\"\n\n", out);
	emit_strs(&b);
	emit_tables(&b);
	if (fclose(out) || rename(tmp, outpath)) {
		perror(outpath);
		return 1;
	}
	fprintf(stderr, "tablegen: %u PMUs, %u events, %u umasks, %u aliases, %u bytes of strings\n",
		b.pmus.n, b.events.n, b.umasks.n, b.aliases.n, b.nstrs);
	pp_builder_free(&b);
	return 0;
}
