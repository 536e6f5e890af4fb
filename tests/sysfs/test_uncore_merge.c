/*
 * SPDX-License-Identifier: MIT
 * tests/sysfs/test_uncore_merge.c - suite uncore-merge of test_public uncore (suites.h):
 * perf's uncore events merged into libpfm4 4.13's boxes
 * (jsontoyaml/uncore_merge.py): perf's names encode in the kernel's layout
 * of the box's PMU (a CHA Filter in config1, the UPI wide umask),
 * libpfm4's strings keep their 4.13 encoding, a perf event whose unit
 * masks libpfm4 encodes otherwise is NAME_PERF, and Zen 3's L3 takes
 * perf's names. Fixtures: tests/fixtures/sysfs/skx2s (a two-socket
 * Skylake-X tree); Zen 3 without sysfs, LIBPFM_ENCODE_INACTIVE.
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
#define ZEN3 "AuthenticAMD-25-1-1"

/* perf's Filter of a CHA event is config1 (Linux 6.12's tables:
 * config1=0x4003300000000, FILTER1 in the high half; later trees write
 * config1=0x40033): whatever the build's tables say, it reaches attr.config1
 * under both spellings, and its halves are libpfm4's two filter codes */
static void test_perf_cha_event_with_a_filter_encodes_config1_as_the_kernel_lays_it_out(void)
{
	struct tl_perf e, l;
	CU_ASSERT_EQUAL_FATAL(tl_start_on("skx2s", SKX, 0), PFM_SUCCESS);
	/* perf: EventCode 0x35, UMask 0x11, a Filter in config1 */
	CU_ASSERT_EQUAL_FATAL(tl_perf("skx_unc_cha1::UNC_CHA_TOR_INSERTS.IA_HIT_RFO", TL_PLM_UK,
				      PFM_OS_PERF_EVENT_EXT, &e), PFM_SUCCESS);
	CU_ASSERT_EQUAL(e.attr.type, 17);	/* uncore_cha_1/type */
	CU_ASSERT_EQUAL(e.attr.config, 0x1135);
	CU_ASSERT_NOT_EQUAL(e.attr.config1, 0);
	CU_ASSERT_TRUE((e.attr.config1 & 0x40033ULL) == 0x40033ULL ||
		       (e.attr.config1 >> 32 & 0x40033ULL) == 0x40033ULL);
	CU_ASSERT_EQUAL(e.attr.config2, 0);
	/* the libpfm4-style spelling is the same event */
	CU_ASSERT_EQUAL_FATAL(tl_perf("skx_unc_cha1::UNC_CHA_TOR_INSERTS:IA_HIT_RFO", TL_PLM_UK,
				      PFM_OS_PERF_EVENT_EXT, &l), PFM_SUCCESS);
	CU_ASSERT_EQUAL(l.attr.config1, e.attr.config1);
}

static void test_perf_cha_event_has_libpfm4s_raw_codes_its_filter_in_the_second_and_third(void)
{
	struct tl_none n;
	struct tl_perf e;
	CU_ASSERT_EQUAL_FATAL(tl_start_on("skx2s", SKX, 0), PFM_SUCCESS);
	/* config1's low half is libpfm4's first filter register (its second
	 * PFM_OS_NONE code), the high half its second (the third code) */
	CU_ASSERT_EQUAL_FATAL(tl_none("skx_unc_cha0::UNC_CHA_TOR_INSERTS.IA_HIT_RFO", TL_PLM_UK, &n), PFM_SUCCESS);
	CU_ASSERT_EQUAL_FATAL(tl_perf("skx_unc_cha0::UNC_CHA_TOR_INSERTS.IA_HIT_RFO", TL_PLM_UK,
				      PFM_OS_PERF_EVENT_EXT, &e), PFM_SUCCESS);
	/* (as many codes as the last nonzero one needs) */
	CU_ASSERT_EQUAL(n.count, e.attr.config1 >> 32 ? 3 : 2);
	CU_ASSERT_EQUAL(n.codes[0], 0x1135ULL);
	CU_ASSERT_EQUAL(n.codes[1], e.attr.config1 & 0xffffffffULL);
	CU_ASSERT_EQUAL(n.count > 2 ? n.codes[2] : 0, e.attr.config1 >> 32);
}

static void test_perf_imc_name_encodes_as_libpfm4s_spelling(void)
{
	struct tl_perf a, b;
	CU_ASSERT_EQUAL_FATAL(tl_start_on("skx2s", SKX, 0), PFM_SUCCESS);
	CU_ASSERT_EQUAL_FATAL(tl_perf("skx_unc_imc0::UNC_M_CAS_COUNT.RD", TL_PLM_UK, PFM_OS_PERF_EVENT_EXT, &a),
			      PFM_SUCCESS);
	CU_ASSERT_EQUAL_FATAL(tl_perf("skx_unc_imc0::UNC_M_CAS_COUNT:RD", TL_PLM_UK, PFM_OS_PERF_EVENT_EXT, &b),
			      PFM_SUCCESS);
	CU_ASSERT_EQUAL(a.attr.type, 10);	/* uncore_imc_0/type */
	CU_ASSERT_EQUAL(a.attr.type, b.attr.type);
	CU_ASSERT_EQUAL(a.attr.config, 0x304);
	CU_ASSERT_EQUAL(a.attr.config, b.attr.config);
}

