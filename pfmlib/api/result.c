/*
 * SPDX-License-Identifier: MIT
 * api/result.c - the one way out of the API (api/result.h): libpfm4's code
 * for an entry point's result, and its LIBPFM_VERBOSE message.
 */
#include <stdarg.h>
#include <stdio.h>
#include <perfmon/pfmlib.h>
#include "api/result.h"
#include "util/config.h"
#include "util/log.h"

int pp_api_result(const char *fn, int r, const char *fmt, ...)
{
	if (r >= 0)
		return r;
	if (r < PFM_ERR_TOOSMALL)
		return pp_fail(PFM_ERR_INVAL, "%s: internal result %d", fn, r);
	if (fmt && pp_cfg.verbose) {
		char why[PP_LOG_MAX];
		va_list ap;
		va_start(ap, fmt);
		vsnprintf(why, sizeof(why), fmt, ap);
		va_end(ap);
		pp_verbose("%s: %s", fn, why);
	}
	return r;
}
