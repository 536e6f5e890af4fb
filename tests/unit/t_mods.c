/*
 * SPDX-License-Identifier: MIT
 * t_mods.c - PMU modifiers: value syntax (bool and integer), ranges (max,
 * min, field width), set twice, `requires`, which modifiers an event takes,
 * privilege-level modifiers against dfl_plm, raw_bits.
 */
#include "ut.h"

static uint64_t code0(const char *s, int plm)
{
	struct tl_none o;
	tl_none(s, plm, &o);
	return o.ret == PFM_SUCCESS ? o.codes[0] : ~0ULL;
}

static void test_bool_accepts_one_char_of_01ynft_in_any_case(void)
{
	const char *yes[] = { "1", "y", "Y", "t", "T" }, *no[] = { "0", "n", "N", "f", "F" };
	char s[64];
	for (int i = 0; i < 5; i++) {
		snprintf(s, sizeof(s), "ISSUE_SLOTS:i=%s", yes[i]);
		CU_ASSERT_EQUAL(code0(s, TL_PLM_UK) & (1u << 23), 1u << 23);
		snprintf(s, sizeof(s), "ISSUE_SLOTS:i=%s", no[i]);
		CU_ASSERT_EQUAL(code0(s, TL_PLM_UK) & (1u << 23), 0);
	}
	CU_ASSERT_EQUAL(code0("ISSUE_SLOTS:i", TL_PLM_UK) & (1u << 23), 1u << 23);
}

static void test_bool_refuses_other_values_with_ATTR_VAL(void)
{
	CU_ASSERT_EQUAL(tl_ret("ISSUE_SLOTS:i=2"), PFM_ERR_ATTR_VAL);
	CU_ASSERT_EQUAL(tl_ret("ISSUE_SLOTS:i=yes"), PFM_ERR_ATTR_VAL);
	CU_ASSERT_EQUAL(tl_ret("ISSUE_SLOTS:i=01"), PFM_ERR_ATTR_VAL);
	CU_ASSERT_EQUAL(tl_ret("ISSUE_SLOTS:i=0x1"), PFM_ERR_ATTR_VAL);
	CU_ASSERT_EQUAL(tl_ret("ISSUE_SLOTS:i="), PFM_ERR_ATTR_VAL);
}

static void test_integer_takes_decimal_hex_and_octal(void)
{
	CU_ASSERT_EQUAL(code0("ISSUE_SLOTS:c=16", TL_PLM_UK) >> 24, 16);
	CU_ASSERT_EQUAL(code0("ISSUE_SLOTS:c=0x10", TL_PLM_UK) >> 24, 16);
	CU_ASSERT_EQUAL(code0("ISSUE_SLOTS:c=010", TL_PLM_UK) >> 24, 8);
	CU_ASSERT_EQUAL(code0("ISSUE_SLOTS:c=+3", TL_PLM_UK) >> 24, 3);
}

static void test_integer_needs_a_whole_number_else_ATTR_VAL(void)
{
	CU_ASSERT_EQUAL(tl_ret("ISSUE_SLOTS:c"), PFM_ERR_ATTR_VAL);
	CU_ASSERT_EQUAL(tl_ret("ISSUE_SLOTS:c="), PFM_ERR_ATTR_VAL);
	CU_ASSERT_EQUAL(tl_ret("ISSUE_SLOTS:c=1x"), PFM_ERR_ATTR_VAL);
	CU_ASSERT_EQUAL(tl_ret("ISSUE_SLOTS:c=0x"), PFM_ERR_ATTR_VAL);
	CU_ASSERT_EQUAL(tl_ret("ISSUE_SLOTS:c=99999999999999999999"), PFM_ERR_ATTR_VAL);
	CU_ASSERT_EQUAL(tl_ret("ISSUE_SLOTS:c=1=2"), PFM_ERR_ATTR_VAL);
}

static void test_integer_above_max_is_ATTR_VAL(void)
{
	CU_ASSERT_EQUAL(tl_ret("ISSUE_SLOTS:RESOURCE_FULL:c=255"), PFM_SUCCESS);
	CU_ASSERT_EQUAL(tl_ret("ISSUE_SLOTS:RESOURCE_FULL:c=256"), PFM_ERR_ATTR_VAL);
	CU_ASSERT_EQUAL(tl_ret("ISSUE_SLOTS:RESOURCE_FULL:c=-1"), PFM_ERR_ATTR_VAL);
	/* no max given: the field width bounds it */
	CU_ASSERT_EQUAL(tl_ret("utu::CLOCKTICKS:t=255"), PFM_SUCCESS);
	CU_ASSERT_EQUAL(tl_ret("utu::CLOCKTICKS:t=256"), PFM_ERR_ATTR_VAL);
}

