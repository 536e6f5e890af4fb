/*
 * test_sysfs_api.c - CUnit suite for sysfs-discovered PMUs through the
 * public libpfm4 API only: each case points LIBPFM_SYSROOT at a fixture
 * tree of tests/fixtures/sysfs (or a run-time tree, scratch.h), initialises the
 * library and checks what pfm_get_pmu_info / pfm_get_os_event_encoding
 * give. The live case (this host's msr PMU) opens and reads the event.
 * Linked once against build/lib/libpfm.so.4 and once against the ASan
 * build of the library (leaks and overflows fail that one).
 */
#define _GNU_SOURCE
#include <linux/perf_event.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <CUnit/Basic.h>
#include <perfmon/pfmlib_perf_event.h>
#include "scratch.h"

static const char *fixtures = "tests/fixtures/sysfs";
static char captured[65536];

/* ---- helpers ---- */

static int start_with(const char *root, int verbose)
{
	pfm_terminate();
	if (root)
		setenv("LIBPFM_SYSROOT", root, 1);
	else
		unsetenv("LIBPFM_SYSROOT");
	if (verbose)
		setenv("LIBPFM_VERBOSE", "1", 1);
	else
		unsetenv("LIBPFM_VERBOSE");
	return pfm_initialize();
}

/* pfm_initialize on the sysfs tree under root; verbose messages kept in `captured` */
static int start_at(const char *root)
{
	fflush(stderr);
	FILE *f = tmpfile();
	int saved = dup(2);
	dup2(fileno(f), 2);
	int r = start_with(root, 1);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	rewind(f);
	size_t n = fread(captured, 1, sizeof(captured) - 1, f);
	captured[n] = '\0';
	fclose(f);
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

struct enc {
	int ret;
	struct perf_event_attr attr;
	int cpu, idx;
	char *fstr;
};

/* encode str for PFM_OS_PERF_EVENT_EXT with dfl_plm; verbose messages in `captured` */
static struct enc encode_plm(const char *str, int plm)
{
	struct enc e;
	pfm_perf_encode_arg_t arg;
	memset(&e, 0, sizeof(e));
	memset(&arg, 0, sizeof(arg));
	e.attr.size = sizeof(e.attr);
	arg.attr = &e.attr;
	arg.size = sizeof(arg);
	arg.fstr = &e.fstr;
	fflush(stderr);
	FILE *f = tmpfile();
	int saved = dup(2);
	dup2(fileno(f), 2);
	e.ret = pfm_get_os_event_encoding(str, plm, PFM_OS_PERF_EVENT_EXT, &arg);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	rewind(f);
	size_t n = fread(captured, 1, sizeof(captured) - 1, f);
	captured[n] = '\0';
	fclose(f);
	e.cpu = arg.cpu;
	e.idx = arg.idx;
	return e;
}

static struct enc encode(const char *str)
{
	return encode_plm(str, PFM_PLM0 | PFM_PLM3);
}

static void enc_free(struct enc *e)
{
	free(e->fstr);
	e->fstr = NULL;
}

/* the PMU named name, or -1; info filled */
static int pmu_named(const char *name, pfm_pmu_info_t *info)
{
	for (int id = 0; id < PFM_PMU_MAX; id++) {
		memset(info, 0, sizeof(*info));
		info->size = sizeof(*info);
		if (pfm_get_pmu_info((pfm_pmu_t)id, info) == PFM_SUCCESS && info->name && !strcmp(info->name, name))
			return id;
	}
	return -1;
}

/* ---- the CCN fixture ---- */

static void test_ccn_is_an_uncore_pmu_present_with_an_id_from_the_top_of_the_range(void)
{
	pfm_pmu_info_t info;
	CU_ASSERT_EQUAL_FATAL(start("ccn"), PFM_SUCCESS);
	int id = pmu_named("ccn", &info);
	CU_ASSERT_EQUAL_FATAL(id, 1022);
	CU_ASSERT_EQUAL(info.type, PFM_PMU_TYPE_UNCORE);
	CU_ASSERT_EQUAL(info.is_present, 1);
	CU_ASSERT_EQUAL(info.nevents, 3);
	CU_ASSERT_PTR_NOT_NULL(strstr(info.desc, "sysfs"));
}

static void test_ccn_parameters_land_in_their_config_bits_with_type_from_sysfs(void)
{
	CU_ASSERT_EQUAL_FATAL(start("ccn"), PFM_SUCCESS);
	struct enc e = encode("ccn::xp_valid_flit:xp=1:port=2:vc=3:dir=1");
	CU_ASSERT_EQUAL_FATAL(e.ret, PFM_SUCCESS);
	CU_ASSERT_EQUAL(e.attr.type, 27);
	/* xp 1 @0-7 | type 0x8 @8-15 | event 0x4 @16-23 | port 2 @24-25 | vc 3 @26-28 | dir 1 @29 */
	CU_ASSERT_EQUAL(e.attr.config, 0x2e040801ULL);
	CU_ASSERT_EQUAL(e.attr.config1, 0);
	CU_ASSERT_EQUAL(e.attr.config2, 0);
	CU_ASSERT_EQUAL(e.idx >> 21, 1022);
	enc_free(&e);
	e = encode("ccn::xp_valid_flit:xp=0:port=0:vc=0:dir=0:cmp_l=5:cmp_h=7");
	CU_ASSERT_EQUAL_FATAL(e.ret, PFM_SUCCESS);
	CU_ASSERT_EQUAL(e.attr.config, 0x40800ULL);
	CU_ASSERT_EQUAL(e.attr.config1, 5);
	CU_ASSERT_EQUAL(e.attr.config2, 7);
	enc_free(&e);
}

static void test_ccn_cpu_defaults_to_the_first_cpu_of_cpumask_and_a_given_cpu_wins(void)
{
	CU_ASSERT_EQUAL_FATAL(start("ccn"), PFM_SUCCESS);
	struct enc e = encode("ccn::cycles");
	CU_ASSERT_EQUAL_FATAL(e.ret, PFM_SUCCESS);
	CU_ASSERT_EQUAL(e.cpu, 2);
	CU_ASSERT_EQUAL(e.attr.config, 0xff00ULL);
	enc_free(&e);
	e = encode("ccn::cycles:cpu=5");
	CU_ASSERT_EQUAL(e.ret, PFM_SUCCESS);
	CU_ASSERT_EQUAL(e.cpu, 5);
	enc_free(&e);
}

static void test_missing_parameter_is_PFM_ERR_ATTR_and_the_message_names_it(void)
{
	CU_ASSERT_EQUAL_FATAL(start("ccn"), PFM_SUCCESS);
	struct enc e = encode("ccn::xp_valid_flit:xp=1:vc=0:dir=0");
	CU_ASSERT_EQUAL(e.ret, PFM_ERR_ATTR);
	CU_ASSERT_PTR_NOT_NULL(strstr(captured, "port"));
	if (!strstr(captured, "port"))
		printf("message: %s\n", captured);
	enc_free(&e);
	e = encode("ccn::hnf_cache_miss");
	CU_ASSERT_EQUAL(e.ret, PFM_ERR_ATTR);
	CU_ASSERT_PTR_NOT_NULL(strstr(captured, "node"));
	enc_free(&e);
	e = encode("ccn::hnf_cache_miss:node=3");
	CU_ASSERT_EQUAL(e.ret, PFM_SUCCESS);
	CU_ASSERT_EQUAL(e.attr.config, 0x10403ULL);
	enc_free(&e);
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
		struct enc e = encode(wide[i]);
		CU_ASSERT_EQUAL(e.ret, PFM_ERR_ATTR_VAL);
		if (e.ret != PFM_ERR_ATTR_VAL)
			printf("%s -> %d\n", wide[i], e.ret);
		enc_free(&e);
	}
}

