/*
 * SPDX-License-Identifier: MIT
 * tests/sysfs/test_uncore_client.c - suite uncore-client of test_public uncore (suites.h):
 * the Intel client uncore boxes converted from perf's JSON (C-box, ARB,
 * clock, memory controllers and their free-running counters,
 * docs/compat.md) through the public API: presence from the host model and
 * the box's kernel PMU in sysfs, attr.type and default cpu from that PMU's
 * directory, config bits where the kernel's format/ puts them. Fixtures,
 * as Linux 6.12 registers the boxes: tests/fixtures/sysfs/skl2c (a
 * dual-core Skylake: uncore_cbox_0 and _1, uncore_arb, the PCI
 * uncore_imc), tests/fixtures/sysfs/rkl (Rocket Lake: uncore_arb,
 * uncore_clock), tests/fixtures/sysfs/adl (Alder Lake: cpu_core, cpu_atom,
 * uncore_arb_0/_1, uncore_clock, uncore_imc_0/_1,
 * uncore_imc_free_running_0/_1).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <perfmon/pfmlib_perf_event.h>
#include "encode.h"
#include "env.h"
#include "info.h"
#include "start.h"
#include "suite.h"
#include "suites.h"

#define SKL "GenuineIntel-6-5E-3"
#define RKL "GenuineIntel-6-A7-1"
#define TGL "GenuineIntel-6-8C-1"
#define ICL "GenuineIntel-6-7E-5"
#define ADL "GenuineIntel-6-97-2"
#define ADLN "GenuineIntel-6-BE-0"
#define SKX "GenuineIntel-6-55-4"

static void expect(const char *const *names, size_t n, int want)
{
	for (size_t i = 0; i < n; i++)
		TL_ASSERT(tl_pmu_present(names[i]) == want, "%s should%s be present", names[i], want ? "" : " not");
}

#define EXPECT(list, want) expect(list, sizeof(list) / sizeof(list[0]), want)

static void test_skylake_cboxes_are_present_for_the_cores_the_kernel_registers(void)
{
	CU_ASSERT_EQUAL_FATAL(tl_start_on("skl2c", SKL, 0), PFM_SUCCESS);
	static const char *const here[] = { "skl", "skl_unc_cbo0", "skl_unc_cbo1", "skl_unc_arb" };
	/* a dual-core part has uncore_cbox_0 and _1 only; Haswell's boxes share the kernel names */
	static const char *const absent[] = { "skl_unc_cbo2", "skl_unc_cbo7", "hsw_unc_cbo0", "hsw_unc_arb",
					      "bdw_unc_cbo1", "snb_unc_arb", "icl_unc_arb", "snb_unc_cbo0" };
	EXPECT(here, 1);
	EXPECT(absent, 0);
}

static void test_a_cbox_event_takes_its_boxs_type_and_the_kernels_cbox_bits(void)
{
	struct tl_perf e;
	CU_ASSERT_EQUAL_FATAL(tl_start_on("skl2c", SKL, 0), PFM_SUCCESS);
	/* perf's dotted name: event 0x34, umask 0x8f */
	CU_ASSERT_EQUAL_FATAL(tl_perf("skl_unc_cbo1::UNC_CBO_CACHE_LOOKUP.ANY_MESI", TL_PLM_UK, PFM_OS_PERF_EVENT_EXT,
				      &e), PFM_SUCCESS);
	CU_ASSERT_EQUAL(e.attr.type, 13);	/* uncore_cbox_1/type */
	CU_ASSERT_EQUAL(e.attr.config, 0x8f34);
	CU_ASSERT_EQUAL(e.cpu, 0);		/* first of cpumask 0 */
	CU_ASSERT_EQUAL(tl_event_pmu(e.idx), 1413);
	CU_ASSERT_EQUAL(e.attr.exclude_user, 0);
	CU_ASSERT_EQUAL(e.attr.exclude_kernel, 0);
	/* edge at 18, the threshold in the kernel's 5-bit cmask, config:24-28 */
	CU_ASSERT_EQUAL_FATAL(tl_perf("skl_unc_cbo0::UNC_CBO_CACHE_LOOKUP:ANY_MESI:e:t=31", TL_PLM_UK,
				      PFM_OS_PERF_EVENT_EXT, &e), PFM_SUCCESS);
	CU_ASSERT_EQUAL(e.attr.type, 12);
	CU_ASSERT_EQUAL(e.attr.config, 0x1f048f34ULL);
	CU_ASSERT_EQUAL(tl_ret("skl_unc_cbo0::UNC_CBO_CACHE_LOOKUP:ANY_MESI:t=32"), PFM_ERR_ATTR_VAL);
	/* privilege levels are refused on a box */
	CU_ASSERT_EQUAL(tl_ret("skl_unc_cbo0::UNC_CBO_CACHE_LOOKUP:ANY_MESI:u"), PFM_ERR_ATTR);
}

