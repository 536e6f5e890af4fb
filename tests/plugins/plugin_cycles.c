/*
 * SPDX-License-Identifier: MIT
 * tests/plugins/plugin_cycles.c - repeated pfm_initialize/pfm_terminate cycles with
 * plugins loaded, refused and overriding, in turn with none at all: every
 * cycle initialises and encodes as expected (so nothing of a previous cycle
 * survives: neither a plugin PMU's names nor its pfm_pmu_t id and event
 * indexes), and, run under valgrind or LeakSanitizer by run.sh, nothing
 * leaks. The suite's set-up runs the cycles and counts what went wrong.
 * A suite of test_public (tests/plugins/plugins.h). usage: test_public cycles N GOOD_DIR BAD_DIR OVERRIDE_DIR
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "encode.h"
#include "env.h"
#include "suite.h"
#include "plugins.h"

static int ncycles, bad_init, bad_enc, bad_ids;
static int qk_id = -1, qk_idx = -1;	/* qk_q1's pfm_pmu_t and an event index of it, when loaded */

/* with plugins: qk_q1's id and event index noted; without: neither answers */
static void check_ids(int with, int cycle)
{
	if (with) {
		pfm_event_info_t ei = { .size = sizeof(ei) };
		qk_idx = pfm_find_event("qk_q1::WIDGET_OPS");
		if (qk_idx < 0 || pfm_get_event_info(qk_idx, PFM_OS_NONE, &ei) != PFM_SUCCESS) {
			bad_ids++;
			printf("  cycle %d: qk_q1::WIDGET_OPS not found (%d)\n", cycle, qk_idx);
			return;
		}
		qk_id = (int)ei.pmu;
		return;
	}
	if (qk_id < 0)
		return;
	pfm_pmu_info_t pi = { .size = sizeof(pi) };
	pfm_event_info_t ei = { .size = sizeof(ei) };
	int rp = pfm_get_pmu_info((pfm_pmu_t)qk_id, &pi), re = pfm_get_event_info(qk_idx, PFM_OS_NONE, &ei);
	if ((rp == PFM_SUCCESS && pi.name && !strcmp(pi.name, "qk_q1")) || re == PFM_SUCCESS) {
		bad_ids++;
		printf("  cycle %d (without plugins): id %d still answers (%d, %s), event index 0x%x (%d)\n", cycle,
		       qk_id, rp, rp == PFM_SUCCESS && pi.name ? pi.name : "-", qk_idx, re);
	}
}
static char all_dirs[3 * 4096 + 4];

static int cycles(void)
{
	for (int i = 0; i < ncycles; i++) {
		int with = i % 2 == 0;	/* odd cycles: no plugins at all */
		struct tl_none q, g;
		tl_env_empty_host();
		tl_env("LIBPFM_ENCODE_INACTIVE", "1");
		tl_env("LIBPFM_PLUGIN_PATH", with ? all_dirs : NULL);
		int r = pfm_initialize();
		if (r != PFM_SUCCESS || pfm_initialize() != PFM_SUCCESS)	/* second call: no-op */
			bad_init++;
		int rq = tl_none("qk_q1::WIDGET_OPS:LOADS", PFM_PLM3, &q);
		int rg = tl_none("glm::ISSUE_SLOTS_NOT_CONSUMED:RESOURCE_FULL", TL_PLM_UK, &g);
		int ok = with ? rq == PFM_SUCCESS && q.codes[0] == 0x510142 && rg == PFM_SUCCESS &&
				(g.codes[0] & 0xff) == 0xee
			      : rq == PFM_ERR_NOTFOUND && rg == PFM_SUCCESS && (g.codes[0] & 0xff) == 0xca;
		if (!ok) {
			bad_enc++;
			printf("  cycle %d (%s plugins): qk_q1 %d 0x%llx, glm %d 0x%llx\n", i,
			       with ? "with" : "without", rq, (unsigned long long)q.codes[0], rg,
			       (unsigned long long)g.codes[0]);
		}
		check_ids(with, i);
		pfm_terminate();
		pfm_terminate();	/* second call: no-op */
	}
	return 0;
}

static void test_pfm_initialize_succeeds_in_every_cycle(void)
{
	TL_ASSERT(ncycles > 0 && !bad_init, "%d of %d cycles failed", bad_init, ncycles);
}

static void test_plugin_and_override_are_there_exactly_in_the_cycles_that_load_them(void)
{
	TL_ASSERT(ncycles > 0 && !bad_enc, "%d of %d cycles encoded wrongly", bad_enc, ncycles);
}

static void test_a_plugin_pmu_id_and_event_index_answer_only_in_the_cycles_that_load_it(void)
{
	TL_ASSERT(ncycles > 1 && qk_id > 0 && !bad_ids, "%d of %d cycles wrong (id %d)", bad_ids, ncycles, qk_id);
}

static void test_library_answers_PFM_ERR_NOINIT_after_pfm_terminate(void)
{
	struct tl_none o;
	int r = tl_none("qk_q1::WIDGET_OPS", PFM_PLM3, &o);
	TL_ASSERT(r == PFM_ERR_NOINIT, "r=%d", r);
}

static const struct tl_test tests[] = {
	TL_TEST(test_pfm_initialize_succeeds_in_every_cycle),
	TL_TEST(test_plugin_and_override_are_there_exactly_in_the_cycles_that_load_them),
	TL_TEST(test_a_plugin_pmu_id_and_event_index_answer_only_in_the_cycles_that_load_it),
	TL_TEST(test_library_answers_PFM_ERR_NOINIT_after_pfm_terminate),
};

int plugin_cycles_register(int argc, char **argv)
{
	if (argc != 5) {
		fprintf(stderr, "usage: %s N GOOD_DIR BAD_DIR OVERRIDE_DIR\n", "test_public cycles");
		return 2;
	}
	ncycles = atoi(argv[1]);
	snprintf(all_dirs, sizeof(all_dirs), "%s:%s:%s", argv[2], argv[3], argv[4]);
	tl_suite("init/terminate cycles, with plugins every other one", cycles, NULL, tests);
	return 0;
}
