/*
 * SPDX-License-Identifier: MIT
 * tests/sysfs/test_sysfs_api.c - suite sysfs-api of test_public api (suites.h):
 * sysfs-discovered PMUs through the public libpfm4 API only: each case points LIBPFM_SYSROOT at a fixture
 * tree of tests/fixtures/sysfs (or a run-time tree, scratch.h), initialises the
 * library and checks what pfm_get_pmu_info / pfm_get_os_event_encoding
 * give. The live case (this host's msr PMU) opens and reads the event.
 * Run once on build/lib/libpfm.so.4 (test_public) and once on the ASan
 * build of the library (test_public_asan: leaks and overflows fail that one).
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>
#include <perfmon/pfmlib_perf_event.h>
#include "capture.h"
#include "encode.h"
#include "env.h"
#include "info.h"
#include "scratch.h"
#include "suites.h"
#include "suite.h"
#include "tmpdir.h"
#include "watchdog.h"

static const char *fixtures = "tests/fixtures/sysfs";

/* ---- helpers ---- */

static int start_with(const char *root, int verbose)
{
	pfm_terminate();
	tl_env("LIBPFM_SYSROOT", root);
	tl_env("LIBPFM_VERBOSE", verbose ? "1" : NULL);
	return pfm_initialize();
}

/* every PMU's info asked for once: the sysfs PMUs are built (their first use) */
static void use_every_pmu(void)
{
	pfm_pmu_info_t info;
	for (int id = 0; id < PFM_PMU_MAX; id++)
		tl_pmu_info(id, &info);
}

/* pfm_initialize on the sysfs tree under root, then every PMU used once;
 * verbose messages of both in tl_captured() */
static int start_at(const char *root)
{
	tl_capture_begin();
	int r = start_with(root, 1);
	if (r == PFM_SUCCESS)
		use_every_pmu();
	tl_capture_end();
	return r;
}

/* the same on the fixture tree tests/fixtures/sysfs/<tree> */
static int start(const char *tree)
{
	char root[1024];
	snprintf(root, sizeof(root), "%s/%s", fixtures, tree);
	return start_at(root);
}

/* the malformed tree, made at run time from tests/fixtures/sysfs/broken (scratch.h) */
static const char *broken;

/* encode str for PFM_OS_PERF_EVENT_EXT with dfl_plm; verbose messages in tl_captured() */
static struct tl_perf encode_plm(const char *str, int plm)
{
	struct tl_perf e;
	tl_capture_begin();
	tl_perf(str, plm, PFM_OS_PERF_EVENT_EXT, &e);
	tl_capture_end();
	return e;
}

static struct tl_perf encode(const char *str)
{
	return encode_plm(str, TL_PLM_UK);
}

/* ---- the CCN fixture ---- */

static void test_ccn_is_an_uncore_pmu_present_with_an_id_from_the_top_of_the_range(void)
{
	pfm_pmu_info_t info;
	CU_ASSERT_EQUAL_FATAL(start("ccn"), PFM_SUCCESS);
	int id = tl_pmu_named("ccn", &info);
	CU_ASSERT_EQUAL_FATAL(id, 1022);
	CU_ASSERT_EQUAL(info.type, PFM_PMU_TYPE_UNCORE);
	CU_ASSERT_EQUAL(info.is_present, 1);
	CU_ASSERT_EQUAL(info.nevents, 3);
	CU_ASSERT_PTR_NOT_NULL(strstr(info.desc, "sysfs"));
}

static void test_ccn_parameters_land_in_their_config_bits_with_type_from_sysfs(void)
{
	CU_ASSERT_EQUAL_FATAL(start("ccn"), PFM_SUCCESS);
	struct tl_perf e = encode("ccn::xp_valid_flit:xp=1:port=2:vc=3:dir=1");
	CU_ASSERT_EQUAL_FATAL(e.ret, PFM_SUCCESS);
	CU_ASSERT_EQUAL(e.attr.type, 27);
	/* xp 1 @0-7 | type 0x8 @8-15 | event 0x4 @16-23 | port 2 @24-25 | vc 3 @26-28 | dir 1 @29 */
	CU_ASSERT_EQUAL(e.attr.config, 0x2e040801ULL);
	CU_ASSERT_EQUAL(e.attr.config1, 0);
	CU_ASSERT_EQUAL(e.attr.config2, 0);
	CU_ASSERT_EQUAL(tl_event_pmu(e.idx), 1022);
	e = encode("ccn::xp_valid_flit:xp=0:port=0:vc=0:dir=0:cmp_l=5:cmp_h=7");
	CU_ASSERT_EQUAL_FATAL(e.ret, PFM_SUCCESS);
	CU_ASSERT_EQUAL(e.attr.config, 0x40800ULL);
	CU_ASSERT_EQUAL(e.attr.config1, 5);
	CU_ASSERT_EQUAL(e.attr.config2, 7);
}

