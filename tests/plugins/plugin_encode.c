/*
 * SPDX-License-Identifier: MIT
 * tests/plugins/plugin_encode.c - a plugin converted by jsontoyaml from the fictional
 * QuokkaSemi Q1 (tests/fixtures/plugins) is a PMU like a built-in one: forced
 * with LIBPFM_FORCE_PMU it encodes under PFM_OS_NONE and the perf_event
 * layers with the fixture's field layout; detected by host identity
 * (LIBPFM_CPUID) it is the default PMU; an identity it does not match leaves
 * it unloaded. Each suite runs between one pfm_initialize and its pfm_terminate. A suite of test_public (tests/plugins/plugins.h).
 * usage: test_public encode PLUGIN_DIR (holding qk_q1.yaml)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "capture.h"
#include "encode.h"
#include "env.h"
#include "info.h"
#include "suite.h"
#include "plugins.h"

#define QK_ID 990
/* the fixture family's fields (tests/fixtures/plugins/overlays/x86/family/quokka.yaml) */
#define EV(x)    ((uint64_t)(x))
#define UM(x)    ((uint64_t)(x) << 8)
#define USR      (1ull << 16)
#define OS       (1ull << 17)
#define EDGE     (1ull << 18)
#define INT      (1ull << 20)
#define EN       (1ull << 22)
#define INV      (1ull << 23)
#define CMASK(x) ((uint64_t)(x) << 24)
#define RAW      (INT | EN)	/* raw_bits: PFM_OS_NONE only */
/* a host root whose sysfs has the `cpu` PMU (the fixture's perf_pmu) with type 9 */
#define CPU9_SYSROOT "tests/fixtures/sysroot/cpu-type-9"

static const struct none_case { const char *ev; int plm; uint64_t code; } none_cases[] = {
	{ "WIDGET_OPS:LOADS:u", TL_PLM_UK, EV(0x42) | UM(0x1) | USR | RAW },
	{ "WIDGET_OPS", TL_PLM_UK, EV(0x42) | UM(0x3) | USR | OS | RAW },	/* default unit mask ALL */
	{ "qk_q1::WIDGET_OPS:STALLS:k", TL_PLM_UK, EV(0x42) | UM(0x3) | INV | CMASK(1) | OS | RAW },
	{ "BURROW_MISS:L1:L2", PFM_PLM3, EV(0x51) | UM(0x30) | USR | RAW },	/* OR-combined */
	{ "WIDGET_CYCLES:c=2:e", PFM_PLM0, EV(0x3c) | CMASK(2) | EDGE | OS | RAW },
	{ "WIDGET_OPS.STORES", PFM_PLM3, EV(0x42) | UM(0x2) | USR | RAW },	/* perf's name */
	{ "widget_ops:loads", TL_PLM_UK, EV(0x42) | UM(0x1) | USR | OS | RAW },	/* any case */
};

static const struct error_case { const char *ev; int err; } error_cases[] = {
	{ "WIDGET_OPS:LOADS:STALLS", PFM_ERR_FEATCOMB },	/* STALLS is exclusive */
	{ "BURROW_MISS", PFM_ERR_UMASK },		/* required group, no default */
	{ "WIDGET_CYCLES:e", PFM_ERR_ATTR },		/* e requires c */
	{ "WIDGET_CYCLES:c=256", PFM_ERR_ATTR_VAL },	/* cmask is 8 bits */
	{ "WIDGET_OPS:NOPE", PFM_ERR_ATTR },
	{ "NO_SUCH_EVENT", PFM_ERR_NOTFOUND },
};

static const char *plugin_dir;
/* what a suite's pfm_initialize gave: its pfm_initialize answer and verbose output */
static int init_ret;
static char *init_log;
static const char *cpuid;

/* pfm_initialize under the environment set so far, with LIBPFM_VERBOSE output kept */
static int init_logged(void)
{
	const char *log;
	tl_env("LIBPFM_PLUGIN_PATH", plugin_dir);
	tl_env("LIBPFM_VERBOSE", "1");
	init_ret = tl_capture_call(pfm_initialize, &log);
	free(init_log);
	init_log = strdup(log);
	return 0;	/* the tests check init_ret */
}

static int init_logged_end(void)
{
	pfm_terminate();
	free(init_log);
	init_log = NULL;
	return 0;
}

/* ---- forced with LIBPFM_FORCE_PMU=qk_q1 ---- */

