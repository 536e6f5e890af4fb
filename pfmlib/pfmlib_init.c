/*
 * pfmlib_init.c - library life cycle and the small exported helpers:
 * pfm_initialize, pfm_terminate, pfm_get_version, pfm_strerror.
 */
#include <stdlib.h>
#include <perfmon/pfmlib.h>
#include "pp_engine.h"
#include "pp_registry.h"

void pp_log_reset(void);

static int initialized;
static int encode_inactive;

int pp_is_initialized(void) { return initialized; }
int pp_encode_inactive(void) { return encode_inactive; }

pfm_err_t pfm_initialize(void)
{
	if (initialized)
		return PFM_SUCCESS;
	pp_log_reset();
	const char *s = pp_getenv("LIBPFM_ENCODE_INACTIVE");
	encode_inactive = s && *s && *s != '0';
	int r = pp_registry_init();
	if (r != PFM_SUCCESS) {
		pp_registry_fini();
		return r;
	}
	initialized = 1;
	return PFM_SUCCESS;
}

void pfm_terminate(void)
{
	if (!initialized)
		return;
	pp_registry_fini();
	initialized = 0;
}

int pfm_get_version(void)
{
	return LIBPFM_VERSION;
}

const char *pfm_strerror(int code)
{
	/* the texts libpfm4 4.13 returns: tools and scripts compare them */
	static const char *const msg[] = {
		[0] = "success",
		[1] = "not supported",
		[2] = "invalid parameters",
		[3] = "pfmlib not initialized",
		[4] = "event not found",
		[5] = "invalid combination of model specific features",
		[6] = "invalid or missing unit mask",
		[7] = "out of memory",
		[8] = "invalid event attribute",
		[9] = "invalid event attribute value",
		[10] = "attribute value already set",
		[11] = "too many parameters",
		[12] = "parameter is too small",
	};
	if (code > 0 || code < -12)
		return "unknown error code";
	return msg[-code];
}
