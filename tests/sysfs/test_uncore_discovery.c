/*
 * SPDX-License-Identifier: MIT
 * tests/sysfs/test_uncore_discovery.c - suite uncore-discovery of test_public uncore (suites.h):
 * the uncore boxes the kernel enumerates from the discovery table (Granite
 * Rapids, Sierra Forest, Grand Ridge; Sapphire Rapids' MDF and unnamed
 * UBOX) through the public API: a box is present exactly when its kernel
 * PMU is, attr.type and the default cpu come from that PMU's directory,
 * perf's wide UMask lands on the kernel's format bits. Fixtures:
 * tests/fixtures/sysfs/gnr2s, a two-socket Granite Rapids tree (cpumask
 * 0,128; CHA 0, 1 and 127, IIO 0-1, IMC 0 and 11, B2CMI 0-1, UPI 0 and 5,
 * PCU 0, MDF SBO 2 and the UBOX, which no perf Unit names), and
 * tests/fixtures/sysfs/spr2s (with uncore_type_5, the UBOX, and
 * uncore_mdf_0).
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

#define GNR "GenuineIntel-6-AD-1"
#define SRF "GenuineIntel-6-AF-3"
#define GRR "GenuineIntel-6-B6-0"
#define SPR "GenuineIntel-6-8F-8"

static void test_gnr_boxes_are_present_exactly_where_their_kernel_pmu_is(void)
{
	CU_ASSERT_EQUAL_FATAL(tl_start_on("gnr2s", GNR, 0), PFM_SUCCESS);
	static const char *const here[] = { "gnr", "gnr_unc_cha0", "gnr_unc_cha1", "gnr_unc_cha127",
					    "gnr_unc_iio0", "gnr_unc_iio1", "gnr_unc_imc0", "gnr_unc_imc11",
					    "gnr_unc_b2cmi0", "gnr_unc_b2cmi1", "gnr_unc_upi0", "gnr_unc_upi5",
					    "gnr_unc_pcu0", "gnr_unc_mdf2" };
	/* not in the tree; CHACMS: Linux 6.12 registers no uncore_chacms_<n> */
	static const char *const absent[] = { "gnr_unc_cha2", "gnr_unc_cha126", "gnr_unc_iio2", "gnr_unc_imc1",
					      "gnr_unc_b2cmi2", "gnr_unc_upi1", "gnr_unc_pcu1", "gnr_unc_mdf0",
					      "gnr_unc_irp0", "gnr_unc_b2upi0", "gnr_unc_b2cxl0", "gnr_unc_b2hot0",
					      "gnr_unc_cxlcm0", "gnr_unc_cxldp0", "gnr_unc_chacms0",
					      "spr_unc_cha0", "spr_unc_imc0", "srf_unc_cha0", "grr_unc_cha0" };
	for (size_t i = 0; i < sizeof(here) / sizeof(here[0]); i++)
		TL_ASSERT(tl_pmu_present(here[i]), "%s should be present", here[i]);
	for (size_t i = 0; i < sizeof(absent) / sizeof(absent[0]); i++)
		TL_ASSERT(!tl_pmu_present(absent[i]), "%s should not be present", absent[i]);
}

static void test_gnr_boxes_are_uncore_pmus_with_ids_of_pmuplugs_range_sharing_one_event_list(void)
{
	pfm_pmu_info_t a, b;
	CU_ASSERT_EQUAL_FATAL(tl_start_on("gnr2s", GNR, 0), PFM_SUCCESS);
	CU_ASSERT_EQUAL(tl_pmu_named("gnr_unc_cha0", &a), 1698);
	CU_ASSERT_EQUAL(tl_pmu_named("gnr_unc_cha127", &b), 1825);
	CU_ASSERT_EQUAL(a.type, PFM_PMU_TYPE_UNCORE);
	CU_ASSERT_EQUAL(b.type, PFM_PMU_TYPE_UNCORE);
	CU_ASSERT(a.nevents > 0);
	CU_ASSERT_EQUAL(a.nevents, b.nevents);
	CU_ASSERT_EQUAL(tl_pmu_named("gnr_unc_imc0", &a), 684);
	CU_ASSERT_EQUAL(tl_pmu_named("gnr_unc_pcu0", &a), 2054);
	CU_ASSERT_EQUAL(tl_pmu_named("gnr_unc_mdf2", &a), 2081);
}

