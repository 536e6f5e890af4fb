/*
 * test_uncore_sys.c - CUnit suite for the non-x86 uncore PMUs converted
 * from perf's JSON, through the public API: boxes of perf's system tables
 * (Arm CMN, i.MX8 DDR), present exactly when their kernel PMU exists and
 * its sysfs `identifier` matches the table's Compat; HiSilicon hip08 boxes
 * under upstream libpfm4's names, ids and event codes; the s390 PAI PMUs.
 * Fixtures: tests/fixtures/sysfs/armsys (arm_cmn_0 of a CMN-700,
 * identifier 43c03; arm_cmn_1 with identifier 50000, a part perf's table
 * does not name; imx8_ddr0 of an i.MX8MP; imx9_ddr0 without an identifier
 * file), tests/fixtures/sysfs/hip08
 * (hisi_sccl1_ddrc0, hisi_sccl1_hha2, hisi_sccl3_l3c0), and
 * tests/fixtures/sysfs/s390pai (cpum_cf, pai_crypto, pai_ext); plugins
 * with identifier patterns in tests/fixtures/sysfs/plugins-sys.
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

#define NEOVERSE_N1 "0x00000000410fd0c0"
#define KUNPENG "0x00000000480fd010"
#define Z16 "IBM,3931,703,A01,3.8,002f"
#define SKX "GenuineIntel-6-55-4"

static void test_a_cmn_box_is_present_when_its_kernel_pmu_exists_and_its_identifier_matches(void)
{
	CU_ASSERT_EQUAL_FATAL(tl_start_on("armsys", NEOVERSE_N1, 0), PFM_SUCCESS);
	/* arm_cmn_0 says 43c03, which perf's (434|436|43c|43a).* matches */
	CU_ASSERT_TRUE(tl_pmu_present("arm_cmn0"));
	/* arm_cmn_1 exists but says 50000: not the table's part */
	CU_ASSERT_FALSE(tl_pmu_present("arm_cmn1"));
	/* no kernel PMU arm_cmn_2 */
	CU_ASSERT_FALSE(tl_pmu_present("arm_cmn2"));
	/* the empty tree: no box */
	CU_ASSERT_EQUAL_FATAL(tl_start_on(NULL, NEOVERSE_N1, 0), PFM_SUCCESS);
	CU_ASSERT_FALSE(tl_pmu_present("arm_cmn0"));
}

static void test_a_kernel_pmu_no_table_identifies_is_built_from_sysfs_the_others_are_not(void)
{
	pfm_pmu_info_t info;
	struct tl_perf e;
	CU_ASSERT_EQUAL_FATAL(tl_start_on("armsys", NEOVERSE_N1, 0), PFM_SUCCESS);
	/* arm_cmn_1 (identifier 50000): a PMU of its own, from its sysfs directory */
	CU_ASSERT_TRUE(tl_pmu_present("arm_cmn_1"));
	CU_ASSERT_EQUAL_FATAL(tl_perf("arm_cmn_1::hnf_cache_miss", TL_PLM_UK, PFM_OS_PERF_EVENT_EXT, &e), PFM_SUCCESS);
	CU_ASSERT_EQUAL(e.attr.type, 31);
	CU_ASSERT_EQUAL(e.attr.config, 0x10005ULL);
	/* arm_cmn_0 is served by the table's arm_cmn0 */
	CU_ASSERT_EQUAL(tl_pmu_named("arm_cmn_0", &info), -1);
}

static void test_a_system_table_box_does_not_depend_on_the_host_cpu(void)
{
	/* perf applies a system table wherever the kernel PMU's identifier matches */
	CU_ASSERT_EQUAL_FATAL(tl_start_on("armsys", SKX, 0), PFM_SUCCESS);
	CU_ASSERT_TRUE(tl_pmu_present("arm_cmn0"));
	CU_ASSERT_TRUE(tl_pmu_present("imx8mp_ddr"));
}

static void test_of_the_ddr_tables_sharing_imx8_ddr0_only_the_identified_one_is_present(void)
{
	CU_ASSERT_EQUAL_FATAL(tl_start_on("armsys", NEOVERSE_N1, 0), PFM_SUCCESS);
	CU_ASSERT_TRUE(tl_pmu_present("imx8mp_ddr"));
	CU_ASSERT_FALSE(tl_pmu_present("imx8mm_ddr"));
	CU_ASSERT_FALSE(tl_pmu_present("imx8mn_ddr"));
	CU_ASSERT_FALSE(tl_pmu_present("imx8mq_ddr"));
	/* imx9_ddr0 exists but has no identifier file: no i.MX9 table applies */
	CU_ASSERT_FALSE(tl_pmu_present("imx93_ddr"));
	CU_ASSERT_FALSE(tl_pmu_present("imx95_ddr"));
}