static void test_field_fixed_by_the_template_cannot_be_given(void)
{
	CU_ASSERT_EQUAL_FATAL(start("ccn"), PFM_SUCCESS);
	struct enc e = encode("ccn::cycles:type=1");
	CU_ASSERT_EQUAL(e.ret, PFM_ERR_ATTR);
	enc_free(&e);
}

static void test_perf_spelling_encodes_like_the_libpfm4_spelling(void)
{
	CU_ASSERT_EQUAL_FATAL(start("ccn"), PFM_SUCCESS);
	struct enc a = encode("ccn::xp_valid_flit:xp=1:port=2:vc=3:dir=1");
	struct enc b = encode("ccn/xp_valid_flit,xp=1,port=2,vc=3,dir=1/");
	CU_ASSERT_EQUAL(b.ret, PFM_SUCCESS);
	CU_ASSERT_EQUAL(b.attr.config, a.attr.config);
	CU_ASSERT_EQUAL(b.attr.type, a.attr.type);
	CU_ASSERT_EQUAL(b.idx, a.idx);
	CU_ASSERT_EQUAL(b.cpu, 2);
	CU_ASSERT(a.fstr && b.fstr && !strcmp(a.fstr, b.fstr));
	enc_free(&a);
	enc_free(&b);
	b = encode("ccn/xp_valid_flit,xp=1/");
	CU_ASSERT_EQUAL(b.ret, PFM_ERR_ATTR);	/* the same rules: port, vc, dir missing */
	enc_free(&b);
	b = encode("ccn/nosuchevent/");
	CU_ASSERT_EQUAL(b.ret, PFM_ERR_NOTFOUND);
	enc_free(&b);
	static const char *const bad[] = { "ccn/cycles", "ccn/cycles/x", "ccn//", "/cycles/", "ccn/cycles,/" };
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		b = encode(bad[i]);
		CU_ASSERT_NOT_EQUAL(b.ret, PFM_SUCCESS);
		enc_free(&b);
	}
}