static void test_ccn_cpu_defaults_to_the_first_cpu_of_cpumask_and_a_given_cpu_wins(void)
{
	CU_ASSERT_EQUAL_FATAL(start("ccn"), PFM_SUCCESS);
	struct tl_perf e = encode("ccn::cycles");
	CU_ASSERT_EQUAL_FATAL(e.ret, PFM_SUCCESS);
	CU_ASSERT_EQUAL(e.cpu, 2);
	CU_ASSERT_EQUAL(e.attr.config, 0xff00ULL);
	e = encode("ccn::cycles:cpu=5");
	CU_ASSERT_EQUAL(e.ret, PFM_SUCCESS);
	CU_ASSERT_EQUAL(e.cpu, 5);
}

static void test_missing_parameter_is_PFM_ERR_ATTR_and_the_message_names_it(void)
{
	CU_ASSERT_EQUAL_FATAL(start("ccn"), PFM_SUCCESS);
	struct tl_perf e = encode("ccn::xp_valid_flit:xp=1:vc=0:dir=0");
	CU_ASSERT_EQUAL(e.ret, PFM_ERR_ATTR);
	CU_ASSERT_PTR_NOT_NULL(strstr(tl_captured(), "port"));
	if (!strstr(tl_captured(), "port"))
		printf("message: %s\n", tl_captured());
	e = encode("ccn::hnf_cache_miss");
	CU_ASSERT_EQUAL(e.ret, PFM_ERR_ATTR);
	CU_ASSERT_PTR_NOT_NULL(strstr(tl_captured(), "node"));
	e = encode("ccn::hnf_cache_miss:node=3");
	CU_ASSERT_EQUAL(e.ret, PFM_SUCCESS);
	CU_ASSERT_EQUAL(e.attr.config, 0x10403ULL);
}

static void test_value_wider_than_its_field_is_PFM_ERR_ATTR_VAL(void)
{
	static const char *const wide[] = {
		"ccn::xp_valid_flit:xp=256:port=0:vc=0:dir=0",
		"ccn::xp_valid_flit:xp=0:port=4:vc=0:dir=0",
		"ccn::xp_valid_flit:xp=0:port=0:vc=8:dir=0",
		"ccn::xp_valid_flit:xp=0:port=0:vc=0:dir=2",
		"ccn::cycles:cmp_h=0x1000000000000000",
	};
	CU_ASSERT_EQUAL_FATAL(start("ccn"), PFM_SUCCESS);
	for (size_t i = 0; i < sizeof(wide) / sizeof(wide[0]); i++) {
		struct tl_perf e = encode(wide[i]);
		CU_ASSERT_EQUAL(e.ret, PFM_ERR_ATTR_VAL);
		if (e.ret != PFM_ERR_ATTR_VAL)
			printf("%s -> %d\n", wide[i], e.ret);
	}
}

static void test_field_fixed_by_the_template_cannot_be_given(void)
{
	CU_ASSERT_EQUAL_FATAL(start("ccn"), PFM_SUCCESS);
	struct tl_perf e = encode("ccn::cycles:type=1");
	CU_ASSERT_EQUAL(e.ret, PFM_ERR_ATTR);
}