static void test_integer_below_min_is_ATTR_VAL(void)
{
	struct tl_none o;
	CU_ASSERT_EQUAL(tl_ret("MEM_LOADS:LOAD_LATENCY:ldlat=0"), PFM_ERR_ATTR_VAL);
	CU_ASSERT_EQUAL(tl_none("MEM_LOADS:LOAD_LATENCY:ldlat=1", TL_PLM_UK, &o), PFM_SUCCESS);
	CU_ASSERT_EQUAL(o.count, 2);
	CU_ASSERT_EQUAL(o.codes[1], 1ULL);
	CU_ASSERT_EQUAL(tl_ret("MEM_LOADS:ldlat=65536"), PFM_ERR_ATTR_VAL);
}

static void test_modifier_twice_same_value_is_accepted(void)
{
	CU_ASSERT_EQUAL(tl_ret("ISSUE_SLOTS:c=2:c=2"), PFM_SUCCESS);
	CU_ASSERT_EQUAL(tl_ret("ISSUE_SLOTS:u:u:u"), PFM_SUCCESS);
}

static void test_modifier_twice_different_values_is_ATTR_SET(void)
{
	CU_ASSERT_EQUAL(tl_ret("ISSUE_SLOTS:c=2:c=3"), PFM_ERR_ATTR_SET);
	CU_ASSERT_EQUAL(tl_ret("ISSUE_SLOTS:u:u=0"), PFM_ERR_ATTR_SET);
}

static void test_unknown_modifier_is_ATTR(void)
{
	CU_ASSERT_EQUAL(tl_ret("ISSUE_SLOTS:RESOURCE_FULL:t"), PFM_ERR_ATTR);	/* t: not this event's */
	CU_ASSERT_EQUAL(tl_ret("ISSUE_SLOTS:zz=1"), PFM_ERR_ATTR);
	CU_ASSERT_EQUAL(tl_ret("ISSUE_SLOTS:h"), PFM_ERR_ATTR);		/* no such level here */
	CU_ASSERT_EQUAL(tl_ret("ISSUE_SLOTS:period=100"), PFM_ERR_ATTR);	/* not under PFM_OS_NONE */
}

static void test_requires_refuses_e_without_c_with_ATTR(void)
{
	CU_ASSERT_EQUAL(tl_ret("ISSUE_SLOTS:e"), PFM_ERR_ATTR);
	CU_ASSERT_EQUAL(tl_ret("ISSUE_SLOTS:e:c=0"), PFM_ERR_ATTR);
	CU_ASSERT_EQUAL(tl_ret("ISSUE_SLOTS:e:c=1"), PFM_SUCCESS);
	CU_ASSERT_EQUAL(tl_ret("ISSUE_SLOTS:e=0"), PFM_SUCCESS);
}

static void test_e_without_c_is_accepted_where_nothing_requires_c(void)
{
	/* libpfm4 4.13 on Goldmont, Silvermont, Atom and AMD */
	CU_ASSERT_EQUAL(code0("uta::SLOTS:e", TL_PLM_UK) & (1u << 18), 1u << 18);
}

static void test_privilege_modifiers_replace_dfl_plm(void)
{
	uint64_t c;
	c = code0("ISSUE_SLOTS", PFM_PLM3);
	CU_ASSERT_EQUAL(c & 0x30000, 0x10000);		/* usr only */
	c = code0("ISSUE_SLOTS:k", PFM_PLM3);
	CU_ASSERT_EQUAL(c & 0x30000, 0x20000);		/* k alone: os only */
	c = code0("ISSUE_SLOTS:k=0", TL_PLM_UK);
	CU_ASSERT_EQUAL(c & 0x30000, 0);		/* named at 0: neither */
	c = code0("ISSUE_SLOTS", 0);
	CU_ASSERT_EQUAL(c & 0x30000, 0);
	c = code0("ISSUE_SLOTS", PFM_PLM1 | PFM_PLM2 | PFM_PLMH);
	CU_ASSERT_EQUAL(c & 0x30000, 0);		/* no modifier stands for those */
}

