/*
 * SPDX-License-Identifier: MIT
 * api/attr.c - pfm_get_event_attr_info: one attribute of an event under an
 * OS layer (a unit mask, a PMU modifier, or a perf_events attribute), in
 * the order pp_attr_at gives them.
 */
#include <string.h>
#include <perfmon/pfmlib.h>
#include "api/result.h"
#include "event/attrs.h"
#include "event/lookup.h"
#include "os/os.h"
#include "registry/registry.h"
#include "table/table.h"

pfm_err_t pfm_get_event_attr_info(int idx, int aidx, pfm_os_t os, pfm_event_attr_info_t *uinfo)
{
	const struct pp_event *ev;
	struct pp_pmu_rt *pmu;
	struct pp_attr_ref ref;
	pfm_event_attr_info_t info;
	const struct pp_view *v = pp_os_view(os);
	size_t usize;

	if (!pp_registry_ready())
		return pp_api_result(__func__, PFM_ERR_NOINIT, PP_API_NOINIT);
	if (!uinfo)
		return pp_api_result(__func__, PFM_ERR_INVAL, "output is NULL");
	if (!v)
		return pp_api_result(__func__, PFM_ERR_INVAL, "invalid OS layer %d", (int)os);
	pmu = pp_idx_decode(idx, &ev);
	if (!pmu || aidx < 0 || pp_attr_at(v, pmu, ev, aidx, &ref))
		return pp_api_result(__func__, PFM_ERR_INVAL, "no attribute %d of event 0x%x", aidx, idx);
	/* libpfm4 accepts 0 (first ABI) or at least the first ABI, and reports its own size */
	usize = uinfo->size ? uinfo->size : PFM_ATTR_INFO_ABI0;
	if (usize < PFM_ATTR_INFO_ABI0)
		return pp_api_result(__func__, PFM_ERR_INVAL, "size %zu too small", usize);
	const struct pp_table *t = pmu->t;
	memset(&info, 0, sizeof(info));
	info.size = sizeof(info);
	info.idx = aidx;
	info.is_speculative = PFM_EVENT_INFO_SPEC_NA;
	if (ref.kind == PP_ATTR_UMASK) {
		const struct pp_umask *u = &t->umasks[ref.index];
		info.name = pp_str(t, u->name);
		info.desc = pp_desc(t, u->desc);
		if (!info.desc)
			return pp_api_result(__func__, PFM_ERR_NOMEM, "out of memory");
		info.equiv = pp_umask_equiv(pmu, ref.index);
		info.code = u->code;
		info.type = PFM_ATTR_UMASK;
		info.ctrl = PFM_ATTR_CTRL_PMU;
		info.is_dfl = (u->flags & PP_F_DEFAULT) != 0;
		info.is_precise = (u->flags & PP_F_PRECISE) != 0;
		/* as for events (libpfm4 4.13: skl's 87 precise unit masks, every one on icl) */
		info.support_hw_smpl = (u->flags & (PP_F_PRECISE | PP_F_HW_SMPL)) != 0;
		/* a unit mask that takes no modifier (upstream's TOPDOWN_M metrics) */
		info.support_no_mods = (u->flags & PP_F_NO_MODS) != 0;
	} else if (ref.kind == PP_ATTR_PMU_MOD) {
		const struct pp_modifier *m = &t->mods[ref.index];
		info.name = pp_str(t, m->name);
		info.desc = pp_str(t, m->desc);
		info.code = pmu->t->mods[ref.index].code;
		info.type = m->type == PP_MOD_BOOL ? PFM_ATTR_MOD_BOOL : PFM_ATTR_MOD_INTEGER;
		info.ctrl = PFM_ATTR_CTRL_PMU;
	} else {
		info.name = pp_perf_attrs[ref.index].name;
		info.desc = pp_perf_attrs[ref.index].desc;
		info.code = ref.index;
		info.type = pp_perf_attrs[ref.index].type == PP_MOD_BOOL ? PFM_ATTR_MOD_BOOL : PFM_ATTR_MOD_INTEGER;
		info.ctrl = PFM_ATTR_CTRL_PERF_EVENT;
	}
	memcpy(uinfo, &info, usize < sizeof(info) ? usize : sizeof(info));
	return pp_api_result(__func__, PFM_SUCCESS, NULL);
}
