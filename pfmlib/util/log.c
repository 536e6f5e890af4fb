/*
 * util/log.c - diagnostics under LIBPFM_VERBOSE / LIBPFM_DEBUG, at the
 * levels pp_config_load() read.
 */
#include <stdarg.h>
#include <stdio.h>
#include "util/config.h"
#include "util/log.h"

/* "libpfm: " + message, when LIBPFM_VERBOSE (or, for traces, LIBPFM_DEBUG) is on */
static void vlog(int level, const char *prefix, const char *fmt, va_list ap)
{
	FILE *f = pp_cfg.log_stdout ? stdout : stderr;
	if (level <= 0)
		return;
	fputs(prefix, f);
	vfprintf(f, fmt, ap);
	fputc('\n', f);
}

void pp_verbose(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vlog(pp_cfg.verbose, "libpfm: ", fmt, ap);
	va_end(ap);
}

int pp_fail(int err, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vlog(pp_cfg.verbose, "libpfm: ", fmt, ap);
	va_end(ap);
	return err;
}

void pp_debug(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vlog(pp_cfg.debug, "libpfm: debug: ", fmt, ap);
	va_end(ap);
}
