/*
 * SPDX-License-Identifier: MIT
 * t_oslayers.c - PFM_OS_NONE against PFM_OS_PERF_EVENT and _EXT: which
 * perf_event_attr fields are written and how (type, config*, exclude_*,
 * mg/mh, period/freq, precise, excl, pinned, cpu, hw_smpl), which
 * attributes each layer accepts, and libpfm4's fstr for each layer.
 */
#include <stdlib.h>
#include "ut.h"

static void test_perf_config_has_no_privilege_or_raw_bits(void)
{
	struct tl_perf p;
	CU_ASSERT_EQUAL(tl_perf("ISSUE_SLOTS:RESOURCE_FULL:c=1:i", TL_PLM_UK, PFM_OS_PERF_EVENT, &p), PFM_SUCCESS);
	CU_ASSERT_EQUAL(p.attr.type, 4);
	CU_ASSERT_EQUAL(p.attr.config, 0x18001caULL);
	CU_ASSERT_EQUAL(p.attr.config1, 0);
}

static void test_perf_config1_carries_the_offcore_value(void)
{
	struct tl_perf p;
	CU_ASSERT_EQUAL(tl_perf("OFFCORE_RESPONSE_0:DMND_DATA_RD", TL_PLM_UK, PFM_OS_PERF_EVENT, &p), PFM_SUCCESS);
	CU_ASSERT_EQUAL(p.attr.config, 0x1b7ULL);
	CU_ASSERT_EQUAL(p.attr.config1, 0x10001ULL);
}

static void test_perf_config1_left_alone_when_unused(void)
{
	struct perf_event_attr attr;
	pfm_perf_encode_arg_t a;
	memset(&attr, 0, sizeof(attr));
	attr.config1 = 0x1234;
	attr.size = 77;
	attr.disabled = 1;
	memset(&a, 0, sizeof(a));
	a.size = sizeof(a);
	a.attr = &attr;
	a.flags = 5;
	CU_ASSERT_EQUAL(pfm_get_os_event_encoding("ISSUE_SLOTS", TL_PLM_UK, PFM_OS_PERF_EVENT, &a), PFM_SUCCESS);
	CU_ASSERT_EQUAL(attr.config1, 0x1234ULL);
	CU_ASSERT_EQUAL(attr.size, 77);		/* the caller's, as in libpfm4 */
	CU_ASSERT_EQUAL(attr.disabled, 1);
	CU_ASSERT_EQUAL(a.flags, 5);
	CU_ASSERT_EQUAL(a.cpu, -1);
}

static void test_dfl_plm_becomes_exclude_bits(void)
{
	struct tl_perf p;
	tl_perf("ISSUE_SLOTS", PFM_PLM3, PFM_OS_PERF_EVENT, &p);
	CU_ASSERT(!p.attr.exclude_user && p.attr.exclude_kernel);
	tl_perf("ISSUE_SLOTS", PFM_PLM0, PFM_OS_PERF_EVENT, &p);
	CU_ASSERT(p.attr.exclude_user && !p.attr.exclude_kernel);
	tl_perf("ISSUE_SLOTS", 0, PFM_OS_PERF_EVENT, &p);
	CU_ASSERT(p.attr.exclude_user && p.attr.exclude_kernel);
	tl_perf("ISSUE_SLOTS:u", TL_PLM_UK, PFM_OS_PERF_EVENT, &p);
	CU_ASSERT(!p.attr.exclude_user && p.attr.exclude_kernel);
	CU_ASSERT_STRING_EQUAL(p.fstr, "utc::ISSUE_SLOTS:ANY:c=0:e=0:i=0:u=1:k=0:mg=0:mh=1");
}

