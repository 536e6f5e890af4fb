/*
 * SPDX-License-Identifier: MIT
 * gen/tablegen/tablegen.c - build-time tool: reads every PMU descriptor with the same
 * loader the library uses for plugins (table/descriptor/) and writes the compact
 * tables as C (pp_builtin_table()), with no pointers in the data: one
 * commented array per record type, records as designated initializers.
 * The comments name the schema kind each table comes from (pp_schema.h).
 * Beside the records: each PMU's event-name index (the builder's), the
 * PMU-name index of the whole table (pp_pmu_hash), a hash byte per unit
 * mask name (pp_umask_tag) and the kernel PMU names the PMUs refer to, sorted
 * (pp_kpmu: the registry looks up the few kernel PMUs a host has there), and
 * per x86 PMU the literal prefix of each match pattern (pp_match_prefix:
 * detection refuses most patterns by it without matching them).
 * Equal runs of sets, groups and unit masks are stored once, and the
 * string pool is rebuilt with the descriptions packed and shared tails
 * stored once (tablegen_compact.c).
 *
 * usage: tablegen -o OUT.c FILE.yaml...
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "table/descriptor/reader.h"
#include "tablegen_compact.h"
#include "tablegen_detect.h"
#include "cwrite.h"
#include "util/str.h"
#include "pp_schema.h"

static FILE *out;

static const struct pp_builder *gen;	/* the builder cmp_pmu reads strings of */

/* the PMU name index of the built-in table (table.h, pp_table.pmu_hash) */
static uint32_t *pmu_hash, npmu_hash;
/* slots of the kernel PMU name hash (table.h, pp_table.kpmu_hash) */
static uint32_t nkpmu_hash;
/* kernel PMU names of pp_kpmu (its runs) */
static uint32_t nkrun;
/* identity literal pairs and their hash slots (table.h, pp_table.idlit) */
static uint32_t nidlit, nidlit_hash;

/* slots over every PMU but variant tables, in search order: a name equal to
 * an earlier one but for case keeps the earlier PMU (the first the registry
 * would find scanning its list); 0 on success */
static int index_pmus(const struct pp_builder *b)
{
	npmu_hash = 8;
	while (npmu_hash < b->pmus.n * 2)
		npmu_hash *= 2;
	pmu_hash = calloc(npmu_hash, sizeof(*pmu_hash));
	if (!pmu_hash)
		return -1;
	for (uint32_t i = 0; i < b->pmus.n; i++) {
		const struct pp_pmu *p = &b->pmus.v[i];
		const char *name = b->strs + p->name;
		if (p->flags & PP_PMU_F_VARIANT)
			continue;
		uint32_t h = pp_hash_name(name, strlen(name)) & (npmu_hash - 1);
		while (pmu_hash[h] && !pp_name_eq(b->strs + b->pmus.v[pmu_hash[h] - 1].name, name, strlen(name)))
			h = (h + 1) & (npmu_hash - 1);
		if (!pmu_hash[h])
			pmu_hash[h] = i + 1;
	}
	return 0;
}

/* per PMU (index), its match patterns' literal prefixes (table.h
 * pp_table.match_prefix), 0 for none */
static pp_str_t *match_prefix;

/*
 * The literal bytes every string a pattern matches in full starts with
 * (after one leading '^'), into buf: letters, digits, '-', ',' and '_' up
 * to the first other byte, without the last one when a quantifier follows
 * it; none (0) when a top-level '|' offers other starts.
 */
static size_t literal_prefix(const char *pat, char *buf, size_t cap)
{
	const char *p = pat + (*pat == '^');
	int depth = 0;
	for (const char *q = p; *q; q++) {
		if (*q == '\\' && q[1])
			q++;
		else if (*q == '[') {
			q++;
			if (*q == '^')
				q++;
			if (*q == ']')
				q++;
			while (*q && *q != ']') {
				if (q[0] == '[' && (q[1] == ':' || q[1] == '.' || q[1] == '=')) {
					const char *e = strchr(q + 2, ']');
					q = e ? e : q + strlen(q) - 1;
				}
				q++;
			}
			if (!*q)
				return 0;
		} else if (*q == '(')
			depth++;
		else if (*q == ')')
			depth--;
		else if (*q == '|' && depth <= 0)
			return 0;
	}
	size_t n = 0;
	while ((p[n] >= 'A' && p[n] <= 'Z') || (p[n] >= 'a' && p[n] <= 'z') || (p[n] >= '0' && p[n] <= '9') ||
	       p[n] == '-' || p[n] == ',' || p[n] == '_')
		n++;
	if (n && (p[n] == '?' || p[n] == '*' || p[n] == '{' || p[n] == '+'))
		n--;
	if (n >= cap)
		n = 0;
	memcpy(buf, p, n);
	buf[n] = 0;
	return n;
}

