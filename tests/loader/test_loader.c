/*
 * SPDX-License-Identifier: MIT
 * test_loader.c - CUnit suite for the descriptor loader (table/descriptor/) and the
 * table builder: what a valid descriptor becomes, and the file:line error
 * every malformed one gets, with nothing left behind in the builder.
 */
#include <stdio.h>
#include <string.h>
#include "suite.h"
#include "table/descriptor/reader.h"

static const char *fixtures = "tests/fixtures/yaml";

static int load(struct pp_builder *b, const char *file, char *err, size_t errsz)
{
	char path[512];
	snprintf(path, sizeof(path), "%s/%s", fixtures, file);
	return pp_yaml_load_file(b, path, NULL, err, errsz);
}

static const char *S(const struct pp_builder *b, pp_str_t s) { return b->strs + s; }

static void test_valid_descriptor_becomes_one_pmu_with_all_records(void)
{
	struct pp_builder b;
	char err[512];
	pp_builder_init(&b);
	CU_ASSERT_EQUAL_FATAL(load(&b, "fict.yaml", err, sizeof(err)), 0);
	const struct pp_pmu *p = &b.pmus.v[0];
	CU_ASSERT_STRING_EQUAL(S(&b, p->name), "fict_core1");
	CU_ASSERT_EQUAL(p->id, 1000);
	CU_ASSERT_EQUAL(p->type, PP_PMU_CORE);
	CU_ASSERT_EQUAL(p->nfields, 9);
	CU_ASSERT_EQUAL(p->nmods, 5);
	CU_ASSERT_EQUAL(p->nevents, 3);
	CU_ASSERT_EQUAL(p->naliases, 1);
	CU_ASSERT_EQUAL(p->match_priority, 5);
	CU_ASSERT_EQUAL(p->max_encoding, 2);
	CU_ASSERT_STRING_EQUAL(S(&b, p->match), "FictionalVendor-7-1[0-3]");
	CU_ASSERT_EQUAL(p->hash_size & (p->hash_size - 1), 0);
	pp_builder_free(&b);
}

