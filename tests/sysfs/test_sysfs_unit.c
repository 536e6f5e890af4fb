/*
 * SPDX-License-Identifier: MIT
 * test_sysfs_unit.c - CUnit suite for the sysfs PMU reader without the
 * library around it: the text formats (sysfs/parse.c, table/format.c), bounded reads
 * (sysfs/read.c) and what one PMU directory becomes in a pp_builder
 * (sysfs/build.c), on the hand-written trees of tests/fixtures/sysfs and
 * on a run-time tree (scratch.c). Built with ASan+UBSan: a leak fails it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "sysfs/sysfs.h"
#include "util/config.h"
#include "capture.h"
#include "env.h"
#include "scratch.h"
#include "suite.h"
#include "watchdog.h"


static const char *fixtures = "tests/fixtures/sysfs";

/* ---- helpers ---- */

static const char *S(const struct pp_builder *b, pp_str_t s) { return b->strs + s; }

/* build PMU sysname of the sysfs tree under root into b; returns the PMU index (or <0); messages in tl_captured() */
static int build_at(struct pp_builder *b, const char *root, const char *sysname, const char *name,
		    struct pp_sysfs_info *info)
{
	char dir[2048];
	snprintf(dir, sizeof(dir), "%s/sys/bus/event_source/devices/%s", root, sysname);
	tl_capture_begin();
	int r = pp_sysfs_build_pmu(b, dir, sysname, name, 1000, info);
	tl_capture_end();
	return r;
}

/* the same on the fixture tree tests/fixtures/sysfs/<tree> */
static int build(struct pp_builder *b, const char *tree, const char *sysname, const char *name,
		 struct pp_sysfs_info *info)
{
	char root[1024];
	snprintf(root, sizeof(root), "%s/%s", fixtures, tree);
	return build_at(b, root, sysname, name, info);
}

/* the malformed tree, made at run time from tests/fixtures/sysfs/broken (scratch.h) */
static const char *broken;

static const struct pp_event *event_named(const struct pp_builder *b, const struct pp_pmu *p, const char *name)
{
	for (uint32_t i = 0; i < p->nevents; i++)
		if (!strcasecmp(S(b, b->events.v[p->first_event + i].name), name))
			return &b->events.v[p->first_event + i];
	return NULL;
}

static int field_index(const struct pp_builder *b, const struct pp_pmu *p, const char *name)
{
	for (uint32_t i = 0; i < p->nfields; i++)
		if (!strcmp(S(b, b->fields.v[p->first_field + i].name), name))
			return (int)i;
	return -1;
}

/* value the event's `set` gives field name, or -1 when it sets none */
static long long set_of(const struct pp_builder *b, const struct pp_pmu *p, const struct pp_event *e,
			const char *name)
{
	for (uint32_t i = 0; i < e->nset; i++) {
		const struct pp_set *s = &b->sets.v[e->first_set + i];
		if (s->field - p->first_field == (uint32_t)field_index(b, p, name))
			return (long long)s->value;
	}
	return -1;
}

static uint32_t mod_bit(const struct pp_builder *b, const struct pp_pmu *p, const char *name)
{
	for (uint32_t i = 0; i < p->nmods; i++)
		if (!strcmp(S(b, b->mods.v[p->first_mod + i].name), name))
			return 1u << i;
	return 0;
}

/* ---- text formats ---- */

