/*
 * pp_log.c - diagnostics under LIBPFM_VERBOSE / LIBPFM_DEBUG, and the one
 * way the library reads its environment (ignored in set-uid programs).
 */
#define _GNU_SOURCE
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include "pp_engine.h"

static int verbose = -1, debug = -1;
static FILE *logf_;

const char *pp_getenv(const char *name)
{
	return secure_getenv(name);
}

static int env_level(const char *name)
{
	const char *s = pp_getenv(name);
	if (!s || !*s)
		return 0;
	return atoi(s) > 0 ? atoi(s) : (*s == 'y' || *s == 'Y');
}

static void init_levels(void)
{
	if (verbose >= 0)
		return;
	verbose = env_level("LIBPFM_VERBOSE");
	debug = env_level("LIBPFM_DEBUG");
	if (debug)
		verbose = verbose ? verbose : 1;
	logf_ = stderr;
	const char *path = pp_getenv("LIBPFM_DEBUG_STDOUT");
	if (path && *path)
		logf_ = stdout;
}

/* re-read the environment (pfm_initialize after pfm_terminate) */
void pp_log_reset(void)
{
	verbose = debug = -1;
}

int pp_verbose_on(void)
{
	init_levels();
	return verbose > 0;
}

static void vlog(const char *prefix, const char *fmt, va_list ap)
{
	fputs(prefix, logf_);
	vfprintf(logf_, fmt, ap);
	fputc('\n', logf_);
}

void pp_verbose(const char *fmt, ...)
{
	init_levels();
	if (verbose <= 0)
		return;
	va_list ap;
	va_start(ap, fmt);
	vlog("libpfm: ", fmt, ap);
	va_end(ap);
}

void pp_debug(const char *fmt, ...)
{
	init_levels();
	if (debug <= 0)
		return;
	va_list ap;
	va_start(ap, fmt);
	vlog("libpfm: debug: ", fmt, ap);
	va_end(ap);
}
