/*
 * SPDX-License-Identifier: MIT
 * tests/detect/present.c — suite `present` of test_public (check-detect):
 * through the public libpfm API of our library, which core PMUs are present
 * for given detection settings. Each line of each case file is
 *     VAR=value ... -> name name ...      (or "-> none")
 * where the VARs (LIBPFM_CPUID, LIBPFM_SYSROOT, ...) are set for that case
 * only. Each line is one CUnit test, all in this one process: pfm_terminate,
 * set the environment, pfm_initialize, compare the set of present core PMUs.
 * A case that does not set LIBPFM_SYSROOT runs on ROOT (-r; e.g. a tree
 * without /proc and /sys), so the sysfs of the machine running the test
 * (hybrid core types' cpu_core/cpu_atom) never decides the outcome.
 * A second suite pins ix86arch against a simulated cpuid leaf 0xA (a scratch
 * sysroot's dev/cpu/0/cpuid, as Linux's cpuid device presents it).
 * Results line: detect_present.
 * usage: test_public present [-r ROOT] CASEFILE...
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <perfmon/pfmlib.h>
#include "env.h"
#include "info.h"
#include "public.h"
#include "suite.h"
#include "tmpdir.h"

#define MAX_NAMES 64

static const char *default_root;	/* LIBPFM_SYSROOT of cases that do not set it */

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* names sorted and joined by spaces into out ("none" if none) */
static void join_sorted(const char **names, int n, char *out, size_t sz)
{
	qsort(names, (size_t)n, sizeof(names[0]), cmp_str);
	out[0] = '\0';
	for (int i = 0; i < n; i++)
		snprintf(out + strlen(out), sz - strlen(out), "%s%s", i ? " " : "", names[i]);
	if (!n)
		snprintf(out, sz, "none");
}

/* names of the present core PMUs, joined as join_sorted does */
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
	join_sorted(names, n, out, sz);
}