static void test_the_uncore_clock_is_the_fixed_counter_of_cbox_0_only(void)
{
	struct tl_perf e;
	pfm_pmu_info_t a, b;
	CU_ASSERT_EQUAL_FATAL(tl_start_on("skl2c", SKL, 0), PFM_SUCCESS);
	/* perf's Unit cbox_0: event 0xff, the kernel's fixed counter of uncore_cbox_0 */
	CU_ASSERT_EQUAL_FATAL(tl_perf("skl_unc_cbo0::UNC_CLOCK.SOCKET", TL_PLM_UK, PFM_OS_PERF_EVENT_EXT, &e),
			      PFM_SUCCESS);
	CU_ASSERT_EQUAL(e.attr.type, 12);
	CU_ASSERT_EQUAL(e.attr.config, 0xff);
	CU_ASSERT_EQUAL(tl_event_pmu(e.idx), 1412);
	/* the kernel refuses it on any other box: no such event there */
	CU_ASSERT_EQUAL(tl_perf("skl_unc_cbo1::UNC_CLOCK.SOCKET", TL_PLM_UK, PFM_OS_PERF_EVENT_EXT, &e),
			PFM_ERR_NOTFOUND);
	CU_ASSERT_EQUAL_FATAL(tl_pmu_named("skl_unc_cbo0", &a), 1412);
	CU_ASSERT_EQUAL_FATAL(tl_pmu_named("skl_unc_cbo1", &b), 1413);
	CU_ASSERT_EQUAL(a.nevents, b.nevents + 1);
	CU_ASSERT_EQUAL(a.num_fixed_cntrs, 1);
	CU_ASSERT_EQUAL(b.num_fixed_cntrs, 0);
}

static void test_arb_events_by_perfs_dotted_name_and_libpfm4s_syntax(void)
{
	struct tl_perf e;
	CU_ASSERT_EQUAL_FATAL(tl_start_on("skl2c", SKL, 0), PFM_SUCCESS);
	CU_ASSERT_EQUAL_FATAL(tl_perf("skl_unc_arb::UNC_ARB_TRK_REQUESTS.ALL", TL_PLM_UK, PFM_OS_PERF_EVENT_EXT, &e),
			      PFM_SUCCESS);
	CU_ASSERT_EQUAL(e.attr.type, 14);	/* uncore_arb/type */
	CU_ASSERT_EQUAL(e.attr.config, 0x181);
	CU_ASSERT_EQUAL(e.cpu, 0);
	CU_ASSERT_EQUAL(tl_event_pmu(e.idx), 1420);
	/* perf's CounterMask 1 in cmask, config:24-28 */
	CU_ASSERT_EQUAL_FATAL(tl_perf("skl_unc_arb::UNC_ARB_TRK_OCCUPANCY:CYCLES_WITH_ANY_REQUEST", TL_PLM_UK,
				      PFM_OS_PERF_EVENT_EXT, &e), PFM_SUCCESS);
	CU_ASSERT_EQUAL(e.attr.config, 0x1000180);
	/* without a prefix: the present box's */
	CU_ASSERT_EQUAL_FATAL(tl_perf("UNC_ARB_TRK_REQUESTS.WRITES", TL_PLM_UK, PFM_OS_PERF_EVENT_EXT, &e),
			      PFM_SUCCESS);
	CU_ASSERT_EQUAL(tl_event_pmu(e.idx), 1420);
	CU_ASSERT_EQUAL(e.attr.config, 0x2081);
}

