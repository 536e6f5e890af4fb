/*
 * pp_registry.c - the PMUs the library serves: built from the compiled-in
 * tables (and plugin tables), ordered for name search, indexed by pfm_pmu_t,
 * with presence decided by host detection, LIBPFM_FORCE_PMU and
 * LIBPFM_ENCODE_INACTIVE, and attr.type resolved from sysfs.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "pp_engine.h"
#include "pp_host.h"
#include "pp_registry.h"
#include "pp_sysfs.h"

static struct {
	struct pp_table builtin;
	struct pp_pmu_rt *list;		/* search order */
	int n, cap;
	struct pp_pmu_rt *by_id[PP_MAX_PMU_ID + 1];
	int forced;			/* LIBPFM_FORCE_PMU named a PMU we have */
	struct pp_host host;		/* this host's identities */
} R;

int pp_registry_host_matches(const char *pattern)
{
	for (int i = 0; i < R.host.n; i++)
		if (pp_host_match(pattern, R.host.id[i]))
			return 1;
	return 0;
}

struct pp_pmu_rt *pp_pmu_by_id(int id)
{
	if (id < 0 || id > PP_MAX_PMU_ID)
		return NULL;
	return R.by_id[id];
}

static unsigned char upper(unsigned char c)
{
	return (c >= 'a' && c <= 'z') ? (unsigned char)(c - 'a' + 'A') : c;
}

struct pp_pmu_rt *pp_pmu_by_name(const char *name, size_t len)
{
	/* a first-byte test (case-insensitive, as pp_name_eq) skips most PMUs cheaply */
	unsigned char c0 = len ? upper((unsigned char)name[0]) : 0;
	for (int i = 0; i < R.n; i++) {
		const char *s = pp_str(R.list[i].t, R.list[i].p->name);
		if (upper((unsigned char)s[0]) == c0 && pp_name_eq(s, name, len))
			return &R.list[i];
	}
	return NULL;
}

int pp_pmu_count(void) { return R.n; }
struct pp_pmu_rt *pp_pmu_at(int i) { return (i >= 0 && i < R.n) ? &R.list[i] : NULL; }

int pp_pmu_usable(const struct pp_pmu_rt *pmu)
{
	return pmu->is_present || pp_encode_inactive();
}

static void resolve_perf_type(struct pp_pmu_rt *rt);

uint32_t pp_pmu_perf_type(const struct pp_pmu_rt *pmu)
{
	/* the registry owns every pp_pmu_rt: caching into it is safe */
	struct pp_pmu_rt *rt = (struct pp_pmu_rt *)pmu;
	if (!rt->perf_type_resolved)
		resolve_perf_type(rt);
	return rt->perf_type;
}

/* pfm_get_pmu_info answers PFM_ERR_NOTSUPP for these (libpfm4 4.13's behaviour) */
int pp_pmu_hidden(const struct pp_pmu_rt *pmu)
{
	return R.forced && !pmu->is_present && pmu->p->type == PP_PMU_OS_GENERIC;
}

int pp_registry_add(const struct pp_table *t, uint32_t pmu_index, const char *origin)
{
	const struct pp_pmu *p = &t->pmus[pmu_index];
	const char *name = pp_str(t, p->name);
	if (p->id < 0 || p->id > PP_MAX_PMU_ID)
		return PFM_ERR_INVAL;
	struct pp_pmu_rt *old = R.by_id[p->id];
	/* built-in names are unique (tablegen checks); later tables are checked against all */
	struct pp_pmu_rt *same = t == &R.builtin ? NULL : pp_pmu_by_name(name, strlen(name));
	if (same && !(p->flags & PP_PMU_F_OVERRIDE)) {
		pp_verbose("%s: PMU '%s' already exists; refused (set override: true to replace it)", origin, name);
		return PFM_ERR_INVAL;
	}
	if (old && old != same) {
		pp_verbose("%s: PMU id %d is already used by '%s'; refused", origin, p->id,
			   pp_str(old->t, old->p->name));
		return PFM_ERR_INVAL;
	}
	if (same) {
		if (same->id != p->id) {
			pp_verbose("%s: override of '%s' must keep its id %d", origin, name, same->id);
			return PFM_ERR_INVAL;
		}
		pp_verbose("%s: PMU '%s' overrides the built-in one", origin, name);
		same->t = t;
		same->p = p;
		return PFM_SUCCESS;
	}
	if (R.n == R.cap) {
		int ncap = R.cap ? R.cap * 2 : 128;
		struct pp_pmu_rt *nl = realloc(R.list, (size_t)ncap * sizeof(*nl));
		if (!nl)
			return PFM_ERR_NOMEM;
		/* by_id points into the list: re-point it */
		R.list = nl;
		R.cap = ncap;
		for (int i = 0; i < R.n; i++)
			R.by_id[R.list[i].id] = &R.list[i];
	}
	struct pp_pmu_rt *rt = &R.list[R.n++];
	memset(rt, 0, sizeof(*rt));
	rt->t = t;
	rt->p = p;
	rt->id = p->id;
	rt->dfl_cpu = -1;
	R.by_id[p->id] = rt;
	return PFM_SUCCESS;
}

