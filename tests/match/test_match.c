/*
 * test_match.c - CUnit suite for pp_match_full(), the allocation-free
 * matcher of perf mapfile patterns: hand-picked cases, and a differential
 * check against POSIX regexec over every pattern of every mapfile in perf's
 * tree (argv[1]) and thousands of identities.
 */
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <CUnit/Basic.h>
#include "pp_match.h"

static const char *arch_root = "build/perf-arch";

static void test_literals_classes_and_quantifiers(void)
{
	CU_ASSERT_EQUAL(pp_match_full("GenuineIntel-6-5[CF]", "GenuineIntel-6-5C"), 1);
	CU_ASSERT_EQUAL(pp_match_full("GenuineIntel-6-5[CF]", "GenuineIntel-6-5D"), 0);
	CU_ASSERT_EQUAL(pp_match_full("GenuineIntel-6-5[CF]", "GenuineIntel-6-5C-1"), 0);
	CU_ASSERT_EQUAL(pp_match_full("AuthenticAMD-23-[[:xdigit:]]+", "AuthenticAMD-23-7F"), 1);
	CU_ASSERT_EQUAL(pp_match_full("AuthenticAMD-23-[[:xdigit:]]+", "AuthenticAMD-23-"), 0);
	CU_ASSERT_EQUAL(pp_match_full("0x004[bcd][[:xdigit:]]{4}", "0x004d1202"), 1);
	CU_ASSERT_EQUAL(pp_match_full("0x004[bcd][[:xdigit:]]{4}", "0x004e1202"), 0);
	CU_ASSERT_EQUAL(pp_match_full("0x004[bcd][[:xdigit:]]{4}", "0x004e12021"), 0);
	CU_ASSERT_EQUAL(pp_match_full("a.?b*c{2,3}", "abbbccc"), 1);
	CU_ASSERT_EQUAL(pp_match_full("a.?b*c{2,3}", "axcc"), 1);
	CU_ASSERT_EQUAL(pp_match_full("a.?b*c{2,3}", "ac"), 0);
	CU_ASSERT_EQUAL(pp_match_full("[^0-9]x", "ax"), 1);
	CU_ASSERT_EQUAL(pp_match_full("[^0-9]x", "5x"), 0);
}

static void test_groups_alternation_and_anchors(void)
{
	CU_ASSERT_EQUAL(pp_match_full("GenuineIntel-6-(97|9A|B7|BA|BF)", "GenuineIntel-6-BA"), 1);
	CU_ASSERT_EQUAL(pp_match_full("GenuineIntel-6-(97|9A|B7|BA|BF)", "GenuineIntel-6-B"), 0);
	CU_ASSERT_EQUAL(pp_match_full("AuthenticAMD-23-([12][0-9A-F]|[0-9A-F])", "AuthenticAMD-23-1F"), 1);
	CU_ASSERT_EQUAL(pp_match_full("AuthenticAMD-23-([12][0-9A-F]|[0-9A-F])", "AuthenticAMD-23-31"), 0);
	CU_ASSERT_EQUAL(pp_match_full("x((ab|c)+d)?y", "xababcdy"), 1);
	CU_ASSERT_EQUAL(pp_match_full("x((ab|c)+d)?y", "xy"), 1);
	CU_ASSERT_EQUAL(pp_match_full("x((ab|c)+d)?y", "xaby"), 0);
	CU_ASSERT_EQUAL(pp_match_full("^IBM.2964.*", "IBM,2964,NC9,PSLS"), 1);
	CU_ASSERT_EQUAL(pp_match_full("^IBM.2964.*$", "IBM,2965"), 0);
	CU_ASSERT_EQUAL(pp_match_full("a|b|", ""), 1);
}

static void test_unsupported_syntax_is_reported_not_guessed(void)
{
	CU_ASSERT_EQUAL(pp_match_full("a[[.hyphen.]]", "a-"), -1);
	CU_ASSERT_EQUAL(pp_match_full("a**", "a"), -1);
	CU_ASSERT_EQUAL(pp_match_full("(ab", "ab"), -1);
	CU_ASSERT_EQUAL(pp_match_full("ab)", "ab"), -1);
}

/* every mapfile pattern perf ships, compared with regexec on many identities */
static int regex_compile(regex_t *re, const char *pattern)
{
	char anchored[600];
	snprintf(anchored, sizeof(anchored), "^(%s)$", pattern);
	return regcomp(re, anchored, REG_EXTENDED | REG_NOSUB);
}