static void test_format_notations_become_register_masks(void)
{
	struct pp_field f;
	const char *why;
	CU_ASSERT_EQUAL_FATAL(pp_format_parse("config:0-7\n", &f, &why), 0);
	CU_ASSERT_EQUAL(f.reg, PP_REG_CONFIG);
	CU_ASSERT_EQUAL(f.mask, 0xffULL);
	CU_ASSERT_EQUAL(f.width, 8);
	CU_ASSERT_EQUAL_FATAL(pp_format_parse("config1:0-15", &f, &why), 0);
	CU_ASSERT_EQUAL(f.reg, PP_REG_CONFIG1);
	CU_ASSERT_EQUAL(f.mask, 0xffffULL);
	CU_ASSERT_EQUAL_FATAL(pp_format_parse("config:0-7,32-35", &f, &why), 0);
	CU_ASSERT_EQUAL(f.mask, 0xf000000ffULL);
	CU_ASSERT_EQUAL(f.width, 12);
	CU_ASSERT_EQUAL_FATAL(pp_format_parse("config:21", &f, &why), 0);
	CU_ASSERT_EQUAL(f.mask, 1ULL << 21);
	CU_ASSERT_EQUAL(f.width, 1);
	CU_ASSERT_EQUAL_FATAL(pp_format_parse("config2:0-63", &f, &why), 0);
	CU_ASSERT_EQUAL(f.reg, PP_REG_CONFIG2);
	CU_ASSERT_EQUAL(f.mask, ~0ULL);
	CU_ASSERT_EQUAL(f.width, 64);
	CU_ASSERT_EQUAL_FATAL(pp_format_parse("config:29-29", &f, &why), 0);
	CU_ASSERT_EQUAL(f.mask, 1ULL << 29);
}

static void test_malformed_format_specs_are_refused_with_a_reason(void)
{
	static const char *const bad[] = {
		"", "config", "config:", "config:7-0", "config3:0-7", "cfg:1", "config:0-64",
		"config:64", "config:0-7 and more", "config:0-7,4-11", "config:1,", "config:-3",
		"config:0-", "config:007", "config1 :0-3", "config:1,,2",
	};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct pp_field f = { 0 };
		const char *why = NULL;
		int r = pp_format_parse(bad[i], &f, &why);
		CU_ASSERT_EQUAL(r, -1);
		CU_ASSERT_PTR_NOT_NULL(why);
		if (r != -1)
			printf("accepted: '%s'\n", bad[i]);
	}
	struct pp_field f;
	const char *why = NULL;
	pp_format_parse("config:0-7,4-11", &f, &why);
	CU_ASSERT_PTR_NOT_NULL_FATAL(why);
	CU_ASSERT_PTR_NOT_NULL(strstr(why, "overlap"));
}

static void test_cpulist_gives_first_cpu_or_minus_one(void)
{
	CU_ASSERT_EQUAL(pp_sysfs_cpulist_first("2\n"), 2);
	CU_ASSERT_EQUAL(pp_sysfs_cpulist_first("0-3,8-11"), 0);
	CU_ASSERT_EQUAL(pp_sysfs_cpulist_first("  17,40\n"), 17);
	CU_ASSERT_EQUAL(pp_sysfs_cpulist_first(""), -1);
	CU_ASSERT_EQUAL(pp_sysfs_cpulist_first("\n"), -1);
	CU_ASSERT_EQUAL(pp_sysfs_cpulist_first("x-y"), -1);
	CU_ASSERT_EQUAL(pp_sysfs_cpulist_first("1 2"), -1);
	CU_ASSERT_EQUAL(pp_sysfs_cpulist_first("99999999999"), -1);
}

static void test_sysfs_names_become_libpfm4_pmu_names(void)
{
	char out[PP_SYSFS_NAME_MAX];
	CU_ASSERT_EQUAL(pp_sysfs_pmu_name("demo-pmu.0", out, sizeof(out)), 0);
	CU_ASSERT_STRING_EQUAL(out, "demo_pmu_0");
	CU_ASSERT_EQUAL(pp_sysfs_pmu_name("Uncore_IMC_0", out, sizeof(out)), 0);
	CU_ASSERT_STRING_EQUAL(out, "uncore_imc_0");
	CU_ASSERT_EQUAL(pp_sysfs_pmu_name("Bad!Name", out, sizeof(out)), -1);
	CU_ASSERT_EQUAL(pp_sysfs_pmu_name("", out, sizeof(out)), -1);
	CU_ASSERT_EQUAL(pp_sysfs_pmu_name("a b", out, sizeof(out)), -1);
	CU_ASSERT_EQUAL(pp_sysfs_pmu_name("abcdef", out, 4), -1);
}

