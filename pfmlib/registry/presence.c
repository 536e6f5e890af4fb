/*
 * SPDX-License-Identifier: MIT
 * registry/presence.c - which PMUs are present on this host, at
 * pfm_initialize: LIBPFM_FORCE_PMU, the variant tables that describe this
 * host, detection (detect.c), the OS-generic PMUs, cpuid leaf 0xA's
 * architectural perfmon, and perf's h where the host's core PMU lacks it.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <perfmon/pfmlib.h>
#include "registry/detect.h"
#include "registry/state.h"
#include "table/perf_attrs.h"
#include "util/config.h"
#include "util/log.h"

/* pp_detect_matches_host(rt, host), once per pattern list */
int pp_reg_matches_host(const struct pp_pmu_rt *rt)
{
	unsigned s = (rt->p->match * 2654435761u) >> 26;
	if (pp_reg.host_match_cache[s].t != rt->t || pp_reg.host_match_cache[s].match != rt->p->match) {
		pp_reg.host_match_cache[s].t = rt->t;
		pp_reg.host_match_cache[s].match = rt->p->match;
		pp_reg.host_match_cache[s].hit = pp_detect_matches_host(rt, &pp_reg.host, pp_reg.host_lits);
	}
	return pp_reg.host_match_cache[s].hit;
}

/*
 * A variant table (another perf directory's table of a PMU, same name and
 * id) replaces its PMU's table where its patterns match the host: libpfm4's
 * PMU under libpfm4's identity, the most specific events (docs/detection.md).
 * A plugin that overrides the PMU wins over every built-in table.
 */
static void pick_variants(void)
{
	/* tablegen lists them (a table without the list: every PMU looked at) */
	const struct pp_table *b = &pp_reg.builtin;
	uint32_t n = b->variants ? b->nvariants : b->npmus;
	for (uint32_t j = 0; j < n; j++) {
		const struct pp_pmu *v = &b->pmus[b->variants ? b->variants[j] : j];
		if (!(v->flags & PP_PMU_F_VARIANT))
			continue;
		struct pp_pmu_rt *base = pp_pmu_by_id(v->id), cand = { .t = &pp_reg.builtin, .p = v };
		if (!base || base->t != &pp_reg.builtin || (base->p->flags & PP_PMU_F_VARIANT) ||
		    !pp_detect_matches_host(&cand, &pp_reg.host, pp_reg.host_lits))
			continue;
		if (pp_reg_note_irregular((int)(base - pp_reg.pmus)))
			continue;	/* without memory: the PMU keeps its own table */
		base->p = v;
		base->picked = 1;
		pp_verbose("PMU %s: the table of %s describes this host", pp_str(base->t, v->name),
			   pp_str(base->t, v->source));
	}
}

/* the OS-generic PMUs of the tables: f on each (the built-in ones end the
 * built-in part of the list; the irregular ones are listed) */
void pp_reg_each_os_generic(void (*f)(struct pp_pmu_rt *))
{
	for (int i = pp_reg.nbuiltin - 1; i >= 0 && pp_reg.builtin.pmus[pp_reg_entry(i)->bidx].type == PP_PMU_OS_GENERIC; i--)
		if (!pp_reg_irregular(pp_reg_entry(i)))
			f(pp_reg_entry(i));
	for (int j = 0; j < pp_reg.nirregular; j++)
		if (pp_reg.irregular_pos[j] < pp_reg.ntable_pmus && pp_reg_entry(pp_reg.irregular_pos[j])->p->type == PP_PMU_OS_GENERIC)
			f(pp_reg_entry(pp_reg.irregular_pos[j]));
}

/* the list position of the first built-in PMU that is no core PMU: the
 * built-in list is in search order (tablegen's: core PMUs first), so the
 * present core PMUs are found among the positions below it (and the
 * plugins' PMUs), not by a look at every present PMU */
