/*
 * SPDX-License-Identifier: MIT
 * tests/detect/test_host.c - suite detect_host of test_host_stage
 * (host_stage.h), host detection (pfmlib/host/): the
 * identity each architecture's reader makes of the hand-written /proc and
 * /sys trees in tests/fixtures/sysroot, the LIBPFM_CPUID override, how an
 * identity's shape tells its architecture, and matching against perf's
 * mapfile patterns. Run from the top of the tree.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "host/readers.h"
#include "util/config.h"
#include "env.h"
#include "suite.h"
#include "host_stage.h"
#include "tmpdir.h"

#define FIX "tests/fixtures/sysroot/"

/* the library reads its environment once (pp_config_load, as pfm_initialize does) */
static void clear_env(void)
{
	tl_env_reset();
	pp_config_load();
}

static void env_set(const char *name, const char *value)
{
	tl_env(name, value);
	pp_config_load();
}

/* pp_host_identify on a fixture tree */
static int identify_tree(const char *tree, struct pp_host *h)
{
	clear_env();
	env_set("LIBPFM_SYSROOT", tree);
	int n = pp_host_identify(h);
	clear_env();
	return n;
}

/* h holds exactly the identities of the NULL-terminated list, in that order */
static int has_exactly(const struct pp_host *h, const char *const *want)
{
	int n = 0;
	for (; want[n]; n++)
		if (n >= h->n || strcmp(h->id[n], want[n])) {
			fprintf(stderr, "identity %d: got '%s', want '%s'\n", n, n < h->n ? h->id[n] : "(none)", want[n]);
			return 0;
		}
	if (n != h->n)
		fprintf(stderr, "got %d identities, want %d\n", h->n, n);
	return n == h->n;
}

#define EXPECT_IDS(h, ...) do { static const char *const w_[] = { __VA_ARGS__, NULL }; \
	CU_ASSERT_TRUE(has_exactly(h, w_)); } while (0)

/* run a parser on text */
static struct pp_host parse_text(int (*parse)(const char *, struct pp_host *), const char *text)
{
	struct pp_host h = { 0 };
	parse(text, &h);
	return h;
}

/* ---- LIBPFM_CPUID ---- */

static void test_cpuid_override_keeps_each_identity_once_and_skips_empty_ones(void)
{
	struct pp_host h;
	clear_env();
	env_set("LIBPFM_CPUID", "GenuineIntel-6-97-2,,0x00000000410fd0c0,GenuineIntel-6-97-2");
	pp_host_identify(&h);
	clear_env();
	EXPECT_IDS(&h, "GenuineIntel-6-97-2", "0x00000000410fd0c0");
	CU_ASSERT_TRUE(h.forced);
}

static void test_cpuid_override_keeps_commas_of_s390_identities(void)
{
	struct pp_host h;
	clear_env();
	env_set("LIBPFM_CPUID", "IBM,3931,703,A01,3.8,002f;0x004e1202,IBM,8561;GenuineIntel-6-55-4");
	pp_host_identify(&h);
	clear_env();
	EXPECT_IDS(&h, "IBM,3931,703,A01,3.8,002f", "0x004e1202", "IBM,8561", "GenuineIntel-6-55-4");
}

static void test_cpuid_override_wins_over_sysroot(void)
{
	struct pp_host h;
	clear_env();
	env_set("LIBPFM_SYSROOT", FIX "power9");
	env_set("LIBPFM_CPUID", "AuthenticAMD-26-2-0");
	pp_host_identify(&h);
	clear_env();
	EXPECT_IDS(&h, "AuthenticAMD-26-2-0");
}

/* ---- identity shapes ---- */

static void test_identity_shape_tells_its_architecture(void)
{
	CU_ASSERT_STRING_EQUAL(pp_host_id_arch("GenuineIntel-6-55-4"), "x86");
	CU_ASSERT_STRING_EQUAL(pp_host_id_arch("AuthenticAMD-25-61"), "x86");
	CU_ASSERT_STRING_EQUAL(pp_host_id_arch("0x00000000410fd0c1"), "arm64");
	CU_ASSERT_STRING_EQUAL(pp_host_id_arch("0x004e1202"), "powerpc");
	CU_ASSERT_STRING_EQUAL(pp_host_id_arch("0x489-0x8000000000000007-0x4210427"), "riscv");
	CU_ASSERT_STRING_EQUAL(pp_host_id_arch("0x5b7-0x0-0x0"), "riscv");
	CU_ASSERT_STRING_EQUAL(pp_host_id_arch("IBM,3931,703,A01,3.8,002f"), "s390");
	CU_ASSERT_PTR_NULL(pp_host_id_arch("0x0"));
	CU_ASSERT_PTR_NULL(pp_host_id_arch("GenuineIntel-6"));
	CU_ASSERT_PTR_NULL(pp_host_id_arch("0x00000000410fd0c1 "));
}

