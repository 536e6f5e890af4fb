/*
 * SPDX-License-Identifier: MIT
 * golddump.c - prints what the library says about the PMUs named on the
 * command line, through the public API only, in the stable text form of the
 * golden files (tests/golden/README.md).
 *
 *   golddump [-i] [-l] [-a] [-e STRINGS] PMU...
 *   golddump -n   the name of every PMU the library has, one per line
 *     -i          PMU info and pfm_pmu_validate() of each PMU
 *     -l          every event and every attribute of each PMU (-i implied)
 *     -a          encode every event alone and every event:unit-mask
 *     -e STRINGS  encode each line of the file STRINGS: `## title` starts a
 *                 section, `@plm HEX` sets dfl_plm for the lines after it,
 *                 `#` lines and blank lines are skipped
 *
 * Every section starts with a line `== title`; tests/golden/golden.py counts
 * one check per section. Only the PMUs named are printed (a PMU that is not
 * there prints "pmu NAME not found"), so the host's own PMUs never appear. Each string is encoded under PFM_OS_NONE (codes, fstr)
 * and PFM_OS_PERF_EVENT_EXT (perf_event_attr fields, cpu, fstr), with
 * dfl_plm PFM_PLM0|PFM_PLM3 unless `@plm` says otherwise.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <perfmon/pfmlib.h>
#include <perfmon/pfmlib_perf_event.h>
#include "encode.h"
#include "info.h"
#include "print.h"

#define SCAN_IDS 4096	/* pfm_pmu_t values looked at when finding a PMU by name */

static int dfl_plm = PFM_PLM0 | PFM_PLM3;

static const char *pmu_type_name(pfm_pmu_type_t t)
{
	switch (t) {
	case PFM_PMU_TYPE_CORE: return "core";
	case PFM_PMU_TYPE_UNCORE: return "uncore";
	case PFM_PMU_TYPE_OS_GENERIC: return "os_generic";
	default: return "unknown";
	}
}

static const char *attr_type_name(pfm_attr_t t)
{
	switch (t) {
	case PFM_ATTR_UMASK: return "umask";
	case PFM_ATTR_MOD_BOOL: return "bool";
	case PFM_ATTR_MOD_INTEGER: return "int";
	case PFM_ATTR_RAW_UMASK: return "raw_umask";
	default: return "none";
	}
}

static const char *ctrl_name(pfm_attr_ctrl_t c)
{
	switch (c) {
	case PFM_ATTR_CTRL_PMU: return "pmu";
	case PFM_ATTR_CTRL_PERF_EVENT: return "perf";
	default: return "unknown";
	}
}

static const char *dtype_name(pfm_dtype_t d)
{
	static const char *names[] = { "unknown", "uint64", "int64", "double", "fixed", "ratio", "char8" };
	return (unsigned)d < sizeof(names) / sizeof(names[0]) ? names[d] : "?";
}

/* the pmu id of the PMU called name, or -1 */
static int find_pmu(const char *name, pfm_pmu_info_t *info)
{
	for (int id = 0; id < SCAN_IDS; id++) {
		if (tl_pmu_info(id, info) == PFM_SUCCESS && info->name &&
		    !strcmp(info->name, name))
			return id;
	}
	return -1;
}

static void print_text(const char *s)
{
	putchar('"');
	for (; s && *s; s++) {
		if (*s == '"' || *s == '\\')
			putchar('\\');
		putchar(*s == '\n' ? ' ' : *s);
	}
	putchar('"');
}

static void print_info(int id, const pfm_pmu_info_t *p)
{
	printf("pmu %s id=%d type=%s present=%u dfl=%u nevents=%d max_encoding=%d counters=%d fixed=%d ",
	       p->name, id, pmu_type_name(p->type), p->is_present, p->is_dfl, p->nevents,
	       p->max_encoding, p->num_cntrs, p->num_fixed_cntrs);
	print_text(p->desc);
	putchar('\n');

	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	int r = f ? pfm_pmu_validate((pfm_pmu_t)id, f) : PFM_ERR_NOMEM;
	if (f)
		fclose(f);
	printf("validate %s\n", tl_err_name(r));
	char *save = NULL;
	for (char *t = buf ? strtok_r(buf, "\n", &save) : NULL; t; t = strtok_r(NULL, "\n", &save))
		printf("  %s\n", t);
	free(buf);
}

static void print_attr(const pfm_event_attr_info_t *ai)
{
	if (ai->type == PFM_ATTR_UMASK) {
		printf("  umask %s code=0x%" PRIx64 " dfl=%u precise=%u hw_smpl=%u spec=%u equiv=%s ",
		       ai->name, ai->code, ai->is_dfl, ai->is_precise, ai->support_hw_smpl,
		       ai->is_speculative, ai->equiv ? ai->equiv : "-");
	} else {
		printf("  mod %s %s code=%" PRIu64 " ctrl=%s dfl=", ai->name, attr_type_name(ai->type),
		       ai->code, ctrl_name(ai->ctrl));
		if (ai->type == PFM_ATTR_MOD_BOOL)
			printf("%d ", ai->dfl_bool);
		else
			printf("%" PRIu64 " ", ai->dfl_val64);
	}
	print_text(ai->desc);
	putchar('\n');
}