/* match_prefix of every x86 PMU whose patterns all have a literal prefix; 0 on success */
static int prefix_pmus(struct pp_builder *b)
{
	match_prefix = calloc((size_t)b->pmus.n + 1, sizeof(*match_prefix));
	if (!match_prefix)
		return -1;
	for (uint32_t i = 0; i < b->pmus.n; i++) {
		const struct pp_pmu *p = &b->pmus.v[i];
		enum { MAXPAT = 64 };
		char bufs[MAXPAT][128];
		const char *v[MAXPAT];
		size_t n = 0, all = 1;
		if (!p->match || strcmp(b->strs + p->arch, "x86"))
			continue;
		for (const char *pat = b->strs + p->match; *pat; pat += strlen(pat) + 1) {
			if (n == MAXPAT || !literal_prefix(pat, bufs[n], sizeof(bufs[n]))) {
				all = 0;
				break;
			}
			v[n] = bufs[n];
			n++;
		}
		if (!all || !n)
			continue;
		pp_str_t s = pp_builder_strlist(b, v, n);
		if (s == PP_NONE)
			return -1;
		match_prefix[i] = s;
	}
	return 0;
}

/* the dictionary of packed descriptions (table.h, pp_table.desc_dict) */
static pp_str_t *desc_dict;
static uint32_t ndesc_dict;

/* pp_kpmu order: perf_pmu name (bytes), then PMU index */
static int cmp_kpmu(const void *a, const void *b)
{
	const uint32_t *x = a, *y = b;
	int d = strcmp(gen->strs + x[0], gen->strs + y[0]);
	return d ? d : (x[1] > y[1]) - (x[1] < y[1]);
}

static int cmp_pmu(const void *a, const void *b)
{
	const struct pp_pmu *x = a, *y = b;
	int d = pp_pmu_search_rank(x) - pp_pmu_search_rank(y);
	if (d || (d = x->id - y->id))
		return d;
	/* a PMU before its variant tables, those by source: a reproducible order */
	d = (int)(x->flags & PP_PMU_F_VARIANT) - (int)(y->flags & PP_PMU_F_VARIANT);
	return d ? d : strcmp(gen->strs + x->source, gen->strs + y->source);
}

/* an identity literal: the string and the pattern list (pp_pmu.match) it comes from */
struct idlit { char s[PP_LIT_LEN]; uint32_t match; };
static int cmp_idlit(const void *a, const void *b)
{
	const struct idlit *x = a, *y = b;
	int d = strcmp(x->s, y->s);
	return d ? d : (x->match > y->match) - (x->match < y->match);
}

/*
 * pp_idlit_strs, pp_idlit (pairs: literal offset, pattern list), its hash
 * and pp_match_literal (per PMU: 1 when its whole pattern list is expanded,
 * 2 when some of its patterns are) for the x86 PMUs; the number of pairs
 * and of hash slots. Returns pp_match_literal's values (to free).
 */