static int forced_init(void)
{
	tl_env_empty_host();
	tl_env("LIBPFM_FORCE_PMU", "qk_q1");
	tl_env("LIBPFM_SYSROOT", CPU9_SYSROOT);
	return init_logged();
}

static void test_forced_plugin_initialises(void)
{
	TL_ASSERT(init_ret == PFM_SUCCESS, "pfm_initialize: %s", pfm_strerror(init_ret));
}

static void test_verbose_output_names_the_file_that_gave_the_plugin_pmu(void)
{
	TL_ASSERT(tl_log_has(init_log, "plugin ", "qk_q1.yaml", "PMU qk_q1 loaded", NULL), "log:\n%s", init_log);
}

static void test_pmu_info_describes_the_plugin_pmu(void)
{
	pfm_pmu_info_t pi;
	int r = tl_pmu_info(QK_ID, &pi);
	TL_ASSERT(r == PFM_SUCCESS && pi.name && !strcmp(pi.name, "qk_q1") && pi.type == PFM_PMU_TYPE_CORE &&
		  pi.nevents == 3 && pi.num_cntrs == 6 && pi.num_fixed_cntrs == 2 && pi.max_encoding == 1,
		  "r=%d name=%s type=%d nevents=%d cntrs=%d fixed=%d max_encoding=%d", r,
		  pi.name ? pi.name : "(null)", pi.type, pi.nevents, pi.num_cntrs, pi.num_fixed_cntrs,
		  pi.max_encoding);
}

static void test_plugin_pmu_is_present(void)
{
	pfm_pmu_info_t pi;
	int r = tl_pmu_info(QK_ID, &pi);
	TL_ASSERT(r == PFM_SUCCESS && pi.is_present, "r=%d present=%d", r, pi.is_present);
}

static void test_plugin_event_encodes_under_PFM_OS_NONE(const void *data)
{
	const struct none_case *c = data;
	struct tl_none o;
	int r = tl_none(c->ev, c->plm, &o);
	TL_ASSERT(r == PFM_SUCCESS && o.count == 1 && o.codes[0] == c->code, "r=%d (%s) count=%d code=0x%llx",
		  r, pfm_strerror(r), o.count, (unsigned long long)o.codes[0]);
}

static void test_bad_plugin_event_string_is_refused_with_its_error(const void *data)
{
	const struct error_case *c = data;
	int r = tl_ret(c->ev);
	TL_ASSERT(r == c->err, "got %d (%s)", r, pfm_strerror(r));
}

static void test_fstr_of_a_plugin_event_names_its_pmu_and_modifiers(void)
{
	struct tl_none o;
	const char *want = "qk_q1::WIDGET_OPS:LOADS:k=0:u=1:e=0:i=0:c=0";
	int r = tl_none("WIDGET_OPS.LOADS:u", TL_PLM_UK, &o);
	TL_ASSERT(r == PFM_SUCCESS && !strcmp(o.fstr, want), "r=%d fstr=%s want %s", r, o.fstr, want);
}

/* the forced suite runs on CPU9_SYSROOT: attr.type comes from its sysfs cpu PMU */
static void test_perf_ext_gives_the_sysfs_cpu_type_the_config_without_raw_bits_and_no_hv_exclusion(void)
{
	struct tl_perf p;
	unsigned int type = 9;
	int r = tl_perf("WIDGET_OPS:LOADS:u", TL_PLM_UK, PFM_OS_PERF_EVENT_EXT, &p);
	/* kernel excluded by :u; x86 has no hv level */
	TL_ASSERT(r == PFM_SUCCESS && p.attr.type == type && p.attr.config == (EV(0x42) | UM(0x1)) &&
		  p.attr.exclude_kernel && !p.attr.exclude_user && !p.attr.exclude_hv,
		  "r=%d type=%u (want %u) config=0x%llx excl k/u/hv=%d/%d/%d", r, p.attr.type, type,
		  (unsigned long long)p.attr.config, p.attr.exclude_kernel, p.attr.exclude_user,
		  p.attr.exclude_hv);
}

static void test_perf_ext_unit_mask_presets_inv_and_cmask_in_config(void)
{
	struct tl_perf p;
	int r = tl_perf("qk_q1::WIDGET_OPS:STALLS", TL_PLM_UK, PFM_OS_PERF_EVENT_EXT, &p);
	TL_ASSERT(r == PFM_SUCCESS && p.attr.config == (EV(0x42) | UM(0x3) | INV | CMASK(1)) &&
		  !p.attr.exclude_kernel && !p.attr.exclude_user, "r=%d config=0x%llx excl k/u=%d/%d", r,
		  (unsigned long long)p.attr.config, p.attr.exclude_kernel, p.attr.exclude_user);
}

