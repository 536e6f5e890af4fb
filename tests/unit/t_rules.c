/*
 * SPDX-License-Identifier: MIT
 * t_rules.c - unit-mask selection, each rule of the schema: exclusive
 * groups and unit masks, forbid_groups, only_groups, group defaults (and
 * the rules that block them), when_none_of/add, required groups, the
 * `conflict: umask` error kind, equivalents, duplicates, OR-combination.
 */
#include "ut.h"

static void test_unit_masks_of_one_field_are_or_combined(void)
{
	struct tl_none o;
	CU_ASSERT_EQUAL(tl_none("OFFCORE_RESPONSE_0:DMND_DATA_RD:DMND_RFO:ANY_RESPONSE", TL_PLM_UK, &o), PFM_SUCCESS);
	CU_ASSERT_EQUAL(o.count, 2);
	CU_ASSERT_EQUAL(o.codes[1], 0x10003ULL);
}

static void test_exclusive_group_refuses_two_unit_masks_with_FEATCOMB(void)
{
	CU_ASSERT_EQUAL(tl_ret("ISSUE_SLOTS:RESOURCE_FULL:RECOVERY"), PFM_ERR_FEATCOMB);
	CU_ASSERT_EQUAL(tl_ret("OFFCORE_RESPONSE_0:L2_HIT:ANY_RESPONSE"), PFM_ERR_FEATCOMB);
}

static void test_exclusive_unit_mask_refuses_company_in_its_group(void)
{
	CU_ASSERT_EQUAL(tl_ret("OFFCORE_RESPONSE_0:ANY_REQUEST:DMND_DATA_RD"), PFM_ERR_FEATCOMB);
	CU_ASSERT_EQUAL(tl_ret("OFFCORE_RESPONSE_0:ANY_REQUEST:L2_HIT"), PFM_SUCCESS);
}

static void test_same_unit_mask_twice_is_one(void)
{
	struct tl_none a, b;
	tl_none("ISSUE_SLOTS:RESOURCE_FULL:RESOURCE_FULL:RESOURCE_FULL", TL_PLM_UK, &a);
	tl_none("ISSUE_SLOTS:RESOURCE_FULL", TL_PLM_UK, &b);
	CU_ASSERT_EQUAL(a.ret, PFM_SUCCESS);
	CU_ASSERT_STRING_EQUAL(a.fstr, b.fstr);
}

static void test_forbid_groups_is_FEATCOMB_when_both_named(void)
{
	CU_ASSERT_EQUAL(tl_ret("OFFCORE_RESPONSE_0:DMND_RFO:ANY_RESPONSE:SNP_HITM"), PFM_ERR_FEATCOMB);
}

static void test_only_groups_is_FEATCOMB_outside_the_groups(void)
{
	CU_ASSERT_EQUAL(tl_ret("OFFCORE_RESPONSE_0:DMND_DATA_RD:OUTSTANDING:L2_HIT"), PFM_ERR_FEATCOMB);
	CU_ASSERT_EQUAL(tl_ret("OFFCORE_RESPONSE_0:DMND_DATA_RD:OUTSTANDING:SNP_MISS"), PFM_ERR_FEATCOMB);
	CU_ASSERT_EQUAL(tl_ret("OFFCORE_RESPONSE_0:DMND_DATA_RD:OUTSTANDING:ANY_RESPONSE"), PFM_ERR_FEATCOMB);
}

static void test_only_groups_blocks_the_other_groups_defaults(void)
{
	struct tl_none o;
	CU_ASSERT_EQUAL(tl_none("OFFCORE_RESPONSE_0:DMND_DATA_RD:OUTSTANDING", TL_PLM_UK, &o), PFM_SUCCESS);
	CU_ASSERT_EQUAL(o.codes[1], 0x4000000001ULL);
	CU_ASSERT_EQUAL(tl_none("OFFCORE_RESPONSE_0:OUTSTANDING", TL_PLM_UK, &o), PFM_SUCCESS);
	CU_ASSERT_EQUAL(o.codes[1], 0x4000008000ULL);	/* the request default still comes */
}

