/*
 * plugin_detect.c - whatever the layout of a plugin file (block, indentless,
 * flow, CRLF, comments, schema last, more match patterns than the peek
 * keeps: tests/fixtures/plugins/peek), the quick look at start-up loads it
 * exactly when it can matter: its last match pattern's identity makes it
 * present, an identity it does not match leaves it unloaded unless it says
 * `override` or has patterns the peek did not keep (then the file is read in
 * full, and the PMU is loaded but not present). usage: plugin_detect DIR
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ptest.h"

static const struct { const char *pmu; int id; const char *cpuid; int loaded; } cases[] = {
	{ "qk_indentless", 970, "QuokkaSemi-8-01-0", 1 },
	{ "qk_ordered", 971, "QuokkaSemi-7-31-2", 1 },
	{ "qk_crlf", 972, "QuokkaSemi-7-47", 0 },
	{ "qk_flow", 973, "QuokkaSemi-7-50-1", 0 },
	{ "qk_many", 974, "QuokkaSemi-9-0A-0", 1 },	/* the 10th pattern */
	{ "qk_tab", 976, "QuokkaSemi-7-6#", 0 },	/* not an x86 shape: matched as a regex */
};

static int info(int id, pfm_pmu_info_t *pi)
{
	memset(pi, 0, sizeof(*pi));
	pi->size = sizeof(*pi);
	return pfm_get_pmu_info(id, pi);
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: %s DIR\n", argv[0]);
		return 2;
	}
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char name[256], *log;
		pfm_pmu_info_t pi;
		pt_env_reset();
		pt_env("LIBPFM_PLUGIN_PATH", argv[1]);
		pt_env("LIBPFM_CPUID", cases[i].cpuid);
		int r = pt_init_logged(&log);
		int ri = info(cases[i].id, &pi);
		snprintf(name, sizeof(name), "%s: LIBPFM_CPUID=%s makes it present", cases[i].pmu, cases[i].cpuid);
		pt_check(name, r == PFM_SUCCESS && ri == PFM_SUCCESS && pi.is_present &&
			 !strcmp(pi.name, cases[i].pmu), "init=%d info=%d present=%d log:\n%s", r, ri,
			 pi.is_present, log);
		free(log);
		pfm_terminate();

		pt_env("LIBPFM_CPUID", "QuokkaSemi-1-00");
		r = pfm_initialize();
		ri = info(cases[i].id, &pi);
		snprintf(name, sizeof(name), "%s: an identity it does not match %s", cases[i].pmu,
			 cases[i].loaded ? "still loads it, not present" : "leaves it unloaded");
		pt_check(name, r == PFM_SUCCESS && (cases[i].loaded ? ri == PFM_SUCCESS && !pi.is_present
							      : ri == PFM_ERR_NOTSUPP),
			 "init=%d info=%d present=%d", r, ri, pi.is_present);
		pfm_terminate();
	}
	return pt_summary("plugin_detect");
}