static void test_perf_ext_precise_on_a_pebs_event_sets_precise_ip(void)
{
	struct tl_perf p;
	int r = tl_perf("BURROW_MISS:L2:precise=2", TL_PLM_UK, PFM_OS_PERF_EVENT_EXT, &p);
	TL_ASSERT(r == PFM_SUCCESS && p.attr.precise_ip == 2 && p.attr.config == (EV(0x51) | UM(0x20)),
		  "r=%d precise_ip=%d config=0x%llx", r, p.attr.precise_ip, (unsigned long long)p.attr.config);
}

static void test_perf_ext_precise_on_an_event_perf_does_not_mark_pebs_is_PFM_ERR_ATTR(void)
{
	struct tl_perf p;
	int r = tl_perf("WIDGET_CYCLES:precise=1", TL_PLM_UK, PFM_OS_PERF_EVENT_EXT, &p);
	TL_ASSERT(r == PFM_ERR_ATTR, "got %d (%s)", r, pfm_strerror(r));
}

static void test_perf_ext_period_sets_sample_period(void)
{
	struct tl_perf p;
	int r = tl_perf("WIDGET_OPS:ALL:period=5000", TL_PLM_UK, PFM_OS_PERF_EVENT_EXT, &p);
	TL_ASSERT(r == PFM_SUCCESS && p.attr.sample_period == 5000 && p.attr.config == (EV(0x42) | UM(0x3)),
		  "r=%d period=%llu config=0x%llx", r, (unsigned long long)p.attr.sample_period,
		  (unsigned long long)p.attr.config);
}

static void test_perf_event_without_ext_has_no_precise_attribute(void)
{
	struct tl_perf p;
	int r = tl_perf("BURROW_MISS:L1:precise=1", TL_PLM_UK, PFM_OS_PERF_EVENT, &p);
	TL_ASSERT(r == PFM_ERR_ATTR, "got %d (%s)", r, pfm_strerror(r));
}

/* ---- detected by LIBPFM_CPUID ---- */

static int detected_1a_init(void)
{
	cpuid = "QuokkaSemi-7-1A-3";
	tl_env_empty_host();
	tl_env("LIBPFM_CPUID", cpuid);
	return init_logged();
}

static int detected_1b_init(void)
{
	cpuid = "QuokkaSemi-7-1B";	/* no stepping */
	tl_env_empty_host();
	tl_env("LIBPFM_CPUID", cpuid);
	return init_logged();
}

static void test_plugin_pmu_is_detected_by_its_identity(void)
{
	TL_ASSERT(init_ret == PFM_SUCCESS && tl_log_has(init_log, "PMU qk_q1 detected", NULL),
		  "LIBPFM_CPUID=%s: r=%d log:\n%s", cpuid, init_ret, init_log);
}

static void test_event_without_pmu_prefix_is_the_detected_plugins(void)
{
	struct tl_none o;
	int r = tl_none("WIDGET_OPS:LOADS", TL_PLM_UK, &o);
	TL_ASSERT(r == PFM_SUCCESS && o.codes[0] == (EV(0x42) | UM(0x1) | USR | OS | RAW),
		  "LIBPFM_CPUID=%s: r=%d code=0x%llx", cpuid, r, (unsigned long long)o.codes[0]);
}

/* ---- an identity the plugin does not match ---- */

static int unmatched_init(void)
{
	tl_env_empty_host();
	tl_env("LIBPFM_CPUID", "QuokkaSemi-7-2C-0");
	return init_logged();
}

static void test_unmatched_identity_leaves_the_plugin_unloaded(void)
{
	TL_ASSERT(init_ret == PFM_SUCCESS && !tl_log_has(init_log, "qk_q1", NULL), "r=%d log:\n%s", init_ret,
		  init_log);
}

static void test_unmatched_identity_pmu_info_is_PFM_ERR_NOTSUPP(void)
{
	pfm_pmu_info_t pi;
	int r = tl_pmu_info(QK_ID, &pi);
	TL_ASSERT(r == PFM_ERR_NOTSUPP, "got %d", r);
}

static void test_unmatched_identity_plugin_event_is_not_found(void)
{
	int r = pfm_find_event("qk_q1::WIDGET_OPS");
	TL_ASSERT(r == PFM_ERR_NOTFOUND, "got %d", r);
}

