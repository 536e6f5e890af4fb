/*
 * SPDX-License-Identifier: MIT
 * host/host.c - host identity: the LIBPFM_CPUID override, dispatch to the
 * architecture's reader (the native one, or every file-based one on a
 * LIBPFM_SYSROOT tree), the shapes of identities, and matching identities
 * against perf mapfile patterns. docs/detection.md tells the rules.
 */
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "host/match.h"
#include "host/readers.h"
#include "util/config.h"
#include "util/log.h"
#include "util/str.h"

static void identify_forced(struct pp_host *h, const char *o)
{
	char one[PP_IDENTITY_LEN];
	while (*o) {
		/* s390 identities contain commas: one runs to the next ';' */
		size_t l = strncmp(o, "IBM,", 4) ? strcspn(o, ",;") : strcspn(o, ";");
		if (l && l < sizeof(one)) {
			memcpy(one, o, l);
			one[l] = '\0';
			pp_host_add(h, one);
		}
		o += l + (o[l] != '\0');
	}
	h->forced = 1;
	pp_debug("host identity forced by LIBPFM_CPUID (%d entries)", h->n);
}

/* the file-based detectors, tried in turn on a LIBPFM_SYSROOT tree */
static int (*const file_detectors[])(struct pp_host *) = {
	pp_host_identify_arm64,
	pp_host_identify_riscv,
	pp_host_identify_powerpc,
	pp_host_identify_s390,
};

static void identify_native(struct pp_host *h)
{
#if defined(__x86_64__) || defined(__i386__)
	pp_host_identify_x86(h);
#elif defined(__aarch64__) || defined(__arm__)
	pp_host_identify_arm64(h);
#elif defined(__riscv)
	pp_host_identify_riscv(h);
#elif defined(__powerpc__) || defined(__powerpc64__)
	pp_host_identify_powerpc(h);
#elif defined(__s390__) || defined(__s390x__)
	pp_host_identify_s390(h);
#else
	(void)h;
#endif
}

int pp_host_identify(struct pp_host *h)
{
	memset(h, 0, sizeof(*h));
	const char *o = pp_cfg.cpuid;
	const char *root = pp_cfg.sysroot;
	/* leaf 0xA: a sysroot's cpuid device, else the host's own cpuid unless
	 * the identity is forced (another CPU's: nothing to read) */
	if (*root)
		pp_host_archperf_file(h);
	else if (!o)
		pp_host_archperf_x86(h);
	if (h->archperf_known)
		pp_debug("host architectural perfmon: version %u, events missing 0x%x", h->archperf_version,
			 (unsigned)h->archperf_absent);
	if (o) {
		identify_forced(h, o);
		return h->n;
	}
	if (*root) {
		/* another machine's tree: its architecture is whichever reader finds it */
		for (size_t i = 0; i < sizeof(file_detectors) / sizeof(file_detectors[0]); i++)
			if (file_detectors[i](h) > 0)
				break;
		pp_debug("host identity read under LIBPFM_SYSROOT=%s", root);
	} else {
		identify_native(h);
	}
	for (int i = 0; i < h->n; i++)
		pp_debug("host identity: %s", h->id[i]);
	return h->n;
}

/* ---- identity shapes ---- */

/* number of hex digits at s */
static size_t hex_run(const char *s)
{
	size_t n = 0;
	while (pp_isxdigit((unsigned char)s[n]))
		n++;
	return n;
}

/* "0x" followed by exactly ndigits hex digits and nothing else */
static int is_hex_literal(const char *s, size_t ndigits)
{
	return s[0] == '0' && (s[1] == 'x' || s[1] == 'X') && hex_run(s + 2) == ndigits &&
	       s[2 + ndigits] == '\0';
}

/* vendor-family-MODEL[-STEPPING]: returns the number of '-' parts (3 or 4), else 0 */
static int x86_parts(const char *s)
{
	size_t v = 0;
	while (pp_isalpha((unsigned char)s[v]))
		v++;
	if (!v || s[v] != '-')
		return 0;
	s += v + 1;
	size_t f = strspn(s, "0123456789");
	if (!f || s[f] != '-')
		return 0;
	s += f + 1;
	size_t m = hex_run(s);
	if (!m)
		return 0;
	if (s[m] == '\0')
		return 3;
	if (s[m] != '-')
		return 0;
	s += m + 1;
	size_t st = hex_run(s);
	return st && s[st] == '\0' ? 4 : 0;
}

/* 0xV-0xA-0xI */
static int is_riscv(const char *s)
{
	for (int part = 0; part < 3; part++) {
		if (s[0] != '0' || (s[1] != 'x' && s[1] != 'X'))
			return 0;
		size_t n = hex_run(s + 2);
		if (!n)
			return 0;
		s += 2 + n;
		if (*s != (part < 2 ? '-' : '\0'))
			return 0;
		s += part < 2;
	}
	return 1;
}

const char *pp_host_id_arch(const char *id)
{
	if (is_hex_literal(id, 16))
		return "arm64";
	if (is_hex_literal(id, 8))
		return "powerpc";
	if (is_riscv(id))
		return "riscv";
	if (!strncmp(id, "IBM,", 4))
		return "s390";
	if (x86_parts(id))
		return "x86";
	return NULL;
}

