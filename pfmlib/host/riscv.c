/*
 * SPDX-License-Identifier: MIT
 * host/riscv.c - RISC-V host identity: "mvendorid-marchid-mimpid" as the
 * kernel prints them in /proc/cpuinfo (e.g. "0x489-0x8000000000000007-0x4210427"),
 * the form perf's riscv mapfile regular expressions are written against.
 * One identity per distinct triple, so harts of different kinds all count.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "host/readers.h"

#define RV_ID_LEN 40

/* one "processor" block of /proc/cpuinfo */
struct hart_block {
	char vendor[RV_ID_LEN], arch[RV_ID_LEN], impl[RV_ID_LEN];
};

static void flush(void *blk, struct pp_host *h)
{
	struct hart_block *b = blk;
	if (b->vendor[0] && b->arch[0] && b->impl[0]) {
		char id[PP_IDENTITY_LEN];
		snprintf(id, sizeof(id), "%s-%s-%s", b->vendor, b->arch, b->impl);
		pp_host_add(h, id);
	}
	memset(b, 0, sizeof(*b));
}

/* the value's first word (the kernel prints a lone "0x..." number) */
static void word(char *dst, const char *val)
{
	size_t l = strcspn(val, " \t");
	if (l >= RV_ID_LEN)
		l = 0;
	memcpy(dst, val, l);
	dst[l] = '\0';
}

static void field(void *blk, const char *key, const char *val)
{
	struct hart_block *b = blk;
	if (!strcmp(key, "mvendorid"))
		word(b->vendor, val);
	else if (!strcmp(key, "marchid"))
		word(b->arch, val);
	else if (!strcmp(key, "mimpid"))
		word(b->impl, val);
}

int pp_riscv_parse_cpuinfo(const char *text, struct pp_host *h)
{
	static const struct pp_cpuinfo_walk walk = { field, flush };
	struct hart_block b = { 0 };
	return pp_host_cpuinfo_blocks(text, &walk, &b, h);
}

int pp_host_identify_riscv(struct pp_host *h)
{
	char *text = pp_host_read("/proc/cpuinfo");
	if (text) {
		pp_riscv_parse_cpuinfo(text, h);
		free(text);
	}
	return h->n;
}
