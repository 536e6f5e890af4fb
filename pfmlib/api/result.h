/*
 * SPDX-License-Identifier: MIT
 * api/result.h - the one way out of the API. Every public entry point that
 * returns a result returns it through pp_api_result, which gives the caller
 * libpfm4's code and says under LIBPFM_VERBOSE what was wrong, named after
 * the entry point ("libpfm: pfm_get_pmu_info: no PMU 5000").
 */
#ifndef PP_API_RESULT_H
#define PP_API_RESULT_H

/*
 * fn's answer r: a success (PFM_SUCCESS, an index: r >= 0) is returned as
 * it is; a failure with fmt is said as "fn: <fmt ...>"; a failure without
 * fmt was said where it was found (pp_fail, util/log.h) and is returned
 * unchanged; a negative r that is no libpfm4 code (an internal result) is
 * said and returned as PFM_ERR_INVAL.
 */
int pp_api_result(const char *fn, int r, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* what a call before pfm_initialize (or after pfm_terminate) is told */
#define PP_API_NOINIT "the library is not initialized (pfm_initialize)"

#endif /* PP_API_RESULT_H */