static void test_format_ranges_become_register_masks(void)
{
	static const char doc[] =
		"schema: 1\n"
		"pmu: {name: amdish, id: 1010, desc: d, type: core, arch: x86,\n"
		"      format: {event: \"config:0-7,32-35\", rsp: \"config1:0-63\", bit: \"config2:5\"}}\n"
		"events:\n"
		"  - {name: E, set: {event: 0xfff}}\n";
	struct pp_builder b;
	char err[512];
	pp_builder_init(&b);
	CU_ASSERT_EQUAL_FATAL(pp_yaml_load_buffer(&b, "inline", doc, sizeof(doc) - 1, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(b.fields.v[0].mask, 0xf000000ffULL);
	CU_ASSERT_EQUAL(b.fields.v[0].width, 12);
	CU_ASSERT_EQUAL(b.fields.v[0].reg, PP_REG_CONFIG);
	CU_ASSERT_EQUAL(b.fields.v[1].mask, ~0ULL);
	CU_ASSERT_EQUAL(b.fields.v[1].reg, PP_REG_CONFIG1);
	CU_ASSERT_EQUAL(b.fields.v[2].mask, 1ULL << 5);
	CU_ASSERT_EQUAL(b.fields.v[2].reg, PP_REG_CONFIG2);
	CU_ASSERT_EQUAL(b.events.v[0].code, 0xfff);
	pp_builder_free(&b);
}

static void test_raw_fields_flag_their_format_fields_and_unknown_ones_are_refused(void)
{
	static const char doc[] =
		"schema: 1\n"
		"pmu: {name: amdish, id: 1011, desc: d, type: core, arch: x86,\n"
		"      format: {event: \"config:0-7\", guest: \"config:40\", host: \"config:41\"},\n"
		"      raw_fields: [host]}\n"
		"events:\n"
		"  - {name: E, set: {event: 0x1}}\n";
	static const char bad[] =
		"schema: 1\n"
		"pmu: {name: amdish, id: 1011, desc: d, type: core, arch: x86,\n"
		"      format: {event: \"config:0-7\"}, raw_fields: [host]}\n"
		"events: []\n";
	struct pp_builder b;
	char err[512];
	pp_builder_init(&b);
	CU_ASSERT_EQUAL_FATAL(pp_yaml_load_buffer(&b, "inline", doc, sizeof(doc) - 1, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(b.fields.v[0].flags, 0);
	CU_ASSERT_EQUAL(b.fields.v[1].flags, 0);
	CU_ASSERT_EQUAL(b.fields.v[2].flags, PP_FIELD_RAW);
	pp_builder_free(&b);
	pp_builder_init(&b);
	CU_ASSERT_NOT_EQUAL(pp_yaml_load_buffer(&b, "inline", bad, sizeof(bad) - 1, err, sizeof(err)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "inline:3"));
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "host"));
	pp_builder_free(&b);
}

static void test_with_umask_sets_modifier_flags_and_needs_a_field(void)
{
	static const char doc[] =
		"schema: 1\n"
		"pmu: {name: intelish, id: 1012, desc: d, type: core, arch: x86,\n"
		"      format: {event: \"config:0-7\", ldlat: \"config1:0-15\", fe: \"config1:16-27\"},\n"
		"      modifiers: [{name: ldlat, type: int, field: ldlat, with_umask: required},\n"
		"                  {name: fe_thres, type: int, field: fe, with_umask: ignored}]}\n"
		"events:\n"
		"  - {name: E, set: {event: 0x1}}\n";
	static const char nofield[] =
		"schema: 1\n"
		"pmu: {name: intelish, id: 1012, desc: d, type: core, arch: x86,\n"
		"      format: {event: \"config:0-7\"},\n"
		"      modifiers: [{name: x, type: int, with_umask: ignored}]}\n"
		"events: []\n";
	static const char badval[] =
		"schema: 1\n"
		"pmu: {name: intelish, id: 1012, desc: d, type: core, arch: x86,\n"
		"      format: {event: \"config:0-7\"},\n"
		"      modifiers: [{name: x, type: int, field: event, with_umask: sometimes}]}\n"
		"events: []\n";
	struct pp_builder b;
	char err[512];
	pp_builder_init(&b);
	CU_ASSERT_EQUAL_FATAL(pp_yaml_load_buffer(&b, "inline", doc, sizeof(doc) - 1, err, sizeof(err)), 0);
	CU_ASSERT_EQUAL(b.mods.v[0].flags, PP_MOD_F_UMASK_REQUIRED);
	CU_ASSERT_EQUAL(b.mods.v[1].flags, PP_MOD_F_UMASK_IGNORED);
	pp_builder_free(&b);
	pp_builder_init(&b);
	CU_ASSERT_NOT_EQUAL(pp_yaml_load_buffer(&b, "inline", nofield, sizeof(nofield) - 1, err, sizeof(err)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "with_umask"));
	pp_builder_free(&b);
	pp_builder_init(&b);
	CU_ASSERT_NOT_EQUAL(pp_yaml_load_buffer(&b, "inline", badval, sizeof(badval) - 1, err, sizeof(err)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "sometimes"));
	pp_builder_free(&b);
}

static void test_modifier_fields_give_an_event_a_copy_of_the_modifier_on_another_field(void)
{
	static const char doc[] =
		"schema: 1\n"
		"pmu: {name: pcuish, id: 1013, desc: d, type: uncore, arch: x86,\n"
		"      format: {event: \"config:0-7\", ff: \"config1:0-7\", ff1: \"config1:8-15\", ff2: \"config1:16-23\"},\n"
		"      modifiers: [{name: e, type: bool}, {name: ff, type: int, field: ff, code: 7}]}\n"
		"events:\n"
		"  - {name: B0, set: {event: 0xb}, required_modifiers: [ff]}\n"
		"  - {name: B1, set: {event: 0xc}, required_modifiers: [ff], modifier_fields: {ff: ff1}}\n"
		"  - {name: B2, set: {event: 0xd}, modifiers: [ff], modifier_fields: {ff: ff2}}\n"
		"  - {name: B1B, set: {event: 0xe}, modifier_fields: {ff: ff1}}\n"
		"  - {name: PLAIN, set: {event: 0xf}}\n";
	static const char nofield[] =
		"schema: 1\n"
		"pmu: {name: pcuish, id: 1013, desc: d, type: uncore, arch: x86,\n"
		"      format: {event: \"config:0-7\", ff: \"config1:0-7\"},\n"
		"      modifiers: [{name: ff, type: int, field: ff}]}\n"
		"events:\n"
		"  - {name: B1, set: {event: 0xc}, modifier_fields: {ff: ff9}}\n";
	struct pp_builder b;
	char err[512];
	pp_builder_init(&b);
	CU_ASSERT_EQUAL_FATAL(pp_yaml_load_buffer(&b, "inline", doc, sizeof(doc) - 1, err, sizeof(err)), 0);
	const struct pp_pmu *p = &b.pmus.v[0];
	/* e, ff, and one copy of ff per other field (B1B shares B1's) */
	CU_ASSERT_EQUAL_FATAL(p->nmods, 4);
	CU_ASSERT_STRING_EQUAL(S(&b, b.mods.v[2].name), "ff");
	CU_ASSERT_STRING_EQUAL(S(&b, b.mods.v[3].name), "ff");
	CU_ASSERT_EQUAL(b.mods.v[2].code, 7);
	CU_ASSERT_STRING_EQUAL(S(&b, b.fields.v[b.mods.v[2].field].name), "ff1");
	CU_ASSERT_STRING_EQUAL(S(&b, b.fields.v[b.mods.v[3].field].name), "ff2");
	CU_ASSERT_EQUAL(b.events.v[0].mods, 0x3);
	CU_ASSERT_EQUAL(b.events.v[0].required_mods, 0x2);
	CU_ASSERT_EQUAL(b.events.v[1].mods, 0x5);
	CU_ASSERT_EQUAL(b.events.v[1].required_mods, 0x4);
	CU_ASSERT_EQUAL(b.events.v[2].mods, 0x8);
	CU_ASSERT_EQUAL(b.events.v[3].mods, 0x5);
	/* an event without modifier_fields takes the PMU's own modifiers only */
	CU_ASSERT_EQUAL(b.events.v[4].mods, 0x3);
	pp_builder_free(&b);
	pp_builder_init(&b);
	CU_ASSERT_NOT_EQUAL(pp_yaml_load_buffer(&b, "inline", nofield, sizeof(nofield) - 1, err, sizeof(err)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "ff9"));
	pp_builder_free(&b);
}

static void test_umask_defaults_code_group_and_flags_are_loaded(void)
{
	struct pp_builder b;
	char err[512];
	pp_builder_init(&b);
	CU_ASSERT_EQUAL_FATAL(load(&b, "fict.yaml", err, sizeof(err)), 0);
	const struct pp_event *w = &b.events.v[1];
	CU_ASSERT_STRING_EQUAL(S(&b, w->name), "WIDGETS");
	CU_ASSERT_EQUAL(w->numasks, 3);
	const struct pp_umask *blue = &b.umasks.v[w->first_umask];
	CU_ASSERT_EQUAL(blue->code, 1);
	CU_ASSERT(blue->flags & PP_F_DEFAULT);
	CU_ASSERT_STRING_EQUAL(S(&b, blue->aliases), "AZURE");
	CU_ASSERT_STRING_EQUAL(S(&b, blue->perf), "WIDGETS.BLUE");
	const struct pp_umask *stalls = &b.umasks.v[w->first_umask + 2];
	CU_ASSERT(stalls->flags & PP_F_EXCLUSIVE);
	CU_ASSERT(stalls->flags & PP_F_COMPAT);
	CU_ASSERT_EQUAL(stalls->nset, 3);
	const struct pp_event *r = &b.events.v[2];
	CU_ASSERT_EQUAL(r->ngroups, 2);
	CU_ASSERT_EQUAL(r->nrules, 2);
	CU_ASSERT_EQUAL(r->mods, 0x3);	/* k and u only */
	CU_ASSERT(b.groups.v[r->first_group].flags & PP_GRP_REQUIRED);
	CU_ASSERT_EQUAL(b.rules.v[r->first_rule].kind, PP_RULE_FORBID_GROUPS);
	CU_ASSERT_EQUAL(b.rules.v[r->first_rule].groups, 0x2);
	CU_ASSERT_EQUAL(b.rules.v[r->first_rule + 1].kind, PP_RULE_ADD_IF_NONE);
	CU_ASSERT_STRING_EQUAL(S(&b, b.umasks.v[b.rules.v[r->first_rule + 1].umask].name), "ANY_RESPONSE");
	pp_builder_free(&b);
}

static void test_modifier_defaults_code_and_max_from_field(void)
{
	struct pp_builder b;
	char err[512];
	pp_builder_init(&b);
	CU_ASSERT_EQUAL_FATAL(load(&b, "fict.yaml", err, sizeof(err)), 0);
	const struct pp_modifier *k = &b.mods.v[0], *c = &b.mods.v[4];
	CU_ASSERT_EQUAL(k->type, PP_MOD_BOOL);
	CU_ASSERT_EQUAL(k->plm, 0x1);
	CU_ASSERT_EQUAL(k->max, 1);
	CU_ASSERT_EQUAL(k->requires, PP_REQ_NONE);
	CU_ASSERT_EQUAL(c->type, PP_MOD_INT);
	CU_ASSERT_EQUAL(c->max, 255);
	CU_ASSERT_EQUAL(c->code, 4);
	pp_builder_free(&b);
}

/* each malformed fixture: the error names the file, the line and the reason */
static void expect_error(const char *file, const char *where, const char *reason)
{
	struct pp_builder b;
	struct pp_builder_mark before, after;
	char err[512];
	pp_builder_init(&b);
	CU_ASSERT_EQUAL_FATAL(load(&b, "fict.yaml", err, sizeof(err)), 0);
	pp_builder_mark(&b, &before);
	CU_ASSERT_EQUAL(load(&b, file, err, sizeof(err)), -1);
	if (!strstr(err, where) || !strstr(err, reason))
		tl_note("%s: got \"%s\", want \"%s\" and \"%s\"", file, err, where, reason);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, where));
	CU_ASSERT_PTR_NOT_NULL(strstr(err, reason));
	/* nothing of the refused file stays in the builder */
	pp_builder_mark(&b, &after);
	CU_ASSERT_EQUAL(memcmp(&before, &after, sizeof(before)), 0);
	/* the builder still works afterwards, its string pool still deduplicating */
	CU_ASSERT_EQUAL(load(&b, "fict.yaml", err, sizeof(err)), 1);
	CU_ASSERT_EQUAL(b.pmus.v[1].name, b.pmus.v[0].name);
	pp_builder_free(&b);
}

