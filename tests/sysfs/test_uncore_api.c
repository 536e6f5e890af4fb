/*
 * SPDX-License-Identifier: MIT
 * tests/sysfs/test_uncore_api.c - suite uncore-api of test_public uncore (suites.h):
 * table uncore PMUs (one PMU per box instance) through the public API:
 * presence from the host model and the box's kernel PMU in sysfs,
 * attr.type and default cpu from that PMU's directory, and libpfm4 4.13's
 * behaviour without sysfs (PFM_OS_NONE encodes under
 * LIBPFM_ENCODE_INACTIVE, the perf layers refuse). Fixtures:
 * tests/fixtures/sysfs/skx2s, a two-socket Skylake-X tree (cpumask 0,28),
 * tests/fixtures/sysfs/spr2s, a two-socket Sapphire Rapids tree (cpumask
 * 0,56; CHA 0-2 and 59, iMC 0, 1 and 11, UPI 0-1, IIO 0-1, PCU) for the
 * boxes converted from perf's JSON, tests/fixtures/sysfs/zen5 (amd_l3,
 * cpumask 0,8; memory controllers amd_umc_0 and amd_umc_1),
 * tests/fixtures/sysfs/zen4 (amd_l3, amd_df, amd_umc_0) and
 * tests/fixtures/sysfs/rapl (the power PMU behind rapl, amd64_rapl).
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

#define SKX "GenuineIntel-6-55-4"
#define ICX "GenuineIntel-6-6A-6"
#define SPR "GenuineIntel-6-8F-8"
#define ZEN5 "AuthenticAMD-26-2-0"
#define ZEN4 "AuthenticAMD-25-17-0"

static void test_every_box_of_the_host_model_with_a_kernel_pmu_is_present(void)
{
	CU_ASSERT_EQUAL_FATAL(tl_start_on("skx2s", SKX, 0), PFM_SUCCESS);
	static const char *const here[] = { "skx_unc_imc0", "skx_unc_imc5", "skx_unc_cha0", "skx_unc_cha3",
					    "skx_unc_upi2", "skx_unc_iio5", "skx_unc_m2m1", "skx_unc_pcu",
					    "skx_unc_ubo", "skx_unc_irp" };
	for (size_t i = 0; i < sizeof(here) / sizeof(here[0]); i++)
		TL_ASSERT(tl_pmu_present(here[i]), "%s should be present", here[i]);
	/* the tree has uncore_cha_0..3 only, and no m3upi */
	CU_ASSERT_FALSE(tl_pmu_present("skx_unc_cha4"));
	CU_ASSERT_FALSE(tl_pmu_present("skx_unc_cha27"));
	CU_ASSERT_FALSE(tl_pmu_present("skx_unc_m3upi0"));
	/* boxes of other models are not, though the kernel PMU names are the same */
	CU_ASSERT_FALSE(tl_pmu_present("bdx_unc_imc0"));
	CU_ASSERT_FALSE(tl_pmu_present("knl_unc_imc0"));
}

static void test_instances_are_uncore_pmus_with_libpfm4_ids_sharing_one_event_list(void)
{
	pfm_pmu_info_t a, b;
	CU_ASSERT_EQUAL_FATAL(tl_start_on("skx2s", SKX, 0), PFM_SUCCESS);
	CU_ASSERT_EQUAL_FATAL(tl_pmu_named("skx_unc_imc0", &a), 354);
	CU_ASSERT_EQUAL_FATAL(tl_pmu_named("skx_unc_imc5", &b), 359);
	CU_ASSERT_EQUAL(a.type, PFM_PMU_TYPE_UNCORE);
	CU_ASSERT_EQUAL(b.type, PFM_PMU_TYPE_UNCORE);
	CU_ASSERT_EQUAL(a.nevents, b.nevents);
	CU_ASSERT(a.nevents > 0);
	/* each instance's events carry its own pmu id */
	pfm_event_info_t ea, eb;
	memset(&ea, 0, sizeof(ea));
	memset(&eb, 0, sizeof(eb));
	ea.size = eb.size = sizeof(ea);
	CU_ASSERT_EQUAL_FATAL(pfm_get_event_info(a.first_event, PFM_OS_NONE, &ea), PFM_SUCCESS);
	CU_ASSERT_EQUAL_FATAL(pfm_get_event_info(b.first_event, PFM_OS_NONE, &eb), PFM_SUCCESS);
	CU_ASSERT_STRING_EQUAL(ea.name, eb.name);
	CU_ASSERT_EQUAL(ea.pmu, 354);
	CU_ASSERT_EQUAL(eb.pmu, 359);
}

