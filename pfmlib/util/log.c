/*
 * SPDX-License-Identifier: MIT
 * util/log.c - diagnostics under LIBPFM_VERBOSE / LIBPFM_DEBUG, at the
 * levels pp_config_load() read: each message formatted into a bounded
 * buffer and written with one write(2) to stderr (stdout under
 * LIBPFM_DEBUG_STDOUT), so messages of different threads never mix and
 * logging needs no stdio stream.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "util/config.h"
#include "util/log.h"

/* what ends a message cut to the buffer */
static const char cut_mark[] = " [...]\n";

size_t pp_log_vformat(char *buf, size_t sz, size_t at, const char *fmt, va_list ap)
{
	/* room for the message, its '\n' and the NUL (none when the prefix fills buf) */
	size_t room = at <= sz - sizeof(cut_mark) ? sz - at - 1 : 0;
	int n = room ? vsnprintf(buf + at, room, fmt, ap) : -1;
	if (n >= 0 && (size_t)n < room) {
		buf[at + (size_t)n] = '\n';
		buf[at + (size_t)n + 1] = '\0';
		return at + (size_t)n + 1;
	}
	/* too long (or unformattable): as much as fits, then the marker */
	memcpy(buf + sz - sizeof(cut_mark), cut_mark, sizeof(cut_mark));
	return sz - 1;
}

/* "libpfm: " + message, when LIBPFM_VERBOSE (or, for traces, LIBPFM_DEBUG) is on */
static void vlog(int level, const char *prefix, const char *fmt, va_list ap)
{
	char buf[PP_LOG_MAX];
	if (level <= 0)
		return;
	int saved = errno;	/* logging does not disturb the caller's errno */
	size_t at = strlen(prefix);
	memcpy(buf, prefix, at + 1);
	size_t len = pp_log_vformat(buf, sizeof(buf), at, fmt, ap);
	int fd = pp_cfg.log_stdout ? 1 : 2;
	for (const char *p = buf; len;) {
		ssize_t w = write(fd, p, len);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			break;	/* nowhere to report it */
		p += w;
		len -= (size_t)w;
	}
	errno = saved;
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
