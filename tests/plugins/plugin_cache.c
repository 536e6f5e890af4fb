/*
 * SPDX-License-Identifier: MIT
 * tests/plugins/plugin_cache.c - the plugin cache (man3/pmuplug_plugins.3, "Start-up
 * cost"): written at the first pfm_initialize and used at the next; a
 * plugin changed, removed or added since is seen; a corrupt, truncated,
 * foreign-format or unsafe cache file is ignored with a message and the
 * plugins are read as without it; LIBPFM_PLUGIN_CACHE=0 writes nothing; an
 * unwritable cache location changes nothing but the cache; the cache is not
 * trusted under another host identity; a refused plugin is reported with
 * file:line at every start. Every case makes its own plugin and cache
 * directories (removed at exit) and sets their times in the past, as the
 * cache does not trust files changed in the last seconds. A suite of test_public (tests/plugins/plugins.h).
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "capture.h"
#include "encode.h"
#include "env.h"
#include "info.h"
#include "suite.h"
#include "tmpdir.h"
#include "plugins.h"

#define CPU_A "QuokkaSemi-7-1A-0"	/* matched by plugin qk_ca */
#define CPU_B "QuokkaSemi-7-2B-0"	/* matched by plugin qk_cb */

/* a plugin: PMU name, id, one match pattern, one event of code ev */
static int plugin(const char *dir, const char *file, const char *name, int id, const char *match, int ev)
{
	char text[1024];
	snprintf(text, sizeof(text),
		 "schema: 1\npmu:\n  name: %s\n  id: %d\n  desc: cache test PMU\n  type: core\n  arch: x86\n"
		 "  match: [\"%s\"]\n  format:\n    event: config:0-7\n    umask: config:8-15\n"
		 "events:\n  - name: NIBBLES\n    desc: Nibbles taken\n    set: {event: 0x%02x}\n"
		 "    umasks:\n      - {name: CARROT, desc: carrot nibbles, set: {umask: 0x1}}\n",
		 name, id, match, ev);
	char path[4096];
	if (tl_tmp_put(dir, file, text, strlen(text)))
		return -1;
	return chmod(tl_tmp_path(path, sizeof(path), dir, file), 0644);
}

/* path's times an hour ago (the cache trusts only what has not changed lately) */
static void age(const char *path)
{
	struct timespec t[2];
	clock_gettime(CLOCK_REALTIME, &t[0]);
	t[0].tv_sec -= 3600;
	t[1] = t[0];
	utimensat(AT_FDCWD, path, t, AT_SYMLINK_NOFOLLOW);
}

/* every plugin file of dir and dir itself aged */
static void age_all(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	char path[4096];
	while (d && (de = readdir(d)))
		if (de->d_name[0] != '.')
			age(tl_tmp_path(path, sizeof(path), dir, de->d_name));
	if (d)
		closedir(d);
	age(dir);
}

/* a plugin directory with qk_ca (matches CPU_A) and qk_cb (matches CPU_B), aged */
struct setup {
	const char *plugins, *cache;
};

static struct setup make(void)
{
	struct setup s = { tl_tmp_dir("cache-plugins"), tl_tmp_dir("cache-dir") };
	if (s.plugins && s.cache) {
		plugin(s.plugins, "a.yaml", "qk_ca", 990, "QuokkaSemi-7-1A", 0x21);
		plugin(s.plugins, "b.yaml", "qk_cb", 991, "QuokkaSemi-7-2B", 0x22);
		age_all(s.plugins);
	}
	return s;
}

/* the directories of s removed (a program has only so many at once) */
static void finish(const struct setup *s)
{
	tl_tmp_remove(s->plugins);
	tl_tmp_remove(s->cache);
	unsetenv("XDG_CACHE_HOME");
}

/* the cache files in dir (plugins-*.cache) */
static int cache_files(const char *dir, char *first, size_t n)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	int count = 0;
	while (d && (de = readdir(d))) {
		size_t l = strlen(de->d_name);
		if (l > 14 && !strncmp(de->d_name, "plugins-", 8) && !strcmp(de->d_name + l - 6, ".cache")) {
			if (!count && first)
				tl_tmp_path(first, n, dir, de->d_name);
			count++;
		}
	}
	if (d)
		closedir(d);
	return count;
}

