/*
 * SPDX-License-Identifier: MIT
 * api/info.c - the information half of the API: pfm_get_pmu_info,
 * pfm_get_event_info, pfm_get_event_next, with libpfm4's rules for the
 * caller's struct size (api/abi.h).
 */
#include <string.h>
#include <perfmon/pfmlib.h>
#include "api/abi.h"
#include "api/result.h"
#include "event/attrs.h"
#include "os/os.h"
#include "registry/registry.h"
#include "table/table.h"

pfm_err_t pfm_get_pmu_info(pfm_pmu_t pmuid, pfm_pmu_info_t *uinfo)
{
	if (!pp_registry_ready())
		return pp_api_result(__func__, PFM_ERR_NOINIT, PP_API_NOINIT);
	if (!uinfo)
		return pp_api_result(__func__, PFM_ERR_INVAL, "output is NULL");
	if ((int)pmuid < 0 || (int)pmuid >= pp_pmu_id_limit())
		return pp_api_result(__func__, PFM_ERR_INVAL, "PMU id %d is out of range", (int)pmuid);
	size_t sz = pp_abi_size(uinfo, uinfo->size, PFM_PMU_INFO_ABI0, sizeof(*uinfo), __func__);
	if (!sz)
		return pp_api_result(__func__, PFM_ERR_INVAL, NULL);
	struct pp_pmu_rt *pmu = pp_pmu_by_id((int)pmuid);
	if (!pmu || pp_pmu_hidden(pmu))
		return pp_api_result(__func__, PFM_ERR_NOTSUPP, "no PMU %d in this library", (int)pmuid);
	pfm_pmu_info_t info;
	memset(&info, 0, sizeof(info));
	info.name = pmu->name;
	info.desc = pp_str(pmu->t, pmu->p->desc);
	info.size = sz;
	info.pmu = (pfm_pmu_t)pmu->id;
	info.type = (pfm_pmu_type_t)pmu->p->type;
	info.nevents = pp_pmu_nevents(pmu);
	int first = pp_pmu_event_from(pmu, 0);
	info.first_event = first >= 0 ? pp_make_idx(pmu->id, first) : -1;
	info.max_encoding = pmu->p->max_encoding;
	/* ix86arch: the counters cpuid leaf 0xA reports, as libpfm4 */
	info.num_cntrs = pmu->host_counts ? pmu->ncntrs : pmu->p->num_cntrs;
	info.num_fixed_cntrs = pmu->host_counts ? pmu->nfixed : pmu->p->num_fixed;
	info.is_present = pmu->is_present ? 1 : 0;
	/* libpfm4 flags its architectural PMU (ix86arch) as the architecture's
	 * default: the PMU present beside the model PMU */
	info.is_dfl = (pmu->p->flags & PP_PMU_F_BESIDE) ? 1 : 0;
	memcpy(uinfo, &info, sz);
	return pp_api_result(__func__, PFM_SUCCESS, NULL);
}

static int event_precise(const struct pp_pmu_rt *pmu, const struct pp_event *ev)
{
	if (ev->flags & PP_F_PRECISE)
		return 1;
	for (uint32_t i = 0; i < ev->numasks; i++)
		if (pmu->t->umasks[ev->first_umask + i].flags & PP_F_PRECISE)
			return 1;
	return 0;
}

pfm_err_t pfm_get_event_info(int idx, pfm_os_t os, pfm_event_info_t *uinfo)
{
	if (!pp_registry_ready())
		return pp_api_result(__func__, PFM_ERR_NOINIT, PP_API_NOINIT);
	if (!uinfo)
		return pp_api_result(__func__, PFM_ERR_INVAL, "output is NULL");
	if ((int)os < 0 || os >= PFM_OS_MAX)
		return pp_api_result(__func__, PFM_ERR_INVAL, "invalid OS layer %d", (int)os);
	const struct pp_event *ev;
	struct pp_pmu_rt *pmu = pp_idx_decode(idx, &ev);
	if (!pmu)
		return pp_api_result(__func__, PFM_ERR_INVAL, "no event 0x%x", idx);
	size_t sz = pp_abi_size(uinfo, uinfo->size, PFM_EVENT_INFO_ABI0, sizeof(*uinfo), __func__);
	if (!sz)
		return pp_api_result(__func__, PFM_ERR_INVAL, NULL);
	const struct pp_table *t = pmu->t;
	pfm_event_info_t info;
	memset(&info, 0, sizeof(info));
	info.name = pp_str(t, ev->name);
	info.desc = pp_desc(t, ev->desc);
	if (!info.desc)
		return pp_api_result(__func__, PFM_ERR_NOMEM, "out of memory");
	info.equiv = ev->equiv ? pp_str(t, ev->equiv) : NULL;
	info.size = sz;
	info.code = ev->code;
	info.pmu = (pfm_pmu_t)pmu->id;
	info.dtype = PFM_DTYPE_UINT64;
	info.idx = idx;
	info.nattrs = pp_attr_count(pp_os_view(os), pmu, ev);
	info.is_precise = event_precise(pmu, ev) ? 1 : 0;
	/* hardware-buffer sampling: every precise event, and all events of PMUs that say so */
	info.support_hw_smpl = info.is_precise || (ev->flags & PP_F_HW_SMPL) ? 1 : 0;
	info.is_speculative = PFM_EVENT_INFO_SPEC_NA;
	memcpy(uinfo, &info, sz);
	return pp_api_result(__func__, PFM_SUCCESS, NULL);
}

int pfm_get_event_next(int idx)
{
	/* -1 is libpfm4's answer to every failure, and to the last event */
	if (!pp_registry_ready())
		return pp_api_result(__func__, -1, PP_API_NOINIT);
	struct pp_pmu_rt *pmu = pp_idx_decode(idx, NULL);
	if (!pmu)
		return pp_api_result(__func__, -1, "no event 0x%x", idx);
	int next = pp_pmu_event_from(pmu, ((uint32_t)idx & PP_IDX_MASK) + 1);
	return pp_api_result(__func__, next >= 0 ? pp_make_idx(pmu->id, next) : -1, NULL);
}
