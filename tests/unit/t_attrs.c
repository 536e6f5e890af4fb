/*
 * SPDX-License-Identifier: MIT
 * t_attrs.c - pfm_get_event_attr_info and nattrs per OS layer: unit masks,
 * then the PMU modifiers the layer keeps, then the layer's attributes, with
 * libpfm4's codes, types, controls, default flags and equivalents.
 */
#include "ut.h"

static void names(int idx, pfm_os_t os, char *out, size_t n)
{
	char b[64];
	out[0] = '\0';
	for (int a = 0; a < tl_nattrs(idx, os); a++) {
		if (a)
			strncat(out, ",", n - strlen(out) - 1);
		strncat(out, tl_attr_name(idx, a, os, b, sizeof(b)), n - strlen(out) - 1);
	}
}

static void test_os_none_lists_umasks_then_all_event_modifiers(void)
{
	char s[512];
	names(pfm_find_event("utc::ISSUE_SLOTS"), PFM_OS_NONE, s, sizeof(s));
	CU_ASSERT_STRING_EQUAL(s, "RESOURCE_FULL,RECOVERY,ANY,k,u,c,e,i");
}

static void test_perf_event_hides_privilege_modifiers_and_appends_its_own(void)
{
	char s[512];
	int idx = pfm_find_event("utc::ISSUE_SLOTS");
	names(idx, PFM_OS_PERF_EVENT, s, sizeof(s));
	CU_ASSERT_STRING_EQUAL(s, "RESOURCE_FULL,RECOVERY,ANY,c,e,i,u,k,mg,mh");
	names(idx, PFM_OS_PERF_EVENT_EXT, s, sizeof(s));
	CU_ASSERT_STRING_EQUAL(s, "RESOURCE_FULL,RECOVERY,ANY,c,e,i,u,k,period,freq,excl,mg,mh,cpu,pinned");
}

static void test_precise_and_hw_smpl_follow_the_event(void)
{
	char s[512];
	names(pfm_find_event("utc::MEM_LOADS"), PFM_OS_PERF_EVENT_EXT, s, sizeof(s));
	CU_ASSERT_STRING_EQUAL(s, "LOAD_LATENCY,c,e,i,ldlat,u,k,period,freq,precise,excl,mg,mh,cpu,pinned");
	names(pfm_find_event("utc::BRANCHES"), PFM_OS_PERF_EVENT_EXT, s, sizeof(s));
	CU_ASSERT_STRING_EQUAL(s, "c,e,i,t,ldlat,u,k,period,freq,excl,mg,mh,cpu,pinned,hw_smpl");
}

static void test_precise_unit_masks_support_hw_smpl(void)
{
	pfm_event_attr_info_t a;
	memset(&a, 0, sizeof(a));
	/* libpfm4 4.13: every precise unit mask (skl: 87 of 87) supports hw_smpl */
	CU_ASSERT_EQUAL(pfm_get_event_attr_info(pfm_find_event("utc::MEM_LOADS"), 0, PFM_OS_NONE, &a),
			PFM_SUCCESS);
	CU_ASSERT_STRING_EQUAL(a.name, "LOAD_LATENCY");
	CU_ASSERT_EQUAL(a.is_precise, 1);
	CU_ASSERT_EQUAL(a.support_hw_smpl, 1);
	memset(&a, 0, sizeof(a));
	CU_ASSERT_EQUAL(pfm_get_event_attr_info(pfm_find_event("utc::ISSUE_SLOTS"), 0, PFM_OS_NONE, &a),
			PFM_SUCCESS);
	CU_ASSERT_EQUAL(a.support_hw_smpl, 0);
}

static void test_pmu_perf_attrs_list_is_used(void)
{
	char s[512];
	names(pfm_find_event("uta::SLOTS"), PFM_OS_PERF_EVENT_EXT, s, sizeof(s));
	CU_ASSERT_STRING_EQUAL(s, "e,i,c,u,k,h,period,freq,excl,mg,mh,cpu,pinned");
	names(pfm_find_event("uta::SLOTS"), PFM_OS_PERF_EVENT, s, sizeof(s));
	CU_ASSERT_STRING_EQUAL(s, "e,i,c,u,k,h,mg,mh");
	names(pfm_find_event("utu::CLOCKTICKS"), PFM_OS_PERF_EVENT_EXT, s, sizeof(s));
	CU_ASSERT_STRING_EQUAL(s, "t,period,freq,excl,cpu,pinned");
	names(pfm_find_event("utu::CLOCKTICKS"), PFM_OS_PERF_EVENT, s, sizeof(s));
	CU_ASSERT_STRING_EQUAL(s, "t");
}

