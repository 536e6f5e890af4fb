/*
 * SPDX-License-Identifier: MIT
 * host/x86.c - x86 host identity from cpuid, in perf's format
 * "<vendor>-<family>-<MODEL>-<STEPPING>" (family decimal, model and
 * stepping upper-case hex), e.g. "AuthenticAMD-26-2-0"; and the
 * architectural performance monitoring leaf (0xA), from cpuid or from a
 * sysroot's cpuid device file.
 */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "host/readers.h"
#include "util/file.h"

/* cpuid leaf 0xA: the leaf's number is its offset in Linux's cpuid device */
#define ARCHPERF_LEAF 0xa

void pp_host_archperf_set(struct pp_host *h, uint32_t eax, uint32_t ebx, uint32_t edx)
{
	unsigned len = eax >> 24;
	h->archperf_known = 1;
	h->archperf_version = eax & 0xff;
	h->archperf_counters = (eax >> 8) & 0xff;
	h->archperf_fixed = h->archperf_version >= 2 ? edx & 0x1f : 0;
	/* events past the vector's length are missing too */
	h->archperf_absent = len >= 32 ? ebx : (ebx | ~((1u << len) - 1));
}

void pp_host_archperf_file(struct pp_host *h)
{
	char path[4096];
	struct stat st;
	unsigned char r[16];
	int fd;
	if (!pp_path(path, sizeof(path), "/dev/cpu/0/cpuid") || (fd = pp_file_open(path, 0, &st)) < 0)
		return;
	ssize_t n = pp_file_pread(fd, r, sizeof(r), ARCHPERF_LEAF);
	close(fd);
	if (n != (ssize_t)sizeof(r))
		return;
	uint32_t eax = (uint32_t)r[0] | (uint32_t)r[1] << 8 | (uint32_t)r[2] << 16 | (uint32_t)r[3] << 24;
	uint32_t ebx = (uint32_t)r[4] | (uint32_t)r[5] << 8 | (uint32_t)r[6] << 16 | (uint32_t)r[7] << 24;
	uint32_t edx = (uint32_t)r[12] | (uint32_t)r[13] << 8 | (uint32_t)r[14] << 16 | (uint32_t)r[15] << 24;
	pp_host_archperf_set(h, eax, ebx, edx);
}

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>

int pp_host_identify_x86(struct pp_host *h)
{
	unsigned int a, b, c, d;
	char vendor[13];
	if (h->n >= PP_MAX_IDENTITIES || !__get_cpuid(0, &a, &b, &c, &d))
		return h->n;
	memcpy(vendor, &b, 4);
	memcpy(vendor + 4, &d, 4);
	memcpy(vendor + 8, &c, 4);
	vendor[12] = '\0';
	if (a < 1 || !__get_cpuid(1, &a, &b, &c, &d))
		return h->n;
	unsigned int family = (a >> 8) & 0xf, model = (a >> 4) & 0xf, stepping = a & 0xf;
	if (family == 0xf)
		family += (a >> 20) & 0xff;
	if (family == 0x6 || family >= 0xf)
		model |= ((a >> 16) & 0xf) << 4;
	snprintf(h->id[h->n], PP_IDENTITY_LEN, "%s-%u-%X-%X", vendor, family, model, stepping);
	return ++h->n;
}

void pp_host_archperf_x86(struct pp_host *h)
{
	unsigned int a, b, c, d;
	if (!__get_cpuid(0, &a, &b, &c, &d))
		return;
	if (a < ARCHPERF_LEAF) {
		/* no leaf 0xA at all: no architectural PMU */
		pp_host_archperf_set(h, 0, 0, 0);
		return;
	}
	__cpuid(ARCHPERF_LEAF, a, b, c, d);
	pp_host_archperf_set(h, a, b, d);
}
#else
int pp_host_identify_x86(struct pp_host *h)
{
	return h->n;
}

void pp_host_archperf_x86(struct pp_host *h)
{
	(void)h;
}
#endif
