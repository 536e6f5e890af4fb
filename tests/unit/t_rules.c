/*
 * t_rules.c - unit-mask selection, each rule of the schema: exclusive
 * groups and unit masks, forbid_groups, only_groups, group defaults (and
 * the rules that block them), when_none_of/add, required groups, the
 * `conflict: umask` error kind, equivalents, duplicates, OR-combination.
 */
#include "ut.h"

static void test_unit_masks_of_one_field_are_or_combined(void)
{
	struct ut_none o;
	CU_ASSERT_EQUAL(ut_none("OFFCORE_RESPONSE_0:DMND_DATA_RD:DMND_RFO:ANY_RESPONSE", PLM_UK, &o), PFM_SUCCESS);
	CU_ASSERT_EQUAL(o.count, 2);
	CU_ASSERT_EQUAL(o.codes[1], 0x10003ULL);
}

static void test_exclusive_group_refuses_two_unit_masks_with_FEATCOMB(void)
{
	CU_ASSERT_EQUAL(ut_ret("ISSUE_SLOTS:RESOURCE_FULL:RECOVERY"), PFM_ERR_FEATCOMB);
	CU_ASSERT_EQUAL(ut_ret("OFFCORE_RESPONSE_0:L2_HIT:ANY_RESPONSE"), PFM_ERR_FEATCOMB);
}

static void test_exclusive_unit_mask_refuses_company_in_its_group(void)
{
	CU_ASSERT_EQUAL(ut_ret("OFFCORE_RESPONSE_0:ANY_REQUEST:DMND_DATA_RD"), PFM_ERR_FEATCOMB);
	CU_ASSERT_EQUAL(ut_ret("OFFCORE_RESPONSE_0:ANY_REQUEST:L2_HIT"), PFM_SUCCESS);
}

static void test_same_unit_mask_twice_is_one(void)
{
	struct ut_none a, b;
	ut_none("ISSUE_SLOTS:RESOURCE_FULL:RESOURCE_FULL:RESOURCE_FULL", PLM_UK, &a);
	ut_none("ISSUE_SLOTS:RESOURCE_FULL", PLM_UK, &b);
	CU_ASSERT_EQUAL(a.ret, PFM_SUCCESS);
	CU_ASSERT_STRING_EQUAL(a.fstr, b.fstr);
}

static void test_forbid_groups_is_FEATCOMB_when_both_named(void)
{
	CU_ASSERT_EQUAL(ut_ret("OFFCORE_RESPONSE_0:DMND_RFO:ANY_RESPONSE:SNP_HITM"), PFM_ERR_FEATCOMB);
}

static void test_only_groups_is_FEATCOMB_outside_the_groups(void)
{
	CU_ASSERT_EQUAL(ut_ret("OFFCORE_RESPONSE_0:DMND_DATA_RD:OUTSTANDING:L2_HIT"), PFM_ERR_FEATCOMB);
	CU_ASSERT_EQUAL(ut_ret("OFFCORE_RESPONSE_0:DMND_DATA_RD:OUTSTANDING:SNP_MISS"), PFM_ERR_FEATCOMB);
	CU_ASSERT_EQUAL(ut_ret("OFFCORE_RESPONSE_0:DMND_DATA_RD:OUTSTANDING:ANY_RESPONSE"), PFM_ERR_FEATCOMB);
}

static void test_only_groups_blocks_the_other_groups_defaults(void)
{
	struct ut_none o;
	CU_ASSERT_EQUAL(ut_none("OFFCORE_RESPONSE_0:DMND_DATA_RD:OUTSTANDING", PLM_UK, &o), PFM_SUCCESS);
	CU_ASSERT_EQUAL(o.codes[1], 0x4000000001ULL);
	CU_ASSERT_EQUAL(ut_none("OFFCORE_RESPONSE_0:OUTSTANDING", PLM_UK, &o), PFM_SUCCESS);
	CU_ASSERT_EQUAL(o.codes[1], 0x4000008000ULL);	/* the request default still comes */
}