/* every PMU may be used: the plugin is read although not present */
static int unmatched_inactive_init(void)
{
	tl_env_empty_host();
	tl_env("LIBPFM_CPUID", "QuokkaSemi-7-2C-0");
	tl_env("LIBPFM_ENCODE_INACTIVE", "1");
	return init_logged();
}

static void test_plugin_that_is_not_present_still_encodes_under_encode_inactive(void)
{
	struct tl_none o;
	pfm_pmu_info_t pi;
	int e = tl_none("qk_q1::WIDGET_OPS:LOADS", PFM_PLM3, &o);
	int ri = tl_pmu_info(QK_ID, &pi);
	TL_ASSERT(init_ret == PFM_SUCCESS && e == PFM_SUCCESS && o.codes[0] == (EV(0x42) | UM(0x1) | USR | RAW) &&
		  ri == PFM_SUCCESS && !pi.is_present, "init=%d encode=%d code=0x%llx info=%d present=%d",
		  init_ret, e, (unsigned long long)o.codes[0], ri, pi.is_present);
}

static const struct tl_test forced[] = {
	TL_TEST(test_forced_plugin_initialises),
	TL_TEST(test_verbose_output_names_the_file_that_gave_the_plugin_pmu),
	TL_TEST(test_pmu_info_describes_the_plugin_pmu),
	TL_TEST(test_plugin_pmu_is_present),
	TL_TEST(test_fstr_of_a_plugin_event_names_its_pmu_and_modifiers),
	TL_TEST(test_perf_ext_gives_the_sysfs_cpu_type_the_config_without_raw_bits_and_no_hv_exclusion),
	TL_TEST(test_perf_ext_unit_mask_presets_inv_and_cmask_in_config),
	TL_TEST(test_perf_ext_precise_on_a_pebs_event_sets_precise_ip),
	TL_TEST(test_perf_ext_precise_on_an_event_perf_does_not_mark_pebs_is_PFM_ERR_ATTR),
	TL_TEST(test_perf_ext_period_sets_sample_period),
	TL_TEST(test_perf_event_without_ext_has_no_precise_attribute),
};

static const struct tl_test detected[] = {
	TL_TEST(test_plugin_pmu_is_detected_by_its_identity),
	TL_TEST(test_pmu_info_describes_the_plugin_pmu),
	TL_TEST(test_plugin_pmu_is_present),
	TL_TEST(test_event_without_pmu_prefix_is_the_detected_plugins),
};

static const struct tl_test unmatched[] = {
	TL_TEST(test_unmatched_identity_leaves_the_plugin_unloaded),
	TL_TEST(test_unmatched_identity_pmu_info_is_PFM_ERR_NOTSUPP),
	TL_TEST(test_unmatched_identity_plugin_event_is_not_found),
};

static const struct tl_test unmatched_inactive[] = {
	TL_TEST(test_plugin_that_is_not_present_still_encodes_under_encode_inactive),
};

int plugin_encode_register(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: %s PLUGIN_DIR\n", "test_public encode");
		return 2;
	}
	plugin_dir = argv[1];
	CU_pSuite s = tl_suite("forced by LIBPFM_FORCE_PMU=qk_q1", forced_init, init_logged_end, forced);
	for (size_t i = 0; i < sizeof(none_cases) / sizeof(none_cases[0]); i++)
		tl_case_add(s, test_plugin_event_encodes_under_PFM_OS_NONE, &none_cases[i],
			    "test_plugin_event_encodes_under_PFM_OS_NONE[%s plm 0x%x = 0x%llx]", none_cases[i].ev,
			    none_cases[i].plm, (unsigned long long)none_cases[i].code);
	for (size_t i = 0; i < sizeof(error_cases) / sizeof(error_cases[0]); i++)
		tl_case_add(s, test_bad_plugin_event_string_is_refused_with_its_error, &error_cases[i],
			    "test_bad_plugin_event_string_is_refused_with_its_error[%s: %s]", error_cases[i].ev,
			    pfm_strerror(error_cases[i].err));
	tl_suite("detected by LIBPFM_CPUID=QuokkaSemi-7-1A-3", detected_1a_init, init_logged_end, detected);
	tl_suite("detected by LIBPFM_CPUID=QuokkaSemi-7-1B", detected_1b_init, init_logged_end, detected);
	tl_suite("identity not matched", unmatched_init, init_logged_end, unmatched);
	tl_suite("identity not matched, LIBPFM_ENCODE_INACTIVE=1", unmatched_inactive_init, init_logged_end,
		 unmatched_inactive);
	return 0;
}
