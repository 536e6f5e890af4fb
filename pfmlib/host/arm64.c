/*
 * SPDX-License-Identifier: MIT
 * host/arm64.c - arm64 host identity: the MIDR_EL1 of each CPU as
 * "0x%016x" (perf's arm64 mapfile form), one identity per distinct value so
 * that every core type of a big.LITTLE system is seen. Read from
 * /sys/devices/system/cpu/cpuN/regs/identification/midr_el1, else rebuilt
 * from the "CPU implementer/variant/part/revision" lines of /proc/cpuinfo.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "host/readers.h"
#include "util/file.h"

/* MIDR_EL1: implementer[31:24] variant[23:20] architecture[19:16] part[15:4] revision[3:0] */
#define MIDR_ARCH_AARCH64 0xfULL	/* "CPU architecture: 8" reads 0xf in the register */

static void add_midr(struct pp_host *h, unsigned long long midr)
{
	char id[32];
	snprintf(id, sizeof(id), "0x%016llx", midr);
	pp_host_add(h, id);
}

/* one "processor" block of /proc/cpuinfo */
struct cpu_block {
	int have_impl, have_part;
	unsigned long long impl, variant, part, rev;
};

static void flush(void *blk, struct pp_host *h)
{
	struct cpu_block *b = blk;
	if (b->have_impl && b->have_part)
		add_midr(h, (b->impl & 0xff) << 24 | (b->variant & 0xf) << 20 |
			 MIDR_ARCH_AARCH64 << 16 | (b->part & 0xfff) << 4 | (b->rev & 0xf));
	memset(b, 0, sizeof(*b));
}

static void field(void *blk, const char *key, const char *val)
{
	struct cpu_block *b = blk;
	if (!strcmp(key, "CPU implementer"))
		b->impl = strtoull(val, NULL, 0), b->have_impl = 1;
	else if (!strcmp(key, "CPU variant"))
		b->variant = strtoull(val, NULL, 0);
	else if (!strcmp(key, "CPU part"))
		b->part = strtoull(val, NULL, 0), b->have_part = 1;
	else if (!strcmp(key, "CPU revision"))
		b->rev = strtoull(val, NULL, 0);
}

int pp_arm64_parse_cpuinfo(const char *text, struct pp_host *h)
{
	static const struct pp_cpuinfo_walk walk = { field, flush };
	struct cpu_block b = { 0 };
	return pp_host_cpuinfo_blocks(text, &walk, &b, h);
}

/* highest N of the cpuN directories below PP_HOST_MAX_CPUS, or -1 */
static int max_cpu(void)
{
	char path[1024];
	DIR *d = pp_path(path, sizeof(path), "/sys/devices/system/cpu") ? opendir(path) : NULL;
	if (!d)
		return -1;
	int max = -1, seen = 0;
	struct dirent *e;
	while (seen++ < 4 * PP_HOST_MAX_CPUS && (e = readdir(d))) {
		char *end;
		if (strncmp(e->d_name, "cpu", 3) || e->d_name[3] < '0' || e->d_name[3] > '9')
			continue;
		long n = strtol(e->d_name + 3, &end, 10);
		if (!*end && n > max && n < PP_HOST_MAX_CPUS)
			max = (int)n;
	}
	closedir(d);
	return max;
}

static int from_sysfs(struct pp_host *h)
{
	int found = 0, max = max_cpu();
	for (int cpu = 0; cpu <= max; cpu++) {	/* in cpu order, whatever readdir's order */
		char rel[128], path[1024], buf[64];
		const char *why;
		snprintf(rel, sizeof(rel), "/sys/devices/system/cpu/cpu%d/regs/identification/midr_el1", cpu);
		if (!pp_path(path, sizeof(path), rel) || pp_file_read(path, buf, sizeof(buf), &why) <= 0)
			continue;	/* offline, or a kernel without the file */
		char *end;
		unsigned long long midr = strtoull(buf, &end, 16);
		if (end != buf) {
			add_midr(h, midr);
			found = 1;
		}
	}
	return found;
}

int pp_host_identify_arm64(struct pp_host *h)
{
	if (from_sysfs(h))
		return h->n;
	char *text = pp_host_read("/proc/cpuinfo");
	if (text) {
		pp_arm64_parse_cpuinfo(text, h);
		free(text);
	}
	return h->n;
}