static uint8_t *emit_idlits(const struct pp_builder *b, uint32_t *npairs, uint32_t *nslots)
{
	uint8_t *flag = calloc((size_t)b->pmus.n + 1, 1);
	uint32_t *done = calloc((size_t)b->pmus.n + 1, sizeof(*done)), ndone = 0, n = 0, cap = 1024;
	struct idlit *v = malloc(cap * sizeof(*v));
	struct pp_lits *one = malloc(sizeof(*one));
	if (!flag || !done || !v || !one) {
		perror("tablegen");
		exit(1);
	}
	for (uint32_t i = 0; i < b->pmus.n; i++) {
		const struct pp_pmu *p = &b->pmus.v[i];
		if (!p->match || strcmp(b->strs + p->arch, "x86"))
			continue;
		uint32_t d = 0;
		while (d < ndone && (done[d] & 0x3fffffff) != p->match)
			d++;
		if (d < ndone) {	/* a pattern list seen before: its answer */
			flag[i] = (uint8_t)(done[d] >> 30);
			continue;
		}
		/* the patterns that expand give their literals: all of them (1),
		 * or some (2: the others are matched when no literal is hit) */
		int some = 0, all = 1;
		for (const char *pat = b->strs + p->match; *pat; pat += strlen(pat) + 1) {
			if (pp_tablegen_expand(pat, one)) {
				all = 0;
				continue;
			}
			some = 1;
			for (int j = 0; j < one->n; j++) {
				if (n == cap && !(v = realloc(v, (cap *= 2) * sizeof(*v)))) {
					perror("tablegen");
					exit(1);
				}
				memcpy(v[n].s, one->v[j], PP_LIT_LEN);
				v[n++].match = p->match;
			}
		}
		flag[i] = (uint8_t)(all ? 1 : some ? 2 : 0);
		done[ndone++] = p->match | (uint32_t)flag[i] << 30;
	}
	qsort(v, n, sizeof(*v), cmp_idlit);
	uint32_t m = 0;	/* equal pairs once */
	for (uint32_t i = 0; i < n; i++)
		if (!m || cmp_idlit(&v[m - 1], &v[i]))
			v[m++] = v[i];
	n = m;
	/* the literals, each once, into one NUL-separated text */
	uint32_t *pairs = calloc(2 * (size_t)n + 2, sizeof(*pairs)), off = 1;
	fputs("/* pp_idlit_strs: the identity literals of pp_idlit, NUL-separated (table/table.h) */\n"
	      "static const char pp_idlit_strs[] =\n\t\"\\0\"", out);
	for (uint32_t i = 0; i < n; i++) {
		if (i && !strcmp(v[i].s, v[i - 1].s)) {
			pairs[2 * i] = pairs[2 * (i - 1)];
		} else {
			pairs[2 * i] = off;
			fprintf(out, "\n\t\"%s\\0\"", v[i].s);
			off += (uint32_t)strlen(v[i].s) + 1;
		}
		pairs[2 * i + 1] = v[i].match;
	}
	fputs(";\n\n", out);
	cw_comment("pp_idlit", "identity literals: (offset in pp_idlit_strs, pattern list) pairs sorted by "
		"literal (table/table.h)", NULL);
	cw_emit_nums("uint32_t", "pp_idlit", pairs, 2 * n);
	uint32_t size = 8;
	while (size < n * 2)
		size *= 2;
	uint32_t *slot = calloc(size, sizeof(*slot));
	if (!slot) {
		perror("tablegen");
		exit(1);
	}
	for (uint32_t i = 0; i < n; i++) {
		if (i && pairs[2 * i] == pairs[2 * (i - 1)])
			continue;
		uint32_t h = pp_kpmu_hash_of(v[i].s, strlen(v[i].s)) & (size - 1);
		while (slot[h])
			h = (h + 1) & (size - 1);
		slot[h] = i + 1;
	}
	cw_comment("pp_idlit_hash", "the literals of pp_idlit hashed (pp_kpmu_hash_of): slot = first pair + 1 "
		"(table/table.h)", NULL);
	cw_emit_nums("uint32_t", "pp_idlit_hash", slot, size);
	cw_comment("pp_match_literal", "per PMU, 1 when every pattern of its match list is in pp_idlit, 2 some "
		"(table/table.h)", NULL);
	cw_open_table("uint8_t", "pp_match_literal", b->pmus.n);
	for (uint32_t i = 0; i < b->pmus.n; i++)
		cw_put_num(i, flag[i]);
	cw_close_nums();
	*npairs = n;
	*nslots = size;
	free(slot);
	free(pairs);
	free(done);
	return flag;
	free(v);
	free(one);
}


static int is_variant(const struct pp_pmu *p)
{
	return !!(p->flags & PP_PMU_F_VARIANT);
}

static int is_pattern_table(const struct pp_pmu *p)
{
	return pp_pmu_is_pattern_table(p) && !is_variant(p);
}