static void test_a_cmn_event_puts_node_type_and_event_id_in_config_with_the_boxs_type_and_cpu(void)
{
	struct tl_perf e;
	pfm_pmu_info_t info;
	CU_ASSERT_EQUAL_FATAL(tl_start_on("armsys", NEOVERSE_N1, 0), PFM_SUCCESS);
	CU_ASSERT_EQUAL(tl_pmu_named("arm_cmn0", &info), 2600);
	CU_ASSERT_EQUAL(info.type, PFM_PMU_TYPE_UNCORE);
	CU_ASSERT_EQUAL_FATAL(tl_perf("arm_cmn0::HNF_CACHE_MISS", TL_PLM_UK, PFM_OS_PERF_EVENT_EXT, &e), PFM_SUCCESS);
	CU_ASSERT_EQUAL(e.attr.type, 30);		/* arm_cmn_0/type */
	CU_ASSERT_EQUAL(e.attr.config, 0x10005ULL);	/* type=0x5 (HN-F), eventid=0x1 */
	CU_ASSERT_EQUAL(e.cpu, 2);			/* arm_cmn_0/cpumask */
	CU_ASSERT_EQUAL(e.attr.exclude_user, 0);
	CU_ASSERT_EQUAL(e.attr.exclude_kernel, 0);
	/* the kernel's nodeid field (config:32-47) is a modifier */
	CU_ASSERT_EQUAL_FATAL(tl_perf("arm_cmn0::HNF_CACHE_MISS:nodeid=0x68", TL_PLM_UK, PFM_OS_PERF_EVENT, &e),
			      PFM_SUCCESS);
	CU_ASSERT_EQUAL(e.attr.config, 0x6800010005ULL);
}

static void test_an_imx8_ddr_event_encodes_its_event_number_through_imx8_ddr0(void)
{
	struct tl_perf e;
	CU_ASSERT_EQUAL_FATAL(tl_start_on("armsys", NEOVERSE_N1, 0), PFM_SUCCESS);
	CU_ASSERT_EQUAL_FATAL(tl_perf("imx8mp_ddr::IMX8MP_DDR:READ_CYCLES", TL_PLM_UK, PFM_OS_PERF_EVENT_EXT, &e),
			      PFM_SUCCESS);
	CU_ASSERT_EQUAL(e.attr.type, 32);
	CU_ASSERT_EQUAL(e.attr.config, 0x2aULL);
	CU_ASSERT_EQUAL(e.cpu, 0);
	/* the AXI filter of config1 */
	CU_ASSERT_EQUAL_FATAL(tl_perf("imx8mp_ddr::IMX8MP_DDR:READ:axi_id=0x12:axi_mask=0xffff", TL_PLM_UK,
				      PFM_OS_PERF_EVENT, &e), PFM_SUCCESS);
	CU_ASSERT_EQUAL(e.attr.config, 0x35ULL);
	CU_ASSERT_EQUAL(e.attr.config1, 0xffff0012ULL);
}

static void test_hip08_boxes_are_present_with_the_host_model_and_their_kernel_pmu(void)
{
	CU_ASSERT_EQUAL_FATAL(tl_start_on("hip08", KUNPENG, 0), PFM_SUCCESS);
	CU_ASSERT_TRUE(tl_pmu_present("hisi_sccl1_ddrc0"));
	CU_ASSERT_TRUE(tl_pmu_present("hisi_sccl1_hha2"));
	CU_ASSERT_TRUE(tl_pmu_present("hisi_sccl3_l3c0"));
	CU_ASSERT_FALSE(tl_pmu_present("hisi_sccl1_ddrc1"));
	CU_ASSERT_FALSE(tl_pmu_present("hisi_sccl7_l3c23"));
	/* another CPU: the same tree gives no box */
	CU_ASSERT_EQUAL_FATAL(tl_start_on("hip08", NEOVERSE_N1, 0), PFM_SUCCESS);
	CU_ASSERT_FALSE(tl_pmu_present("hisi_sccl1_ddrc0"));
}