/* attr.type: the sysfs PMU's type file when it exists, else the descriptor's */
static void resolve_perf_type(struct pp_pmu_rt *rt)
{
	rt->perf_type = rt->p->perf_type;
	rt->perf_type_resolved = 1;
	if (!rt->p->perf_pmu)
		return;
	char rel[256], path[512];
	snprintf(rel, sizeof(rel), "/sys/bus/event_source/devices/%s/type", pp_str(rt->t, rt->p->perf_pmu));
	FILE *f = fopen(pp_host_path(path, sizeof(path), rel), "r");
	if (!f)
		return;
	unsigned int v;
	if (fscanf(f, "%u", &v) == 1)
		rt->perf_type = v;
	fclose(f);
}

/* does one of rt's patterns match host identity number i? (never across architectures) */
static int pmu_matches(const struct pp_pmu_rt *rt, int i, const char *id_arch)
{
	if (!rt->p->match || rt->p->type == PP_PMU_OS_GENERIC)
		return 0;
	const char *arch = pp_str(rt->t, rt->p->arch);
	/* a PMU of another architecture: none of its patterns is tried */
	if (*arch && strcmp(arch, "generic") && id_arch && strcmp(arch, id_arch))
		return 0;
	for (const char *pat = pp_str(rt->t, rt->p->match); *pat; pat += strlen(pat) + 1)
		if (pp_host_match_arch(arch, pat, R.host.id[i]))
			return 1;
	return 0;
}

/*
 * Each host identity (one per core type) makes present the PMUs of its best
 * match: the lowest match_priority (perf's first mapfile line), all PMUs that
 * share it (hybrid parts describe several core types on one line).
 */
static void detect_identity(int i, unsigned char *hit, int fallback)
{
	uint32_t best = UINT32_MAX;
	const char *id_arch = pp_host_id_arch(R.host.id[i]);
	for (int k = 0; k < R.n; k++) {
		int fb = !!(R.list[k].p->flags & PP_PMU_F_FALLBACK);
		hit[k] = (unsigned char)(fb == fallback && pmu_matches(&R.list[k], i, id_arch));
		if (hit[k] && R.list[k].p->match_priority < best)
			best = R.list[k].p->match_priority;
	}
	for (int k = 0; k < R.n; k++)
		if (hit[k] && R.list[k].p->match_priority == best)
			R.list[k].is_present = 1;
}

/* does /sys/bus/event_source/devices/<name> exist? */
static int sysfs_pmu_exists(const char *name)
{
	char rel[256], path[512];
	struct stat st;
	snprintf(rel, sizeof(rel), "/sys/bus/event_source/devices/%s", name);
	return stat(pp_host_path(path, sizeof(path), rel), &st) == 0;
}

/*
 * Hybrid parts: one identity makes every core type's PMU present, but a
 * system may run without some core type (E-cores disabled). When the kernel
 * exposes the sysfs PMU of at least one present core type (match_unit), a
 * core type whose sysfs PMU is absent is not present. With no such PMU in
 * sysfs at all (a VM, an old kernel), every core type stays.
 */