static void test_group_defaults_fill_groups_left_empty(void)
{
	struct ut_none o;
	CU_ASSERT_EQUAL(ut_none("OFFCORE_RESPONSE_0", PLM_UK, &o), PFM_SUCCESS);
	CU_ASSERT_EQUAL(o.codes[1], 0x18000ULL);	/* ANY_REQUEST:ANY_RESPONSE, no snoop: blocked */
	CU_ASSERT_STRING_EQUAL(o.fstr, "utc::OFFCORE_RESPONSE_0:ANY_REQUEST:ANY_RESPONSE:k=1:u=1:c=0:e=0:i=0");
	CU_ASSERT_EQUAL(ut_none("OFFCORE_RESPONSE_0:DMND_DATA_RD:L2_HIT", PLM_UK, &o), PFM_SUCCESS);
	CU_ASSERT_EQUAL(o.codes[1], 0x1200040001ULL);	/* snoop default joins a supplier */
	CU_ASSERT_STRING_EQUAL(o.fstr, "utc::OFFCORE_RESPONSE_0:DMND_DATA_RD:L2_HIT:SNP_ANY:k=1:u=1:c=0:e=0:i=0");
}

static void test_defaulted_trigger_does_not_refuse_named_unit_masks(void)
{
	struct ut_none o;
	/* ANY_RESPONSE comes as the supplier default next to a named snoop: accepted */
	CU_ASSERT_EQUAL(ut_none("OFFCORE_RESPONSE_0:SNP_HITM", PLM_UK, &o), PFM_SUCCESS);
	CU_ASSERT_EQUAL(o.codes[1], 0x1000018000ULL);
}

static void test_when_none_of_adds_its_unit_mask(void)
{
	struct ut_none o;
	CU_ASSERT_EQUAL(ut_none("utc::CACHE_LIKE", PLM_UK, &o), PFM_SUCCESS);
	CU_ASSERT_STRING_EQUAL(o.fstr, "utc::CACHE_LIKE:READ:MISS:k=1:u=1");
	CU_ASSERT_EQUAL(ut_none("utc::CACHE_LIKE:WRITE", PLM_UK, &o), PFM_SUCCESS);
	CU_ASSERT_STRING_EQUAL(o.fstr, "utc::CACHE_LIKE:WRITE:MISS:k=1:u=1");
	CU_ASSERT_EQUAL(ut_none("utc::CACHE_LIKE:ACCESS", PLM_UK, &o), PFM_SUCCESS);
	CU_ASSERT_STRING_EQUAL(o.fstr, "utc::CACHE_LIKE:READ:ACCESS:k=1:u=1");
}

static void test_conflict_umask_group_reports_PFM_ERR_UMASK(void)
{
	CU_ASSERT_EQUAL(ut_ret("utc::CACHE_LIKE:READ:WRITE"), PFM_ERR_UMASK);
	CU_ASSERT_EQUAL(ut_ret("utc::CACHE_LIKE:ACCESS:MISS"), PFM_ERR_UMASK);
}

static void test_required_group_without_unit_mask_is_PFM_ERR_UMASK(void)
{
	CU_ASSERT_EQUAL(ut_ret("utc::NEEDS_UMASK"), PFM_ERR_UMASK);
	CU_ASSERT_EQUAL(ut_ret("utc::NEEDS_UMASK:A"), PFM_SUCCESS);
	CU_ASSERT_EQUAL(ut_ret("utc::NEEDS_UMASK:A:B"), PFM_SUCCESS);
}

static void test_equiv_unit_mask_is_replaced_by_its_parts(void)
{
	struct ut_none o;
	CU_ASSERT_EQUAL(ut_none("OFFCORE_RESPONSE_0:ANY_RFO", PLM_UK, &o), PFM_SUCCESS);
	CU_ASSERT_EQUAL(o.codes[1], 0x10022ULL);
	CU_ASSERT_STRING_EQUAL(o.fstr, "utc::OFFCORE_RESPONSE_0:DMND_RFO:PF_RFO:ANY_RESPONSE:k=1:u=1:c=0:e=0:i=0");
	/* an explicit snoop "any" is spelled out, a defaulted one is not */
	CU_ASSERT_EQUAL(ut_none("OFFCORE_RESPONSE_0:DMND_RFO:L2_HIT:SNP_ANY", PLM_UK, &o), PFM_SUCCESS);
	CU_ASSERT_STRING_EQUAL(o.fstr, "utc::OFFCORE_RESPONSE_0:DMND_RFO:L2_HIT:SNP_MISS:SNP_HITM:k=1:u=1:c=0:e=0:i=0");
}