static void test_exclude_hv_only_where_the_pmu_filters_the_hypervisor(void)
{
	struct tl_perf p;
	tl_perf("ISSUE_SLOTS", TL_PLM_UK, PFM_OS_PERF_EVENT, &p);
	CU_ASSERT_EQUAL(p.attr.exclude_hv, 0);		/* utc: no h */
	tl_perf("uta::SLOTS", TL_PLM_UK, PFM_OS_PERF_EVENT, &p);
	CU_ASSERT_EQUAL(p.attr.exclude_hv, 1);		/* uta lists h: PLMH not asked */
	tl_perf("uta::SLOTS:h", TL_PLM_UK, PFM_OS_PERF_EVENT, &p);
	CU_ASSERT(p.attr.exclude_user && p.attr.exclude_kernel && !p.attr.exclude_hv);
	CU_ASSERT_EQUAL(tl_perf("ISSUE_SLOTS:h", TL_PLM_UK, PFM_OS_PERF_EVENT, &p), PFM_ERR_ATTR);
}

static void test_a_plmh_modifier_makes_the_pmu_exclude_the_hypervisor_without_perf_h(void)
{
	struct tl_perf p;
	tl_perf("utz::RETIRED", TL_PLM_UK, PFM_OS_PERF_EVENT_EXT, &p);
	CU_ASSERT_EQUAL(p.attr.exclude_hv, 1);		/* libpfm4's zen1: hv filtered, no perf h */
	tl_perf("utz::RETIRED", TL_PLM_UK | PFM_PLMH, PFM_OS_PERF_EVENT_EXT, &p);
	CU_ASSERT_EQUAL(p.attr.exclude_hv, 0);
	tl_perf("utz::RETIRED:u", TL_PLM_UK, PFM_OS_PERF_EVENT_EXT, &p);
	CU_ASSERT(p.attr.exclude_kernel && p.attr.exclude_hv && !p.attr.exclude_user);
	CU_ASSERT_EQUAL(tl_perf("utz::RETIRED:h", TL_PLM_UK, PFM_OS_PERF_EVENT_EXT, &p), PFM_ERR_ATTR);
}

static void test_raw_fields_reach_os_none_codes_only(void)
{
	struct tl_none n;
	struct tl_perf p;
	CU_ASSERT_EQUAL(tl_none("utz::RETIRED:g", TL_PLM_UK, &n), PFM_SUCCESS);
	CU_ASSERT_EQUAL(n.codes[0], 0x100000300c0ULL);
	CU_ASSERT_EQUAL(tl_none("utz::RETIRED:h", TL_PLM_UK, &n), PFM_SUCCESS);
	CU_ASSERT_EQUAL(n.codes[0], 0x200000000c0ULL);
	CU_ASSERT_EQUAL(tl_perf("utz::RETIRED:g", TL_PLM_UK, PFM_OS_PERF_EVENT_EXT, &p), PFM_SUCCESS);
	CU_ASSERT_EQUAL(p.attr.config, 0xc0ULL);	/* g accepted and printed, bit left out */
	CU_ASSERT_PTR_NOT_NULL(strstr(p.fstr, ":g=1"));
	CU_ASSERT(p.attr.exclude_guest);
}

static void test_mg_mh_count_by_value(void)
{
	struct tl_perf p;
	tl_perf("ISSUE_SLOTS", TL_PLM_UK, PFM_OS_PERF_EVENT, &p);
	CU_ASSERT(p.attr.exclude_guest && !p.attr.exclude_host);
	CU_ASSERT_STRING_EQUAL(p.fstr, "utc::ISSUE_SLOTS:ANY:c=0:e=0:i=0:u=1:k=1:mg=0:mh=1");
	tl_perf("ISSUE_SLOTS:mg", TL_PLM_UK, PFM_OS_PERF_EVENT, &p);
	CU_ASSERT(!p.attr.exclude_guest && p.attr.exclude_host);
	CU_ASSERT_STRING_EQUAL(p.fstr, "utc::ISSUE_SLOTS:ANY:c=0:e=0:i=0:u=1:k=1:mg=1:mh=0");
	/* mg=0 leaves the guest out (libpfm4 4.13 counted it: presence, not value) */
	tl_perf("ISSUE_SLOTS:mg=0", TL_PLM_UK, PFM_OS_PERF_EVENT, &p);
	CU_ASSERT(p.attr.exclude_guest && !p.attr.exclude_host);
	tl_perf("ISSUE_SLOTS:mh=0", TL_PLM_UK, PFM_OS_PERF_EVENT, &p);
	CU_ASSERT(p.attr.exclude_guest && !p.attr.exclude_host);
	tl_perf("ISSUE_SLOTS:mg=1:mh=1", TL_PLM_UK, PFM_OS_PERF_EVENT, &p);
	CU_ASSERT(!p.attr.exclude_guest && !p.attr.exclude_host);
	CU_ASSERT_STRING_EQUAL(p.fstr, "utc::ISSUE_SLOTS:ANY:c=0:e=0:i=0:u=1:k=1:mg=1:mh=1");
}

