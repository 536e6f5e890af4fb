/*
 * SPDX-License-Identifier: MIT
 * tests/plugins/plugin_lazy.c - a plugin in the block layout is detected at
 * pfm_initialize from its pmu block alone and its events are read when
 * first used (man3/pmuplug_plugins.3, "What a plugin directory costs"): it
 * encodes as the same plugin read whole (flow layout); malformed events are
 * refused with file:line at first use and the PMU is then not supported; a
 * file changed between pfm_initialize and first use is refused; several
 * threads using the PMU first at once all see it whole; through a warm
 * plugin cache (its copy of the pmu block) it behaves the same. Plugin and
 * cache directories made per case, removed at exit. A suite of test_public (tests/plugins/plugins.h).
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <pthread.h>
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

#define CPU "QuokkaSemi-7-3C-0"
#define MATCH "QuokkaSemi-7-3C"

/* a block-layout plugin (jsontoyaml's): NAME, ID; bad: an unknown key in the event, line 21 */
static const char block_fmt[] =
	"schema: 1\n"
	"pmu:\n"
	"  name: %s\n"
	"  id: %d\n"
	"  desc: lazy test PMU\n"
	"  type: core\n"
	"  arch: x86\n"
	"  match:\n"
	"    - \"" MATCH "\"\n"
	"  format:\n"
	"    event: config:0-7\n"
	"    umask: config:8-15\n"
	"    usr: config:16\n"
	"  modifiers:\n"
	"    - {name: u, desc: user, type: bool, plm: 0x8, field: usr}\n"
	"events:\n"
	"  - name: NIBBLES\n"
	"    desc: Nibbles taken\n"
	"    set: {event: 0x31}\n"
	"    umasks:\n"
	"      - {name: CARROT, desc: carrot nibbles, set: {umask: 0x4}%s}\n";

/* the same PMU in flow layout: read whole at pfm_initialize */
static const char flow_fmt[] =
	"{schema: 1, pmu: {name: %s, id: %d, desc: lazy test PMU, type: core, arch: x86,\n"
	" match: [\"" MATCH "\"], format: {event: \"config:0-7\", umask: \"config:8-15\", usr: \"config:16\"},\n"
	" modifiers: [{name: u, desc: user, type: bool, plm: 0x8, field: usr}]},\n"
	" events: [{name: NIBBLES, desc: Nibbles taken, set: {event: 0x31},\n"
	"   umasks: [{name: CARROT, desc: carrot nibbles, set: {umask: 0x4}}]}]}\n";

static const char *plugins, *cache;

static void put(const char *file, const char *fmt, const char *name, int id, const char *extra)
{
	char text[4096], path[4096];
	snprintf(text, sizeof(text), fmt, name, id, extra);
	tl_tmp_puts(plugins, file, text);
	chmod(tl_tmp_path(path, sizeof(path), plugins, file), 0644);
	/* an hour old: the plugin cache trusts nothing newer than a few seconds */
	struct timespec t[2];
	clock_gettime(CLOCK_REALTIME, &t[0]);
	t[0].tv_sec -= 3600;
	t[1] = t[0];
	utimensat(AT_FDCWD, path, t, 0);
}

static void fresh(void)
{
	if (plugins)
		tl_tmp_remove(plugins);
	if (cache)
		tl_tmp_remove(cache);
	plugins = tl_tmp_dir("lazy-plugins");
	cache = tl_tmp_dir("lazy-cache");
}

static int init(const char **log)
{
	tl_env_empty_host();
	tl_env("LIBPFM_PLUGIN_PATH", plugins);
	tl_env("LIBPFM_PLUGIN_CACHE", cache);
	tl_env("LIBPFM_CPUID", CPU);
	tl_env("LIBPFM_VERBOSE", "1");
	return tl_capture_call(pfm_initialize, log);
}

static int find_lazy(void)
{
	return pfm_find_event("qk_lazy::NIBBLES:CARROT");
}

static void test_plugin_is_detected_at_init_and_its_events_read_at_first_use(void)
{
	const char *log;
	fresh();
	put("lazy.yaml", block_fmt, "qk_lazy", 980, "");
	int r = init(&log);
	TL_ASSERT(r == PFM_SUCCESS && tl_log_has(log, "qk_lazy loaded (its events when first used)", NULL) &&
		  !tl_log_has(log, "events of PMU qk_lazy loaded", NULL), "init=%d log:\n%s", r, log);
	int idx = tl_capture_call(find_lazy, &log);
	pfm_pmu_info_t pi;
	int ri = tl_pmu_info(980, &pi);
	TL_ASSERT(idx >= 0 && tl_log_has(log, "events of PMU qk_lazy loaded", NULL) && ri == PFM_SUCCESS &&
		  pi.is_present && pi.nevents == 1, "find=%d info=%d present=%d nevents=%d log:\n%s", idx, ri,
		  pi.is_present, pi.nevents, log);
	pfm_terminate();
}