static void test_rocket_lake_sees_its_own_boxes_and_not_tiger_or_ice_lakes(void)
{
	struct tl_perf e;
	/* all three present libpfm4's icl core PMU, over the same kernel PMU names */
	static const char *const rkl[] = { "icl", "rkl_unc_arb", "rkl_unc_clock" };
	static const char *const not_rkl[] = { "tgl_unc_arb", "tgl_unc_clock", "icl_unc_arb", "icl_unc_clock",
					       "adl_unc_clock", "skl_unc_arb" };
	CU_ASSERT_EQUAL_FATAL(tl_start_on("rkl", RKL, 0), PFM_SUCCESS);
	EXPECT(rkl, 1);
	EXPECT(not_rkl, 0);
	CU_ASSERT_EQUAL_FATAL(tl_perf("rkl_unc_clock::UNC_CLOCK.SOCKET", TL_PLM_UK, PFM_OS_PERF_EVENT_EXT, &e),
			      PFM_SUCCESS);
	CU_ASSERT_EQUAL(e.attr.type, 11);	/* uncore_clock/type */
	CU_ASSERT_EQUAL(e.attr.config, 0xff);
	CU_ASSERT_EQUAL(e.cpu, 0);
	CU_ASSERT_EQUAL(tl_event_pmu(e.idx), 1428);
	/* the same tree as Tiger Lake, as Ice Lake */
	static const char *const tgl[] = { "icl", "tgl_unc_arb", "tgl_unc_clock" };
	static const char *const not_tgl[] = { "rkl_unc_arb", "rkl_unc_clock", "icl_unc_arb" };
	CU_ASSERT_EQUAL_FATAL(tl_start_on("rkl", TGL, 0), PFM_SUCCESS);
	EXPECT(tgl, 1);
	EXPECT(not_tgl, 0);
	static const char *const icl[] = { "icl", "icl_unc_arb", "icl_unc_clock" };
	static const char *const not_icl[] = { "rkl_unc_arb", "tgl_unc_arb" };
	CU_ASSERT_EQUAL_FATAL(tl_start_on("rkl", ICL, 0), PFM_SUCCESS);
	EXPECT(icl, 1);
	EXPECT(not_icl, 0);
	CU_ASSERT_EQUAL_FATAL(tl_perf("icl_unc_arb::UNC_ARB_TRK_REQUESTS.ALL", TL_PLM_UK, PFM_OS_PERF_EVENT_EXT, &e),
			      PFM_SUCCESS);
	CU_ASSERT_EQUAL(e.attr.type, 10);
	CU_ASSERT_EQUAL(e.attr.config, 0x181);
}

static void test_alder_lake_boxes_are_present_with_their_kernel_pmus(void)
{
	static const char *const here[] = { "adl_glc", "adl_grt", "adl_unc_arb0", "adl_unc_arb1", "adl_unc_clock",
					    "adl_unc_imc0", "adl_unc_imc1", "adl_unc_imc_free_running0",
					    "adl_unc_imc_free_running1" };
	static const char *const absent[] = { "adln_unc_arb0", "adln_unc_imc0", "mtl_unc_imc0", "tgl_unc_clock",
					      "tgl_unc_imc_free_running0" };
	CU_ASSERT_EQUAL_FATAL(tl_start_on("adl", ADL, 0), PFM_SUCCESS);
	EXPECT(here, 1);
	EXPECT(absent, 0);
	/* Alder Lake-N, the same kernel boxes (adl_uncore_init): adln's */
	static const char *const adln[] = { "adln", "adln_unc_arb1", "adln_unc_clock", "adln_unc_imc0",
					    "adln_unc_imc_free_running1" };
	static const char *const not_adln[] = { "adl_unc_arb1", "adl_unc_clock", "adl_unc_imc0" };
	CU_ASSERT_EQUAL_FATAL(tl_start_on("adl", ADLN, 0), PFM_SUCCESS);
	EXPECT(adln, 1);
	EXPECT(not_adln, 0);
}

