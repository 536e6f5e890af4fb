/*
 * SPDX-License-Identifier: MIT
 * pfmdump.c - dump what a libpfm4-compatible library knows and how it encodes,
 * through the public API only, so the same binary runs against libpfm4 4.13
 * or pmuplug (pick one with LD_LIBRARY_PATH).
 *
 *   pfmdump pmus                  one line per PMU (all ids, then past
 *                                 PFM_PMU_MAX until PFM_ERR_INVAL)
 *   pfmdump list [-O none|perf|ext] [PMU...]
 *                                 PMUs, events and attributes (no descriptions),
 *                                 attributes as that OS layer lists them (ext)
 *   pfmdump encode [-p PLM] [-x perf|ext]
 *                                 encode each line of stdin under PFM_OS_NONE
 *                                 and PFM_OS_PERF_EVENT_EXT (-x perf:
 *                                 PFM_OS_PERF_EVENT instead), one line each
 *   pfmdump descs [PMU...]        the library's descriptions of events and unit
 *                                 masks (the build's source for PMUs perf has
 *                                 no JSON for; never committed)
 *
 * Output is tab separated; numbers are hex where they are codes.
 *   P name id type nevents max_encoding cntrs fixed present dfl
 *   E pmu event code nattrs equiv(or -) precise spec hw_smpl
 *   A pmu event n type name code ctrl dfl precise spec hw_smpl dfl_val64 equiv(or -)
 *   D pmu event umask(or empty) description (tabs and newlines as spaces)
 *   (encode) string  N rc count codes fstr  X rc attr fstr
 * where attr is "type config config1 config2 bits period flags cpu" with
 * bits the perf_event_attr flag bits pfm fills (tl_attr_bits(), tests/lib/print.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <inttypes.h>
#include <perfmon/pfmlib.h>
#include <perfmon/pfmlib_perf_event.h>
#include "encode.h"	/* tests/lib: the encoding and its tab form, the info calls */
#include "info.h"
#include "print.h"

static pfm_os_t list_os = PFM_OS_PERF_EVENT_EXT;

static int pmu_next(int *id, pfm_pmu_info_t *info)
{
	for (;;) {
		int ret;
		(*id)++;
		ret = tl_pmu_info(*id, info);
		if (ret == PFM_SUCCESS)
			return 1;
		/* libpfm4 answers INVAL for holes below PFM_PMU_MAX too */
		if (ret == PFM_ERR_INVAL && *id >= PFM_PMU_MAX)
			return 0;
		if (*id > 4096)
			return 0;
	}
}

static void print_pmu(const pfm_pmu_info_t *p)
{
	printf("P\t%s\t%d\t%d\t%d\t%d\t%d\t%d\t%u\t%u\n", p->name, p->pmu, p->type,
	       p->nevents, p->max_encoding, p->num_cntrs, p->num_fixed_cntrs,
	       p->is_present, p->is_dfl);
}

static void print_events(const pfm_pmu_info_t *p)
{
	for (int idx = p->first_event; idx != -1; idx = pfm_get_event_next(idx)) {
		pfm_event_info_t e;
		if (tl_event_info(idx, list_os, &e) != PFM_SUCCESS) {
			printf("E\t%s\t?\t-\t-\t-\t-\t-\t-\n", p->name);
			continue;
		}
		printf("E\t%s\t%s\t0x%" PRIx64 "\t%d\t%s\t%u\t%u\t%u\n", p->name, e.name,
		       e.code, e.nattrs, e.equiv ? e.equiv : "-", e.is_precise,
		       e.is_speculative, e.support_hw_smpl);
		for (int a = 0; a < e.nattrs; a++) {
			pfm_event_attr_info_t ai;
			if (tl_attr_info(idx, a, list_os, &ai) != PFM_SUCCESS) {
				printf("A\t%s\t%s\t%d\t?\n", p->name, e.name, a);
				continue;
			}
			printf("A\t%s\t%s\t%d\t%d\t%s\t0x%" PRIx64 "\t%d\t%u\t%u\t%u\t%u\t0x%" PRIx64 "\t%s\n",
			       p->name, e.name, a, ai.type, ai.name, ai.code, ai.ctrl,
			       ai.is_dfl, ai.is_precise, ai.is_speculative,
			       ai.support_hw_smpl,
			       ai.type == PFM_ATTR_UMASK ? 0 : ai.dfl_val64,
			       ai.equiv ? ai.equiv : "-");
		}
	}
}