static void print_events(const pfm_pmu_info_t *p)
{
	for (int idx = p->first_event; idx != -1; idx = pfm_get_event_next(idx)) {
		pfm_event_info_t e, x;
		int r = tl_event_info(idx, PFM_OS_NONE, &e);
		if (r != PFM_SUCCESS) {
			printf("event ? %s\n", tl_err_name(r));
			continue;
		}
		printf("event %s code=0x%" PRIx64 " nattrs=%d dtype=%s precise=%u hw_smpl=%u spec=%u equiv=%s ",
		       e.name, e.code, e.nattrs, dtype_name(e.dtype), e.is_precise, e.support_hw_smpl,
		       e.is_speculative, e.equiv ? e.equiv : "-");
		print_text(e.desc);
		putchar('\n');
		for (int a = 0; a < e.nattrs; a++) {
			pfm_event_attr_info_t ai;
			r = tl_attr_info(idx, a, PFM_OS_NONE, &ai);
			if (r != PFM_SUCCESS)
				printf("  attr %d %s\n", a, tl_err_name(r));
			else
				print_attr(&ai);
		}
		/* what PFM_OS_PERF_EVENT_EXT offers instead: PMU attributes | perf_event ones */
		r = tl_event_info(idx, PFM_OS_PERF_EVENT_EXT, &x);
		printf("  perf_ext attrs:");
		if (r != PFM_SUCCESS) {
			printf(" %s\n", tl_err_name(r));
			continue;
		}
		for (int pass = 0; pass < 2; pass++) {
			if (pass)
				printf(" |");
			for (int a = 0; a < x.nattrs; a++) {
				pfm_event_attr_info_t ai;
				if (tl_attr_info(idx, a, PFM_OS_PERF_EVENT_EXT, &ai) != PFM_SUCCESS)
					printf(" ?");
				else if ((ai.ctrl == PFM_ATTR_CTRL_PERF_EVENT) == pass && ai.type != PFM_ATTR_UMASK)
					printf(" %s", ai.name);
			}
		}
		putchar('\n');
	}
}

static void encode(const char *s)
{
	struct tl_none n;
	struct tl_perf x;

	printf("%s\n", s);
	tl_none(s, dfl_plm, &n);
	printf("  none ");
	tl_print_none_golden(stdout, &n);
	putchar('\n');
	tl_perf(s, dfl_plm, PFM_OS_PERF_EVENT_EXT, &x);
	printf("  ext  ");
	tl_print_perf_golden(stdout, &x);
	putchar('\n');
}

/* every event alone, then every event with each of its unit masks */
static void encode_all(const char *pmu, const pfm_pmu_info_t *p)
{
	char s[512];
	printf("== %s: every event alone encodes with its default unit masks\n", pmu);
	for (int idx = p->first_event; idx != -1; idx = pfm_get_event_next(idx)) {
		pfm_event_info_t e;
		if (tl_event_info(idx, PFM_OS_NONE, &e) != PFM_SUCCESS)
			continue;
		snprintf(s, sizeof(s), "%s::%s", pmu, e.name);
		encode(s);
	}
	int header = 0;
	for (int idx = p->first_event; idx != -1; idx = pfm_get_event_next(idx)) {
		pfm_event_info_t e;
		if (tl_event_info(idx, PFM_OS_NONE, &e) != PFM_SUCCESS)
			continue;
		for (int a = 0; a < e.nattrs; a++) {
			pfm_event_attr_info_t ai;
			if (tl_attr_info(idx, a, PFM_OS_NONE, &ai) != PFM_SUCCESS || ai.type != PFM_ATTR_UMASK)
				continue;
			if (!header++)
				printf("== %s: every event:unit-mask encodes\n", pmu);
			snprintf(s, sizeof(s), "%s::%s:%s", pmu, e.name, ai.name);
			encode(s);
		}
	}
}

static int encode_file(const char *path)
{
	FILE *f = fopen(path, "r");
	if (!f) {
		perror(path);
		return 1;
	}
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;
	while ((n = getline(&line, &cap, f)) >= 0) {
		while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r'))
			line[--n] = 0;
		if (!strncmp(line, "## ", 3))
			printf("== %s\n", line + 3);
		else if (!strncmp(line, "@plm ", 5))
			dfl_plm = (int)strtol(line + 5, NULL, 16), printf("(dfl_plm 0x%x)\n", dfl_plm);
		else if (n && line[0] != '#')
			encode(line);
	}
	free(line);
	fclose(f);
	return 0;
}

int main(int argc, char **argv)
{
	int info = 0, list = 0, all = 0, names = 0, opt, st = 0;
	const char *strings = NULL;
	while ((opt = getopt(argc, argv, "ilane:")) != -1) {
		switch (opt) {
		case 'i': info = 1; break;
		case 'l': list = 1; break;
		case 'a': all = 1; break;
		case 'n': names = 1; break;
		case 'e': strings = optarg; break;
		default:
			fprintf(stderr, "usage: golddump [-i] [-l] [-a] [-e STRINGS] PMU... | golddump -n\n");
			return 2;
		}
	}
	setvbuf(stdout, NULL, _IOFBF, 1 << 16);
	int r = pfm_initialize();
	if (r != PFM_SUCCESS) {
		printf("pfm_initialize %s\n", tl_err_name(r));
		return 1;
	}
	for (int id = 0; names && id < SCAN_IDS; id++) {
		pfm_pmu_info_t p;
		if (tl_pmu_info(id, &p) == PFM_SUCCESS && p.name)
			printf("%s\n", p.name);
	}
	for (int i = optind; i < argc; i++) {
		pfm_pmu_info_t p;
		int id = find_pmu(argv[i], &p);
		if (info || list) {
			printf("== %s: %s\n", argv[i], list ? "the PMU, its events and their attributes list like this"
							      : "the PMU info (presence, counters, validation) is like this");
			if (id < 0) {
				printf("pmu %s not found\n", argv[i]);
				continue;
			}
			print_info(id, &p);
			if (list)
				print_events(&p);
		}
		if (all && id >= 0)
			encode_all(argv[i], &p);
	}
	if (strings)
		st |= encode_file(strings);
	pfm_terminate();
	return st;
}