static void test_perf_spelling_encodes_like_the_libpfm4_spelling(void)
{
	CU_ASSERT_EQUAL_FATAL(start("ccn"), PFM_SUCCESS);
	struct tl_perf a = encode("ccn::xp_valid_flit:xp=1:port=2:vc=3:dir=1");
	struct tl_perf b = encode("ccn/xp_valid_flit,xp=1,port=2,vc=3,dir=1/");
	CU_ASSERT_EQUAL(b.ret, PFM_SUCCESS);
	CU_ASSERT_EQUAL(b.attr.config, a.attr.config);
	CU_ASSERT_EQUAL(b.attr.type, a.attr.type);
	CU_ASSERT_EQUAL(b.idx, a.idx);
	CU_ASSERT_EQUAL(b.cpu, 2);
	CU_ASSERT(a.fstr[0] && !strcmp(a.fstr, b.fstr));
	b = encode("ccn/xp_valid_flit,xp=1/");
	CU_ASSERT_EQUAL(b.ret, PFM_ERR_ATTR);	/* the same rules: port, vc, dir missing */
	b = encode("ccn/nosuchevent/");
	CU_ASSERT_EQUAL(b.ret, PFM_ERR_NOTFOUND);
	static const char *const bad[] = { "ccn/cycles", "ccn/cycles/x", "ccn//", "/cycles/", "ccn/cycles,/" };
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		b = encode(bad[i]);
		CU_ASSERT_NOT_EQUAL(b.ret, PFM_SUCCESS);
	}
}

static void test_unprefixed_names_keep_their_table_meaning_and_reach_sysfs_events_last(void)
{
	CU_ASSERT_EQUAL_FATAL(start("ccn"), PFM_SUCCESS);
	struct tl_perf e = encode("cycles");	/* perf::cycles, not ccn::cycles */
	CU_ASSERT_EQUAL(e.ret, PFM_SUCCESS);
	CU_ASSERT_EQUAL(e.attr.type, PERF_TYPE_HARDWARE);
	CU_ASSERT_NOT_EQUAL(tl_event_pmu(e.idx), 1022);
	e = encode("hnf_cache_miss:node=1");	/* only ccn has it */
	CU_ASSERT_EQUAL(e.ret, PFM_SUCCESS);
	CU_ASSERT_EQUAL(e.attr.type, 27);
}

static void test_raw_codes_under_PFM_OS_NONE(void)
{
	uint64_t *codes = NULL;
	int count = 0;
	CU_ASSERT_EQUAL_FATAL(start("ccn"), PFM_SUCCESS);
	int r = pfm_get_event_encoding("ccn::xp_valid_flit:xp=1:port=2:vc=3:dir=1", PFM_PLM0 | PFM_PLM3, NULL,
				       NULL, &codes, &count);
	CU_ASSERT_EQUAL_FATAL(r, PFM_SUCCESS);
	CU_ASSERT_FATAL(count >= 1);
	CU_ASSERT_EQUAL(codes[0], 0x2e040801ULL);
	free(codes);
}

static void test_sysfs_pmus_set_no_privilege_or_guest_exclusion(void)
{
	CU_ASSERT_EQUAL_FATAL(start("ccn"), PFM_SUCCESS);
	/* the kernel refuses exclude_* on PMUs such as msr, power (PERF_PMU_CAP_NO_EXCLUDE) */
	struct tl_perf e = encode_plm("ccn::cycles", PFM_PLM3);
	CU_ASSERT_EQUAL_FATAL(e.ret, PFM_SUCCESS);
	CU_ASSERT_EQUAL(e.attr.exclude_user, 0);
	CU_ASSERT_EQUAL(e.attr.exclude_kernel, 0);
	CU_ASSERT_EQUAL(e.attr.exclude_hv, 0);
	CU_ASSERT_EQUAL(e.attr.exclude_guest, 0);
	CU_ASSERT_EQUAL(e.attr.exclude_host, 0);
}

static void test_a_table_of_this_host_with_that_perf_pmu_serves_the_sysfs_pmu(void)
{
	pfm_pmu_info_t info;
	char plugins[1024];
	snprintf(plugins, sizeof(plugins), "%s/plugins", fixtures);
	tl_env("LIBPFM_PLUGIN_PATH", plugins);
	tl_env("LIBPFM_CPUID", "GenuineIntel-6-55-4");
	CU_ASSERT_EQUAL(start("ccn"), PFM_SUCCESS);
	CU_ASSERT_EQUAL(tl_pmu_named("ccn_table", &info), 950);
	CU_ASSERT_EQUAL(tl_pmu_named("ccn", &info), -1);
	/* the same table, loaded but describing another host, does not */
	tl_env("LIBPFM_CPUID", "GenuineIntel-6-3c-3");
	tl_env("LIBPFM_ENCODE_INACTIVE", "1");
	CU_ASSERT_EQUAL(start("ccn"), PFM_SUCCESS);
	CU_ASSERT_EQUAL(tl_pmu_named("ccn_table", &info), 950);
	CU_ASSERT_EQUAL(tl_pmu_named("ccn", &info), 1022);
	tl_env("LIBPFM_ENCODE_INACTIVE", NULL);
	tl_env("LIBPFM_CPUID", NULL);
	tl_env("LIBPFM_PLUGIN_PATH", NULL);
	pfm_terminate();
}

