/*
 * SPDX-License-Identifier: MIT
 * tests/plugins/plugin_override.c - a plugin with `override: true`, the name and the id of
 * a built-in PMU (glm, made by mkoverride.py with ISSUE_SLOTS_NOT_CONSUMED's
 * code 0xca changed to 0xee) replaces that PMU: its event encodes with the
 * new code, the rest of the PMU is unchanged, no PMU is added, detection
 * still works, and the built-in comes back once the plugin is gone. The
 * suite's set-up runs the five initializations in turn and keeps what each saw;
 * the tests compare them. A suite of test_public (tests/plugins/plugins.h).
 * usage: test_public override PLUGIN_DIR (holding the glm override)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "capture.h"
#include "encode.h"
#include "env.h"
#include "info.h"
#include "suite.h"
#include "plugins.h"

#define GLM 202
#define EVENT "glm::ISSUE_SLOTS_NOT_CONSUMED:RESOURCE_FULL"
#define OTHER "glm::INST_RETIRED:ANY_P"

/* what one initialization saw */
struct facts {
	int init, enc, other_enc, npmus, nevents, present, validate;
	uint64_t code, other, info_code;
	char *log;
};

static const char *plugin_dir;
/* built-in; overridden; built-in again; override not present; override detected */
static struct facts base, ov, back, inact, det;

static void gather(struct facts *f)
{
	struct tl_none o;
	f->enc = tl_none(EVENT, TL_PLM_UK, &o);
	f->code = o.codes[0];
	f->other_enc = tl_none(OTHER, TL_PLM_UK, &o);
	f->other = o.codes[0];
	for (int id = 0; id < PFM_PMU_MAX; id++) {
		pfm_pmu_info_t pi;
		if (tl_pmu_info(id, &pi) != PFM_SUCCESS)
			continue;
		f->npmus++;
		if (id == GLM) {
			f->nevents = pi.nevents;
			f->present = pi.is_present;
		}
	}
	pfm_event_info_t ei;
	int idx = pfm_find_event(EVENT);
	if (idx >= 0 && tl_event_info(idx, PFM_OS_NONE, &ei) == PFM_SUCCESS)
		f->info_code = ei.code;
	FILE *devnull = fopen("/dev/null", "w");
	f->validate = pfm_pmu_validate(GLM, devnull);
	if (devnull)
		fclose(devnull);
}

/* pfm_initialize with these plugins, forced PMU, identity and LIBPFM_ENCODE_INACTIVE, gather the facts, pfm_terminate */
static void init_and_gather(const char *dir, const char *force, const char *cpuid, int inactive, struct facts *f)
{
	const char *log;
	memset(f, 0, sizeof(*f));
	tl_env_empty_host();
	tl_env("LIBPFM_PLUGIN_PATH", dir);
	tl_env("LIBPFM_FORCE_PMU", force);
	tl_env("LIBPFM_CPUID", cpuid);
	tl_env("LIBPFM_ENCODE_INACTIVE", inactive ? "1" : NULL);
	tl_env("LIBPFM_VERBOSE", "1");
	f->init = tl_capture_call(pfm_initialize, &log);
	f->log = strdup(log);
	gather(f);
	pfm_terminate();
}

static int inits(void)
{
	init_and_gather(NULL, "glm", NULL, 0, &base);
	init_and_gather(plugin_dir, "glm", NULL, 0, &ov);
	init_and_gather(NULL, "glm", NULL, 0, &back);
	init_and_gather(plugin_dir, NULL, "AuthenticAMD-25-1-0", 1, &inact);	/* a Zen 3 host: glm not present */
	init_and_gather(plugin_dir, NULL, "GenuineIntel-6-5C-9", 0, &det);
	return 0;
}

static int inits_free(void)
{
	struct facts *all[] = { &base, &ov, &back, &inact, &det };
	for (size_t i = 0; i < sizeof(all) / sizeof(all[0]); i++) {
		free(all[i]->log);
		all[i]->log = NULL;
	}
	return 0;
}

static void test_builtin_glm_event_has_code_0xca(void)
{
	TL_ASSERT(base.init == PFM_SUCCESS && base.enc == PFM_SUCCESS && (base.code & 0xff) == 0xca &&
		  base.info_code == 0xca, "init=%d enc=%d code=0x%llx info=0x%llx", base.init, base.enc,
		  (unsigned long long)base.code, (unsigned long long)base.info_code);
}