static void test_truncated_file_is_a_yaml_error_with_line_and_column(void)
{
	expect_error("bad-truncated.yaml", "bad-truncated.yaml:3:1:", "found unexpected end of stream");
}

static void test_wrong_type_names_key_and_line(void)
{
	expect_error("bad-wrong-type.yaml", "bad-wrong-type.yaml:4:", "'id' is not a valid integer");
}

static void test_unknown_key_names_key_and_line(void)
{
	expect_error("bad-unknown-key.yaml", "bad-unknown-key.yaml:12:", "unknown key 'colour' in an event");
}

static void test_missing_required_field_names_it(void)
{
	expect_error("bad-missing-field.yaml", "bad-missing-field.yaml:3:", "required key 'id' is missing");
}

static void test_unknown_schema_version_is_refused(void)
{
	expect_error("bad-schema-version.yaml", "bad-schema-version.yaml:1:", "schema version 2 is not supported");
}

static void test_value_wider_than_field_is_refused(void)
{
	expect_error("bad-value-overflow.yaml", "bad-value-overflow.yaml:4:", "does not fit field 'event'");
}

static void test_rule_on_unknown_umask_is_refused(void)
{
	expect_error("bad-rule-ref.yaml", "bad-rule-ref.yaml:7:", "no umask 'NOPE'");
}