/* ---- RAPL-like tree: companions, skip rules, name mapping ---- */

static void test_rapl_energy_pkg_encodes_with_its_unit_in_the_description(void)
{
	pfm_event_info_t ev;
	CU_ASSERT_EQUAL_FATAL(start("rapl"), PFM_SUCCESS);
	struct tl_perf e = encode("power::energy-pkg");
	CU_ASSERT_EQUAL_FATAL(e.ret, PFM_SUCCESS);
	CU_ASSERT_EQUAL(e.attr.type, 19);
	CU_ASSERT_EQUAL(e.attr.config, 2);
	CU_ASSERT_EQUAL(e.cpu, 0);
	CU_ASSERT_EQUAL_FATAL(tl_event_info(e.idx, PFM_OS_PERF_EVENT_EXT, &ev), PFM_SUCCESS);
	CU_ASSERT_STRING_EQUAL(ev.name, "energy-pkg");
	CU_ASSERT_PTR_NOT_NULL(strstr(ev.desc, "Joules"));
	CU_ASSERT_PTR_NOT_NULL(strstr(ev.desc, "2.3283064365386962890625e-10"));
	CU_ASSERT_EQUAL(ev.code, 2);
	e = encode("power/energy-pkg/");
	CU_ASSERT_EQUAL(e.ret, PFM_SUCCESS);
	CU_ASSERT_EQUAL(e.attr.config, 2);
}

static void test_pmus_without_event_templates_and_core_pmus_are_not_added(void)
{
	pfm_pmu_info_t info;
	CU_ASSERT_EQUAL_FATAL(start("rapl"), PFM_SUCCESS);
	CU_ASSERT_EQUAL(tl_pmu_named("software", &info), -1);
	CU_ASSERT_EQUAL(tl_pmu_named("uprobe", &info), -1);
	CU_ASSERT_EQUAL(tl_pmu_named("cpu", &info), -1);
	CU_ASSERT_EQUAL(tl_pmu_named("armv8_pmuv3_0", &info), -1);
	/* the two that are: ids given in byte order of their sysfs names, from the top */
	CU_ASSERT_EQUAL(tl_pmu_named("demo_pmu_0", &info), 1022);
	CU_ASSERT_EQUAL(info.type, PFM_PMU_TYPE_OS_GENERIC);
	CU_ASSERT_EQUAL(tl_pmu_named("power", &info), 1021);
	CU_ASSERT_EQUAL(info.type, PFM_PMU_TYPE_UNCORE);
}

static void test_split_fields_bare_terms_raw_config_and_parameters_encode(void)
{
	CU_ASSERT_EQUAL_FATAL(start("rapl"), PFM_SUCCESS);
	struct tl_perf e = encode("demo_pmu_0::split");
	CU_ASSERT_EQUAL(e.ret, PFM_SUCCESS);
	CU_ASSERT_EQUAL(e.attr.type, 42);
	CU_ASSERT_EQUAL(e.attr.config, 0x1000000ffULL);	/* 0x1ff over config:0-7,32-35 */
	CU_ASSERT_EQUAL(e.cpu, -1);
	e = encode("demo_pmu_0::bare");
	CU_ASSERT_EQUAL(e.attr.config, 0x2ULL | 1ULL << 21);
	e = encode("demo_pmu_0::raw");
	CU_ASSERT_EQUAL(e.attr.config, 0x1234);
	CU_ASSERT_EQUAL(e.attr.config1, 5);
	e = encode("demo_pmu_0::ask:umask=3");
	CU_ASSERT_EQUAL(e.ret, PFM_ERR_ATTR);
	CU_ASSERT_PTR_NOT_NULL(strstr(tl_captured(), "thresh"));
	e = encode("demo_pmu_0::ask:umask=3:thresh=2");
	CU_ASSERT_EQUAL(e.ret, PFM_SUCCESS);
	CU_ASSERT_EQUAL(e.attr.config, 4);
	CU_ASSERT_EQUAL(e.attr.config1, 3);
	CU_ASSERT_EQUAL(e.attr.config2, 2);
	e = encode("demo-pmu.0/ask,umask=3,thresh=2/");	/* perf's spelling uses the sysfs name */
	CU_ASSERT_EQUAL(e.ret, PFM_SUCCESS);
	CU_ASSERT_EQUAL(e.attr.config1, 3);
}