static void test_verbose_output_says_the_plugin_file_replaced_builtin_glm(void)
{
	TL_ASSERT(tl_log_has(ov.log, "glm.yaml", "PMU 'glm' overrides the built-in one", NULL), "log:\n%s", ov.log);
}

static void test_override_initialises(void)
{
	TL_ASSERT(ov.init == PFM_SUCCESS, "r=%d", ov.init);
}

static void test_overridden_event_encodes_with_the_plugin_code_0xee_other_bits_unchanged(void)
{
	TL_ASSERT(ov.enc == PFM_SUCCESS && ov.code == ((base.code & ~0xffull) | 0xee),
		  "enc=%d code=0x%llx base=0x%llx", ov.enc, (unsigned long long)ov.code,
		  (unsigned long long)base.code);
}

static void test_overridden_event_info_reports_code_0xee(void)
{
	TL_ASSERT(ov.info_code == 0xee, "code=0x%llx", (unsigned long long)ov.info_code);
}

static void test_another_event_of_the_overridden_pmu_keeps_its_encoding(void)
{
	TL_ASSERT(ov.other_enc == PFM_SUCCESS && ov.other == base.other, "enc=%d 0x%llx vs 0x%llx",
		  ov.other_enc, (unsigned long long)ov.other, (unsigned long long)base.other);
}

static void test_override_adds_no_pmu_keeps_the_event_count_and_forced_glm_present(void)
{
	TL_ASSERT(ov.npmus == base.npmus && ov.nevents == base.nevents && ov.present,
		  "pmus %d/%d events %d/%d present %d", ov.npmus, base.npmus, ov.nevents, base.nevents,
		  ov.present);
}

static void test_pfm_pmu_validate_accepts_the_replaced_table(void)
{
	TL_ASSERT(ov.validate == PFM_SUCCESS, "r=%d", ov.validate);
}

static void test_builtin_code_0xca_is_back_after_terminate_and_init_without_the_plugin(void)
{
	TL_ASSERT(back.enc == PFM_SUCCESS && back.code == base.code && back.info_code == 0xca, "code=0x%llx",
		  (unsigned long long)back.code);
}

static void test_override_applies_under_encode_inactive_on_a_zen3_host_with_glm_not_present(void)
{
	TL_ASSERT(inact.enc == PFM_SUCCESS && inact.code == ov.code && !inact.present,
		  "enc=%d code=0x%llx present=%d", inact.enc, (unsigned long long)inact.code, inact.present);
}

static void test_glm_identity_detects_the_override_present_with_code_0xee(void)
{
	TL_ASSERT(det.init == PFM_SUCCESS && det.present && det.enc == PFM_SUCCESS && det.code == ov.code &&
		  tl_log_has(det.log, "PMU glm detected", NULL), "present=%d enc=%d code=0x%llx log:\n%s",
		  det.present, det.enc, (unsigned long long)det.code, det.log);
}

static const struct tl_test tests[] = {
	TL_TEST(test_builtin_glm_event_has_code_0xca),
	TL_TEST(test_verbose_output_says_the_plugin_file_replaced_builtin_glm),
	TL_TEST(test_override_initialises),
	TL_TEST(test_overridden_event_encodes_with_the_plugin_code_0xee_other_bits_unchanged),
	TL_TEST(test_overridden_event_info_reports_code_0xee),
	TL_TEST(test_another_event_of_the_overridden_pmu_keeps_its_encoding),
	TL_TEST(test_override_adds_no_pmu_keeps_the_event_count_and_forced_glm_present),
	TL_TEST(test_pfm_pmu_validate_accepts_the_replaced_table),
	TL_TEST(test_builtin_code_0xca_is_back_after_terminate_and_init_without_the_plugin),
	TL_TEST(test_override_applies_under_encode_inactive_on_a_zen3_host_with_glm_not_present),
	TL_TEST(test_glm_identity_detects_the_override_present_with_code_0xee),
};

int plugin_override_register(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: %s PLUGIN_DIR\n", "test_public override");
		return 2;
	}
	plugin_dir = argv[1];
	tl_suite("override of built-in glm", inits, inits_free, tests);
	return 0;
}
