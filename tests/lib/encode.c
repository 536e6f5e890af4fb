/*
 * SPDX-License-Identifier: MIT
 * encode.c - the encoders of encode.h: the library allocates the codes and
 * the fstr, which are copied into the caller's struct and freed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "encode.h"

static void keep_fstr(const char *fstr, int *has, char *buf, size_t size)
{
	*has = fstr != NULL;
	snprintf(buf, size, "%s", fstr ? fstr : "");
}

int tl_none(const char *s, int plm, struct tl_none *o)
{
	pfm_pmu_encode_arg_t a;
	char *fstr = NULL;

	memset(o, 0, sizeof(*o));
	memset(&a, 0, sizeof(a));
	a.size = sizeof(a);
	a.fstr = &fstr;
	o->ret = pfm_get_os_event_encoding(s, plm, PFM_OS_NONE, &a);
	if (o->ret == PFM_SUCCESS) {
		o->count = a.count;
		o->idx = a.idx;
		for (int i = 0; i < a.count && i < TL_MAX_CODES; i++)
			o->codes[i] = a.codes[i];
		keep_fstr(fstr, &o->has_fstr, o->fstr, sizeof(o->fstr));
	}
	free(a.codes);
	free(fstr);
	return o->ret;
}

int tl_perf(const char *s, int plm, pfm_os_t os, struct tl_perf *o)
{
	pfm_perf_encode_arg_t a;
	char *fstr = NULL;

	memset(o, 0, sizeof(*o));
	memset(&a, 0, sizeof(a));
	a.size = sizeof(a);
	a.attr = &o->attr;
	a.fstr = &fstr;
	o->ret = pfm_get_os_event_encoding(s, plm, os, &a);
	if (o->ret == PFM_SUCCESS) {
		o->idx = a.idx;
		o->cpu = a.cpu;
		o->flags = a.flags;
		keep_fstr(fstr, &o->has_fstr, o->fstr, sizeof(o->fstr));
	} else {
		memset(&o->attr, 0, sizeof(o->attr));
	}
	free(fstr);
	return o->ret;
}

int tl_ret(const char *s)
{
	struct tl_none o;
	return tl_none(s, TL_PLM_UK, &o);
}