/* ---- malformed trees ---- */

static void test_malformed_tree_initialises_and_everything_else_keeps_working(void)
{
	pfm_pmu_info_t info;
	CU_ASSERT_PTR_NOT_NULL_FATAL(broken);
	CU_ASSERT_EQUAL_FATAL(start_at(broken), PFM_SUCCESS);
	struct tl_perf e = encode("good::ok");
	CU_ASSERT_EQUAL(e.ret, PFM_SUCCESS);
	CU_ASSERT_EQUAL(e.attr.type, 50);
	CU_ASSERT_EQUAL(e.attr.config, 1);
	e = encode("good::both");
	CU_ASSERT_EQUAL(e.attr.config, 0x2ULL | 0x3ULL << 8 | 0x1ULL << 12);
	e = encode("good::toowide");
	CU_ASSERT_EQUAL(e.ret, PFM_ERR_NOTFOUND);
	e = encode("badmask::e");
	CU_ASSERT_EQUAL(e.ret, PFM_SUCCESS);
	CU_ASSERT_EQUAL(e.cpu, -1);
	e = encode("perf::cycles");	/* table PMUs are unaffected */
	CU_ASSERT_EQUAL(e.ret, PFM_SUCCESS);
	static const char *const absent[] = { "notype", "badtype", "typedir", "noevents", "allbad", "ghost" };
	for (size_t i = 0; i < sizeof(absent) / sizeof(absent[0]); i++)
		CU_ASSERT_EQUAL(tl_pmu_named(absent[i], &info), -1);
	/* dup-x and dup_x both map to dup_x: the first in byte order (dup-x, type 54) keeps it */
	e = encode("dup_x::e");
	CU_ASSERT_EQUAL(e.ret, PFM_SUCCESS);
	CU_ASSERT_EQUAL(e.attr.type, 54);
}

static void test_malformed_tree_messages_name_what_was_skipped(void)
{
	CU_ASSERT_PTR_NOT_NULL_FATAL(broken);
	CU_ASSERT_EQUAL_FATAL(start_at(broken), PFM_SUCCESS);
	static const char *const named[] = {
		"nosuchfield", "format/selfoverlap", "format/reversed", "events/zero", "events/toowide",
		"notype", "badtype", "noevents", "Bad!Name", "dup_x",
	};
	for (size_t i = 0; i < sizeof(named) / sizeof(named[0]); i++) {
		CU_ASSERT_PTR_NOT_NULL(strstr(tl_captured(), named[i]));
		if (!strstr(tl_captured(), named[i]))
			printf("no message names %s\n", named[i]);
	}
}

static void test_fifo_huge_and_nul_files_neither_block_nor_fail_initialisation(void)
{
	const char *root = scratch_create();
	CU_ASSERT_PTR_NOT_NULL_FATAL(root);
	tl_watchdog(20, "pfm_initialize on the sysfs tree");
	int r = start_with(root, 0);
	tl_watchdog(0, NULL);
	CU_ASSERT_EQUAL(r, PFM_SUCCESS);
	struct tl_perf e = encode("scratch::ok");
	CU_ASSERT_EQUAL(e.ret, PFM_SUCCESS);
	CU_ASSERT_EQUAL(e.attr.type, 60);
	CU_ASSERT_EQUAL(e.attr.config, 7);
	e = encode("scratch::fifo");
	CU_ASSERT_EQUAL(e.ret, PFM_ERR_NOTFOUND);
	pfm_terminate();
	scratch_remove();
}

