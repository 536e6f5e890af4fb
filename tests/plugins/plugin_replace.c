/*
 * SPDX-License-Identifier: MIT
 * tests/plugins/plugin_replace.c - a plugin of a newer version replaces a built-in
 * multi-box uncore PMU, every box under its name and id
 * (tests/fixtures/plugins/replace/newer: bdw_unc_cbo0 with instances
 * bdw_unc_cbo1..3 at v999 over the built-in Broadwell C-boxes): no PMU is
 * added, the boxes whose kernel PMU the sysroot holds are present (the one
 * it lacks is not), their events are read at their first use, not at
 * pfm_initialize, and they encode the plugin's event (perf_events: the
 * attr.type of their kernel PMU) and no longer the built-in ones. An older version
 * (replace/older, v1) is ignored with both versions named under
 * LIBPFM_VERBOSE, the built-in boxes staying. A plugin replacing every PMU
 * of a built-in model (replace/priority: glm at v999, another
 * match_priority) is the host's best match: the replaced model does not
 * outrank it with its own priority. The suite's set-up runs the
 * initializations in turn (a sysroot made at run time with the kernel
 * PMUs uncore_cbox_0..2) and keeps what each saw; the tests compare them.
 * Suite of test_public (tests/plugins/plugins.h). usage: test_public replace NEWER_DIR OLDER_DIR PRIORITY_DIR
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "capture.h"
#include "encode.h"
#include "env.h"
#include "info.h"
#include "suite.h"
#include "tmpdir.h"
#include "plugins.h"

#define BDW_ID "GenuineIntel-6-3D-4"
#define NBOX 4
#define FIRST_BOX_ID 1407
#define BOX_TYPE0 40	/* the sysroot's uncore_cbox_<n>/type: 40 + n */
#define NEW_EVENT "bdw_unc_cbo2::UNC_CBO_FICTIONAL_WIDGETS"
#define OLD_EVENT "bdw_unc_cbo2::UNC_CBO_FICTIONAL_GADGETS"
#define BUILTIN_EVENT "bdw_unc_cbo1::UNC_CBO_CACHE_LOOKUP:ANY_I"

/* what one initialization saw */
struct facts {
	int init, npmus;
	int id[NBOX], present[NBOX];
	struct tl_none neu, old, builtin;
	struct tl_perf perf;
	char *log, *first_use;	/* pfm_initialize's verbose output; the first uses' */
};

static const char *newer_dir, *older_dir, *priority_dir, *sysroot;
/* built-in boxes; the newer plugin; the older plugin */
static struct facts base, newer, older;
/* glm replaced by a plugin of another priority */
static int glm_init, glm_id = -1, glm_present;
static struct tl_none glm_enc;
static char *glm_log;

static void gather(struct facts *f)
{
	tl_capture_begin();	/* the first uses: descriptions, then the first encoding */
	for (int id = 0; id < PFM_PMU_MAX; id++) {
		pfm_pmu_info_t pi;
		f->npmus += tl_pmu_info(id, &pi) == PFM_SUCCESS;
	}
	for (int i = 0; i < NBOX; i++) {
		char name[32];
		pfm_pmu_info_t pi;
		snprintf(name, sizeof(name), "bdw_unc_cbo%d", i);
		f->id[i] = tl_pmu_named(name, &pi);
		f->present[i] = pi.is_present;
	}
	tl_none(NEW_EVENT, TL_PLM_UK, &f->neu);
	f->first_use = strdup(tl_capture_end());
	tl_none(OLD_EVENT, TL_PLM_UK, &f->old);
	tl_none(BUILTIN_EVENT, TL_PLM_UK, &f->builtin);
	tl_perf(NEW_EVENT, TL_PLM_UK, PFM_OS_PERF_EVENT, &f->perf);
}

/* pfm_initialize on the Broadwell sysroot with the plugins of dir (NULL: none), gather the facts, pfm_terminate */
static void init_and_gather(const char *dir, struct facts *f)
{
	const char *log;
	memset(f, 0, sizeof(*f));
	tl_env_reset();
	tl_env("LIBPFM_SYSROOT", sysroot);
	tl_env("LIBPFM_CPUID", BDW_ID);
	tl_env("LIBPFM_PLUGIN_PATH", dir);
	tl_env("LIBPFM_VERBOSE", "1");
	f->init = tl_capture_call(pfm_initialize, &log);
	f->log = strdup(log);
	gather(f);
	pfm_terminate();
}

