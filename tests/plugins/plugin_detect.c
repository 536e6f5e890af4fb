/*
 * SPDX-License-Identifier: MIT
 * tests/plugins/plugin_detect.c - whatever the layout of a plugin file (block, indentless,
 * flow, CRLF, comments, schema last, more match patterns than the peek
 * keeps: tests/fixtures/plugins/peek), the quick look at start-up loads it
 * exactly when it can matter: its last match pattern's identity makes it
 * present, an identity it does not match leaves it unloaded unless it says
 * `override` or has patterns the peek did not keep (then the file is read in
 * full, and the PMU is loaded but not present). Two tests per layout, each
 * its own pfm_initialize and pfm_terminate. A suite of test_public (tests/plugins/plugins.h). usage: test_public detect DIR
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "capture.h"
#include "env.h"
#include "info.h"
#include "suite.h"
#include "plugins.h"

static const struct layout { const char *pmu; int id; const char *cpuid; int loaded; } cases[] = {
	{ "qk_indentless", 970, "QuokkaSemi-8-01-0", 1 },
	{ "qk_ordered", 971, "QuokkaSemi-7-31-2", 1 },
	{ "qk_crlf", 972, "QuokkaSemi-7-47", 0 },
	{ "qk_flow", 973, "QuokkaSemi-7-50-1", 0 },
	{ "qk_many", 974, "QuokkaSemi-9-0A-0", 1 },	/* the 10th pattern */
	{ "qk_tab", 976, "QuokkaSemi-7-6#", 0 },	/* not an x86 shape: matched as a regex */
};

static const char *dir;

static void start(const char *cpuid)
{
	tl_env_empty_host();
	tl_env("LIBPFM_PLUGIN_PATH", dir);
	tl_env("LIBPFM_CPUID", cpuid);
}

static void test_plugin_is_present_under_the_identity_of_its_last_pattern(const void *data)
{
	const struct layout *c = data;
	const char *log;
	pfm_pmu_info_t pi;
	start(c->cpuid);
	tl_env("LIBPFM_VERBOSE", "1");
	int r = tl_capture_call(pfm_initialize, &log);
	int ri = tl_pmu_info(c->id, &pi);
	TL_ASSERT(r == PFM_SUCCESS && ri == PFM_SUCCESS && pi.is_present && !strcmp(pi.name, c->pmu),
		  "init=%d info=%d present=%d log:\n%s", r, ri, pi.is_present, log);
	pfm_terminate();
}

static void test_plugin_is_loaded_not_present_or_left_unloaded_under_another_identity(const void *data)
{
	const struct layout *c = data;
	pfm_pmu_info_t pi;
	start("QuokkaSemi-1-00");
	int r = pfm_initialize();
	int ri = tl_pmu_info(c->id, &pi);
	TL_ASSERT(r == PFM_SUCCESS && (c->loaded ? ri == PFM_SUCCESS && !pi.is_present : ri == PFM_ERR_NOTSUPP),
		  "init=%d info=%d present=%d, want %s", r, ri, pi.is_present,
		  c->loaded ? "loaded, not present" : "not loaded");
	pfm_terminate();
}

int plugin_detect_register(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: %s DIR\n", "test_public detect");
		return 2;
	}
	dir = argv[1];
	CU_pSuite s = tl_suite_add("plugin file layouts", NULL, NULL, NULL, 0);
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		tl_case_add(s, test_plugin_is_present_under_the_identity_of_its_last_pattern, &cases[i],
			    "test_plugin_is_present_under_the_identity_of_its_last_pattern[%s: LIBPFM_CPUID=%s]",
			    cases[i].pmu, cases[i].cpuid);
		tl_case_add(s, test_plugin_is_loaded_not_present_or_left_unloaded_under_another_identity, &cases[i],
			    "%s[%s]", cases[i].loaded ? "test_plugin_read_in_full_is_loaded_not_present_under_another_identity"
						      : "test_plugin_is_left_unloaded_under_an_identity_it_does_not_match",
			    cases[i].pmu);
	}
	return 0;
}
