/*
 * SPDX-License-Identifier: MIT
 * t_threads.c - encoding from several threads at once after pfm_initialize
 * gives every thread the same answer: attr.type is read from sysfs during
 * pfm_initialize, not lazily on first use. utc names the sysfs PMU utc_pmu,
 * whose `type` file a temporary sysroot gives the value 21.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ut.h"

#define NTHREADS 8
#define NROUNDS 200		/* pfm_initialize, then every thread encodes at once */
#define NCALLS 25
#define SYSFS_TYPE 21

static const char *root;

static int threads_init(void)
{
	char type[16];
	snprintf(type, sizeof(type), "%d\n", SYSFS_TYPE);
	root = tl_tmp_dir("threads");
	if (!root || tl_tmp_puts(root, "sys/bus/event_source/devices/utc_pmu/type", type))
		return -1;
	pfm_terminate();
	tl_env("LIBPFM_SYSROOT", root);
	tl_env("LIBPFM_FORCE_PMU", "utc");
	return pfm_initialize() == PFM_SUCCESS ? 0 : -1;
}

static int threads_fini(void)
{
	pfm_terminate();
	tl_env("LIBPFM_SYSROOT", TL_EMPTY_SYSROOT);	/* back to the suites' host */
	tl_env("LIBPFM_FORCE_PMU", NULL);
	tl_tmp_remove(root);
	return pfm_initialize() == PFM_SUCCESS ? 0 : -1;
}

struct worker {
	pthread_t t;
	pthread_barrier_t *start;
	int wrong_type, failed;
};

static void *encode_many(void *arg)
{
	struct worker *w = arg;
	pthread_barrier_wait(w->start);
	for (int i = 0; i < NCALLS; i++) {
		struct tl_perf o;
		if (tl_perf("utc::ISSUE_SLOTS:RESOURCE_FULL", TL_PLM_UK, PFM_OS_PERF_EVENT_EXT, &o) != PFM_SUCCESS)
			w->failed++;
		else if (o.attr.type != SYSFS_TYPE)
			w->wrong_type++;
	}
	return NULL;
}

static void test_threads_encoding_at_once_all_get_the_sysfs_type(void)
{
	int wrong = 0, failed = 0;
	for (int r = 0; r < NROUNDS; r++) {
		struct worker w[NTHREADS];
		pthread_barrier_t start;
		pfm_terminate();
		CU_ASSERT_EQUAL_FATAL(pfm_initialize(), PFM_SUCCESS);
		memset(w, 0, sizeof(w));
		pthread_barrier_init(&start, NULL, NTHREADS);
		for (int i = 0; i < NTHREADS; i++) {
			w[i].start = &start;
			CU_ASSERT_EQUAL_FATAL(pthread_create(&w[i].t, NULL, encode_many, &w[i]), 0);
		}
		for (int i = 0; i < NTHREADS; i++) {
			pthread_join(w[i].t, NULL);
			wrong += w[i].wrong_type;
			failed += w[i].failed;
		}
		pthread_barrier_destroy(&start);
	}
	if (wrong)
		fprintf(stderr, "threads: %d of %d encodings got another attr.type\n", wrong,
			NROUNDS * NTHREADS * NCALLS);
	CU_ASSERT_EQUAL(failed, 0);
	CU_ASSERT_EQUAL(wrong, 0);
}

static void test_sysfs_type_is_known_before_the_first_encoding(void)
{
	struct tl_perf o;
	CU_ASSERT_EQUAL(tl_perf("utc::ISSUE_SLOTS:RESOURCE_FULL", TL_PLM_UK, PFM_OS_PERF_EVENT, &o), PFM_SUCCESS);
	CU_ASSERT_EQUAL(o.attr.type, SYSFS_TYPE);
}

void ut_add_threads(void)
{
	static const struct tl_test tests[] = {
		TL_TEST(test_threads_encoding_at_once_all_get_the_sysfs_type),
		TL_TEST(test_sysfs_type_is_known_before_the_first_encoding),
	};
	tl_suite("threads", threads_init, threads_fini, tests);
}
