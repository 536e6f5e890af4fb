/*
 * util/log.h - the one error convention. A failing function returns a
 * libpfm4 error code (PFM_ERR_*) and, through pp_fail(), says under
 * LIBPFM_VERBOSE what was wrong and where (the string, file:line or PMU it
 * concerns); pp_debug() traces detection and loading under LIBPFM_DEBUG.
 * Levels come from util/config.h (read once at pfm_initialize).
 */
#ifndef PP_UTIL_LOG_H
#define PP_UTIL_LOG_H

/* a message under LIBPFM_VERBOSE ("libpfm: ..." on stderr, or stdout) */
void pp_verbose(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* a trace under LIBPFM_DEBUG */
void pp_debug(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* pp_verbose(fmt, ...) and return err: `return pp_fail(PFM_ERR_ATTR, "...", ...);` */
int pp_fail(int err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif /* PP_UTIL_LOG_H */
