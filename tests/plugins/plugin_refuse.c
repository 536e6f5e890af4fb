/*
 * SPDX-License-Identifier: MIT
 * tests/plugins/plugin_refuse.c - unusable plugin files are refused one by one, each with
 * a LIBPFM_VERBOSE message naming the file (file:line for parse errors) and
 * the reason, while pfm_initialize succeeds, every built-in PMU is exactly as
 * without plugins and the good plugin of the same directory works. The
 * directory is prepared by tests/plugins/run.sh (fixtures/plugins/bad, plus
 * the unsafe files it makes). A file the runner could not make (not root:
 * no foreign owner) has no test. A suite of test_public (tests/plugins/plugins.h). usage: test_public refuse DIR
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "capture.h"
#include "encode.h"
#include "env.h"
#include "info.h"
#include "suite.h"
#include "plugins.h"

/* file in DIR, what its line must also say (":line:" for parse errors), refused
 * before it is parsed (header), and the behaviour its test pins */
static const struct refusal {
	const char *file, *where, *reason;
	int header;
	const char *test;
} refused[] = {
	{ "syntax.yaml", ":18:", "did not find expected ',' or '}'", 0,
	  "test_plugin_with_a_yaml_syntax_error_is_refused_with_file_and_line" },
	{ "truncated.yaml", ":19:", "did not find expected ',' or '}'", 0,
	  "test_truncated_plugin_is_refused_with_file_and_line" },
	{ "schema2.yaml", ":2:", "schema version 2 is not supported", 1,
	  "test_plugin_of_schema_version_2_is_refused_with_file_and_line" },
	{ "unknown-key.yaml", ":14:", "unknown key 'dsec'", 0,
	  "test_plugin_with_unknown_key_is_refused_with_file_and_line" },
	{ "not-a-descriptor.yaml", ":2:", "not a PMU descriptor", 1,
	  "test_yaml_file_that_is_not_a_pmu_descriptor_is_refused_with_file_and_line" },
	{ "id-past-max.yaml", ":5:", "'id' out of range (max 4095): 4096", 0,
	  "test_plugin_with_an_id_past_the_last_pfm_pmu_t_is_refused_with_file_and_line" },
	{ "dup-id.yaml", "", "PMU id 202 is already used by 'glm'", 0,
	  "test_plugin_taking_a_builtin_pmu_id_is_refused" },
	{ "name-taken.yaml", "", "PMU 'glm' already exists", 0,
	  "test_plugin_taking_a_builtin_pmu_name_is_refused" },
	{ "override-id.yaml", "", "must keep its id 202", 1,
	  "test_override_with_another_id_than_the_builtin_is_refused" },
	{ "oversized.yaml", "", "too large", 1,
	  "test_plugin_file_over_the_size_limit_is_refused" },
	{ "group-writable.yaml", "", "writable by group or others", 1,
	  "test_group_writable_plugin_file_is_refused" },
	{ "other-writable.yaml", "", "writable by group or others", 1,
	  "test_world_writable_plugin_file_is_refused" },
	{ "foreign-owner.yaml", "", "owned by another user", 1,
	  "test_plugin_file_owned_by_another_user_is_refused" },
	{ "symlink.yaml", "", "a symbolic link", 1,
	  "test_plugin_file_that_is_a_symbolic_link_is_refused" },
	{ "directory.yaml", "", "a directory", 1,
	  "test_directory_named_like_a_plugin_is_refused" },
};
/* PMUs the refused or ignored files would have added */
static const char *const absent[] = {
	"qk_syntax", "qk_trunc", "qk_schema2", "qk_typo", "qk_idmax", "qk_dupid", "qk_gw", "qk_ow", "qk_fo",
	"qk_ln", "qk_hidden", "qk_yml",
};

/* what a program sees of every PMU: name, events, the encoding of its first event */
struct pmu_facts {
	char name[64];
	int nevents, enc;
	uint64_t code;
};
static struct pmu_facts base[PFM_PMU_MAX], cur[PFM_PMU_MAX];
static int nbase, ncur, base_init;