static void test_group_defaults_fill_groups_left_empty(void)
{
	struct tl_none o;
	CU_ASSERT_EQUAL(tl_none("OFFCORE_RESPONSE_0", TL_PLM_UK, &o), PFM_SUCCESS);
	CU_ASSERT_EQUAL(o.codes[1], 0x18000ULL);	/* ANY_REQUEST:ANY_RESPONSE, no snoop: blocked */
	CU_ASSERT_STRING_EQUAL(o.fstr, "utc::OFFCORE_RESPONSE_0:ANY_REQUEST:ANY_RESPONSE:k=1:u=1:c=0:e=0:i=0");
	CU_ASSERT_EQUAL(tl_none("OFFCORE_RESPONSE_0:DMND_DATA_RD:L2_HIT", TL_PLM_UK, &o), PFM_SUCCESS);
	CU_ASSERT_EQUAL(o.codes[1], 0x1200040001ULL);	/* snoop default joins a supplier */
	CU_ASSERT_STRING_EQUAL(o.fstr, "utc::OFFCORE_RESPONSE_0:DMND_DATA_RD:L2_HIT:SNP_ANY:k=1:u=1:c=0:e=0:i=0");
}

static void test_defaulted_trigger_does_not_refuse_named_unit_masks(void)
{
	struct tl_none o;
	/* ANY_RESPONSE comes as the supplier default next to a named snoop: accepted */
	CU_ASSERT_EQUAL(tl_none("OFFCORE_RESPONSE_0:SNP_HITM", TL_PLM_UK, &o), PFM_SUCCESS);
	CU_ASSERT_EQUAL(o.codes[1], 0x1000018000ULL);
}

static void test_when_none_of_adds_its_unit_mask(void)
{
	struct tl_none o;
	CU_ASSERT_EQUAL(tl_none("utc::CACHE_LIKE", TL_PLM_UK, &o), PFM_SUCCESS);
	CU_ASSERT_STRING_EQUAL(o.fstr, "utc::CACHE_LIKE:READ:MISS:k=1:u=1");
	CU_ASSERT_EQUAL(tl_none("utc::CACHE_LIKE:WRITE", TL_PLM_UK, &o), PFM_SUCCESS);
	CU_ASSERT_STRING_EQUAL(o.fstr, "utc::CACHE_LIKE:WRITE:MISS:k=1:u=1");
	CU_ASSERT_EQUAL(tl_none("utc::CACHE_LIKE:ACCESS", TL_PLM_UK, &o), PFM_SUCCESS);
	CU_ASSERT_STRING_EQUAL(o.fstr, "utc::CACHE_LIKE:READ:ACCESS:k=1:u=1");
}

static void test_conflict_umask_group_reports_PFM_ERR_UMASK(void)
{
	CU_ASSERT_EQUAL(tl_ret("utc::CACHE_LIKE:READ:WRITE"), PFM_ERR_UMASK);
	CU_ASSERT_EQUAL(tl_ret("utc::CACHE_LIKE:ACCESS:MISS"), PFM_ERR_UMASK);
}

static void test_required_group_without_unit_mask_is_PFM_ERR_UMASK(void)
{
	CU_ASSERT_EQUAL(tl_ret("utc::NEEDS_UMASK"), PFM_ERR_UMASK);
	CU_ASSERT_EQUAL(tl_ret("utc::NEEDS_UMASK:A"), PFM_SUCCESS);
	CU_ASSERT_EQUAL(tl_ret("utc::NEEDS_UMASK:A:B"), PFM_SUCCESS);
}

static void test_equiv_unit_mask_is_replaced_by_its_parts(void)
{
	struct tl_none o;
	CU_ASSERT_EQUAL(tl_none("OFFCORE_RESPONSE_0:ANY_RFO", TL_PLM_UK, &o), PFM_SUCCESS);
	CU_ASSERT_EQUAL(o.codes[1], 0x10022ULL);
	CU_ASSERT_STRING_EQUAL(o.fstr, "utc::OFFCORE_RESPONSE_0:DMND_RFO:PF_RFO:ANY_RESPONSE:k=1:u=1:c=0:e=0:i=0");
	/* an explicit snoop "any" is spelled out, a defaulted one is not */
	CU_ASSERT_EQUAL(tl_none("OFFCORE_RESPONSE_0:DMND_RFO:L2_HIT:SNP_ANY", TL_PLM_UK, &o), PFM_SUCCESS);
	CU_ASSERT_STRING_EQUAL(o.fstr, "utc::OFFCORE_RESPONSE_0:DMND_RFO:L2_HIT:SNP_MISS:SNP_HITM:k=1:u=1:c=0:e=0:i=0");
}

