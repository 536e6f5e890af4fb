/*
 * SPDX-License-Identifier: MIT
 * tests/sysfs/test_uncore_sys.c - suite uncore-sys of test_public uncore (suites.h):
 * the non-x86 uncore PMUs converted from perf's JSON, through the public
 * API: boxes of perf's system tables (Arm CMN, i.MX8 DDR), present exactly
 * when their kernel PMU exists and its sysfs `identifier` matches the
 * table's Compat; HiSilicon hip08 boxes under upstream libpfm4's names,
 * ids and event codes; the s390 PAI PMUs. Fixtures:
 * tests/fixtures/sysfs/armsys (arm_cmn_0 of a CMN-700, identifier 43c03;
 * arm_cmn_1 with identifier 50000, a part perf's table does not name;
 * imx8_ddr0 of an i.MX8MP; imx9_ddr0 without an identifier file),
 * tests/fixtures/sysfs/hip08 (hisi_sccl1_ddrc0, hisi_sccl1_hha2,
 * hisi_sccl3_l3c0), and tests/fixtures/sysfs/s390pai (cpum_cf, pai_crypto,
 * pai_ext); plugins with identifier patterns in
 * tests/fixtures/sysfs/plugins-sys; boxes named at run time
 * (perf_pmu_pattern) in tests/fixtures/sysfs/armrt (ali_drw_1e000000 and
 * ali_drw_2e000000, types 40 and 41, cpus 0 and 64; hisi_sicl2_cpa0, type
 * 42, cpu 32, identifier 0x00000030; hisi_sicl4_cpa0 with identifier
 * 0x00000040, a part perf's table does not name, and a sysfs event
 * `cycles`), and a plugin with a pattern in
 * tests/fixtures/sysfs/plugins-rt.
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

/* the id of PMU name, -1 when absent; *nev its event count */
static int pmu_id(const char *name, int *nev, int *type)
{
	pfm_pmu_info_t info;
	int id = tl_pmu_named(name, &info);
	if (id >= 0) {
		*nev = info.nevents;
		*type = info.type;
	}
	return id;
}

static void test_each_kernel_pmu_a_pattern_matches_becomes_a_pmu_with_the_tables_events(void)
{
	int n1 = 0, n2 = 0, nc = 0, t1 = 0, t2 = 0, tc = 0;
	CU_ASSERT_EQUAL_FATAL(tl_start_on("armrt", NEOVERSE_N1, 0), PFM_SUCCESS);
	CU_ASSERT_TRUE(tl_pmu_present("ali_drw_1e000000"));
	CU_ASSERT_TRUE(tl_pmu_present("ali_drw_2e000000"));
	CU_ASSERT_TRUE(tl_pmu_present("hisi_sicl2_cpa0"));
	int a = pmu_id("ali_drw_1e000000", &n1, &t1), b = pmu_id("ali_drw_2e000000", &n2, &t2);
	int c = pmu_id("hisi_sicl2_cpa0", &nc, &tc);
	/* ids from the sysfs range, distinct */
	CU_ASSERT_TRUE(a >= 768 && a <= 1022 && b >= 768 && b <= 1022 && c >= 768 && c <= 1022);
	CU_ASSERT_TRUE(a != b && a != c && b != c);
	CU_ASSERT_EQUAL(t1, PFM_PMU_TYPE_UNCORE);
	CU_ASSERT_EQUAL(tc, PFM_PMU_TYPE_UNCORE);
	/* the table's events: both ali_drw boxes alike, and as many as the table PMU */
	int nt = 0, tt = 0;
	CU_ASSERT_TRUE(pmu_id("ali_drw", &nt, &tt) > 0);
	CU_ASSERT_TRUE(n1 > 50);
	CU_ASSERT_EQUAL(n1, n2);
	CU_ASSERT_EQUAL(n1, nt);
	/* the table PMU stands for no kernel PMU of its own */
	CU_ASSERT_FALSE(tl_pmu_present("ali_drw"));
	CU_ASSERT_FALSE(tl_pmu_present("hisi_sicl_cpa"));
}

