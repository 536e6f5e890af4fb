/*
 * plugin_encode.c - a plugin converted by jsontoyaml from the fictional
 * QuokkaSemi Q1 (tests/fixtures/plugins) is a PMU like a built-in one: forced
 * with LIBPFM_FORCE_PMU it encodes under PFM_OS_NONE and the perf_event
 * layers with the fixture's field layout; detected by host identity
 * (LIBPFM_CPUID) it is the default PMU; an identity it does not match leaves
 * it unloaded. usage: plugin_encode PLUGIN_DIR (holding qk_q1.yaml)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ptest.h"

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
#define PLM03    (PFM_PLM0 | PFM_PLM3)
/* a host root whose sysfs has the `cpu` PMU (the fixture's perf_pmu) with type 9 */
#define CPU9_SYSROOT "tests/fixtures/sysroot/cpu-type-9"

static const struct { const char *ev; int plm; uint64_t code; } none_cases[] = {
	{ "WIDGET_OPS:LOADS:u", PLM03, EV(0x42) | UM(0x1) | USR | RAW },
	{ "WIDGET_OPS", PLM03, EV(0x42) | UM(0x3) | USR | OS | RAW },	/* default unit mask ALL */
	{ "qk_q1::WIDGET_OPS:STALLS:k", PLM03, EV(0x42) | UM(0x3) | INV | CMASK(1) | OS | RAW },
	{ "BURROW_MISS:L1:L2", PFM_PLM3, EV(0x51) | UM(0x30) | USR | RAW },	/* OR-combined */
	{ "WIDGET_CYCLES:c=2:e", PFM_PLM0, EV(0x3c) | CMASK(2) | EDGE | OS | RAW },
	{ "WIDGET_OPS.STORES", PFM_PLM3, EV(0x42) | UM(0x2) | USR | RAW },	/* perf's name */
	{ "widget_ops:loads", PLM03, EV(0x42) | UM(0x1) | USR | OS | RAW },	/* any case */
};

static const struct { const char *ev; int err; } error_cases[] = {
	{ "WIDGET_OPS:LOADS:STALLS", PFM_ERR_FEATCOMB },	/* STALLS is exclusive */
	{ "BURROW_MISS", PFM_ERR_UMASK },		/* required group, no default */
	{ "WIDGET_CYCLES:e", PFM_ERR_ATTR },		/* e requires c */
	{ "WIDGET_CYCLES:c=256", PFM_ERR_ATTR_VAL },	/* cmask is 8 bits */
	{ "WIDGET_OPS:NOPE", PFM_ERR_ATTR },
	{ "NO_SUCH_EVENT", PFM_ERR_NOTFOUND },
};

static void check_pmu_info(const char *mode)
{
	char name[128];
	pfm_pmu_info_t pi;
	memset(&pi, 0, sizeof(pi));
	pi.size = sizeof(pi);
	int r = pfm_get_pmu_info(QK_ID, &pi);
	snprintf(name, sizeof(name), "%s: pfm_get_pmu_info(990) describes the plugin PMU", mode);
	pt_check(name, r == PFM_SUCCESS && pi.name && !strcmp(pi.name, "qk_q1") &&
		 pi.type == PFM_PMU_TYPE_CORE && pi.nevents == 3 && pi.num_cntrs == 6 &&
		 pi.num_fixed_cntrs == 2 && pi.max_encoding == 1,
		 "r=%d name=%s type=%d nevents=%d cntrs=%d fixed=%d max_encoding=%d", r,
		 pi.name ? pi.name : "(null)", pi.type, pi.nevents, pi.num_cntrs, pi.num_fixed_cntrs,
		 pi.max_encoding);
	snprintf(name, sizeof(name), "%s: the plugin PMU is present", mode);
	pt_check(name, r == PFM_SUCCESS && pi.is_present, "present=%d", pi.is_present);
}

static void check_none(void)
{
	for (size_t i = 0; i < sizeof(none_cases) / sizeof(none_cases[0]); i++) {
		char name[160];
		uint64_t code;
		int count;
		int r = pt_none(none_cases[i].ev, none_cases[i].plm, &code, &count);
		snprintf(name, sizeof(name), "PFM_OS_NONE %s (plm 0x%x) = 0x%llx", none_cases[i].ev,
			 none_cases[i].plm, (unsigned long long)none_cases[i].code);
		pt_check(name, r == PFM_SUCCESS && count == 1 && code == none_cases[i].code,
			 "r=%d (%s) count=%d code=0x%llx", r, pfm_strerror(r), count,
			 (unsigned long long)code);
	}
	for (size_t i = 0; i < sizeof(error_cases) / sizeof(error_cases[0]); i++) {
		char name[160];
		uint64_t code;
		int count;
		int r = pt_none(error_cases[i].ev, PLM03, &code, &count);
		snprintf(name, sizeof(name), "PFM_OS_NONE %s is refused with %s", error_cases[i].ev,
			 pfm_strerror(error_cases[i].err));
		pt_check(name, r == error_cases[i].err, "got %d (%s)", r, pfm_strerror(r));
	}
}

