/*
 * pp_host.h - who is this host: the CPU identity strings that PMU `match`
 * patterns are tested against, the per-architecture readers that produce
 * them, and the redirectable file-system root used to read /proc and /sys
 * (LIBPFM_SYSROOT, for tests; ignored in set-uid programs).
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
#ifndef PP_HOST_H
#define PP_HOST_H

#include <stddef.h>
#include <stdio.h>

#define PP_MAX_IDENTITIES 16
#define PP_IDENTITY_LEN 128

struct pp_host {
	int n;					/* identities found */
	char id[PP_MAX_IDENTITIES][PP_IDENTITY_LEN];	/* e.g. "AuthenticAMD-26-2-0" */
	int forced;				/* identities came from LIBPFM_CPUID */
};

/*
 * Fill h with this host's identities, one per distinct core type.
 * LIBPFM_CPUID replaces detection, in the spirit of perf's PERF_CPUID: its
 * identities are separated by ',' or ';', except that an s390 identity
 * (starting "IBM,") runs to the next ';'. With LIBPFM_SYSROOT set, the tree under it is read instead of
 * the host, whatever its architecture. Returns h->n.
 */
int pp_host_identify(struct pp_host *h);

/* append identity unless h already has it or is full; returns 1 when added */
int pp_host_add(struct pp_host *h, const char *identity);

/*
 * Per-architecture detection: each appends this host's identities to h and
 * returns h->n. All but x86 read files only (through pp_host_path), so they
 * are built on every host and run on any fixture tree.
 */
int pp_host_identify_x86(struct pp_host *h);		/* cpuid instruction */
int pp_host_identify_arm64(struct pp_host *h);		/* sysfs midr_el1, else /proc/cpuinfo */
int pp_host_identify_riscv(struct pp_host *h);		/* /proc/cpuinfo */
int pp_host_identify_powerpc(struct pp_host *h);	/* /proc/cpuinfo */
int pp_host_identify_s390(struct pp_host *h);		/* /proc/sysinfo, /proc/service_levels */

/* the parsers behind them, on an open /proc file (tests feed fixtures) */
int pp_arm64_parse_cpuinfo(FILE *f, struct pp_host *h);
int pp_riscv_parse_cpuinfo(FILE *f, struct pp_host *h);
int pp_powerpc_parse_cpuinfo(FILE *f, struct pp_host *h);
/* sysinfo and service_levels may be NULL; cpuinfo is the fallback for the type */
int pp_s390_parse(FILE *sysinfo, FILE *service_levels, FILE *cpuinfo, struct pp_host *h);

/*
 * Read one line of f into buf (without its newline; the part of a longer
 * line that does not fit is dropped). Returns 0 at end of file.
 */
int pp_host_getline(FILE *f, char *buf, size_t sz);

/*
 * Split a "key<blanks>: value" line of /proc/cpuinfo in place: *key and *val
 * get the trimmed halves. Returns 0 when the line has no ':'.
 */
int pp_host_kv(char *line, char **key, char **val);

/*
 * Walk the "processor" blocks of a /proc/cpuinfo: field() sees each
 * "key : value" line of a block, end() is called when a block ends (a blank
 * line, the next "processor" line, or the end of the file) and must reset
 * blk. Returns h->n.
 */
struct pp_cpuinfo_walk {
	void (*field)(void *blk, const char *key, const char *val);
	void (*end)(void *blk, struct pp_host *h);
};
int pp_host_cpuinfo_blocks(FILE *f, const struct pp_cpuinfo_walk *w, void *blk, struct pp_host *h);

/* the architecture an identity's shape belongs to ("x86", "arm64", ...), or NULL */
const char *pp_host_id_arch(const char *identity);

/*
 * Does identity match the perf-mapfile pattern? Regular expressions
 * (POSIX extended) must match the whole identity; x86 identities are also
 * tried without their stepping; an arm64 MIDR literal pattern is compared as
 * perf does (variant and revision of the pattern are a minimum).
 */
int pp_host_match(const char *pattern, const char *identity);

/* the same, and never across architectures: arch is the PMU's (NULL/""/generic: any) */
int pp_host_match_arch(const char *arch, const char *pattern, const char *identity);

/* path under the file-system root (LIBPFM_SYSROOT, tests only): buf gets root+path */
const char *pp_host_path(char *buf, size_t sz, const char *path);

/* fopen(pp_host_path(path)) for reading */
FILE *pp_host_fopen(const char *path);

#endif /* PP_HOST_H */