static const char *dir;
static int init_ret;
static char *init_log;

static int snapshot(struct pmu_facts *f)
{
	int n = 0;
	memset(f, 0, sizeof(base));
	for (int id = 0; id < PFM_PMU_MAX; id++) {
		pfm_pmu_info_t pi;
		pfm_event_info_t ei;
		if (tl_pmu_info(id, &pi) != PFM_SUCCESS)
			continue;
		n++;
		snprintf(f[id].name, sizeof(f[id].name), "%s", pi.name);
		f[id].nevents = pi.nevents;
		if (pi.first_event >= 0 && tl_event_info(pi.first_event, PFM_OS_NONE, &ei) == PFM_SUCCESS) {
			char ev[256];
			struct tl_none o;
			snprintf(ev, sizeof(ev), "%s::%s", pi.name, ei.name);
			f[id].enc = tl_none(ev, TL_PLM_UK, &o);
			f[id].code = o.codes[0];
		}
	}
	return n;
}

static int exists(const char *file)
{
	char p[4096];
	struct stat st;
	snprintf(p, sizeof(p), "%s/%s", dir, file);
	return !lstat(p, &st);
}

/* pfm_initialize under the environment set so far, LIBPFM_VERBOSE output kept */
static void init_logged(void)
{
	const char *log;
	tl_env("LIBPFM_VERBOSE", "1");
	init_ret = tl_capture_call(tl_init_and_describe, &log);
	free(init_log);
	init_log = strdup(log);
}

static int init_logged_end(void)
{
	pfm_terminate();
	free(init_log);
	init_log = NULL;
	return 0;
}

static void test_refused_plugin_file_is_named_with_its_reason(const void *data)
{
	const struct refusal *c = data;
	char where[4096];
	snprintf(where, sizeof(where), "%s/%s%s", dir, c->file, c->where);
	TL_ASSERT(tl_log_has(init_log, "libpfm: ", where, c->reason, NULL), "no line with '%s' and '%s' in:\n%s",
		  where, c->reason, init_log);
}

static void test_good_plugin_next_to_the_refused_ones_encodes(void)
{
	struct tl_none o;
	int r = tl_none("qk_q1::WIDGET_OPS:LOADS", PFM_PLM3, &o);
	TL_ASSERT(r == PFM_SUCCESS && o.codes[0] == 0x510142, "r=%d code=0x%llx", r, (unsigned long long)o.codes[0]);
}

/* ---- every file parsed: LIBPFM_ENCODE_INACTIVE, baseline first ---- */

static int all_files_init(void)
{
	tl_env_empty_host();
	tl_env("LIBPFM_ENCODE_INACTIVE", "1");
	base_init = pfm_initialize();
	nbase = snapshot(base);
	pfm_terminate();
	tl_env("LIBPFM_PLUGIN_PATH", dir);
	init_logged();
	ncur = snapshot(cur);
	return 0;
}

static void test_baseline_without_plugins_initialises(void)
{
	TL_ASSERT(base_init == PFM_SUCCESS && nbase > 10, "r=%d pmus=%d", base_init, nbase);
}

static void test_refused_plugin_files_leave_pfm_initialize_successful(void)
{
	TL_ASSERT(init_ret == PFM_SUCCESS, "r=%d", init_ret);
}

static void test_good_plugin_is_loaded(void)
{
	TL_ASSERT(tl_log_has(init_log, dir, "qk_q1.yaml: PMU qk_q1 loaded", NULL), "log:\n%s", init_log);
}

static void test_hidden_files_and_names_not_ending_in_yaml_are_not_looked_at(void)
{
	TL_ASSERT(!tl_log_has(init_log, ".hidden.yaml", NULL) && !tl_log_has(init_log, "other.yml", NULL),
		  "log:\n%s", init_log);
}

