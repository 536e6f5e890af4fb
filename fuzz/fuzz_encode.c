/*
 * SPDX-License-Identifier: MIT
 * fuzz/fuzz_encode.c - event strings: pfm_get_os_event_encoding under
 * PFM_OS_NONE, PFM_OS_PERF_EVENT and PFM_OS_PERF_EVENT_EXT, pfm_find_event
 * and a walk of the found event's attributes, on the unit-test fixture
 * PMUs (tests/unit/fixtures, linked instead of the built-in table) with
 * LIBPFM_ENCODE_INACTIVE=1 on the empty sysroot.
 *
 * Round trip (PMUPLUG_FUZZ_REENCODE=1, or -DFUZZ_REENCODE=1): an encoding
 * that succeeds gives an fstr that encodes to the same codes / attr. A
 * mismatch is printed on stderr and counted, not aborted on, unless
 * PMUPLUG_FUZZ_REENCODE=2 (then it aborts, for minimising a case).
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <perfmon/pfmlib.h>
#include <perfmon/pfmlib_perf_event.h>
#include "common.h"

#ifndef FUZZ_REENCODE
#define FUZZ_REENCODE 0		/* off when built outside fuzz/module.mk, which sets 2 (on: a mismatch aborts) */
#endif

static int reencode;
static unsigned long mismatches;

struct enc {
	int ret, count;
	uint64_t codes[8];
	struct perf_event_attr attr;
	char *fstr;
};

static void encode(const char *s, pfm_os_t os, struct enc *e)
{
	memset(e, 0, sizeof(*e));
	if (os == PFM_OS_NONE) {
		pfm_pmu_encode_arg_t a;
		memset(&a, 0, sizeof(a));
		a.size = sizeof(a);
		a.fstr = &e->fstr;
		e->ret = pfm_get_os_event_encoding(s, PFM_PLM0 | PFM_PLM3, os, &a);
		if (e->ret == PFM_SUCCESS) {
			e->count = a.count;
			for (int i = 0; i < a.count && i < 8; i++)
				e->codes[i] = a.codes[i];
		}
		free(a.codes);
	} else {
		pfm_perf_encode_arg_t a;
		memset(&a, 0, sizeof(a));
		a.size = sizeof(a);
		a.attr = &e->attr;
		a.fstr = &e->fstr;
		e->ret = pfm_get_os_event_encoding(s, PFM_PLM0 | PFM_PLM3, os, &a);
	}
	if (e->ret != PFM_SUCCESS) {
		free(e->fstr);
		e->fstr = NULL;
	}
}

static int same(const struct enc *a, const struct enc *b, pfm_os_t os)
{
	if (a->ret != b->ret)
		return 0;
	if (os == PFM_OS_NONE)
		return a->count == b->count && !memcmp(a->codes, b->codes, sizeof(a->codes));
	return a->attr.type == b->attr.type && a->attr.config == b->attr.config &&
	       a->attr.config1 == b->attr.config1 && a->attr.config2 == b->attr.config2 &&
	       a->attr.exclude_user == b->attr.exclude_user &&
	       a->attr.exclude_kernel == b->attr.exclude_kernel &&
	       a->attr.exclude_hv == b->attr.exclude_hv &&
	       a->attr.precise_ip == b->attr.precise_ip;
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	fz_env(getenv("FUZZ_SYSROOT") ? getenv("FUZZ_SYSROOT") : FUZZ_EMPTY_SYSROOT);
	reencode = fz_env_int("PMUPLUG_FUZZ_REENCODE", FUZZ_REENCODE);
	if (pfm_initialize() != PFM_SUCCESS) {
		fprintf(stderr, "fuzz_encode: pfm_initialize failed\n");
		abort();
	}
	return 0;
}

static void walk_attrs(const char *s)
{
	int idx = pfm_find_event(s);
	if (idx < 0)
		return;
	for (pfm_os_t os = PFM_OS_NONE; os <= PFM_OS_PERF_EVENT_EXT; os++) {
		pfm_event_info_t info;
		memset(&info, 0, sizeof(info));
		info.size = sizeof(info);
		if (pfm_get_event_info(idx, os, &info) != PFM_SUCCESS)
			continue;
		for (int i = 0; i < info.nattrs + 2; i++) {	/* two past the end: refused */
			pfm_event_attr_info_t ai;
			memset(&ai, 0, sizeof(ai));
			ai.size = sizeof(ai);
			if (pfm_get_event_attr_info(idx, i, os, &ai) == PFM_SUCCESS && ai.name)
				(void)strlen(ai.name);
		}
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = fz_string(data, size, 4096);
	if (!s)
		return 0;
	for (pfm_os_t os = PFM_OS_NONE; os <= PFM_OS_PERF_EVENT_EXT; os++) {
		struct enc e, again;
		encode(s, os, &e);
		if (e.ret == PFM_SUCCESS && reencode && e.fstr) {
			encode(e.fstr, os, &again);
			if (!same(&e, &again, os)) {
				if (mismatches++ < 20)
					fprintf(stderr, "fuzz_encode: round trip differs (os %d): \"%s\" -> \"%s\" -> ret %d\n",
						(int)os, s, e.fstr, again.ret);
				if (reencode > 1)
					abort();
			}
			free(again.fstr);
		}
		free(e.fstr);
	}
	walk_attrs(s);
	free(s);
	return 0;
}
