/*
 * SPDX-License-Identifier: MIT
 * t_parse.c - the event-string parser: PMU prefix, default PMUs, case,
 * '.' as separator, whole-name aliases (plain and exact), event equivs,
 * attribute splitting, and pfm_find_event.
 */
#include <stdio.h>
#include <stdlib.h>
#include "ut.h"

static void test_pmu_prefix_selects_the_pmu_and_gives_its_index(void)
{
	struct tl_none o;
	CU_ASSERT_EQUAL(tl_none("utc::ISSUE_SLOTS:RESOURCE_FULL", TL_PLM_UK, &o), PFM_SUCCESS);
	CU_ASSERT_EQUAL(tl_event_pmu(o.idx), 4095);	/* utc has the highest id, PFM_PMU_MAX - 1 */
	CU_ASSERT(o.idx > 0);
	CU_ASSERT_EQUAL(o.codes[0], 0x5301caULL);
}

static void test_present_pmu_is_searched_without_prefix(void)
{
	struct tl_none o;
	CU_ASSERT_EQUAL(tl_none("ISSUE_SLOTS:RECOVERY", TL_PLM_UK, &o), PFM_SUCCESS);
	CU_ASSERT_STRING_EQUAL(o.fstr, "utc::ISSUE_SLOTS:RECOVERY:k=1:u=1:c=0:e=0:i=0");
}

static void test_absent_pmu_is_not_searched_without_prefix(void)
{
	/* uta is not present (utc is forced): only uta::SLOTS finds it */
	CU_ASSERT_EQUAL(tl_ret("SLOTS"), PFM_ERR_NOTFOUND);
	CU_ASSERT_EQUAL(tl_ret("uta::SLOTS"), PFM_SUCCESS);
}

static void test_names_are_case_insensitive(void)
{
	struct tl_none a, b;
	tl_none("UTC::issue_slots:resource_full:K", TL_PLM_UK, &a);
	tl_none("utc::ISSUE_SLOTS:RESOURCE_FULL:k", TL_PLM_UK, &b);
	CU_ASSERT_EQUAL(a.ret, PFM_SUCCESS);
	CU_ASSERT_EQUAL(a.codes[0], b.codes[0]);
	CU_ASSERT_STRING_EQUAL(a.fstr, b.fstr);
}

static void test_dot_separates_like_colon(void)
{
	struct tl_none a, b;
	tl_none("utc::ISSUE_SLOTS.RESOURCE_FULL.c=2", TL_PLM_UK, &a);
	tl_none("utc::ISSUE_SLOTS:RESOURCE_FULL:c=2", TL_PLM_UK, &b);
	CU_ASSERT_EQUAL(a.ret, PFM_SUCCESS);
	CU_ASSERT_EQUAL(a.codes[0], b.codes[0]);
	/* '.' splits values too, as in libpfm4: c=1.5 is c=1 then an attribute "5" */
	CU_ASSERT_EQUAL(tl_ret("utc::ISSUE_SLOTS:c=1.5"), PFM_ERR_ATTR);
}

static void test_whole_name_alias_resolves_before_dotted_split(void)
{
	struct tl_none a, b;
	tl_none("OFFCORE_RESPONSE.ANY_REQUEST.ANY_RESPONSE", TL_PLM_UK, &a);
	tl_none("OFFCORE_RESPONSE_0:ANY_REQUEST:ANY_RESPONSE", TL_PLM_UK, &b);
	CU_ASSERT_EQUAL(a.ret, PFM_SUCCESS);
	CU_ASSERT_EQUAL(a.codes[1], 0x18000ULL);
	CU_ASSERT_EQUAL(a.codes[1], b.codes[1]);
	CU_ASSERT_EQUAL(a.idx, b.idx);
}