static void test_a_box_encodes_with_the_type_of_its_own_kernel_pmu_and_its_first_cpu(void)
{
	struct tl_perf e;
	CU_ASSERT_EQUAL_FATAL(tl_start_on("skx2s", SKX, 0), PFM_SUCCESS);
	CU_ASSERT_EQUAL_FATAL(tl_perf("skx_unc_imc3::UNC_M_CAS_COUNT:RD", TL_PLM_UK, PFM_OS_PERF_EVENT_EXT, &e),
			      PFM_SUCCESS);
	CU_ASSERT_EQUAL(e.attr.type, 13);	/* uncore_imc_3/type */
	CU_ASSERT_EQUAL(e.attr.config, 0x304);
	CU_ASSERT_EQUAL(e.cpu, 0);		/* first of cpumask 0,28 */
	CU_ASSERT_EQUAL(tl_event_pmu(e.idx), 357);
	/* no privilege filtering on uncore boxes: the kernel refuses exclude_* there */
	CU_ASSERT_EQUAL(e.attr.exclude_user, 0);
	CU_ASSERT_EQUAL(e.attr.exclude_kernel, 0);
	CU_ASSERT_EQUAL(e.attr.exclude_hv, 0);
	CU_ASSERT_EQUAL_FATAL(tl_perf("skx_unc_imc0::UNC_M_CAS_COUNT:RD:e:t=3", TL_PLM_UK, PFM_OS_PERF_EVENT, &e),
			      PFM_SUCCESS);
	CU_ASSERT_EQUAL(e.attr.type, 10);
	CU_ASSERT_EQUAL(e.attr.config, 0x3040304);
	CU_ASSERT_EQUAL(tl_perf("skx_unc_upi1::UNC_UPI_CLOCKTICKS", TL_PLM_UK, PFM_OS_PERF_EVENT_EXT, &e),
			PFM_SUCCESS);
	CU_ASSERT_EQUAL(e.attr.type, 21);	/* uncore_upi_1/type */
}

static void test_a_given_cpu_wins_over_the_cpumask(void)
{
	struct tl_perf e;
	CU_ASSERT_EQUAL_FATAL(tl_start_on("skx2s", SKX, 0), PFM_SUCCESS);
	CU_ASSERT_EQUAL_FATAL(tl_perf("skx_unc_imc1::UNC_M_CAS_COUNT:WR:cpu=28", TL_PLM_UK, PFM_OS_PERF_EVENT_EXT, &e),
			      PFM_SUCCESS);
	CU_ASSERT_EQUAL(e.cpu, 28);
	CU_ASSERT_EQUAL(e.attr.type, 11);
}

static void test_privilege_modifiers_are_refused_on_a_box(void)
{
	struct tl_perf e;
	CU_ASSERT_EQUAL_FATAL(tl_start_on("skx2s", SKX, 0), PFM_SUCCESS);
	CU_ASSERT_EQUAL(tl_perf("skx_unc_imc0::UNC_M_CAS_COUNT:RD:u", TL_PLM_UK, PFM_OS_PERF_EVENT_EXT, &e),
			PFM_ERR_ATTR);
	CU_ASSERT_EQUAL(tl_ret("skx_unc_imc0::UNC_M_CAS_COUNT:RD:k"), PFM_ERR_ATTR);
}