static void test_template_terms_split_into_values_bare_terms_and_parameters(void)
{
	char text[] = "type=0x8,event=0x4,xp=?,port=?,vc=?,dir=?\n";
	struct pp_sysfs_term t[8];
	const char *why;
	CU_ASSERT_EQUAL_FATAL(pp_sysfs_parse_terms(text, t, 8, &why), 6);
	CU_ASSERT_STRING_EQUAL(t[0].name, "type");
	CU_ASSERT_EQUAL(t[0].kind, PP_TERM_VALUE);
	CU_ASSERT_EQUAL(t[0].value, 8);
	CU_ASSERT_EQUAL(t[1].value, 4);
	CU_ASSERT_STRING_EQUAL(t[5].name, "dir");
	CU_ASSERT_EQUAL(t[5].kind, PP_TERM_ASK);
	char bare[] = "event=0x2,edge";
	CU_ASSERT_EQUAL_FATAL(pp_sysfs_parse_terms(bare, t, 8, &why), 2);
	CU_ASSERT_EQUAL(t[1].kind, PP_TERM_BARE);
	CU_ASSERT_EQUAL(t[1].value, 1);
}

static void test_template_numbers_are_hex_or_decimal_like_perf(void)
{
	uint64_t v;
	CU_ASSERT_EQUAL(pp_sysfs_parse_u64("010", &v), 0);
	CU_ASSERT_EQUAL(v, 10);	/* perf reads 010 as decimal, not octal */
	CU_ASSERT_EQUAL(pp_sysfs_parse_u64("0X1f", &v), 0);
	CU_ASSERT_EQUAL(v, 0x1f);
	CU_ASSERT_EQUAL(pp_sysfs_parse_u64("0xffffffffffffffff", &v), 0);
	CU_ASSERT_EQUAL(v, UINT64_MAX);
	CU_ASSERT_EQUAL(pp_sysfs_parse_u64("0x10000000000000000", &v), -1);
	CU_ASSERT_EQUAL(pp_sysfs_parse_u64("18446744073709551616", &v), -1);
	CU_ASSERT_EQUAL(pp_sysfs_parse_u64("0x", &v), -1);
	CU_ASSERT_EQUAL(pp_sysfs_parse_u64("-1", &v), -1);
	CU_ASSERT_EQUAL(pp_sysfs_parse_u64("12abc", &v), -1);
}

static void test_malformed_templates_are_refused(void)
{
	static const char *const bad[] = {
		"", " \n", "event=banana", "a=1,,b=2", "a=1,", "=3", "a b=1", "event=0x", "a=1=2",
		"event=?x",
	};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		char text[64];
		struct pp_sysfs_term t[8];
		const char *why = NULL;
		snprintf(text, sizeof(text), "%s", bad[i]);
		CU_ASSERT_EQUAL(pp_sysfs_parse_terms(text, t, 8, &why), -1);
		CU_ASSERT_PTR_NOT_NULL(why);
	}
	char many[] = "a=1,b=2,c=3";
	struct pp_sysfs_term t[2];
	const char *why;
	CU_ASSERT_EQUAL(pp_sysfs_parse_terms(many, t, 2, &why), -1);
}

/* ---- one PMU directory -> one table PMU ---- */