static void test_alias_takes_further_attributes(void)
{
	struct tl_none o;
	CU_ASSERT_EQUAL(tl_none("UOPS_ISSUED.STALL_CYCLES:u", TL_PLM_UK, &o), PFM_SUCCESS);
	CU_ASSERT_EQUAL(o.codes[0], 0x1d1010eULL);
	CU_ASSERT_STRING_EQUAL(o.fstr, "utc::UOPS_ISSUED:ANY:k=0:u=1:c=1:e=0:i=1:t=0");
}

static void test_exact_alias_adds_no_default_unit_masks(void)
{
	struct tl_none a, b;
	/* perf's value: no snoop bits; the libpfm4 string gets the default snoop */
	CU_ASSERT_EQUAL(tl_none("OFFCORE_RESPONSE.DEMAND_DATA_RD.L2_HIT", TL_PLM_UK, &a), PFM_SUCCESS);
	CU_ASSERT_EQUAL(a.codes[1], 0x40001ULL);
	CU_ASSERT_EQUAL(tl_none("OFFCORE_RESPONSE_0:DMND_DATA_RD:L2_HIT", TL_PLM_UK, &b), PFM_SUCCESS);
	CU_ASSERT_EQUAL(b.codes[1], 0x1200040001ULL);
}

static void test_event_split_at_dot_after_whole_name_fails(void)
{
	struct tl_none o;
	CU_ASSERT_EQUAL(tl_none("utc::OFFCORE_RESPONSE_0.DMND_DATA_RD.ANY_RESPONSE", TL_PLM_UK, &o), PFM_SUCCESS);
	CU_ASSERT_EQUAL(o.codes[1], 0x10001ULL);
}

static void test_umask_alias_spelling_is_accepted(void)
{
	struct tl_none a, b;
	tl_none("OFFCORE_RESPONSE_0:DEMAND_DATA_RD", TL_PLM_UK, &a);
	tl_none("OFFCORE_RESPONSE_0:DMND_DATA_RD", TL_PLM_UK, &b);
	CU_ASSERT_EQUAL(a.ret, PFM_SUCCESS);
	CU_ASSERT_EQUAL(a.codes[1], b.codes[1]);
	CU_ASSERT_STRING_EQUAL(a.fstr, b.fstr);
}

static void test_event_with_equiv_encodes_its_equivalent(void)
{
	struct tl_none a, b;
	tl_none("utc::SLOTS_FULL:u", TL_PLM_UK, &a);
	tl_none("utc::ISSUE_SLOTS:RESOURCE_FULL:u", TL_PLM_UK, &b);
	CU_ASSERT_EQUAL(a.ret, PFM_SUCCESS);
	CU_ASSERT_EQUAL(a.codes[0], b.codes[0]);
	CU_ASSERT_EQUAL(a.idx, b.idx);
	CU_ASSERT_STRING_EQUAL(a.fstr, b.fstr);
}

static void test_only_one_event_equiv_is_followed(void)
{
	struct tl_none a;
	/* SLOTS_OLDEST -> SLOTS_LEGACY, encoded by SLOTS_LEGACY's own codes (snb
	 * LLC_MISSES); the fstr names SLOTS_OLDEST, as SLOTS_LEGACY by itself
	 * follows its own equivalent and would encode otherwise */
	CU_ASSERT_EQUAL(tl_none("utc::SLOTS_OLDEST", TL_PLM_UK, &a), PFM_SUCCESS);
	CU_ASSERT_EQUAL(a.codes[0] & 0xffff, 0x41ca);
	CU_ASSERT_PTR_NOT_NULL(strstr(a.fstr, "utc::SLOTS_OLDEST:"));
	CU_ASSERT_EQUAL(tl_none("utc::SLOTS_LEGACY", TL_PLM_UK, &a), PFM_SUCCESS);
	CU_ASSERT_EQUAL(a.codes[0] & 0xffff, 0x01ca);
}

