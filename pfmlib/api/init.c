/*
 * SPDX-License-Identifier: MIT
 * api/init.c - library life cycle and the small exported helpers:
 * pfm_initialize (configuration read once, registry built),
 * pfm_terminate, pfm_get_version, pfm_strerror. Only pfm_initialize can
 * fail: it answers through pp_api_result (api/result.h) like the other
 * entry points; the other three have no failure to report.
 */
#include <pthread.h>
#include <perfmon/pfmlib.h>
#include "api/result.h"
#include "event/pmu_index.h"
#include "registry/registry.h"
#include "table/table.h"
#include "util/config.h"

/* pfm_initialize and pfm_terminate run one at a time, whichever threads call them */
static pthread_mutex_t lifecycle = PTHREAD_MUTEX_INITIALIZER;

pfm_err_t pfm_initialize(void)
{
	int r = PFM_SUCCESS;

	pthread_mutex_lock(&lifecycle);
	if (pp_registry_ready())
		goto out;
	/* the environment is read here, once: nothing changes until pfm_terminate */
	if (pp_config_load()) {
		r = PFM_ERR_NOMEM;
		goto out;
	}
	r = pp_registry_init();
	if (r != PFM_SUCCESS) {
		pp_registry_fini();
		pp_config_free();
	}
out:
	pthread_mutex_unlock(&lifecycle);
	/* the registry said why it failed; without a configuration nothing can be said */
	return pp_api_result(__func__, r, NULL);
}

void pfm_terminate(void)
{
	pthread_mutex_lock(&lifecycle);
	if (pp_registry_ready()) {
		pp_registry_fini();
		pp_config_free();
		pp_desc_cache_free();
		pp_pmu_index_free_all();
	}
	pthread_mutex_unlock(&lifecycle);
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