static void test_ccn_directory_becomes_uncore_pmu_with_fields_modifiers_and_events(void)
{
	struct pp_builder b;
	struct pp_sysfs_info info;
	pp_builder_init(&b);
	int r = build(&b, "ccn", "ccn", "ccn", &info);
	CU_ASSERT_EQUAL_FATAL(r, 0);
	const struct pp_pmu *p = &b.pmus.v[r];
	CU_ASSERT_STRING_EQUAL(S(&b, p->name), "ccn");
	CU_ASSERT_STRING_EQUAL(S(&b, p->perf_pmu), "ccn");
	CU_ASSERT_EQUAL(p->id, 1000);
	CU_ASSERT_EQUAL(p->type, PP_PMU_UNCORE);
	CU_ASSERT_EQUAL(p->perf_type, 27);
	CU_ASSERT_EQUAL(info.perf_type, 27);
	CU_ASSERT_EQUAL(info.dfl_cpu, 2);
	CU_ASSERT_EQUAL(info.nskipped, 0);
	CU_ASSERT_EQUAL(p->nfields, 11);
	CU_ASSERT_EQUAL(p->nmods, 11);
	CU_ASSERT_EQUAL(p->nevents, 3);
	CU_ASSERT_EQUAL(p->max_encoding, 3);	/* cmp_h lives in config2 */
	CU_ASSERT_NOT_EQUAL(p->hash_size, 0);
	/* overlapping fields of different names are the kernel's own (node/xp, port/bus) */
	const struct pp_field *node = &b.fields.v[p->first_field + field_index(&b, p, "node")];
	const struct pp_field *xp = &b.fields.v[p->first_field + field_index(&b, p, "xp")];
	CU_ASSERT_EQUAL(node->mask, 0xffULL);
	CU_ASSERT_EQUAL(xp->mask, 0xffULL);
	const struct pp_field *cmp_l = &b.fields.v[p->first_field + field_index(&b, p, "cmp_l")];
	CU_ASSERT_EQUAL(cmp_l->reg, PP_REG_CONFIG1);
	CU_ASSERT_EQUAL(cmp_l->width, 63);
	/* every field is an integer modifier whose max is the field's width */
	for (uint32_t i = 0; i < p->nmods; i++) {
		const struct pp_modifier *m = &b.mods.v[p->first_mod + i];
		CU_ASSERT_EQUAL(m->type, PP_MOD_INT);
		CU_ASSERT_EQUAL(m->field, p->first_field + i);
		CU_ASSERT_EQUAL(m->code, i);
	}
	const struct pp_modifier *vc = &b.mods.v[p->first_mod + field_index(&b, p, "vc")];
	CU_ASSERT_EQUAL(vc->max, 7);
	CU_ASSERT_PTR_NOT_NULL(strstr(S(&b, vc->desc), "config:26-28"));
	CU_ASSERT_PTR_NOT_NULL(event_named(&b, p, "cycles"));
	CU_ASSERT_PTR_NOT_NULL(event_named(&b, p, "hnf_cache_miss"));
	pp_builder_free(&b);
}

static void test_ccn_template_parameters_become_required_modifiers(void)
{
	struct pp_builder b;
	struct pp_sysfs_info info;
	pp_builder_init(&b);
	int r = build(&b, "ccn", "ccn", "ccn", &info);
	CU_ASSERT_EQUAL_FATAL(r, 0);
	const struct pp_pmu *p = &b.pmus.v[r];
	const struct pp_event *e = event_named(&b, p, "xp_valid_flit");
	CU_ASSERT_PTR_NOT_NULL_FATAL(e);
	CU_ASSERT_EQUAL(set_of(&b, p, e, "type"), 8);
	CU_ASSERT_EQUAL(set_of(&b, p, e, "event"), 4);
	CU_ASSERT_EQUAL(e->nset, 2);
	CU_ASSERT_EQUAL(e->code, 4);
	uint32_t want = mod_bit(&b, p, "xp") | mod_bit(&b, p, "port") | mod_bit(&b, p, "vc") | mod_bit(&b, p, "dir");
	CU_ASSERT_EQUAL(e->required_mods, want);
	CU_ASSERT_EQUAL(e->required_mods & ~e->mods, 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(S(&b, e->desc), "type=0x8,event=0x4,xp=?,port=?,vc=?,dir=?"));
	CU_ASSERT_PTR_NOT_NULL(strstr(S(&b, e->desc), "required parameters: xp, port, vc, dir"));
	const struct pp_event *cyc = event_named(&b, p, "cycles");
	CU_ASSERT_EQUAL(cyc->required_mods, 0);
	CU_ASSERT_EQUAL(set_of(&b, p, cyc, "type"), 0xff);
	pp_builder_free(&b);
}

static void test_template_fixed_fields_are_not_modifiers_of_the_event(void)
{
	struct pp_builder b;
	struct pp_sysfs_info info;
	pp_builder_init(&b);
	int r = build(&b, "ccn", "ccn", "ccn", &info);
	CU_ASSERT_EQUAL_FATAL(r, 0);
	const struct pp_pmu *p = &b.pmus.v[r];
	const struct pp_event *e = event_named(&b, p, "xp_valid_flit");
	CU_ASSERT_EQUAL(e->mods & mod_bit(&b, p, "type"), 0);
	CU_ASSERT_EQUAL(e->mods & mod_bit(&b, p, "event"), 0);
	CU_ASSERT_NOT_EQUAL(e->mods & mod_bit(&b, p, "mask"), 0);
	CU_ASSERT_NOT_EQUAL(e->mods & mod_bit(&b, p, "node"), 0);
	pp_builder_free(&b);
}