static int core_end(void)
{
	const struct pp_table *b = &pp_reg.builtin;
	int lo = 0, hi = pp_reg.nbuiltin;
	if (!b->list_bidx)
		return hi;
	while (lo < hi) {
		int mid = lo + (hi - lo) / 2;
		if (pp_pmu_search_rank(&b->pmus[b->list_bidx[mid]]) < 2)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static void withdraw_h(struct pp_pmu_rt *rt)
{
	if (rt->p->flags & PP_PMU_F_PLM_FROM_CORE)
		rt->attrs_off |= PP_PA_BIT(PP_PA_H);
}

static void make_present(struct pp_pmu_rt *rt)
{
	rt->is_present = 1;
}

/* perf's h on PMUs that follow the host's core PMU (libpfm4's perf PMU):
 * withdrawn when the first detected core PMU does not filter the hypervisor
 * (a PMU forced by LIBPFM_FORCE_PMU is not the host's: libpfm4 4.13 keeps h) */
void pp_reg_plm_from_core(void)
{
	const struct pp_pmu_rt *core = NULL;
	if (pp_reg.forced)
		return;
	/* the present core PMUs are among those detection made present: the
	 * first in search order, without a walk over every PMU */
	int best = -1, *inv = NULL, ce = core_end();
	/* the present core PMUs; the place in the search order only for those */
	for (int j = 0; j < pp_reg.ndetected; j++) {
		int k = pp_reg.detected_pos[j];
		if ((k >= ce && k < pp_reg.nbuiltin) || pp_reg_desc(k)->type != PP_PMU_CORE || k >= pp_reg.ntable_pmus || !pp_reg.pmus[k].is_present)
			continue;
		const struct pp_pmu_rt *rt = pp_reg_entry(k);
		if (pp_reg.search_order && !inv) {
			if (!(inv = malloc((size_t)pp_reg.npmus * sizeof(*inv))))
				return;
			for (int i = 0; i < pp_reg.npmus; i++)
				inv[pp_reg.search_order[i]] = i;
		}
		int place = inv ? inv[k] : k;
		if (best < 0 || place < best) {
			best = place;
			core = rt;
		}
	}
	free(inv);
	if (!core || pp_pmu_filters_hv(core))
		return;
	/* the flag is the OS-generic PMUs' (perf) */
	pp_reg_each_os_generic(withdraw_h);
}

/*
 * The PMUs that follow the host's architectural perfmon leaf (ix86arch), when
 * it is known: not present where it reports version 0 (a hypervisor hiding
 * the PMU), and without the events its EBX vector says the CPU lacks.
 */
static void arch_perfmon(void)
{
	if (!pp_reg.host.archperf_known)
		return;
	/* among the core PMUs detection made present (ix86arch) */
	int ce = core_end();
	for (int j = 0; j < pp_reg.ndetected; j++) {
		if ((pp_reg.detected_pos[j] >= ce && pp_reg.detected_pos[j] < pp_reg.nbuiltin) || !(pp_reg_desc(pp_reg.detected_pos[j])->flags & PP_PMU_F_ARCH_PERFMON) ||
		    !pp_reg.pmus[pp_reg.detected_pos[j]].is_present)
			continue;
		struct pp_pmu_rt *rt = pp_reg_entry(pp_reg.detected_pos[j]);
		if (!pp_reg.host.archperf_version) {
			rt->is_present = 0;
			pp_verbose("PMU %s: cpuid leaf 0xA reports no architectural PMU", rt->name);
			continue;
		}
		rt->ev_absent = pp_reg.host.archperf_absent &
				(rt->p->nevents >= 32 ? UINT32_MAX : (1u << rt->p->nevents) - 1);
		rt->host_counts = 1;
		rt->ncntrs = (unsigned char)pp_reg.host.archperf_counters;
		rt->nfixed = (unsigned char)pp_reg.host.archperf_fixed;
		if (rt->ev_absent)
			pp_verbose("PMU %s: cpuid leaf 0xA leaves out events 0x%x", rt->name, (unsigned)rt->ev_absent);
	}
}

void pp_reg_detect(void)
{
	const char *force = pp_cfg.force_pmu;
	/* each identity among tablegen's identity literals, once */
	for (int i = 0; i < pp_reg.host.n; i++)
		pp_detect_literals(&pp_reg.builtin, pp_reg.host.id[i], &pp_reg.host_lits[i]);
	pp_reg.forced = 0;
	if (force) {
		struct pp_pmu_rt *f = pp_pmu_by_name(force, strlen(force));
		if (f) {
			f->is_present = 1;
			pp_reg.forced = 1;
			pp_reg.forced_pos = (int)(f - pp_reg.pmus);
			pp_verbose("PMU %s forced by LIBPFM_FORCE_PMU", force);
		} else {
			pp_verbose("LIBPFM_FORCE_PMU=%s: no such PMU", force);
		}
		return;
	}
	pick_variants();
	const struct pp_table *b = &pp_reg.builtin;
	struct pp_detect_set s = { pp_reg.pmus, pp_reg.npmus, b->dgroups && b->dgroup_of && b->kpmu && b->pmu_krun ? b : NULL, pp_reg.builtin_pos, pp_reg.irregular_pos,
				   pp_reg.nirregular, pp_reg_fill };
	if ((pp_reg.detected_pos = malloc(((size_t)pp_reg.npmus + 1) * sizeof(*pp_reg.detected_pos))))
		pp_detect(&s, &pp_reg.host, &pp_reg.kernel_pmus, pp_reg.detected_pos, &pp_reg.ndetected);
	pp_reg_each_os_generic(make_present);
	arch_perfmon();
	for (int i = 0; pp_cfg.verbose && i < pp_reg.npmus; i++)
		if (pp_reg.pmus[pp_reg_ordered(i)].is_present)
			pp_verbose("PMU %s detected", pp_str(pp_reg_entry(pp_reg_ordered(i))->t, pp_reg_entry(pp_reg_ordered(i))->p->name));
}
