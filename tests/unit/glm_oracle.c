/*
 * SPDX-License-Identifier: MIT
 * tests/unit/glm_oracle.c — suite `glm-oracle` of test_public
 * (check-glm-oracle): Goldmont strings whose encoding libpfm4 4.13 pins
 * down: OFFCORE_RESPONSE request/supplier/snoop defaults and rules,
 * OUTSTANDING, modifier presets and ranges, a modifier the event does not
 * take. Under LIBPFM_FORCE_PMU=glm (so without a pmu:: prefix and on any
 * host) each is encoded by pmuplug's library and, in a separate process, by
 * the installed libpfm4 4.13 (both through oracle_dump), and every layer's
 * result (return code, codes, perf_event_attr fields, fstr) must match: one
 * CUnit test per string. This process calls no libpfm function itself.
 * Results line: glm-oracle.
 * usage: test_public glm-oracle ORACLE_DUMP OUR_LIBDIR
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "env.h"
#include "public.h"
#include "suite.h"

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

static void test_every_os_layer_gives_what_libpfm4_4_13_gives(const void *data)
{
	static const char *const layers[] = { "none", "perf", "perf_ext" };
	const char *s = *(const char *const *)data;
	char a[2048], b[2048];
	for (int k = 0; k < 3; k++) {
		line(theirs, s, layers[k], a, sizeof(a));
		line(ours, s, layers[k], b, sizeof(b));
		TL_ASSERT(a[0], "libpfm4 printed no %s line", layers[k]);
		TL_ASSERT(!strcmp(a, b), "%s:\n  libpfm4: %s\n  pmuplug: %s", layers[k], a, b);
	}
}

static void test_the_two_runs_load_two_different_libraries(void)
{
	char a[1024], b[1024];
	snprintf(a, sizeof(a), "%.*s", (int)strcspn(theirs, "\n"), theirs);
	snprintf(b, sizeof(b), "%.*s", (int)strcspn(ours, "\n"), ours);
	CU_ASSERT(!strncmp(a, "library|", 8));
	CU_ASSERT(strstr(b, libdir) != NULL);
	CU_ASSERT_STRING_NOT_EQUAL(a, b);
}

static const struct tl_test tests[] = {
	TL_TEST(test_the_two_runs_load_two_different_libraries),
};

/* after the suite: both outputs freed */
static int free_outputs(void)
{
	free(theirs);
	free(ours);
	theirs = ours = NULL;
	return 0;
}

int glm_oracle_register(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: test_public glm-oracle ORACLE_DUMP OUR_LIBDIR\n");
		return 2;
	}
	dump = argv[1];
	libdir = argv[2];
	tl_env_reset();	/* both libraries see only what run() gives them */
	theirs = run(NULL);
	ours = run(libdir);
	CU_pSuite s = tl_suite("glm-oracle", NULL, free_outputs, tests);
	for (size_t i = 0; i < NSTR; i++)
		tl_case_add(s, test_every_os_layer_gives_what_libpfm4_4_13_gives, &strings[i],
			    "test_every_os_layer_gives_what_libpfm4_4_13_gives[glm %s]", strings[i]);
	return 0;
}