static void test_rapl_companions_go_into_the_description(void)
{
	struct pp_builder b;
	struct pp_sysfs_info info;
	pp_builder_init(&b);
	int r = build(&b, "rapl", "power", "power", &info);
	CU_ASSERT_EQUAL_FATAL(r, 0);
	const struct pp_pmu *p = &b.pmus.v[r];
	CU_ASSERT_EQUAL(p->perf_type, 19);
	CU_ASSERT_EQUAL(info.dfl_cpu, 0);
	CU_ASSERT_EQUAL(p->nevents, 3);	/* companions are not events */
	const struct pp_event *e = event_named(&b, p, "energy-pkg");
	CU_ASSERT_PTR_NOT_NULL_FATAL(e);
	CU_ASSERT_EQUAL(e->code, 2);
	CU_ASSERT_EQUAL(set_of(&b, p, e, "event"), 2);
	CU_ASSERT_PTR_NOT_NULL(strstr(S(&b, e->desc), "unit: Joules"));
	CU_ASSERT_PTR_NOT_NULL(strstr(S(&b, e->desc), "scale: 2.3283064365386962890625e-10"));
	CU_ASSERT_PTR_NULL(strstr(S(&b, e->desc), "per package"));
	pp_builder_free(&b);
}

static void test_split_ranges_bare_terms_raw_config_and_flags(void)
{
	struct pp_builder b;
	struct pp_sysfs_info info;
	pp_builder_init(&b);
	int r = build(&b, "rapl", "demo-pmu.0", "demo_pmu_0", &info);
	CU_ASSERT_EQUAL_FATAL(r, 0);
	const struct pp_pmu *p = &b.pmus.v[r];
	CU_ASSERT_EQUAL(p->type, PP_PMU_OS_GENERIC);	/* no cpumask */
	CU_ASSERT_EQUAL(info.dfl_cpu, -1);
	CU_ASSERT_STRING_EQUAL(S(&b, p->perf_pmu), "demo-pmu.0");
	CU_ASSERT_PTR_NOT_NULL(strstr(S(&b, p->desc), "max_precise=0"));
	CU_ASSERT_PTR_NOT_NULL(strstr(S(&b, p->desc), "pmu_name=demo"));
	CU_ASSERT_EQUAL(p->nmods, 4);
	const struct pp_event *split = event_named(&b, p, "split");
	CU_ASSERT_EQUAL(set_of(&b, p, split, "event"), 0x1ff);	/* 12-bit field over two ranges */
	const struct pp_event *bare = event_named(&b, p, "bare");
	CU_ASSERT_EQUAL(set_of(&b, p, bare, "edge"), 1);
	const struct pp_event *raw = event_named(&b, p, "raw");
	CU_ASSERT_PTR_NOT_NULL_FATAL(raw);
	CU_ASSERT_EQUAL(set_of(&b, p, raw, "config"), 0x1234);
	CU_ASSERT_EQUAL(set_of(&b, p, raw, "config1"), 5);
	int fc = field_index(&b, p, "config1");
	CU_ASSERT_FATAL(fc >= 0);
	CU_ASSERT_EQUAL(b.fields.v[p->first_field + fc].reg, PP_REG_CONFIG1);
	CU_ASSERT_EQUAL(b.fields.v[p->first_field + fc].mask, ~0ULL);
	CU_ASSERT_EQUAL(mod_bit(&b, p, "config1"), 0);	/* raw config fields are no modifiers */
	const struct pp_event *state = event_named(&b, p, "state");
	CU_ASSERT_PTR_NOT_NULL(strstr(S(&b, state->desc), "per package"));
	CU_ASSERT_PTR_NOT_NULL(strstr(S(&b, state->desc), "snapshot"));
	const struct pp_event *ask = event_named(&b, p, "ask");
	CU_ASSERT_EQUAL(ask->required_mods, mod_bit(&b, p, "umask") | mod_bit(&b, p, "thresh"));
	pp_builder_free(&b);
}

