/*
 * present.c - checks, through the public libpfm API of our library, which
 * core PMUs are present for given detection settings. Each line of each case
 * file is
 *     VAR=value ... -> name name ...      (or "-> none")
 * where the VARs (LIBPFM_CPUID, LIBPFM_SYSROOT, ...) are set for that case
 * only. Each line is one CUnit test, all in this one process: pfm_terminate,
 * set the environment, pfm_initialize, compare the set of present core PMUs.
 * A case that does not set LIBPFM_SYSROOT runs on ROOT (-r; e.g. a tree
 * without /proc and /sys), so the sysfs of the machine running the test
 * (hybrid core types' cpu_core/cpu_atom) never decides the outcome.
 * usage: present [-r ROOT] CASEFILE...
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <perfmon/pfmlib.h>
#include "env.h"
#include "info.h"
#include "suite.h"

#define MAX_NAMES 64

static const char *default_root;	/* LIBPFM_SYSROOT of cases that do not set it */

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* names of the present core PMUs, sorted, joined by spaces ("none" if none) */
static void present_core(char *out, size_t sz)
{
	const char *names[MAX_NAMES];
	int n = 0;
	for (int id = 0; id < PFM_PMU_MAX && n < MAX_NAMES; id++) {
		pfm_pmu_info_t info;
		if (tl_pmu_info(id, &info) != PFM_SUCCESS)
			continue;
		if (info.is_present && info.type == PFM_PMU_TYPE_CORE)
			names[n++] = info.name;
	}
	qsort(names, (size_t)n, sizeof(names[0]), cmp_str);
	out[0] = '\0';
	for (int i = 0; i < n; i++)
		snprintf(out + strlen(out), sz - strlen(out), "%s%s", i ? " " : "", names[i]);
	if (!n)
		snprintf(out, sz, "none");
}

/* expected names, sorted and joined like present_core's */
static void normalise(char *list, char *out, size_t sz)
{
	const char *names[MAX_NAMES];
	int n = 0;
	for (char *save, *w = strtok_r(list, " \t\n", &save); w && n < MAX_NAMES; w = strtok_r(NULL, " \t\n", &save))
		names[n++] = w;
	qsort(names, (size_t)n, sizeof(names[0]), cmp_str);
	out[0] = '\0';
	for (int i = 0; i < n; i++)
		snprintf(out + strlen(out), sz - strlen(out), "%s%s", i ? " " : "", names[i]);
	if (!n)
		snprintf(out, sz, "none");
}

/* one line of a case file */
struct present_case {
	const char *file;
	int lineno;
	char *line;
};

static void test_present_core_pmus_are_the_expected_ones(const void *data)
{
	const struct present_case *c = data;
	char line[4096];
	snprintf(line, sizeof(line), "%s", c->line);
	char *arrow = strstr(line, "->");
	TL_ASSERT(arrow, "%s:%d: no '->'", c->file, c->lineno);
	if (!arrow)
		return;
	*arrow = '\0';
	tl_env_reset();
	tl_env("LIBPFM_SYSROOT", default_root);
	char *save;
	for (char *w = strtok_r(line, " \t", &save); w; w = strtok_r(NULL, " \t", &save)) {
		char *eq = strchr(w, '=');
		TL_ASSERT(eq, "%s:%d: '%s' is not VAR=value", c->file, c->lineno, w);
		if (!eq)
			return;
		*eq = '\0';
		tl_env(w, eq + 1);
	}
	pfm_terminate();
	int r = pfm_initialize();
	TL_ASSERT(r == PFM_SUCCESS, "%s:%d: pfm_initialize: %s", c->file, c->lineno, pfm_strerror(r));
	if (r != PFM_SUCCESS)
		return;
	char got[2048], want[2048];
	present_core(got, sizeof(got));
	normalise(arrow + 2, want, sizeof(want));
	TL_ASSERT(!strcmp(got, want), "%s:%d: present [%s], expected [%s]", c->file, c->lineno, got, want);
}

static void test_case_file_can_be_read(const void *data)
{
	TL_ASSERT(0, "cannot read %s", (const char *)data);
}

static struct present_case *cases;
static size_t ncases;

/* one test per case line of the files (and a failing one per file that cannot be read) */
static void add_cases(CU_pSuite s, int nfiles, char **files)
{
	for (int a = 0; a < nfiles; a++) {
		FILE *f = fopen(files[a], "r");
		if (!f) {
			tl_case_add(s, test_case_file_can_be_read, files[a], "test_case_file_can_be_read[%s]", files[a]);
			continue;
		}
		char line[4096];
		for (int lineno = 1; fgets(line, sizeof(line), f); lineno++) {
			char *t = line + strspn(line, " \t");
			t[strcspn(t, "\n")] = '\0';
			if (*t == '#' || !*t)
				continue;
			struct present_case *grown = realloc(cases, (ncases + 1) * sizeof(*cases));
			if (!grown)
				break;
			cases = grown;
			cases[ncases++] = (struct present_case){ files[a], lineno, strdup(t) };
		}
		fclose(f);
	}
	/* registered once every line is read: the array no longer moves */
	for (size_t i = 0; i < ncases; i++)
		tl_case_add(s, test_present_core_pmus_are_the_expected_ones, &cases[i],
			    "test_present_core_pmus_are_the_expected_ones[%s:%d %s]", cases[i].file, cases[i].lineno,
			    cases[i].line);
}

int main(int argc, char **argv)
{
	int first = 1;
	if (argc > 2 && !strcmp(argv[1], "-r")) {
		default_root = argv[2];
		first = 3;
	}
	add_cases(tl_suite_add("present core PMUs", NULL, NULL, NULL, 0), argc - first, argv + first);
	int status = tl_run("detect_present");
	pfm_terminate();
	for (size_t i = 0; i < ncases; i++)
		free(cases[i].line);
	free(cases);
	return status;
}
