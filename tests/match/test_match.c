/*
 * SPDX-License-Identifier: MIT
 * tests/match/test_match.c - suite match of test_host_stage (host_stage.h):
 * pp_ere_whole(), the allocation-free
 * matcher of perf mapfile patterns, and pp_ere_may_match(), its quick rejection
 * by literal prefix and first bytes: hand-picked cases, and a differential
 * check of both against POSIX regexec over every pattern of every mapfile in
 * perf's tree (its argument) and thousands of identities.
 */
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <CUnit/CUnit.h>
#include "host/match.h"
#include "suite.h"
#include "../detect/host_stage.h"

static const char *arch_root = "build/perf-arch";

static void test_literals_classes_and_quantifiers(void)
{
	CU_ASSERT_EQUAL(pp_ere_whole("GenuineIntel-6-5[CF]", "GenuineIntel-6-5C"), 1);
	CU_ASSERT_EQUAL(pp_ere_whole("GenuineIntel-6-5[CF]", "GenuineIntel-6-5D"), 0);
	CU_ASSERT_EQUAL(pp_ere_whole("GenuineIntel-6-5[CF]", "GenuineIntel-6-5C-1"), 0);
	CU_ASSERT_EQUAL(pp_ere_whole("AuthenticAMD-23-[[:xdigit:]]+", "AuthenticAMD-23-7F"), 1);
	CU_ASSERT_EQUAL(pp_ere_whole("AuthenticAMD-23-[[:xdigit:]]+", "AuthenticAMD-23-"), 0);
	CU_ASSERT_EQUAL(pp_ere_whole("0x004[bcd][[:xdigit:]]{4}", "0x004d1202"), 1);
	CU_ASSERT_EQUAL(pp_ere_whole("0x004[bcd][[:xdigit:]]{4}", "0x004e1202"), 0);
	CU_ASSERT_EQUAL(pp_ere_whole("0x004[bcd][[:xdigit:]]{4}", "0x004e12021"), 0);
	CU_ASSERT_EQUAL(pp_ere_whole("a.?b*c{2,3}", "abbbccc"), 1);
	CU_ASSERT_EQUAL(pp_ere_whole("a.?b*c{2,3}", "axcc"), 1);
	CU_ASSERT_EQUAL(pp_ere_whole("a.?b*c{2,3}", "ac"), 0);
	CU_ASSERT_EQUAL(pp_ere_whole("[^0-9]x", "ax"), 1);
	CU_ASSERT_EQUAL(pp_ere_whole("[^0-9]x", "5x"), 0);
}

static void test_groups_alternation_and_anchors(void)
{
	CU_ASSERT_EQUAL(pp_ere_whole("GenuineIntel-6-(97|9A|B7|BA|BF)", "GenuineIntel-6-BA"), 1);
	CU_ASSERT_EQUAL(pp_ere_whole("GenuineIntel-6-(97|9A|B7|BA|BF)", "GenuineIntel-6-B"), 0);
	CU_ASSERT_EQUAL(pp_ere_whole("AuthenticAMD-23-([12][0-9A-F]|[0-9A-F])", "AuthenticAMD-23-1F"), 1);
	CU_ASSERT_EQUAL(pp_ere_whole("AuthenticAMD-23-([12][0-9A-F]|[0-9A-F])", "AuthenticAMD-23-31"), 0);
	CU_ASSERT_EQUAL(pp_ere_whole("x((ab|c)+d)?y", "xababcdy"), 1);
	CU_ASSERT_EQUAL(pp_ere_whole("x((ab|c)+d)?y", "xy"), 1);
	CU_ASSERT_EQUAL(pp_ere_whole("x((ab|c)+d)?y", "xaby"), 0);
	CU_ASSERT_EQUAL(pp_ere_whole("^IBM.2964.*", "IBM,2964,NC9,PSLS"), 1);
	CU_ASSERT_EQUAL(pp_ere_whole("^IBM.2964.*$", "IBM,2965"), 0);
	CU_ASSERT_EQUAL(pp_ere_whole("a|b|", ""), 1);
}

static void test_unsupported_syntax_is_reported_not_guessed(void)
{
	CU_ASSERT_EQUAL(pp_ere_whole("a[[.hyphen.]]", "a-"), -1);
	CU_ASSERT_EQUAL(pp_ere_whole("a**", "a"), -1);
	CU_ASSERT_EQUAL(pp_ere_whole("(ab", "ab"), -1);
	CU_ASSERT_EQUAL(pp_ere_whole("ab)", "ab"), -1);
}

static void test_quick_test_rejects_by_prefix_and_first_bytes(void)
{
	CU_ASSERT_EQUAL(pp_ere_may_match("GenuineIntel-6-5[CF]", "AuthenticAMD-23-5C", NULL), 0);
	CU_ASSERT_EQUAL(pp_ere_may_match("GenuineIntel-6-5[CF]", "GenuineIntel-6-5D", NULL), 0);
	CU_ASSERT_EQUAL(pp_ere_may_match("GenuineIntel-6-5[CF]", "GenuineIntel-6-5C-1", NULL), 1);
	CU_ASSERT_EQUAL(pp_ere_may_match("GenuineIntel-6-(97|9A|B7)", "GenuineIntel-6-3C-3", "GenuineIntel-6-3C"), 0);
	CU_ASSERT_EQUAL(pp_ere_may_match("GenuineIntel-6-(97|9A|B7)", "GenuineIntel-6-B7-3", "GenuineIntel-6-B7"), 1);
	CU_ASSERT_EQUAL(pp_ere_may_match("AuthenticAMD-23-([12][0-9A-F]|[0-9A-F])", "AuthenticAMD-23-G", NULL), 0);
	CU_ASSERT_EQUAL(pp_ere_may_match("AuthenticAMD-23-([12][0-9A-F]|[0-9A-F])", "AuthenticAMD-23-7", NULL), 1);
	/* the second string alone may match */
	CU_ASSERT_EQUAL(pp_ere_may_match("GenuineIntel-6-3C", "GenuineIntel-6-45-1", "GenuineIntel-6-3C"), 1);
	/* the pattern is all prefix: the string must end there */
	CU_ASSERT_EQUAL(pp_ere_may_match("^GenuineIntel-6-3C$", "GenuineIntel-6-3C", NULL), 1);
	CU_ASSERT_EQUAL(pp_ere_may_match("GenuineIntel-6-3C", "GenuineIntel-6-3C-3", NULL), 0);
}