static void test_unprefixed_names_keep_their_table_meaning_and_reach_sysfs_events_last(void)
{
	CU_ASSERT_EQUAL_FATAL(start("ccn"), PFM_SUCCESS);
	struct enc e = encode("cycles");	/* perf::cycles, not ccn::cycles */
	CU_ASSERT_EQUAL(e.ret, PFM_SUCCESS);
	CU_ASSERT_EQUAL(e.attr.type, PERF_TYPE_HARDWARE);
	CU_ASSERT_NOT_EQUAL(e.idx >> 21, 1022);
	enc_free(&e);
	e = encode("hnf_cache_miss:node=1");	/* only ccn has it */
	CU_ASSERT_EQUAL(e.ret, PFM_SUCCESS);
	CU_ASSERT_EQUAL(e.attr.type, 27);
	enc_free(&e);
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
	struct enc e = encode_plm("ccn::cycles", PFM_PLM3);
	CU_ASSERT_EQUAL_FATAL(e.ret, PFM_SUCCESS);
	CU_ASSERT_EQUAL(e.attr.exclude_user, 0);
	CU_ASSERT_EQUAL(e.attr.exclude_kernel, 0);
	CU_ASSERT_EQUAL(e.attr.exclude_hv, 0);
	CU_ASSERT_EQUAL(e.attr.exclude_guest, 0);
	CU_ASSERT_EQUAL(e.attr.exclude_host, 0);
	enc_free(&e);
}

static void test_a_table_of_this_host_with_that_perf_pmu_serves_the_sysfs_pmu(void)
{
	pfm_pmu_info_t info;
	char plugins[1024];
	snprintf(plugins, sizeof(plugins), "%s/plugins", fixtures);
	setenv("LIBPFM_PLUGIN_PATH", plugins, 1);
	setenv("LIBPFM_CPUID", "GenuineIntel-6-55-4", 1);
	CU_ASSERT_EQUAL(start("ccn"), PFM_SUCCESS);
	CU_ASSERT_EQUAL(pmu_named("ccn_table", &info), 950);
	CU_ASSERT_EQUAL(pmu_named("ccn", &info), -1);
	/* the same table, loaded but describing another host, does not */
	setenv("LIBPFM_CPUID", "GenuineIntel-6-3c-3", 1);
	setenv("LIBPFM_ENCODE_INACTIVE", "1", 1);
	CU_ASSERT_EQUAL(start("ccn"), PFM_SUCCESS);
	CU_ASSERT_EQUAL(pmu_named("ccn_table", &info), 950);
	CU_ASSERT_EQUAL(pmu_named("ccn", &info), 1022);
	unsetenv("LIBPFM_ENCODE_INACTIVE");
	unsetenv("LIBPFM_CPUID");
	unsetenv("LIBPFM_PLUGIN_PATH");
	pfm_terminate();
}

/* ---- RAPL-like tree: companions, skip rules, name mapping ---- */