/* pfm_initialize under LIBPFM_DEBUG with the plugins of s and identity cpuid; the log in *log */
static int init(const struct setup *s, const char *cpuid, const char **log)
{
	tl_env_empty_host();
	tl_env("LIBPFM_PLUGIN_PATH", s->plugins);
	tl_env("LIBPFM_PLUGIN_CACHE", s->cache);
	tl_env("LIBPFM_CPUID", cpuid);
	tl_env("LIBPFM_DEBUG", "1");
	return tl_capture_call(pfm_initialize, log);
}

static int present(int id)
{
	pfm_pmu_info_t pi;
	return tl_pmu_info(id, &pi) == PFM_SUCCESS && pi.is_present;
}

static void test_cache_is_written_at_the_first_init_and_spares_the_second_reading_the_directory(void)
{
	struct setup s = make();
	const char *log;
	int r = init(&s, CPU_A, &log);
	TL_ASSERT(r == PFM_SUCCESS && tl_log_has(log, "plugin cache", "written (2 plugin files)", NULL) &&
		  cache_files(s.cache, NULL, 0) == 1 && present(990) && !present(991),
		  "init=%d files=%d log:\n%s", r, cache_files(s.cache, NULL, 0), log);
	pfm_terminate();
	r = init(&s, CPU_A, &log);
	TL_ASSERT(r == PFM_SUCCESS && tl_log_has(log, "plugin cache", "the directory unchanged", NULL) &&
		  tl_log_has(log, "b.yaml", "not loaded (cached)", NULL) && !tl_log_has(log, "written", NULL) &&
		  present(990) && !present(991), "init=%d log:\n%s", r, log);
	pfm_terminate();
	finish(&s);
}

static void test_unchanged_directory_matching_nothing_is_done_from_the_cache_until_a_file_changes(void)
{
	struct setup s = make();
	const char *log;
	char path[4096];
	init(&s, "QuokkaSemi-7-0F-0", &log);
	pfm_terminate();
	int r = init(&s, "QuokkaSemi-7-0F-0", &log);
	TL_ASSERT(r == PFM_SUCCESS && tl_log_has(log, "2 plugin files, unchanged, none for this host (cached)", NULL) &&
		  !present(990) && !present(991), "init=%d log:\n%s", r, log);
	pfm_terminate();
	plugin(s.plugins, "b.yaml", "qk_cb", 991, "QuokkaSemi-7-(0F|2B)", 0x22);
	age(tl_tmp_path(path, sizeof(path), s.plugins, "b.yaml"));
	r = init(&s, "QuokkaSemi-7-0F-0", &log);
	TL_ASSERT(r == PFM_SUCCESS && !tl_log_has(log, "none for this host", NULL) && present(991) && !present(990),
		  "init=%d log:\n%s", r, log);
	pfm_terminate();
	finish(&s);
}

static void test_cached_plugin_changed_since_is_read_again(void)
{
	struct setup s = make();
	const char *log;
	char path[4096];
	init(&s, CPU_A, &log);
	pfm_terminate();
	/* b.yaml now matches CPU_A too: a longer pattern list, the same old times */
	plugin(s.plugins, "b.yaml", "qk_cb", 991, "QuokkaSemi-7-(1A|2B)", 0x22);
	age(tl_tmp_path(path, sizeof(path), s.plugins, "b.yaml"));
	int r = init(&s, CPU_A, &log);
	TL_ASSERT(r == PFM_SUCCESS && present(991) && tl_log_has(log, "written (2 plugin files)", NULL),
		  "init=%d log:\n%s", r, log);
	pfm_terminate();
	finish(&s);
}