static void test_two_events_with_one_name_are_refused(void)
{
	expect_error("bad-duplicate-event.yaml", "bad-duplicate-event.yaml:", "used by two events or aliases");
}

static void test_overlapping_format_ranges_are_refused(void)
{
	expect_error("bad-format-overlap.yaml", "bad-format-overlap.yaml:2:", "bit ranges of the field overlap");
}

static void test_missing_file_is_an_error_not_a_crash(void)
{
	expect_error("no-such-file.yaml", "no-such-file.yaml", "cannot open");
}

static void test_oversized_file_is_refused(void)
{
	struct pp_builder b;
	char err[512];
	struct pp_yaml_opts o = { .max_bytes = 64 };
	pp_builder_init(&b);
	CU_ASSERT_EQUAL(pp_yaml_load_file(&b, "tests/fixtures/yaml/fict.yaml", &o, err, sizeof(err)), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "file too large"));
	CU_ASSERT_EQUAL(b.pmus.n, 0);
	pp_builder_free(&b);
}

static void test_interned_strings_are_stored_once(void)
{
	struct pp_builder b;
	pp_builder_init(&b);
	pp_str_t a = pp_builder_str(&b, "same text", 9);
	pp_str_t c = pp_builder_str(&b, "other", 5);
	pp_str_t d = pp_builder_str(&b, "same text", 9);
	CU_ASSERT_EQUAL(a, d);
	CU_ASSERT_NOT_EQUAL(a, c);
	CU_ASSERT_EQUAL(pp_builder_str(&b, "", 0), 0);
	CU_ASSERT_STRING_EQUAL(b.strs + a, "same text");
	pp_builder_free(&b);
}