static void test_rapl_energy_pkg_encodes_with_its_unit_in_the_description(void)
{
	pfm_event_info_t ev;
	CU_ASSERT_EQUAL_FATAL(start("rapl"), PFM_SUCCESS);
	struct enc e = encode("power::energy-pkg");
	CU_ASSERT_EQUAL_FATAL(e.ret, PFM_SUCCESS);
	CU_ASSERT_EQUAL(e.attr.type, 19);
	CU_ASSERT_EQUAL(e.attr.config, 2);
	CU_ASSERT_EQUAL(e.cpu, 0);
	memset(&ev, 0, sizeof(ev));
	ev.size = sizeof(ev);
	enc_free(&e);
	CU_ASSERT_EQUAL_FATAL(pfm_get_event_info(e.idx, PFM_OS_PERF_EVENT_EXT, &ev), PFM_SUCCESS);
	CU_ASSERT_STRING_EQUAL(ev.name, "energy-pkg");
	CU_ASSERT_PTR_NOT_NULL(strstr(ev.desc, "Joules"));
	CU_ASSERT_PTR_NOT_NULL(strstr(ev.desc, "2.3283064365386962890625e-10"));
	CU_ASSERT_EQUAL(ev.code, 2);
	e = encode("power/energy-pkg/");
	CU_ASSERT_EQUAL(e.ret, PFM_SUCCESS);
	CU_ASSERT_EQUAL(e.attr.config, 2);
	enc_free(&e);
}

static void test_pmus_without_event_templates_and_core_pmus_are_not_added(void)
{
	pfm_pmu_info_t info;
	CU_ASSERT_EQUAL_FATAL(start("rapl"), PFM_SUCCESS);
	CU_ASSERT_EQUAL(pmu_named("software", &info), -1);
	CU_ASSERT_EQUAL(pmu_named("uprobe", &info), -1);
	CU_ASSERT_EQUAL(pmu_named("cpu", &info), -1);
	CU_ASSERT_EQUAL(pmu_named("armv8_pmuv3_0", &info), -1);
	/* the two that are: ids given in byte order of their sysfs names, from the top */
	CU_ASSERT_EQUAL(pmu_named("demo_pmu_0", &info), 1022);
	CU_ASSERT_EQUAL(info.type, PFM_PMU_TYPE_OS_GENERIC);
	CU_ASSERT_EQUAL(pmu_named("power", &info), 1021);
	CU_ASSERT_EQUAL(info.type, PFM_PMU_TYPE_UNCORE);
}

static void test_split_fields_bare_terms_raw_config_and_parameters_encode(void)
{
	CU_ASSERT_EQUAL_FATAL(start("rapl"), PFM_SUCCESS);
	struct enc e = encode("demo_pmu_0::split");
	CU_ASSERT_EQUAL(e.ret, PFM_SUCCESS);
	CU_ASSERT_EQUAL(e.attr.type, 42);
	CU_ASSERT_EQUAL(e.attr.config, 0x1000000ffULL);	/* 0x1ff over config:0-7,32-35 */
	CU_ASSERT_EQUAL(e.cpu, -1);
	enc_free(&e);
	e = encode("demo_pmu_0::bare");
	CU_ASSERT_EQUAL(e.attr.config, 0x2ULL | 1ULL << 21);
	enc_free(&e);
	e = encode("demo_pmu_0::raw");
	CU_ASSERT_EQUAL(e.attr.config, 0x1234);
	CU_ASSERT_EQUAL(e.attr.config1, 5);
	enc_free(&e);
	e = encode("demo_pmu_0::ask:umask=3");
	CU_ASSERT_EQUAL(e.ret, PFM_ERR_ATTR);
	CU_ASSERT_PTR_NOT_NULL(strstr(captured, "thresh"));
	enc_free(&e);
	e = encode("demo_pmu_0::ask:umask=3:thresh=2");
	CU_ASSERT_EQUAL(e.ret, PFM_SUCCESS);
	CU_ASSERT_EQUAL(e.attr.config, 4);
	CU_ASSERT_EQUAL(e.attr.config1, 3);
	CU_ASSERT_EQUAL(e.attr.config2, 2);
	enc_free(&e);
	e = encode("demo-pmu.0/ask,umask=3,thresh=2/");	/* perf's spelling uses the sysfs name */
	CU_ASSERT_EQUAL(e.ret, PFM_SUCCESS);
	CU_ASSERT_EQUAL(e.attr.config1, 3);
	enc_free(&e);
}

/* ---- malformed trees ---- */