static void test_without_its_kernel_pmu_a_box_encodes_raw_codes_only_when_inactive(void)
{
	struct tl_none n;
	struct tl_perf e;
	CU_ASSERT_EQUAL_FATAL(tl_start_on(NULL, SKX, 1), PFM_SUCCESS);
	CU_ASSERT_FALSE(tl_pmu_present("skx_unc_imc0"));
	CU_ASSERT_EQUAL_FATAL(tl_none("skx_unc_imc2::UNC_M_CAS_COUNT:RD", TL_PLM_UK, &n), PFM_SUCCESS);
	CU_ASSERT_EQUAL(n.count, 1);
	CU_ASSERT_EQUAL(n.codes[0], 0x304);
	/* libpfm4 4.13: no sysfs PMU, no perf_events type */
	CU_ASSERT_EQUAL(tl_perf("skx_unc_imc2::UNC_M_CAS_COUNT:RD", TL_PLM_UK, PFM_OS_PERF_EVENT_EXT, &e),
			PFM_ERR_NOTSUPP);
	CU_ASSERT_EQUAL(tl_perf("skx_unc_imc2::UNC_M_CAS_COUNT:RD", TL_PLM_UK, PFM_OS_PERF_EVENT, &e),
			PFM_ERR_NOTSUPP);
	/* an unknown event is still PFM_ERR_NOTFOUND */
	CU_ASSERT_EQUAL(tl_perf("skx_unc_imc2::NO_SUCH_EVENT", TL_PLM_UK, PFM_OS_PERF_EVENT_EXT, &e),
			PFM_ERR_NOTFOUND);
}

static void test_another_model_with_the_same_kernel_pmu_names_gets_no_skx_box(void)
{
	CU_ASSERT_EQUAL_FATAL(tl_start_on("skx2s", ICX, 0), PFM_SUCCESS);
	CU_ASSERT_FALSE(tl_pmu_present("skx_unc_imc0"));
	CU_ASSERT_FALSE(tl_pmu_present("skx_unc_cha0"));
}

static void test_a_required_filter_modifier_and_its_enable_bit(void)
{
	struct tl_none n;
	CU_ASSERT_EQUAL_FATAL(tl_start_on(NULL, SKX, 1), PFM_SUCCESS);
	/* libpfm4's NID unit masks need nf; nf needs a NID unit mask */
	CU_ASSERT_EQUAL(tl_ret("snbep_unc_cbo0::UNC_C_LLC_LOOKUP:NID"), PFM_ERR_ATTR);
	CU_ASSERT_EQUAL(tl_ret("snbep_unc_cbo0::UNC_C_LLC_LOOKUP:DATA_READ:nf=1"), PFM_ERR_ATTR);
	CU_ASSERT_EQUAL_FATAL(tl_none("snbep_unc_cbo0::UNC_C_LLC_LOOKUP:NID:nf=1", TL_PLM_UK, &n), PFM_SUCCESS);
	CU_ASSERT_EQUAL(n.count, 2);
	CU_ASSERT_EQUAL(n.codes[0], 0x4334);
	CU_ASSERT_EQUAL(n.codes[1], 0x7c0400);
	/* tf sets the filter value and the tid enable bit (config bit 19) */
	CU_ASSERT_EQUAL_FATAL(tl_none("snbep_unc_cbo0::UNC_C_COUNTER0_OCCUPANCY:tf=1", TL_PLM_UK, &n), PFM_SUCCESS);
	CU_ASSERT_EQUAL(n.codes[0], 0x8001f);
	CU_ASSERT_EQUAL(n.codes[1], 1);
}

