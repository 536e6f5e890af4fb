/*
 * SPDX-License-Identifier: MIT
 * suite.h - CUnit for every C test program: the registry is set up on the
 * first registration, suites come from a table of named test functions
 * (tl_suite), table-driven cases become one CUnit test each (tl_case_add),
 * and tl_run runs everything, prints one line per test ("ok" or "FAILED"
 * with CUnit's failure records and the test's notes), CUnit's run summary
 * and "<name>: N passed, N failed", then frees the registry. A program's
 * main is then: arguments, registrations, `return tl_run("name");`; one
 * that runs a suite a call, named by its first argument, is
 * `return tl_select(argc, argv, suites);`.
 */
#ifndef TL_SUITE_H
#define TL_SUITE_H

#include <stddef.h>
#include <CUnit/CUnit.h>

struct tl_test {
	const char *name;
	CU_TestFunc fn;
};
/* a table entry named after its function: the name says the behaviour pinned */
#define TL_TEST(fn) { #fn, fn }

/* add suite `name` with every test of the array `tests` (init, fini may be NULL) */
#define tl_suite(name, init, fini, tests) \
	tl_suite_add((name), (init), (fini), (tests), sizeof(tests) / sizeof((tests)[0]))
CU_pSuite tl_suite_add(const char *name, CU_InitializeFunc init, CU_CleanupFunc fini,
		       const struct tl_test *tests, size_t n);

/* one test of suite s that runs fn(data), named by the format (unique in s) */
void tl_case_add(CU_pSuite s, void (*fn)(const void *data), const void *data, const char *name_fmt, ...)
	__attribute__((format(printf, 4, 5)));

/* a line printed under the current test's result (why a check failed) */
void tl_note(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* CU_ASSERT that also notes why (printf-style) when cond is false */
#define TL_ASSERT(cond, ...) do { \
	int tl_ok_ = !!(cond); \
	if (!tl_ok_) \
		tl_note(__VA_ARGS__); \
	CU_assertImplementation(tl_ok_ ? CU_TRUE : CU_FALSE, __LINE__, #cond, __FILE__, "", CU_FALSE); \
} while (0)

/* run every registered test, report as above; returns the exit status */
int tl_run(const char *name);

/* one suite of a program that runs a suite a call, `PROGRAM SUITE [ARGS...]` */
struct tl_selectable {
	const char *name;			/* SUITE, the first argument */
	int (*add)(int argc, char **argv);	/* registers from ARGS (argv[0]: SUITE); 0, or 2 after a usage message */
	const char *results;			/* the name of its results line */
};
#define tl_select(argc, argv, suites) tl_select_run((argc), (argv), (suites), sizeof(suites) / sizeof((suites)[0]))
/* a program's main: registers and runs the suite argv[1] names (tl_run),
 * or prints the usage with every SUITE and returns 2 */
int tl_select_run(int argc, char **argv, const struct tl_selectable *suites, size_t n);

#endif