static void test_a_name_with_a_value_is_a_modifier_never_a_unit_mask(void)
{
	struct tl_none o;
	/* without a value the unit mask wins (libpfm4's snb L2_LINES_IN:e is umask E) */
	CU_ASSERT_EQUAL(tl_none("LINES_IN:e", TL_PLM_UK, &o), PFM_SUCCESS);
	CU_ASSERT_EQUAL(o.codes[0], 0x5304f1ULL);
	CU_ASSERT_EQUAL(tl_none("LINES_IN:I:i=1", TL_PLM_UK, &o), PFM_SUCCESS);
	CU_ASSERT_EQUAL(o.codes[0], 0xd301f1ULL);
	CU_ASSERT_EQUAL(tl_none("LINES_IN:E:i=0", TL_PLM_UK, &o), PFM_SUCCESS);
	CU_ASSERT_EQUAL(o.codes[0], 0x5304f1ULL);
	/* e=1 is the modifier: no unit mask left for the required group */
	CU_ASSERT_EQUAL(tl_ret("LINES_IN:e=1"), PFM_ERR_UMASK);
	CU_ASSERT_EQUAL(tl_ret("ISSUE_SLOTS:RECOVERY=1"), PFM_ERR_ATTR);
}

static void test_comma_or_blank_is_PFM_ERR_INVAL(void)
{
	CU_ASSERT_EQUAL(tl_ret("utc::ISSUE_SLOTS,utc::UOPS_ISSUED"), PFM_ERR_INVAL);
	CU_ASSERT_EQUAL(tl_ret("utc::ISSUE_SLOTS "), PFM_ERR_INVAL);
	CU_ASSERT_EQUAL(tl_ret(" utc::ISSUE_SLOTS"), PFM_ERR_INVAL);
	CU_ASSERT_EQUAL(tl_ret("utc::ISSUE_SLOTS:c=\t1"), PFM_ERR_INVAL);
}

static void test_unknown_pmu_or_event_is_PFM_ERR_NOTFOUND(void)
{
	CU_ASSERT_EQUAL(tl_ret("nosuchpmu::ISSUE_SLOTS"), PFM_ERR_NOTFOUND);
	CU_ASSERT_EQUAL(tl_ret("utc::NO_SUCH_EVENT"), PFM_ERR_NOTFOUND);
	CU_ASSERT_EQUAL(tl_ret("::ISSUE_SLOTS"), PFM_ERR_NOTFOUND);
	CU_ASSERT_EQUAL(tl_ret("utc::"), PFM_ERR_NOTFOUND);
	CU_ASSERT_EQUAL(tl_ret(""), PFM_ERR_NOTFOUND);
	CU_ASSERT_EQUAL(tl_ret("utc:::ISSUE_SLOTS"), PFM_ERR_NOTFOUND);
}

static void test_empty_attribute_is_PFM_ERR_ATTR(void)
{
	CU_ASSERT_EQUAL(tl_ret("utc::ISSUE_SLOTS:"), PFM_ERR_ATTR);
	CU_ASSERT_EQUAL(tl_ret("utc::ISSUE_SLOTS::k"), PFM_ERR_ATTR);
	CU_ASSERT_EQUAL(tl_ret("utc::ISSUE_SLOTS.RESOURCE_FULL..k"), PFM_ERR_ATTR);
	CU_ASSERT_EQUAL(tl_ret("utc::ISSUE_SLOTS:=1"), PFM_ERR_ATTR);
}

static void test_overlong_attribute_is_PFM_ERR_ATTR_not_a_prefix_match(void)
{
	size_t n = 70000 + 64;
	char *s = malloc(n);
	/* 65536 characters more than a real unit mask name must not wrap to it */
	snprintf(s, n, "utc::ISSUE_SLOTS:RESOURCE_FULL");
	memset(s + strlen(s), 'X', 65536);
	s[strlen("utc::ISSUE_SLOTS:RESOURCE_FULL") + 65536] = '\0';
	CU_ASSERT_EQUAL(tl_ret(s), PFM_ERR_ATTR);
	free(s);
}