static void test_rapl_encodes_through_the_power_pmu_and_without_it_as_libpfm4(void)
{
	struct tl_perf e;
	/* tests/fixtures/sysfs/rapl: power, type 19, cpumask 0 */
	CU_ASSERT_EQUAL_FATAL(tl_start_on("rapl", SKX, 1), PFM_SUCCESS);
	CU_ASSERT_EQUAL_FATAL(tl_perf("rapl::RAPL_ENERGY_PKG", TL_PLM_UK, PFM_OS_PERF_EVENT_EXT, &e), PFM_SUCCESS);
	CU_ASSERT_EQUAL(e.attr.type, 19);
	CU_ASSERT_EQUAL(e.attr.config, 2);
	CU_ASSERT_EQUAL(e.cpu, 0);
	CU_ASSERT_EQUAL(tl_perf("amd64_rapl::RAPL_ENERGY_PKG", TL_PLM_UK, PFM_OS_PERF_EVENT_EXT, &e), PFM_SUCCESS);
	CU_ASSERT_EQUAL(e.attr.type, 19);
	/* no sysfs: libpfm4 4.13 encodes Intel's with PERF_TYPE_RAW and refuses AMD's */
	CU_ASSERT_EQUAL_FATAL(tl_start_on(NULL, SKX, 1), PFM_SUCCESS);
	CU_ASSERT_EQUAL_FATAL(tl_perf("rapl::RAPL_ENERGY_PKG", TL_PLM_UK, PFM_OS_PERF_EVENT_EXT, &e), PFM_SUCCESS);
	CU_ASSERT_EQUAL(e.attr.type, PERF_TYPE_RAW);
	CU_ASSERT_EQUAL(e.cpu, -1);
	CU_ASSERT_EQUAL(tl_perf("amd64_rapl::RAPL_ENERGY_PKG", TL_PLM_UK, PFM_OS_PERF_EVENT_EXT, &e), PFM_ERR_NOTSUPP);
}

static void test_spr_boxes_with_a_kernel_pmu_are_exactly_those_present(void)
{
	CU_ASSERT_EQUAL_FATAL(tl_start_on("spr2s", SPR, 0), PFM_SUCCESS);
	static const char *const here[] = { "spr", "spr_unc_cha0", "spr_unc_cha1", "spr_unc_cha2", "spr_unc_cha59",
					    "spr_unc_imc0", "spr_unc_imc1", "spr_unc_imc11", "spr_unc_upi0",
					    "spr_unc_upi1", "spr_unc_iio0", "spr_unc_iio1", "spr_unc_pcu" };
	static const char *const absent[] = { "spr_unc_cha3", "spr_unc_cha58", "spr_unc_imc2", "spr_unc_upi2",
					      "spr_unc_iio2", "spr_unc_m3upi0", "spr_unc_m2m0", "icx_unc_cha0",
					      "icx_unc_imc0", "skx_unc_cha0", "skx_unc_imc0" };
	for (size_t i = 0; i < sizeof(here) / sizeof(here[0]); i++)
		TL_ASSERT(tl_pmu_present(here[i]), "%s should be present", here[i]);
	for (size_t i = 0; i < sizeof(absent) / sizeof(absent[0]); i++)
		TL_ASSERT(!tl_pmu_present(absent[i]), "%s should not be present", absent[i]);
	/* upstream libpfm4's names and ids; ours for boxes upstream lacks */
	pfm_pmu_info_t a, b;
	CU_ASSERT_EQUAL(tl_pmu_named("spr_unc_imc0", &a), 599);
	CU_ASSERT_EQUAL(tl_pmu_named("spr_unc_imc11", &b), 610);
	CU_ASSERT_EQUAL(a.nevents, b.nevents);
	CU_ASSERT_EQUAL(a.type, PFM_PMU_TYPE_UNCORE);
	CU_ASSERT_EQUAL(tl_pmu_named("spr_unc_cha59", &a), 674);
	CU_ASSERT_EQUAL(tl_pmu_named("spr_unc_upi0", &a), 611);
	CU_ASSERT_EQUAL(tl_pmu_named("spr_unc_iio0", &a), 930);
}