static const struct tl_test tests[] = {
	TL_TEST(test_valid_descriptor_becomes_one_pmu_with_all_records),
	TL_TEST(test_format_ranges_become_register_masks),
	TL_TEST(test_raw_fields_flag_their_format_fields_and_unknown_ones_are_refused),
	TL_TEST(test_with_umask_sets_modifier_flags_and_needs_a_field),
	TL_TEST(test_modifier_fields_give_an_event_a_copy_of_the_modifier_on_another_field),
	TL_TEST(test_umask_defaults_code_group_and_flags_are_loaded),
	TL_TEST(test_modifier_defaults_code_and_max_from_field),
	TL_TEST(test_truncated_file_is_a_yaml_error_with_line_and_column),
	TL_TEST(test_wrong_type_names_key_and_line),
	TL_TEST(test_unknown_key_names_key_and_line),
	TL_TEST(test_missing_required_field_names_it),
	TL_TEST(test_unknown_schema_version_is_refused),
	TL_TEST(test_value_wider_than_field_is_refused),
	TL_TEST(test_rule_on_unknown_umask_is_refused),
	TL_TEST(test_two_events_with_one_name_are_refused),
	TL_TEST(test_overlapping_format_ranges_are_refused),
	TL_TEST(test_missing_file_is_an_error_not_a_crash),
	TL_TEST(test_oversized_file_is_refused),
	TL_TEST(test_interned_strings_are_stored_once),
};

int main(int argc, char **argv)
{
	if (argc > 1)
		fixtures = argv[1];
	tl_suite("loader", NULL, NULL, tests);
	return tl_run("loader");
}