static void test_a_pattern_box_encodes_with_its_kernel_pmus_type_and_cpu(void)
{
	struct tl_perf e;
	CU_ASSERT_EQUAL_FATAL(tl_start_on("armrt", NEOVERSE_N1, 0), PFM_SUCCESS);
	CU_ASSERT_EQUAL_FATAL(tl_perf("ali_drw_1e000000::CHI_RXDAT", TL_PLM_UK, PFM_OS_PERF_EVENT_EXT, &e), PFM_SUCCESS);
	CU_ASSERT_EQUAL(e.attr.type, 40);
	CU_ASSERT_EQUAL(e.attr.config, 0x3bULL);
	CU_ASSERT_EQUAL(e.cpu, 0);
	CU_ASSERT_STRING_EQUAL(e.fstr, "ali_drw_1e000000::CHI_RXDAT:excl=0");
	CU_ASSERT_EQUAL_FATAL(tl_perf("ali_drw_2e000000::CHI_RXDAT", TL_PLM_UK, PFM_OS_PERF_EVENT_EXT, &e), PFM_SUCCESS);
	CU_ASSERT_EQUAL(e.attr.type, 41);
	CU_ASSERT_EQUAL(e.cpu, 64);
	/* perf's spelling */
	CU_ASSERT_EQUAL_FATAL(tl_perf("hisi_sicl2_cpa0/cpa_p1_wr_dat/", TL_PLM_UK, PFM_OS_PERF_EVENT_EXT, &e), PFM_SUCCESS);
	CU_ASSERT_EQUAL(e.attr.type, 42);
	CU_ASSERT_EQUAL(e.attr.config, 0x61ULL);
	CU_ASSERT_EQUAL(e.cpu, 32);
}

static void test_a_kernel_pmu_whose_identifier_misses_is_built_from_sysfs_a_matched_one_is_not(void)
{
	pfm_pmu_info_t info;
	int n = 0, t = 0;
	CU_ASSERT_EQUAL_FATAL(tl_start_on("armrt", NEOVERSE_N1, 0), PFM_SUCCESS);
	/* hisi_sicl4_cpa0 says 0x00000040: a PMU built from its directory,
	 * with the sysfs format only (no table event) */
	CU_ASSERT_TRUE(pmu_id("hisi_sicl4_cpa0", &n, &t) >= 0);
	CU_ASSERT_EQUAL(tl_ret("hisi_sicl4_cpa0::CPA_CYCLES"), PFM_ERR_NOTFOUND);
	/* the matched ones are there once: one PMU per name */
	int seen = 0;
	for (int id = 0; id < PFM_PMU_MAX; id++) {
		memset(&info, 0, sizeof(info));
		info.size = sizeof(info);
		if (pfm_get_pmu_info(id, &info) == PFM_SUCCESS)
			seen += !strcmp(info.name, "ali_drw_1e000000") || !strcmp(info.name, "hisi_sicl2_cpa0");
	}
	CU_ASSERT_EQUAL(seen, 2);
}

static void test_no_pattern_box_without_its_kernel_pmu(void)
{
	CU_ASSERT_EQUAL_FATAL(tl_start_on(NULL, NEOVERSE_N1, 0), PFM_SUCCESS);
	CU_ASSERT_EQUAL(tl_ret("ali_drw_1e000000::CHI_RXDAT"), PFM_ERR_NOTFOUND);
	CU_ASSERT_FALSE(tl_pmu_present("ali_drw"));
	/* armsys has CMN and DDR boxes, none the patterns match */
	CU_ASSERT_EQUAL_FATAL(tl_start_on("armsys", NEOVERSE_N1, 0), PFM_SUCCESS);
	pfm_pmu_info_t info;
	for (int id = 0; id < PFM_PMU_MAX; id++) {
		memset(&info, 0, sizeof(info));
		info.size = sizeof(info);
		if (pfm_get_pmu_info(id, &info) == PFM_SUCCESS)
			CU_ASSERT_TRUE(strncmp(info.name, "ali_drw_", 8) && strncmp(info.name, "hisi_sicl2", 10));
	}
}

