/*
 * api/init.c - library life cycle and the small exported helpers:
 * pfm_initialize (configuration read once, registry built),
 * pfm_terminate, pfm_get_version, pfm_strerror.
 */
#include <perfmon/pfmlib.h>
#include "registry/registry.h"
#include "util/config.h"

pfm_err_t pfm_initialize(void)
{
	if (pp_registry_ready())
		return PFM_SUCCESS;
	/* the environment is read here, once: nothing changes until pfm_terminate */
	if (pp_config_load())
		return PFM_ERR_NOMEM;
	int r = pp_registry_init();
	if (r != PFM_SUCCESS) {
		pp_registry_fini();
		pp_config_free();
		return r;
	}
	return PFM_SUCCESS;
}

void pfm_terminate(void)
{
	if (!pp_registry_ready())
		return;
	pp_registry_fini();
	pp_config_free();
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