static void check_fstr(void)
{
	char *fstr = NULL;
	uint64_t codes[2];
	pfm_pmu_encode_arg_t a;
	memset(&a, 0, sizeof(a));
	a.size = sizeof(a);
	a.codes = codes;
	a.count = 2;
	a.fstr = &fstr;
	int r = pfm_get_os_event_encoding("WIDGET_OPS.LOADS:u", PLM03, PFM_OS_NONE, &a);
	const char *want = "qk_q1::WIDGET_OPS:LOADS:k=0:u=1:e=0:i=0:c=0";
	pt_check("fully qualified string of a plugin event names its PMU and modifiers",
		 r == PFM_SUCCESS && fstr && !strcmp(fstr, want), "r=%d fstr=%s want %s", r,
		 fstr ? fstr : "(null)", want);
	free(fstr);
}

/* run on CPU9_SYSROOT: attr.type comes from its sysfs cpu PMU */
static void check_perf(void)
{
	struct perf_event_attr at;
	unsigned int type = 9;
	int r = pt_perf("WIDGET_OPS:LOADS:u", PLM03, PFM_OS_PERF_EVENT_EXT, &at);
	pt_check("PERF_EVENT_EXT WIDGET_OPS:LOADS:u: type of sysfs cpu (9), config without raw bits, "
		 "kernel excluded (x86 has no hv level)",
		 r == PFM_SUCCESS && at.type == type && at.config == (EV(0x42) | UM(0x1)) &&
		 at.exclude_kernel && !at.exclude_user && !at.exclude_hv,
		 "r=%d type=%u (want %u) config=0x%llx excl k/u/hv=%d/%d/%d", r, at.type, type,
		 (unsigned long long)at.config, at.exclude_kernel, at.exclude_user, at.exclude_hv);

	r = pt_perf("qk_q1::WIDGET_OPS:STALLS", PLM03, PFM_OS_PERF_EVENT_EXT, &at);
	pt_check("PERF_EVENT_EXT WIDGET_OPS:STALLS: unit mask presets inv and cmask in config",
		 r == PFM_SUCCESS && at.config == (EV(0x42) | UM(0x3) | INV | CMASK(1)) &&
		 !at.exclude_kernel && !at.exclude_user,
		 "r=%d config=0x%llx excl k/u=%d/%d", r, (unsigned long long)at.config,
		 at.exclude_kernel, at.exclude_user);

	r = pt_perf("BURROW_MISS:L2:precise=2", PLM03, PFM_OS_PERF_EVENT_EXT, &at);
	pt_check("PERF_EVENT_EXT BURROW_MISS:L2:precise=2 sets precise_ip (PEBS event)",
		 r == PFM_SUCCESS && at.precise_ip == 2 && at.config == (EV(0x51) | UM(0x20)),
		 "r=%d precise_ip=%d config=0x%llx", r, at.precise_ip, (unsigned long long)at.config);

	r = pt_perf("WIDGET_CYCLES:precise=1", PLM03, PFM_OS_PERF_EVENT_EXT, &at);
	pt_check("PERF_EVENT_EXT precise on an event perf does not mark PEBS is PFM_ERR_ATTR",
		 r == PFM_ERR_ATTR, "got %d (%s)", r, pfm_strerror(r));

	r = pt_perf("WIDGET_OPS:ALL:period=5000", PLM03, PFM_OS_PERF_EVENT_EXT, &at);
	pt_check("PERF_EVENT_EXT period=5000 sets sample_period",
		 r == PFM_SUCCESS && at.sample_period == 5000 && at.config == (EV(0x42) | UM(0x3)),
		 "r=%d period=%llu config=0x%llx", r, (unsigned long long)at.sample_period,
		 (unsigned long long)at.config);

	r = pt_perf("BURROW_MISS:L1:precise=1", PLM03, PFM_OS_PERF_EVENT, &at);
	pt_check("PERF_EVENT (not EXT) has no precise attribute", r == PFM_ERR_ATTR,
		 "got %d (%s)", r, pfm_strerror(r));
}

