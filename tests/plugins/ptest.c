/*
 * ptest.c - the helpers of ptest.h that do not call the library: check
 * counting, environment, searching captured output.
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
	setenv("LIBPFM_SYSROOT", PT_EMPTY_SYSROOT, 1);
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