static void test_plugin_removed_since_is_dropped_and_one_added_is_found(void)
{
	struct setup s = make();
	const char *log;
	char path[4096];
	init(&s, CPU_A, &log);
	pfm_terminate();
	unlink(tl_tmp_path(path, sizeof(path), s.plugins, "a.yaml"));
	plugin(s.plugins, "c.yaml", "qk_cc", 992, "QuokkaSemi-7-1A", 0x23);
	age_all(s.plugins);
	int r = init(&s, CPU_A, &log);
	TL_ASSERT(r == PFM_SUCCESS && !present(990) && present(992) && !present(991) &&
		  tl_log_has(log, "written (2 plugin files)", NULL), "init=%d log:\n%s", r, log);
	pfm_terminate();
	/* and the cache rewritten then says so the next time */
	r = init(&s, CPU_A, &log);
	TL_ASSERT(r == PFM_SUCCESS && !present(990) && present(992) && tl_log_has(log, "the directory unchanged", NULL),
		  "init=%d log:\n%s", r, log);
	pfm_terminate();
	finish(&s);
}

static void test_cache_written_under_one_identity_is_not_trusted_under_another(void)
{
	struct setup s = make();
	const char *log;
	init(&s, CPU_A, &log);
	pfm_terminate();
	int r = init(&s, CPU_B, &log);
	TL_ASSERT(r == PFM_SUCCESS && present(991) && !present(990), "init=%d log:\n%s", r, log);
	pfm_terminate();
	r = init(&s, CPU_A, &log);
	TL_ASSERT(r == PFM_SUCCESS && present(990) && !present(991), "init=%d log:\n%s", r, log);
	pfm_terminate();
	finish(&s);
}

static void test_cached_plugin_is_loaded_when_forced_by_name(void)
{
	struct setup s = make();
	const char *log;
	init(&s, CPU_A, &log);
	pfm_terminate();
	tl_env_empty_host();
	tl_env("LIBPFM_FORCE_PMU", "qk_cb");
	tl_env("LIBPFM_PLUGIN_PATH", s.plugins);
	tl_env("LIBPFM_PLUGIN_CACHE", s.cache);
	tl_env("LIBPFM_CPUID", CPU_A);
	int r = pfm_initialize();
	TL_ASSERT(r == PFM_SUCCESS && present(991), "init=%d", r);
	pfm_terminate();
	finish(&s);
}

static void test_plugin_through_a_warm_cache_encodes_as_without_cache(void)
{
	struct setup s = make();
	const char *log;
	struct tl_none warm = { 0 }, cold = { 0 };
	init(&s, CPU_A, &log);
	pfm_terminate();
	init(&s, CPU_A, &log);
	tl_none("qk_ca::NIBBLES:CARROT", PFM_PLM3, &warm);
	pfm_terminate();
	tl_env_empty_host();
	tl_env("LIBPFM_PLUGIN_PATH", s.plugins);
	tl_env("LIBPFM_PLUGIN_CACHE", "0");
	tl_env("LIBPFM_CPUID", CPU_A);
	pfm_initialize();
	tl_none("qk_ca::NIBBLES:CARROT", PFM_PLM3, &cold);
	pfm_terminate();
	TL_ASSERT(warm.ret == PFM_SUCCESS && cold.ret == PFM_SUCCESS && warm.count == cold.count &&
		  warm.codes[0] == cold.codes[0] && warm.codes[0] == 0x121 && !strcmp(warm.fstr, cold.fstr),
		  "warm %d 0x%llx %s, cold %d 0x%llx %s", warm.ret, (unsigned long long)warm.codes[0], warm.fstr,
		  cold.ret, (unsigned long long)cold.codes[0], cold.fstr);
	finish(&s);
}

