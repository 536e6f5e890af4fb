/*
 * SPDX-License-Identifier: MIT
 * gen/tablegen/tablegen_detect.c - the detection groups of the built-in
 * table (pp_dgroups, pp_dgroup_of) and the order detection takes them in
 * (pp_dg_order): registry/detect.c reads them at pfm_initialize.
 */
#include <stdio.h>
#include <stdlib.h>
#include "cwrite.h"
#include "tablegen_detect.h"
#include "table/table.h"

static const struct pp_dgroup *dg_sort;	/* the groups cmp_dg_* order */
static const struct pp_pmu *dg_pmus;	/* and their PMUs */

/* detection groups (indexes into dg_sort) by pattern list, then index */
static int cmp_dg_match(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	pp_str_t mx = dg_pmus[dg_sort[x].first].match, my = dg_pmus[dg_sort[y].first].match;
	return mx != my ? (mx > my) - (mx < my) : (x > y) - (x < y);
}

/* detection groups by architecture string offset, then index */
static int cmp_dg_arch(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	pp_str_t ax = dg_pmus[dg_sort[x].first].arch, ay = dg_pmus[dg_sort[y].first].arch;
	return ax != ay ? (ax > ay) - (ax < ay) : (x > y) - (x < y);
}

void tg_emit_dgroups(const struct pp_builder *b, const uint8_t *literal, FILE *out, uint32_t *ndg_out, uint32_t *nlit_out)
{
	uint32_t i;
	/* detection groups: runs of candidates that pp_pmu_same_detection joins
	 * (other PMUs between them do not end a run) */
	struct pp_dgroup *dg = calloc((size_t)b->pmus.n + 1, sizeof(*dg));
	uint16_t *dgof = calloc((size_t)b->pmus.n + 1, sizeof(*dgof));
	uint32_t ndg = 0;
	if (!dg || !dgof) {
		perror("tablegen");
		exit(1);
	}
	const struct pp_pmu *prev = NULL;
	for (i = 0; i < b->pmus.n; i++) {
		const struct pp_pmu *p = &b->pmus.v[i];
		dgof[i] = PP_DG_NONE;
		if (!pp_pmu_detect_candidate(p))
			continue;
		if (!prev || !pp_pmu_same_detection(prev, p) || i - dg[ndg - 1].first >= 0xffffu) {
			if (ndg >= PP_DG_NONE) {
				fprintf(stderr, "tablegen: more than %u detection groups\n", PP_DG_NONE);
				exit(1);
			}
			dg[ndg].first = i;
			dg[ndg].flags = PP_DG_BOXES;
			ndg++;
		}
		dg[ndg - 1].span = (uint16_t)(i - dg[ndg - 1].first + 1);
		if (!pp_pmu_is_box(p))
			dg[ndg - 1].flags &= (uint16_t)~PP_DG_BOXES;
		if (p->match_unit)
			dg[ndg - 1].flags |= PP_DG_UNITS;
		if (p->identifier)
			dg[ndg - 1].flags |= PP_DG_IDENT;
		dgof[i] = (uint16_t)(ndg - 1);
		prev = p;
	}
	for (i = 0; i < ndg; i++) {	/* no other PMU within the span */
		uint32_t m = 0;
		for (uint32_t b = dg[i].first; b < dg[i].first + dg[i].span; b++)
			m += dgof[b] == i;
		if (m == dg[i].span)
			dg[i].flags |= PP_DG_DENSE;
	}
	cw_comment("pp_dgroups", "the detection groups: first PMU, span, PP_DG_* flags (table/table.h)", NULL);
	cw_open_table("struct pp_dgroup", "pp_dgroups", ndg);
	for (i = 0; i < ndg; i++)
		fprintf(out, "{%u,%u,%u},%s", dg[i].first, dg[i].span, dg[i].flags, (i % 8 == 7) ? "\n" : "");
	cw_close_nums();
	cw_comment("pp_dgroup_of", "per PMU, its detection group, PP_DG_NONE for none (table/table.h)", NULL);
	cw_open_table("uint16_t", "pp_dgroup_of", b->pmus.n);
	for (i = 0; i < b->pmus.n; i++)
		cw_put_num(i, dgof[i]);
	cw_close_nums();
	/* the groups in the order detection looks at them: those whose
	 * patterns are identity literals by pattern list (found from the
	 * identity's literal hits), then the others by architecture (a run
	 * of another architecture is passed over at once) */
	uint32_t *dgo = calloc((size_t)ndg + 1, sizeof(*dgo)), nlitg = 0;
	if (!dgo) {
		perror("tablegen");
		exit(1);
	}
	for (i = 0; i < ndg; i++)
		if (literal[dg[i].first] == 1)
			dgo[nlitg++] = i;
	for (uint32_t j = 0, o = nlitg; j < ndg; j++)
		if (literal[dg[j].first] != 1)
			dgo[o++] = j;
	dg_sort = dg;
	dg_pmus = b->pmus.v;
	qsort(dgo, nlitg, sizeof(*dgo), cmp_dg_match);
	qsort(dgo + nlitg, ndg - nlitg, sizeof(*dgo), cmp_dg_arch);
	cw_comment("pp_dg_order", "the detection groups, those of identity literals by pattern list, then the "
		"others by architecture (table/table.h)", NULL);
	cw_emit_nums("uint16_t", "pp_dg_order", dgo, ndg);
	free(dgo);
	free(dg);
	free(dgof);
	*ndg_out = ndg;
	*nlit_out = nlitg;
}