static void test_period_and_freq_set_the_sampling_fields(void)
{
	struct tl_perf p;
	CU_ASSERT_EQUAL(tl_perf("ISSUE_SLOTS:period=0x10", TL_PLM_UK, PFM_OS_PERF_EVENT_EXT, &p), PFM_SUCCESS);
	CU_ASSERT_EQUAL(p.attr.sample_period, 16);
	CU_ASSERT_EQUAL(p.attr.freq, 0);
	/* libpfm4 would print period=16:freq=16, which is refused: the strict
	 * spelling, period alone (and the default unit mask left to the encoder) */
	CU_ASSERT_STRING_EQUAL(p.fstr, "utc::ISSUE_SLOTS:c=0:e=0:i=0:u=1:k=1:period=16:excl=0:mg=0:mh=1");
	CU_ASSERT_EQUAL(tl_perf("ISSUE_SLOTS:freq=100", TL_PLM_UK, PFM_OS_PERF_EVENT_EXT, &p), PFM_SUCCESS);
	CU_ASSERT_EQUAL(p.attr.sample_freq, 100);
	CU_ASSERT_EQUAL(p.attr.freq, 1);
}

static void test_period_with_freq_or_zero_is_ATTR_VAL(void)
{
	struct tl_perf p;
	CU_ASSERT_EQUAL(tl_perf("ISSUE_SLOTS:period=10:freq=10", TL_PLM_UK, PFM_OS_PERF_EVENT_EXT, &p), PFM_ERR_ATTR_VAL);
	CU_ASSERT_EQUAL(tl_perf("ISSUE_SLOTS:period=0", TL_PLM_UK, PFM_OS_PERF_EVENT_EXT, &p), PFM_ERR_ATTR_VAL);
	CU_ASSERT_EQUAL(tl_perf("ISSUE_SLOTS:freq=0", TL_PLM_UK, PFM_OS_PERF_EVENT_EXT, &p), PFM_ERR_ATTR_VAL);
}

static void test_ext_attributes_are_refused_by_the_basic_layer(void)
{
	struct tl_perf p;
	CU_ASSERT_EQUAL(tl_perf("ISSUE_SLOTS:period=10", TL_PLM_UK, PFM_OS_PERF_EVENT, &p), PFM_ERR_ATTR);
	CU_ASSERT_EQUAL(tl_perf("ISSUE_SLOTS:excl", TL_PLM_UK, PFM_OS_PERF_EVENT, &p), PFM_ERR_ATTR);
	CU_ASSERT_EQUAL(tl_perf("ISSUE_SLOTS:mg", TL_PLM_UK, PFM_OS_PERF_EVENT, &p), PFM_SUCCESS);
}

static void test_precise_only_on_precise_events_and_up_to_3(void)
{
	struct tl_perf p;
	CU_ASSERT_EQUAL(tl_perf("MEM_LOADS:precise=2", TL_PLM_UK, PFM_OS_PERF_EVENT_EXT, &p), PFM_SUCCESS);
	CU_ASSERT_EQUAL(p.attr.precise_ip, 2);
	/* the default LOAD_LATENCY (ldlat unset) is left out of the fstr: naming it sets ldlat */
	CU_ASSERT_STRING_EQUAL(p.fstr, "utc::MEM_LOADS:c=0:e=0:i=0:u=1:k=1:precise=2:excl=0:mg=0:mh=1");
	CU_ASSERT_EQUAL(tl_perf("MEM_LOADS:precise=4", TL_PLM_UK, PFM_OS_PERF_EVENT_EXT, &p), PFM_ERR_ATTR_VAL);
	CU_ASSERT_EQUAL(tl_perf("ISSUE_SLOTS:precise=1", TL_PLM_UK, PFM_OS_PERF_EVENT_EXT, &p), PFM_ERR_ATTR);
}