static void test_broken_pmu_keeps_good_entries_and_names_each_bad_one(void)
{
	struct pp_builder b;
	struct pp_sysfs_info info;
	CU_ASSERT_PTR_NOT_NULL_FATAL(broken);
	pp_builder_init(&b);
	int r = build_at(&b, broken, "good", "good", &info);
	const char *msg = tl_captured();
	CU_ASSERT_EQUAL_FATAL(r, 0);
	const struct pp_pmu *p = &b.pmus.v[r];
	/* fields: event, two_a, two_b (overlapping each other: allowed) */
	CU_ASSERT_EQUAL(p->nfields, 3);
	CU_ASSERT(field_index(&b, p, "two_a") >= 0 && field_index(&b, p, "two_b") >= 0);
	/* events: ok, both, octal and one of DUPCASE/dupcase */
	CU_ASSERT_EQUAL(p->nevents, 4);
	CU_ASSERT_PTR_NOT_NULL(event_named(&b, p, "ok"));
	CU_ASSERT_PTR_NOT_NULL(event_named(&b, p, "both"));
	CU_ASSERT_EQUAL(set_of(&b, p, event_named(&b, p, "octal"), "event"), 10);
	CU_ASSERT_PTR_NOT_NULL(event_named(&b, p, "dupcase"));
	/* the good event's bad companions are dropped, the event stays */
	CU_ASSERT_PTR_NULL(strstr(S(&b, event_named(&b, p, "ok")->desc), "banana"));
	CU_ASSERT_PTR_NULL(strstr(S(&b, event_named(&b, p, "ok")->desc), "unit"));
	static const char *const named[] = {
		"format/reversed", "format/reg3", "format/notconfig", "format/bit64", "format/junk",
		"format/selfoverlap", "format/adir", "format/dangling", "events/toowide",
		"term 'nosuchfield'", "term 'reversed'", "events/empty", "events/garbage",
		"events/twice", "events/bad name", "events/askraw", "events/zero", "events/dangling",
		"events/ok.scale", "events/ok.unit", "events/dupcase",
	};
	for (size_t i = 0; i < sizeof(named) / sizeof(named[0]); i++) {
		CU_ASSERT_PTR_NOT_NULL(strstr(msg, named[i]));
		if (!strstr(msg, named[i]))
			printf("no message names %s\n", named[i]);
	}
	CU_ASSERT_EQUAL(info.nskipped, sizeof(named) / sizeof(named[0]));
	pp_builder_free(&b);
}

static void test_unusable_pmus_are_skipped_and_leave_the_builder_untouched(void)
{
	static const struct { const char *pmu, *says; } cases[] = {
		{ "notype", "no type file" }, { "badtype", "not a number" }, { "typedir", "not a regular file" },
		{ "noevents", "no event file" }, { "allbad", "no usable event" }, { "ghost", "no event file" },
	};
	CU_ASSERT_PTR_NOT_NULL_FATAL(broken);
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct pp_builder b;
		struct pp_sysfs_info info;
		pp_builder_init(&b);
		pp_builder_str(&b, "before", 6);
		uint32_t nstrs = b.nstrs;
		int r = build_at(&b, broken, cases[i].pmu, cases[i].pmu, &info);
		CU_ASSERT_EQUAL(r, -1);
		CU_ASSERT_EQUAL(b.pmus.n, 0);
		CU_ASSERT_EQUAL(b.fields.n, 0);
		CU_ASSERT_EQUAL(b.mods.n, 0);
		CU_ASSERT_EQUAL(b.events.n, 0);
		CU_ASSERT_EQUAL(b.sets.n, 0);
		CU_ASSERT_EQUAL(b.nstrs, nstrs);
		CU_ASSERT_PTR_NOT_NULL(strstr(tl_captured(), cases[i].says));
		if (!strstr(tl_captured(), cases[i].says))
			printf("%s: got '%s'\n", cases[i].pmu, tl_captured());
		pp_builder_free(&b);
	}
}