static void test_a_free_running_counter_encodes_event_ff_and_its_umask(void)
{
	struct tl_perf e;
	CU_ASSERT_EQUAL_FATAL(tl_start_on("adl", ADL, 0), PFM_SUCCESS);
	/* perf's Unit imc_free_running_1 is uncore_imc_free_running_1: umask 0x20 is data_read */
	CU_ASSERT_EQUAL_FATAL(tl_perf("adl_unc_imc_free_running1::UNC_MC1_RDCAS_COUNT_FREERUN", TL_PLM_UK,
				      PFM_OS_PERF_EVENT_EXT, &e), PFM_SUCCESS);
	CU_ASSERT_EQUAL(e.attr.type, 18);
	CU_ASSERT_EQUAL(e.attr.config, 0x20ff);
	CU_ASSERT_EQUAL(e.cpu, 0);
	CU_ASSERT_EQUAL(tl_event_pmu(e.idx), 1435);
	CU_ASSERT_EQUAL_FATAL(tl_perf("adl_unc_imc_free_running0::UNC_MC0_WRCAS_COUNT_FREERUN", TL_PLM_UK,
				      PFM_OS_PERF_EVENT_EXT, &e), PFM_SUCCESS);
	CU_ASSERT_EQUAL(e.attr.type, 17);
	CU_ASSERT_EQUAL(e.attr.config, 0x30ff);
	/* each box has the counters of its own controller only */
	CU_ASSERT_EQUAL(tl_perf("adl_unc_imc_free_running0::UNC_MC1_RDCAS_COUNT_FREERUN", TL_PLM_UK,
				PFM_OS_PERF_EVENT_EXT, &e), PFM_ERR_NOTFOUND);
}

static void test_alder_lake_memory_controller_arb_and_clock_encode_for_their_kernel_pmus(void)
{
	struct tl_perf e;
	CU_ASSERT_EQUAL_FATAL(tl_start_on("adl", ADL, 0), PFM_SUCCESS);
	CU_ASSERT_EQUAL_FATAL(tl_perf("adl_unc_imc1::UNC_M_CAS_COUNT_RD", TL_PLM_UK, PFM_OS_PERF_EVENT_EXT, &e),
			      PFM_SUCCESS);
	CU_ASSERT_EQUAL(e.attr.type, 16);	/* uncore_imc_1/type */
	CU_ASSERT_EQUAL(e.attr.config, 0x22);
	CU_ASSERT_EQUAL(tl_event_pmu(e.idx), 1430);
	CU_ASSERT_EQUAL_FATAL(tl_perf("adl_unc_arb1::UNC_ARB_DAT_OCCUPANCY.RD", TL_PLM_UK, PFM_OS_PERF_EVENT_EXT, &e),
			      PFM_SUCCESS);
	CU_ASSERT_EQUAL(e.attr.type, 13);	/* uncore_arb_1/type */
	CU_ASSERT_EQUAL(e.attr.config, 0x285);
	CU_ASSERT_EQUAL_FATAL(tl_perf("adl_unc_clock::UNC_CLOCK.SOCKET", TL_PLM_UK, PFM_OS_PERF_EVENT_EXT, &e),
			      PFM_SUCCESS);
	CU_ASSERT_EQUAL(e.attr.type, 14);
	CU_ASSERT_EQUAL(e.attr.config, 0xff);
	/* the memory controller's format has no umask, invert or threshold */
	CU_ASSERT_EQUAL(tl_ret("adl_unc_imc0::UNC_M_CAS_COUNT_RD:t=1"), PFM_ERR_ATTR);
	CU_ASSERT_EQUAL(tl_ret("adl_unc_imc0::UNC_M_CAS_COUNT_RD:e"), PFM_SUCCESS);
}

static void test_another_model_sees_no_client_box_on_a_client_tree(void)
{
	static const char *const none[] = { "adl_unc_arb0", "adl_unc_clock", "adl_unc_imc0",
					    "adl_unc_imc_free_running0", "adln_unc_arb0", "skl_unc_cbo0" };
	CU_ASSERT_EQUAL_FATAL(tl_start_on("adl", SKX, 0), PFM_SUCCESS);
	EXPECT(none, 0);
	static const char *const skl[] = { "skl_unc_cbo0", "skl_unc_arb", "rkl_unc_arb", "icl_unc_arb" };
	CU_ASSERT_EQUAL_FATAL(tl_start_on("skl2c", ADL, 0), PFM_SUCCESS);
	EXPECT(skl, 0);
}