/* a sysroot whose kernel runs C-boxes 0..2 of the four (uncore_cbox_3 absent) */
static int make_sysroot(void)
{
	if (!(sysroot = tl_tmp_dir("replace")))
		return -1;
	for (int i = 0; i < NBOX - 1; i++) {
		char rel[128], type[16];
		snprintf(type, sizeof(type), "%d\n", BOX_TYPE0 + i);
		snprintf(rel, sizeof(rel), "sys/bus/event_source/devices/uncore_cbox_%d/type", i);
		if (tl_tmp_puts(sysroot, rel, type))
			return -1;
		snprintf(rel, sizeof(rel), "sys/bus/event_source/devices/uncore_cbox_%d/cpumask", i);
		if (tl_tmp_puts(sysroot, rel, "0\n"))
			return -1;
	}
	return 0;
}

static int inits(void)
{
	if (make_sysroot())
		return -1;
	init_and_gather(NULL, &base);
	init_and_gather(newer_dir, &newer);
	init_and_gather(older_dir, &older);
	const char *log;
	pfm_pmu_info_t pi;
	tl_env_empty_host();
	tl_env("LIBPFM_CPUID", "GenuineIntel-6-5C-9");
	tl_env("LIBPFM_PLUGIN_PATH", priority_dir);
	glm_init = tl_capture_call(pfm_initialize, &log);
	glm_log = strdup(log);
	glm_id = tl_pmu_named("glm", &pi);
	glm_present = pi.is_present;
	tl_none("glm::FICTIONAL_SPROCKETS", TL_PLM_UK, &glm_enc);
	pfm_terminate();
	return 0;
}

static int inits_free(void)
{
	struct facts *all[] = { &base, &newer, &older };
	for (size_t i = 0; i < sizeof(all) / sizeof(all[0]); i++) {
		free(all[i]->log);
		free(all[i]->first_use);
		all[i]->log = all[i]->first_use = NULL;
	}
	free(glm_log);
	glm_log = NULL;
	tl_tmp_remove_all();
	return 0;
}

static void test_builtin_boxes_have_consecutive_ids_and_present_where_the_kernel_runs_them(void)
{
	for (int i = 0; i < NBOX; i++)
		TL_ASSERT(base.init == PFM_SUCCESS && base.id[i] == FIRST_BOX_ID + i && base.present[i] == (i < NBOX - 1),
			  "box %d: init=%d id=%d present=%d", i, base.init, base.id[i], base.present[i]);
}

static void test_newer_multibox_plugin_replaces_every_box_with_a_verbose_message(void)
{
	for (int i = 0; i < NBOX; i++) {
		char want[96];
		snprintf(want, sizeof(want), "PMU 'bdw_unc_cbo%d' version v999 replaces the built-in one's (", i);
		TL_ASSERT(newer.init == PFM_SUCCESS && strstr(newer.log, want), "init=%d, no \"%s\" in:\n%s",
			  newer.init, want, newer.log);
	}
}

static void test_replaced_boxes_keep_their_names_and_ids_and_no_pmu_is_added(void)
{
	for (int i = 0; i < NBOX; i++)
		TL_ASSERT(newer.id[i] == base.id[i], "box %d: id %d, built-in %d", i, newer.id[i], base.id[i]);
	TL_ASSERT(newer.npmus == base.npmus, "%d PMUs, %d without the plugin", newer.npmus, base.npmus);
}

static void test_replaced_boxes_are_present_where_the_kernel_runs_them_only(void)
{
	for (int i = 0; i < NBOX; i++)
		TL_ASSERT(newer.present[i] == (i < NBOX - 1), "box %d: present=%d", i, newer.present[i]);
}

static void test_replaced_box_encodes_the_new_tables_event(void)
{
	TL_ASSERT(newer.neu.ret == PFM_SUCCESS && newer.neu.count == 1 && newer.neu.codes[0] == 0x299,
		  "ret=%d count=%d code=0x%llx", newer.neu.ret, newer.neu.count,
		  (unsigned long long)newer.neu.codes[0]);
}

static void test_replaced_boxes_events_are_read_at_their_first_use_not_at_initialization(void)
{
	const char *loaded = "events of PMU bdw_unc_cbo0 loaded";
	TL_ASSERT(!strstr(newer.log, loaded) && strstr(newer.first_use, loaded),
		  "init log:\n%s\nfirst uses' log:\n%s", newer.log, newer.first_use);
}

