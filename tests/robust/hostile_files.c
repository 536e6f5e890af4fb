/*
 * SPDX-License-Identifier: MIT
 * tests/robust/hostile_files.c - suite `hostile` of test_public_asan
 * (check-robust): no reader of the host or of sysfs blocks or runs away
 * on what LIBPFM_SYSROOT puts where a small file is expected: a FIFO, a
 * symbolic link to /dev/zero, a huge sparse file, a cpuN directory of an
 * absurd number. Each case builds its sysroot in a temporary directory and
 * runs in a child under a 3-second watchdog: the per-architecture host
 * readers on /proc/cpuinfo, midr_el1 and /proc/sysinfo, and pfm_initialize
 * on a sysfs PMU whose type, cpumask, format or event file is the hostile
 * one, after which a good sysfs PMU beside it must still encode. The host
 * readers are the library's internal functions (host/readers.h), which the
 * ASan archive has and libpfm.so.4 hides: this suite is linked into
 * test_public_asan only (tests/public.mk). Results line: robust-hostile.
 * Run from the top of the tree. usage: test_public_asan hostile
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include "host/readers.h"
#include "util/config.h"
#include "encode.h"
#include "env.h"
#include "suite.h"
#include "tmpdir.h"
#include "watchdog.h"
#include "robust.h"

enum kind { FIFO, ZERO, HUGE };
static const char *const kind_name[] = { "a FIFO", "a link to /dev/zero", "a 4 GiB sparse file" };
static const char *const kind_id[] = { "a_fifo", "a_link_to_dev_zero", "a_4_gib_sparse_file" };

/* make dir/rel the hostile kind of file */
static int plant(const char *dir, const char *rel, enum kind k)
{
	char path[4096], parent[4096];
	if (!tl_tmp_path(path, sizeof(path), dir, rel))
		return -1;
	snprintf(parent, sizeof(parent), "%s", rel);
	char *slash = strrchr(parent, '/');
	if (slash) {
		*slash = '\0';
		if (tl_tmp_mkdir(dir, parent))
			return -1;
	}
	unlink(path);
	switch (k) {
	case FIFO: return mkfifo(path, 0644);
	case ZERO: return symlink("/dev/zero", path);
	case HUGE: return tl_tmp_puts(dir, rel, "processor : 0\n") || truncate(path, 4LL << 30);
	}
	return -1;
}

/* run fn in a child under the watchdog; 1 when it came back in time and said 0 */
static int in_child(int (*fn)(const char *root), const char *root, const char *what)
{
	fflush(NULL);
	pid_t pid = fork();
	if (pid == 0) {
		tl_watchdog(3, what);
		_exit(fn(root));
	}
	int st;
	if (pid < 0 || waitpid(pid, &st, 0) != pid)
		return 0;
	if (!WIFEXITED(st) || WEXITSTATUS(st)) {
		tl_note("%s: child %s %d", what, WIFEXITED(st) ? "exit status" : "signal",
			WIFEXITED(st) ? WEXITSTATUS(st) : WTERMSIG(st));
		return 0;
	}
	return 1;
}

/* ---- host readers ---- */

struct host_case {
	const char *rel, *file;
	enum kind kind;
	int (*identify)(struct pp_host *h);
	const char *reader;
};

static const struct host_case host_cases[] = {
	{ "proc/cpuinfo", "cpuinfo", FIFO, pp_host_identify_arm64, "arm64" },
	{ "proc/cpuinfo", "cpuinfo", ZERO, pp_host_identify_arm64, "arm64" },
	{ "proc/cpuinfo", "cpuinfo", HUGE, pp_host_identify_arm64, "arm64" },
	{ "proc/cpuinfo", "cpuinfo", FIFO, pp_host_identify_riscv, "riscv" },
	{ "proc/cpuinfo", "cpuinfo", ZERO, pp_host_identify_riscv, "riscv" },
	{ "proc/cpuinfo", "cpuinfo", HUGE, pp_host_identify_riscv, "riscv" },
	{ "proc/cpuinfo", "cpuinfo", FIFO, pp_host_identify_powerpc, "powerpc" },
	{ "proc/cpuinfo", "cpuinfo", ZERO, pp_host_identify_powerpc, "powerpc" },
	{ "proc/cpuinfo", "cpuinfo", HUGE, pp_host_identify_powerpc, "powerpc" },
	{ "sys/devices/system/cpu/cpu0/regs/identification/midr_el1", "midr_el1", FIFO, pp_host_identify_arm64, "arm64" },
	{ "sys/devices/system/cpu/cpu0/regs/identification/midr_el1", "midr_el1", ZERO, pp_host_identify_arm64, "arm64" },
	{ "proc/sysinfo", "sysinfo", FIFO, pp_host_identify_s390, "s390" },
	{ "proc/sysinfo", "sysinfo", ZERO, pp_host_identify_s390, "s390" },
	{ "proc/sysinfo", "sysinfo", HUGE, pp_host_identify_s390, "s390" },
	{ "proc/cpuinfo", "cpuinfo", FIFO, pp_host_identify_s390, "s390" },
};

static const struct host_case *cur_host;

static int run_host(const char *root)
{
	struct pp_host h;
	memset(&h, 0, sizeof(h));
	tl_env_reset();
	tl_env("LIBPFM_SYSROOT", root);
	pp_config_load();
	cur_host->identify(&h);
	return 0;
}