static void test_meteor_lake_boxes_encode_the_six_bit_threshold_when_inactive(void)
{
	struct tl_none n;
	CU_ASSERT_EQUAL_FATAL(tl_start_on(NULL, SKX, 1), PFM_SUCCESS);
	CU_ASSERT_FALSE(tl_pmu_present("mtl_unc_hac_cbo1"));
	/* threshold config:24-29 (the kernel's adl/mtl format) */
	CU_ASSERT_EQUAL_FATAL(tl_none("mtl_unc_hac_cbo1::UNC_HAC_CBO_TOR_ALLOCATION.DRD:t=63", TL_PLM_UK, &n),
			      PFM_SUCCESS);
	CU_ASSERT_EQUAL(n.count, 1);
	CU_ASSERT_EQUAL(n.codes[0], 0x3f000135ULL);
	CU_ASSERT_EQUAL(tl_ret("mtl_unc_hac_cbo1::UNC_HAC_CBO_TOR_ALLOCATION.DRD:t=64"), PFM_ERR_ATTR_VAL);
	CU_ASSERT_EQUAL_FATAL(tl_none("mtl_unc_imc_free_running1::UNC_MC1_TOTAL_REQCOUNT_FREERUN", TL_PLM_UK, &n),
			      PFM_SUCCESS);
	CU_ASSERT_EQUAL(n.codes[0], 0x10ffULL);
	/* Haswell's box 0 counts perf's CLOCK and cbox_0 event once */
	CU_ASSERT_EQUAL_FATAL(tl_none("hsw_unc_cbo0::UNC_CLOCK.SOCKET", TL_PLM_UK, &n), PFM_SUCCESS);
	CU_ASSERT_EQUAL(n.codes[0], 0xffULL);
}

static void test_client_box_ids_are_pmuplugs_in_file_order(void)
{
	pfm_pmu_info_t info;
	CU_ASSERT_EQUAL_FATAL(tl_start_on(NULL, SKX, 1), PFM_SUCCESS);
	static const struct { const char *name; int id; } want[] = {
		{ "snb_unc_arb", 1400 }, { "ivb_unc_arb", 1401 }, { "hsw_unc_cbo0", 1402 }, { "hsw_unc_arb", 1406 },
		{ "skl_unc_cbo7", 1419 }, { "tgl_unc_imc_free_running1", 1426 }, { "adl_unc_imc0", 1429 },
		{ "adln_unc_clock", 1440 }, { "mtl_unc_clock", 1447 }, { "mtl_unc_imc_free_running1", 1453 },
	};
	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		int id = tl_pmu_named(want[i].name, &info);
		TL_ASSERT(id == want[i].id, "%s: id %d, want %d", want[i].name, id, want[i].id);
		TL_ASSERT(info.type == PFM_PMU_TYPE_UNCORE, "%s: type %d", want[i].name, info.type);
	}
}

static const struct tl_test tests[] = {
	TL_TEST(test_skylake_cboxes_are_present_for_the_cores_the_kernel_registers),
	TL_TEST(test_a_cbox_event_takes_its_boxs_type_and_the_kernels_cbox_bits),
	TL_TEST(test_the_uncore_clock_is_the_fixed_counter_of_cbox_0_only),
	TL_TEST(test_arb_events_by_perfs_dotted_name_and_libpfm4s_syntax),
	TL_TEST(test_rocket_lake_sees_its_own_boxes_and_not_tiger_or_ice_lakes),
	TL_TEST(test_alder_lake_boxes_are_present_with_their_kernel_pmus),
	TL_TEST(test_a_free_running_counter_encodes_event_ff_and_its_umask),
	TL_TEST(test_alder_lake_memory_controller_arb_and_clock_encode_for_their_kernel_pmus),
	TL_TEST(test_another_model_sees_no_client_box_on_a_client_tree),
	TL_TEST(test_meteor_lake_boxes_encode_the_six_bit_threshold_when_inactive),
	TL_TEST(test_client_box_ids_are_pmuplugs_in_file_order),
};

void uncore_client_register(void)
{
	tl_suite("uncore-client", NULL, NULL, tests);
}