/* the expected names of a case line, joined like present_core's */
static void normalise(char *list, char *out, size_t sz)
{
	const char *names[MAX_NAMES];
	int n = 0;
	for (char *save, *w = strtok_r(list, " \t\n", &save); w && n < MAX_NAMES; w = strtok_r(NULL, " \t\n", &save))
		names[n++] = w;
	join_sorted(names, n, out, sz);
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

/* pfm_initialize on an Emerald Rapids identity whose sysroot holds cpuid
 * leaf 0xA = eax, ebx, edx (no leaf file when leaf is 0); the ix86arch info */
static int init_with_leaf_edx(int leaf, uint32_t eax, uint32_t ebx, uint32_t edx, pfm_pmu_info_t *info)
{
	const char *root = tl_tmp_dir("leaf0xa");
	unsigned char rec[0xa + 16] = { 0 };
	for (int i = 0; i < 4; i++) {
		rec[0xa + i] = (unsigned char)(eax >> 8 * i);
		rec[0xa + 4 + i] = (unsigned char)(ebx >> 8 * i);
		rec[0xa + 12 + i] = (unsigned char)(edx >> 8 * i);
	}
	TL_ASSERT(root && !tl_tmp_mkdir(root, "dev/cpu/0") &&
		  (!leaf || !tl_tmp_put(root, "dev/cpu/0/cpuid", rec, sizeof(rec))), "scratch sysroot");
	tl_env_reset();
	tl_env("LIBPFM_SYSROOT", root);
	tl_env("LIBPFM_CPUID", "GenuineIntel-6-CF-2");
	pfm_terminate();
	int r = pfm_initialize();
	TL_ASSERT(r == PFM_SUCCESS, "pfm_initialize: %s", pfm_strerror(r));
	r = tl_pmu_info(PFM_PMU_INTEL_X86_ARCH, info);
	TL_ASSERT(r == PFM_SUCCESS, "pfm_get_pmu_info(ix86arch): %s", pfm_strerror(r));
	return r;
}

static int init_with_leaf(int leaf, uint32_t eax, uint32_t ebx, pfm_pmu_info_t *info)
{
	return init_with_leaf_edx(leaf, eax, ebx, 0, info);
}

static int finds(const char *ev)
{
	pfm_pmu_encode_arg_t arg;
	memset(&arg, 0, sizeof(arg));
	return pfm_get_os_event_encoding(ev, PFM_PLM3, PFM_OS_NONE, &arg) == PFM_SUCCESS ? (free(arg.codes), 1) : 0;
}

static void test_ix86arch_is_absent_where_leaf_0xa_reports_version_0(void)
{
	pfm_pmu_info_t info;
	if (init_with_leaf(1, 0, 0, &info) == PFM_SUCCESS)
		TL_ASSERT(!info.is_present, "ix86arch present on a VM whose leaf 0xA says version 0");
}

static void test_an_event_the_leaf_masks_is_left_out(void)
{
	pfm_pmu_info_t info;
	/* version 4, 7-bit vector, EBX bit 2: no reference cycles */
	if (init_with_leaf(1, 0x07300404, 0x4, &info) != PFM_SUCCESS)
		return;
	TL_ASSERT(info.is_present, "ix86arch absent with version 4");
	TL_ASSERT(info.nevents == 6, "ix86arch has %d events, want 6", info.nevents);
	TL_ASSERT(!finds("ix86arch::UNHALTED_REFERENCE_CYCLES"), "the masked event still encodes");
	TL_ASSERT(finds("ix86arch::UNHALTED_CORE_CYCLES") && finds("ix86arch::MISPREDICTED_BRANCH_RETIRED"),
		  "an event the leaf has does not encode");
	int n = 0;
	for (int i = info.first_event; i != -1; i = pfm_get_event_next(i)) {
		pfm_event_info_t ei;
		TL_ASSERT(tl_event_info(i, PFM_OS_NONE, &ei) == PFM_SUCCESS, "event index %#x", i);
		n++;
	}
	TL_ASSERT(n == 6, "the event walk gives %d events, want 6", n);
}

static void test_a_short_vector_leaves_out_the_events_past_its_length(void)
{
	pfm_pmu_info_t info;
	/* a 5-bit vector: no branch events, whatever EBX says */
	if (init_with_leaf(1, 0x05300402, 0, &info) == PFM_SUCCESS)
		TL_ASSERT(info.is_present && info.nevents == 5, "present %d, %d events (want 5)", info.is_present,
			  info.nevents);
}

static void test_without_a_leaf_to_read_ix86arch_has_all_seven_events(void)
{
	pfm_pmu_info_t info;
	/* LIBPFM_CPUID and no cpuid file: nothing to read, libpfm4's forced mode */
	if (init_with_leaf(0, 0, 0, &info) == PFM_SUCCESS)
		TL_ASSERT(info.is_present && info.nevents == 7, "present %d, %d events (want 7)", info.is_present,
			  info.nevents);
}

static void test_counters_are_the_ones_the_leaf_reports(void)
{
	pfm_pmu_info_t info;
	/* version 4, 8 counters, 7-bit vector; EDX: 4 fixed counters */
	if (init_with_leaf_edx(1, 0x07300804, 0, 0x4, &info) == PFM_SUCCESS)
		TL_ASSERT(info.num_cntrs == 8 && info.num_fixed_cntrs == 4, "%d counters, %d fixed (want 8, 4)",
			  info.num_cntrs, info.num_fixed_cntrs);
}

static const struct tl_test leaf_tests[] = {
	TL_TEST(test_counters_are_the_ones_the_leaf_reports),
	TL_TEST(test_ix86arch_is_absent_where_leaf_0xa_reports_version_0),
	TL_TEST(test_an_event_the_leaf_masks_is_left_out),
	TL_TEST(test_a_short_vector_leaves_out_the_events_past_its_length),
	TL_TEST(test_without_a_leaf_to_read_ix86arch_has_all_seven_events),
};

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

/* after the case lines' suite: its lines freed */
static int free_cases(void)
{
	for (size_t i = 0; i < ncases; i++)
		free(cases[i].line);
	free(cases);
	cases = NULL;
	ncases = 0;
	return 0;
}

/* after the last suite: the library as the process found it */
static int terminate(void)
{
	pfm_terminate();
	return 0;
}

int present_register(int argc, char **argv)
{
	int first = 1;
	if (argc > 2 && !strcmp(argv[1], "-r")) {
		default_root = argv[2];
		first = 3;
	}
	add_cases(tl_suite_add("present core PMUs", NULL, free_cases, NULL, 0), argc - first, argv + first);
	tl_suite("ix86arch and cpuid leaf 0xA", NULL, terminate, leaf_tests);
	return 0;
}