static void test_equiv_with_modifiers_presets_them(void)
{
	struct tl_none o;
	CU_ASSERT_EQUAL(tl_none("UOPS_ISSUED:STALL_CYCLES", TL_PLM_UK, &o), PFM_SUCCESS);
	CU_ASSERT_STRING_EQUAL(o.fstr, "utc::UOPS_ISSUED:ANY:k=1:u=1:c=1:e=0:i=1:t=0");
	CU_ASSERT_EQUAL(tl_ret("UOPS_ISSUED:STALL_CYCLES:c=2"), PFM_ERR_ATTR_SET);
	CU_ASSERT_EQUAL(tl_ret("UOPS_ISSUED:STALL_CYCLES:i=0"), PFM_ERR_ATTR_SET);
	CU_ASSERT_EQUAL(tl_ret("UOPS_ISSUED:STALL_CYCLES:c=1:i"), PFM_SUCCESS);
}

static void test_unit_mask_presetting_a_modifier_field_conflicts_like_the_modifier(void)
{
	struct tl_none o;
	CU_ASSERT_EQUAL(tl_none("UOPS_ISSUED:CORE_STALL", TL_PLM_UK, &o), PFM_SUCCESS);
	CU_ASSERT_STRING_EQUAL(o.fstr, "utc::UOPS_ISSUED:CORE_STALL:k=1:u=1:c=1:e=0:i=1:t=1");
	CU_ASSERT_EQUAL(tl_ret("UOPS_ISSUED:CORE_STALL:c=0"), PFM_ERR_ATTR_SET);
	CU_ASSERT_EQUAL(tl_ret("UOPS_ISSUED:CORE_STALL:t=0"), PFM_ERR_ATTR_SET);
	CU_ASSERT_EQUAL(tl_ret("UOPS_ISSUED:CORE_STALL:e"), PFM_SUCCESS);	/* preset c satisfies e */
}

static void test_out_of_range_value_is_attr_val_even_against_a_preset(void)
{
	/* libpfm4: the range check comes before the preset check */
	CU_ASSERT_EQUAL(tl_ret("UOPS_ISSUED:CORE_STALL:c=256"), PFM_ERR_ATTR_VAL);
	CU_ASSERT_EQUAL(tl_ret("UOPS_ISSUED:CORE_STALL:c=2"), PFM_ERR_ATTR_SET);
	/* ... and before a missing required unit mask, after conflicting unit masks */
	CU_ASSERT_EQUAL(tl_ret("LINES_IN:c=256"), PFM_ERR_ATTR_VAL);
	CU_ASSERT_EQUAL(tl_ret("ISSUE_SLOTS:RESOURCE_FULL:RECOVERY:c=256"), PFM_ERR_FEATCOMB);
}

static void test_unknown_unit_mask_is_PFM_ERR_ATTR(void)
{
	/* OUTSTANDING exists on OFFCORE_RESPONSE_0 only */
	CU_ASSERT_EQUAL(tl_ret("OFFCORE_RESPONSE_1:DMND_DATA_RD:OUTSTANDING"), PFM_ERR_ATTR);
}

void ut_add_rules(void)
{
	static const struct tl_test t[] = {
		TL_TEST(test_unit_masks_of_one_field_are_or_combined),
		TL_TEST(test_exclusive_group_refuses_two_unit_masks_with_FEATCOMB),
		TL_TEST(test_exclusive_unit_mask_refuses_company_in_its_group),
		TL_TEST(test_same_unit_mask_twice_is_one),
		TL_TEST(test_forbid_groups_is_FEATCOMB_when_both_named),
		TL_TEST(test_only_groups_is_FEATCOMB_outside_the_groups),
		TL_TEST(test_only_groups_blocks_the_other_groups_defaults),
		TL_TEST(test_group_defaults_fill_groups_left_empty),
		TL_TEST(test_defaulted_trigger_does_not_refuse_named_unit_masks),
		TL_TEST(test_when_none_of_adds_its_unit_mask),
		TL_TEST(test_conflict_umask_group_reports_PFM_ERR_UMASK),
		TL_TEST(test_required_group_without_unit_mask_is_PFM_ERR_UMASK),
		TL_TEST(test_equiv_unit_mask_is_replaced_by_its_parts),
		TL_TEST(test_equiv_with_modifiers_presets_them),
		TL_TEST(test_unit_mask_presetting_a_modifier_field_conflicts_like_the_modifier),
		TL_TEST(test_out_of_range_value_is_attr_val_even_against_a_preset),
		TL_TEST(test_unknown_unit_mask_is_PFM_ERR_ATTR),
	};
	tl_suite("rules", ut_init, NULL, t);
}