/* ---- matching ---- */

static void test_x86_pattern_matches_identity_with_or_without_stepping(void)
{
	CU_ASSERT_TRUE(pp_match_identity("GenuineIntel-6-(97|9A|B7|BA|BF)", "GenuineIntel-6-97-2"));
	CU_ASSERT_TRUE(pp_match_identity("GenuineIntel-6-(97|9A|B7|BA|BF)", "GenuineIntel-6-BF"));
	CU_ASSERT_FALSE(pp_match_identity("GenuineIntel-6-(97|9A|B7|BA|BF)", "GenuineIntel-6-9-7"));
	CU_ASSERT_FALSE(pp_match_identity("GenuineIntel-6-9", "GenuineIntel-6-97-2"));
	/* only a stepping is dropped, never the model */
	CU_ASSERT_FALSE(pp_match_identity("GenuineIntel-6", "GenuineIntel-6-BF"));
	CU_ASSERT_TRUE(pp_match_identity("AuthenticAMD-23-([12][0-9A-F]|[0-9A-F])", "AuthenticAMD-23-1-2"));
	CU_ASSERT_FALSE(pp_match_identity("AuthenticAMD-23-([12][0-9A-F]|[0-9A-F])", "AuthenticAMD-23-31-0"));
}

static void test_x86_stepping_pattern_tells_skylake_x_from_cascade_lake(void)
{
	CU_ASSERT_TRUE(pp_match_identity("GenuineIntel-6-55-[01234]", "GenuineIntel-6-55-4"));
	CU_ASSERT_FALSE(pp_match_identity("GenuineIntel-6-55-[56789ABCDEF]", "GenuineIntel-6-55-4"));
	CU_ASSERT_TRUE(pp_match_identity("GenuineIntel-6-55-[56789ABCDEF]", "GenuineIntel-6-55-7"));
}

static void test_arm64_midr_ignores_host_variant_and_revision_for_zero_entries(void)
{
	CU_ASSERT_TRUE(pp_match_identity("0x00000000410fd0c0", "0x00000000410fd0c0"));
	CU_ASSERT_TRUE(pp_match_identity("0x00000000410fd0c0", "0x00000000413fd0c1"));
	CU_ASSERT_TRUE(pp_match_identity("0x00000000410FD0C0", "0x00000000414fd0cf"));
}

static void test_arm64_midr_entry_version_is_a_minimum(void)
{
	CU_ASSERT_TRUE(pp_match_identity("0x00000000411fd0c2", "0x00000000411fd0c2"));
	CU_ASSERT_TRUE(pp_match_identity("0x00000000411fd0c2", "0x00000000412fd0c0"));
	CU_ASSERT_FALSE(pp_match_identity("0x00000000411fd0c2", "0x00000000411fd0c1"));
	CU_ASSERT_FALSE(pp_match_identity("0x00000000411fd0c2", "0x00000000410fd0c3"));
}

static void test_arm64_midr_of_other_part_or_implementer_does_not_match(void)
{
	CU_ASSERT_FALSE(pp_match_identity("0x00000000410fd0c0", "0x00000000410fd0d0"));
	CU_ASSERT_FALSE(pp_match_identity("0x00000000410fd030", "0x00000000420fd030"));
	CU_ASSERT_FALSE(pp_match_identity("0x00000000410fd0c0", "0x00000001410fd0c0"));
}

static void test_riscv_regex_must_match_the_whole_identity(void)
{
	const char *u74 = "0x489-0x8000000000000007-0x[[:xdigit:]]+";
	CU_ASSERT_TRUE(pp_match_identity(u74, "0x489-0x8000000000000007-0x4210427"));
	CU_ASSERT_FALSE(pp_match_identity(u74, "0x489-0x8000000000000008-0x4210427"));
	CU_ASSERT_TRUE(pp_match_identity("0x5b7-0x0-0x0", "0x5b7-0x0-0x0"));
	CU_ASSERT_FALSE(pp_match_identity("0x5b7-0x0-0x0", "0x5b7-0x0-0x01"));
	/* a riscv identity has no stepping to drop */
	CU_ASSERT_FALSE(pp_match_identity("0x5b7-0x0", "0x5b7-0x0-0x0"));
}