static void test_no_sysfs_tree_and_discovery_turned_off_give_no_sysfs_pmu(void)
{
	pfm_pmu_info_t info;
	CU_ASSERT_EQUAL_FATAL(start_with("/nonexistent-sysroot", 0), PFM_SUCCESS);
	CU_ASSERT_EQUAL(tl_pmu_named("ccn", &info), -1);
	struct tl_perf e = encode("perf::cycles");
	CU_ASSERT_EQUAL(e.ret, PFM_SUCCESS);
	tl_env("LIBPFM_SYSFS_PMUS", "0");
	CU_ASSERT_EQUAL(start("ccn"), PFM_SUCCESS);
	tl_env("LIBPFM_SYSFS_PMUS", NULL);
	CU_ASSERT_EQUAL(tl_pmu_named("ccn", &info), -1);
	CU_ASSERT_EQUAL(start("ccn"), PFM_SUCCESS);
	CU_ASSERT_EQUAL(tl_pmu_named("ccn", &info), 1022);
}

static void test_repeated_initialisation_gives_the_same_pmus(void)
{
	pfm_pmu_info_t info;
	for (int i = 0; i < 5; i++) {
		CU_ASSERT_EQUAL_FATAL(start(i % 2 ? "rapl" : "ccn"), PFM_SUCCESS);
		CU_ASSERT_EQUAL(tl_pmu_named(i % 2 ? "power" : "ccn", &info), i % 2 ? 1021 : 1022);
	}
	pfm_terminate();
}

/* ---- live: this host's msr PMU ---- */

static void test_live_msr_tsc_counts_when_opened_with_our_encoding(void)
{
	CU_ASSERT_EQUAL_FATAL(start_with(NULL, 0), PFM_SUCCESS);
	struct tl_perf e = encode("msr::tsc");
	CU_ASSERT_EQUAL_FATAL(e.ret, PFM_SUCCESS);
	unsigned int type = tl_sysfs_type("msr", 0);
	CU_ASSERT_NOT_EQUAL(type, 0);
	CU_ASSERT_EQUAL(e.attr.type, type);
	CU_ASSERT_EQUAL(e.attr.config, 0);
	e.attr.size = sizeof(e.attr);
	e.attr.disabled = 0;
	int fd = (int)syscall(SYS_perf_event_open, &e.attr, e.cpu < 0 ? 0 : -1, e.cpu, -1, 0);
	if (fd < 0)
		perror("perf_event_open(msr::tsc)");
	CU_ASSERT_FATAL(fd >= 0);
	volatile unsigned long sum = 0;
	for (unsigned long i = 0; i < 20000000; i++)
		sum += i;
	uint64_t count = 0;
	CU_ASSERT_EQUAL(read(fd, &count, sizeof(count)), (ssize_t)sizeof(count));
	CU_ASSERT(count > 0);
	printf("msr::tsc counted %llu\n", (unsigned long long)count);
	close(fd);
	pfm_terminate();
}

/* why this host cannot run the live case, or NULL: no msr PMU, no perf events, or a
 * perf_event_paranoid above 2 for a user other than root */
static const char *live_unavailable(void)
{
	if (access("/sys/bus/event_source/devices/msr/events/tsc", R_OK))
		return "this host has no msr PMU";
	FILE *f = fopen("/proc/sys/kernel/perf_event_paranoid", "r");
	if (!f)
		return "this kernel has no perf_event support";
	int level = 0;
	if (fscanf(f, "%d", &level) != 1)
		level = 0;
	fclose(f);
	if (level > 2 && geteuid() != 0)
		return "perf_event_paranoid forbids perf_event_open to this user";
	return NULL;
}

/*
 * pfm_initialize reads no file of a sysfs PMU: five kernel PMUs of 4096
 * event files each cost it nothing (no PMU built, nothing read), and each
 * is read whole, on its own, at its first use; an event file written after
 * pfm_initialize, before that use, is there.
 */