static void test_gnr_boxes_encode_with_their_kernel_pmus_type_format_and_first_cpu(void)
{
	struct tl_perf e;
	CU_ASSERT_EQUAL_FATAL(tl_start_on("gnr2s", GNR, 0), PFM_SUCCESS);
	/* CHA: umask config:8-15,32-63 holds perf's UMask 0xc817fe01 */
	CU_ASSERT_EQUAL_FATAL(tl_perf("gnr_unc_cha127::UNC_CHA_TOR_INSERTS.IA_MISS_DRD", TL_PLM_UK,
				      PFM_OS_PERF_EVENT_EXT, &e), PFM_SUCCESS);
	CU_ASSERT_EQUAL(e.attr.type, 22);	/* uncore_cha_127/type */
	CU_ASSERT_EQUAL(e.attr.config, 0xc817fe00000135ULL);
	CU_ASSERT_EQUAL(e.cpu, 0);		/* first of cpumask 0,128 */
	CU_ASSERT_EQUAL(tl_event_pmu(e.idx), 1825);
	CU_ASSERT_EQUAL(e.attr.exclude_user, 0);
	CU_ASSERT_EQUAL(e.attr.exclude_kernel, 0);
	/* B2CMI: umask_ext4, UMask 0x104: 0x04 at config:8-15, 0x1 at config:32 */
	CU_ASSERT_EQUAL_FATAL(tl_perf("gnr_unc_b2cmi1::UNC_B2CMI_IMC_READS.ALL", TL_PLM_UK, PFM_OS_PERF_EVENT_EXT,
				      &e), PFM_SUCCESS);
	CU_ASSERT_EQUAL(e.attr.type, 28);
	CU_ASSERT_EQUAL(e.attr.config, 0x100000424ULL);
	CU_ASSERT_EQUAL_FATAL(tl_perf("gnr_unc_imc11::UNC_M_CAS_COUNT_SCH0.RD", TL_PLM_UK, PFM_OS_PERF_EVENT_EXT,
				      &e), PFM_SUCCESS);
	CU_ASSERT_EQUAL(e.attr.type, 26);
	CU_ASSERT_EQUAL(e.attr.config, 0xcf05);
	/* generic format boxes: uncore_pcu_0, uncore_mdf_sbo_2 (perf's MDF Unit) */
	CU_ASSERT_EQUAL_FATAL(tl_perf("gnr_unc_pcu0::UNC_P_CLOCKTICKS", TL_PLM_UK, PFM_OS_PERF_EVENT_EXT, &e),
			      PFM_SUCCESS);
	CU_ASSERT_EQUAL(e.attr.type, 31);
	CU_ASSERT_EQUAL(e.attr.config, 0x1);
	CU_ASSERT_EQUAL_FATAL(tl_perf("gnr_unc_mdf2::UNC_MDF_CLOCKTICKS", TL_PLM_UK, PFM_OS_PERF_EVENT_EXT, &e),
			      PFM_SUCCESS);
	CU_ASSERT_EQUAL(e.attr.type, 32);
	CU_ASSERT_EQUAL(e.attr.config, 0x1);
	/* edge and threshold at the kernel's bits 18 and 24-31 */
	CU_ASSERT_EQUAL_FATAL(tl_perf("gnr_unc_upi5::UNC_UPI_TxL_FLITS.ALL_DATA:e:t=2", TL_PLM_UK,
				      PFM_OS_PERF_EVENT, &e), PFM_SUCCESS);
	CU_ASSERT_EQUAL(e.attr.type, 30);
	CU_ASSERT_EQUAL(e.attr.config, 0x2040f02ULL);
	/* a given cpu wins over the cpumask; privilege modifiers are refused */
	CU_ASSERT_EQUAL_FATAL(tl_perf("gnr_unc_imc0::UNC_M_CAS_COUNT_SCH0.RD:cpu=128", TL_PLM_UK,
				      PFM_OS_PERF_EVENT_EXT, &e), PFM_SUCCESS);
	CU_ASSERT_EQUAL(e.cpu, 128);
	CU_ASSERT_EQUAL(e.attr.type, 25);
	CU_ASSERT_EQUAL(tl_ret("gnr_unc_imc0::UNC_M_CAS_COUNT_SCH0.RD:u"), PFM_ERR_ATTR);
}

