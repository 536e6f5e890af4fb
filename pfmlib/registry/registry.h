/*
 * SPDX-License-Identifier: MIT
 * registry/registry.h - the PMUs the library serves: the compiled-in
 * tables, plugin tables and PMUs discovered in sysfs, in a search order
 * and indexed by pfm_pmu_t, with presence decided once at pfm_initialize
 * (host identity, LIBPFM_FORCE_PMU). Nothing changes after
 * pp_registry_init but a plugin PMU offered without its events (lazy): the
 * accessors (pp_pmu_by_id, pp_pmu_by_name, pp_pmu_at, pp_pmu_dfl_at,
 * pp_idx_decode) have its file read in full, once, under a lock, before
 * they return it; and what is found once per PMU at its first use
 * (attr.type, the encoder's index, fstr's name check), by atomic stores
 * of the same values whichever thread comes first. So several threads may
 * encode at once.
 */
#ifndef PP_REGISTRY_REGISTRY_H
#define PP_REGISTRY_REGISTRY_H

#include <stddef.h>
#include <stdint.h>
#include "table/table.h"

/* event index layout: (pfm_pmu_t << 19) | event number in the PMU; 12 bits of
 * id (PFM_PMU_MAX is 4096) and up to 512Ki events per PMU in a positive int */
#define PP_IDX_SHIFT 19
#define PP_IDX_MASK  ((1 << PP_IDX_SHIFT) - 1)
#define PP_MAX_PMU_ID 4095

struct pp_pmu_index;

/* pp_pmu_rt.lazy of a sysfs PMU not built yet */
#define PP_LAZY_SYSFS 2

/* a PMU as the library serves it */
struct pp_pmu_rt {
	const struct pp_table *t;	/* table holding the descriptor */
	const struct pp_pmu *p;		/* the descriptor */
	const char *name;		/* its name (the same through a lazy plugin's realization;
					 * a pattern box's is not its descriptor's) */
	const char *kpmu;		/* a pattern box (perf_pmu_pattern): the kernel PMU it
					 * stands for; NULL for every other PMU */
	int lazy;			/* a PMU whose events are not read yet: a plugin's
					 * (1), a sysfs PMU (PP_LAZY_SYSFS); the accessors
					 * below read them before handing it out */
	int refused;			/* its plugin was refused when its events were read:
					 * no events, reported as not supported (pp_pmu_hidden) */
	int id;				/* pfm_pmu_t */
	int bidx;			/* index in the built-in table (kept by a plugin override), or -1 */
	int is_present;			/* detected on this host (or forced) */
	int is_dfl;			/* a default PMU: searched without pmu:: prefix */
	/* attr.type (its sysfs PMU's `type`, else the descriptor's) and the cpu
	 * to program (first of its sysfs PMU's cpumask, uncore only) or -1: read
	 * through pp_pmu_perf_type and pp_pmu_dfl_cpu, which read a table PMU's
	 * sysfs PMU at their first call; final once kernel_read is set (atomic) */
	uint32_t perf_type;
	int dfl_cpu;
	unsigned char kernel_read;
	uint32_t attrs_off;		/* perf_events attributes (PP_PA_BIT) withdrawn on this host */
	uint32_t ev_absent;		/* bit n: event n is not on this host (arch_perfmon) */
	unsigned char host_counts;	/* ncntrs, nfixed are the host's (arch_perfmon), not the table's */
	unsigned char ncntrs, nfixed;
	unsigned char picked;		/* a built-in PMU whose table is another: a variant picked
					 * for this host, or a plugin's override (bidx kept) */
	unsigned char fstr_named;	/* event/spelling.c, found once and kept (atomic): 0 not known yet,
					 * 1 `name::` finds this PMU, 2 it does not */
	struct pp_pmu_index *enc_index;	/* event/pmu_index.c, made at the first encoding (atomic) */
};

/* is event num of pmu left out on this host (an architectural event the CPU lacks)? */
static inline int pp_event_absent(const struct pp_pmu_rt *pmu, uint32_t num)
{
	return num < 32 && (pmu->ev_absent >> num & 1);
}

/* the events pmu serves on this host (its table's, less the absent ones) */
int pp_pmu_nevents(const struct pp_pmu_rt *pmu);

/* the number of its first event at or after num that is not absent, or -1 */
int pp_pmu_event_from(const struct pp_pmu_rt *pmu, uint32_t num);

/* build the registry (pfm_initialize; the configuration is loaded); PFM_SUCCESS or PFM_ERR_* */
int pp_registry_init(void);
void pp_registry_fini(void);
/* pp_registry_init succeeded and pp_registry_fini was not called since */
int pp_registry_ready(void);

struct pp_pmu_rt *pp_pmu_by_id(int id);				/* NULL when no such PMU */
struct pp_pmu_rt *pp_pmu_by_name(const char *name, size_t len);	/* case-insensitive, hashed */
/* PMUs in search order; the default ones are searched without a pmu:: prefix */
int pp_pmu_count(void);
/* pfm_get_pmu_info serves ids below this: PFM_PMU_MAX, or LIBPFM_PMU_MAX (registry.c) */
int pp_pmu_id_limit(void);
struct pp_pmu_rt *pp_pmu_at(int i);
/* the PMUs searched without a pmu:: prefix (present, or sysfs ones), in search order */
int pp_pmu_dfl_count(void);
struct pp_pmu_rt *pp_pmu_dfl_at(int i);
/* a PMU may be used to encode: present, or LIBPFM_ENCODE_INACTIVE */
int pp_pmu_usable(const struct pp_pmu_rt *pmu);
/* the PMU filters the hypervisor level: it offers perf's `h`, or one of its
 * modifiers stands for PFM_PLMH (AMD's `h`: libpfm4 4.13 excludes the
 * hypervisor on zen1/zen2 too, where perf's `h` is not offered) */
int pp_pmu_filters_hv(const struct pp_pmu_rt *pmu);
/* the PMU's attr.type and default cpu (-1: none), read from its sysfs PMU at
 * the first call for a table PMU (any thread; they read the same) */
uint32_t pp_pmu_perf_type(const struct pp_pmu_rt *pmu);
int pp_pmu_dfl_cpu(const struct pp_pmu_rt *pmu);
/* pfm_get_pmu_info reports the PMU as not supported (libpfm4 4.13 under
 * LIBPFM_FORCE_PMU; a plugin refused when its events were read) */
int pp_pmu_hidden(const struct pp_pmu_rt *pmu);

static inline int pp_make_idx(int pmu_id, int ev_num) { return (pmu_id << PP_IDX_SHIFT) | ev_num; }
/* decode an event index; NULL when invalid. *ev (may be NULL) gets the event record. */
struct pp_pmu_rt *pp_idx_decode(int idx, const struct pp_event **ev);

static inline const struct pp_event *pp_event_at(const struct pp_pmu_rt *pmu, int num)
{
	return &pmu->t->events[pmu->p->first_event + (uint32_t)num];
}

#endif /* PP_REGISTRY_REGISTRY_H */