static void test_pattern_box_ids_are_the_same_after_pfm_terminate_and_pfm_initialize(void)
{
	int n = 0, t = 0;
	CU_ASSERT_EQUAL_FATAL(tl_start_on("armrt", NEOVERSE_N1, 0), PFM_SUCCESS);
	int a = pmu_id("ali_drw_1e000000", &n, &t), b = pmu_id("ali_drw_2e000000", &n, &t);
	int c = pmu_id("hisi_sicl2_cpa0", &n, &t), d = pmu_id("hisi_sicl4_cpa0", &n, &t);
	CU_ASSERT_TRUE(a > 0 && b > 0 && c > 0 && d > 0);
	CU_ASSERT_TRUE(d != a && d != b && d != c);
	CU_ASSERT_EQUAL_FATAL(tl_start_on("armrt", NEOVERSE_N1, 0), PFM_SUCCESS);
	CU_ASSERT_EQUAL(pmu_id("ali_drw_1e000000", &n, &t), a);
	CU_ASSERT_EQUAL(pmu_id("ali_drw_2e000000", &n, &t), b);
	CU_ASSERT_EQUAL(pmu_id("hisi_sicl2_cpa0", &n, &t), c);
	CU_ASSERT_EQUAL(pmu_id("hisi_sicl4_cpa0", &n, &t), d);
}

static void test_a_plugin_pattern_box_takes_the_kernel_pmu_its_identifier_names(void)
{
	char dir[1024], root[1024];
	struct tl_perf e;
	int n = 0, t = 0;
	pfm_terminate();
	tl_env_reset();
	snprintf(dir, sizeof(dir), "%s/plugins-rt", tl_fixtures);
	snprintf(root, sizeof(root), "%s/armrt", tl_fixtures);
	tl_env("LIBPFM_SYSROOT", root);
	tl_env("LIBPFM_CPUID", NEOVERSE_N1);
	tl_env("LIBPFM_PLUGIN_PATH", dir);
	CU_ASSERT_EQUAL_FATAL(pfm_initialize(), PFM_SUCCESS);
	/* hisi_sicl4_cpa0 (0x00000040) is the plugin's box, not built from sysfs */
	CU_ASSERT_TRUE(tl_pmu_present("hisi_sicl4_cpa0"));
	CU_ASSERT_EQUAL(pmu_id("hisi_sicl4_cpa0", &n, &t) >= 768 && n == 1, 1);
	CU_ASSERT_EQUAL_FATAL(tl_perf("hisi_sicl4_cpa0::CPA_P0_RD", TL_PLM_UK, PFM_OS_PERF_EVENT_EXT, &e), PFM_SUCCESS);
	CU_ASSERT_EQUAL(e.attr.type, 43);
	CU_ASSERT_EQUAL(e.attr.config, 0x44ULL);
	CU_ASSERT_EQUAL(e.cpu, 96);
	CU_ASSERT_EQUAL(tl_ret("hisi_sicl4_cpa0::cycles"), PFM_ERR_NOTFOUND);
	/* hisi_sicl2_cpa0 (0x00000030) stays the built-in table's */
	CU_ASSERT_EQUAL(tl_ret("hisi_sicl2_cpa0::CPA_CYCLES"), PFM_SUCCESS);
	CU_ASSERT_FALSE(tl_pmu_present("rt_cpa"));
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
	TL_TEST(test_each_kernel_pmu_a_pattern_matches_becomes_a_pmu_with_the_tables_events),
	TL_TEST(test_a_pattern_box_encodes_with_its_kernel_pmus_type_and_cpu),
	TL_TEST(test_a_kernel_pmu_whose_identifier_misses_is_built_from_sysfs_a_matched_one_is_not),
	TL_TEST(test_no_pattern_box_without_its_kernel_pmu),
	TL_TEST(test_pattern_box_ids_are_the_same_after_pfm_terminate_and_pfm_initialize),
	TL_TEST(test_a_plugin_pattern_box_takes_the_kernel_pmu_its_identifier_names),
};

void uncore_sys_register(void)
{
	tl_suite("uncore-sys", NULL, NULL, tests);
}