static void test_hw_smpl_on_sampling_events_implies_precise_1(void)
{
	struct tl_perf p;
	CU_ASSERT_EQUAL(tl_perf("BRANCHES:hw_smpl", TL_PLM_UK, PFM_OS_PERF_EVENT_EXT, &p), PFM_SUCCESS);
	CU_ASSERT_EQUAL(p.attr.precise_ip, 1);
	CU_ASSERT_EQUAL(tl_perf("ISSUE_SLOTS:hw_smpl", TL_PLM_UK, PFM_OS_PERF_EVENT_EXT, &p), PFM_ERR_ATTR);
}

static void test_excl_pinned_cpu(void)
{
	struct tl_perf p;
	CU_ASSERT_EQUAL(tl_perf("ISSUE_SLOTS:excl:pinned:cpu=3", TL_PLM_UK, PFM_OS_PERF_EVENT_EXT, &p), PFM_SUCCESS);
	CU_ASSERT_EQUAL(p.attr.exclusive, 1);
	CU_ASSERT_EQUAL(p.attr.pinned, 1);
	CU_ASSERT_EQUAL(p.cpu, 3);
	/* libpfm4 never prints cpu and pinned: then they are, so the fstr encodes the same */
	CU_ASSERT_STRING_EQUAL(p.fstr, "utc::ISSUE_SLOTS:c=0:e=0:i=0:u=1:k=1:excl=1:mg=0:mh=1:cpu=3:pinned=1");
	CU_ASSERT_EQUAL(tl_perf("ISSUE_SLOTS:cpu=-1", TL_PLM_UK, PFM_OS_PERF_EVENT_EXT, &p), PFM_ERR_ATTR_VAL);
}

static void test_os_none_fstr_lists_every_modifier_of_the_event(void)
{
	struct tl_none o;
	CU_ASSERT_EQUAL(tl_none("ISSUE_SLOTS:RESOURCE_FULL:k:c=1:i", TL_PLM_UK, &o), PFM_SUCCESS);
	CU_ASSERT_STRING_EQUAL(o.fstr, "utc::ISSUE_SLOTS:RESOURCE_FULL:k=1:u=0:c=1:e=0:i=1");
	CU_ASSERT_EQUAL(o.codes[0], 0x1d201caULL);
}

static void test_perf_event_fstr_has_no_privilege_modifiers_but_layer_ones(void)
{
	struct tl_perf p;
	tl_perf("ISSUE_SLOTS:RESOURCE_FULL:k:c=1:i", TL_PLM_UK, PFM_OS_PERF_EVENT, &p);
	CU_ASSERT_STRING_EQUAL(p.fstr, "utc::ISSUE_SLOTS:RESOURCE_FULL:c=1:e=0:i=1:u=0:k=1:mg=0:mh=1");
	tl_perf("ISSUE_SLOTS:RESOURCE_FULL:k:c=1:i", TL_PLM_UK, PFM_OS_PERF_EVENT_EXT, &p);
	CU_ASSERT_STRING_EQUAL(p.fstr, "utc::ISSUE_SLOTS:RESOURCE_FULL:c=1:e=0:i=1:u=0:k=1:excl=0:mg=0:mh=1");
}

static void test_fstr_writes_the_modifiers_in_the_pmus_fstr_order(void)
{
	struct tl_none o;
	CU_ASSERT_EQUAL(tl_none("utn::RUNNING:u:e", TL_PLM_UK, &o), PFM_SUCCESS);
	CU_ASSERT_STRING_EQUAL(o.fstr, "utn::RUNNING:k=0:u=1:e=1:cmpl=0:thr=0");
}