static void test_sysfs_pmus_are_read_at_their_first_use_not_at_initialisation(void)
{
	const char *root = tl_tmp_dir("manyevents");
	TL_ASSERT(root != NULL, "no temporary directory");
	if (!root)
		return;
	char rel[256];
	for (int p = 0; p < 5; p++) {
		snprintf(rel, sizeof(rel), "sys/bus/event_source/devices/many%d/type", p);
		char type[16];
		snprintf(type, sizeof(type), "%d\n", 200 + p);
		tl_tmp_puts(root, rel, type);
		snprintf(rel, sizeof(rel), "sys/bus/event_source/devices/many%d/format/event", p);
		tl_tmp_puts(root, rel, "config:0-15\n");
		for (int e = 0; e < 4096; e++) {
			char text[32];
			snprintf(rel, sizeof(rel), "sys/bus/event_source/devices/many%d/events/e%04d", p, e);
			snprintf(text, sizeof(text), "event=0x%x\n", e);
			tl_tmp_puts(root, rel, text);
		}
	}
	struct timespec t0, t1;
	tl_capture_begin();
	clock_gettime(CLOCK_MONOTONIC, &t0);
	int r = start_with(root, 1);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	tl_capture_end();
	double secs = (double)(t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9;
	char *log = strdup(tl_captured());
	TL_ASSERT(r == PFM_SUCCESS, "pfm_initialize: %d", r);
	TL_ASSERT(secs < 2.0, "pfm_initialize took %.2f s", secs);
	TL_ASSERT(!tl_log_has(log, "sysfs PMU many", "events", NULL), "a PMU was built at pfm_initialize:\n%.2000s", log);
	free(log);
	/* written after pfm_initialize: read at the PMU's first use */
	tl_tmp_puts(root, "sys/bus/event_source/devices/many2/events/a_late", "event=0x77\n");
	struct tl_perf e;
	TL_ASSERT((e = encode("many2::a_late")).ret == PFM_SUCCESS && e.attr.type == 202 && e.attr.config == 0x77,
		  "many2::a_late: %d type %u config %#llx", e.ret, e.attr.type, (unsigned long long)e.attr.config);
	TL_ASSERT((e = encode("many3::e4095")).ret == PFM_SUCCESS && e.attr.type == 203 && e.attr.config == 0xfff,
		  "many3::e4095: %d type %u config %#llx", e.ret, e.attr.type, (unsigned long long)e.attr.config);
	TL_ASSERT((e = encode("many4::e0000")).ret == PFM_SUCCESS && e.attr.type == 204, "many4::e0000: %d", e.ret);
	pfm_terminate();
	tl_tmp_remove(root);
}

static const struct tl_test tests[] = {
	TL_TEST(test_ccn_is_an_uncore_pmu_present_with_an_id_from_the_top_of_the_range),
	TL_TEST(test_ccn_parameters_land_in_their_config_bits_with_type_from_sysfs),
	TL_TEST(test_ccn_cpu_defaults_to_the_first_cpu_of_cpumask_and_a_given_cpu_wins),
	TL_TEST(test_missing_parameter_is_PFM_ERR_ATTR_and_the_message_names_it),
	TL_TEST(test_value_wider_than_its_field_is_PFM_ERR_ATTR_VAL),
	TL_TEST(test_field_fixed_by_the_template_cannot_be_given),
	TL_TEST(test_perf_spelling_encodes_like_the_libpfm4_spelling),
	TL_TEST(test_unprefixed_names_keep_their_table_meaning_and_reach_sysfs_events_last),
	TL_TEST(test_raw_codes_under_PFM_OS_NONE),
	TL_TEST(test_sysfs_pmus_set_no_privilege_or_guest_exclusion),
	TL_TEST(test_a_table_of_this_host_with_that_perf_pmu_serves_the_sysfs_pmu),
	TL_TEST(test_rapl_energy_pkg_encodes_with_its_unit_in_the_description),
	TL_TEST(test_pmus_without_event_templates_and_core_pmus_are_not_added),
	TL_TEST(test_split_fields_bare_terms_raw_config_and_parameters_encode),
	TL_TEST(test_malformed_tree_initialises_and_everything_else_keeps_working),
	TL_TEST(test_malformed_tree_messages_name_what_was_skipped),
	TL_TEST(test_fifo_huge_and_nul_files_neither_block_nor_fail_initialisation),
	TL_TEST(test_no_sysfs_tree_and_discovery_turned_off_give_no_sysfs_pmu),
	TL_TEST(test_repeated_initialisation_gives_the_same_pmus),
	TL_TEST(test_sysfs_pmus_are_read_at_their_first_use_not_at_initialisation),
};

static const struct tl_test live[] = { TL_TEST(test_live_msr_tsc_counts_when_opened_with_our_encoding) };

void sysfs_api_register(const char *fixtures_dir)
{
	if (fixtures_dir)
		fixtures = fixtures_dir;
	broken = scratch_broken(fixtures);
	tl_suite("sysfs-api", NULL, NULL, tests);
	const char *why = live_unavailable();
	if (!why)
		tl_suite("sysfs-api: this host's msr PMU", NULL, NULL, live);
	else
		printf("skipped: %s: %s\n", live[0].name, why);
}