static void test_powerpc_pvr_regex_matches_version_half(void)
{
	CU_ASSERT_TRUE(pp_match_identity("0x004e[[:xdigit:]]{4}", "0x004e1202"));
	CU_ASSERT_FALSE(pp_match_identity("0x004e[[:xdigit:]]{4}", "0x00801202"));
	CU_ASSERT_TRUE(pp_match_identity("0x004[bcd][[:xdigit:]]{4}", "0x004d0200"));
}

static void test_s390_patterns_with_their_own_anchors(void)
{
	const char *z15 = "^IBM.856[12].*3\\.6.[[:xdigit:]]+$";
	CU_ASSERT_TRUE(pp_match_identity("^IBM.393[12].*$", "IBM,3931,703,A01,3.8,002f"));
	CU_ASSERT_TRUE(pp_match_identity("^IBM.393[12].*$", "IBM,3932"));
	CU_ASSERT_TRUE(pp_match_identity(z15, "IBM,8561,716,T01,3.6,002f"));
	CU_ASSERT_FALSE(pp_match_identity(z15, "IBM,8561,716,T01"));
}

static void test_match_arch_never_crosses_architectures(void)
{
	CU_ASSERT_FALSE(pp_match_identity_arch("riscv", "0x[[:xdigit:]]+", "0x004e1202"));
	CU_ASSERT_TRUE(pp_match_identity_arch("powerpc", "0x[[:xdigit:]]+", "0x004e1202"));
	CU_ASSERT_FALSE(pp_match_identity_arch("x86", "0x00000000410fd0c0", "0x00000000410fd0c0"));
	CU_ASSERT_TRUE(pp_match_identity_arch("arm64", "0x00000000410fd0c0", "0x00000000410fd0c0"));
	/* no arch, generic, or an identity of unknown shape: the pattern alone decides */
	CU_ASSERT_TRUE(pp_match_identity_arch("", "0x[[:xdigit:]]+", "0x004e1202"));
	CU_ASSERT_TRUE(pp_match_identity_arch("generic", "0x[[:xdigit:]]+", "0x004e1202"));
	CU_ASSERT_TRUE(pp_match_identity_arch("nds32", "0x0", "0x0"));
}

static void test_arm32_pmus_match_the_midr_shape_and_no_other(void)
{
	/* a 32-bit Arm host's identity is its MIDR, the arm64 shape */
	CU_ASSERT_TRUE(pp_match_identity_arch("arm", "0x00000000410fc0f0", "0x00000000412fc0f3"));
	CU_ASSERT_TRUE(pp_match_identity_arch("arm", "0x0000000051[[:xdigit:]]f0[4567][[:xdigit:]][[:xdigit:]]",
					  "0x00000000511f06f0"));
	CU_ASSERT_FALSE(pp_match_identity_arch("arm", "0x0000000051[[:xdigit:]]f0[4567][[:xdigit:]][[:xdigit:]]",
					   "0x00000000510f02d0"));
	CU_ASSERT_FALSE(pp_match_identity_arch("arm", "0x[[:xdigit:]]+", "0x004e1202"));
	/* the sharing goes one way: an arm64 PMU is never matched against a PVR */
	CU_ASSERT_TRUE(pp_host_arch_serves("arm", "arm64"));
	CU_ASSERT_FALSE(pp_host_arch_serves("arm64", "arm"));
	CU_ASSERT_FALSE(pp_host_arch_serves("arm", "powerpc"));
}

static void test_invalid_pattern_matches_nothing(void)
{
	CU_ASSERT_FALSE(pp_match_identity("GenuineIntel-6-(55", "GenuineIntel-6-55-4"));
}

/* ---- readers on the fixture trees ---- */

static void test_arm64_sysfs_gives_one_identity_per_core_type(void)
{
	struct pp_host h;
	identify_tree(FIX "arm64-biglittle", &h);
	EXPECT_IDS(&h, "0x00000000411fd050", "0x00000000414fd0b1");
}

static void test_arm64_sysfs_skips_cpu_without_regs(void)
{
	struct pp_host h;
	identify_tree(FIX "arm64-neoverse-n1", &h);
	EXPECT_IDS(&h, "0x00000000413fd0c1");
}

static void test_arm64_cpuinfo_lines_rebuild_the_midr(void)
{
	struct pp_host h;
	identify_tree(FIX "arm64-cpuinfo-only", &h);
	EXPECT_IDS(&h, "0x00000000410fd034", "0x00000000410fd082");
}

/* a tree made here, a temporary directory of tests/lib under $TMPDIR (removed
 * at exit at the latest): sysfs says Cortex-A76, /proc/cpuinfo says Cortex-A55 */