static void test_malformed_tree_initialises_and_everything_else_keeps_working(void)
{
	pfm_pmu_info_t info;
	CU_ASSERT_PTR_NOT_NULL_FATAL(broken);
	CU_ASSERT_EQUAL_FATAL(start_at(broken), PFM_SUCCESS);
	struct enc e = encode("good::ok");
	CU_ASSERT_EQUAL(e.ret, PFM_SUCCESS);
	CU_ASSERT_EQUAL(e.attr.type, 50);
	CU_ASSERT_EQUAL(e.attr.config, 1);
	enc_free(&e);
	e = encode("good::both");
	CU_ASSERT_EQUAL(e.attr.config, 0x2ULL | 0x3ULL << 8 | 0x1ULL << 12);
	enc_free(&e);
	e = encode("good::toowide");
	CU_ASSERT_EQUAL(e.ret, PFM_ERR_NOTFOUND);
	enc_free(&e);
	e = encode("badmask::e");
	CU_ASSERT_EQUAL(e.ret, PFM_SUCCESS);
	CU_ASSERT_EQUAL(e.cpu, -1);
	enc_free(&e);
	e = encode("perf::cycles");	/* table PMUs are unaffected */
	CU_ASSERT_EQUAL(e.ret, PFM_SUCCESS);
	enc_free(&e);
	static const char *const absent[] = { "notype", "badtype", "typedir", "noevents", "allbad", "ghost" };
	for (size_t i = 0; i < sizeof(absent) / sizeof(absent[0]); i++)
		CU_ASSERT_EQUAL(pmu_named(absent[i], &info), -1);
	/* dup-x and dup_x both map to dup_x: the first in byte order (dup-x, type 54) keeps it */
	e = encode("dup_x::e");
	CU_ASSERT_EQUAL(e.ret, PFM_SUCCESS);
	CU_ASSERT_EQUAL(e.attr.type, 54);
	enc_free(&e);
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
		CU_ASSERT_PTR_NOT_NULL(strstr(captured, named[i]));
		if (!strstr(captured, named[i]))
			printf("no message names %s\n", named[i]);
	}
}

static void alarm_fail(int sig)
{
	(void)sig;
	static const char m[] = "pfm_initialize blocked on the sysfs tree\n";
	ssize_t w = write(1, m, sizeof(m) - 1);
	(void)w;
	_exit(3);
}

static void test_fifo_huge_and_nul_files_neither_block_nor_fail_initialisation(void)
{
	const char *root = scratch_create();
	CU_ASSERT_PTR_NOT_NULL_FATAL(root);
	signal(SIGALRM, alarm_fail);
	alarm(20);
	int r = start_with(root, 0);
	alarm(0);
	CU_ASSERT_EQUAL(r, PFM_SUCCESS);
	struct enc e = encode("scratch::ok");
	CU_ASSERT_EQUAL(e.ret, PFM_SUCCESS);
	CU_ASSERT_EQUAL(e.attr.type, 60);
	CU_ASSERT_EQUAL(e.attr.config, 7);
	enc_free(&e);
	e = encode("scratch::fifo");
	CU_ASSERT_EQUAL(e.ret, PFM_ERR_NOTFOUND);
	enc_free(&e);
	pfm_terminate();
	scratch_remove();
}

static void test_no_sysfs_tree_and_discovery_turned_off_give_no_sysfs_pmu(void)
{
	pfm_pmu_info_t info;
	CU_ASSERT_EQUAL_FATAL(start_with("/nonexistent-sysroot", 0), PFM_SUCCESS);
	CU_ASSERT_EQUAL(pmu_named("ccn", &info), -1);
	struct enc e = encode("perf::cycles");
	CU_ASSERT_EQUAL(e.ret, PFM_SUCCESS);
	enc_free(&e);
	setenv("LIBPFM_SYSFS_PMUS", "0", 1);
	CU_ASSERT_EQUAL(start("ccn"), PFM_SUCCESS);
	unsetenv("LIBPFM_SYSFS_PMUS");
	CU_ASSERT_EQUAL(pmu_named("ccn", &info), -1);
	CU_ASSERT_EQUAL(start("ccn"), PFM_SUCCESS);
	CU_ASSERT_EQUAL(pmu_named("ccn", &info), 1022);
}

static void test_repeated_initialisation_gives_the_same_pmus(void)
{
	pfm_pmu_info_t info;
	for (int i = 0; i < 5; i++) {
		CU_ASSERT_EQUAL_FATAL(start(i % 2 ? "rapl" : "ccn"), PFM_SUCCESS);
		CU_ASSERT_EQUAL(pmu_named(i % 2 ? "power" : "ccn", &info), i % 2 ? 1021 : 1022);
	}
	pfm_terminate();
}

/* ---- live: this host's msr PMU ---- */