static void test_gnr_iio_wide_umask_splits_over_umask_port_and_fc_masks(void)
{
	struct tl_perf e;
	CU_ASSERT_EQUAL_FATAL(tl_start_on("gnr2s", GNR, 0), PFM_SUCCESS);
	/* UMask 0x7001004: umask 0x04, ch_mask 0x001 at config:36-47, fc_mask 7 at config:48-50 */
	CU_ASSERT_EQUAL_FATAL(tl_perf("gnr_unc_iio1::UNC_IIO_DATA_REQ_OF_CPU.MEM_READ.PART0", TL_PLM_UK,
				      PFM_OS_PERF_EVENT_EXT, &e), PFM_SUCCESS);
	CU_ASSERT_EQUAL(e.attr.type, 24);
	CU_ASSERT_EQUAL(e.attr.config, 0x7001000000483ULL);
	/* UMask 0x700f020 holds ports 0x0f, PortMask 0xff: perf ORs the terms, 0xff stands */
	CU_ASSERT_EQUAL_FATAL(tl_perf("gnr_unc_iio0::UNC_IIO_NUM_OUTSTANDING_REQ_OF_CPU.DATA", TL_PLM_UK,
				      PFM_OS_PERF_EVENT_EXT, &e), PFM_SUCCESS);
	CU_ASSERT_EQUAL(e.attr.type, 23);
	CU_ASSERT_EQUAL(e.attr.config, 0x70ff000002088ULL);
}

static void test_srf_and_grr_identities_see_their_own_boxes_not_gnrs_on_the_same_kernel_names(void)
{
	struct tl_perf e;
	CU_ASSERT_EQUAL_FATAL(tl_start_on("gnr2s", SRF, 0), PFM_SUCCESS);
	CU_ASSERT(tl_pmu_present("srf"));
	CU_ASSERT(tl_pmu_present("srf_unc_cha127"));
	CU_ASSERT(tl_pmu_present("srf_unc_upi5"));
	CU_ASSERT(tl_pmu_present("srf_unc_mdf2"));
	CU_ASSERT_FALSE(tl_pmu_present("srf_unc_cha2"));
	static const char *const gnr[] = { "gnr", "gnr_unc_cha0", "gnr_unc_imc0", "gnr_unc_iio0", "gnr_unc_pcu0",
					   "gnr_unc_upi0", "gnr_unc_b2cmi0", "gnr_unc_mdf2", "grr_unc_cha0" };
	for (size_t i = 0; i < sizeof(gnr) / sizeof(gnr[0]); i++)
		TL_ASSERT(!tl_pmu_present(gnr[i]), "%s should not be present on Sierra Forest", gnr[i]);
	CU_ASSERT_EQUAL_FATAL(tl_perf("srf_unc_cha1::UNC_CHA_CLOCKTICKS", TL_PLM_UK, PFM_OS_PERF_EVENT_EXT, &e),
			      PFM_SUCCESS);
	CU_ASSERT_EQUAL(e.attr.type, 21);
	CU_ASSERT_EQUAL(tl_event_pmu(e.idx), 2096);
	CU_ASSERT_EQUAL(tl_ret("gnr_unc_cha1::UNC_CHA_CLOCKTICKS"), PFM_ERR_NOTFOUND);
	/* Grand Ridge: one PCU, uncore_pcu, which the tree lacks */
	CU_ASSERT_EQUAL_FATAL(tl_start_on("gnr2s", GRR, 0), PFM_SUCCESS);
	CU_ASSERT(tl_pmu_present("grr_unc_cha0"));
	CU_ASSERT(tl_pmu_present("grr_unc_imc0"));
	CU_ASSERT_FALSE(tl_pmu_present("grr_unc_pcu"));
	CU_ASSERT_FALSE(tl_pmu_present("gnr_unc_cha0"));
	CU_ASSERT_FALSE(tl_pmu_present("srf_unc_cha0"));
}