static void test_spr_boxes_encode_upstream_and_perf_names_with_the_kernels_format(void)
{
	struct tl_perf e;
	CU_ASSERT_EQUAL_FATAL(tl_start_on("spr2s", SPR, 0), PFM_SUCCESS);
	/* upstream libpfm4's event name, unit mask by libpfm4's separator: event 0x05, umask 0xcf */
	CU_ASSERT_EQUAL_FATAL(tl_perf("spr_unc_imc0::UNC_M_CAS_COUNT:RD", TL_PLM_UK, PFM_OS_PERF_EVENT_EXT, &e),
			      PFM_SUCCESS);
	CU_ASSERT_EQUAL(e.attr.type, 34);	/* uncore_imc_0/type */
	CU_ASSERT_EQUAL(e.attr.config, 0xcf05);
	CU_ASSERT_EQUAL(e.cpu, 0);		/* first of cpumask 0,56 */
	CU_ASSERT_EQUAL(tl_event_pmu(e.idx), 599);
	CU_ASSERT_EQUAL(e.attr.exclude_user, 0);
	CU_ASSERT_EQUAL(e.attr.exclude_kernel, 0);
	/* perf's full name on another box: that box's type */
	CU_ASSERT_EQUAL_FATAL(tl_perf("spr_unc_imc11::UNC_M_CAS_COUNT.RD", TL_PLM_UK, PFM_OS_PERF_EVENT_EXT, &e),
			      PFM_SUCCESS);
	CU_ASSERT_EQUAL(e.attr.type, 36);
	CU_ASSERT_EQUAL(e.attr.config, 0xcf05);
	CU_ASSERT_EQUAL(tl_event_pmu(e.idx), 610);
	/* CHA: umask config:8-15,32-63, perf's UMask 0xc817fe01 */
	CU_ASSERT_EQUAL_FATAL(tl_perf("spr_unc_cha1::UNC_CHA_TOR_INSERTS.IA_MISS_DRD", TL_PLM_UK,
				      PFM_OS_PERF_EVENT_EXT, &e), PFM_SUCCESS);
	CU_ASSERT_EQUAL(e.attr.type, 31);
	CU_ASSERT_EQUAL(e.attr.config, 0xc817fe00000135ULL);
	/* IIO: port mask config:36-47, FC mask config:48-50 */
	CU_ASSERT_EQUAL_FATAL(tl_perf("spr_unc_iio1::UNC_IIO_COMP_BUF_INSERTS.CMPD.PART0", TL_PLM_UK,
				      PFM_OS_PERF_EVENT_EXT, &e), PFM_SUCCESS);
	CU_ASSERT_EQUAL(e.attr.type, 40);
	CU_ASSERT_EQUAL(e.attr.config, 0x70010000004c2ULL);
	/* threshold and edge modifiers at the kernel's bits 24-31 and 18 */
	CU_ASSERT_EQUAL_FATAL(tl_perf("spr_unc_upi1::UNC_UPI_TxL_FLITS:ALL_DATA:e:t=2", TL_PLM_UK,
				      PFM_OS_PERF_EVENT, &e), PFM_SUCCESS);
	CU_ASSERT_EQUAL(e.attr.type, 38);
	CU_ASSERT_EQUAL(e.attr.config & 0xff04ff00ULL, 0x02040f00ULL);
	/* a given cpu wins over the cpumask; privilege modifiers are refused */
	CU_ASSERT_EQUAL_FATAL(tl_perf("spr_unc_imc1::UNC_M_CAS_COUNT:WR:cpu=56", TL_PLM_UK, PFM_OS_PERF_EVENT_EXT,
				      &e), PFM_SUCCESS);
	CU_ASSERT_EQUAL(e.cpu, 56);
	CU_ASSERT_EQUAL(tl_ret("spr_unc_imc0::UNC_M_CAS_COUNT:RD:u"), PFM_ERR_ATTR);
}

static void test_spr_upstream_event_codes_are_upstreams(void)
{
	pfm_event_info_t info;
	CU_ASSERT_EQUAL_FATAL(tl_start_on(NULL, SPR, 1), PFM_SUCCESS);
	static const struct { const char *name; uint64_t code; } want[] = {
		{ "spr_unc_imc0::UNC_M_CLOCKTICKS", 0x101 }, { "spr_unc_imc5::UNC_M_CAS_COUNT", 0x5 },
		{ "spr_unc_cha0::UNC_CHA_TOR_INSERTS", 0x35 }, { "spr_unc_upi3::UNC_UPI_TxL_FLITS", 0x2 },
		{ "amd64_fam1ah_zen5_l3::UNC_L3_REQUESTS", 0x4 },
	};
	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		int idx = pfm_find_event(want[i].name);
		TL_ASSERT(idx >= 0, "%s: %d", want[i].name, idx);
		if (idx < 0)
			continue;
		memset(&info, 0, sizeof(info));
		info.size = sizeof(info);
		CU_ASSERT_EQUAL_FATAL(pfm_get_event_info(idx, PFM_OS_NONE, &info), PFM_SUCCESS);
		TL_ASSERT(info.code == want[i].code, "%s: code 0x%llx", want[i].name, (unsigned long long)info.code);
	}
}