static void drop_absent_core_types(void)
{
	int some = 0;
	for (int i = 0; i < R.n; i++)
		if (R.list[i].is_present && R.list[i].p->match_unit &&
		    sysfs_pmu_exists(pp_str(R.list[i].t, R.list[i].p->match_unit)))
			some = 1;
	if (!some)
		return;
	for (int i = 0; i < R.n; i++) {
		struct pp_pmu_rt *rt = &R.list[i];
		if (rt->is_present && rt->p->match_unit && !sysfs_pmu_exists(pp_str(rt->t, rt->p->match_unit))) {
			rt->is_present = 0;
			pp_verbose("PMU %s: no sysfs PMU %s, this core type is not running", pp_str(rt->t, rt->p->name),
				   pp_str(rt->t, rt->p->match_unit));
		}
	}
}

static void detect(void)
{
	const char *force = pp_getenv("LIBPFM_FORCE_PMU");
	R.forced = 0;
	if (force && *force) {
		struct pp_pmu_rt *f = pp_pmu_by_name(force, strlen(force));
		if (f) {
			f->is_present = 1;
			R.forced = 1;
			pp_verbose("PMU %s forced by LIBPFM_FORCE_PMU", force);
			return;
		}
		pp_verbose("LIBPFM_FORCE_PMU=%s: no such PMU", force);
		return;
	}
	unsigned char *hit = malloc((size_t)R.n + 1);
	for (int i = 0; hit && i < R.host.n; i++)
		detect_identity(i, hit, 0);
	/* no model table knows this CPU: its architectural events, if any */
	int any_core = 0;
	for (int i = 0; i < R.n; i++)
		any_core |= R.list[i].is_present && R.list[i].p->type == PP_PMU_CORE;
	for (int i = 0; hit && !any_core && i < R.host.n; i++)
		detect_identity(i, hit, 1);
	free(hit);
	drop_absent_core_types();
	for (int i = 0; i < R.n; i++) {
		struct pp_pmu_rt *rt = &R.list[i];
		if (rt->p->type == PP_PMU_OS_GENERIC)
			rt->is_present = 1;
		if (rt->is_present)
			pp_verbose("PMU %s detected", pp_str(rt->t, rt->p->name));
	}
}

static int search_rank(const struct pp_pmu_rt *rt)
{
	switch (rt->p->type) {
	case PP_PMU_CORE: return 0;
	case PP_PMU_UNCORE: return 1;
	default: return 2;
	}
}

static int cmp_rank(const void *a, const void *b)
{
	const struct pp_pmu_rt *x = a, *y = b;
	int d = search_rank(x) - search_rank(y);
	return d ? d : x->id - y->id;
}

int pp_registry_init(void)
{
	memset(&R.by_id, 0, sizeof(R.by_id));
	R.n = 0;
	pp_host_identify(&R.host);
	pp_builtin_table(&R.builtin);
	for (uint32_t i = 0; i < R.builtin.npmus; i++) {
		int r = pp_registry_add(&R.builtin, i, "built-in");
		if (r == PFM_ERR_NOMEM)
			return r;
	}
	int r = pp_plugins_load();
	if (r == PFM_ERR_NOMEM)
		return r;
	/* search order: core, uncore, then OS-generic PMUs, each by id (tablegen
	 * emits the built-in table in that order already) */
	int sorted = 1;
	for (int i = 1; i < R.n && sorted; i++)
		sorted = cmp_rank(&R.list[i - 1], &R.list[i]) < 0;
	if (!sorted)
		qsort(R.list, (size_t)R.n, sizeof(*R.list), cmp_rank);
	for (int i = 0; i < R.n; i++)
		R.by_id[R.list[i].id] = &R.list[i];
	detect();
	for (int i = 0; i < R.n; i++) {
		R.list[i].is_dfl = R.list[i].is_present;
		/* sysfs `type` files are read when a PMU first encodes (pp_pmu_perf_type) */
		R.list[i].perf_type = R.list[i].p->perf_type;
		R.list[i].perf_type_resolved = 0;
	}
	/* PMUs only sysfs describes come after every table PMU: searched last */
	if ((r = pp_sysfs_load()) == PFM_ERR_NOMEM)
		return r;
	return PFM_SUCCESS;
}

void pp_registry_fini(void)
{
	pp_plugins_unload();
	pp_sysfs_unload();
	free(R.list);
	memset(&R, 0, sizeof(R));
}
