/*
 * SPDX-License-Identifier: MIT
 *
 * <perfmon/pfmlib_perf_event.h> -- the Linux perf_event side of the pmuplug
 * (libpfm4-compatible) API: the argument structure of
 * pfm_get_os_event_encoding() for PFM_OS_PERF_EVENT[_EXT], and the older
 * pfm_get_perf_event_encoding().  Layout-compatible with libpfm4 4.13.
 */
#ifndef __PFMLIB_PERF_EVENTS_H__
#define __PFMLIB_PERF_EVENTS_H__

#include <perfmon/pfmlib.h>
#include <perfmon/perf_event.h>

#pragma GCC visibility push(default)

#ifdef __cplusplus
extern "C" {
#endif

/* Argument of pfm_get_os_event_encoding() for the perf_event OS layers. */
typedef struct {
	struct perf_event_attr *attr;	/* in/out: attribute structure to fill */
	char **fstr;			/* out, if not NULL: fully qualified event string (free() it) */
	size_t size;			/* caller sets: sizeof(pfm_perf_encode_arg_t) */
	int idx;			/* out: event index */
	int cpu;			/* out: CPU to measure on, -1 if the event does not say */
	int flags;			/* out: flags for perf_event_open() */
	int pad0;			/* makes the 64-bit padding explicit */
} pfm_perf_encode_arg_t;

/* Size of the first published version (the 64-bit one counts pad0). */
#if __WORDSIZE == 64
#define PFM_PERF_ENCODE_ABI0	40
#else
#define PFM_PERF_ENCODE_ABI0	28
#endif

/*
 * Older interface: encode str straight into *output.  New code should call
 * pfm_get_os_event_encoding() with PFM_OS_PERF_EVENT instead.
 */
extern pfm_err_t pfm_get_perf_event_encoding(const char *str,
					     int dfl_plm,
					     struct perf_event_attr *output,
					     char **fstr,
					     int *idx);

#ifdef __cplusplus
}
#endif

#pragma GCC visibility pop

#endif /* __PFMLIB_PERF_EVENTS_H__ */
