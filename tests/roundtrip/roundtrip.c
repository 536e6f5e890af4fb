/*
 * SPDX-License-Identifier: MIT
 * tests/roundtrip/roundtrip.c — suite `roundtrip` of test_public
 * (check-roundtrip): the fully qualified string the library returns always
 * encodes again to the same result. For every event and every
 * event:unit-mask of every PMU the library has (LIBPFM_ENCODE_INACTIVE=1),
 * alone and with each PMU modifier and perf_events attribute it accepts set
 * to 1 and to 0 (where either is accepted), under
 * PFM_OS_NONE and PFM_OS_PERF_EVENT_EXT: encode, take the fstr, encode the
 * fstr, and compare codes (NONE) or the whole perf_event_attr and cpu (EXT).
 * (The second fstr may spell a unit mask by its equivalent parts.)
 * One CUnit test a PMU, one check (a CUnit assert) a string and layer that
 * encodes. Box instances of one uncore table (skx_unc_cha0..27,
 * spr_unc_cha0..59) share their events: the first PMU of a table is walked
 * whole, each further one by its first event and that event's first unit
 * mask only (its own name, id and kernel PMU), so boxes do not multiply the
 * cost. Results line: roundtrip.
 * usage: test_public roundtrip [PMU...]   (default: every PMU)
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <perfmon/pfmlib.h>
#include <perfmon/pfmlib_perf_event.h>
#include "public.h"
#include "suite.h"

#define PLM (PFM_PLM0 | PFM_PLM3)

struct none_enc {
	int ret, count;
	uint64_t codes[8];
	char *fstr;
};

struct ext_enc {
	int ret, cpu;
	struct perf_event_attr attr;
	char *fstr;
};

static void none_encode(const char *s, struct none_enc *o)
{
	pfm_pmu_encode_arg_t a;
	uint64_t *codes = o->codes;
	memset(&a, 0, sizeof(a));
	memset(o->codes, 0, sizeof(o->codes));
	a.size = sizeof(a);
	a.codes = codes;
	a.count = 8;
	a.fstr = &o->fstr;
	o->fstr = NULL;
	o->ret = pfm_get_os_event_encoding(s, PLM, PFM_OS_NONE, &a);
	o->count = a.count;
}

static void ext_encode(const char *s, struct ext_enc *o)
{
	pfm_perf_encode_arg_t a;
	memset(&a, 0, sizeof(a));
	memset(&o->attr, 0, sizeof(o->attr));
	a.size = sizeof(a);
	a.attr = &o->attr;
	a.fstr = &o->fstr;
	o->fstr = NULL;
	o->ret = pfm_get_os_event_encoding(s, PLM, PFM_OS_PERF_EVENT_EXT, &a);
	o->cpu = a.cpu;
}

/* s encodes; its fstr encodes the same again */
static void round_trip(const char *s)
{
	struct none_enc n1, n2;
	struct ext_enc x1, x2;

	none_encode(s, &n1);
	if (n1.ret == PFM_SUCCESS) {
		none_encode(n1.fstr, &n2);
		TL_ASSERT(n2.ret == PFM_SUCCESS && n2.count == n1.count &&
			  !memcmp(n1.codes, n2.codes, sizeof(n1.codes)),
			  "PFM_OS_NONE %s: fstr %s encodes %s (%s)", s, n1.fstr,
			  n2.ret ? pfm_strerror(n2.ret) : "differently", n2.fstr ? n2.fstr : "-");
		free(n2.fstr);
	}
	free(n1.fstr);
	ext_encode(s, &x1);
	if (x1.ret == PFM_SUCCESS) {
		ext_encode(x1.fstr, &x2);
		TL_ASSERT(x2.ret == PFM_SUCCESS && x2.cpu == x1.cpu && !memcmp(&x1.attr, &x2.attr, sizeof(x1.attr)),
			  "PFM_OS_PERF_EVENT_EXT %s: fstr %s encodes %s (%s)", s, x1.fstr,
			  x2.ret ? pfm_strerror(x2.ret) : "differently", x2.fstr ? x2.fstr : "-");
		free(x2.fstr);
	}
	free(x1.fstr);
}

/* base alone, then with each PMU modifier the event offers set to 1, and to 0 */
static void with_modifiers(int idx, const char *base)
{
	char s[1024];
	pfm_event_info_t ei;
	memset(&ei, 0, sizeof(ei));
	ei.size = sizeof(ei);
	round_trip(base);
	if (pfm_get_event_info(idx, PFM_OS_PERF_EVENT_EXT, &ei) != PFM_SUCCESS)
		return;
	/* the PMU's modifiers and the perf_events attributes (the latter encode
	 * under PFM_OS_PERF_EVENT_EXT only: PFM_OS_NONE refuses them) */
	for (int a = 0; a < ei.nattrs; a++) {
		pfm_event_attr_info_t ai;
		memset(&ai, 0, sizeof(ai));
		ai.size = sizeof(ai);
		if (pfm_get_event_attr_info(idx, a, PFM_OS_PERF_EVENT_EXT, &ai) != PFM_SUCCESS ||
		    ai.type == PFM_ATTR_UMASK)
			continue;
		/* a boolean set, an integer at 1 (the smallest value most accept) */
		snprintf(s, sizeof(s), "%s:%s=1", base, ai.name);
		round_trip(s);
		/* and at 0: perf's booleans cleared (mg=0, mh=0, u=0 ...), a PMU
		 * modifier given at 0 (the C-box tf=0, which sets the TID filter) */
		snprintf(s, sizeof(s), "%s:%s=0", base, ai.name);
		round_trip(s);
	}
}

