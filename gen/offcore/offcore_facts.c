/*
 * SPDX-License-Identifier: MIT
 * offcore_facts.c - prints, for one libpfm4 PMU, the facts of its
 * OFFCORE_RESPONSE_0/1 events as read through libpfm4's public API: event
 * code, each unit mask (name, code, default flag, equivalent, category word
 * of its description), and for every pair of unit masks whether libpfm4
 * accepts them together (and its error code). Input for gen_overlay.py.
 * Build: gcc -o offcore_facts offcore_facts.c -lpfm
 * Run:   LIBPFM_ENCODE_INACTIVE=1 ./offcore_facts glm
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <perfmon/pfmlib.h>

#define MAXU 128

static int encode(const char *s, uint64_t *c1)
{
	pfm_pmu_encode_arg_t a;
	memset(&a, 0, sizeof(a));
	a.size = sizeof(a);
	int r = pfm_get_os_event_encoding(s, PFM_PLM0 | PFM_PLM3, PFM_OS_NONE, &a);
	*c1 = (r == PFM_SUCCESS && a.count > 1) ? a.codes[1] : 0;
	free(a.codes);
	return r;
}

static void one(const char *pmu, const char *ev)
{
	char s[512], names[MAXU][96];
	int n = 0;
	snprintf(s, sizeof(s), "%s::%s", pmu, ev);
	int idx = pfm_find_event(s);
	if (idx < 0)
		return;
	pfm_event_info_t ei;
	memset(&ei, 0, sizeof(ei));
	ei.size = sizeof(ei);
	pfm_get_event_info(idx, PFM_OS_NONE, &ei);
	printf("event %s 0x%" PRIx64 "\n", ev, ei.code);
	for (int i = 0; i < ei.nattrs && n < MAXU; i++) {
		pfm_event_attr_info_t ai;
		memset(&ai, 0, sizeof(ai));
		ai.size = sizeof(ai);
		pfm_get_event_attr_info(idx, i, PFM_OS_NONE, &ai);
		if (ai.type != PFM_ATTR_UMASK)
			continue;
		char cat[64] = "?";
		const char *c = strchr(ai.desc, ':');
		if (c && c - ai.desc < (int)sizeof(cat))
			snprintf(cat, sizeof(cat), "%.*s", (int)(c - ai.desc), ai.desc);
		for (char *p = cat; *p; p++)
			if (*p == ' ')
				*p = '_';
		snprintf(names[n++], sizeof(names[0]), "%s", ai.name);
		printf("umask %s 0x%" PRIx64 " %d %s %s\n", ai.name, ai.code, ai.is_dfl, cat,
		       ai.equiv ? ai.equiv : "-");
	}
	for (int i = 0; i < n; i++) {
		uint64_t c1;
		snprintf(s, sizeof(s), "%s::%s:%s", pmu, ev, names[i]);
		int r = encode(s, &c1);
		printf("alone %s %d 0x%" PRIx64 "\n", names[i], r, c1);
	}
	for (int i = 0; i < n; i++)
		for (int j = i + 1; j < n; j++) {
			uint64_t c1;
			snprintf(s, sizeof(s), "%s::%s:%s:%s", pmu, ev, names[i], names[j]);
			int r = encode(s, &c1);
			printf("pair %s %s %d 0x%" PRIx64 "\n", names[i], names[j], r, c1);
		}
	uint64_t c1;
	snprintf(s, sizeof(s), "%s::%s", pmu, ev);
	int r = encode(s, &c1);
	printf("none %d 0x%" PRIx64 "\n", r, c1);
}

int main(int argc, char **argv)
{
	if (argc != 2 || pfm_initialize() != PFM_SUCCESS) {
		fprintf(stderr, "usage: LIBPFM_ENCODE_INACTIVE=1 %s PMU\n", argv[0]);
		return 1;
	}
	one(argv[1], "OFFCORE_RESPONSE_0");
	one(argv[1], "OFFCORE_RESPONSE_1");
	return 0;
}