static void test_gnr_boxes_without_sysfs_encode_raw_codes_only_when_inactive(void)
{
	struct tl_none n;
	struct tl_perf e;
	CU_ASSERT_EQUAL_FATAL(tl_start_on(NULL, GNR, 1), PFM_SUCCESS);
	CU_ASSERT_FALSE(tl_pmu_present("gnr_unc_cha0"));
	CU_ASSERT_EQUAL_FATAL(tl_none("gnr_unc_chacms3::UNC_CHACMS_CLOCKTICKS", TL_PLM_UK, &n), PFM_SUCCESS);
	CU_ASSERT_EQUAL(n.count, 1);
	CU_ASSERT_EQUAL(n.codes[0], 0x1);
	CU_ASSERT_EQUAL(tl_perf("gnr_unc_chacms3::UNC_CHACMS_CLOCKTICKS", TL_PLM_UK, PFM_OS_PERF_EVENT_EXT, &e),
			PFM_ERR_NOTSUPP);
	CU_ASSERT_EQUAL_FATAL(tl_start_on(NULL, GNR, 0), PFM_SUCCESS);
	CU_ASSERT_NOT_EQUAL(tl_none("gnr_unc_cha0::UNC_CHA_CLOCKTICKS", TL_PLM_UK, &n), PFM_SUCCESS);
}

static void test_spr_ubox_is_the_unnamed_discovery_type_5_and_mdf_the_named_type(void)
{
	struct tl_perf e;
	pfm_pmu_info_t a;
	CU_ASSERT_EQUAL_FATAL(tl_start_on("spr2s", SPR, 0), PFM_SUCCESS);
	CU_ASSERT(tl_pmu_present("spr_unc_ubox"));
	CU_ASSERT(tl_pmu_present("spr_unc_mdf0"));
	CU_ASSERT_FALSE(tl_pmu_present("spr_unc_mdf1"));
	CU_ASSERT_FALSE(tl_pmu_present("spr_unc_m2hbm0"));
	CU_ASSERT_FALSE(tl_pmu_present("spr_unc_mchbm0"));
	CU_ASSERT_FALSE(tl_pmu_present("emr_unc_ubox"));
	CU_ASSERT_EQUAL(tl_pmu_named("spr_unc_ubox", &a), 1600);
	CU_ASSERT_EQUAL(a.type, PFM_PMU_TYPE_UNCORE);
	CU_ASSERT_EQUAL_FATAL(tl_perf("spr_unc_ubox::UNC_U_EVENT_MSG.IPI_RCVD", TL_PLM_UK, PFM_OS_PERF_EVENT_EXT, &e),
			      PFM_SUCCESS);
	CU_ASSERT_EQUAL(e.attr.type, 42);	/* uncore_type_5/type */
	CU_ASSERT_EQUAL(e.attr.config, 0x442);
	CU_ASSERT_EQUAL(e.cpu, 0);
	CU_ASSERT_EQUAL(tl_event_pmu(e.idx), 1600);
	CU_ASSERT_EQUAL_FATAL(tl_perf("spr_unc_mdf0::UNC_MDF_CRS_TxR_INSERTS.AD_BNC:t=1", TL_PLM_UK,
				      PFM_OS_PERF_EVENT_EXT, &e), PFM_SUCCESS);
	CU_ASSERT_EQUAL(e.attr.type, 43);	/* uncore_mdf_0/type */
	CU_ASSERT_EQUAL(e.attr.config, 0x1000147);
	CU_ASSERT_EQUAL(tl_event_pmu(e.idx), 1601);
}

static const struct tl_test tests[] = {
	TL_TEST(test_gnr_boxes_are_present_exactly_where_their_kernel_pmu_is),
	TL_TEST(test_gnr_boxes_are_uncore_pmus_with_ids_of_pmuplugs_range_sharing_one_event_list),
	TL_TEST(test_gnr_boxes_encode_with_their_kernel_pmus_type_format_and_first_cpu),
	TL_TEST(test_gnr_iio_wide_umask_splits_over_umask_port_and_fc_masks),
	TL_TEST(test_srf_and_grr_identities_see_their_own_boxes_not_gnrs_on_the_same_kernel_names),
	TL_TEST(test_gnr_boxes_without_sysfs_encode_raw_codes_only_when_inactive),
	TL_TEST(test_spr_ubox_is_the_unnamed_discovery_type_5_and_mdf_the_named_type),
};

void uncore_discovery_register(void)
{
	tl_suite("uncore-discovery", NULL, NULL, tests);
}