static void test_host_reader_returns_promptly_on_a_hostile_file(const void *data)
{
	const struct host_case *c = data;
	const char *root = tl_tmp_dir("hostile");
	TL_ASSERT(root && !plant(root, c->rel, c->kind), "cannot make %s", c->rel);
	if (!root)
		return;
	cur_host = c;
	char what[256];
	snprintf(what, sizeof(what), "the %s reader on %s as %s", c->reader, c->rel, kind_name[c->kind]);
	TL_ASSERT(in_child(run_host, root, what), "%s did not return", what);
	tl_tmp_remove(root);
}

/* cpu1048575: the arm64 reader must not try a million cpuN directories */
static int run_arm64(const char *root)
{
	struct pp_host h;
	memset(&h, 0, sizeof(h));
	tl_env_reset();
	tl_env("LIBPFM_SYSROOT", root);
	pp_config_load();
	pp_host_identify_arm64(&h);
	return 0;
}

static void test_arm64_reader_returns_promptly_on_a_cpu_number_of_a_million(void)
{
	const char *root = tl_tmp_dir("hostile");
	TL_ASSERT(root && !tl_tmp_mkdir(root, "sys/devices/system/cpu/cpu1048575"), "cannot make the tree");
	if (!root)
		return;
	TL_ASSERT(in_child(run_arm64, root, "the arm64 reader on cpu1048575"), "the arm64 reader did not return");
	tl_tmp_remove(root);
}

/* ---- sysfs PMU files, through pfm_initialize ---- */

#define DEV "sys/bus/event_source/devices/"

static int put_pmu(const char *root, const char *pmu, const char *type)
{
	char rel[256];
	static const char *const files[][2] = {
		{ "cpumask", "0\n" }, { "format/event", "config:0-7\n" }, { "events/ev", "event=0x1\n" },
	};
	snprintf(rel, sizeof(rel), DEV "%s/type", pmu);
	if (tl_tmp_puts(root, rel, type))
		return -1;
	for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		snprintf(rel, sizeof(rel), DEV "%s/%s", pmu, files[i][0]);
		if (tl_tmp_puts(root, rel, files[i][1]))
			return -1;
	}
	return 0;
}

struct sysfs_case {
	const char *file, *id;
	enum kind kind;
};

static const struct sysfs_case sysfs_cases[] = {
	{ "type", "type", FIFO }, { "type", "type", ZERO },
	{ "cpumask", "cpumask", FIFO }, { "cpumask", "cpumask", ZERO },
	{ "format/event", "format_file", FIFO }, { "format/event", "format_file", ZERO },
	{ "events/ev", "event_file", FIFO }, { "events/ev", "event_file", ZERO },
};

static int run_init(const char *root)
{
	tl_env_reset();
	tl_env("LIBPFM_SYSROOT", root);
	if (pfm_initialize() != PFM_SUCCESS)
		return 10;
	struct tl_perf o;
	int r = tl_perf("good::ev", PFM_PLM3, PFM_OS_PERF_EVENT, &o);
	if (r != PFM_SUCCESS || o.attr.type != 43 || o.attr.config != 1)
		return 11;
	pfm_terminate();
	return 0;
}

static void test_pfm_initialize_returns_and_the_good_pmu_encodes_beside_a_hostile_file(const void *data)
{
	const struct sysfs_case *c = data;
	const char *root = tl_tmp_dir("hostile");
	char rel[256];
	snprintf(rel, sizeof(rel), DEV "bad/%s", c->file);
	TL_ASSERT(root && !put_pmu(root, "bad", "42\n") && !put_pmu(root, "good", "43\n") &&
		  !plant(root, rel, c->kind), "cannot make the tree");
	if (!root)
		return;
	char what[256];
	snprintf(what, sizeof(what), "pfm_initialize with the sysfs PMU's %s as %s", c->file, kind_name[c->kind]);
	TL_ASSERT(in_child(run_init, root, what), "%s: did not return, or good::ev did not encode", what);
	tl_tmp_remove(root);
}

static const struct tl_test tests[] = {
	TL_TEST(test_arm64_reader_returns_promptly_on_a_cpu_number_of_a_million),
};

int robust_hostile_register(int argc, char **argv)
{
	if (argc > 1) {
		fprintf(stderr, "usage: test_public_asan hostile\n");
		return 2;
	}
	(void)argv;
	CU_pSuite s = tl_suite("hostile files", NULL, NULL, tests);
	for (size_t i = 0; i < sizeof(host_cases) / sizeof(host_cases[0]); i++) {
		const struct host_case *c = &host_cases[i];
		tl_case_add(s, test_host_reader_returns_promptly_on_a_hostile_file, c,
			    "test_%s_reader_returns_promptly_when_%s_is_%s", c->reader, c->file, kind_id[c->kind]);
	}
	for (size_t i = 0; i < sizeof(sysfs_cases) / sizeof(sysfs_cases[0]); i++)
		tl_case_add(s, test_pfm_initialize_returns_and_the_good_pmu_encodes_beside_a_hostile_file,
			    &sysfs_cases[i], "test_pfm_initialize_returns_and_good_pmu_encodes_when_sysfs_%s_is_%s",
			    sysfs_cases[i].id, kind_id[sysfs_cases[i].kind]);
	return 0;
}
