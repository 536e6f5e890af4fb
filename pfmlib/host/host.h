/*
 * SPDX-License-Identifier: MIT
 * host/host.h - who is this host: the CPU identity strings that PMU `match`
 * patterns are tested against, how they are found (host/readers.h: one
 * reader per architecture, under LIBPFM_SYSROOT for tests) and how they are
 * matched against perf mapfile patterns.
 *
 * Identities have the form each architecture's perf mapfile expects (see
 * docs/detection.md), so a LIBPFM_CPUID value is written exactly as perf
 * prints it:
 *   x86      GenuineIntel-6-55-4            vendor-family-MODEL-STEPPING
 *   arm64    0x00000000410fd0c1             MIDR_EL1, 16 hex digits
 *   riscv    0x489-0x8000000000000007-0x4210427   mvendorid-marchid-mimpid
 *   powerpc  0x004e1202                     PVR, 8 hex digits
 *   s390     IBM,3931,A01,703,3.7,002f      manufacturer,type,model...,cf version,auth
 * The shape of an identity tells its architecture (pp_host_id_arch).
 */
#ifndef PP_HOST_HOST_H
#define PP_HOST_HOST_H

#include <stdint.h>

#define PP_MAX_IDENTITIES 16
#define PP_IDENTITY_LEN 128

struct pp_host {
	int n;					/* identities found */
	char id[PP_MAX_IDENTITIES][PP_IDENTITY_LEN];	/* e.g. "AuthenticAMD-26-2-0" */
	int forced;				/* identities came from LIBPFM_CPUID */
	/*
	 * x86 architectural performance monitoring (cpuid leaf 0xA), where it
	 * can be read: the cpuid instruction on the host itself (neither
	 * LIBPFM_CPUID nor LIBPFM_SYSROOT set), or a LIBPFM_SYSROOT tree's
	 * dev/cpu/0/cpuid (Linux's cpuid device: 16 bytes eax ebx ecx edx at
	 * the offset of the leaf). Unknown otherwise: a PMU that follows it
	 * (`arch_perfmon`) is then taken whole, as libpfm4's forced mode does.
	 */
	int archperf_known;
	unsigned archperf_version;		/* EAX[7:0]; 0: no architectural PMU (a VM hiding it) */
	uint32_t archperf_absent;		/* bit n: architectural event n is missing
						 * (EBX bit n set, or n >= the vector length EAX[31:24]) */
	unsigned archperf_counters;		/* general-purpose counters, EAX[15:8] */
	unsigned archperf_fixed;		/* fixed counters, EDX[4:0] (version 2 and later) */
};

/*
 * Fill h with this host's identities, one per distinct core type.
 * LIBPFM_CPUID replaces detection, in the spirit of perf's PERF_CPUID: its
 * identities are separated by ',' or ';', except that an s390 identity
 * (starting "IBM,") runs to the next ';'. With LIBPFM_SYSROOT set, the tree under it is read instead of
 * the host, whatever its architecture. Returns h->n.
 */
int pp_host_identify(struct pp_host *h);

/* the architectural-perfmon facts of cpuid leaf 0xA's eax, ebx and edx into h */
void pp_host_archperf_set(struct pp_host *h, uint32_t eax, uint32_t ebx, uint32_t edx);

/* the architecture an identity's shape belongs to ("x86", "arm64", ...), or NULL */
const char *pp_host_id_arch(const char *identity);

/*
 * May a PMU of architecture pmu_arch (NULL, "" or "generic": any) match an
 * identity of shape id_arch (pp_host_id_arch; NULL: unknown, any)? The same
 * architecture, or one that shares its identity (32-bit arm PMUs take
 * arm64's MIDR form).
 */
int pp_host_arch_serves(const char *pmu_arch, const char *id_arch);

/*
 * The matcher API: a perf pattern (POSIX extended regular expression) must
 * match the whole of what it is matched against; the name says what that is.
 *
 * pp_match_identity: a host identity (LIBPFM_CPUID's form). x86
 * identities are also tried without their stepping; an arm64 MIDR literal
 * pattern is compared as perf does (variant and revision of the pattern
 * are a minimum). 1 matches, 0 not (an invalid pattern matches nothing).
 */
int pp_match_identity(const char *pattern, const char *identity);

/* the same, and never across architectures: arch is the PMU's (NULL/""/generic: any) */
int pp_match_identity_arch(const char *arch, const char *pattern, const char *identity);

/*
 * pp_match_string: any other string, as it is (a kernel PMU's name against
 * a perf_pmu_pattern, a sysfs `identifier` against a system table's
 * Compat). 1 matches, 0 not or an invalid pattern.
 */
int pp_match_string(const char *pattern, const char *s);

#endif /* PP_HOST_HOST_H */