static void test_spr_boxes_without_sysfs_encode_raw_codes_when_inactive(void)
{
	struct tl_none n;
	struct tl_perf e;
	CU_ASSERT_EQUAL_FATAL(tl_start_on(NULL, SPR, 1), PFM_SUCCESS);
	CU_ASSERT_FALSE(tl_pmu_present("spr_unc_imc0"));
	CU_ASSERT_EQUAL_FATAL(tl_none("spr_unc_imc0::UNC_M_CAS_COUNT:RD", TL_PLM_UK, &n), PFM_SUCCESS);
	CU_ASSERT_EQUAL(n.count, 1);
	CU_ASSERT_EQUAL(n.codes[0], 0xcf05);
	CU_ASSERT_EQUAL_FATAL(tl_none("spr_unc_cha7::UNC_CHA_TOR_INSERTS.IA_MISS_DRD", TL_PLM_UK, &n), PFM_SUCCESS);
	CU_ASSERT_EQUAL(n.codes[0], 0xc817fe00000135ULL);
	CU_ASSERT_EQUAL(tl_perf("spr_unc_imc0::UNC_M_CAS_COUNT:RD", TL_PLM_UK, PFM_OS_PERF_EVENT_EXT, &e),
			PFM_ERR_NOTSUPP);
	CU_ASSERT_EQUAL(tl_perf("spr_unc_imc0::NO_SUCH_EVENT", TL_PLM_UK, PFM_OS_PERF_EVENT_EXT, &e),
			PFM_ERR_NOTFOUND);
	/* not inactive: an absent box encodes nothing */
	CU_ASSERT_EQUAL_FATAL(tl_start_on(NULL, SPR, 0), PFM_SUCCESS);
	CU_ASSERT_NOT_EQUAL(tl_none("spr_unc_imc0::UNC_M_CAS_COUNT:RD", TL_PLM_UK, &n), PFM_SUCCESS);
}

static void test_zen5_l3_encodes_through_amd_l3_with_perfs_thread_and_slice_fields(void)
{
	struct tl_perf e;
	CU_ASSERT_EQUAL_FATAL(tl_start_on("zen5", ZEN5, 0), PFM_SUCCESS);
	CU_ASSERT(tl_pmu_present("amd64_fam1ah_zen5"));
	CU_ASSERT(tl_pmu_present("amd64_fam1ah_zen5_l3"));
	CU_ASSERT_FALSE(tl_pmu_present("amd64_fam19h_zen3_l3"));
	/* upstream libpfm4's name: perf's l3_lookup_state, every access by default */
	CU_ASSERT_EQUAL_FATAL(tl_perf("amd64_fam1ah_zen5_l3::UNC_L3_REQUESTS", TL_PLM_UK, PFM_OS_PERF_EVENT_EXT, &e),
			      PFM_SUCCESS);
	CU_ASSERT_EQUAL(e.attr.type, 11);
	CU_ASSERT_EQUAL(e.attr.config, 0xff04);
	CU_ASSERT_EQUAL(e.cpu, 0);
	CU_ASSERT_EQUAL(tl_event_pmu(e.idx), 677);
	/* enallcores 47, enallslices 46, sliceid 48-50, threadmask 56-57 */
	CU_ASSERT_EQUAL_FATAL(tl_perf("amd64_fam1ah_zen5_l3::l3_xi_sampled_latency.all", TL_PLM_UK,
				      PFM_OS_PERF_EVENT_EXT, &e), PFM_SUCCESS);
	CU_ASSERT_EQUAL(e.attr.config, 0x303c00000003facULL);
	/* without amd_l3 the box is absent, though the core is */
	CU_ASSERT_EQUAL_FATAL(tl_start_on(NULL, ZEN5, 0), PFM_SUCCESS);
	CU_ASSERT_FALSE(tl_pmu_present("amd64_fam1ah_zen5_l3"));
}

