/*
 * SPDX-License-Identifier: MIT
 * test_peek.c - the peek at a descriptor (pp_yaml_peek_pmu: name, override,
 * match, identifier or not, read without parsing the events) agrees with the full loader
 * (pp_yaml_load_file) on every file given: the converter's descriptors and
 * hand-written layouts (tests/fixtures/plugins/peek). The suite `peek` of
 * test_public_asan (internal functions: the ASan archive has them,
 * libpfm.so.4 hides them), one test per file.
 * usage: test_public_asan peek FILE...
 */
#include <stdio.h>
#include <string.h>
#include "table/descriptor/reader.h"
#include "table/builder.h"
#include "plugins.h"
#include "suite.h"

#define NMATCH ((int)(sizeof(((struct pp_yaml_header *)0)->match) / \
		      sizeof(((struct pp_yaml_header *)0)->match[0])))

static void test_peek_agrees_with_the_full_loader(const void *data)
{
	const char *path = data;
	char err[1024];
	struct pp_yaml_opts o = { .max_bytes = 32u << 20 };
	struct pp_yaml_header h;
	struct pp_builder b;
	struct pp_table t;

	pp_builder_init(&b);
	if (pp_yaml_load_file(&b, path, &o, err, sizeof(err)) < 0) {
		TL_ASSERT(0, "the loader refuses it: %s", err);
		pp_builder_free(&b);
		return;
	}
	pp_builder_table(&b, &t);
	const struct pp_pmu *p = &t.pmus[0];
	int r = pp_yaml_peek_pmu(path, &o, &h, err, sizeof(err));
	int ok = r == 0 && !strcmp(h.name, pp_str(&t, p->name)) &&
		 h.override == !!(p->flags & PP_PMU_F_OVERRIDE);
	int n = 0;
	const char *pat = p->match ? pp_str(&t, p->match) : "";
	for (; *pat; pat += strlen(pat) + 1, n++)
		if (n < NMATCH && h.match_count <= NMATCH && (n >= h.match_count || strcmp(pat, h.match[n])))
			ok = 0;
	/* every pattern counted; all kept, or the count says some were not */
	ok = ok && h.match_count == n && h.identified == (p->identifier != 0 || p->perf_pmu_pattern != 0);
	TL_ASSERT(ok, "peek r=%d name=%s override=%d match_count=%d identified=%d; loader name=%s override=%d "
		  "patterns=%d identifier=%d %s", r, h.name, h.override, h.match_count, h.identified,
		  pp_str(&t, p->name), !!(p->flags & PP_PMU_F_OVERRIDE), n, p->identifier != 0, r ? err : "");
	pp_builder_free(&b);
}

int plugin_peek_register(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: test_public_asan peek FILE...\n");
		return 2;
	}
	CU_pSuite s = tl_suite_add("peek", NULL, NULL, NULL, 0);
	for (int i = 1; i < argc; i++)
		tl_case_add(s, test_peek_agrees_with_the_full_loader, argv[i], "test_peek_agrees_with_the_full_loader[%s]",
			    argv[i]);
	return 0;
}
