/*
 * SPDX-License-Identifier: MIT
 * tests/plugins/plugin_limits.c - plugins past the loader's limits (alias expansion,
 * nesting, events per plugin, file size; man3/pmuplug_plugins.3) are
 * refused promptly with file:line and the reason under LIBPFM_VERBOSE, and
 * a good plugin beside them still loads; a large legitimate plugin within
 * the limits loads. Every file is generated here, under a temporary
 * directory. A suite of test_public (tests/plugins/plugins.h). usage: test_public limits
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "capture.h"
#include "encode.h"
#include "env.h"
#include "info.h"
#include "suite.h"
#include "tmpdir.h"
#include "watchdog.h"
#include "plugins.h"

/* growing text a generator writes into */
struct text {
	char *s;
	size_t len, cap;
};

static void add(struct text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void add(struct text *t, const char *fmt, ...)
{
	va_list ap;
	for (;;) {
		va_start(ap, fmt);
		int n = vsnprintf(t->s ? t->s + t->len : NULL, t->s ? t->cap - t->len : 0, fmt, ap);
		va_end(ap);
		if (n >= 0 && t->s && (size_t)n < t->cap - t->len) {
			t->len += (size_t)n;
			return;
		}
		size_t need = t->len + (size_t)(n < 0 ? 0 : n) + 1;
		t->cap = t->cap ? t->cap * 2 : 4096;
		while (t->cap < need)
			t->cap *= 2;
		t->s = realloc(t->s, t->cap);
		if (!t->s)
			abort();
	}
}

static void header(struct text *t, const char *name, int id)
{
	add(t, "schema: 1\npmu:\n  name: %s\n  id: %d\n  desc: generated test PMU\n  type: core\n"
	       "  arch: x86\n  format:\n    event: config:0-15\n    umask: config:16-23\nevents:\n", name, id);
}

/* one anchored list of umasks, every event reusing it: each reuse is walked again */
static void gen_alias_fanout(struct text *t, int nevents, int numasks)
{
	header(t, "qk_fanout", 961);
	for (int e = 0; e < nevents; e++) {
		add(t, "  - name: EV%d\n    desc: d\n    set: {event: %d}\n    umasks:", e, e & 0xffff);
		if (e) {
			add(t, " *u\n");
			continue;
		}
		add(t, " &u\n");
		for (int u = 0; u < numasks; u++)
			add(t, "      - {name: U%d, desc: d, set: {umask: %d}}\n", u, u & 0xff);
	}
}

/* the classic nested aliases: level i is a list of ten level i-1 */
static void gen_nested_aliases(struct text *t, int levels)
{
	header(t, "qk_laughs", 962);
	add(t, "  - name: EV\n    desc: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n");
	for (int i = 1; i < levels; i++)
		add(t, "    x%d: &l%d [*l%d, *l%d, *l%d, *l%d, *l%d, *l%d, *l%d, *l%d, *l%d, *l%d]\n",
		    i, i, i - 1, i - 1, i - 1, i - 1, i - 1, i - 1, i - 1, i - 1, i - 1, i - 1);
}

static void gen_cycle(struct text *t)
{
	header(t, "qk_cycle", 963);
	add(t, "  - &e\n    name: EV\n    desc: d\n    set: {event: 1}\n    umasks: [*e]\n");
}

static void gen_deep(struct text *t, int depth)
{
	header(t, "qk_deep", 964);
	add(t, "  - name: EV\n    desc: d\n    set: {event: 1}\n    umasks: ");
	for (int i = 0; i < depth; i++)
		add(t, "[");
	for (int i = 0; i < depth; i++)
		add(t, "]");
	add(t, "\n");
}

static void gen_events(struct text *t, const char *name, int id, int nevents)
{
	header(t, name, id);
	for (int e = 0; e < nevents; e++)
		add(t, "  - name: EV%d\n    desc: event number %d of a large generated plugin\n"
		       "    set: {event: %d}\n    umasks:\n      - {name: A, desc: a, set: {umask: 1}}\n"
		       "      - {name: B, desc: b, set: {umask: 2}}\n", e, e, e & 0xffff);
}

static const char *dir;
static char *init_log;
static int init_ret;
static double init_secs;

static void put(const char *rel, struct text *t)
{
	if (tl_tmp_put(dir, rel, t->s, t->len))
		abort();
	free(t->s);
	memset(t, 0, sizeof(*t));
}

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* pfm_initialize over the generated directory, logged; 20 s at most (an unbounded loader took minutes) */
static int init_all(void)
{
	struct text t = { 0 };
	dir = tl_tmp_dir("limits");
	if (!dir)
		return -1;
	gen_alias_fanout(&t, 3000, 2000);	/* about 140 KB, 6 million umasks once expanded */
	put("fanout.yaml", &t);
	gen_nested_aliases(&t, 9);		/* 10^9 scalars once expanded */
	put("laughs.yaml", &t);
	gen_cycle(&t);
	put("cycle.yaml", &t);
	gen_deep(&t, 40);
	put("deep.yaml", &t);
	gen_events(&t, "qk_many", 965, 16385);	/* one event past the limit */
	put("many.yaml", &t);
	gen_events(&t, "qk_large", 966, 16000);	/* about 3 MB, within every limit */
	put("large.yaml", &t);
	char path[4096];
	if (!tl_tmp_path(path, sizeof(path), dir, "huge.yaml") || tl_tmp_puts(dir, "huge.yaml", "schema: 1\n") ||
	    truncate(path, (8 << 20) + 1))
		return -1;
	tl_env_empty_host();
	tl_env("LIBPFM_ENCODE_INACTIVE", "1");
	tl_env("LIBPFM_VERBOSE", "1");
	tl_env("LIBPFM_PLUGIN_PATH", dir);
	const char *log;
	tl_watchdog(20, "pfm_initialize on plugins past the limits");
	double t0 = now();
	init_ret = tl_capture_call(tl_init_and_describe, &log);
	init_secs = now() - t0;
	tl_watchdog(0, NULL);
	init_log = strdup(log);
	return 0;
}

static int end_all(void)
{
	pfm_terminate();
	free(init_log);
	tl_env_reset();
	return 0;
}

static void refused(const char *file, const char *where, const char *reason)
{
	TL_ASSERT(tl_log_has(init_log, "plugin refused: ", file, where, reason, NULL),
		  "no line with %s%s and '%s' in:\n%s", file, where, reason, init_log);
}

static void test_pfm_initialize_succeeds_within_seconds_despite_the_plugins(void)
{
	TL_ASSERT(init_ret == PFM_SUCCESS, "pfm_initialize: %d", init_ret);
	TL_ASSERT(init_secs < 10, "pfm_initialize took %.1f s", init_secs);
}

static void test_plugin_reusing_an_alias_thousands_of_times_is_refused_with_file_and_line(void)
{
	refused("fanout.yaml", ":", "aliases expand to more than");
}

static void test_plugin_of_nested_aliases_is_refused_with_file_and_line(void)
{
	refused("laughs.yaml", ":", "aliases expand to more than");
}

static void test_plugin_whose_alias_contains_itself_is_refused(void)
{
	refused("cycle.yaml", ":", "an alias refers to a collection that contains it");
}

static void test_plugin_nested_deeper_than_the_limit_is_refused(void)
{
	refused("deep.yaml", ":", "nested deeper than");
}

static void test_plugin_with_more_events_than_the_limit_is_refused(void)
{
	refused("many.yaml", ":", "too many events (16385, the limit is 16384)");
}

static void test_plugin_file_over_8_mib_is_refused_before_it_is_read(void)
{
	refused("huge.yaml", "", "file too large (8388609 bytes, the limit is 8388608)");
}

static void test_large_plugin_within_the_limits_loads_and_encodes(void)
{
	TL_ASSERT(tl_log_has(init_log, "large.yaml: PMU qk_large loaded", NULL), "log:\n%s", init_log);
	struct tl_none o;
	int r = tl_none("qk_large::EV15999:B", PFM_PLM3, &o);
	TL_ASSERT(r == PFM_SUCCESS && o.count == 1 && o.codes[0] == ((2u << 16) | (15999 & 0xffff)),
		  "qk_large::EV15999:B: %d count %d code %#llx", r, o.count, (unsigned long long)o.codes[0]);
}

static void test_builtin_pmus_still_encode(void)
{
	struct tl_none o;
	int r = tl_none("skl::INST_RETIRED:ANY_P", PFM_PLM3, &o);
	TL_ASSERT(r == PFM_SUCCESS && o.count == 1, "skl::INST_RETIRED:ANY_P: %d", r);
}

static const struct tl_test tests[] = {
	TL_TEST(test_pfm_initialize_succeeds_within_seconds_despite_the_plugins),
	TL_TEST(test_plugin_reusing_an_alias_thousands_of_times_is_refused_with_file_and_line),
	TL_TEST(test_plugin_of_nested_aliases_is_refused_with_file_and_line),
	TL_TEST(test_plugin_whose_alias_contains_itself_is_refused),
	TL_TEST(test_plugin_nested_deeper_than_the_limit_is_refused),
	TL_TEST(test_plugin_with_more_events_than_the_limit_is_refused),
	TL_TEST(test_plugin_file_over_8_mib_is_refused_before_it_is_read),
	TL_TEST(test_large_plugin_within_the_limits_loads_and_encodes),
	TL_TEST(test_builtin_pmus_still_encode),
};

int plugin_limits_register(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	tl_suite("plugin limits", init_all, end_all, tests);
	return 0;
}