/* damage the cache of s with fn, then check the next start ignores it, says so, and loads right */
static void damaged(void (*fn)(const char *cache_file, const char *cache_dir), const char *why)
{
	struct setup s = make();
	const char *log;
	char file[4096];
	init(&s, CPU_B, &log);	/* a cache that says b matches */
	pfm_terminate();
	if (cache_files(s.cache, file, sizeof(file)) != 1) {
		TL_ASSERT(0, "no cache file in %s", s.cache);
		finish(&s);
		return;
	}
	fn(file, s.cache);
	tl_env("LIBPFM_VERBOSE", "1");
	int r = init(&s, CPU_A, &log);
	TL_ASSERT(r == PFM_SUCCESS && present(990) && !present(991) && (!why || tl_log_has(log, "plugin cache", why, NULL)),
		  "init=%d, want the message '%s', log:\n%s", r, why ? why : "", log);
	pfm_terminate();
	finish(&s);
}

static void flip_byte(const char *f, const char *dir)
{
	int fd = open(f, O_RDWR);
	unsigned char b;
	off_t at = lseek(fd, 0, SEEK_END) - 20;	/* in the names or facts */
	if (pread(fd, &b, 1, at) == 1) {
		b ^= 0x5a;
		(void)!pwrite(fd, &b, 1, at);
	}
	close(fd);
}

static void cut_in_half(const char *f, const char *dir)
{
	struct stat st;
	if (!stat(f, &st))
		(void)!truncate(f, st.st_size / 2);
}

static void garbage(const char *f, const char *dir)
{
	FILE *o = fopen(f, "w");
	for (int i = 0; o && i < 4096; i++)
		fputc((i * 7919) & 0xff, o);
	if (o)
		fclose(o);
}

/* the header kept, every byte after it 0xff: offsets and counts out of bounds */
static void hostile(const char *f, const char *dir)
{
	int fd = open(f, O_RDWR);
	struct stat st;
	if (fd >= 0 && !fstat(fd, &st))
		for (off_t i = 16; i < st.st_size; i++)
			(void)!pwrite(fd, "\xff", 1, i);
	if (fd >= 0)
		close(fd);
}

static void group_writable(const char *f, const char *dir)
{
	chmod(f, 0664);
}

static void symlink_to_copy(const char *f, const char *dir)
{
	char other[4096];
	snprintf(other, sizeof(other), "%s.real", f);
	rename(f, other);
	(void)!symlink(other, f);
}

static void test_cache_with_a_flipped_byte_is_ignored(void) { damaged(flip_byte, "checksum mismatch"); }
static void test_truncated_cache_is_ignored(void) { damaged(cut_in_half, "ignored"); }
static void test_cache_of_garbage_is_ignored(void) { damaged(garbage, "ignored"); }
static void test_cache_with_hostile_counts_and_offsets_is_ignored(void) { damaged(hostile, "the plugin files are read"); }
static void test_cache_writable_by_others_is_ignored(void) { damaged(group_writable, "writable by others"); }
static void test_cache_that_is_a_symbolic_link_is_ignored(void) { damaged(symlink_to_copy, NULL); }

static void test_cache_with_a_damaged_stub_falls_back_to_the_plugin_file(void)
{
	struct setup s = make();
	const char *log;
	char file[4096];
	init(&s, CPU_A, &log);	/* a's stub (it matches) and b's facts kept */
	pfm_terminate();
	if (cache_files(s.cache, file, sizeof(file)) == 1)
		flip_byte(file, s.cache);
	tl_env("LIBPFM_VERBOSE", "1");
	int r = init(&s, CPU_A, &log);
	struct tl_none o = { 0 };
	tl_none("qk_ca::NIBBLES:CARROT", PFM_PLM3, &o);
	TL_ASSERT(r == PFM_SUCCESS && present(990) && !present(991) && tl_log_has(log, "plugin cache", "checksum", NULL) &&
		  o.ret == PFM_SUCCESS && o.codes[0] == 0x121, "init=%d encode=%d 0x%llx log:\n%s", r, o.ret,
		  (unsigned long long)o.codes[0], log);
	pfm_terminate();
	finish(&s);
}

