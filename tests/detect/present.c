/*
 * present.c - checks, through the public libpfm API of our library, which
 * core PMUs are present for given detection settings. Each line of each case
 * file is
 *     VAR=value ... -> name name ...      (or "-> none")
 * where the VARs (LIBPFM_CPUID, LIBPFM_SYSROOT, ...) are set for that case
 * only. Every case runs in this one process: pfm_terminate, set the
 * environment, pfm_initialize, compare the set of present core PMUs.
 * A case that does not set LIBPFM_SYSROOT runs on ROOT (-r; e.g. a tree
 * without /proc and /sys), so the sysfs of the machine running the test
 * (hybrid core types' cpu_core/cpu_atom) never decides the outcome.
 * Prints each failure and ends with "N passed, N failed".
 * usage: present [-r ROOT] CASEFILE...
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <perfmon/pfmlib.h>

#define MAX_NAMES 64
#define MAX_VARS 8

static const char *const managed[] = { "LIBPFM_CPUID", "LIBPFM_SYSROOT", "LIBPFM_FORCE_PMU" };
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
		memset(&info, 0, sizeof(info));
		info.size = sizeof(info);
		if (pfm_get_pmu_info((pfm_pmu_t)id, &info) != PFM_SUCCESS)
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

/* one case; returns 1 when it passed */
static int run_case(const char *file, int lineno, char *line)
{
	char *arrow = strstr(line, "->");
	if (!arrow) {
		printf("%s:%d: no '->'\n", file, lineno);
		return 0;
	}
	*arrow = '\0';
	for (size_t i = 0; i < sizeof(managed) / sizeof(managed[0]); i++)
		unsetenv(managed[i]);
	if (default_root)
		setenv("LIBPFM_SYSROOT", default_root, 1);
	char *save, *vars[MAX_VARS];
	int nv = 0;
	for (char *w = strtok_r(line, " \t", &save); w && nv < MAX_VARS; w = strtok_r(NULL, " \t", &save)) {
		char *eq = strchr(w, '=');
		if (!eq) {
			printf("%s:%d: '%s' is not VAR=value\n", file, lineno, w);
			return 0;
		}
		*eq = '\0';
		setenv(w, eq + 1, 1);
		*eq = '=';
		vars[nv++] = w;
	}
	pfm_terminate();
	int r = pfm_initialize();
	char got[2048], want[2048];
	if (r != PFM_SUCCESS) {
		printf("%s:%d: pfm_initialize: %s\n", file, lineno, pfm_strerror(r));
		return 0;
	}
	present_core(got, sizeof(got));
	normalise(arrow + 2, want, sizeof(want));
	if (strcmp(got, want)) {
		printf("%s:%d: FAIL", file, lineno);
		for (int i = 0; i < nv; i++)
			printf(" %s", vars[i]);
		printf(": present [%s], expected [%s]\n", got, want);
		return 0;
	}
	return 1;
}

int main(int argc, char **argv)
{
	int passed = 0, failed = 0, first = 1;
	if (argc > 2 && !strcmp(argv[1], "-r")) {
		default_root = argv[2];
		first = 3;
	}
	for (int a = first; a < argc; a++) {
		FILE *f = fopen(argv[a], "r");
		if (!f) {
			perror(argv[a]);
			failed++;
			continue;
		}
		char line[4096];
		for (int lineno = 1; fgets(line, sizeof(line), f); lineno++) {
			char *s = line + strspn(line, " \t");
			if (*s == '#' || *s == '\n' || !*s)
				continue;
			if (run_case(argv[a], lineno, s))
				passed++;
			else
				failed++;
		}
		fclose(f);
	}
	pfm_terminate();
	printf("%d passed, %d failed\n", passed, failed);
	return failed != 0;
}