static void test_malformed_cpumask_is_ignored_not_fatal(void)
{
	struct pp_builder b;
	struct pp_sysfs_info info;
	CU_ASSERT_PTR_NOT_NULL_FATAL(broken);
	pp_builder_init(&b);
	int r = build_at(&b, broken, "badmask", "badmask", &info);
	CU_ASSERT_EQUAL_FATAL(r, 0);
	CU_ASSERT_EQUAL(info.dfl_cpu, -1);
	CU_ASSERT_EQUAL(b.pmus.v[r].type, PP_PMU_OS_GENERIC);
	CU_ASSERT_PTR_NOT_NULL(strstr(tl_captured(), "cpumask"));
	pp_builder_free(&b);
}

static void test_huge_nul_and_fifo_files_are_skipped_without_blocking(void)
{
	struct pp_builder b;
	struct pp_sysfs_info info;
	const char *root = scratch_create();
	CU_ASSERT_PTR_NOT_NULL_FATAL(root);
	pp_builder_init(&b);
	tl_watchdog(20, "sysfs reader (FIFO?)");
	tl_capture_begin();
	int r = pp_sysfs_build_pmu(&b, scratch_pmu_dir(), "scratch", "scratch", 1000, &info);
	tl_capture_end();
	tl_watchdog(0, NULL);
	CU_ASSERT_EQUAL_FATAL(r, 0);
	const struct pp_pmu *p = &b.pmus.v[r];
	CU_ASSERT_PTR_NOT_NULL(strstr(tl_captured(), "events/huge: too large"));
	CU_ASSERT_PTR_NOT_NULL(strstr(tl_captured(), "events/nul: holds a NUL byte"));
	CU_ASSERT_PTR_NOT_NULL(strstr(tl_captured(), "events/fifo: not a regular file"));
	CU_ASSERT_PTR_NULL(event_named(&b, p, "huge"));
	CU_ASSERT_PTR_NULL(event_named(&b, p, "nul"));
	CU_ASSERT_PTR_NULL(event_named(&b, p, "fifo"));
	CU_ASSERT_PTR_NOT_NULL(event_named(&b, p, "ok"));
	pp_builder_free(&b);
	scratch_remove();
}

static void test_fields_past_the_limits_are_dropped_or_not_modifiers(void)
{
	struct pp_builder b;
	struct pp_sysfs_info info;
	CU_ASSERT_PTR_NOT_NULL_FATAL(scratch_create());
	pp_builder_init(&b);
	tl_capture_begin();
	int r = pp_sysfs_build_pmu(&b, scratch_pmu_dir(), "scratch", "scratch", 1000, &info);
	tl_capture_end();
	CU_ASSERT_EQUAL_FATAL(r, 0);
	const struct pp_pmu *p = &b.pmus.v[r];
	CU_ASSERT_EQUAL(p->nfields, PP_SYSFS_MAX_FIELDS);
	CU_ASSERT_EQUAL(p->nmods, PP_SYSFS_MAX_MODS);
	CU_ASSERT_NOT_EQUAL(mod_bit(&b, p, "f30"), 0);
	CU_ASSERT_EQUAL(mod_bit(&b, p, "f31"), 0);
	const struct pp_event *hv = event_named(&b, p, "highval");
	CU_ASSERT_PTR_NOT_NULL_FATAL(hv);
	CU_ASSERT_EQUAL(set_of(&b, p, hv, "f40"), 1);	/* a field without a modifier can still be set */
	CU_ASSERT_PTR_NULL(event_named(&b, p, "highask"));	/* but not asked for */
	CU_ASSERT_PTR_NULL(event_named(&b, p, "dropped"));
	CU_ASSERT_PTR_NOT_NULL(event_named(&b, p, "lowbit"));
	CU_ASSERT_PTR_NOT_NULL(strstr(tl_captured(), "format/f61: more than 61 fields"));
	CU_ASSERT_EQUAL(p->max_encoding, 2);
	pp_builder_free(&b);
	scratch_remove();
}