static int load_patterns(char pats[][256], int max)
{
	static const char *arches[] = { "x86", "arm64", "powerpc", "riscv", "s390", "nds32" };
	int n = 0;
	for (unsigned a = 0; a < sizeof(arches) / sizeof(arches[0]); a++) {
		char path[512], line[1024];
		snprintf(path, sizeof(path), "%s/%s/mapfile.csv", arch_root, arches[a]);
		FILE *f = fopen(path, "r");
		if (!f)
			continue;
		int first = 1;
		while (fgets(line, sizeof(line), f) && n < max) {
			if (first) { first = 0; continue; }
			if (line[0] == '#' || line[0] == '\n')
				continue;
			char *comma = strchr(line, ',');
			if (!comma || comma - line >= 256)
				continue;
			memcpy(pats[n], line, (size_t)(comma - line));
			pats[n][comma - line] = '\0';
			n++;
		}
		fclose(f);
	}
	return n;
}

static void test_agrees_with_regexec_on_every_mapfile_pattern(void)
{
	static char pats[512][256];
	int np = load_patterns(pats, 512);
	CU_ASSERT_FATAL(np > 50);
	static const char *vendors[] = { "GenuineIntel-6", "AuthenticAMD-23", "AuthenticAMD-25", "AuthenticAMD-26" };
	static const char *others[] = {
		"0x00000000410fd0c0", "0x00000000410fd050", "0x00000000413fd0c1", "0x00000000480fd010",
		"0x004e1202", "0x004f0201", "0x00800200", "0x004b0201", "0x004d0200",
		"0x489-0x8000000000000007-0x0000000000000000", "0x5b7-0x0-0x0", "0x31e-0x8000000000008a45-0x0",
		"IBM,3931,A01,703,7,8", "IBM,2964,NC9,PSLS", "IBM,8561,T01", "IBM,3906", "0x31e-0x8000000000008a45-0x820",
		"", "GenuineIntel", "AuthenticAMD-23-",
	};
	int compared = 0, unsupported = 0, disagree = 0;
	char id[128];
	for (int p = 0; p < np; p++) {
		regex_t re;
		if (pp_match_full(pats[p], "x") < 0 || regex_compile(&re, pats[p])) {
			unsupported++;
			fprintf(stderr, "\n  unsupported pattern: %s", pats[p]);
			continue;
		}
		for (unsigned v = 0; v < 4; v++)
			for (int m = 0; m < 256; m++)
				for (int st = -1; st < 16; st += 5) {
					if (st < 0)
						snprintf(id, sizeof(id), "%s-%X", vendors[v], m);
					else
						snprintf(id, sizeof(id), "%s-%X-%X", vendors[v], m, st);
					int a = pp_match_full(pats[p], id), b = !regexec(&re, id, 0, NULL, 0);
					compared++;
					if (a != b) {
						disagree++;
						if (disagree < 10)
							fprintf(stderr, "\n  %s on %s: ours %d, regexec %d", pats[p], id, a, b);
					}
				}
		for (unsigned o = 0; o < sizeof(others) / sizeof(others[0]); o++) {
			int a = pp_match_full(pats[p], others[o]), b = !regexec(&re, others[o], 0, NULL, 0);
			compared++;
			if (a != b) {
				disagree++;
				if (disagree < 10)
					fprintf(stderr, "\n  %s on %s: ours %d, regexec %d", pats[p], others[o], a, b);
			}
		}
		regfree(&re);
	}
	fprintf(stderr, "\n  %d patterns, %d comparisons, %d unsupported, %d disagreements\n", np, compared,
		unsupported, disagree);
	CU_ASSERT_EQUAL(unsupported, 0);
	CU_ASSERT_EQUAL(disagree, 0);
}

int main(int argc, char **argv)
{
	if (argc > 1)
		arch_root = argv[1];
	if (CU_initialize_registry() != CUE_SUCCESS)
		return 2;
	CU_pSuite s = CU_add_suite("match", NULL, NULL);
	CU_add_test(s, "literals, classes and quantifiers", test_literals_classes_and_quantifiers);
	CU_add_test(s, "groups, alternation and anchors", test_groups_alternation_and_anchors);
	CU_add_test(s, "unsupported syntax is reported, not guessed", test_unsupported_syntax_is_reported_not_guessed);
	CU_add_test(s, "agrees with regexec on every mapfile pattern", test_agrees_with_regexec_on_every_mapfile_pattern);
	CU_basic_set_mode(CU_BRM_VERBOSE);
	CU_basic_run_tests();
	unsigned fails = CU_get_number_of_failures() + CU_get_number_of_tests_failed();
	CU_cleanup_registry();
	return fails ? 1 : 0;
}