static void test_attribute_fields_carry_libpfm4_values(void)
{
	pfm_event_attr_info_t a;
	int idx = pfm_find_event("utc::UOPS_ISSUED");
	memset(&a, 0, sizeof(a));
	a.size = sizeof(a);
	/* unit mask: code, default flag, equivalent, control */
	CU_ASSERT_EQUAL(pfm_get_event_attr_info(idx, 2, PFM_OS_NONE, &a), PFM_SUCCESS);
	CU_ASSERT_STRING_EQUAL(a.name, "STALL_CYCLES");
	CU_ASSERT_EQUAL(a.type, PFM_ATTR_UMASK);
	CU_ASSERT_EQUAL(a.code, 0x18001ULL);
	CU_ASSERT_STRING_EQUAL(a.equiv, "ANY:c=1:i=1");
	CU_ASSERT_EQUAL(a.ctrl, PFM_ATTR_CTRL_PMU);
	CU_ASSERT_EQUAL(a.idx, 2);
	CU_ASSERT_EQUAL(a.is_dfl, 0);
	CU_ASSERT_EQUAL(pfm_get_event_attr_info(idx, 0, PFM_OS_NONE, &a), PFM_SUCCESS);
	CU_ASSERT_EQUAL(a.is_dfl, 1);
	CU_ASSERT_PTR_NULL(a.equiv);
	/* PMU modifier: its code (t is 5 whatever its position), type */
	CU_ASSERT_EQUAL(pfm_get_event_attr_info(idx, 9, PFM_OS_NONE, &a), PFM_SUCCESS);
	CU_ASSERT_STRING_EQUAL(a.name, "t");
	CU_ASSERT_EQUAL(a.code, 5);
	CU_ASSERT_EQUAL(a.type, PFM_ATTR_MOD_BOOL);
	CU_ASSERT_EQUAL(a.idx, 9);
	CU_ASSERT_EQUAL(pfm_get_event_attr_info(idx, 6, PFM_OS_NONE, &a), PFM_SUCCESS);
	CU_ASSERT_STRING_EQUAL(a.name, "c");
	CU_ASSERT_EQUAL(a.type, PFM_ATTR_MOD_INTEGER);
	/* perf_events attribute: libpfm4's code, control */
	int n = tl_nattrs(idx, PFM_OS_PERF_EVENT_EXT);
	CU_ASSERT_EQUAL(pfm_get_event_attr_info(idx, n - 1, PFM_OS_PERF_EVENT_EXT, &a), PFM_SUCCESS);
	CU_ASSERT_STRING_EQUAL(a.name, "pinned");
	CU_ASSERT_EQUAL(a.code, 10);
	CU_ASSERT_EQUAL(a.ctrl, PFM_ATTR_CTRL_PERF_EVENT);
	CU_ASSERT_EQUAL(a.type, PFM_ATTR_MOD_BOOL);
}

static void test_nattrs_of_event_info_matches_the_list(void)
{
	int idx = pfm_find_event("utc::OFFCORE_RESPONSE_0");
	char b[64];
	for (pfm_os_t os = PFM_OS_NONE; os < PFM_OS_MAX; os++) {
		int n = tl_nattrs(idx, os);
		CU_ASSERT(n > 0);
		CU_ASSERT_STRING_NOT_EQUAL(tl_attr_name(idx, n - 1, os, b, sizeof(b)), "");
		CU_ASSERT_STRING_EQUAL(tl_attr_name(idx, n, os, b, sizeof(b)), "");
	}
	CU_ASSERT_EQUAL(tl_nattrs(idx, PFM_OS_NONE), 11 + 5);
}

void ut_add_attrs(void)
{
	static const struct tl_test t[] = {
		TL_TEST(test_os_none_lists_umasks_then_all_event_modifiers),
		TL_TEST(test_perf_event_hides_privilege_modifiers_and_appends_its_own),
		TL_TEST(test_precise_and_hw_smpl_follow_the_event),
		TL_TEST(test_precise_unit_masks_support_hw_smpl),
		TL_TEST(test_pmu_perf_attrs_list_is_used),
		TL_TEST(test_attribute_fields_carry_libpfm4_values),
		TL_TEST(test_nattrs_of_event_info_matches_the_list),
	};
	tl_suite("attributes", ut_init, NULL, t);
}