static void test_dfl_plm_sets_privilege_fields_of_events_without_u_and_k(void)
{
	struct tl_none o;
	/* libpfm4: nhm UOPS_DECODED_DEC0 lists no modifier, its codes have usr/os */
	CU_ASSERT_EQUAL(code0("NO_PRIV_MODS", TL_PLM_UK) & 0x30000, 0x30000);
	CU_ASSERT_EQUAL(code0("NO_PRIV_MODS", PFM_PLM3) & 0x30000, 0x10000);
	CU_ASSERT_EQUAL(tl_none("NO_PRIV_MODS", TL_PLM_UK, &o), PFM_SUCCESS);
	CU_ASSERT_STRING_EQUAL(o.fstr, "utc::NO_PRIV_MODS:c=0");
	CU_ASSERT_EQUAL(tl_ret("NO_PRIV_MODS:u"), PFM_ERR_ATTR);
}

static void test_soft_defaults_apply_to_named_unit_masks_only(void)
{
	struct tl_none o;
	CU_ASSERT_EQUAL(tl_none("utl::MEM_TRANS:LOAD_LATENCY", TL_PLM_UK, &o), PFM_SUCCESS);
	CU_ASSERT_EQUAL(o.count, 2);
	CU_ASSERT_EQUAL(o.codes[1], 3ULL);
	CU_ASSERT_EQUAL(tl_none("utl::MEM_TRANS:LOAD_LATENCY:ldlat=9", TL_PLM_UK, &o), PFM_SUCCESS);
	CU_ASSERT_EQUAL(o.codes[1], 9ULL);
	/* added as the default, not named: no ldlat (libpfm4's bare MEM_TRANS_RETIRED);
	 * the fstr leaves the default out (naming it would set ldlat=3) and ldlat too */
	CU_ASSERT_EQUAL(tl_none("utl::MEM_TRANS", TL_PLM_UK, &o), PFM_SUCCESS);
	CU_ASSERT_EQUAL(o.count, 1);
	CU_ASSERT_PTR_NULL(strstr(o.fstr, "ldlat"));
	CU_ASSERT_PTR_NULL(strstr(o.fstr, "LOAD_LATENCY"));
}

static void test_with_umask_required_needs_a_named_unit_mask_using_the_field(void)
{
	CU_ASSERT_EQUAL(tl_ret("utl::MEM_TRANS:ldlat=5"), PFM_ERR_ATTR);
	CU_ASSERT_EQUAL(tl_ret("utl::MEM_TRANS:STORES:ldlat=5"), PFM_ERR_ATTR);
	CU_ASSERT_EQUAL(tl_ret("utl::MEM_TRANS:LOAD_LATENCY:ldlat=5"), PFM_SUCCESS);
}

static void test_with_umask_ignored_has_no_effect_without_a_unit_mask_using_the_field(void)
{
	struct tl_none o;
	CU_ASSERT_EQUAL(tl_none("utl::FRONTEND:DSB_MISS:fe_thres=8", TL_PLM_UK, &o), PFM_SUCCESS);
	CU_ASSERT_EQUAL(o.codes[2], 0x11ULL);
	CU_ASSERT_PTR_NOT_NULL(strstr(o.fstr, ":fe_thres=8"));
	CU_ASSERT_EQUAL(tl_none("utl::FRONTEND:BUBBLES", TL_PLM_UK, &o), PFM_SUCCESS);
	CU_ASSERT_EQUAL(o.codes[2], 0x400106ULL);
	CU_ASSERT_EQUAL(tl_none("utl::FRONTEND:BUBBLES:fe_thres=4", TL_PLM_UK, &o), PFM_SUCCESS);
	CU_ASSERT_EQUAL(o.codes[2], 0x400406ULL);
	CU_ASSERT_EQUAL(tl_none("utl::FRONTEND:LATENCY_GE_4", TL_PLM_UK, &o), PFM_SUCCESS);
	CU_ASSERT_EQUAL(o.codes[2], 0x500406ULL);
	CU_ASSERT_EQUAL(tl_ret("utl::FRONTEND:LATENCY_GE_4:fe_thres=8"), PFM_ERR_ATTR_SET);
}