static void test_fstr_writes_a_modifier_moved_to_another_field_where_the_pmu_lists_it(void)
{
	struct tl_none o;
	CU_ASSERT_EQUAL(tl_none("utn::OCCUPANCY:e", TL_PLM_UK, &o), PFM_SUCCESS);
	CU_ASSERT_EQUAL(o.codes[0] & 0x30000, 0x20000);
	CU_ASSERT_STRING_EQUAL(o.fstr, "utn::OCCUPANCY:k=1:u=1:e=1:cmpl=0:thr=0");
}

static void test_perf_fstr_writes_perf_plm_modifiers_at_the_call_levels_where_perf_u_k_agree(void)
{
	struct tl_perf p;
	CU_ASSERT_EQUAL(tl_perf("utn::RUNNING:thr=2", TL_PLM_UK, PFM_OS_PERF_EVENT_EXT, &p), PFM_SUCCESS);
	CU_ASSERT_STRING_EQUAL(p.fstr, "utn::RUNNING:k=1:u=1:e=0:cmpl=0:thr=2:u=1:k=1:excl=0:mg=0:mh=1");
	/* the string's u differs from the call's levels: libpfm4 4.13's spelling
	 * (k=1:u=1 ... u=1:k=0) names k twice, which it refuses */
	CU_ASSERT_EQUAL(tl_perf("utn::RUNNING:u", TL_PLM_UK, PFM_OS_PERF_EVENT_EXT, &p), PFM_SUCCESS);
	CU_ASSERT_STRING_EQUAL(p.fstr, "utn::RUNNING:e=0:cmpl=0:thr=0:u=1:k=0:excl=0:mg=0:mh=1");
}

static void test_fstr_writes_an_enable_given_modifier_at_0_where_another_given_sets_its_enable(void)
{
	struct tl_none o;
	CU_ASSERT_EQUAL(tl_none("utb::CLOCKTICKS:tf=1", TL_PLM_UK, &o), PFM_SUCCESS);
	CU_ASSERT_STRING_EQUAL(o.fstr, "utb::CLOCKTICKS:tf=1:cf=0");
	CU_ASSERT_EQUAL(tl_none("utb::CLOCKTICKS:tf=1:cf=0", TL_PLM_UK, &o), PFM_SUCCESS);
	CU_ASSERT_EQUAL(o.codes[0], 0x80000);
	CU_ASSERT_EQUAL(o.codes[1], 0x1);
}

static void test_enable_given_modifiers_all_given_at_0_are_no_filter(void)
{
	struct tl_none o;
	/* none given: written all at 0 (libpfm4 4.13's spelling) */
	CU_ASSERT_EQUAL(tl_none("utb::CLOCKTICKS", TL_PLM_UK, &o), PFM_SUCCESS);
	CU_ASSERT_STRING_EQUAL(o.fstr, "utb::CLOCKTICKS:tf=0:cf=0");
	CU_ASSERT_EQUAL(o.count, 1);
	CU_ASSERT_EQUAL(o.codes[0], 0x0);
	/* which reads back as no filter */
	CU_ASSERT_EQUAL(tl_none("utb::CLOCKTICKS:tf=0:cf=0", TL_PLM_UK, &o), PFM_SUCCESS);
	CU_ASSERT_EQUAL(o.codes[0], 0x0);
	CU_ASSERT_STRING_EQUAL(o.fstr, "utb::CLOCKTICKS:tf=0:cf=0");
	/* one of them at 0 alone is a filter on thread (core) 0, written alone */
	CU_ASSERT_EQUAL(tl_none("utb::CLOCKTICKS:tf=0", TL_PLM_UK, &o), PFM_SUCCESS);
	CU_ASSERT_EQUAL(o.codes[0], 0x80000);
	CU_ASSERT_STRING_EQUAL(o.fstr, "utb::CLOCKTICKS:tf=0");
	CU_ASSERT_EQUAL(tl_none("utb::CLOCKTICKS:cf=0", TL_PLM_UK, &o), PFM_SUCCESS);
	CU_ASSERT_EQUAL(o.codes[0], 0x80000);
	/* and beside a value that is not 0 too */
	CU_ASSERT_EQUAL(tl_none("utb::CLOCKTICKS:tf=0:cf=2", TL_PLM_UK, &o), PFM_SUCCESS);
	CU_ASSERT_EQUAL(o.codes[0], 0x80000);
	CU_ASSERT_EQUAL(o.codes[1], 0x40);
}