/* architectures whose PMUs are matched against another one's identity shape:
 * a 32-bit Arm host's CPU is its MIDR too (docs/detection.md) */
static const struct { const char *pmu_arch, *id_arch; } shared_shapes[] = {
	{ "arm", "arm64" },
};

int pp_host_arch_serves(const char *pmu_arch, const char *id_arch)
{
	if (!pmu_arch || !*pmu_arch || !strcmp(pmu_arch, "generic") || !id_arch || !strcmp(pmu_arch, id_arch))
		return 1;
	for (size_t i = 0; i < sizeof(shared_shapes) / sizeof(shared_shapes[0]); i++)
		if (!strcmp(pmu_arch, shared_shapes[i].pmu_arch) && !strcmp(id_arch, shared_shapes[i].id_arch))
			return 1;
	return 0;
}

/* ---- matching ---- */

#define MIDR_VARIANT(m)  (((m) >> 20) & 0xf)
#define MIDR_REVISION(m) ((m) & 0xf)
#define MIDR_VERSION_BITS 0xf0000fULL

/*
 * arm64: implementer, architecture and part number must be equal; the
 * pattern's variant and revision are the lowest the host may have (all zero
 * in perf's mapfile, where they are therefore ignored).
 */
static int midr_match(const char *pattern, const char *identity)
{
	unsigned long long p = strtoull(pattern, NULL, 16), m = strtoull(identity, NULL, 16);
	if ((p & ~MIDR_VERSION_BITS) != (m & ~MIDR_VERSION_BITS))
		return 0;
	if (MIDR_VARIANT(m) != MIDR_VARIANT(p))
		return MIDR_VARIANT(m) > MIDR_VARIANT(p);
	return MIDR_REVISION(m) >= MIDR_REVISION(p);
}

/*
 * What matching needs to know of an identity (its architecture, and for x86
 * the identity without its stepping), computed once per identity: start-up
 * tests every PMU's patterns against the same few identities.
 */
struct id_facts {
	char id[PP_IDENTITY_LEN];
	const char *arch;
	char shorter[PP_IDENTITY_LEN];	/* x86 without stepping, else "" */
};

static const struct id_facts *facts_of(const char *identity)
{
	static struct id_facts cache[2];
	static unsigned next;
	for (unsigned i = 0; i < 2; i++)
		if (cache[i].id[0] && !strcmp(cache[i].id, identity))
			return &cache[i];
	struct id_facts *f = &cache[next++ & 1];
	snprintf(f->id, sizeof(f->id), "%s", identity);
	f->arch = pp_host_id_arch(identity);
	f->shorter[0] = '\0';
	if (f->arch && !strcmp(f->arch, "x86") && x86_parts(identity) == 4) {
		size_t l = (size_t)(strrchr(identity, '-') - identity);
		if (l < sizeof(f->shorter)) {
			memcpy(f->shorter, identity, l);
			f->shorter[l] = '\0';
		}
	}
	return f;
}

/* the C library's regular expressions: pattern matches all of s or all of s2 (may be NULL) */
static int regex_whole(const char *pattern, const char *s, const char *s2)
{
	char anchored[512];
	regex_t re;
	if ((size_t)snprintf(anchored, sizeof(anchored), "^(%s)$", pattern) >= sizeof(anchored))
		return 0;
	if (regcomp(&re, anchored, REG_EXTENDED | REG_NOSUB)) {
		pp_verbose("invalid match pattern '%s'", pattern);
		return 0;
	}
	int ok = !regexec(&re, s, 0, NULL, 0);
	/* most x86 patterns stop at the model: try without the stepping */
	if (!ok && s2)
		ok = !regexec(&re, s2, 0, NULL, 0);
	regfree(&re);
	return ok;
}

int pp_match_string(const char *pattern, const char *s)
{
	/* most names are told apart by the pattern's first bytes, as identities are */
	if (!pp_ere_may_match(pattern, s, NULL))
		return 0;
	int fast = pp_ere_whole(pattern, s);
	return fast >= 0 ? fast : regex_whole(pattern, s, NULL);
}

static int match_with(const struct id_facts *f, const char *pattern, const char *identity)
{
	const char *arch = f->arch;
	if (arch && !strcmp(arch, "arm64") && is_hex_literal(pattern, 16))
		return midr_match(pattern, identity);
	const char *shorter = f->shorter[0] ? f->shorter : NULL;
	/* most patterns are told apart by their first bytes: no need to parse them */
	if (!pp_ere_may_match(pattern, identity, shorter))
		return 0;
	int fast = pp_ere_whole_either(pattern, identity, shorter);
	if (fast >= 0)
		return fast;
	/* a pattern beyond the engine's subset (host/match.h): the C library's regular expressions */
	return regex_whole(pattern, identity, shorter);
}

int pp_match_identity(const char *pattern, const char *identity)
{
	return match_with(facts_of(identity), pattern, identity);
}

int pp_match_identity_arch(const char *arch, const char *pattern, const char *identity)
{
	const struct id_facts *f = facts_of(identity);
	if (!pp_host_arch_serves(arch, f->arch))
		return 0;
	return match_with(f, pattern, identity);
}
