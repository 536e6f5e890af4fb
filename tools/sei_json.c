/*
 * SPDX-License-Identifier: MIT
 * sei_json.c: showevtinfo -j, the listing as one JSON document:
 *   {"pmus": [{"name", "desc", "id", "type", "present", "nevents",
 *              "num_cntrs", "num_fixed_cntrs",
 *              "events": [{"name", "desc", "code", "equiv", "precise",
 *                          "umasks": [{"name", "desc", "code", "default", "precise", "no_mods"}],
 *                          "modifiers": [{"name", "desc", "type", "control"}]}]}]}
 * Codes are strings of hexadecimal ("0x3c"), JSON numbers cannot hold every
 * 64-bit code exactly. PMUs appear in the order their events are listed.
 */
#include <err.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "showevtinfo.h"

/* the unit mask takes no modifier (a header without the flag: never) */
static int no_mods(const pfm_event_attr_info_t *a)
{
#ifdef PFM_ATTR_HAS_SUPPORT_NO_MODS
	return a->support_no_mods;
#else
	(void)a;
	return 0;
#endif
}

static int open_pmu = -1;	/* id of the PMU whose object is open, -1 none */
static int events_in_pmu, pmus_out;

/* s as a JSON string (NULL as null) */
static void put_str(const char *s)
{
	if (!s) {
		fputs("null", stdout);
		return;
	}
	putchar('"');
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		switch (*p) {
		case '"': fputs("\\\"", stdout); break;
		case '\\': fputs("\\\\", stdout); break;
		case '\n': fputs("\\n", stdout); break;
		case '\t': fputs("\\t", stdout); break;
		case '\r': fputs("\\r", stdout); break;
		default:
			if (*p < 0x20)
				printf("\\u%04x", *p);
			else
				putchar(*p);
		}
	}
	putchar('"');
}

static void put_key(const char *k, int first)
{
	printf("%s\"%s\": ", first ? "" : ", ", k);
}

static const char *pmu_type(pfm_pmu_type_t t)
{
	switch (t) {
	case PFM_PMU_TYPE_CORE: return "core";
	case PFM_PMU_TYPE_UNCORE: return "uncore";
	case PFM_PMU_TYPE_OS_GENERIC: return "os_generic";
	default: return "unknown";
	}
}

void sei_json_begin(void)
{
	fputs("{\"pmus\": [", stdout);
}

static void close_pmu(void)
{
	if (open_pmu >= 0)
		fputs("]}", stdout);
	open_pmu = -1;
}

static void open_pmu_object(int id)
{
	pfm_pmu_info_t p;
	memset(&p, 0, sizeof(p));
	p.size = sizeof(p);
	if (pfm_get_pmu_info(id, &p) != PFM_SUCCESS)
		errx(1, "cannot get PMU %d info", id);
	close_pmu();
	printf("%s\n {", pmus_out++ ? "," : "");
	put_key("name", 1); put_str(p.name);
	put_key("desc", 0); put_str(p.desc);
	printf(", \"id\": %d, \"type\": \"%s\", \"present\": %s, \"nevents\": %d, \"num_cntrs\": %d, "
	       "\"num_fixed_cntrs\": %d, \"events\": [", id, pmu_type(p.type), p.is_present ? "true" : "false",
	       p.nevents, p.num_cntrs, p.num_fixed_cntrs);
	open_pmu = id;
	events_in_pmu = 0;
}

void sei_print_json(const pfm_event_info_t *e)
{
	if ((int)e->pmu != open_pmu)
		open_pmu_object(e->pmu);
	printf("%s\n  {", events_in_pmu++ ? "," : "");
	put_key("name", 1); put_str(e->name);
	put_key("desc", 0); put_str(e->desc);
	printf(", \"code\": \"0x%" PRIx64 "\"", e->code);
	put_key("equiv", 0); put_str(e->equiv);
	printf(", \"precise\": %s", e->is_precise ? "true" : "false");
	for (int pass = 0; pass < 2; pass++) {
		int n = 0;
		printf(", \"%s\": [", pass ? "modifiers" : "umasks");
		for (int i = 0; i < e->nattrs; i++) {
			pfm_event_attr_info_t a;
			memset(&a, 0, sizeof(a));
			a.size = sizeof(a);
			int ret = pfm_get_event_attr_info(e->idx, i, sei.os, &a);
			if (ret != PFM_SUCCESS)
				errx(1, "cannot retrieve event %s attribute info: %s", e->name, pfm_strerror(ret));
			if ((a.type == PFM_ATTR_UMASK) == pass || a.type == PFM_ATTR_RAW_UMASK)
				continue;
			if (!pass && !sei_umask_passes(&a))
				continue;
			printf("%s{", n++ ? ", " : "");
			put_key("name", 1); put_str(a.name);
			put_key("desc", 0); put_str(a.desc);
			if (!pass)
				printf(", \"code\": \"0x%" PRIx64 "\", \"default\": %s, \"precise\": %s, \"no_mods\": %s}",
				       a.code, a.is_dfl ? "true" : "false", a.is_precise ? "true" : "false",
				       no_mods(&a) ? "true" : "false");
			else
				printf(", \"type\": \"%s\", \"control\": \"%s\"}",
				       a.type == PFM_ATTR_MOD_BOOL ? "bool" : "integer",
				       a.ctrl == PFM_ATTR_CTRL_PERF_EVENT ? "perf_event" : "pmu");
		}
		putchar(']');
	}
	putchar('}');
}

void sei_json_end(void)
{
	close_pmu();
	fputs("\n]}\n", stdout);
}
