/*
 * SPDX-License-Identifier: MIT
 * suite.c - CUnit registration and the run of every C test program
 * (suite.h). Output, one line per test so that a log shows each behaviour:
 *   Suite: <suite>
 *   ok     <test>
 *   FAILED <test>
 *       1. file:line  - condition
 *       note: <why>
 * then CUnit's run summary, its rows unindented (tests/run-cunit.sh reads
 * the "tests" row: total, ran, passed, failed, inactive), and the report
 * line of report.h.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <CUnit/TestRun.h>
#include "report.h"
#include "suite.h"

struct tl_case {
	CU_pTest test;
	void (*fn)(const void *);
	const void *data;
};
static struct tl_case *cases;
static size_t ncases, cases_cap, next_case;
static char *notes;
static size_t notes_len;

static void die(const char *what, const char *name)
{
	fprintf(stderr, "tests/lib: %s '%s': %s\n", what, name, CU_get_error_msg());
	exit(2);
}

static void registry(void)
{
	if (CU_get_registry())
		return;
	setvbuf(stdout, NULL, _IOLBF, 0);	/* a crash keeps every line printed before it */
	if (CU_initialize_registry() != CUE_SUCCESS)
		die("cannot set up the CUnit registry for", "tests");
}

CU_pSuite tl_suite_add(const char *name, CU_InitializeFunc init, CU_CleanupFunc fini,
		       const struct tl_test *tests, size_t n)
{
	registry();
	CU_pSuite s = CU_add_suite(name, init, fini);
	if (!s)
		die("cannot add suite", name);
	for (size_t i = 0; i < n; i++)
		if (!CU_add_test(s, tests[i].name, tests[i].fn))
			die("cannot add test", tests[i].name);
	return s;
}

/* the CUnit function of every case: finds its case by the running test */
static void run_case(void)
{
	CU_pTest t = CU_get_current_test();
	for (size_t k = 0; k < ncases; k++) {
		size_t i = (next_case + k) % ncases;	/* cases run in order: usually k == 0 */
		if (cases[i].test == t) {
			next_case = i + 1;
			cases[i].fn(cases[i].data);
			return;
		}
	}
	CU_FAIL("tests/lib: no case registered for this test");
}

void tl_case_add(CU_pSuite s, void (*fn)(const void *data), const void *data, const char *name_fmt, ...)
{
	char name[1024];
	va_list ap;
	va_start(ap, name_fmt);
	vsnprintf(name, sizeof(name), name_fmt, ap);
	va_end(ap);
	registry();
	if (ncases == cases_cap) {
		size_t cap = cases_cap ? 2 * cases_cap : 64;
		struct tl_case *c = realloc(cases, cap * sizeof(*c));
		if (!c)
			die("out of memory for test", name);
		cases = c;
		cases_cap = cap;
	}
	CU_pTest t = CU_add_test(s, name, run_case);
	if (!t)
		die("cannot add test", name);
	cases[ncases++] = (struct tl_case){ t, fn, data };
}

void tl_note(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	char *grown = realloc(notes, notes_len + (size_t)n + 2);
	if (!grown)
		return;
	notes = grown;
	va_start(ap, fmt);
	vsnprintf(notes + notes_len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	while (n > 0 && notes[notes_len + (size_t)n - 1] == '\n')	/* one line break, added below */
		n--;
	notes_len += (size_t)n;
	notes[notes_len++] = '\n';
	notes[notes_len] = '\0';
}

static void print_notes(void)
{
	for (const char *line = notes; line && *line;) {
		size_t len = strcspn(line, "\n");
		printf("    note: %.*s\n", (int)len, line);
		line += len + (line[len] == '\n');
	}
	notes_len = 0;
	if (notes)
		notes[0] = '\0';
}

static void on_suite_start(const CU_pSuite s)
{
	printf("Suite: %s\n", s->pName);
}

static void on_test_complete(const CU_pTest t, const CU_pSuite s, const CU_pFailureRecord failures)
{
	(void)s;
	printf("%-6s %s\n", failures ? "FAILED" : "ok", t->pName);
	int i = 1;
	for (CU_pFailureRecord f = failures; f && f->pTest == t; f = f->pNext, i++)
		printf("    %d. %s:%u  - %s\n", i, f->strFileName ? f->strFileName : "", f->uiLineNumber,
		       f->strCondition ? f->strCondition : "");
	print_notes();
}

static void on_init_failure(const CU_pSuite s)
{
	printf("FAILED suite %s: its set-up failed, none of its tests ran\n", s->pName);
	print_notes();
}

static void on_cleanup_failure(const CU_pSuite s)
{
	printf("FAILED suite %s: its clean-up failed\n", s->pName);
	print_notes();
}

int tl_select_run(int argc, char **argv, const struct tl_selectable *suites, size_t n)
{
	for (size_t i = 0; argc > 1 && i < n; i++) {
		if (strcmp(argv[1], suites[i].name))
			continue;
		int st = suites[i].add(argc - 1, argv + 1);
		return st ? st : tl_run(suites[i].results);
	}
	fprintf(stderr, "usage: %s SUITE [ARGS...]; SUITE:", argv[0]);
	for (size_t i = 0; i < n; i++)
		fprintf(stderr, " %s", suites[i].name);
	fputc('\n', stderr);
	return 2;
}

int tl_run(const char *name)
{
	registry();
	CU_set_suite_start_handler(on_suite_start);
	CU_set_test_complete_handler(on_test_complete);
	CU_set_suite_init_failure_handler(on_init_failure);
	CU_set_suite_cleanup_failure_handler(on_cleanup_failure);
	CU_ErrorCode err = CU_run_all_tests();
	const CU_RunSummary *r = CU_get_run_summary();
	const CU_TestRegistry *reg = CU_get_registry();
	printf("\nRun Summary:  type   total     ran  passed  failed  inactive\n");
	printf("suites      %8u%8u%8s%8u%10u\n", reg->uiNumberOfSuites, r->nSuitesRun, "n/a", r->nSuitesFailed,
	       r->nSuitesInactive);
	printf("tests       %8u%8u%8u%8u%10u\n", reg->uiNumberOfTests, r->nTestsRun, r->nTestsRun - r->nTestsFailed,
	       r->nTestsFailed, r->nTestsInactive);
	printf("asserts     %8u%8u%8u%8u%10s\n\n", r->nAsserts, r->nAsserts, r->nAsserts - r->nAssertsFailed,
	       r->nAssertsFailed, "n/a");
	unsigned long passed = r->nTestsRun - r->nTestsFailed;
	/* a suite whose set-up or clean-up failed is one failure more */
	unsigned long failed = r->nTestsFailed + r->nSuitesFailed;
	if (err != CUE_SUCCESS && !failed) {
		printf("FAILED: CUnit: %s\n", CU_get_error_msg());
		failed = 1;
	}
	CU_cleanup_registry();
	free(cases);
	cases = NULL;
	ncases = cases_cap = next_case = 0;
	free(notes);
	notes = NULL;
	notes_len = 0;
	return tl_report_line(name, passed, failed);
}
