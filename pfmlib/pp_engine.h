/*
 * pp_engine.h - internal interfaces between the parts of the library:
 * the PMU registry (which PMUs exist, which are present/default, lookup by
 * id, name and event index), the attribute model shared by the info and
 * encoding APIs, logging, and library state. Nothing here is exported.
 */
#ifndef PP_ENGINE_H
#define PP_ENGINE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <perfmon/pfmlib.h>
#include "pp_table.h"

#define PP_HIDDEN __attribute__((visibility("hidden")))

/* event index layout, as libpfm4: (pfm_pmu_t << 21) | event number in PMU */
#define PP_IDX_SHIFT 21
#define PP_IDX_MASK  ((1 << PP_IDX_SHIFT) - 1)
#define PP_MAX_PMU_ID 1023

/* a PMU as the library serves it */
struct pp_pmu_rt {
	const struct pp_table *t;	/* table holding the descriptor */
	const struct pp_pmu *p;		/* the descriptor */
	int id;				/* pfm_pmu_t */
	int is_present;			/* detected on this host (or forced) */
	int is_dfl;			/* a default PMU: searched without pmu:: prefix */
	uint32_t perf_type;		/* attr.type: use pp_pmu_perf_type() */
	int perf_type_resolved;		/* perf_type read from sysfs (or known) already */
	int dfl_cpu;			/* cpu to program (first of sysfs cpumask) or -1 */
};

/* ---- library state (pfmlib_init.c) ---- */
int pp_is_initialized(void);
/* LIBPFM_ENCODE_INACTIVE: PMUs that are not present may still be used with pmu:: */
int pp_encode_inactive(void);

/* ---- registry (pp_registry.c) ---- */
struct pp_pmu_rt *pp_pmu_by_id(int id);			/* NULL when no such PMU */
struct pp_pmu_rt *pp_pmu_by_name(const char *name, size_t len);	/* case-insensitive */
/* PMUs in search order; the default ones are searched without a pmu:: prefix */
int pp_pmu_count(void);
struct pp_pmu_rt *pp_pmu_at(int i);
/* a PMU may be used to encode: present, or LIBPFM_ENCODE_INACTIVE */
int pp_pmu_usable(const struct pp_pmu_rt *pmu);
/* attr.type of the PMU: its sysfs PMU's `type` file, read on first use, else the descriptor's */
uint32_t pp_pmu_perf_type(const struct pp_pmu_rt *pmu);

/* ---- lookup (pp_lookup.c) ---- */
/*
 * Look name[0..len) up in pmu's name index. Returns the event number within
 * the PMU (0..nevents-1) and sets *alias NULL, or returns -1 and sets *alias
 * to the alias record when the name is an alias, or returns -1 with *alias
 * NULL when unknown.
 */
int pp_lookup_name(const struct pp_pmu_rt *pmu, const char *name, size_t len,
		   const struct pp_alias **alias);
/* umask of event ev named name[0..len) (name or alias), absolute index, or -1 */
int pp_lookup_umask(const struct pp_pmu_rt *pmu, const struct pp_event *ev,
		    const char *name, size_t len);
/* case-insensitive compare of a NUL-terminated s with name[0..len) */
int pp_name_eq(const char *s, const char *name, size_t len);

static inline int pp_make_idx(int pmu_id, int ev_num) { return (pmu_id << PP_IDX_SHIFT) | ev_num; }
/* decode an event index; NULL when invalid. *ev gets the event record. */
struct pp_pmu_rt *pp_idx_decode(int idx, const struct pp_event **ev);

static inline const struct pp_event *pp_event_at(const struct pp_pmu_rt *pmu, int num)
{
	return &pmu->t->events[pmu->p->first_event + (uint32_t)num];
}

/* ---- attributes (pp_attrs.c) ----
 * The attributes of an event under an OS layer, in libpfm4's order: its unit
 * masks, then the PMU modifiers valid for it under that layer, then the OS
 * layer's own attributes (perf_events: u, k, h, period, freq, ...).
 */
enum pp_attr_kind { PP_ATTR_UMASK = 1, PP_ATTR_PMU_MOD = 2, PP_ATTR_OS_MOD = 3 };
struct pp_attr_ref {
	int kind;	/* enum pp_attr_kind */
	uint32_t index;	/* absolute umask / modifier index, or OS attribute number */
};
int pp_attr_count(pfm_os_t os, const struct pp_pmu_rt *pmu, const struct pp_event *ev);
int pp_attr_at(pfm_os_t os, const struct pp_pmu_rt *pmu, const struct pp_event *ev,
	       int aidx, struct pp_attr_ref *out);

/* ---- logging (pp_log.c) ---- */
void pp_verbose(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void pp_debug(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
int pp_verbose_on(void);

/* secure_getenv: environment ignored in set-uid programs */
const char *pp_getenv(const char *name);

#endif /* PP_ENGINE_H */
