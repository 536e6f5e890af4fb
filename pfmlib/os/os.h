/*
 * SPDX-License-Identifier: MIT
 * os/os.h - the OS layers (PFM_OS_NONE, PFM_OS_PERF_EVENT,
 * PFM_OS_PERF_EVENT_EXT): what each shows of an event (its view, given to
 * the parser and encoder as data), and how each writes an encoding out
 * (codes[] or a perf_event_attr, idx, cpu, libpfm4's fully qualified
 * string). Only the encoder's result comes in; nothing here parses.
 */
#ifndef PP_OS_OS_H
#define PP_OS_OS_H

#include <perfmon/pfmlib_perf_event.h>
#include "event/encode.h"

/* the view of layer os, or NULL when os is no layer of this library */
const struct pp_view *pp_os_view(pfm_os_t os);

/*
 * PFM_OS_NONE: codes (config, then config1, config2 when used, raw bits
 * included), count, idx, fstr into arg. libpfm4's memory contract: codes
 * NULL means the library allocates (count ignored), otherwise count must be
 * large enough (PFM_ERR_TOOSMALL). PFM_SUCCESS or PFM_ERR_*.
 */
int pp_os_none_emit(const struct pp_enc *e, pfm_pmu_encode_arg_t *arg);

/*
 * PFM_OS_PERF_EVENT[_EXT]: arg->attr filled the way libpfm4 4.13 does, idx,
 * cpu and fstr. PFM_SUCCESS or PFM_ERR_*.
 */
int pp_os_perf_emit(const struct pp_enc *e, pfm_perf_encode_arg_t *arg);

/* libpfm4's fully qualified event string of e (malloc'd), NULL when out of memory */
char *pp_fstr(const struct pp_enc *e);

#endif /* PP_OS_OS_H */