static int is_identified_box(const struct pp_pmu *p)
{
	return pp_pmu_is_box(p) && p->identifier && !is_variant(p);
}

/* a table of the indexes of the PMUs pick takes, in table order; their number */
static uint32_t emit_pmu_list(const struct pp_builder *b, const char *name, int (*pick)(const struct pp_pmu *))
{
	uint32_t n = 0, i;
	for (i = 0; i < b->pmus.n; i++)
		n += pick(&b->pmus.v[i]) != 0;
	cw_open_table("uint32_t", name, n);
	for (i = 0, n = 0; i < b->pmus.n; i++)
		if (pick(&b->pmus.v[i]))
			cw_put_num(n++, i);
	cw_close_nums();
	return n;
}

static void emit_tables(const struct pp_builder *b)
{
	uint32_t i;

	cw_comment("pp_pmus", "one record per descriptor, in the registry's search order (core, uncore, "
		"OS-generic PMUs, each by id); first_x/nx are the PMU's ranges of the tables below",
		PP_SCHEMA_DESC_PMU);
	cw_open_table("struct pp_pmu", "pp_pmus", b->pmus.n);
	for (i = 0; i < b->pmus.n; i++) {
		const struct pp_pmu *p = &b->pmus.v[i];
		cw_open_rec();
		D(p, name); D(p, desc); D(p, arch); D(p, source); D(p, version); D(p, match); D(p, match_unit);
		D(p, perf_pmu); D(p, identifier); D(p, perf_pmu_pattern); D(p, id); D(p, perf_type); D(p, type); D(p, max_encoding);
		D(p, num_cntrs); D(p, num_fixed); D(p, raw_msr_bits); H(p, flags); D(p, match_priority); H(p, perf_attrs);
		D(p, first_field); D(p, nfields); D(p, first_raw_set); D(p, nraw_set);
		D(p, first_mod); D(p, nmods); D(p, first_event); D(p, nevents);
		D(p, first_alias); D(p, naliases); D(p, first_hash); D(p, hash_size);
		cw_close_rec();
	}
	fputs("};\n\n", out);

	cw_comment("pp_fields", "the format fields of every PMU: register and bit mask", PP_SCHEMA_DESC_FORMAT);
	cw_open_table("struct pp_field", "pp_fields", b->fields.n);
	for (i = 0; i < b->fields.n; i++) {
		const struct pp_field *f = &b->fields.v[i];
		cw_open_rec();
		D(f, name); D(f, reg); D(f, width); H(f, flags); H(f, mask); D(f, raw_reg); H(f, raw_mask);
		cw_close_rec();
	}
	fputs("};\n\n", out);

	cw_comment("pp_sets", "field = value steps of PMU raw_bits, event and umask set and umask defaults "
		"(flags 0x1: a default)", PP_SCHEMA_DESC_FIELD_VALUES);
	cw_open_table("struct pp_set", "pp_sets", b->sets.n);
	for (i = 0; i < b->sets.n; i++) {
		const struct pp_set *t = &b->sets.v[i];
		cw_open_rec();
		D(t, field); H(t, flags); H(t, value);
		cw_close_rec();
	}
	fputs("};\n\n", out);

	cw_comment("pp_mods", "the modifiers of every PMU; field is an index into pp_fields, requires one "
		"within the PMU's modifiers", PP_SCHEMA_DESC_MODIFIER);
	cw_open_table("struct pp_modifier", "pp_mods", b->mods.n);
	for (i = 0; i < b->mods.n; i++) {
		const struct pp_modifier *m = &b->mods.v[i];
		cw_open_rec();
		D(m, name); D(m, desc); D(m, type); H(m, plm); D(m, code); D(m, requires);
		D(m, field); D(m, min); H(m, flags); H(m, max); D(m, enable); D(m, fstr_rank);
		cw_close_rec();
	}
	fputs("};\n\n", out);

	cw_comment("pp_events", "the events of every PMU; mods and required_mods are bit sets over the "
		"PMU's modifiers", PP_SCHEMA_DESC_EVENT);
	cw_open_table("struct pp_event", "pp_events", b->events.n);
	for (i = 0; i < b->events.n; i++) {
		const struct pp_event *e = &b->events.v[i];
		cw_open_rec();
		D(e, name); D(e, desc); D(e, equiv); D(e, perf); D(e, counters);
		D(e, first_set); D(e, first_umask); D(e, first_group); D(e, first_rule);
		H(e, mods); H(e, code); D(e, sample_after); D(e, perf_type);
		D(e, nset); D(e, numasks); D(e, ngroups); D(e, nrules); H(e, flags);
		H(e, perf_attrs); H(e, required_mods);
		cw_close_rec();
	}
	fputs("};\n\n", out);

	cw_comment("pp_umasks", "the unit masks of every event; group is the index among the event's groups",
		PP_SCHEMA_DESC_UMASK);
	cw_open_table("struct pp_umask", "pp_umasks", b->umasks.n);
	for (i = 0; i < b->umasks.n; i++) {
		const struct pp_umask *u = &b->umasks.v[i];
		cw_open_rec();
		D(u, name); D(u, desc); D(u, aliases); D(u, perf); H(u, code); D(u, first_set);
		D(u, nset); D(u, group); H(u, flags); D(u, sample_after); D(u, equiv);
		cw_close_rec();
	}
	fputs("};\n\n", out);

	cw_comment("pp_groups", "the unit-mask groups of every event (an event without groups has one, "
		"default)", PP_SCHEMA_DESC_GROUP);
	cw_open_table("struct pp_group", "pp_groups", b->groups.n);
	for (i = 0; i < b->groups.n; i++) {
		const struct pp_group *g = &b->groups.v[i];
		cw_open_rec();
		D(g, name); H(g, flags);
		cw_close_rec();
	}
	fputs("};\n\n", out);

	cw_comment("pp_rules", "the rules of every event; umask is an index into pp_umasks, groups a bit "
		"set over the event's groups", PP_SCHEMA_DESC_RULE);
	cw_open_table("struct pp_rule", "pp_rules", b->rules.n);
	for (i = 0; i < b->rules.n; i++) {
		const struct pp_rule *r = &b->rules.v[i];
		cw_open_rec();
		D(r, kind); D(r, umask); H(r, groups);
		cw_close_rec();
	}
	fputs("};\n\n", out);

	cw_comment("pp_aliases", "whole names of every PMU and the event strings they stand for",
		PP_SCHEMA_DESC_ALIASES);
	cw_open_table("struct pp_alias", "pp_aliases", b->aliases.n);
	for (i = 0; i < b->aliases.n; i++) {
		const struct pp_alias *a = &b->aliases.v[i];
		cw_open_rec();
		D(a, name); D(a, expansion);
		cw_close_rec();
	}
	fputs("};\n\n", out);

	cw_comment("pp_hash", "the name index of every PMU: open-addressing slots over its events and "
		"aliases (table/table.h)", NULL);
	cw_emit_nums("uint32_t", "pp_hash", b->hash.v, b->hash.n);

	cw_comment("pp_pmu_hash", "the PMU name index: open-addressing slots over pp_pmus (variant "
		"tables left out), slot = PMU index + 1 (table/table.h)", NULL);
	cw_emit_nums("uint32_t", "pp_pmu_hash", pmu_hash, npmu_hash);

	cw_comment("pp_umask_tag", "per unit mask, the low byte of the hash of its name (table/table.h)", NULL);
	cw_open_table("uint8_t", "pp_umask_tag", b->umasks.n);
	for (i = 0; i < b->umasks.n; i++) {
		const char *name = b->strs + b->umasks.v[i].name;
		cw_put_num(i, pp_hash_name(name, strlen(name)) & 0xff);
	}
	cw_close_nums();

	uint32_t *kp = calloc(2 * (size_t)b->pmus.n + 2, sizeof(*kp)), nkp = 0;
	if (!kp) {
		perror("tablegen");
		exit(1);
	}
	for (i = 0; i < b->pmus.n; i++)
		if (b->pmus.v[i].perf_pmu && !(b->pmus.v[i].flags & PP_PMU_F_VARIANT)) {
			kp[2 * nkp] = b->pmus.v[i].perf_pmu;
			kp[2 * nkp + 1] = i;
			nkp++;
		}
	gen = b;
	qsort(kp, nkp, 2 * sizeof(*kp), cmp_kpmu);
	/* the pairs of one name share its first pair's offset: a name's run ends
	 * at the first other offset, with no string compare (table.h) */
	for (i = 1; i < nkp; i++)
		if (!strcmp(b->strs + kp[2 * i], b->strs + kp[2 * (i - 1)]))
			kp[2 * i] = kp[2 * (i - 1)];
	cw_comment("pp_kpmu", "the kernel PMUs named: (perf_pmu, PMU index) pairs sorted by name (table/table.h)", NULL);
	cw_emit_nums("uint32_t", "pp_kpmu", kp, 2 * nkp);
	/* per pair, the end of its name's run: a name's pairs without a walk */
	uint32_t *ke = calloc((size_t)nkp + 1, sizeof(*ke));
	if (!ke) {
		perror("tablegen");
		exit(1);
	}
	for (i = nkp; i-- > 0;)
		ke[i] = i + 1 < nkp && kp[2 * (i + 1)] == kp[2 * i] ? ke[i + 1] : i + 1;
	cw_comment("pp_kpmu_end", "per pair of pp_kpmu, the end of its name's run (table/table.h)", NULL);
	cw_emit_nums("uint32_t", "pp_kpmu_end", ke, nkp);
	/* the runs numbered (one per kernel PMU name): per pair its run, per
	 * PMU the run of its perf_pmu + 1, so that the registry marks a host's
	 * kernel PMU once per name, not once per PMU naming it */
	uint32_t *krun = calloc((size_t)nkp + 1, sizeof(*krun)), *pkrun = calloc((size_t)b->pmus.n + 1, sizeof(*pkrun));
	if (!krun || !pkrun) {
		perror("tablegen");
		exit(1);
	}
	for (i = 0; i < nkp; i++) {
		krun[i] = i && kp[2 * i] == kp[2 * (i - 1)] ? krun[i - 1] : nkrun++;
		pkrun[kp[2 * i + 1]] = krun[i] + 1;
	}
	if (nkrun >= 0xffffu) {
		fprintf(stderr, "tablegen: more than %u kernel PMU names\n", 0xffffu);
		exit(1);
	}
	/* per pair, its name's length (255: that long or longer), so that a
	 * look-up compares lengths before bytes */
	for (i = 0; i < nkp; i++) {
		size_t l = strlen(b->strs + kp[2 * i]);
		ke[i] = l < 255 ? (uint32_t)l : 255;
	}
	cw_comment("pp_kpmu_len", "per pair of pp_kpmu, the length of its name, 255 for 255 or more (table/table.h)", NULL);
	cw_emit_nums("uint8_t", "pp_kpmu_len", ke, nkp);
	cw_comment("pp_kpmu_run", "per pair of pp_kpmu, the number of its name's run (table/table.h)", NULL);
	cw_emit_nums("uint16_t", "pp_kpmu_run", krun, nkp);
	cw_comment("pp_pmu_krun", "per PMU, the run of its perf_pmu in pp_kpmu + 1, 0 for none (table/table.h)", NULL);
	cw_emit_nums("uint16_t", "pp_pmu_krun", pkrun, b->pmus.n);
	free(krun);
	free(pkrun);
	free(ke);
	/* the hash of the kernel PMU names: one slot per distinct name, its
	 * first pair + 1, so the registry finds a kernel PMU's pairs without a
	 * binary search of string compares */
	nkpmu_hash = 8;
	while (nkpmu_hash < nkp * 2)
		nkpmu_hash *= 2;
	uint32_t *kh = calloc(nkpmu_hash, sizeof(*kh));
	if (!kh) {
		perror("tablegen");
		exit(1);
	}
	for (i = 0; i < nkp; i++) {
		const char *name = b->strs + kp[2 * i];
		if (i && !strcmp(name, b->strs + kp[2 * (i - 1)]))
			continue;	/* not the first pair of its name */
		uint32_t h = pp_kpmu_hash_of(name, strlen(name)) & (nkpmu_hash - 1);
		while (kh[h])
			h = (h + 1) & (nkpmu_hash - 1);
		kh[h] = i + 1;
	}
	cw_comment("pp_kpmu_hash", "the kernel PMU names of pp_kpmu: open-addressing slots, slot = the "
		"name's first pair + 1 (table/table.h)", NULL);
	cw_emit_nums("uint32_t", "pp_kpmu_hash", kh, nkpmu_hash);
	free(kh);
	free(kp);

	uint8_t *literal = emit_idlits(b, &nidlit, &nidlit_hash);

	cw_comment("pp_match_prefix", "per PMU, the literal prefix of each of its match patterns, 0 for "
		"none (table/table.h)", NULL);
	cw_emit_nums("pp_str_t", "pp_match_prefix", match_prefix, b->pmus.n);

	cw_comment("pp_variants", "the indexes of the variant tables (table/table.h)", NULL);
	uint32_t nvar = emit_pmu_list(b, "pp_variants", is_variant);
	cw_comment("pp_patterns", "the indexes of the tables of boxes named at run time (table/table.h)", NULL);
	uint32_t npat = emit_pmu_list(b, "pp_patterns", is_pattern_table);

	uint32_t ndg, nlitg;
	tg_emit_dgroups(b, literal, out, &ndg, &nlitg);
	free(literal);
	cw_comment("pp_idents", "the uncore boxes with identifier patterns (table/table.h)", NULL);
	uint32_t nident = emit_pmu_list(b, "pp_idents", is_identified_box);

	cw_comment("pp_desc_dict", "the dictionary of the packed descriptions of events and unit masks: "
		"string offsets (table/table.h, PP_PACK_ESC)", NULL);
	cw_emit_nums("pp_str_t", "pp_desc_dict", desc_dict, ndesc_dict);

	/* the registry's list of the built-in PMUs, as registry/list.c would
	 * fill it one by one: every PMU but the variants, in table order */
	uint32_t nlist = 0, maxid = 0;
	for (i = 0; i < b->pmus.n; i++)
		if (!(b->pmus.v[i].flags & PP_PMU_F_VARIANT) && (uint32_t)b->pmus.v[i].id + 1 > maxid)
			maxid = (uint32_t)b->pmus.v[i].id + 1;
	uint16_t *idpos = calloc(maxid + 1, sizeof(*idpos));
	if (!idpos)
		{ fputs("tablegen: out of memory\n", stderr); exit(1); }
	cw_comment("pp_list_pos", "per PMU, its position in the registry's list, -1 for a variant (table/table.h)", NULL);
	fprintf(out, "static const int32_t pp_list_pos[%u] = {\n", b->pmus.n + 1);
	for (i = 0; i < b->pmus.n; i++) {
		int variant = !!(b->pmus.v[i].flags & PP_PMU_F_VARIANT);
		fprintf(out, "%d,%s", variant ? -1 : (int)nlist, (i % 16 == 15) ? "\n" : "");
		if (!variant)
			idpos[b->pmus.v[i].id] = (uint16_t)++nlist;
	}
	fputs("-1\n};\n\n", out);
	cw_comment("pp_list_bidx", "per position of the registry's list, its PMU (table/table.h)", NULL);
	cw_open_table("uint32_t", "pp_list_bidx", nlist);
	for (i = 0, nlist = 0; i < b->pmus.n; i++)
		if (!(b->pmus.v[i].flags & PP_PMU_F_VARIANT)) {
			cw_put_num(nlist, i);
			nlist++;
		}
	cw_close_nums();
	cw_comment("pp_id_pos", "per PMU id, its position in the registry's list + 1, 0 for none (table/table.h)", NULL);
	cw_open_table("uint16_t", "pp_id_pos", maxid);
	for (i = 0; i < maxid; i++)
		cw_put_num(i, idpos[i]);
	cw_close_nums();
	free(idpos);

	cw_comment("pp_builtin_table", "the struct pp_table over these arrays, filled at start-up", NULL);
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
	fprintf(out, "\tt->pmu_hash = pp_pmu_hash; t->npmu_hash = %u;\n", npmu_hash);
	fputs("\tt->umask_tag = pp_umask_tag;\n", out);
	fprintf(out, "\tt->kpmu = pp_kpmu; t->nkpmu = %u;\n", nkp);
	fprintf(out, "\tt->kpmu_hash = pp_kpmu_hash; t->nkpmu_hash = %u;\n", nkpmu_hash);
	fputs("\tt->kpmu_end = pp_kpmu_end;\n", out);
	fputs("\tt->kpmu_len = pp_kpmu_len;\n", out);
	fprintf(out, "\tt->kpmu_run = pp_kpmu_run; t->pmu_krun = pp_pmu_krun; t->nkrun = %u;\n", nkrun);
	fputs("\tt->idlit_strs = pp_idlit_strs;\n", out);
	fprintf(out, "\tt->idlit = pp_idlit; t->nidlit = %u;\n", nidlit);
	fprintf(out, "\tt->idlit_hash = pp_idlit_hash; t->nidlit_hash = %u;\n", nidlit_hash);
	fputs("\tt->match_literal = pp_match_literal;\n", out);
	fputs("\tt->match_prefix = pp_match_prefix;\n", out);
	fprintf(out, "\tt->variants = pp_variants; t->nvariants = %u;\n", nvar);
	fprintf(out, "\tt->desc_dict = pp_desc_dict; t->ndesc_dict = %u;\n", ndesc_dict);
	fprintf(out, "\tt->dgroups = pp_dgroups; t->ndgroups = %u;\n", ndg);
	fprintf(out, "\tt->dg_order = pp_dg_order; t->ndg_lit = %u;\n", nlitg);
	fputs("\tt->dgroup_of = pp_dgroup_of;\n", out);
	fprintf(out, "\tt->idents = pp_idents; t->nidents = %u;\n", nident);
	fprintf(out, "\tt->patterns = pp_patterns; t->npatterns = %u;\n", npat);
	fprintf(out, "\tt->list_pos = pp_list_pos; t->list_bidx = pp_list_bidx; t->nlist = %u;\n", nlist);
	fprintf(out, "\tt->id_pos = pp_id_pos; t->nid_pos = %u;\n", maxid);
	fputs("}\n", out);
}

