/*
 * SPDX-License-Identifier: MIT
 * os/perf_event.c - PFM_OS_PERF_EVENT and PFM_OS_PERF_EVENT_EXT: fill
 * the caller's perf_event_attr the way libpfm4 4.13 does. Always written:
 * type, config, exclude_user/kernel/hv, exclude_host/guest (0 for the
 * filters the PMU does not offer), pinned;
 * config1/config2 when the encoding uses them; sample_period/freq,
 * precise_ip and exclusive only when the string asks. attr->size and every
 * other field are the caller's. The arg gets idx, cpu and fstr. Every value
 * comes settled from the encoder (attr.type and cpu included): nothing is
 * looked up here.
 */
#include "os/os.h"
#include "util/log.h"

static void fill_attr(const struct pp_enc *e, struct perf_event_attr *a)
{
	uint32_t g = e->os_given;
	int n = e->ncodes;
	int mg = e->mg, mh = e->mh;
	uint32_t pa = e->pmu->p->perf_attrs;

	a->type = e->perf_type;
	a->config = e->reg[0];
	if (n > 1)
		a->config1 = e->reg[1];
	if (n > 2)
		a->config2 = e->reg[2];
	/* only PMUs that filter a privilege level say anything about it (a
	 * PMU-wide property: perf's software events exclude it too); libpfm4's
	 * rapl, like the sysfs msr and power PMUs, filters none, and the kernel
	 * refuses any exclude_* bit on those (PERF_PMU_CAP_NO_EXCLUDE) */
	if (e->pmu->p->flags & PP_PMU_F_NO_EXCLUDE)
		/* the kernel PMU refuses any exclusion (amd64_rapl on `power`):
		 * libpfm4 accepts u, k, mg and mh there and ignores them */
		pa &= ~PP_PA_EXCLUSIONS;
	a->exclude_user = (pa >> PP_PA_U & 1) ? !(e->plm & PFM_PLM3) : 0;
	a->exclude_kernel = (pa >> PP_PA_K & 1) ? !(e->plm & PFM_PLM0) : 0;
	a->exclude_hv = e->filters_hv ? !(e->plm & PFM_PLMH) : 0;
	/* mg/mh by value (libpfm4 4.13 counts their presence: there mg=0 counted
	 * the guest, and its own fstr did not encode the same again); PMUs without
	 * them (rapl) leave guest and host alone */
	if (pa & (1u << PP_PA_MG | 1u << PP_PA_MH)) {
		a->exclude_guest = !mg;
		a->exclude_host = mg && !mh;
	} else {
		a->exclude_guest = 0;
		a->exclude_host = 0;
	}
	a->pinned = (g >> PP_PA_PINNED & 1) ? e->os_val[PP_PA_PINNED] != 0 : 0;
	if (g >> PP_PA_EXCL & 1 && e->os_val[PP_PA_EXCL])
		a->exclusive = 1;
	if (g >> PP_PA_PERIOD & 1) {
		a->sample_period = e->os_val[PP_PA_PERIOD];
	} else if (g >> PP_PA_FREQ & 1) {
		a->sample_freq = e->os_val[PP_PA_FREQ];
		a->freq = 1;
	}
	if ((g >> PP_PA_PRECISE & 1) || (g >> PP_PA_HW_SMPL & 1))
		a->precise_ip = e->precise_ip & 3;
}

int pp_os_perf_emit(const struct pp_enc *e, pfm_perf_encode_arg_t *arg)
{
	char *fstr = NULL;

	/* an uncore PMU whose kernel PMU is not in sysfs has no attr.type:
	 * libpfm4 4.13 refuses it under perf_events the same way */
	if (e->perf_type == PP_NONE)
		return pp_fail(PFM_ERR_NOTSUPP, "PMU %s: its kernel PMU %s is not in sysfs", pp_str(e->pmu->t, e->pmu->p->name),
			       e->pmu->p->perf_pmu ? pp_str(e->pmu->t, e->pmu->p->perf_pmu) : "(none)");
	if ((e->os_given >> PP_PA_PERIOD & 1) && arg->attr->freq)
		/* libpfm4 refuses a period when the caller's attr already asks for a frequency */
		return pp_fail(PFM_ERR_ATTR_VAL, "period given but attr->freq is already set");
	if (arg->fstr && !(fstr = pp_fstr(e)))
		return PFM_ERR_NOMEM;
	fill_attr(e, arg->attr);
	arg->idx = pp_make_idx(e->pmu->id, e->ev_num);
	arg->cpu = e->cpu;
	if (arg->fstr)
		*arg->fstr = fstr;
	return PFM_SUCCESS;
}