static void test_hip08_boxes_have_libpfm4s_names_ids_and_event_codes(void)
{
	static const struct { const char *pmu; int id; } ids[] = {
		{ "hisi_sccl1_ddrc0", 456 }, { "hisi_sccl7_ddrc3", 471 }, { "hisi_sccl1_hha2", 472 },
		{ "hisi_sccl7_hha5", 479 }, { "hisi_sccl1_l3c10", 480 }, { "hisi_sccl1_l3c8", 486 },
		{ "hisi_sccl3_l3c0", 488 }, { "hisi_sccl7_l3c23", 511 },
	};
	pfm_pmu_info_t info;
	CU_ASSERT_EQUAL_FATAL(tl_start_on(NULL, KUNPENG, 1), PFM_SUCCESS);
	for (size_t i = 0; i < sizeof(ids) / sizeof(ids[0]); i++)
		TL_ASSERT(tl_pmu_named(ids[i].pmu, &info) == ids[i].id, "%s should have id %d", ids[i].pmu, ids[i].id);
	/* upstream's spelling and codes */
	static const struct { const char *ev; uint64_t code; } codes[] = {
		{ "hisi_sccl1_ddrc0::flux_rd", 0x1 }, { "hisi_sccl1_ddrc0::rw_chg", 0x7 },
		{ "hisi_sccl1_hha2::spill_success", 0x21 }, { "hisi_sccl3_l3c0::prefetch_drop", 0x42 },
		{ "hisi_sccl3_l3c0::back_invalid", 0x29 },
	};
	for (size_t i = 0; i < sizeof(codes) / sizeof(codes[0]); i++) {
		struct tl_none n;
		int ret = tl_none(codes[i].ev, TL_PLM_UK, &n);
		TL_ASSERT(ret == PFM_SUCCESS, "%s: %s", codes[i].ev, pfm_strerror(ret));
		if (ret != PFM_SUCCESS)
			continue;
		TL_ASSERT(n.count == 1 && n.codes[0] == codes[i].code, "%s: 0x%llx, want 0x%llx", codes[i].ev,
			  (unsigned long long)n.codes[0], (unsigned long long)codes[i].code);
		pfm_event_info_t ei;
		memset(&ei, 0, sizeof(ei));
		ei.size = sizeof(ei);
		CU_ASSERT_EQUAL(pfm_get_event_info(n.idx, PFM_OS_NONE, &ei), PFM_SUCCESS);
		TL_ASSERT(ei.code == codes[i].code, "%s: pfm_event_info.code 0x%llx", codes[i].ev,
			  (unsigned long long)ei.code);
	}
}

static void test_a_hip08_box_encodes_with_its_own_kernel_pmu_type(void)
{
	struct tl_perf e;
	CU_ASSERT_EQUAL_FATAL(tl_start_on("hip08", KUNPENG, 0), PFM_SUCCESS);
	CU_ASSERT_EQUAL_FATAL(tl_perf("hisi_sccl3_l3c0::rd_hit_cpipe", TL_PLM_UK, PFM_OS_PERF_EVENT_EXT, &e),
			      PFM_SUCCESS);
	CU_ASSERT_EQUAL(e.attr.type, 42);
	CU_ASSERT_EQUAL(e.attr.config, 0x2ULL);
	CU_ASSERT_EQUAL(tl_event_pmu(e.idx), 488);
	CU_ASSERT_EQUAL_FATAL(tl_perf("hisi_sccl1_ddrc0::act_cmd", TL_PLM_UK, PFM_OS_PERF_EVENT_EXT, &e),
			      PFM_SUCCESS);
	CU_ASSERT_EQUAL(e.attr.type, 40);
	CU_ASSERT_EQUAL(e.attr.config, 0x5ULL);
	/* the v1 DDRC event field is 5 bits wide (config:0-4) */
	CU_ASSERT_NOT_EQUAL(tl_perf("hisi_sccl1_ddrc0::flux_wr:event=0x20", TL_PLM_UK, PFM_OS_PERF_EVENT, &e),
			    PFM_SUCCESS);
}

static void test_pai_pmus_count_their_counter_number_with_the_sysfs_type(void)
{
	struct tl_perf e;
	pfm_pmu_info_t info;
	CU_ASSERT_EQUAL_FATAL(tl_start_on("s390pai", Z16, 0), PFM_SUCCESS);
	CU_ASSERT_TRUE(tl_pmu_present("pai_crypto"));
	CU_ASSERT_TRUE(tl_pmu_present("pai_ext"));
	CU_ASSERT_EQUAL(tl_pmu_named("pai_crypto", &info), 2800);
	CU_ASSERT_EQUAL(tl_pmu_named("pai_ext", &info), 2801);
	CU_ASSERT_EQUAL_FATAL(tl_perf("pai_crypto::CRYPTO_ALL", TL_PLM_UK, PFM_OS_PERF_EVENT_EXT, &e), PFM_SUCCESS);
	CU_ASSERT_EQUAL(e.attr.type, 9);
	CU_ASSERT_EQUAL(e.attr.config, 0x1000ULL);
	CU_ASSERT_EQUAL_FATAL(tl_perf("pai_ext::NNPA_ALL", TL_PLM_UK, PFM_OS_PERF_EVENT_EXT, &e), PFM_SUCCESS);
	CU_ASSERT_EQUAL(e.attr.type, 10);
	CU_ASSERT_EQUAL(e.attr.config, 0x1800ULL);
	/* pai_ext refuses exclude_user: no privilege level reaches the attr */
	CU_ASSERT_EQUAL(e.attr.exclude_user, 0);
	CU_ASSERT_EQUAL(e.attr.exclude_kernel, 0);
	CU_ASSERT_EQUAL(tl_perf("pai_ext::NNPA_ALL:u", TL_PLM_UK, PFM_OS_PERF_EVENT_EXT, &e), PFM_ERR_ATTR);
}