static void test_no_modifiers_unit_mask_refuses_modifiers_and_writes_none(void)
{
	struct tl_none o;
	/* the codes still follow the levels of the call; the fstr writes no modifier */
	CU_ASSERT_EQUAL(tl_none("utl::METRICS:RETIRING", TL_PLM_UK, &o), PFM_SUCCESS);
	CU_ASSERT_EQUAL(o.codes[0], 0x38000ULL);
	CU_ASSERT_STRING_EQUAL(o.fstr, "utl::METRICS:RETIRING");
	CU_ASSERT_EQUAL(tl_none("utl::METRICS:RETIRING", PFM_PLM3, &o), PFM_SUCCESS);
	CU_ASSERT_EQUAL(o.codes[0], 0x18000ULL);
	CU_ASSERT_EQUAL(tl_ret("utl::METRICS:RETIRING:u"), PFM_ERR_ATTR);
	CU_ASSERT_EQUAL(tl_ret("utl::METRICS:RETIRING:k=0"), PFM_ERR_ATTR);
	CU_ASSERT_EQUAL(tl_ret("utl::METRICS:SLOTS:RETIRING:u"), PFM_ERR_ATTR);
	/* a unit mask without it takes them and writes them */
	CU_ASSERT_EQUAL(tl_none("utl::METRICS:SLOTS:u", TL_PLM_UK, &o), PFM_SUCCESS);
	CU_ASSERT_EQUAL(o.codes[0], 0x10400ULL);
	CU_ASSERT_STRING_EQUAL(o.fstr, "utl::METRICS:SLOTS:k=0:u=1");
}

static void test_no_modifiers_unit_mask_reports_support_no_mods(void)
{
	int idx = pfm_find_event("utl::METRICS");
	int want[2] = { 0, 1 };		/* SLOTS, RETIRING */
	CU_ASSERT_TRUE(idx >= 0);
	for (int a = 0; a < 2; a++) {
		pfm_event_attr_info_t ai;
		memset(&ai, 0, sizeof(ai));
		ai.size = sizeof(ai);
		CU_ASSERT_EQUAL(pfm_get_event_attr_info(idx, a, PFM_OS_NONE, &ai), PFM_SUCCESS);
		CU_ASSERT_EQUAL(ai.type, PFM_ATTR_UMASK);
		CU_ASSERT_EQUAL(ai.support_no_mods, want[a]);
	}
}

static void test_raw_bits_are_in_os_none_codes(void)
{
	/* en (22) and int (20) */
	CU_ASSERT_EQUAL(code0("ISSUE_SLOTS", TL_PLM_UK) & 0x500000, 0x500000);
}

static void test_ldlat_goes_to_config1_and_makes_two_codes(void)
{
	struct tl_none o;
	CU_ASSERT_EQUAL(tl_none("MEM_LOADS:ldlat=3", TL_PLM_UK, &o), PFM_SUCCESS);
	CU_ASSERT_EQUAL(o.count, 2);
	CU_ASSERT_EQUAL(o.codes[1], 3ULL);
	CU_ASSERT_STRING_EQUAL(o.fstr, "utc::MEM_LOADS:LOAD_LATENCY:k=1:u=1:c=0:e=0:i=0:ldlat=3");
	CU_ASSERT_EQUAL(tl_none("MEM_LOADS", TL_PLM_UK, &o), PFM_SUCCESS);
	CU_ASSERT_EQUAL(o.count, 1);
}

void ut_add_mods(void)
{
	static const struct tl_test t[] = {
		TL_TEST(test_bool_accepts_one_char_of_01ynft_in_any_case),
		TL_TEST(test_bool_refuses_other_values_with_ATTR_VAL),
		TL_TEST(test_integer_takes_decimal_hex_and_octal),
		TL_TEST(test_integer_needs_a_whole_number_else_ATTR_VAL),
		TL_TEST(test_integer_above_max_is_ATTR_VAL),
		TL_TEST(test_integer_below_min_is_ATTR_VAL),
		TL_TEST(test_modifier_twice_same_value_is_accepted),
		TL_TEST(test_modifier_twice_different_values_is_ATTR_SET),
		TL_TEST(test_unknown_modifier_is_ATTR),
		TL_TEST(test_requires_refuses_e_without_c_with_ATTR),
		TL_TEST(test_e_without_c_is_accepted_where_nothing_requires_c),
		TL_TEST(test_privilege_modifiers_replace_dfl_plm),
		TL_TEST(test_dfl_plm_sets_privilege_fields_of_events_without_u_and_k),
		TL_TEST(test_soft_defaults_apply_to_named_unit_masks_only),
		TL_TEST(test_with_umask_required_needs_a_named_unit_mask_using_the_field),
		TL_TEST(test_with_umask_ignored_has_no_effect_without_a_unit_mask_using_the_field),
		TL_TEST(test_no_modifiers_unit_mask_refuses_modifiers_and_writes_none),
		TL_TEST(test_no_modifiers_unit_mask_reports_support_no_mods),
		TL_TEST(test_raw_bits_are_in_os_none_codes),
		TL_TEST(test_ldlat_goes_to_config1_and_makes_two_codes),
	};
	tl_suite("modifiers", ut_init, NULL, t);
}