static void test_zen5_memory_controllers_are_the_amd_umc_boxes_with_the_read_write_mask(void)
{
	struct tl_perf e;
	CU_ASSERT_EQUAL_FATAL(tl_start_on("zen5", ZEN5, 0), PFM_SUCCESS);
	/* the fixture has amd_umc_0 and amd_umc_1: those boxes, no other */
	CU_ASSERT(tl_pmu_present("amd64_fam1ah_zen5_umc0"));
	CU_ASSERT(tl_pmu_present("amd64_fam1ah_zen5_umc1"));
	CU_ASSERT_FALSE(tl_pmu_present("amd64_fam1ah_zen5_umc2"));
	/* perf's umc_act_cmd.wr: event 0x5, RdWrMask 2 at the kernel's rdwrmask, config:8-9 */
	CU_ASSERT_EQUAL_FATAL(tl_perf("amd64_fam1ah_zen5_umc1::umc_act_cmd.wr", TL_PLM_UK, PFM_OS_PERF_EVENT_EXT, &e),
			      PFM_SUCCESS);
	CU_ASSERT_EQUAL(e.attr.type, 13);
	CU_ASSERT_EQUAL(e.attr.config, 0x205);
	CU_ASSERT_EQUAL(e.cpu, 0);
	CU_ASSERT_EQUAL(tl_event_pmu(e.idx), 1025);	/* ids from 1024 on: (id << 19) | event */
	CU_ASSERT_EQUAL_FATAL(tl_perf("amd64_fam1ah_zen5_umc0::UMC_ACT_CMD:RD", TL_PLM_UK, PFM_OS_PERF_EVENT_EXT, &e),
			      PFM_SUCCESS);
	CU_ASSERT_EQUAL(e.attr.type, 12);
	CU_ASSERT_EQUAL(e.attr.config, 0x105);
	/* a box without its kernel PMU encodes nothing */
	CU_ASSERT_NOT_EQUAL(tl_perf("amd64_fam1ah_zen5_umc2::umc_act_cmd.rd", TL_PLM_UK, PFM_OS_PERF_EVENT_EXT, &e),
			    PFM_SUCCESS);
}

static void test_zen4_data_fabric_takes_perfs_wide_event_and_umask_at_the_kernels_bits(void)
{
	struct tl_perf e;
	CU_ASSERT_EQUAL_FATAL(tl_start_on("zen4", ZEN4, 0), PFM_SUCCESS);
	CU_ASSERT(tl_pmu_present("amd64_fam19h_zen4"));
	CU_ASSERT(tl_pmu_present("amd64_fam19h_zen4_l3"));
	CU_ASSERT(tl_pmu_present("amd64_fam19h_zen4_df"));
	CU_ASSERT(tl_pmu_present("amd64_fam19h_zen4_umc0"));
	CU_ASSERT_FALSE(tl_pmu_present("amd64_fam19h_zen4_umc1"));
	CU_ASSERT_FALSE(tl_pmu_present("amd64_fam1ah_zen5_l3"));
	/* EventCode 0x1f, UMask 0x7fe: umask config:8-15 and 24-27 */
	CU_ASSERT_EQUAL_FATAL(tl_perf("amd64_fam19h_zen4_df::local_processor_read_data_beats_cs0", TL_PLM_UK,
				      PFM_OS_PERF_EVENT_EXT, &e), PFM_SUCCESS);
	CU_ASSERT_EQUAL(e.attr.type, 12);
	CU_ASSERT_EQUAL(e.attr.config, 0x700fe1fULL);
	/* EventCode 0x11f: the bits past 8 go to config:32-37 */
	CU_ASSERT_EQUAL_FATAL(tl_perf("amd64_fam19h_zen4_df::local_processor_read_data_beats_cs4", TL_PLM_UK,
				      PFM_OS_PERF_EVENT_EXT, &e), PFM_SUCCESS);
	CU_ASSERT_EQUAL(e.attr.config, 0x10700fe1fULL);
	CU_ASSERT_EQUAL_FATAL(tl_perf("amd64_fam19h_zen4_umc0::umc_act_cmd.rd", TL_PLM_UK, PFM_OS_PERF_EVENT_EXT, &e),
			      PFM_SUCCESS);
	CU_ASSERT_EQUAL(e.attr.type, 13);
	CU_ASSERT_EQUAL(e.attr.config, 0x105);
}

