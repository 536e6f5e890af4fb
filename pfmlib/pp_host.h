/*
 * pp_host.h - who is this host: the CPU identity strings that PMU `match`
 * patterns are tested against, and the redirectable file-system root used to
 * read /proc and /sys (for tests; ignored in set-uid programs).
 */
#ifndef PP_HOST_H
#define PP_HOST_H

#include <stddef.h>

#define PP_MAX_IDENTITIES 8
#define PP_IDENTITY_LEN 128

struct pp_host {
	int n;					/* identities found */
	char id[PP_MAX_IDENTITIES][PP_IDENTITY_LEN];	/* e.g. "AuthenticAMD-26-2-0" */
};

/*
 * Fill h with this host's identities. LIBPFM_CPUID (comma-separated) replaces
 * detection, in the spirit of perf's PERF_CPUID. Returns h->n.
 */
int pp_host_identify(struct pp_host *h);

/* per-architecture detection; each returns identities appended to h */
int pp_host_identify_x86(struct pp_host *h);

/* does identity match the perf-mapfile-style regular expression pattern? */
int pp_host_match(const char *pattern, const char *identity);

/* path under the file-system root (LIBPFM_SYSROOT, tests only): buf gets root+path */
const char *pp_host_path(char *buf, size_t sz, const char *path);

#endif /* PP_HOST_H */