static void forced(const char *dir)
{
	char *log;
	pt_env_reset();
	pt_env("LIBPFM_PLUGIN_PATH", dir);
	pt_env("LIBPFM_FORCE_PMU", "qk_q1");
	pt_env("LIBPFM_SYSROOT", CPU9_SYSROOT);
	int r = pt_init_logged(&log);
	pt_check("forced: pfm_initialize succeeds", r == PFM_SUCCESS, "r=%d", r);
	pt_check("forced: verbose output says which file gave PMU qk_q1",
		 pt_log_has(log, "plugin ", "qk_q1.yaml", "PMU qk_q1 loaded", NULL), "log:\n%s", log);
	free(log);
	check_pmu_info("forced");
	check_none();
	check_fstr();
	check_perf();
	pfm_terminate();
}

static void detected(const char *dir, const char *cpuid)
{
	char name[160], *log;
	pt_env_reset();
	pt_env("LIBPFM_PLUGIN_PATH", dir);
	pt_env("LIBPFM_CPUID", cpuid);
	int r = pt_init_logged(&log);
	snprintf(name, sizeof(name), "LIBPFM_CPUID=%s: the plugin PMU is detected", cpuid);
	pt_check(name, r == PFM_SUCCESS && pt_log_has(log, "PMU qk_q1 detected", NULL), "r=%d log:\n%s",
		 r, log);
	free(log);
	snprintf(name, sizeof(name), "detected (%s)", cpuid);
	check_pmu_info(name);
	uint64_t code;
	int count;
	r = pt_none("WIDGET_OPS:LOADS", PLM03, &code, &count);
	snprintf(name, sizeof(name), "LIBPFM_CPUID=%s: an event without pmu:: prefix is the plugin's", cpuid);
	pt_check(name, r == PFM_SUCCESS && code == (EV(0x42) | UM(0x1) | USR | OS | RAW),
		 "r=%d code=0x%llx", r, (unsigned long long)code);
	pfm_terminate();
}

static void not_matching(const char *dir)
{
	char *log;
	pt_env_reset();
	pt_env("LIBPFM_PLUGIN_PATH", dir);
	pt_env("LIBPFM_CPUID", "QuokkaSemi-7-2C-0");
	int r = pt_init_logged(&log);
	pt_check("identity not matched: the plugin is not loaded",
		 r == PFM_SUCCESS && !pt_log_has(log, "qk_q1", NULL), "r=%d log:\n%s", r, log);
	free(log);
	pfm_pmu_info_t pi;
	memset(&pi, 0, sizeof(pi));
	pi.size = sizeof(pi);
	r = pfm_get_pmu_info(QK_ID, &pi);
	pt_check("identity not matched: pfm_get_pmu_info(990) is PFM_ERR_NOTSUPP", r == PFM_ERR_NOTSUPP,
		 "got %d", r);
	r = pfm_find_event("qk_q1::WIDGET_OPS");
	pt_check("identity not matched: qk_q1::WIDGET_OPS is not found", r == PFM_ERR_NOTFOUND,
		 "got %d", r);
	pfm_terminate();

	/* every PMU may be used: the plugin is read although not present */
	pt_env("LIBPFM_ENCODE_INACTIVE", "1");
	r = pfm_initialize();
	uint64_t code;
	int count;
	int e = pt_none("qk_q1::WIDGET_OPS:LOADS", PFM_PLM3, &code, &count);
	memset(&pi, 0, sizeof(pi));
	pi.size = sizeof(pi);
	int ri = pfm_get_pmu_info(QK_ID, &pi);
	pt_check("LIBPFM_ENCODE_INACTIVE: a plugin that is not present still encodes",
		 r == PFM_SUCCESS && e == PFM_SUCCESS && code == (EV(0x42) | UM(0x1) | USR | RAW) &&
		 ri == PFM_SUCCESS && !pi.is_present,
		 "init=%d encode=%d code=0x%llx info=%d present=%d", r, e, (unsigned long long)code, ri,
		 pi.is_present);
	pfm_terminate();
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: %s PLUGIN_DIR\n", argv[0]);
		return 2;
	}
	forced(argv[1]);
	detected(argv[1], "QuokkaSemi-7-1A-3");
	detected(argv[1], "QuokkaSemi-7-1B");
	not_matching(argv[1]);
	return pt_summary("plugin_encode");
}
