/*
 * ptest.h - helpers shared by the plugin test programs (tests/plugins/):
 * named checks counted into "<prog>: N passed, N failed", environment set-up,
 * pfm_initialize with stderr (the library's LIBPFM_VERBOSE output) captured,
 * and one-call encoders for PFM_OS_NONE and the perf_event layers.
 */
#ifndef PTEST_H
#define PTEST_H

#include <stdint.h>
#include <perfmon/pfmlib.h>
#include <perfmon/pfmlib_perf_event.h>

/* record one check: prints "ok  name" or "FAIL name: <why>"; returns ok */
int pt_check(const char *name, int ok, const char *why_fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* print "<prog>: N passed, N failed" and return the exit status */
int pt_summary(const char *prog);

/* set (val != NULL) or unset one variable */
void pt_env(const char *name, const char *val);
/* unset every LIBPFM_*, then point LIBPFM_SYSROOT at PT_EMPTY_SYSROOT: no
 * identity and no sysfs PMU of the machine running the test reaches the library */
void pt_env_reset(void);
/* a host root without /proc and /sys; the programs run from the top of the tree */
#define PT_EMPTY_SYSROOT "tests/fixtures/sysroot/empty"

/* pfm_initialize with LIBPFM_VERBOSE=1; *log gets what it printed (free() it) */
int pt_init_logged(char **log);

/* does log hold a line containing every one of the (NULL-terminated) strings? */
int pt_log_has(const char *log, ...) __attribute__((sentinel));

/* PFM_OS_NONE: *code gets the first word, *count the number of words */
int pt_none(const char *ev, int plm, uint64_t *code, int *count);

/* PFM_OS_PERF_EVENT or PFM_OS_PERF_EVENT_EXT into *attr (zeroed first) */
int pt_perf(const char *ev, int plm, pfm_os_t os, struct perf_event_attr *attr);


#endif /* PTEST_H */
