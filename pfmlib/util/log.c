/*
 * util/log.c - diagnostics under LIBPFM_VERBOSE / LIBPFM_DEBUG, at the
 * levels pp_config_load() read.
 */
#include <stdarg.h>
#include <stdio.h>
#include "util/config.h"
#include "util/log.h"

static void vlog(const char *prefix, const char *fmt, va_list ap)
{
	FILE *f = pp_cfg.log_stdout ? stdout : stderr;
	fputs(prefix, f);
	vfprintf(f, fmt, ap);
	fputc('\n', f);
}

void pp_verbose(const char *fmt, ...)
{
	if (pp_cfg.verbose <= 0)
		return;
	va_list ap;
	va_start(ap, fmt);
	vlog("libpfm: ", fmt, ap);
	va_end(ap);
}

int pp_fail(int err, const char *fmt, ...)
{
	if (pp_cfg.verbose <= 0)
		return err;
	va_list ap;
	va_start(ap, fmt);
	vlog("libpfm: ", fmt, ap);
	va_end(ap);
	return err;
}

void pp_debug(const char *fmt, ...)
{
	if (pp_cfg.debug <= 0)
		return;
	va_list ap;
	va_start(ap, fmt);
	vlog("libpfm: debug: ", fmt, ap);
	va_end(ap);
}
