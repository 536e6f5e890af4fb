/*
 * SPDX-License-Identifier: MIT
 * registry/first_use.c - what a PMU gets at its first use, after
 * pfm_initialize: a lazy plugin PMU's events (its file read in full), a
 * PMU only sysfs describes built from its files, a table PMU's attr.type
 * and default cpu read from its kernel PMU; under lazy_lock or by atomic
 * stores of the same values, so threads may race.
 */
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <perfmon/pfmlib.h>
#include "plugins/plugins.h"
#include "registry/state.h"
#include "sysfs/sysfs.h"
/* the realization of lazy plugin PMUs, after pp_registry_init */
static pthread_mutex_t lazy_lock = PTHREAD_MUTEX_INITIALIZER;

/*
 * sysfs PMU rt built from its files: it moves to the table of its own, with
 * attr.type and default CPU; one that becomes no PMU (no event file,
 * malformed) is refused, and answers as an id nobody uses.
 */
static void realize_sysfs(struct pp_pmu_rt *rt)
{
	struct pp_sysfs_pmu *sp;
	if (pp_sysfs_realize(pp_str(rt->t, rt->p->perf_pmu), rt->name, rt->id, &sp) == PFM_SUCCESS) {
		sp->next = pp_reg.sysfs_built;
		pp_reg.sysfs_built = sp;
		rt->t = &sp->t;
		rt->p = &sp->t.pmus[sp->pmu];
		rt->perf_type = sp->info.perf_type;
		rt->dfl_cpu = sp->info.dfl_cpu;
		__atomic_store_n(&rt->kernel_read, 1, __ATOMIC_RELEASE);
	} else {
		rt->refused = 1;
	}
	__atomic_store_n(&rt->lazy, 0, __ATOMIC_RELEASE);
}

/*
 * rt's plugin read in full: every PMU of its table (the PMU and its box
 * instances) moves to the whole table at once, then is marked done (release:
 * a thread that sees lazy 0 sees the new t and p). When the plugin cannot
 * be read now, the PMUs keep the table without events. A sysfs PMU is
 * built alone (realize_sysfs).
 */
void pp_reg_realize(struct pp_pmu_rt *rt)
{
	pthread_mutex_lock(&lazy_lock);
	if (__atomic_load_n(&rt->lazy, __ATOMIC_RELAXED) == PP_LAZY_SYSFS) {
		realize_sysfs(rt);
	} else if (__atomic_load_n(&rt->lazy, __ATOMIC_RELAXED)) {
		const struct pp_table *stub = rt->t, *full = pp_plugins_realize(stub);
		for (int i = 0; i < pp_reg.npmus; i++) {
			/* an entry not filled yet (pp_reg_entry) is a built-in PMU's: its t is NULL */
			struct pp_pmu_rt *x = &pp_reg.pmus[i];
			if (__atomic_load_n(&x->t, __ATOMIC_ACQUIRE) != stub)
				continue;
			if (full) {
				x->p = &full->pmus[x->p - stub->pmus];
				/* (atomic: pp_reg_entry reads t of any entry without the lock) */
				__atomic_store_n(&x->t, full, __ATOMIC_RELEASE);
			} else {
				x->refused = 1;
			}
			__atomic_store_n(&x->lazy, 0, __ATOMIC_RELEASE);
		}
	}
	pthread_mutex_unlock(&lazy_lock);
}

/* the `type` file of sysfs PMU name: 1 and *type, or 0 */
static int read_type(const char *name, uint32_t *type)
{
	char buf[32], path[4096], *end;
	const char *why;
	if (pp_sysfs_pmu_path(path, sizeof(path), name, "type") ||
	    pp_sysfs_read(path, buf, sizeof(buf), &why) <= 0)
		return 0;
	unsigned long v = strtoul(pp_sysfs_trim(buf), &end, 10);
	if (*end || v > UINT32_MAX)
		return 0;
	*type = (uint32_t)v;
	return 1;
}

/* the first CPU of sysfs PMU name's `cpumask`, -1 without one */
static int read_first_cpu(const char *name)
{
	char buf[4096], path[4096];
	const char *why;
	if (pp_sysfs_pmu_path(path, sizeof(path), name, "cpumask") ||
	    pp_sysfs_read(path, buf, sizeof(buf), &why) <= 0)
		return -1;
	return pp_sysfs_cpulist_first(pp_sysfs_trim(buf));
}

/*
 * attr.type of a table PMU that names a sysfs PMU: that PMU's `type` file
 * when it exists, else the descriptor's value (none for an uncore PMU
 * without perf_type: the perf layers refuse it); an uncore PMU's default
 * CPU is the first of its `cpumask`. Read at the first call that needs them
 * (an encoding for perf_events), not at pfm_initialize, so that start-up
 * costs nothing per kernel PMU a host has; threads that race read the
 * same files and store the same values.
 */
static void kernel_read(const struct pp_pmu_rt *pmu)
{
	if (__atomic_load_n(&pmu->kernel_read, __ATOMIC_ACQUIRE))
		return;
	struct pp_pmu_rt *w = (struct pp_pmu_rt *)pmu;
	uint32_t type = pmu->p->perf_type;
	int cpu = -1;
	if (pmu->kpmu) {
		/* a pattern box: its own kernel PMU, the table's type without one */
		uint32_t t;
		if (read_type(pmu->kpmu, &t))
			type = t;
		cpu = read_first_cpu(pmu->kpmu);
	} else if (pmu->p->perf_pmu) {
		const char *name = pp_str(pmu->t, pmu->p->perf_pmu);
		uint32_t t;
		if (read_type(name, &t)) {
			type = t;
			if (pmu->p->type == PP_PMU_UNCORE)
				cpu = read_first_cpu(name);
		}
	}
	__atomic_store_n(&w->perf_type, type, __ATOMIC_RELAXED);
	__atomic_store_n(&w->dfl_cpu, cpu, __ATOMIC_RELAXED);
	__atomic_store_n(&w->kernel_read, 1, __ATOMIC_RELEASE);
}

uint32_t pp_pmu_perf_type(const struct pp_pmu_rt *pmu)
{
	kernel_read(pmu);
	return __atomic_load_n(&pmu->perf_type, __ATOMIC_RELAXED);
}

int pp_pmu_dfl_cpu(const struct pp_pmu_rt *pmu)
{
	kernel_read(pmu);
	return __atomic_load_n(&pmu->dfl_cpu, __ATOMIC_RELAXED);
}