static void test_equiv_with_modifiers_presets_them(void)
{
	struct ut_none o;
	CU_ASSERT_EQUAL(ut_none("UOPS_ISSUED:STALL_CYCLES", PLM_UK, &o), PFM_SUCCESS);
	CU_ASSERT_STRING_EQUAL(o.fstr, "utc::UOPS_ISSUED:ANY:k=1:u=1:c=1:e=0:i=1:t=0");
	CU_ASSERT_EQUAL(ut_ret("UOPS_ISSUED:STALL_CYCLES:c=2"), PFM_ERR_ATTR_SET);
	CU_ASSERT_EQUAL(ut_ret("UOPS_ISSUED:STALL_CYCLES:i=0"), PFM_ERR_ATTR_SET);
	CU_ASSERT_EQUAL(ut_ret("UOPS_ISSUED:STALL_CYCLES:c=1:i"), PFM_SUCCESS);
}

static void test_unit_mask_presetting_a_modifier_field_conflicts_like_the_modifier(void)
{
	struct ut_none o;
	CU_ASSERT_EQUAL(ut_none("UOPS_ISSUED:CORE_STALL", PLM_UK, &o), PFM_SUCCESS);
	CU_ASSERT_STRING_EQUAL(o.fstr, "utc::UOPS_ISSUED:CORE_STALL:k=1:u=1:c=1:e=0:i=1:t=1");
	CU_ASSERT_EQUAL(ut_ret("UOPS_ISSUED:CORE_STALL:c=0"), PFM_ERR_ATTR_SET);
	CU_ASSERT_EQUAL(ut_ret("UOPS_ISSUED:CORE_STALL:t=0"), PFM_ERR_ATTR_SET);
	CU_ASSERT_EQUAL(ut_ret("UOPS_ISSUED:CORE_STALL:e"), PFM_SUCCESS);	/* preset c satisfies e */
}

static void test_out_of_range_value_is_attr_val_even_against_a_preset(void)
{
	/* libpfm4: the range check comes before the preset check */
	CU_ASSERT_EQUAL(ut_ret("UOPS_ISSUED:CORE_STALL:c=256"), PFM_ERR_ATTR_VAL);
	CU_ASSERT_EQUAL(ut_ret("UOPS_ISSUED:CORE_STALL:c=2"), PFM_ERR_ATTR_SET);
	/* ... and before a missing required unit mask, after conflicting unit masks */
	CU_ASSERT_EQUAL(ut_ret("LINES_IN:c=256"), PFM_ERR_ATTR_VAL);
	CU_ASSERT_EQUAL(ut_ret("ISSUE_SLOTS:RESOURCE_FULL:RECOVERY:c=256"), PFM_ERR_FEATCOMB);
}

static void test_unknown_unit_mask_is_PFM_ERR_ATTR(void)
{
	/* OUTSTANDING exists on OFFCORE_RESPONSE_0 only */
	CU_ASSERT_EQUAL(ut_ret("OFFCORE_RESPONSE_1:DMND_DATA_RD:OUTSTANDING"), PFM_ERR_ATTR);
}

void ut_add_rules(void)
{
	static const struct ut_test t[] = {
		T(test_unit_masks_of_one_field_are_or_combined),
		T(test_exclusive_group_refuses_two_unit_masks_with_FEATCOMB),
		T(test_exclusive_unit_mask_refuses_company_in_its_group),
		T(test_same_unit_mask_twice_is_one),
		T(test_forbid_groups_is_FEATCOMB_when_both_named),
		T(test_only_groups_is_FEATCOMB_outside_the_groups),
		T(test_only_groups_blocks_the_other_groups_defaults),
		T(test_group_defaults_fill_groups_left_empty),
		T(test_defaulted_trigger_does_not_refuse_named_unit_masks),
		T(test_when_none_of_adds_its_unit_mask),
		T(test_conflict_umask_group_reports_PFM_ERR_UMASK),
		T(test_required_group_without_unit_mask_is_PFM_ERR_UMASK),
		T(test_equiv_unit_mask_is_replaced_by_its_parts),
		T(test_equiv_with_modifiers_presets_them),
		T(test_unit_mask_presetting_a_modifier_field_conflicts_like_the_modifier),
		T(test_out_of_range_value_is_attr_val_even_against_a_preset),
		T(test_unknown_unit_mask_is_PFM_ERR_ATTR),
	};
	UT_SUITE("rules", t);
}