static void test_arm64_sysfs_is_preferred_over_cpuinfo(void)
{
	const char *root = tl_tmp_dir("detect");
	CU_ASSERT_PTR_NOT_NULL_FATAL(root);
	CU_ASSERT_EQUAL_FATAL(tl_tmp_puts(root, "sys/devices/system/cpu/cpu0/regs/identification/midr_el1",
					  "0x00000000414fd0b1\n"), 0);
	CU_ASSERT_EQUAL_FATAL(tl_tmp_puts(root, "proc/cpuinfo",
					  "processor\t: 0\nCPU implementer\t: 0x41\nCPU part\t: 0xd05\n"), 0);

	struct pp_host h;
	identify_tree(root, &h);
	EXPECT_IDS(&h, "0x00000000414fd0b1");
	tl_tmp_remove(root);
}

static void test_cpuinfo_over_long_line_does_not_split_a_block(void)
{
	char text[6000];
	int l = snprintf(text, sizeof(text), "processor\t: 0\nCPU implementer\t: 0x41\nFeatures\t:");
	while (l < 5000)
		l += snprintf(text + l, sizeof(text) - (size_t)l, " feat%d", l);
	snprintf(text + l, sizeof(text) - (size_t)l, "\nCPU variant\t: 0x2\nCPU part\t: 0xd0b\nCPU revision\t: 0\n");
	struct pp_host h = parse_text(pp_arm64_parse_cpuinfo, text);
	EXPECT_IDS(&h, "0x00000000412fd0b0");
}

static void test_riscv_cpuinfo_gives_vendor_arch_impl(void)
{
	struct pp_host h;
	identify_tree(FIX "riscv-sifive-u74", &h);
	EXPECT_IDS(&h, "0x489-0x8000000000000007-0x4210427");
	identify_tree(FIX "riscv-thead-c910", &h);
	EXPECT_IDS(&h, "0x5b7-0x0-0x0");
}

static void test_riscv_hart_missing_an_id_is_skipped(void)
{
	struct pp_host h = parse_text(pp_riscv_parse_cpuinfo,
		"processor\t: 0\nmvendorid\t: 0x489\nmarchid\t\t: 0x8000000000000007\n\n"
		"processor\t: 1\nmvendorid\t: 0x489\nmarchid\t\t: 0x8000000000000007\nmimpid\t\t: 0x0\n");
	EXPECT_IDS(&h, "0x489-0x8000000000000007-0x0");
}

static void test_powerpc_pvr_comes_from_revision_line(void)
{
	struct pp_host h;
	identify_tree(FIX "power9", &h);
	EXPECT_IDS(&h, "0x004e1202");
	identify_tree(FIX "power10", &h);
	EXPECT_IDS(&h, "0x00800200");
}

static void test_powerpc_without_pvr_uses_the_cpu_name(void)
{
	struct pp_host h = parse_text(pp_powerpc_parse_cpuinfo,
		"processor\t: 0\ncpu\t\t: POWER10 (architected), altivec supported\nrevision\t: 2.0\n\n"
		"processor\t: 1\ncpu\t\t: POWER8E (raw)\n\n"
		"processor\t: 2\ncpu\t\t: POWER99\n");
	EXPECT_IDS(&h, "0x00800000", "0x004b0000");
}

static void test_s390_identity_has_type_model_and_counter_facility(void)
{
	struct pp_host h;
	identify_tree(FIX "s390-z16", &h);
	EXPECT_IDS(&h, "IBM,3931,703,A01,3.8,002f");
}

static void test_s390_guest_without_cpu_mf_has_no_facility_version(void)
{
	struct pp_host h;
	identify_tree(FIX "s390-z15-zvm-guest", &h);
	EXPECT_IDS(&h, "IBM,8561,716,T01");
}

static void test_s390_without_sysinfo_takes_machine_type_from_cpuinfo(void)
{
	static const char text[] = "vendor_id       : IBM/S390\n"
				   "processor 0: version = 00,  identification = 0A1234,  machine = 8562\n";
	struct pp_host h = { 0 };
	pp_s390_parse(NULL, NULL, text, &h);
	EXPECT_IDS(&h, "IBM,8562");
}

/* fixture -> which reader should recognise it */
static const struct { const char *tree; int reader; } trees[] = {
	{ "arm64-neoverse-n1", 0 }, { "arm64-biglittle", 0 }, { "arm64-cpuinfo-only", 0 },
	{ "riscv-sifive-u74", 1 }, { "riscv-thead-c910", 1 },
	{ "power9", 2 }, { "power10", 2 },
	{ "s390-z16", 3 }, { "s390-z15-zvm-guest", 3 },
	{ "x86-cpuinfo", -1 },
};