static void test_every_plugin_loaded_from_a_warm_cache_rewrites_nothing(void)
{
	struct setup s = make();
	const char *log;
	for (int round = 0; round < 3; round++) {
		tl_env_empty_host();
		tl_env("LIBPFM_ENCODE_INACTIVE", "1");
		tl_env("LIBPFM_PLUGIN_PATH", s.plugins);
		tl_env("LIBPFM_PLUGIN_CACHE", s.cache);
		tl_env("LIBPFM_CPUID", CPU_A);
		tl_env("LIBPFM_DEBUG", "1");
		int r = tl_capture_call(pfm_initialize, &log);
		struct tl_none a = { 0 }, b = { 0 };
		tl_none("qk_ca::NIBBLES:CARROT", PFM_PLM3, &a);
		tl_none("qk_cb::NIBBLES:CARROT", PFM_PLM3, &b);
		TL_ASSERT(r == PFM_SUCCESS && a.ret == PFM_SUCCESS && b.ret == PFM_SUCCESS && a.codes[0] == 0x121 &&
			  b.codes[0] == 0x122 && (round < 2 || !tl_log_has(log, "written", NULL)),
			  "round %d: init=%d a=%d b=%d log:\n%s", round, r, a.ret, b.ret, log);
		pfm_terminate();
	}
	finish(&s);
}

static void test_cache_off_with_libpfm_plugin_cache_0_writes_nothing(void)
{
	struct setup s = make();
	const char *log;
	char xdg[4096];
	tl_tmp_path(xdg, sizeof(xdg), s.cache, "xdg");
	setenv("XDG_CACHE_HOME", xdg, 1);
	tl_env_empty_host();
	tl_env("LIBPFM_PLUGIN_PATH", s.plugins);
	tl_env("LIBPFM_PLUGIN_CACHE", "0");
	tl_env("LIBPFM_CPUID", CPU_A);
	tl_env("LIBPFM_DEBUG", "1");
	int r = tl_capture_call(pfm_initialize, &log);
	struct stat st;
	TL_ASSERT(r == PFM_SUCCESS && present(990) && stat(xdg, &st) && cache_files(s.cache, NULL, 0) == 0 &&
		  !tl_log_has(log, "plugin cache", NULL), "init=%d log:\n%s", r, log);
	pfm_terminate();
	unsetenv("XDG_CACHE_HOME");
	finish(&s);
}

static void test_cache_goes_to_xdg_cache_home_by_default(void)
{
	struct setup s = make();
	char xdg[4096], sub[4096];
	tl_tmp_path(xdg, sizeof(xdg), s.cache, "xdg");
	tl_tmp_path(sub, sizeof(sub), xdg, "pmuplug");
	setenv("XDG_CACHE_HOME", xdg, 1);
	tl_env_empty_host();
	tl_env("LIBPFM_PLUGIN_PATH", s.plugins);
	tl_env("LIBPFM_CPUID", CPU_A);
	int r = pfm_initialize();
	TL_ASSERT(r == PFM_SUCCESS && present(990) && cache_files(sub, NULL, 0) == 1, "init=%d, cache files in %s: %d",
		  r, sub, cache_files(sub, NULL, 0));
	pfm_terminate();
	unsetenv("XDG_CACHE_HOME");
	finish(&s);
}

static void test_unwritable_cache_location_changes_nothing_but_the_cache(void)
{
	struct setup s = make();
	const char *log;
	char file[4096], under[4096];
	tl_tmp_puts(s.cache, "file", "a regular file, not a directory\n");
	tl_tmp_path(file, sizeof(file), s.cache, "file");
	tl_tmp_path(under, sizeof(under), file, "pmuplug");
	for (int round = 0; round < 2; round++) {
		tl_env_empty_host();
		tl_env("LIBPFM_PLUGIN_PATH", s.plugins);
		tl_env("LIBPFM_PLUGIN_CACHE", under);
		tl_env("LIBPFM_CPUID", CPU_A);
		tl_env("LIBPFM_DEBUG", "1");
		int r = tl_capture_call(pfm_initialize, &log);
		TL_ASSERT(r == PFM_SUCCESS && present(990) && !present(991) &&
			  tl_log_has(log, "plugin cache", "not written", NULL), "round %d: init=%d log:\n%s", round, r, log);
		pfm_terminate();
	}
	finish(&s);
}