/* two built-in PMUs may not share a name or an id, except a variant table
 * with the PMU it stands in for (same name and id) */
static int check_unique(const struct pp_builder *b, char **files)
{
	int bad = 0;
	for (uint32_t i = 0; i < b->pmus.n; i++)
		for (uint32_t j = i + 1; j < b->pmus.n; j++) {
			const struct pp_pmu *p = &b->pmus.v[i], *q = &b->pmus.v[j];
			if (((p->flags | q->flags) & PP_PMU_F_VARIANT) && p->id == q->id &&
			    !strcmp(b->strs + p->name, b->strs + q->name))
				continue;
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
	if (pp_tablegen_share(&b)) {
		fprintf(stderr, "tablegen: out of memory\n");
		pp_builder_free(&b);
		return 1;
	}
	/* PMU records are self-contained (absolute indexes): reorder them freely */
	gen = &b;
	qsort(b.pmus.v, b.pmus.n, sizeof(*b.pmus.v), cmp_pmu);
	if (prefix_pmus(&b)) {
		fprintf(stderr, "tablegen: out of memory\n");
		pp_builder_free(&b);
		return 1;
	}
	pp_tablegen_strs(&b, match_prefix, &desc_dict, &ndesc_dict);
	if (index_pmus(&b)) {
		fprintf(stderr, "tablegen: out of memory\n");
		pp_builder_free(&b);
		return 1;
	}
	char tmp[4096];
	snprintf(tmp, sizeof(tmp), "%s.tmp", outpath);
	out = fopen(tmp, "w");
	cw_set_output(out);
	if (!out) {
		perror(tmp);
		return 1;
	}
	fputs("/* Generated by tablegen (gen/tablegen/tablegen.c) from PMU descriptors. Do not edit. */\n", out);
	fputs("#include \"table/table.h\"\n\n", out);
	cw_emit_strs(&b);
	emit_tables(&b);
	if (fclose(out) || rename(tmp, outpath)) {
		perror(outpath);
		return 1;
	}
	fprintf(stderr, "tablegen: %u PMUs, %u events, %u umasks, %u sets, %u groups, %u aliases, %u bytes of strings\n",
		b.pmus.n, b.events.n, b.umasks.n, b.sets.n, b.groups.n, b.aliases.n, b.nstrs);
	pp_builder_free(&b);
	free(pmu_hash);
	free(match_prefix);
	free(desc_dict);
	return 0;
}