static void test_quick_test_gives_up_when_unsure(void)
{
	/* a top-level '|': other alternatives need not share the prefix */
	CU_ASSERT_EQUAL(pp_ere_may_match("abc|x", "xyz", NULL), 1);
	CU_ASSERT_EQUAL(pp_ere_may_match("ab(c)|x", "x", NULL), 1);
	/* a last prefix byte or a first atom that may vanish */
	CU_ASSERT_EQUAL(pp_ere_may_match("abc?d", "abd", NULL), 1);
	CU_ASSERT_EQUAL(pp_ere_may_match("ab[cd]*e", "abe", NULL), 1);
	CU_ASSERT_EQUAL(pp_ere_may_match("ab(c|d){0,1}e", "abe", NULL), 1);
	CU_ASSERT_EQUAL(pp_ere_may_match("ab(c|)e", "abe", NULL), 1);
	/* '.', escapes, nested groups and syntax it does not take */
	CU_ASSERT_EQUAL(pp_ere_may_match("ab.", "abz", NULL), 1);
	CU_ASSERT_EQUAL(pp_ere_may_match("ab\\.", "abz", NULL), 1);
	CU_ASSERT_EQUAL(pp_ere_may_match("ab((c))", "abz", NULL), 1);
	CU_ASSERT_EQUAL(pp_ere_may_match("ab[[.hyphen.]]", "abz", NULL), 1);
	/* a bracket expression holding ')' or '|' is not a group's end or a bar */
	CU_ASSERT_EQUAL(pp_ere_may_match("a([)|]|b)", "a|", NULL), 1);
	CU_ASSERT_EQUAL(pp_ere_may_match("a([)|]|b)", "ac", NULL), 0);
	CU_ASSERT_EQUAL(pp_ere_whole("a([)|]|b)", "a|"), 1);
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

/* pp_ere_may_match may answer 0 only where regexec finds no match */
static void quick_check(const char *pattern, const char *id, int regexec_matches, int *rejected, int *wrong)
{
	if (pp_ere_may_match(pattern, id, NULL))
		return;
	(*rejected)++;
	if (regexec_matches && ++*wrong < 10)
		fprintf(stderr, "\n  quick test rejects %s on %s, regexec matches", pattern, id);
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
	int compared = 0, unsupported = 0, disagree = 0, rejected = 0, wrongly_rejected = 0;
	char id[128];
	for (int p = 0; p < np; p++) {
		regex_t re;
		if (pp_ere_whole(pats[p], "x") < 0 || regex_compile(&re, pats[p])) {
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
					int a = pp_ere_whole(pats[p], id), b = !regexec(&re, id, 0, NULL, 0);
					compared++;
					quick_check(pats[p], id, b, &rejected, &wrongly_rejected);
					if (st >= 0) {
						/* with the identity without its stepping, as pp_match_identity asks */
						char shorter[128];
						snprintf(shorter, sizeof(shorter), "%s-%X", vendors[v], m);
						int b2 = b || !regexec(&re, shorter, 0, NULL, 0);
						if (!pp_ere_may_match(pats[p], id, shorter) && b2 && ++wrongly_rejected < 10)
							fprintf(stderr, "\n  quick test rejects %s on %s/%s", pats[p], id, shorter);
					}
					if (a != b) {
						disagree++;
						if (disagree < 10)
							fprintf(stderr, "\n  %s on %s: ours %d, regexec %d", pats[p], id, a, b);
					}
				}
		for (unsigned o = 0; o < sizeof(others) / sizeof(others[0]); o++) {
			int a = pp_ere_whole(pats[p], others[o]), b = !regexec(&re, others[o], 0, NULL, 0);
			compared++;
			quick_check(pats[p], others[o], b, &rejected, &wrongly_rejected);
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
	fprintf(stderr, "  quick test: %d rejected without matching, %d of them wrongly\n", rejected,
		wrongly_rejected);
	CU_ASSERT_EQUAL(unsupported, 0);
	CU_ASSERT_EQUAL(disagree, 0);
	CU_ASSERT_EQUAL(wrongly_rejected, 0);
	/* the fast path must be taken for most pairs, or it saves nothing */
	CU_ASSERT(rejected > compared / 2);
}

static const struct tl_test tests[] = {
	TL_TEST(test_literals_classes_and_quantifiers),
	TL_TEST(test_groups_alternation_and_anchors),
	TL_TEST(test_unsupported_syntax_is_reported_not_guessed),
	TL_TEST(test_quick_test_rejects_by_prefix_and_first_bytes),
	TL_TEST(test_quick_test_gives_up_when_unsure),
	TL_TEST(test_agrees_with_regexec_on_every_mapfile_pattern),
};

void match_register(const char *perf_arch_root)
{
	if (perf_arch_root)
		arch_root = perf_arch_root;
	tl_suite("match", NULL, NULL, tests);
}