static void test_refused_plugin_is_reported_with_file_and_line_at_every_start(void)
{
	struct setup s = make();
	const char *log;
	char bad[4096];
	/* refused by the peek (every start opens it), and by the full read (it matches this host) */
	tl_tmp_puts(s.plugins, "bad.yaml", "schema: 2\npmu:\n  name: qk_bad\n  id: 993\n");
	chmod(tl_tmp_path(bad, sizeof(bad), s.plugins, "bad.yaml"), 0644);
	tl_tmp_puts(s.plugins, "bad2.yaml", "schema: 1\npmu:\n  name: qk_bad2\n  id: 994\n  type: core\n"
		    "  match: [\"QuokkaSemi-7-1A\"]\n  bogus_key: 1\n");
	chmod(tl_tmp_path(bad, sizeof(bad), s.plugins, "bad2.yaml"), 0644);
	age_all(s.plugins);
	for (int round = 0; round < 3; round++) {
		tl_env("LIBPFM_VERBOSE", "1");
		int r = init(&s, CPU_A, &log);
		TL_ASSERT(r == PFM_SUCCESS && present(990) && tl_log_has(log, "plugin refused", "bad.yaml:1:", NULL) &&
			  tl_log_has(log, "plugin refused", "bad2.yaml:", NULL) &&
			  (round < 2 || tl_log_has(log, "the directory unchanged", NULL)),
			  "round %d: init=%d log:\n%s", round, r, log);
		pfm_terminate();
	}
	finish(&s);
}

static void test_plugin_changed_within_the_last_seconds_is_not_cached(void)
{
	struct setup s = make();
	const char *log;
	plugin(s.plugins, "a.yaml", "qk_ca", 990, "QuokkaSemi-7-1A", 0x21);	/* new times */
	for (int round = 0; round < 2; round++) {
		int r = init(&s, CPU_A, &log);
		TL_ASSERT(r == PFM_SUCCESS && present(990) && !tl_log_has(log, "a.yaml", "(cached)", NULL),
			  "round %d: init=%d log:\n%s", round, r, log);
		pfm_terminate();
	}
	finish(&s);
}

static const struct tl_test tests[] = {
	TL_TEST(test_cache_is_written_at_the_first_init_and_spares_the_second_reading_the_directory),
	TL_TEST(test_unchanged_directory_matching_nothing_is_done_from_the_cache_until_a_file_changes),
	TL_TEST(test_cached_plugin_changed_since_is_read_again),
	TL_TEST(test_plugin_removed_since_is_dropped_and_one_added_is_found),
	TL_TEST(test_cache_written_under_one_identity_is_not_trusted_under_another),
	TL_TEST(test_cached_plugin_is_loaded_when_forced_by_name),
	TL_TEST(test_plugin_through_a_warm_cache_encodes_as_without_cache),
	TL_TEST(test_cache_with_a_flipped_byte_is_ignored),
	TL_TEST(test_truncated_cache_is_ignored),
	TL_TEST(test_cache_of_garbage_is_ignored),
	TL_TEST(test_cache_with_hostile_counts_and_offsets_is_ignored),
	TL_TEST(test_cache_writable_by_others_is_ignored),
	TL_TEST(test_cache_that_is_a_symbolic_link_is_ignored),
	TL_TEST(test_cache_with_a_damaged_stub_falls_back_to_the_plugin_file),
	TL_TEST(test_every_plugin_loaded_from_a_warm_cache_rewrites_nothing),
	TL_TEST(test_cache_off_with_libpfm_plugin_cache_0_writes_nothing),
	TL_TEST(test_cache_goes_to_xdg_cache_home_by_default),
	TL_TEST(test_unwritable_cache_location_changes_nothing_but_the_cache),
	TL_TEST(test_refused_plugin_is_reported_with_file_and_line_at_every_start),
	TL_TEST(test_plugin_changed_within_the_last_seconds_is_not_cached),
};

int plugin_cache_register(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	tl_suite("plugin cache", NULL, NULL, tests);
	return 0;
}
