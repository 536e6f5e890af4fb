/*
 * ptest.c - the helpers of ptest.h: check counting, environment, stderr
 * capture around pfm_initialize, encoders.
 */
#define _GNU_SOURCE
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "ptest.h"

extern char **environ;
static int passed, failed;

int pt_check(const char *name, int ok, const char *why_fmt, ...)
{
	if (ok) {
		passed++;
		printf("ok   %s\n", name);
	} else {
		va_list ap;
		failed++;
		printf("FAIL %s: ", name);
		va_start(ap, why_fmt);
		vprintf(why_fmt, ap);
		va_end(ap);
		putchar('\n');
	}
	fflush(stdout);
	return ok;
}

int pt_summary(const char *prog)
{
	printf("%s: %d passed, %d failed\n", prog, passed, failed);
	return failed ? 1 : 0;
}

void pt_env(const char *name, const char *val)
{
	if (val)
		setenv(name, val, 1);
	else
		unsetenv(name);
}

void pt_env_reset(void)
{
	for (int again = 1; again;) {
		again = 0;
		for (char **e = environ; *e; e++) {
			if (strncmp(*e, "LIBPFM_", 7))
				continue;
			char name[256];
			size_t l = strcspn(*e, "=");
			if (l >= sizeof(name))
				continue;
			memcpy(name, *e, l);
			name[l] = '\0';
			unsetenv(name);	/* environ changed: rescan */
			again = 1;
			break;
		}
	}
}

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

int pt_log_has(const char *log, ...)
{
	if (!log)
		return 0;
	for (const char *line = log; *line;) {
		size_t len = strcspn(line, "\n");
		int all = 1;
		va_list ap;
		va_start(ap, log);
		for (const char *s; all && (s = va_arg(ap, const char *));)
			all = memmem(line, len, s, strlen(s)) != NULL;
		va_end(ap);
		if (all)
			return 1;
		line += len + (line[len] == '\n');
	}
	return 0;
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

unsigned int pt_cpu_perf_type(void)
{
	unsigned int t = PERF_TYPE_RAW;
	FILE *f = fopen("/sys/bus/event_source/devices/cpu/type", "r");
	if (f) {
		if (fscanf(f, "%u", &t) != 1)
			t = PERF_TYPE_RAW;
		fclose(f);
	}
	return t;
}