static void test_each_reader_recognises_only_its_architecture(void)
{
	int (*const readers[])(struct pp_host *) = { pp_host_identify_arm64, pp_host_identify_riscv,
						     pp_host_identify_powerpc, pp_host_identify_s390 };
	for (size_t t = 0; t < sizeof(trees) / sizeof(trees[0]); t++)
		for (int r = 0; r < 4; r++) {
			char root[256];
			struct pp_host h = { 0 };
			snprintf(root, sizeof(root), FIX "%s", trees[t].tree);
			env_set("LIBPFM_SYSROOT", root);
			readers[r](&h);
			clear_env();
			if ((h.n > 0) != (r == trees[t].reader))
				fprintf(stderr, "reader %d on %s: %d identities\n", r, trees[t].tree, h.n);
			CU_ASSERT_EQUAL(h.n > 0, r == trees[t].reader);
		}
}

static void test_sysroot_without_known_files_gives_no_identity(void)
{
	/* x86 is identified by the cpuid instruction only: a tree cannot describe it */
	struct pp_host h;
	CU_ASSERT_EQUAL(identify_tree(FIX "x86-cpuinfo", &h), 0);
	CU_ASSERT_EQUAL(identify_tree(FIX "does-not-exist", &h), 0);
}

static void test_without_variables_the_native_reader_runs(void)
{
	struct pp_host h;
	clear_env();
	pp_host_identify(&h);
#if defined(__x86_64__) || defined(__i386__)
	/* cpuid always answers: one identity of x86 shape */
	CU_ASSERT_EQUAL_FATAL(h.n, 1);
	CU_ASSERT_STRING_EQUAL(pp_host_id_arch(h.id[0]), "x86");
#else
	for (int i = 0; i < h.n; i++)
		CU_ASSERT_PTR_NOT_NULL(pp_host_id_arch(h.id[i]));
#endif
	CU_ASSERT_FALSE(h.forced);
}

static const struct tl_test tests[] = {
	TL_TEST(test_cpuid_override_keeps_each_identity_once_and_skips_empty_ones),
	TL_TEST(test_cpuid_override_keeps_commas_of_s390_identities),
	TL_TEST(test_cpuid_override_wins_over_sysroot),
	TL_TEST(test_identity_shape_tells_its_architecture),
	TL_TEST(test_x86_pattern_matches_identity_with_or_without_stepping),
	TL_TEST(test_x86_stepping_pattern_tells_skylake_x_from_cascade_lake),
	TL_TEST(test_arm64_midr_ignores_host_variant_and_revision_for_zero_entries),
	TL_TEST(test_arm64_midr_entry_version_is_a_minimum),
	TL_TEST(test_arm64_midr_of_other_part_or_implementer_does_not_match),
	TL_TEST(test_riscv_regex_must_match_the_whole_identity),
	TL_TEST(test_powerpc_pvr_regex_matches_version_half),
	TL_TEST(test_s390_patterns_with_their_own_anchors),
	TL_TEST(test_match_arch_never_crosses_architectures),
	TL_TEST(test_arm32_pmus_match_the_midr_shape_and_no_other),
	TL_TEST(test_invalid_pattern_matches_nothing),
	TL_TEST(test_arm64_sysfs_gives_one_identity_per_core_type),
	TL_TEST(test_arm64_sysfs_skips_cpu_without_regs),
	TL_TEST(test_arm64_cpuinfo_lines_rebuild_the_midr),
	TL_TEST(test_arm64_sysfs_is_preferred_over_cpuinfo),
	TL_TEST(test_cpuinfo_over_long_line_does_not_split_a_block),
	TL_TEST(test_riscv_cpuinfo_gives_vendor_arch_impl),
	TL_TEST(test_riscv_hart_missing_an_id_is_skipped),
	TL_TEST(test_powerpc_pvr_comes_from_revision_line),
	TL_TEST(test_powerpc_without_pvr_uses_the_cpu_name),
	TL_TEST(test_s390_identity_has_type_model_and_counter_facility),
	TL_TEST(test_s390_guest_without_cpu_mf_has_no_facility_version),
	TL_TEST(test_s390_without_sysinfo_takes_machine_type_from_cpuinfo),
	TL_TEST(test_each_reader_recognises_only_its_architecture),
	TL_TEST(test_sysroot_without_known_files_gives_no_identity),
	TL_TEST(test_without_variables_the_native_reader_runs),
};

void detect_host_register(void)
{
	clear_env();
	tl_suite("host detection", NULL, NULL, tests);
}