/* a signature of a PMU's event table: names, codes and attribute counts */
static uint64_t table_signature(const pfm_pmu_info_t *pi)
{
	uint64_t h = 1469598103934665603ULL ^ (uint64_t)pi->nevents;
	for (int idx = pi->first_event; idx != -1; idx = pfm_get_event_next(idx)) {
		pfm_event_info_t ei;
		memset(&ei, 0, sizeof(ei));
		ei.size = sizeof(ei);
		if (pfm_get_event_info(idx, PFM_OS_NONE, &ei) != PFM_SUCCESS)
			continue;
		for (const char *c = ei.name; *c; c++)
			h = (h ^ (unsigned char)*c) * 1099511628211ULL;
		h = (h ^ ei.code ^ ((uint64_t)ei.nattrs << 48)) * 1099511628211ULL;
	}
	return h;
}

/* 1 when an earlier PMU had the same event table (and its type) */
static int seen_table(const pfm_pmu_info_t *pi)
{
	static uint64_t seen[4096];
	static int nseen;
	if (pi->type != PFM_PMU_TYPE_UNCORE)
		return 0;
	uint64_t h = table_signature(pi);
	for (int i = 0; i < nseen; i++)
		if (seen[i] == h)
			return 1;
	if (nseen < (int)(sizeof(seen) / sizeof(seen[0])))
		seen[nseen++] = h;
	return 0;
}

static int wanted(const char *name, int argc, char **argv)
{
	if (argc < 2)
		return 1;
	for (int i = 1; i < argc; i++)
		if (!strcmp(argv[i], name))
			return 1;
	return 0;
}

/* a PMU of the walk: its id, and whether an earlier PMU had its table */
struct rt_pmu {
	int id, again;
};
static struct rt_pmu *pmus;
static int npmus;
static int init_ret;

static void test_every_fstr_encodes_again_to_the_same_result(const void *data)
{
	const struct rt_pmu *p = data;
	char s[1024];
	pfm_pmu_info_t pi;
	memset(&pi, 0, sizeof(pi));
	pi.size = sizeof(pi);
	TL_ASSERT(pfm_get_pmu_info((pfm_pmu_t)p->id, &pi) == PFM_SUCCESS, "pfm_get_pmu_info(%d)", p->id);
	for (int idx = pi.first_event; idx != -1; idx = p->again ? -1 : pfm_get_event_next(idx)) {
		pfm_event_info_t ei;
		memset(&ei, 0, sizeof(ei));
		ei.size = sizeof(ei);
		if (pfm_get_event_info(idx, PFM_OS_NONE, &ei) != PFM_SUCCESS)
			continue;
		snprintf(s, sizeof(s), "%s::%s", pi.name, ei.name);
		with_modifiers(idx, s);
		for (int a = 0; a < ei.nattrs; a++) {
			pfm_event_attr_info_t ai;
			memset(&ai, 0, sizeof(ai));
			ai.size = sizeof(ai);
			if (pfm_get_event_attr_info(idx, a, PFM_OS_NONE, &ai) != PFM_SUCCESS ||
			    ai.type != PFM_ATTR_UMASK)
				continue;
			snprintf(s, sizeof(s), "%s::%s:%s", pi.name, ei.name, ai.name);
			with_modifiers(idx, s);
			if (p->again)
				break;
		}
	}
}

static void test_the_library_initializes(void)
{
	TL_ASSERT(init_ret == PFM_SUCCESS, "pfm_initialize: %s", pfm_strerror(init_ret));
}

static const struct tl_test init_tests[] = {
	TL_TEST(test_the_library_initializes),
};

/* after the suite: the library terminated, the walk's list freed */
static int terminate(void)
{
	pfm_terminate();
	free(pmus);
	pmus = NULL;
	npmus = 0;
	return 0;
}

int roundtrip_register(int argc, char **argv)
{
	CU_pSuite s = tl_suite("fstr round trips", NULL, terminate, init_tests);
	init_ret = pfm_initialize();
	if (init_ret != PFM_SUCCESS)
		return 0;
	/* the PMUs the walk takes, in id order (a table seen before is marked
	 * while every PMU is still listed, before any test runs) */
	int cap = 0;
	for (int id = 0; id < PFM_PMU_MAX + 1024; id++) {
		pfm_pmu_info_t pi;
		memset(&pi, 0, sizeof(pi));
		pi.size = sizeof(pi);
		if (pfm_get_pmu_info((pfm_pmu_t)id, &pi) != PFM_SUCCESS || !wanted(pi.name, argc, argv))
			continue;
		if (npmus == cap) {
			cap = cap ? 2 * cap : 256;
			struct rt_pmu *grown = realloc(pmus, (size_t)cap * sizeof(*pmus));
			if (!grown)
				break;
			pmus = grown;
		}
		pmus[npmus++] = (struct rt_pmu){ id, seen_table(&pi) };
	}
	/* registered once the list is whole: it no longer moves */
	for (int i = 0; i < npmus; i++) {
		pfm_pmu_info_t pi;
		memset(&pi, 0, sizeof(pi));
		pi.size = sizeof(pi);
		pfm_get_pmu_info((pfm_pmu_t)pmus[i].id, &pi);
		tl_case_add(s, test_every_fstr_encodes_again_to_the_same_result, &pmus[i],
			    "test_every_fstr_encodes_again_to_the_same_result[%s%s]", pi.name,
			    pmus[i].again ? ", first event and unit mask: its table was walked before" : "");
	}
	return 0;
}
