/*
 * SPDX-License-Identifier: MIT
 * registry/build.c - builds the PMU set at pfm_initialize, step by step:
 * the compiled-in tables, then plugins (list.c), the search order
 * (order.c), presence (presence.c), the pattern boxes (boxes.c), the
 * kernel PMUs only sysfs describes (kernel.c), the default PMUs and the
 * ids served (order.c); and releases it at pfm_terminate.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <perfmon/pfmlib.h>
#include "host/host.h"
#include "plugins/plugins.h"
#include "registry/detect.h"
#include "registry/state.h"
#include "sysfs/sysfs.h"
#include "util/config.h"

int pp_registry_init(void)
{
	int r;

	/* pp_reg is all zero here: never initialized, or cleared by pp_registry_fini */
	pp_host_identify(&pp_reg.host);
	pp_builtin_table(&pp_reg.builtin);
	/* room for every built-in PMU and some more: no re-pointing while adding
	 * them; zeroed (fresh pages): the built-in PMUs' entries are filled at
	 * their first access (pp_reg_entry) */
	pp_reg.pmus_cap = (int)pp_reg.builtin.nlist + 64;
	if (!(pp_reg.pmus = calloc((size_t)pp_reg.pmus_cap, sizeof(*pp_reg.pmus))))
		return PFM_ERR_NOMEM;
	pp_reg_add_builtin();
	pp_reg.nbuiltin = pp_reg.npmus;
	if ((r = pp_plugins_load(&pp_reg.host, pp_reg_add_plugin, NULL)) == PFM_ERR_NOMEM)
		return r;
	pp_reg.ntable_pmus = pp_reg.npmus;
	/* search order: core, uncore, then OS-generic PMUs, each by id (tablegen
	 * emits the built-in table in that order already: only plugins can
	 * have changed it) */
	if (pp_reg.npmus > pp_reg.nbuiltin && pp_reg_build_order())
		return PFM_ERR_NOMEM;
	if ((r = pp_kpmus_load(&pp_reg.kernel_pmus, &pp_reg.builtin)) != PFM_SUCCESS)
		return r;
	/* a table PMU is a default one when present (pp_reg_list_defaults) */
	pp_reg_detect();
	pp_reg_plm_from_core();
	if ((r = pp_reg_add_pattern_boxes()) == PFM_ERR_NOMEM)
		return r;
	if ((r = pp_reg_add_sysfs()) == PFM_ERR_NOMEM)
		return r;
	pp_kpmus_free(&pp_reg.kernel_pmus);
	/* the search order is by id: before any renumbering */
	if ((r = pp_reg_list_defaults()) != PFM_SUCCESS)
		return r;
	pp_reg.id_limit = PP_MAX_PMU_ID + 1;
	if (pp_cfg.pmu_max)
		pp_reg_renumber_for_caller(pp_cfg.pmu_max);
	__atomic_store_n(&pp_reg.ready, 1, __ATOMIC_RELEASE);
	return PFM_SUCCESS;
}

void pp_registry_fini(void)
{
	__atomic_store_n(&pp_reg.ready, 0, __ATOMIC_RELEASE);
	pp_plugins_unload();
	pp_sysfs_free(&pp_reg.sysfs_stubs);
	while (pp_reg.sysfs_built) {
		struct pp_sysfs_pmu *next = pp_reg.sysfs_built->next;
		pp_sysfs_pmu_free(pp_reg.sysfs_built);
		pp_reg.sysfs_built = next;
	}
	pp_kpmus_free(&pp_reg.kernel_pmus);
	free(pp_reg.pmus);
	free(pp_reg.search_order);
	free(pp_reg.detected_pos);
	free(pp_reg.name_hash);
	free(pp_reg.default_pos);
	for (int i = 0; i < pp_reg.nowned_names; i++)
		free(pp_reg.owned_names[i]);
	free(pp_reg.owned_names);
	free(pp_reg.irregular_pos);
	/* all but list_pos_of_id (see there) */
	size_t at = offsetof(struct pp_reg_state, list_pos_of_id), end = at + sizeof(pp_reg.list_pos_of_id);
	memset(&pp_reg, 0, at);
	memset((char *)&pp_reg + end, 0, sizeof(pp_reg) - end);
}