static void test_zen1_to_3_data_fabric_event_bits_past_8_go_to_config_32_35(void)
{
	struct tl_none n;
	CU_ASSERT_EQUAL_FATAL(tl_start_on(NULL, ZEN4, 1), PFM_SUCCESS);
	/* EventCode 0x807, UMask 0x02: event config:0-7,32-35,59-60 (event14) */
	CU_ASSERT_EQUAL_FATAL(tl_none("amd64_fam17h_zen2_df::remote_outbound_data_controller_1", TL_PLM_UK, &n),
			      PFM_SUCCESS);
	CU_ASSERT_EQUAL(n.codes[0], 0x800000207ULL);
	CU_ASSERT_EQUAL_FATAL(tl_none("amd64_fam19h_zen3_df::remote_outbound_data_controller_0", TL_PLM_UK, &n),
			      PFM_SUCCESS);
	CU_ASSERT_EQUAL(n.codes[0], 0x7000002c7ULL);
	/* family 17h L3: event and umask, the slice and thread masks left to the kernel */
	CU_ASSERT_EQUAL_FATAL(tl_none("amd64_fam17h_zen1_l3::l3_request_g1.caching_l3_cache_accesses", TL_PLM_UK, &n),
			      PFM_SUCCESS);
	CU_ASSERT_EQUAL(n.codes[0], 0x8001ULL);
}

static const struct tl_test tests[] = {
	TL_TEST(test_every_box_of_the_host_model_with_a_kernel_pmu_is_present),
	TL_TEST(test_instances_are_uncore_pmus_with_libpfm4_ids_sharing_one_event_list),
	TL_TEST(test_a_box_encodes_with_the_type_of_its_own_kernel_pmu_and_its_first_cpu),
	TL_TEST(test_a_given_cpu_wins_over_the_cpumask),
	TL_TEST(test_privilege_modifiers_are_refused_on_a_box),
	TL_TEST(test_without_its_kernel_pmu_a_box_encodes_raw_codes_only_when_inactive),
	TL_TEST(test_another_model_with_the_same_kernel_pmu_names_gets_no_skx_box),
	TL_TEST(test_a_required_filter_modifier_and_its_enable_bit),
	TL_TEST(test_rapl_encodes_through_the_power_pmu_and_without_it_as_libpfm4),
	TL_TEST(test_spr_boxes_with_a_kernel_pmu_are_exactly_those_present),
	TL_TEST(test_spr_boxes_encode_upstream_and_perf_names_with_the_kernels_format),
	TL_TEST(test_spr_upstream_event_codes_are_upstreams),
	TL_TEST(test_spr_boxes_without_sysfs_encode_raw_codes_when_inactive),
	TL_TEST(test_zen5_l3_encodes_through_amd_l3_with_perfs_thread_and_slice_fields),
	TL_TEST(test_zen5_memory_controllers_are_the_amd_umc_boxes_with_the_read_write_mask),
	TL_TEST(test_zen4_data_fabric_takes_perfs_wide_event_and_umask_at_the_kernels_bits),
	TL_TEST(test_zen1_to_3_data_fabric_event_bits_past_8_go_to_config_32_35),
};

void uncore_api_register(void)
{
	tl_suite("uncore-api", NULL, NULL, tests);
}