static void test_unit_mask_given_a_value_is_PFM_ERR_ATTR(void)
{
	CU_ASSERT_EQUAL(tl_ret("utc::ISSUE_SLOTS:RESOURCE_FULL=1"), PFM_ERR_ATTR);
}

static void test_modifiers_and_unit_masks_come_in_any_order(void)
{
	struct tl_none a, b;
	tl_none("utc::ISSUE_SLOTS:c=3:RESOURCE_FULL:k", TL_PLM_UK, &a);
	tl_none("utc::ISSUE_SLOTS:k:RESOURCE_FULL:c=3", TL_PLM_UK, &b);
	CU_ASSERT_EQUAL(a.ret, PFM_SUCCESS);
	CU_ASSERT_EQUAL(a.codes[0], b.codes[0]);
	CU_ASSERT_STRING_EQUAL(a.fstr, b.fstr);
}

static void test_find_event_checks_names_and_value_syntax_only(void)
{
	int idx = pfm_find_event("utc::ISSUE_SLOTS");
	CU_ASSERT(idx >= 0);
	CU_ASSERT_EQUAL(pfm_find_event("utc::ISSUE_SLOTS:RESOURCE_FULL:c=1000"), idx);	/* range: encoder's */
	CU_ASSERT_EQUAL(pfm_find_event("utc::ISSUE_SLOTS:c=abc"), PFM_ERR_ATTR_VAL);
	CU_ASSERT_EQUAL(pfm_find_event("utc::ISSUE_SLOTS:NOPE"), PFM_ERR_ATTR);
	CU_ASSERT_EQUAL(pfm_find_event("utc::ISSUE_SLOTS:period=10"), PFM_ERR_ATTR);	/* OS attributes: no */
	CU_ASSERT_EQUAL(pfm_find_event("utc::NOPE"), PFM_ERR_NOTFOUND);
	CU_ASSERT_EQUAL(pfm_find_event(NULL), PFM_ERR_INVAL);
	CU_ASSERT_EQUAL(pfm_find_event("utc::SLOTS_FULL"), idx);	/* equiv: the target's index */
}

static void test_raw_event_name_carries_the_config(void)
{
	struct tl_none o;
	CU_ASSERT_EQUAL(tl_none("perf_raw::r01c4", TL_PLM_UK, &o), PFM_SUCCESS);
	CU_ASSERT_EQUAL(o.codes[0], 0x1c4ULL);
	CU_ASSERT_STRING_EQUAL(o.fstr, "perf_raw::r1c4");
	CU_ASSERT_EQUAL(tl_ret("perf_raw::R1c4"), PFM_ERR_NOTFOUND);
	CU_ASSERT_EQUAL(tl_ret("perf_raw::rxyz"), PFM_ERR_NOTFOUND);
	CU_ASSERT_EQUAL(tl_ret("perf_raw::r"), PFM_ERR_NOTFOUND);
}

static void test_unit_mask_written_as_a_number_replaces_the_unit_masks(void)
{
	struct tl_none o;
	/* no default unit mask added; ORed into the umask the event's code fixes */
	CU_ASSERT_EQUAL(tl_none("utc::ISSUE_SLOTS:0xff:k", TL_PLM_UK, &o), PFM_SUCCESS);
	CU_ASSERT_EQUAL(o.codes[0], 0x52ffcaULL);
	CU_ASSERT_STRING_EQUAL(o.fstr, "utc::ISSUE_SLOTS:0xff:k=1:u=0:c=0:e=0:i=0");
	CU_ASSERT_EQUAL(tl_none("utc::ISSUE_SLOTS:0X2", TL_PLM_UK, &o), PFM_SUCCESS);
	CU_ASSERT_EQUAL(o.codes[0], 0x5302caULL);
	/* unit masks that are all an MSR value: the number is that value, written even when 0 */
	CU_ASSERT_EQUAL(tl_none("utc::OFFCORE_RESPONSE_0:0x0", TL_PLM_UK, &o), PFM_SUCCESS);
	CU_ASSERT_EQUAL(o.count, 2);
	CU_ASSERT_EQUAL(o.codes[0], 0x5301b7ULL);
	CU_ASSERT_EQUAL(o.codes[1], 0x0ULL);
	CU_ASSERT_EQUAL(tl_none("utc::OFFCORE_RESPONSE_0:0x18001", TL_PLM_UK, &o), PFM_SUCCESS);
	CU_ASSERT_EQUAL(o.codes[1], 0x18001ULL);
}

