/*
 * SPDX-License-Identifier: MIT
 * host/powerpc.c - POWER host identity: the Processor Version Register as
 * "0x%08x" (perf's powerpc mapfile form, e.g. "0x004e1202"), taken from the
 * "revision : 2.2 (pvr 004e 1202)" line of each /proc/cpuinfo block. A block
 * without the pvr falls back to its "cpu : POWER9 ..." name, giving that
 * processor's version with revision 0.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "host/hostdata.h"
#include "host/readers.h"


struct cpu_block {
	int have_pvr;
	unsigned int pvr;
	unsigned int name_version;	/* 0 = unknown name */
};

static void flush(void *blk, struct pp_host *h)
{
	struct cpu_block *b = blk;
	unsigned int pvr = b->have_pvr ? b->pvr : b->name_version << 16;
	if (b->have_pvr || b->name_version) {
		char id[16];
		snprintf(id, sizeof(id), "0x%08x", pvr);
		pp_host_add(h, id);
	}
	memset(b, 0, sizeof(*b));
}

/* "POWER9 (raw), altivec supported": the first word, looked up */
static unsigned int version_of_name(const char *val)
{
	size_t l = strcspn(val, " \t(,");
	/* the PVR versions of the processors named on the "cpu" line (arch/powerpc/host.yaml) */
	for (unsigned int i = 0; i < pp_hostdata_powerpc_cpu_names_n; i++) {
		const struct pp_hostdata_entry *n = &pp_hostdata_powerpc_cpu_names[i];
		if (strlen(n->name) == l && !strncmp(val, n->name, l))
			return n->value;
	}
	return 0;
}

static void field(void *blk, const char *key, const char *val)
{
	struct cpu_block *b = blk;
	if (!strcmp(key, "cpu")) {
		b->name_version = version_of_name(val);
	} else if (!strcmp(key, "revision")) {
		/* "... (pvr 004e 1202)": two hex halves of at most 16 bits */
		const char *p = strstr(val, "(pvr ");
		char *end1, *end2;
		unsigned long hi = p ? strtoul(p + 5, &end1, 16) : 0;
		unsigned long lo = p && end1 != p + 5 ? strtoul(end1, &end2, 16) : 0;
		if (p && end1 != p + 5 && end2 != end1 && hi <= 0xffff && lo <= 0xffff) {
			b->pvr = (unsigned int)(hi << 16 | lo);
			b->have_pvr = 1;
		}
	}
}

int pp_powerpc_parse_cpuinfo(const char *text, struct pp_host *h)
{
	static const struct pp_cpuinfo_walk walk = { field, flush };
	struct cpu_block b = { 0 };
	return pp_host_cpuinfo_blocks(text, &walk, &b, h);
}

int pp_host_identify_powerpc(struct pp_host *h)
{
	char *text = pp_host_read("/proc/cpuinfo");
	if (text) {
		pp_powerpc_parse_cpuinfo(text, h);
		free(text);
	}
	return h->n;
}