static void print_desc(const char *pmu, const char *ev, const char *um, const char *d)
{
	printf("D\t%s\t%s\t%s\t", pmu, ev, um);
	for (; d && *d; d++)
		putchar(*d == '\t' || *d == '\n' || *d == '\r' ? ' ' : *d);
	putchar('\n');
}

static void print_descs(const pfm_pmu_info_t *p)
{
	for (int idx = p->first_event; idx != -1; idx = pfm_get_event_next(idx)) {
		pfm_event_info_t e;
		if (tl_event_info(idx, PFM_OS_NONE, &e) != PFM_SUCCESS)
			continue;
		print_desc(p->name, e.name, "", e.desc);
		for (int a = 0; a < e.nattrs; a++) {
			pfm_event_attr_info_t ai;
			if (tl_attr_info(idx, a, PFM_OS_NONE, &ai) == PFM_SUCCESS &&
			    ai.type == PFM_ATTR_UMASK)
				print_desc(p->name, e.name, ai.name, ai.desc);
		}
	}
}

static int wanted(const char *name, int argc, char **argv)
{
	if (argc == 0)
		return 1;
	for (int i = 0; i < argc; i++)
		if (!strcmp(argv[i], name))
			return 1;
	return 0;
}

static int cmd_list(int argc, char **argv, int with_events)
{
	pfm_pmu_info_t p;
	int id = -1;
	while (pmu_next(&id, &p)) {
		if (!wanted(p.name, argc, argv))
			continue;
		if (with_events == 2) {
			print_descs(&p);
			continue;
		}
		print_pmu(&p);
		if (with_events)
			print_events(&p);
	}
	return 0;
}

/* the perf layer of `encode` (-x perf: PFM_OS_PERF_EVENT) */
static pfm_os_t perf_os = PFM_OS_PERF_EVENT_EXT;

static int cmd_encode(int plm)
{
	char line[4096];
	while (fgets(line, sizeof(line), stdin)) {
		size_t n = strcspn(line, "\r\n");
		line[n] = '\0';
		if (!n)
			continue;
		struct tl_none none;
		struct tl_perf ext;
		tl_none(line, plm, &none);
		tl_perf(line, plm, perf_os, &ext);
		printf("%s\tN\t", line);
		tl_print_none_tab(stdout, &none);
		printf("\tX\t");
		tl_print_perf_tab(stdout, &ext);
		putchar('\n');
	}
	return 0;
}

int main(int argc, char **argv)
{
	int ret;
	if (argc < 2) {
		fprintf(stderr, "usage: pfmdump pmus|list [-O none|perf|ext] [PMU...]|descs [PMU...]|encode [-p PLM] [-x perf|ext]\n");
		return 2;
	}
	ret = pfm_initialize();
	if (ret != PFM_SUCCESS) {
		fprintf(stderr, "pfmdump: pfm_initialize: %s\n", pfm_strerror(ret));
		return 1;
	}
	if (!strcmp(argv[1], "pmus"))
		return cmd_list(0, NULL, 0);
	if (!strcmp(argv[1], "list")) {
		if (argc > 3 && !strcmp(argv[2], "-O")) {
			list_os = !strcmp(argv[3], "none") ? PFM_OS_NONE :
				  !strcmp(argv[3], "perf") ? PFM_OS_PERF_EVENT : PFM_OS_PERF_EVENT_EXT;
			return cmd_list(argc - 4, argv + 4, 1);
		}
		return cmd_list(argc - 2, argv + 2, 1);
	}
	if (!strcmp(argv[1], "descs"))
		return cmd_list(argc - 2, argv + 2, 2);
	if (!strcmp(argv[1], "encode")) {
		int plm = PFM_PLM0 | PFM_PLM3;
		for (int i = 2; i + 1 < argc; i += 2) {
			if (!strcmp(argv[i], "-p"))
				plm = (int)strtol(argv[i + 1], NULL, 0);
			else if (!strcmp(argv[i], "-x"))
				perf_os = !strcmp(argv[i + 1], "perf") ? PFM_OS_PERF_EVENT : PFM_OS_PERF_EVENT_EXT;
		}
		return cmd_encode(plm);
	}
	fprintf(stderr, "pfmdump: unknown command %s\n", argv[1]);
	return 2;
}