static void test_libpfm4_cha_string_keeps_its_4_13_codes(void)
{
	struct tl_none n;
	CU_ASSERT_EQUAL_FATAL(tl_start_on("skx2s", SKX, 0), PFM_SUCCESS);
	/* libpfm4 4.13: event 0x35, IRQ 0x1, its default filter 0x3b in codes[2] */
	CU_ASSERT_EQUAL_FATAL(tl_none("skx_unc_cha0::UNC_C_TOR_INSERTS:IRQ", TL_PLM_UK, &n), PFM_SUCCESS);
	CU_ASSERT_EQUAL(n.count, 3);
	CU_ASSERT_EQUAL(n.codes[0], 0x135ULL);
	CU_ASSERT_EQUAL(n.codes[1], 0);
	CU_ASSERT_EQUAL(n.codes[2], 0x3bULL);
}

static void test_perf_event_libpfm4_encodes_otherwise_is_name_perf(void)
{
	struct tl_perf e;
	CU_ASSERT_EQUAL_FATAL(tl_start_on("skx2s", SKX, 0), PFM_SUCCESS);
	/* perf's UNC_UPI_DIRECT_ATTEMPTS.D2K (umask 0x2 in the kernel's wide
	 * umask); libpfm4 4.13's event of that name has no D2K */
	CU_ASSERT_EQUAL_FATAL(tl_perf("skx_unc_upi0::UNC_UPI_DIRECT_ATTEMPTS_PERF:D2K", TL_PLM_UK,
				      PFM_OS_PERF_EVENT_EXT, &e), PFM_SUCCESS);
	CU_ASSERT_EQUAL(e.attr.type, 20);	/* uncore_upi_0/type */
	CU_ASSERT_EQUAL(e.attr.config, 0x212);
	/* perf's full name: libpfm4 4.13 refuses it (no D2K), so it is perf's */
	CU_ASSERT_EQUAL_FATAL(tl_perf("skx_unc_upi0::UNC_UPI_DIRECT_ATTEMPTS.D2K", TL_PLM_UK,
				      PFM_OS_PERF_EVENT_EXT, &e), PFM_SUCCESS);
	CU_ASSERT_EQUAL(e.attr.config, 0x212);
	/* libpfm4's own event is untouched, with ':' or '.' */
	CU_ASSERT_EQUAL_FATAL(tl_perf("skx_unc_upi0::UNC_UPI_DIRECT_ATTEMPTS:D2C", TL_PLM_UK,
				      PFM_OS_PERF_EVENT_EXT, &e), PFM_SUCCESS);
	CU_ASSERT_EQUAL(e.attr.config, 0x112);
	CU_ASSERT_EQUAL_FATAL(tl_perf("skx_unc_upi0::UNC_UPI_DIRECT_ATTEMPTS.D2C", TL_PLM_UK,
				      PFM_OS_PERF_EVENT_EXT, &e), PFM_SUCCESS);
	CU_ASSERT_EQUAL(e.attr.config, 0x112);
	CU_ASSERT_EQUAL(tl_perf("skx_unc_upi0::UNC_UPI_DIRECT_ATTEMPTS:D2K", TL_PLM_UK, PFM_OS_PERF_EVENT_EXT, &e),
			PFM_ERR_ATTR);
}

static void test_zen3_l3_takes_perfs_names_beside_libpfm4s(void)
{
	struct tl_none n;
	CU_ASSERT_EQUAL_FATAL(tl_start_on(NULL, ZEN3, 1), PFM_SUCCESS);
	CU_ASSERT_EQUAL_FATAL(tl_none("amd64_fam19h_zen3_l3::l3_comb_clstr_state.request_miss", TL_PLM_UK, &n),
			      PFM_SUCCESS);
	/* PFM_OS_NONE codes carry the privilege levels in bits 16-17, as
	 * libpfm4 4.13's own events of this box do (TL_PLM_UK: both) */
	CU_ASSERT_EQUAL(n.codes[0], 0x30106ULL);
	CU_ASSERT_EQUAL_FATAL(tl_none("amd64_fam19h_zen3_l3::l3_cache_accesses", TL_PLM_UK, &n), PFM_SUCCESS);
	CU_ASSERT_EQUAL(n.codes[0], 0x3ff04ULL);
	/* libpfm4 4.13's name on the same box */
	CU_ASSERT_EQUAL(tl_none("amd64_fam19h_zen3_l3::UNC_L3_MISSES", TL_PLM_UK, &n), PFM_SUCCESS);
}

static const struct tl_test tests[] = {
	TL_TEST(test_perf_cha_event_with_a_filter_encodes_config1_as_the_kernel_lays_it_out),
	TL_TEST(test_perf_cha_event_has_libpfm4s_raw_codes_its_filter_in_the_second_and_third),
	TL_TEST(test_perf_imc_name_encodes_as_libpfm4s_spelling),
	TL_TEST(test_libpfm4_cha_string_keeps_its_4_13_codes),
	TL_TEST(test_perf_event_libpfm4_encodes_otherwise_is_name_perf),
	TL_TEST(test_zen3_l3_takes_perfs_names_beside_libpfm4s),
};

void uncore_merge_register(void)
{
	tl_suite("uncore-merge", NULL, NULL, tests);
}