static void test_uncore_pmu_has_no_privilege_attributes(void)
{
	struct tl_perf p;
	CU_ASSERT_EQUAL(tl_perf("utu::CLOCKTICKS", TL_PLM_UK, PFM_OS_PERF_EVENT_EXT, &p), PFM_SUCCESS);
	CU_ASSERT_EQUAL(p.attr.type, 17);
	CU_ASSERT_STRING_EQUAL(p.fstr, "utu::CLOCKTICKS:t=0:excl=0");
	CU_ASSERT_EQUAL(tl_perf("utu::CLOCKTICKS:u", TL_PLM_UK, PFM_OS_PERF_EVENT_EXT, &p), PFM_ERR_ATTR);
}

static void test_old_perf_api_is_the_basic_layer(void)
{
	struct perf_event_attr attr;
	char *fstr = NULL;
	int idx = -1;
	memset(&attr, 0, sizeof(attr));
	CU_ASSERT_EQUAL(pfm_get_perf_event_encoding("OFFCORE_RESPONSE_0", TL_PLM_UK, &attr, &fstr, &idx), PFM_SUCCESS);
	CU_ASSERT_EQUAL(attr.config1, 0x18000ULL);
	CU_ASSERT_STRING_EQUAL(fstr, "utc::OFFCORE_RESPONSE_0:ANY_REQUEST:ANY_RESPONSE:c=0:e=0:i=0:u=1:k=1:mg=0:mh=1");
	CU_ASSERT_EQUAL(idx, pfm_find_event("utc::OFFCORE_RESPONSE_0"));
	free(fstr);
	CU_ASSERT_EQUAL(pfm_get_perf_event_encoding("ISSUE_SLOTS:period=1", TL_PLM_UK, &attr, NULL, NULL), PFM_ERR_ATTR);
}

void ut_add_oslayers(void)
{
	static const struct tl_test t[] = {
		TL_TEST(test_perf_config_has_no_privilege_or_raw_bits),
		TL_TEST(test_perf_config1_carries_the_offcore_value),
		TL_TEST(test_perf_config1_left_alone_when_unused),
		TL_TEST(test_dfl_plm_becomes_exclude_bits),
		TL_TEST(test_exclude_hv_only_where_the_pmu_filters_the_hypervisor),
		TL_TEST(test_a_plmh_modifier_makes_the_pmu_exclude_the_hypervisor_without_perf_h),
		TL_TEST(test_raw_fields_reach_os_none_codes_only),
		TL_TEST(test_mg_mh_count_by_value),
		TL_TEST(test_period_and_freq_set_the_sampling_fields),
		TL_TEST(test_period_with_freq_or_zero_is_ATTR_VAL),
		TL_TEST(test_ext_attributes_are_refused_by_the_basic_layer),
		TL_TEST(test_precise_only_on_precise_events_and_up_to_3),
		TL_TEST(test_hw_smpl_on_sampling_events_implies_precise_1),
		TL_TEST(test_excl_pinned_cpu),
		TL_TEST(test_os_none_fstr_lists_every_modifier_of_the_event),
		TL_TEST(test_perf_event_fstr_has_no_privilege_modifiers_but_layer_ones),
		TL_TEST(test_fstr_writes_the_modifiers_in_the_pmus_fstr_order),
		TL_TEST(test_fstr_writes_a_modifier_moved_to_another_field_where_the_pmu_lists_it),
		TL_TEST(test_perf_fstr_writes_perf_plm_modifiers_at_the_call_levels_where_perf_u_k_agree),
		TL_TEST(test_fstr_writes_an_enable_given_modifier_at_0_where_another_given_sets_its_enable),
		TL_TEST(test_enable_given_modifiers_all_given_at_0_are_no_filter),
		TL_TEST(test_uncore_pmu_has_no_privilege_attributes),
		TL_TEST(test_old_perf_api_is_the_basic_layer),
	};
	tl_suite("os-layers", ut_init, NULL, t);
}