static void test_live_msr_tsc_counts_when_opened_with_our_encoding(void)
{
	CU_ASSERT_EQUAL_FATAL(start_with(NULL, 0), PFM_SUCCESS);
	struct enc e = encode("msr::tsc");
	enc_free(&e);
	CU_ASSERT_EQUAL_FATAL(e.ret, PFM_SUCCESS);
	FILE *f = fopen("/sys/bus/event_source/devices/msr/type", "r");
	unsigned int type = 0;
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	CU_ASSERT_EQUAL(fscanf(f, "%u", &type), 1);
	fclose(f);
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

int main(int argc, char **argv)
{
	if (argc > 1)
		fixtures = argv[1];
	unsetenv("LIBPFM_DEBUG_STDOUT");
	unsetenv("LIBPFM_FORCE_PMU");
	unsetenv("LIBPFM_ENCODE_INACTIVE");
	unsetenv("LIBPFM_SYSFS_PMUS");
	unsetenv("LIBPFM_PLUGIN_PATH");
	unsetenv("LIBPFM_CPUID");
	broken = scratch_broken(fixtures);
	if (CU_initialize_registry() != CUE_SUCCESS)
		return 2;
	CU_pSuite s = CU_add_suite("sysfs-api", NULL, NULL);
	CU_add_test(s, "CCN is an uncore PMU, present, with an id from the top of the range", test_ccn_is_an_uncore_pmu_present_with_an_id_from_the_top_of_the_range);
	CU_add_test(s, "CCN parameters land in their config bits, type from sysfs", test_ccn_parameters_land_in_their_config_bits_with_type_from_sysfs);
	CU_add_test(s, "CCN cpu defaults to the first CPU of cpumask; a given cpu wins", test_ccn_cpu_defaults_to_the_first_cpu_of_cpumask_and_a_given_cpu_wins);
	CU_add_test(s, "missing parameter is PFM_ERR_ATTR and the message names it", test_missing_parameter_is_PFM_ERR_ATTR_and_the_message_names_it);
	CU_add_test(s, "value wider than its field is PFM_ERR_ATTR_VAL", test_value_wider_than_its_field_is_PFM_ERR_ATTR_VAL);
	CU_add_test(s, "field fixed by the template cannot be given", test_field_fixed_by_the_template_cannot_be_given);
	CU_add_test(s, "perf spelling encodes like the libpfm4 spelling", test_perf_spelling_encodes_like_the_libpfm4_spelling);
	CU_add_test(s, "unprefixed names keep their table meaning and reach sysfs events last", test_unprefixed_names_keep_their_table_meaning_and_reach_sysfs_events_last);
	CU_add_test(s, "raw codes under PFM_OS_NONE", test_raw_codes_under_PFM_OS_NONE);
	CU_add_test(s, "sysfs PMUs set no privilege or guest exclusion", test_sysfs_pmus_set_no_privilege_or_guest_exclusion);
	CU_add_test(s, "a table of this host with that perf_pmu serves the sysfs PMU", test_a_table_of_this_host_with_that_perf_pmu_serves_the_sysfs_pmu);
	CU_add_test(s, "RAPL energy-pkg encodes with its unit in the description", test_rapl_energy_pkg_encodes_with_its_unit_in_the_description);
	CU_add_test(s, "PMUs without event templates and core PMUs are not added", test_pmus_without_event_templates_and_core_pmus_are_not_added);
	CU_add_test(s, "split fields, bare terms, raw config and parameters encode", test_split_fields_bare_terms_raw_config_and_parameters_encode);
	CU_add_test(s, "malformed tree initialises and everything else keeps working", test_malformed_tree_initialises_and_everything_else_keeps_working);
	CU_add_test(s, "malformed tree messages name what was skipped", test_malformed_tree_messages_name_what_was_skipped);
	CU_add_test(s, "FIFO, huge and NUL files neither block nor fail initialisation", test_fifo_huge_and_nul_files_neither_block_nor_fail_initialisation);
	CU_add_test(s, "no sysfs tree and discovery turned off give no sysfs PMU", test_no_sysfs_tree_and_discovery_turned_off_give_no_sysfs_pmu);
	CU_add_test(s, "repeated initialisation gives the same PMUs", test_repeated_initialisation_gives_the_same_pmus);
	const char *why = live_unavailable();
	if (!why)
		CU_add_test(s, "live: msr::tsc counts when opened with our encoding", test_live_msr_tsc_counts_when_opened_with_our_encoding);
	else
		printf("skipped: live: msr::tsc counts when opened with our encoding: %s\n", why);
	CU_basic_set_mode(CU_BRM_VERBOSE);
	CU_basic_run_tests();
	unsigned fails = CU_get_number_of_failures() + CU_get_number_of_tests_failed();
	CU_cleanup_registry();
	pfm_terminate();
	scratch_cleanup();
	return fails ? 1 : 0;
}