static void test_lazy_plugin_encodes_as_the_same_plugin_read_whole(void)
{
	const char *log;
	struct tl_none lazy = { 0 }, whole = { 0 };
	fresh();
	put("lazy.yaml", block_fmt, "qk_lazy", 980, "");
	put("whole.yaml", flow_fmt, "qk_whole", 981, "");
	for (int round = 0; round < 2; round++) {	/* the second through the warm cache */
		int r = init(&log);
		int ok = r == PFM_SUCCESS && tl_log_has(log, "qk_lazy loaded (its events when first used)", NULL) &&
			 tl_log_has(log, "qk_whole loaded", NULL) && !tl_log_has(log, "qk_whole loaded (", NULL);
		tl_none("qk_lazy::NIBBLES:CARROT:u", PFM_PLM0 | PFM_PLM3, &lazy);
		tl_none("qk_whole::NIBBLES:CARROT:u", PFM_PLM0 | PFM_PLM3, &whole);
		pfm_terminate();
		TL_ASSERT(ok && lazy.ret == PFM_SUCCESS && whole.ret == PFM_SUCCESS && lazy.count == whole.count &&
			  lazy.codes[0] == whole.codes[0] && lazy.codes[0] == 0x10431,
			  "round %d: init=%d lazy %d 0x%llx, whole %d 0x%llx log:\n%s", round, r, lazy.ret,
			  (unsigned long long)lazy.codes[0], whole.ret, (unsigned long long)whole.codes[0], log);
	}
}

static void test_plugin_with_a_malformed_event_is_refused_with_file_and_line_at_first_use(void)
{
	const char *log;
	char where[4096];
	fresh();
	put("bad.yaml", block_fmt, "qk_lazy", 980, ", colour: orange");
	for (int round = 0; round < 2; round++) {
		int r = init(&log);
		int loaded = r == PFM_SUCCESS && tl_log_has(log, "qk_lazy loaded (its events when first used)", NULL);
		int idx = tl_capture_call(find_lazy, &log);
		pfm_pmu_info_t pi;
		int ri = tl_pmu_info(980, &pi);
		snprintf(where, sizeof(where), "%s/bad.yaml:21:", plugins);
		TL_ASSERT(loaded && idx == PFM_ERR_NOTFOUND && tl_log_has(log, "plugin refused", where, "colour", NULL) &&
			  ri == PFM_ERR_NOTSUPP, "round %d: loaded=%d find=%d info=%d log:\n%s", round, loaded, idx, ri,
			  log);
		pfm_terminate();
	}
}

static void test_plugin_changed_between_init_and_first_use_is_refused(void)
{
	const char *log;
	fresh();
	put("lazy.yaml", block_fmt, "qk_lazy", 980, "");
	int r = init(&log);
	put("lazy.yaml", block_fmt, "qk_lazy", 980, ", default: true");
	int idx = tl_capture_call(find_lazy, &log);
	pfm_pmu_info_t pi;
	int ri = tl_pmu_info(980, &pi);
	TL_ASSERT(r == PFM_SUCCESS && idx < 0 && tl_log_has(log, "changed since pfm_initialize", NULL) &&
		  ri == PFM_ERR_NOTSUPP, "init=%d find=%d info=%d log:\n%s", r, idx, ri, log);
	pfm_terminate();
}

static int results[8];

static void *use_first(void *arg)
{
	int *out = arg;
	*out = pfm_find_event("qk_lazy::NIBBLES:CARROT");
	return NULL;
}

static void test_threads_using_a_lazy_plugin_first_at_once_all_find_its_events(void)
{
	const char *log;
	pthread_t th[8];
	fresh();
	put("lazy.yaml", block_fmt, "qk_lazy", 980, "");
	int r = init(&log);
	for (int i = 0; i < 8; i++)
		pthread_create(&th[i], NULL, use_first, &results[i]);
	int ok = 1;
	for (int i = 0; i < 8; i++) {
		pthread_join(th[i], NULL);
		ok &= results[i] >= 0 && results[i] == results[0];
	}
	TL_ASSERT(r == PFM_SUCCESS && ok, "init=%d, first thread's index %d", r, results[0]);
	pfm_terminate();
}

static const struct tl_test tests[] = {
	TL_TEST(test_plugin_is_detected_at_init_and_its_events_read_at_first_use),
	TL_TEST(test_lazy_plugin_encodes_as_the_same_plugin_read_whole),
	TL_TEST(test_plugin_with_a_malformed_event_is_refused_with_file_and_line_at_first_use),
	TL_TEST(test_plugin_changed_between_init_and_first_use_is_refused),
	TL_TEST(test_threads_using_a_lazy_plugin_first_at_once_all_find_its_events),
};

int plugin_lazy_register(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	tl_suite("lazy plugins", NULL, NULL, tests);
	return 0;
}
