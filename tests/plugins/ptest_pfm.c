/*
 * ptest_pfm.c - the helpers of ptest.h that call the library: pfm_initialize
 * with its stderr captured, encoders.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "ptest.h"

int pt_init_logged(char **log)
{
	*log = NULL;
	pt_env("LIBPFM_VERBOSE", "1");
	fflush(stderr);
	FILE *tmp = tmpfile();
	int saved = dup(2);
	if (!tmp || saved < 0) {
		if (tmp)
			fclose(tmp);
		return pfm_initialize();
	}
	dup2(fileno(tmp), 2);
	int r = pfm_initialize();
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	long n = ftell(tmp);
	if (n < 0)
		n = 0;
	*log = calloc(1, (size_t)n + 1);
	rewind(tmp);
	if (*log && fread(*log, 1, (size_t)n, tmp) != (size_t)n)
		(*log)[0] = '\0';
	fclose(tmp);
	pt_env("LIBPFM_VERBOSE", NULL);
	return r;
}

int pt_none(const char *ev, int plm, uint64_t *code, int *count)
{
	uint64_t codes[8] = { 0 };
	pfm_pmu_encode_arg_t a;
	memset(&a, 0, sizeof(a));
	a.size = sizeof(a);
	a.codes = codes;
	a.count = 8;
	int r = pfm_get_os_event_encoding(ev, plm, PFM_OS_NONE, &a);
	*code = codes[0];
	*count = r == PFM_SUCCESS ? a.count : 0;
	return r;
}

int pt_perf(const char *ev, int plm, pfm_os_t os, struct perf_event_attr *attr)
{
	pfm_perf_encode_arg_t a;
	memset(&a, 0, sizeof(a));
	memset(attr, 0, sizeof(*attr));
	a.size = sizeof(a);
	a.attr = attr;
	return pfm_get_os_event_encoding(ev, plm, os, &a);
}