static void test_replaced_box_encodes_for_perf_events_with_its_kernel_pmus_type(void)
{
	TL_ASSERT(newer.perf.ret == PFM_SUCCESS && newer.perf.attr.type == BOX_TYPE0 + 2 &&
		  newer.perf.attr.config == 0x299, "ret=%d type=%u config=0x%llx", newer.perf.ret,
		  newer.perf.attr.type, (unsigned long long)newer.perf.attr.config);
}

static void test_replaced_box_no_longer_has_the_builtin_event(void)
{
	TL_ASSERT(base.builtin.ret == PFM_SUCCESS && newer.builtin.ret == PFM_ERR_NOTFOUND &&
		  base.neu.ret == PFM_ERR_NOTFOUND, "built-in event: %d then %d; new event without the plugin: %d",
		  base.builtin.ret, newer.builtin.ret, base.neu.ret);
}

static void test_older_multibox_plugin_is_ignored_with_both_versions_named(void)
{
	const char *want = "PMU 'bdw_unc_cbo0' version v1 is not newer than the built-in one's (";
	TL_ASSERT(older.init == PFM_SUCCESS && strstr(older.log, want) && strstr(older.log, "); ignored") &&
		  !strstr(older.log, "replaces the built-in"), "init=%d log:\n%s", older.init, older.log);
}

static void test_older_multibox_plugin_leaves_the_builtin_boxes(void)
{
	for (int i = 0; i < NBOX; i++)
		TL_ASSERT(older.id[i] == base.id[i] && older.present[i] == base.present[i], "box %d: id %d present %d",
			  i, older.id[i], older.present[i]);
	TL_ASSERT(older.npmus == base.npmus && older.builtin.ret == PFM_SUCCESS &&
		  older.builtin.codes[0] == base.builtin.codes[0] && older.old.ret == PFM_ERR_NOTFOUND,
		  "%d PMUs (%d), built-in event %d 0x%llx, older plugin's event %d", older.npmus, base.npmus,
		  older.builtin.ret, (unsigned long long)older.builtin.codes[0], older.old.ret);
}

static void test_plugin_replacing_a_whole_model_is_present_despite_the_replaced_models_priority(void)
{
	TL_ASSERT(glm_init == PFM_SUCCESS && glm_id == 202 && glm_present && glm_enc.ret == PFM_SUCCESS &&
		  glm_enc.codes[0] == 0x377, "init=%d id=%d present=%d enc=%d code=0x%llx log:\n%s", glm_init, glm_id,
		  glm_present, glm_enc.ret, (unsigned long long)glm_enc.codes[0], glm_log);
}

static const struct tl_test tests[] = {
	TL_TEST(test_builtin_boxes_have_consecutive_ids_and_present_where_the_kernel_runs_them),
	TL_TEST(test_newer_multibox_plugin_replaces_every_box_with_a_verbose_message),
	TL_TEST(test_replaced_boxes_keep_their_names_and_ids_and_no_pmu_is_added),
	TL_TEST(test_replaced_boxes_are_present_where_the_kernel_runs_them_only),
	TL_TEST(test_replaced_box_encodes_the_new_tables_event),
	TL_TEST(test_replaced_boxes_events_are_read_at_their_first_use_not_at_initialization),
	TL_TEST(test_replaced_box_encodes_for_perf_events_with_its_kernel_pmus_type),
	TL_TEST(test_replaced_box_no_longer_has_the_builtin_event),
	TL_TEST(test_older_multibox_plugin_is_ignored_with_both_versions_named),
	TL_TEST(test_older_multibox_plugin_leaves_the_builtin_boxes),
	TL_TEST(test_plugin_replacing_a_whole_model_is_present_despite_the_replaced_models_priority),
};

int plugin_replace_register(int argc, char **argv)
{
	if (argc != 4) {
		fprintf(stderr, "usage: %s NEWER_DIR OLDER_DIR PRIORITY_DIR\n", "test_public replace");
		return 2;
	}
	newer_dir = argv[1];
	older_dir = argv[2];
	priority_dir = argv[3];
	tl_suite("a newer multi-box plugin replacing built-in boxes", inits, inits_free, tests);
	return 0;
}