static void test_join_builds_paths_and_refuses_what_does_not_fit(void)
{
	char buf[16];
	CU_ASSERT_EQUAL(pp_sysfs_join(buf, sizeof(buf), "/d", "msr", NULL), 0);
	CU_ASSERT_STRING_EQUAL(buf, "/d/msr");
	CU_ASSERT_EQUAL(pp_sysfs_join(buf, sizeof(buf), "/d", "msr", "type"), 0);
	CU_ASSERT_STRING_EQUAL(buf, "/d/msr/type");
	/* 15 bytes and the NUL fit exactly; one more does not */
	CU_ASSERT_EQUAL(pp_sysfs_join(buf, sizeof(buf), "/dev/ab", "msr", "typ"), 0);
	CU_ASSERT_STRING_EQUAL(buf, "/dev/ab/msr/typ");
	CU_ASSERT_EQUAL(pp_sysfs_join(buf, sizeof(buf), "/dev/ab", "msr", "type"), -1);
	CU_ASSERT_EQUAL(pp_sysfs_join(buf, sizeof(buf), "/dev/abcdefghijklmn", "m", NULL), -1);
}

static void test_read_refuses_files_larger_than_the_buffer(void)
{
	char path[1024], buf[8];
	const char *why = NULL;
	snprintf(path, sizeof(path), "%s/ccn/sys/devices/ccn/events/xp_valid_flit", fixtures);
	CU_ASSERT_EQUAL(pp_sysfs_read(path, buf, sizeof(buf), &why), PP_SYSFS_BAD);
	CU_ASSERT_STRING_EQUAL(why, "too large");
	char ok[64];
	snprintf(path, sizeof(path), "%s/ccn/sys/devices/ccn/type", fixtures);
	CU_ASSERT_EQUAL(pp_sysfs_read(path, ok, 4, &why), 3);	/* exactly fits: "27\n" */
	CU_ASSERT_STRING_EQUAL(ok, "27\n");
	snprintf(path, sizeof(path), "%s/ccn/sys/devices/ccn/nosuchfile", fixtures);
	CU_ASSERT_EQUAL(pp_sysfs_read(path, ok, sizeof(ok), &why), PP_SYSFS_MISSING);
}

static const struct tl_test tests[] = {
	TL_TEST(test_format_notations_become_register_masks),
	TL_TEST(test_malformed_format_specs_are_refused_with_a_reason),
	TL_TEST(test_cpulist_gives_first_cpu_or_minus_one),
	TL_TEST(test_sysfs_names_become_libpfm4_pmu_names),
	TL_TEST(test_template_terms_split_into_values_bare_terms_and_parameters),
	TL_TEST(test_template_numbers_are_hex_or_decimal_like_perf),
	TL_TEST(test_malformed_templates_are_refused),
	TL_TEST(test_ccn_directory_becomes_uncore_pmu_with_fields_modifiers_and_events),
	TL_TEST(test_ccn_template_parameters_become_required_modifiers),
	TL_TEST(test_template_fixed_fields_are_not_modifiers_of_the_event),
	TL_TEST(test_rapl_companions_go_into_the_description),
	TL_TEST(test_split_ranges_bare_terms_raw_config_and_flags),
	TL_TEST(test_broken_pmu_keeps_good_entries_and_names_each_bad_one),
	TL_TEST(test_unusable_pmus_are_skipped_and_leave_the_builder_untouched),
	TL_TEST(test_malformed_cpumask_is_ignored_not_fatal),
	TL_TEST(test_huge_nul_and_fifo_files_are_skipped_without_blocking),
	TL_TEST(test_fields_past_the_limits_are_dropped_or_not_modifiers),
	TL_TEST(test_join_builds_paths_and_refuses_what_does_not_fit),
	TL_TEST(test_read_refuses_files_larger_than_the_buffer),
};

int main(int argc, char **argv)
{
	if (argc > 1)
		fixtures = argv[1];
	tl_env_reset();
	tl_env("LIBPFM_VERBOSE", "1");
	pp_config_load();
	broken = scratch_broken(fixtures);
	tl_suite("sysfs-unit", NULL, NULL, tests);
	return tl_run("sysfs_unit");
}