static void test_pai_pmus_need_a_z16_and_their_kernel_pmu(void)
{
	CU_ASSERT_EQUAL_FATAL(tl_start_on(NULL, Z16, 0), PFM_SUCCESS);
	CU_ASSERT_FALSE(tl_pmu_present("pai_crypto"));
	CU_ASSERT_EQUAL_FATAL(tl_start_on("s390pai", "IBM,8561,703,A01,3.6,002f", 0), PFM_SUCCESS);
	CU_ASSERT_FALSE(tl_pmu_present("pai_crypto"));
	CU_ASSERT_FALSE(tl_pmu_present("pai_ext"));
}

static void test_a_plugin_pmu_with_identifier_patterns_is_present_only_where_one_matches(void)
{
	char dir[1024];
	struct tl_perf e;
	pfm_terminate();
	snprintf(dir, sizeof(dir), "%s/plugins-sys", tl_fixtures);
	tl_env_reset();
	char root[1024];
	snprintf(root, sizeof(root), "%s/armsys", tl_fixtures);
	tl_env("LIBPFM_SYSROOT", root);
	tl_env("LIBPFM_CPUID", NEOVERSE_N1);
	tl_env("LIBPFM_PLUGIN_PATH", dir);
	CU_ASSERT_EQUAL_FATAL(pfm_initialize(), PFM_SUCCESS);
	/* arm_cmn_1 says 50000: 5000[0-9] matches, 6.* and 5000 (a whole match) do not */
	CU_ASSERT_TRUE(tl_pmu_present("sys_cmn_b"));
	CU_ASSERT_FALSE(tl_pmu_present("sys_cmn_c"));
	CU_ASSERT_EQUAL_FATAL(tl_perf("sys_cmn_b::HNF_CACHE_MISS", TL_PLM_UK, PFM_OS_PERF_EVENT_EXT, &e), PFM_SUCCESS);
	CU_ASSERT_EQUAL(e.attr.type, 31);
	CU_ASSERT_EQUAL(e.attr.config, 0x10005ULL);
	tl_env("LIBPFM_PLUGIN_PATH", NULL);
}

static const struct tl_test tests[] = {
	TL_TEST(test_a_cmn_box_is_present_when_its_kernel_pmu_exists_and_its_identifier_matches),
	TL_TEST(test_a_kernel_pmu_no_table_identifies_is_built_from_sysfs_the_others_are_not),
	TL_TEST(test_a_system_table_box_does_not_depend_on_the_host_cpu),
	TL_TEST(test_of_the_ddr_tables_sharing_imx8_ddr0_only_the_identified_one_is_present),
	TL_TEST(test_a_cmn_event_puts_node_type_and_event_id_in_config_with_the_boxs_type_and_cpu),
	TL_TEST(test_an_imx8_ddr_event_encodes_its_event_number_through_imx8_ddr0),
	TL_TEST(test_hip08_boxes_are_present_with_the_host_model_and_their_kernel_pmu),
	TL_TEST(test_hip08_boxes_have_libpfm4s_names_ids_and_event_codes),
	TL_TEST(test_a_hip08_box_encodes_with_its_own_kernel_pmu_type),
	TL_TEST(test_pai_pmus_count_their_counter_number_with_the_sysfs_type),
	TL_TEST(test_pai_pmus_need_a_z16_and_their_kernel_pmu),
	TL_TEST(test_a_plugin_pmu_with_identifier_patterns_is_present_only_where_one_matches),
};

int main(int argc, char **argv)
{
	if (argc > 1)
		tl_fixtures = argv[1];
	tl_env_reset();
	tl_suite("uncore-sys", NULL, NULL, tests);
	int status = tl_run("uncore_sys");
	pfm_terminate();
	return status;
}
