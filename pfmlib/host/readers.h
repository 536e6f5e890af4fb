/*
 * SPDX-License-Identifier: MIT
 * host/readers.h - the per-architecture readers of the host identity (one
 * file each: x86.c, arm64.c, riscv.c, powerpc.c, s390.c), the parsers behind
 * them (fed fixtures by the tests), and the /proc text helpers they share
 * (cpuinfo.c). Files are read whole through util/path.h, so LIBPFM_SYSROOT
 * points every reader at a fixture tree.
 */
#ifndef PP_HOST_READERS_H
#define PP_HOST_READERS_H

#include <stddef.h>
#include "host/host.h"
#include "util/path.h"

/* append identity unless h already has it or is full; returns 1 when added */
int pp_host_add(struct pp_host *h, const char *identity);

/*
 * Per-architecture detection: each appends this host's identities to h and
 * returns h->n. All but x86 read files only (through pp_host_read), so they
 * are built on every host and run on any fixture tree.
 */
int pp_host_identify_x86(struct pp_host *h);		/* cpuid instruction */
/* cpuid leaf 0xA into h: from the cpuid instruction (native) or from
 * LIBPFM_SYSROOT's dev/cpu/0/cpuid (file); nothing when it cannot be read */
void pp_host_archperf_x86(struct pp_host *h);
void pp_host_archperf_file(struct pp_host *h);
int pp_host_identify_arm64(struct pp_host *h);		/* sysfs midr_el1, else /proc/cpuinfo */
int pp_host_identify_riscv(struct pp_host *h);		/* /proc/cpuinfo */
int pp_host_identify_powerpc(struct pp_host *h);	/* /proc/cpuinfo */
int pp_host_identify_s390(struct pp_host *h);		/* /proc/sysinfo, /proc/service_levels */

/* the parsers behind them, on the text of a /proc file (tests feed fixtures) */
int pp_arm64_parse_cpuinfo(const char *text, struct pp_host *h);
int pp_riscv_parse_cpuinfo(const char *text, struct pp_host *h);
int pp_powerpc_parse_cpuinfo(const char *text, struct pp_host *h);
/* sysinfo and service_levels may be NULL; cpuinfo is the fallback for the type */
int pp_s390_parse(const char *sysinfo, const char *service_levels, const char *cpuinfo, struct pp_host *h);

/* bytes of one /proc file that are read at most, in memory at once (a 4096-CPU cpuinfo is a few MB) */
#define PP_HOST_MAX_BYTES (16L << 20)
/* cpuN directories looked at (the highest N tried) */
#define PP_HOST_MAX_CPUS 8192

/* the text of /proc file path (under LIBPFM_SYSROOT), its first
 * PP_HOST_MAX_BYTES at most; NULL when it cannot be read. Free it. */
char *pp_host_read(const char *path);

/*
 * Copy the line at *text into buf (without its newline; the part of a
 * longer line that does not fit is dropped) and move *text past it.
 * Returns 0 at the end of the text.
 */
int pp_host_getline(const char **text, char *buf, size_t sz);

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
int pp_host_cpuinfo_blocks(const char *text, const struct pp_cpuinfo_walk *w, void *blk, struct pp_host *h);

#endif /* PP_HOST_READERS_H */
