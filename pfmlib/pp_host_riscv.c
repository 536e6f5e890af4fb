/*
 * pp_host_riscv.c - RISC-V host identity: "mvendorid-marchid-mimpid" as the
 * kernel prints them in /proc/cpuinfo (e.g. "0x489-0x8000000000000007-0x4210427"),
 * the form perf's riscv mapfile regular expressions are written against.
 * One identity per distinct triple, so harts of different kinds all count.
 */
#include <stdio.h>
#include <string.h>
#include "pp_host.h"

#define RV_ID_LEN 40

/* one "processor" block of /proc/cpuinfo */
struct hart_block {
	char vendor[RV_ID_LEN], arch[RV_ID_LEN], impl[RV_ID_LEN];
};

static void flush(struct hart_block *b, struct pp_host *h)
{
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

int pp_riscv_parse_cpuinfo(FILE *f, struct pp_host *h)
{
	struct hart_block b = { 0 };
	char line[1024], *key, *val;
	while (pp_host_getline(f, line, sizeof(line))) {
		if (!line[strspn(line, " \t")]) {
			flush(&b, h);	/* a blank line ends a block */
			continue;
		}
		if (!pp_host_kv(line, &key, &val))
			continue;
		if (!strcmp(key, "processor"))
			flush(&b, h);
		else if (!strcmp(key, "mvendorid"))
			word(b.vendor, val);
		else if (!strcmp(key, "marchid"))
			word(b.arch, val);
		else if (!strcmp(key, "mimpid"))
			word(b.impl, val);
	}
	flush(&b, h);
	return h->n;
}

int pp_host_identify_riscv(struct pp_host *h)
{
	FILE *f = pp_host_fopen("/proc/cpuinfo");
	if (f) {
		pp_riscv_parse_cpuinfo(f, h);
		fclose(f);
	}
	return h->n;
}
