/*
 * glm_oracle.c - Goldmont strings whose encoding libpfm4 4.13 pins down:
 * OFFCORE_RESPONSE request/supplier/snoop defaults and rules, OUTSTANDING,
 * modifier presets and ranges, a modifier the event does not take. Under
 * LIBPFM_FORCE_PMU=glm (so without a pmu:: prefix and on any host) each is
 * encoded by pmuplug's library and, in a separate process, by the installed
 * libpfm4 4.13 (both through oracle_dump), and every layer's result (return
 * code, codes, perf_event_attr fields, fstr) must match.
 * usage: glm_oracle ORACLE_DUMP OUR_LIBDIR
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <CUnit/Basic.h>

static const char *dump, *libdir;
static char *theirs, *ours;	/* whole outputs */

static const char *const strings[] = {
	"OFFCORE_RESPONSE_0:DMND_DATA_RD:ANY_RESPONSE",
	"OFFCORE_RESPONSE_0:ANY_REQUEST",
	"OFFCORE_RESPONSE_0:DMND_DATA_RD:L2_HIT",
	"OFFCORE_RESPONSE_0:ANY_RFO:L2_HIT:ANY_RESPONSE",
	"OFFCORE_RESPONSE_0:DMND_DATA_RD:OUTSTANDING",
	"OFFCORE_RESPONSE_1:DMND_DATA_RD:OUTSTANDING",
	"ISSUE_SLOTS_NOT_CONSUMED:RESOURCE_FULL:k:c=1:i",
	"ISSUE_SLOTS_NOT_CONSUMED:RESOURCE_FULL:c=256",
	"ISSUE_SLOTS_NOT_CONSUMED:RESOURCE_FULL:t",
};
#define NSTR (sizeof(strings) / sizeof(strings[0]))

static char *run(const char *ldpath)
{
	size_t cap = 1 << 16, n = 0;
	char *out = malloc(cap), cmd[8192];
	int k = snprintf(cmd, sizeof(cmd), "env LIBPFM_FORCE_PMU=glm LIBPFM_ENCODE_INACTIVE= %s%s '%s'",
			 ldpath ? "LD_LIBRARY_PATH=" : "", ldpath ? ldpath : "", dump);
	for (size_t i = 0; i < NSTR; i++)
		k += snprintf(cmd + k, sizeof(cmd) - (size_t)k, " '%s'", strings[i]);
	FILE *p = popen(cmd, "r");
	if (!p || !out)
		exit(2);
	while ((k = (int)fread(out + n, 1, cap - n - 1, p)) > 0)
		n += (size_t)k;
	out[n] = '\0';
	pclose(p);
	return out;
}

/* the line of `out` for string s and layer */
static void line(const char *out, const char *s, const char *layer, char *buf, size_t bufsz)
{
	char key[512];
	snprintf(key, sizeof(key), "%s|%s|", s, layer);
	buf[0] = '\0';
	for (const char *l = out; l && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL) {
		if (!strncmp(l, key, strlen(key))) {
			size_t len = strcspn(l, "\n");
			snprintf(buf, bufsz, "%.*s", (int)len, l);
			return;
		}
	}
}

static void compare(size_t i)
{
	static const char *const layers[] = { "none", "perf", "perf_ext" };
	char a[2048], b[2048];
	for (int k = 0; k < 3; k++) {
		line(theirs, strings[i], layers[k], a, sizeof(a));
		line(ours, strings[i], layers[k], b, sizeof(b));
		CU_ASSERT_STRING_NOT_EQUAL(a, "");
		CU_ASSERT_STRING_EQUAL(b, a);
		if (strcmp(a, b))
			fprintf(stderr, "\n  libpfm4: %s\n  pmuplug: %s\n", a, b);
	}
}

#define CASE(n) static void test_string_##n(void) { compare(n); }
CASE(0) CASE(1) CASE(2) CASE(3) CASE(4) CASE(5) CASE(6) CASE(7) CASE(8)
static CU_TestFunc const cases[] = { test_string_0, test_string_1, test_string_2, test_string_3, test_string_4,
				     test_string_5, test_string_6, test_string_7, test_string_8 };

static void test_the_two_runs_load_two_different_libraries(void)
{
	char a[1024], b[1024];
	snprintf(a, sizeof(a), "%.*s", (int)strcspn(theirs, "\n"), theirs);
	snprintf(b, sizeof(b), "%.*s", (int)strcspn(ours, "\n"), ours);
	CU_ASSERT(!strncmp(a, "library|", 8));
	CU_ASSERT(strstr(b, libdir) != NULL);
	CU_ASSERT_STRING_NOT_EQUAL(a, b);
}

extern char **environ;

/* unset every LIBPFM_* variable: both libraries see only what run() gives them */
static void clear_libpfm_env(void)
{
	for (char **e = environ; *e;) {
		if (strncmp(*e, "LIBPFM_", 7)) {
			e++;
			continue;
		}
		char name[256];
		snprintf(name, sizeof(name), "%.*s", (int)strcspn(*e, "="), *e);
		unsetenv(name);	/* environ changed: start again */
		e = environ;
	}
}

int main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: %s ORACLE_DUMP OUR_LIBDIR\n", argv[0]);
		return 2;
	}
	dump = argv[1];
	libdir = argv[2];
	clear_libpfm_env();
	theirs = run(NULL);
	ours = run(libdir);
	CU_initialize_registry();
	CU_pSuite s = CU_add_suite("glm-oracle", NULL, NULL);
	CU_add_test(s, "the two runs load two different libraries", test_the_two_runs_load_two_different_libraries);
	_Static_assert(sizeof(cases) / sizeof(cases[0]) == NSTR, "one test per string");
	for (size_t i = 0; i < NSTR; i++) {
		char name[256];
		snprintf(name, sizeof(name), "glm %s: every OS layer gives what libpfm4 4.13 gives", strings[i]);
		CU_add_test(s, name, cases[i]);
	}
	CU_basic_set_mode(CU_BRM_VERBOSE);
	CU_basic_run_tests();
	int failed = (int)CU_get_number_of_tests_failed();
	CU_cleanup_registry();
	free(theirs);
	free(ours);
	return failed ? 1 : 0;
}
