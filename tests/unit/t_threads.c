/*
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
#include <sys/stat.h>
#include <unistd.h>
#include "ut.h"

#define NTHREADS 8
#define NROUNDS 200		/* pfm_initialize, then every thread encodes at once */
#define NCALLS 25
#define SYSFS_TYPE 21

static char root[64];

static int put_file(const char *rel, const char *text)
{
	char path[256], dir[256];
	snprintf(path, sizeof(path), "%s%s", root, rel);
	for (char *p = path + strlen(root) + 1; (p = strchr(p, '/')); p++) {
		snprintf(dir, sizeof(dir), "%.*s", (int)(p - path), path);
		mkdir(dir, 0755);
	}
	FILE *f = fopen(path, "w");
	if (!f)
		return -1;
	fputs(text, f);
	return fclose(f);
}

static void remove_tree(void)
{
	char cmd[128];
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
	if (root[0] && system(cmd) != 0)
		fprintf(stderr, "t_threads: could not remove %s\n", root);
}

static int threads_init(void)
{
	char type[16];
	strcpy(root, "/tmp/pmuplug-threads.XXXXXX");
	if (!mkdtemp(root))
		return -1;
	snprintf(type, sizeof(type), "%d\n", SYSFS_TYPE);
	if (put_file("/sys/bus/event_source/devices/utc_pmu/type", type))
		return -1;
	pfm_terminate();
	setenv("LIBPFM_SYSROOT", root, 1);
	setenv("LIBPFM_FORCE_PMU", "utc", 1);
	return pfm_initialize() == PFM_SUCCESS ? 0 : -1;
}

static int threads_fini(void)
{
	pfm_terminate();
	unsetenv("LIBPFM_SYSROOT");
	unsetenv("LIBPFM_FORCE_PMU");
	remove_tree();
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
		struct perf_event_attr attr;
		pfm_perf_encode_arg_t a;
		memset(&attr, 0, sizeof(attr));
		memset(&a, 0, sizeof(a));
		a.size = sizeof(a);
		a.attr = &attr;
		if (pfm_get_os_event_encoding("utc::ISSUE_SLOTS:RESOURCE_FULL", PLM_UK,
					      PFM_OS_PERF_EVENT_EXT, &a) != PFM_SUCCESS)
			w->failed++;
		else if (attr.type != SYSFS_TYPE)
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
	struct ut_perf o;
	CU_ASSERT_EQUAL(ut_perf("utc::ISSUE_SLOTS:RESOURCE_FULL", PLM_UK, PFM_OS_PERF_EVENT, &o), PFM_SUCCESS);
	CU_ASSERT_EQUAL(o.attr.type, SYSFS_TYPE);
}

void ut_add_threads(void)
{
	static const struct ut_test tests[] = {
		T(test_threads_encoding_at_once_all_get_the_sysfs_type),
		T(test_sysfs_type_is_known_before_the_first_encoding),
	};
	CU_pSuite s = CU_add_suite("threads", threads_init, threads_fini);
	for (size_t i = 0; i < sizeof(tests) / sizeof(tests[0]); i++)
		CU_add_test(s, tests[i].n, tests[i].f);
}