static void test_unit_mask_number_errors_are_libpfm4s(void)
{
	CU_ASSERT_EQUAL(tl_ret("utc::ISSUE_SLOTS:0xff="), PFM_ERR_ATTR_VAL);
	CU_ASSERT_EQUAL(tl_ret("utc::ISSUE_SLOTS:0x3=1"), PFM_ERR_ATTR_VAL);
	CU_ASSERT_EQUAL(tl_ret("utc::ISSUE_SLOTS:0x100"), PFM_ERR_ATTR);
	CU_ASSERT_EQUAL(tl_ret("utc::ISSUE_SLOTS:0x1:0x2"), PFM_ERR_ATTR);
	CU_ASSERT_EQUAL(tl_ret("utc::ISSUE_SLOTS:RECOVERY:0x1"), PFM_ERR_ATTR);
	CU_ASSERT_EQUAL(tl_ret("utc::ISSUE_SLOTS:0x"), PFM_ERR_ATTR);
	CU_ASSERT_EQUAL(tl_ret("utc::ISSUE_SLOTS:0xg"), PFM_ERR_ATTR);
	CU_ASSERT_EQUAL(tl_ret("utc::ISSUE_SLOTS:0x10000000000000000"), PFM_ERR_ATTR);
	/* a PMU without raw_umask takes no number */
	CU_ASSERT_EQUAL(tl_ret("perf::PERF_COUNT_HW_CACHE_L1D:0x1"), PFM_ERR_ATTR);
}

void ut_add_parse(void)
{
	static const struct tl_test t[] = {
		TL_TEST(test_pmu_prefix_selects_the_pmu_and_gives_its_index),
		TL_TEST(test_present_pmu_is_searched_without_prefix),
		TL_TEST(test_absent_pmu_is_not_searched_without_prefix),
		TL_TEST(test_names_are_case_insensitive),
		TL_TEST(test_dot_separates_like_colon),
		TL_TEST(test_whole_name_alias_resolves_before_dotted_split),
		TL_TEST(test_alias_takes_further_attributes),
		TL_TEST(test_exact_alias_adds_no_default_unit_masks),
		TL_TEST(test_event_split_at_dot_after_whole_name_fails),
		TL_TEST(test_umask_alias_spelling_is_accepted),
		TL_TEST(test_event_with_equiv_encodes_its_equivalent),
		TL_TEST(test_only_one_event_equiv_is_followed),
		TL_TEST(test_a_name_with_a_value_is_a_modifier_never_a_unit_mask),
		TL_TEST(test_comma_or_blank_is_PFM_ERR_INVAL),
		TL_TEST(test_unknown_pmu_or_event_is_PFM_ERR_NOTFOUND),
		TL_TEST(test_empty_attribute_is_PFM_ERR_ATTR),
		TL_TEST(test_overlong_attribute_is_PFM_ERR_ATTR_not_a_prefix_match),
		TL_TEST(test_unit_mask_given_a_value_is_PFM_ERR_ATTR),
		TL_TEST(test_modifiers_and_unit_masks_come_in_any_order),
		TL_TEST(test_find_event_checks_names_and_value_syntax_only),
		TL_TEST(test_raw_event_name_carries_the_config),
		TL_TEST(test_unit_mask_written_as_a_number_replaces_the_unit_masks),
		TL_TEST(test_unit_mask_number_errors_are_libpfm4s),
	};
	tl_suite("parser", ut_init, NULL, t);
}
