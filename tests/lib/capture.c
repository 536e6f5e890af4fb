/*
 * SPDX-License-Identifier: MIT
 * capture.c - stderr redirected to a temporary file during a call and read
 * back (capture.h). The file is unlinked from the start (tmpfile), so
 * nothing is left on disk.
 */
#define _GNU_SOURCE
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "capture.h"

static FILE *file;
static int saved = -1;
static char *text;

static void forget(void)
{
	free(text);
	text = NULL;
}

void tl_capture_begin(void)
{
	static int registered;
	if (!registered && !atexit(forget))
		registered = 1;
	if (saved >= 0)
		tl_capture_end();
	fflush(stderr);
	file = tmpfile();
	saved = file ? dup(2) : -1;
	if (saved < 0) {
		if (file)
			fclose(file);
		file = NULL;
		return;
	}
	dup2(fileno(file), 2);
}

const char *tl_capture_end(void)
{
	if (saved < 0)
		return tl_captured();
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	saved = -1;
	struct stat st;
	size_t n = fstat(fileno(file), &st) == 0 && st.st_size > 0 ? (size_t)st.st_size : 0;
	forget();
	text = malloc(n + 1);
	if (text) {
		ssize_t got = pread(fileno(file), text, n, 0);
		text[got > 0 ? (size_t)got : 0] = '\0';
	}
	fclose(file);
	file = NULL;
	return tl_captured();
}

const char *tl_captured(void)
{
	return text ? text : "";
}

int tl_capture_call(int (*fn)(void), const char **out)
{
	tl_capture_begin();
	int r = fn();
	*out = tl_capture_end();
	return r;
}

int tl_log_has(const char *log, ...)
{
	for (const char *line = log; line && *line;) {
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
