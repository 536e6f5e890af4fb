/*
 * SPDX-License-Identifier: MIT
 * util/log.h - the one error convention. A failing function returns a
 * libpfm4 error code (PFM_ERR_*) and, through pp_fail(), says under
 * LIBPFM_VERBOSE what was wrong and where (the string, file:line or PMU it
 * concerns); pp_debug() traces detection and loading under LIBPFM_DEBUG.
 * Levels come from util/config.h (read once at pfm_initialize).
 */
#ifndef PP_UTIL_LOG_H
#define PP_UTIL_LOG_H

#include <stdarg.h>
#include <stddef.h>

/* a message under LIBPFM_VERBOSE ("libpfm: ..." on stderr, or stdout) */
void pp_verbose(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* a trace under LIBPFM_DEBUG */
void pp_debug(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* pp_verbose(fmt, ...) and return err: `return pp_fail(PFM_ERR_ATTR, "...", ...);` */
int pp_fail(int err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* the longest message written whole, "libpfm: " and '\n' included */
#define PP_LOG_MAX 2048

/*
 * Format fmt after the buf[0..at) already there (a prefix), then '\n' and
 * the NUL; a message longer than sz ends in " [...]\n" instead of being
 * lost. Returns the length written (without the NUL).
 */
size_t pp_log_vformat(char *buf, size_t sz, size_t at, const char *fmt, va_list ap);

#endif /* PP_UTIL_LOG_H */