static void test_every_builtin_pmu_keeps_its_name_events_and_first_encoding(void)
{
	for (int id = 0; id < PFM_PMU_MAX; id++) {
		if (!base[id].name[0])
			continue;
		TL_ASSERT(!strcmp(base[id].name, cur[id].name) && base[id].nevents == cur[id].nevents &&
			  base[id].enc == cur[id].enc && base[id].code == cur[id].code,
			  "pmu %d: %s/%d/%d/0x%llx became %s/%d/%d/0x%llx", id, base[id].name, base[id].nevents,
			  base[id].enc, (unsigned long long)base[id].code, cur[id].name, cur[id].nevents,
			  cur[id].enc, (unsigned long long)cur[id].code);
	}
}

static void test_exactly_one_pmu_more_than_without_plugins_the_good_ones(void)
{
	TL_ASSERT(ncur == nbase + 1 && !base[990].name[0] && !strcmp(cur[990].name, "qk_q1"), "pmus %d vs %d",
		  ncur, nbase);
}

static void test_refused_or_ignored_file_adds_no_pmu(const void *data)
{
	char ev[128];
	snprintf(ev, sizeof(ev), "%s::NIBBLES", (const char *)data);
	TL_ASSERT(pfm_find_event(ev) == PFM_ERR_NOTFOUND, "%s found", ev);
}

/* ---- not every file parsed (forced PMU): the checks before parsing still refuse ---- */

static int peek_only_init(void)
{
	char path[4096];
	tl_env_empty_host();
	tl_env("LIBPFM_FORCE_PMU", "qk_q1");
	snprintf(path, sizeof(path), "/nonexistent/plugins::%s:", dir);
	tl_env("LIBPFM_PLUGIN_PATH", path);
	init_logged();
	return 0;
}

static void test_path_with_a_missing_directory_and_empty_entries_initialises(void)
{
	TL_ASSERT(init_ret == PFM_SUCCESS, "r=%d", init_ret);
}

static void add_refusals(CU_pSuite s, int header_only)
{
	for (size_t i = 0; i < sizeof(refused) / sizeof(refused[0]); i++) {
		if (header_only && !refused[i].header)
			continue;
		if (!exists(refused[i].file)) {
			printf("note: no test %s (the runner could not make %s)\n", refused[i].test, refused[i].file);
			continue;
		}
		tl_case_add(s, test_refused_plugin_file_is_named_with_its_reason, &refused[i], "%s[%s: %s]",
			    refused[i].test, refused[i].file, refused[i].reason);
	}
}

static const struct tl_test all_files[] = {
	TL_TEST(test_baseline_without_plugins_initialises),
	TL_TEST(test_refused_plugin_files_leave_pfm_initialize_successful),
	TL_TEST(test_good_plugin_is_loaded),
	TL_TEST(test_hidden_files_and_names_not_ending_in_yaml_are_not_looked_at),
	TL_TEST(test_every_builtin_pmu_keeps_its_name_events_and_first_encoding),
	TL_TEST(test_exactly_one_pmu_more_than_without_plugins_the_good_ones),
	TL_TEST(test_good_plugin_next_to_the_refused_ones_encodes),
};

static const struct tl_test peek_only[] = {
	TL_TEST(test_path_with_a_missing_directory_and_empty_entries_initialises),
	TL_TEST(test_good_plugin_next_to_the_refused_ones_encodes),
};

int plugin_refuse_register(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: %s DIR\n", "test_public refuse");
		return 2;
	}
	dir = argv[1];
	CU_pSuite s = tl_suite("every file parsed (LIBPFM_ENCODE_INACTIVE=1)", all_files_init, init_logged_end,
			       all_files);
	add_refusals(s, 0);
	for (size_t i = 0; i < sizeof(absent) / sizeof(absent[0]); i++)
		tl_case_add(s, test_refused_or_ignored_file_adds_no_pmu, absent[i],
			    "test_refused_or_ignored_file_adds_no_pmu[%s]", absent[i]);
	s = tl_suite("only peeked at (LIBPFM_FORCE_PMU=qk_q1)", peek_only_init, init_logged_end, peek_only);
	add_refusals(s, 1);
	return 0;
}
