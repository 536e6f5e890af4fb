/*
 * registry/registry.c - builds the PMU set at pfm_initialize: the
 * compiled-in tables, then plugins, in a search order (core, uncore,
 * OS-generic, each by id); presence (registry/detect.c, LIBPFM_FORCE_PMU);
 * then the boxes of tables with a perf_pmu_pattern, one per kernel PMU it
 * stands for; then the kernel PMUs only sysfs describes. Read-only
 * afterwards, but for a plugin PMU offered without its events (the
 * accessors have its file read in full when they first hand it out:
 * realize, under a lock) and a table PMU's attr.type and default cpu, read
 * from its sysfs PMU at their first use (kernel_read).
 */
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <perfmon/pfmlib.h>
#include "host/host.h"
#include "host/match.h"
#include "plugins/plugins.h"
#include "registry/detect.h"
#include "registry/registry.h"
#include "sysfs/sysfs.h"
#include "table/perf_attrs.h"
#include "util/config.h"
#include "util/log.h"
#include "util/str.h"

static struct {
	int ready;
	struct pp_table builtin;
	/* the PMUs: the built-in ones first (nb of them, in search order), then
	 * plugins' (ntab: the table PMUs), then pattern boxes, then sysfs PMUs;
	 * an entry never moves but when the list grows (realloc) */
	struct pp_pmu_rt *list;
	int n, cap, nb, ntab;
	int *order;			/* search order of list positions (plugins sorted in), NULL:
					 * the list's own order */
	/* list position + 1 of the PMU of each id, 0: none; an entry counts
	 * only when that list entry has this id (a sparse set: the slots are
	 * never cleared, pfm_initialize and pfm_terminate touch only those of
	 * the PMUs they add) */
	uint16_t pos[PP_MAX_PMU_ID + 1];
	int forced, forced_at;		/* LIBPFM_FORCE_PMU named a PMU we have, at this list position */
	struct pp_host host;		/* this host's identities */
	struct pp_sysfs_set sysfs;	/* the PMUs only sysfs describes: their stubs */
	struct pp_sysfs_pmu *sysfs_built;	/* those built at their first use (under lazy_lock) */
	int id_limit;			/* ids served: below this (PFM_PMU_MAX, or LIBPFM_PMU_MAX) */
	struct pp_kpmus kpmus;		/* the kernel PMUs' names, during pp_registry_init */
	char **owned;			/* the pattern boxes' names and kernel names (add_pattern_boxes) */
	int nowned, npattern, pattern_first;	/* pattern boxes: npattern from list position pattern_first */
	int *irr, nirr, cirr;		/* list positions of the irregular PMUs (irregular()), as added */
	int *pres, npres;		/* list positions of the table PMUs detection made present
					 * (until list_defaults) */
	/* name index: built-in PMUs through the table's own (tablegen's) index,
	 * bpos giving each one's place in list (-1: not in it); every other
	 * PMU (plugins, sysfs) in xhash, open-addressing slots of list index + 1 */
	int *bpos;
	uint32_t *xhash, nxhash, nx;
	int *dfl, ndfl;			/* the PMUs searched without pmu:: prefix, in search order */
	/* pp_detect_matches_host by (table, pattern list), during pp_registry_init
	 * (the boxes of a model share their list): a direct-mapped cache */
	struct { const struct pp_table *t; pp_str_t match; int hit; } mcache[64];
} R;

/* set last by pp_registry_init, cleared first by pp_registry_fini */
int pp_registry_ready(void) { return __atomic_load_n(&R.ready, __ATOMIC_ACQUIRE); }

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
		sp->next = R.sysfs_built;
		R.sysfs_built = sp;
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
static void realize(struct pp_pmu_rt *rt)
{
	pthread_mutex_lock(&lazy_lock);
	if (__atomic_load_n(&rt->lazy, __ATOMIC_RELAXED) == PP_LAZY_SYSFS) {
		realize_sysfs(rt);
	} else if (__atomic_load_n(&rt->lazy, __ATOMIC_RELAXED)) {
		const struct pp_table *stub = rt->t, *full = pp_plugins_realize(stub);
		for (int i = 0; i < R.n; i++) {
			struct pp_pmu_rt *x = &R.list[i];
			if (x->t != stub)
				continue;
			if (full) {
				x->p = &full->pmus[x->p - stub->pmus];
				x->t = full;
			} else {
				x->refused = 1;
			}
			__atomic_store_n(&x->lazy, 0, __ATOMIC_RELEASE);
		}
	}
	pthread_mutex_unlock(&lazy_lock);
}

/* rt with its events, once pfm_initialize is done (before, the registry is being built) */
static struct pp_pmu_rt *whole(struct pp_pmu_rt *rt)
{
	if (rt && __atomic_load_n(&rt->lazy, __ATOMIC_ACQUIRE) && pp_registry_ready())
		realize(rt);
	return rt;
}

/* the PMU of id (0 <= id <= PP_MAX_PMU_ID), NULL for none; id's PMU becomes rt (NULL: none) */
static struct pp_pmu_rt *at_id(int id)
{
	unsigned k = R.pos[id];
	return k && k <= (unsigned)R.n && R.list[k - 1].id == id ? &R.list[k - 1] : NULL;
}

static void set_id(int id, const struct pp_pmu_rt *rt)
{
	R.pos[id] = rt ? (uint16_t)(rt - R.list + 1) : 0;
}

struct pp_pmu_rt *pp_pmu_by_id(int id)
{
	if (id < 0 || id > PP_MAX_PMU_ID)
		return NULL;
	return whole(at_id(id));
}

/* PMU list index i when its name is name[0..len), case-insensitively */
static int name_at(int i, const char *name, size_t len)
{
	return pp_name_eq(R.list[i].name, name, len);
}

static struct pp_pmu_rt *by_name(const char *name, size_t len);

struct pp_pmu_rt *pp_pmu_by_name(const char *name, size_t len)
{
	return whole(by_name(name, len));
}

static struct pp_pmu_rt *by_name(const char *name, size_t len)
{
	uint32_t h = pp_hash_name(name, len), e;
	const struct pp_table *b = &R.builtin;
	if (b->npmu_hash) {
		uint32_t mask = b->npmu_hash - 1;
		for (uint32_t k = h & mask; (e = b->pmu_hash[k]); k = (k + 1) & mask) {
			if (!pp_name_eq(pp_str(b, b->pmus[e - 1].name), name, len))
				continue;
			if (R.bpos && R.bpos[e - 1] >= 0)
				return &R.list[R.bpos[e - 1]];
			break;	/* a built-in PMU not in the list: a plugin may have its name */
		}
	}
	if (R.nxhash) {
		uint32_t mask = R.nxhash - 1;
		for (uint32_t k = h & mask; (e = R.xhash[k]); k = (k + 1) & mask)
			if (name_at((int)e - 1, name, len))
				return &R.list[e - 1];
	}
	return NULL;
}

/* xhash: list index i (a PMU not built in) into the index */
static void xhash_put(int i)
{
	const char *name = R.list[i].name;
	uint32_t mask = R.nxhash - 1, k = pp_hash_name(name, strlen(name)) & mask;
	while (R.xhash[k])
		k = (k + 1) & mask;
	R.xhash[k] = (uint32_t)i + 1;
	R.nx++;
}

/* xhash anew, over every PMU of the list not built in, with room for one more */
static int xhash_rebuild(int added)
{
	/* every PMU not built in is in xhash already, but list entry added
	 * (index_added's, or -1): the old slots and it go to a larger table */
	uint32_t n = R.nx + 1, size = 16, *old = R.xhash, nold = R.nxhash;
	while (size < (n + 1) * 2)
		size *= 2;
	uint32_t *nh = calloc(size, sizeof(*nh));
	if (!nh)
		return PFM_ERR_NOMEM;
	R.xhash = nh;
	R.nxhash = size;
	R.nx = 0;
	for (uint32_t k = 0; k < nold; k++)
		if (old[k])
			xhash_put((int)old[k] - 1);
	free(old);
	if (added >= 0)
		xhash_put(added);
	return PFM_SUCCESS;
}

/* the name index of list entry i, just added */
static int index_added(int i)
{
	struct pp_pmu_rt *rt = &R.list[i];
	if (rt->bidx >= 0) {
		R.bpos[rt->bidx] = i;
		return PFM_SUCCESS;
	}
	if (!R.nxhash) {
		/* the first PMU not built in: nothing to re-index */
		if (!(R.xhash = calloc(16, sizeof(*R.xhash))))
			return PFM_ERR_NOMEM;
		R.nxhash = 16;
	} else if ((R.nx + 1) * 2 > R.nxhash) {
		return xhash_rebuild(i);
	}
	xhash_put(i);
	return PFM_SUCCESS;
}

/* the list position of the i-th PMU in search order */
static int ordered(int i)
{
	return R.order ? R.order[i] : i;
}

int pp_pmu_count(void) { return R.n; }
int pp_pmu_dfl_count(void) { return R.ndfl; }
struct pp_pmu_rt *pp_pmu_dfl_at(int i) { return (i >= 0 && i < R.ndfl) ? whole(&R.list[R.dfl[i]]) : NULL; }
int pp_pmu_id_limit(void) { return R.id_limit; }
struct pp_pmu_rt *pp_pmu_at(int i) { return (i >= 0 && i < R.n) ? whole(&R.list[ordered(i)]) : NULL; }

int pp_pmu_usable(const struct pp_pmu_rt *pmu)
{
	return pmu->is_present || pp_cfg.encode_inactive;
}

int pp_pmu_filters_hv(const struct pp_pmu_rt *pmu)
{
	const struct pp_pmu *p = pmu->p;
	if ((p->perf_attrs & ~pmu->attrs_off) >> PP_PA_H & 1)
		return 1;
	for (uint32_t i = 0; i < p->nmods; i++)
		if (pmu->t->mods[p->first_mod + i].plm & PFM_PLMH)
			return 1;
	return 0;
}

int pp_pmu_hidden(const struct pp_pmu_rt *pmu)
{
	return pmu->refused || (R.forced && !pmu->is_present && pmu->p->type == PP_PMU_OS_GENERIC);
}

int pp_pmu_nevents(const struct pp_pmu_rt *pmu)
{
	return (int)pmu->p->nevents - __builtin_popcount(pmu->ev_absent);
}

int pp_pmu_event_from(const struct pp_pmu_rt *pmu, uint32_t num)
{
	while (num < pmu->p->nevents && pp_event_absent(pmu, num))
		num++;
	return num < pmu->p->nevents ? (int)num : -1;
}

struct pp_pmu_rt *pp_idx_decode(int idx, const struct pp_event **ev)
{
	if (idx < 0)
		return NULL;
	struct pp_pmu_rt *pmu = pp_pmu_by_id(idx >> PP_IDX_SHIFT);
	if (!pmu)
		return NULL;
	uint32_t num = (uint32_t)idx & PP_IDX_MASK;
	if (num >= pmu->p->nevents || pp_event_absent(pmu, num))
		return NULL;
	if (ev)
		*ev = pp_event_at(pmu, (int)num);
	return pmu;
}

/*
 * The built-in table's kernel PMU index (tablegen's pp_kpmu): the kernel PMUs
 * a host has are looked up there, so that their table PMUs are found without
 * a walk over every PMU. It holds the built-in descriptors; a PMU whose
 * descriptor is another (a plugin's, an override, a variant picked for the
 * host, a pattern box, a sysfs PMU) is irregular: R.irr lists those as
 * they are added, and the walks that need them go over that list only.
 */
static int irregular(const struct pp_pmu_rt *rt)
{
	return rt->bidx < 0 || rt->picked;
}

/* the PMUs the kernel PMU index does not find: the irregular ones (R.irr),
 * or every one when the built-in table has no such index */
static int unindexed_n(void)
{
	return R.builtin.kpmu ? R.nirr : R.n;
}

static int unindexed_at(int j)
{
	return R.builtin.kpmu ? R.irr[j] : j;
}

/* a new entry at the end of the list (and of the search order), all zero;
 * NULL without memory. Ids and name indexes hold list positions, which stay. */
static struct pp_pmu_rt *append(void)
{
	if (R.n == R.cap) {
		int ncap = R.cap ? R.cap * 2 : 128;
		struct pp_pmu_rt *nl = realloc(R.list, (size_t)ncap * sizeof(*nl));
		int *no = R.order ? realloc(R.order, (size_t)ncap * sizeof(*no)) : NULL;
		if (nl)
			R.list = nl;
		if (no)
			R.order = no;
		if (!nl || (R.order && !no))
			return NULL;
		R.cap = ncap;
	}
	if (R.order)
		R.order[R.n] = R.n;
	struct pp_pmu_rt *rt = &R.list[R.n++];
	memset(rt, 0, sizeof(*rt));
	return rt;
}

/* list position i is irregular (irregular()): into R.irr; -1 without memory */
static int note_irregular(int i)
{
	if (R.nirr == R.cirr) {
		int nc = R.cirr ? R.cirr * 2 : 16;
		int *ni = realloc(R.irr, (size_t)nc * sizeof(*ni));
		if (!ni)
			return -1;
		R.irr = ni;
		R.cirr = nc;
	}
	R.irr[R.nirr++] = i;
	return 0;
}

/* add PMU pmu_index of table t (which must outlive the registry); origin names it in messages */
static int add(const struct pp_table *t, uint32_t pmu_index, const char *origin)
{
	const struct pp_pmu *p = &t->pmus[pmu_index];
	const char *name = pp_str(t, p->name);
	if (p->id < 0 || p->id > PP_MAX_PMU_ID)
		return PFM_ERR_INVAL;
	if (p->nevents > (uint32_t)PP_IDX_MASK + 1)	/* an event index holds its number in 20 bits */
		return pp_fail(PFM_ERR_TOOMANY, "%s: PMU '%s' has %u events, more than an event index holds; refused",
			       origin, name, (unsigned)p->nevents);
	/* a built-in variant table is not a PMU of its own: pick_variants() */
	if (t == &R.builtin && (p->flags & PP_PMU_F_VARIANT))
		return PFM_SUCCESS;
	struct pp_pmu_rt *old = at_id(p->id);
	/* built-in names are unique (tablegen checks); later tables are checked against all */
	struct pp_pmu_rt *same = t == &R.builtin ? NULL : pp_pmu_by_name(name, strlen(name));
	/* a table of a PMU already listed replaces it when it says override, or
	 * when both carry the version of their data and its is newer */
	const char *nv = same ? pp_str(t, p->version) : "", *ov = same ? pp_str(same->t, same->p->version) : "";
	int newer = same && !(p->flags & PP_PMU_F_OVERRIDE) && *nv && *ov;
	if (newer && pp_version_cmp(nv, ov) <= 0)
		return pp_fail(PFM_ERR_INVAL, "%s: PMU '%s' version %s is not newer than the built-in one's (%s); ignored",
			       origin, name, nv, ov);
	if (same && !(p->flags & PP_PMU_F_OVERRIDE) && !newer)
		return pp_fail(PFM_ERR_INVAL, "%s: PMU '%s' already exists; refused (set override: true to replace it)",
			       origin, name);
	if (old && old != same)
		return pp_fail(PFM_ERR_INVAL, "%s: PMU id %d is already used by '%s'; refused", origin, p->id,
			       pp_str(old->t, old->p->name));
	if (same) {
		if (same->id != p->id)
			return pp_fail(PFM_ERR_INVAL, "%s: %s of '%s' must keep its id %d", origin,
				       newer ? "a newer version" : "override", name, same->id);
		if (newer)
			pp_verbose("%s: PMU '%s' version %s replaces the built-in one's (%s)", origin, name, nv, ov);
		else
			pp_verbose("%s: PMU '%s' overrides the built-in one", origin, name);
		if (!irregular(same) && note_irregular((int)(same - R.list)))
			return PFM_ERR_NOMEM;
		same->t = t;
		same->p = p;
		same->picked = 1;
		same->name = name;
		return PFM_SUCCESS;
	}
	struct pp_pmu_rt *rt = append();
	if (!rt)
		return PFM_ERR_NOMEM;
	rt->t = t;
	rt->p = p;
	rt->name = name;
	rt->id = p->id;
	rt->bidx = t == &R.builtin ? (int)pmu_index : -1;
	set_id(p->id, rt);
	if (rt->bidx < 0 && note_irregular(R.n - 1))
		return PFM_ERR_NOMEM;
	return index_added(R.n - 1);
}

/*
 * Every built-in PMU at once, as add() would add them one by one into an
 * empty registry (tablegen checks that names and ids are unique; variants
 * are not PMUs of their own): the list has room for them all.
 */
static void add_builtin(void)
{
	const struct pp_table *t = &R.builtin;
	for (uint32_t i = 0; i < t->npmus; i++) {
		const struct pp_pmu *p = &t->pmus[i];
		if (p->flags & PP_PMU_F_VARIANT) {
			R.bpos[i] = -1;
			continue;
		}
		/* tablegen's table: ids unique and below PFM_PMU_MAX, events
		 * within an index (check_unique, the YAML reader's limits); the
		 * list is zeroed: the other fields are 0 */
		struct pp_pmu_rt *rt = &R.list[R.n];
		rt->t = t;
		rt->p = p;
		rt->name = pp_str(t, p->name);
		rt->id = p->id;
		rt->bidx = (int)i;
		R.pos[p->id] = (uint16_t)(R.n + 1);
		R.bpos[i] = R.n++;
	}
}

/* a plugin's PMU, then its box instances (pmu `instances`), whose names and
 * ids must all be free: they are checked first, so a refusal adds nothing;
 * lazy: the table has no events yet (realize) */
static int add_plugin(void *ctx, const struct pp_table *t, const char *origin, int lazy)
{
	(void)ctx;
	for (uint32_t i = 1; i < t->npmus; i++) {
		const struct pp_pmu *p = &t->pmus[i];
		const char *name = pp_str(t, p->name);
		if (p->id < 0 || p->id > PP_MAX_PMU_ID || at_id(p->id) || pp_pmu_by_name(name, strlen(name)))
			return pp_fail(PFM_ERR_INVAL, "%s: instance '%s' (id %d): name or id already in use; refused",
				       origin, name, p->id);
	}
	int r = add(t, 0, origin);
	for (uint32_t i = 1; r == PFM_SUCCESS && i < t->npmus; i++)
		r = add(t, i, origin);
	for (uint32_t i = 0; r == PFM_SUCCESS && lazy && i < t->npmus; i++)
		at_id(t->pmus[i].id)->lazy = 1;
	return r;
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
	const struct pp_table *b = &R.builtin;
	uint32_t n = b->variants ? b->nvariants : b->npmus;
	for (uint32_t j = 0; j < n; j++) {
		const struct pp_pmu *v = &b->pmus[b->variants ? b->variants[j] : j];
		if (!(v->flags & PP_PMU_F_VARIANT))
			continue;
		struct pp_pmu_rt *base = pp_pmu_by_id(v->id), cand = { .t = &R.builtin, .p = v };
		if (!base || base->t != &R.builtin || (base->p->flags & PP_PMU_F_VARIANT) ||
		    !pp_detect_matches_host(&cand, &R.host))
			continue;
		if (note_irregular((int)(base - R.list)))
			continue;	/* without memory: the PMU keeps its own table */
		base->p = v;
		base->picked = 1;
		pp_verbose("PMU %s: the table of %s describes this host", pp_str(base->t, v->name),
			   pp_str(base->t, v->source));
	}
}

/* the OS-generic PMUs of the tables: f on each (the built-in ones end the
 * built-in part of the list; the irregular ones are listed) */
static void each_os_generic(void (*f)(struct pp_pmu_rt *))
{
	for (int i = R.nb - 1; i >= 0 && R.builtin.pmus[R.list[i].bidx].type == PP_PMU_OS_GENERIC; i--)
		if (!irregular(&R.list[i]))
			f(&R.list[i]);
	for (int j = 0; j < R.nirr; j++)
		if (R.irr[j] < R.ntab && R.list[R.irr[j]].p->type == PP_PMU_OS_GENERIC)
			f(&R.list[R.irr[j]]);
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
static void plm_from_core(void)
{
	const struct pp_pmu_rt *core = NULL;
	if (R.forced)
		return;
	for (int i = 0; i < R.ntab && !core; i++)
		if (R.list[ordered(i)].is_present && R.list[ordered(i)].p->type == PP_PMU_CORE)
			core = &R.list[ordered(i)];
	if (!core || pp_pmu_filters_hv(core))
		return;
	/* the flag is the OS-generic PMUs' (perf) */
	each_os_generic(withdraw_h);
}

/*
 * The PMUs that follow the host's architectural perfmon leaf (ix86arch), when
 * it is known: not present where it reports version 0 (a hypervisor hiding
 * the PMU), and without the events its EBX vector says the CPU lacks.
 */
static void arch_perfmon(void)
{
	if (!R.host.archperf_known)
		return;
	/* among the PMUs detection made present */
	for (int j = 0; j < R.npres; j++) {
		struct pp_pmu_rt *rt = &R.list[R.pres[j]];
		if (!(rt->p->flags & PP_PMU_F_ARCH_PERFMON) || !rt->is_present)
			continue;
		if (!R.host.archperf_version) {
			rt->is_present = 0;
			pp_verbose("PMU %s: cpuid leaf 0xA reports no architectural PMU", rt->name);
			continue;
		}
		rt->ev_absent = R.host.archperf_absent &
				(rt->p->nevents >= 32 ? UINT32_MAX : (1u << rt->p->nevents) - 1);
		rt->host_counts = 1;
		rt->ncntrs = (unsigned char)R.host.archperf_counters;
		rt->nfixed = (unsigned char)R.host.archperf_fixed;
		if (rt->ev_absent)
			pp_verbose("PMU %s: cpuid leaf 0xA leaves out events 0x%x", rt->name, (unsigned)rt->ev_absent);
	}
}

static void detect(void)
{
	const char *force = pp_cfg.force_pmu;
	R.forced = 0;
	if (force) {
		struct pp_pmu_rt *f = pp_pmu_by_name(force, strlen(force));
		if (f) {
			f->is_present = 1;
			R.forced = 1;
			R.forced_at = (int)(f - R.list);
			pp_verbose("PMU %s forced by LIBPFM_FORCE_PMU", force);
		} else {
			pp_verbose("LIBPFM_FORCE_PMU=%s: no such PMU", force);
		}
		return;
	}
	pick_variants();
	const struct pp_table *b = &R.builtin;
	struct pp_detect_set s = { R.list, R.n, b->dgroups && b->dgroup_of && b->kpmu ? b : NULL, R.bpos, R.irr,
				   R.nirr };
	if ((R.pres = malloc(((size_t)R.n + 1) * sizeof(*R.pres))))
		pp_detect(&s, &R.host, &R.kpmus, R.pres, &R.npres);
	each_os_generic(make_present);
	arch_perfmon();
	for (int i = 0; pp_cfg.verbose && i < R.n; i++)
		if (R.list[ordered(i)].is_present)
			pp_verbose("PMU %s detected", pp_str(R.list[ordered(i)].t, R.list[ordered(i)].p->name));
}

static int cmp_rank(const void *a, const void *b)
{
	const struct pp_pmu_rt *x = a, *y = b;
	int d = pp_pmu_search_rank(x->p) - pp_pmu_search_rank(y->p);
	return d ? d : x->id - y->id;
}

/*
 * The search order with plugins: the built-in PMUs (list positions [0, nb),
 * in search order already: tablegen emits the table so, overrides keep a
 * PMU's rank) and the plugins' (appended after them), sorted apart then
 * merged; entries appended later (pattern boxes, sysfs PMUs) follow in list
 * order (append). Entries do not move: ids and name indexes keep their
 * list positions. -1 without memory.
 */
static int order_cmp(const void *a, const void *b)
{
	return cmp_rank(&R.list[*(const int *)a], &R.list[*(const int *)b]);
}

static int build_order(void)
{
	int np = R.n - R.nb, *plug = malloc(((size_t)np + 1) * sizeof(*plug));
	if (!plug || !(R.order = malloc((size_t)R.cap * sizeof(*R.order)))) {
		free(plug);
		return -1;
	}
	for (int j = 0; j < np; j++)
		plug[j] = R.nb + j;
	qsort(plug, (size_t)np, sizeof(*plug), order_cmp);
	int i = 0, j = 0, o = 0;
	while (i < R.nb || j < np)
		R.order[o++] = j == np || (i < R.nb && cmp_rank(&R.list[i], &R.list[plug[j]]) < 0) ? i++ : plug[j++];
	free(plug);
	return 0;
}

/* sysname is perf_pmu, or an instance of it (perf_pmu + "_" + digits) */
static int instance_of(const char *sysname, const char *perf_pmu)
{
	size_t n = strlen(perf_pmu);
	if (!n || strncmp(sysname, perf_pmu, n))
		return 0;
	if (!sysname[n])
		return 1;
	if (sysname[n] != '_' || !sysname[n + 1])
		return 0;
	for (const char *p = sysname + n + 1; *p; p++)
		if (*p < '0' || *p > '9')
			return 0;
	return 1;
}

/* the list entry of pair e's PMU when it serves its built-in descriptor, else NULL */
static struct pp_pmu_rt *kpmu_rt(uint32_t e)
{
	uint32_t i = R.builtin.kpmu[2 * e + 1];
	int k = R.bpos[i];
	if (k < 0)
		return NULL;
	struct pp_pmu_rt *rt = &R.list[k];
	return irregular(rt) ? NULL : rt;
}

/* pp_detect_matches_host(rt, host), once per pattern list */
static int matches_host(const struct pp_pmu_rt *rt)
{
	unsigned s = (rt->p->match * 2654435761u) >> 26;
	if (R.mcache[s].t != rt->t || R.mcache[s].match != rt->p->match) {
		R.mcache[s].t = rt->t;
		R.mcache[s].match = rt->p->match;
		R.mcache[s].hit = pp_detect_matches_host(rt, &R.host);
	}
	return R.mcache[s].hit;
}

/* the rule of sysfs_served for one table PMU */
static int serves(const struct pp_pmu_rt *rt, const char *sysname)
{
	const char *pp = rt->p->perf_pmu ? pp_str(rt->t, rt->p->perf_pmu) : NULL;
	/* the first byte rules out most table PMUs cheaply */
	if (!pp || pp[0] != sysname[0])
		return 0;
	if (rt->p->type == PP_PMU_CORE && !strcmp(pp, sysname))
		return 1;
	return instance_of(sysname, pp) && (rt->is_present || matches_host(rt));
}

/*
 * A table PMU stands for the kernel PMU sysname: the kernel PMU of a core
 * type (a core PMU's perf_pmu: cpu, cpu_core, cpu_atom, ...), whichever
 * model this host is, or any PMU whose table describes this host (present,
 * or one of its patterns matches) and names sysname or an instance of it.
 * Built-in PMUs are found in the kernel PMU index under sysname, and under
 * the name it is an instance of (sysname without its "_" + digits).
 */
static int sysfs_served(void *ctx, const char *sysname)
{
	(void)ctx;
	/* the pattern boxes are added together (add_pattern_boxes), before any sysfs PMU */
	for (int i = R.pattern_first; i < R.pattern_first + R.npattern; i++)
		if (R.list[i].kpmu && !strcmp(R.list[i].kpmu, sysname))
			return 1;
	size_t len = strlen(sysname), base = len;
	while (base && sysname[base - 1] >= '0' && sysname[base - 1] <= '9')
		base--;
	base = base < len && base > 1 && sysname[base - 1] == '_' ? base - 1 : 0;
	for (uint32_t e = pp_kpmu_first(&R.builtin, sysname, len); pp_kpmu_is(&R.builtin, e, sysname, len); e++) {
		const struct pp_pmu_rt *rt = kpmu_rt(e);
		if (rt && serves(rt, sysname))
			return 1;
	}
	for (uint32_t e = base ? pp_kpmu_first(&R.builtin, sysname, base) : R.builtin.nkpmu; pp_kpmu_is(&R.builtin, e, sysname, base); e++) {
		const struct pp_pmu_rt *rt = kpmu_rt(e);
		if (rt && serves(rt, sysname))
			return 1;
	}
	/* the PMUs not in the kernel PMU index (no sysfs PMU among them yet:
	 * those join after discovery) */
	for (int j = 0; j < unindexed_n(); j++)
		if (serves(&R.list[unindexed_at(j)], sysname))
			return 1;
	return 0;
}

static int sysfs_name_taken(void *ctx, const char *name)
{
	(void)ctx;
	return pp_pmu_by_name(name, strlen(name)) != NULL;
}

static int sysfs_id_taken(void *ctx, int id)
{
	(void)ctx;
	return pp_pmu_by_id(id) != NULL;
}

/* the PMUs only sysfs describes join after every table PMU: searched last,
 * present, named and numbered now, built from their files at their first use */
static int add_sysfs(void)
{
	/* the kernel PMUs listed once (pp_kpmus_load), for detection and here */
	const struct pp_sysfs_query q = { NULL, sysfs_served, sysfs_name_taken, sysfs_id_taken, R.kpmus.names,
					  R.kpmus.n };
	int r = pp_sysfs_discover(&q, &R.sysfs);
	if (r != PFM_SUCCESS)
		return r;
	for (int i = 0; i < R.sysfs.n; i++) {
		const struct pp_sysfs_found *fd = &R.sysfs.found[i];
		r = add(&R.sysfs.t, fd->pmu, "sysfs");
		if (r == PFM_ERR_NOMEM)
			return r;
		struct pp_pmu_rt *rt = r == PFM_SUCCESS ? at_id(fd->id) : NULL;
		if (!rt)
			continue;
		rt->is_present = 1;
		rt->is_dfl = 1;
		rt->dfl_cpu = -1;
		rt->lazy = PP_LAZY_SYSFS;
		pp_debug("sysfs PMU %s: id %d, read at its first use", rt->name, fd->id);
	}
	return PFM_SUCCESS;
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

/* an owned copy of s (freed by pp_registry_fini); NULL without memory */
static const char *own(const char *s)
{
	char **no = realloc(R.owned, ((size_t)R.nowned + 1) * sizeof(*no));
	if (!no)
		return NULL;
	R.owned = no;
	return (R.owned[R.nowned] = strdup(s)) ? R.owned[R.nowned++] : NULL;
}

/* one pattern box of table PMU tmpl for kernel PMU kn, id `id` */
static int add_pattern_box(const struct pp_pmu_rt *tmpl, const char *kn, const char *name, int id)
{
	const char *oname = own(name), *okn = own(kn);
	struct pp_pmu_rt *rt = oname && okn ? append() : NULL;
	if (!rt)
		return PFM_ERR_NOMEM;
	rt->t = tmpl->t;
	rt->p = tmpl->p;
	rt->lazy = tmpl->lazy;
	rt->name = oname;
	rt->kpmu = okn;
	rt->id = id;
	rt->bidx = -1;
	rt->is_present = 1;
	if (!read_type(kn, &rt->perf_type))
		rt->perf_type = tmpl->p->perf_type;
	rt->dfl_cpu = read_first_cpu(kn);
	rt->kernel_read = 1;
	set_id(id, rt);
	if (note_irregular(R.n - 1))
		return PFM_ERR_NOMEM;
	if (!R.npattern++)
		R.pattern_first = R.n - 1;
	pp_verbose("PMU %s: a box of %s for sysfs PMU %s, id %d, type %u", oname, tmpl->name, kn, id,
		   (unsigned)rt->perf_type);
	return index_added(R.n - 1);
}

/*
 * The boxes whose kernel PMU names are known at run time only (ali_drw_<its
 * physical address>, hisi_sicl<firmware id>_cpa<index>): a table PMU with a
 * perf_pmu_pattern stands for no kernel PMU itself (never present, but
 * under LIBPFM_FORCE_PMU) and becomes one PMU per kernel PMU the pattern
 * (and its identifier patterns) stands for, in byte order of the kernel
 * names: the table's events, the name a PMU built from sysfs would have,
 * an id from 1022 down as those take them, present, attr.type and cpumask
 * of its directory. A table whose `match` patterns (when it has some) miss
 * the host serves none. Searched after the table PMUs, before sysfs ones.
 */
/* the boxes of one table named at run time (its list position i) */
static int add_boxes_of(int i, int *next_id)
{
	if (!R.forced)
		R.list[i].is_present = 0;
	struct pp_pmu_rt tmpl = R.list[i];	/* the list may move */
	if (tmpl.p->match && !matches_host(&tmpl))
		return PFM_SUCCESS;
	/* the kernel PMUs whose names start with the pattern's literal prefix:
	 * a range of the sorted list */
	size_t plen;
	const char *pre = pp_match_prefix(pp_str(tmpl.t, tmpl.p->perf_pmu_pattern), &plen);
	int lo = 0, hi = R.kpmus.n;
	while (lo < hi) {
		int mid = lo + (hi - lo) / 2;
		if (strncmp(R.kpmus.names[mid], pre, plen) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (int j = lo; j < R.kpmus.n && !strncmp(R.kpmus.names[j], pre, plen); j++) {
		const char *kn = R.kpmus.names[j];
		char name[256];
		if (!pp_detect_pattern_box(&tmpl, kn))
			continue;
		if (pp_sysfs_pmu_name(kn, name, sizeof(name)) || pp_pmu_by_name(name, strlen(name))) {
			pp_verbose("sysfs PMU %s: a box of %s, but its libpfm4 name is invalid or used; skipped",
				   kn, tmpl.name);
			continue;
		}
		while (*next_id >= PP_SYSFS_ID_MIN && at_id(*next_id))
			(*next_id)--;
		if (*next_id < PP_SYSFS_ID_MIN) {
			pp_verbose("sysfs PMU %s: no pfm_pmu_t id left in [%d-%d]; skipped", kn,
				   PP_SYSFS_ID_MIN, PP_SYSFS_ID_MAX);
			return PFM_SUCCESS;
		}
		int r = add_pattern_box(&tmpl, kn, name, *next_id);
		if (r != PFM_SUCCESS)
			return r;
	}
	return PFM_SUCCESS;
}

static int add_pattern_boxes(void)
{
	int next_id = PP_SYSFS_ID_MAX, r = PFM_SUCCESS, nirr = R.nirr, k;
	if (!R.builtin.patterns) {
		for (k = 0; r == PFM_SUCCESS && k < R.ntab; k++)
			if (pp_pmu_is_pattern_table(R.list[k].p))
				r = add_boxes_of(k, &next_id);
		return r;
	}
	/* the built-in PMUs that are their own descriptor: tablegen's list; the
	 * others (those irregular before the first box) one by one */
	for (uint32_t j = 0; r == PFM_SUCCESS && j < R.builtin.npatterns; j++)
		if ((k = R.bpos[R.builtin.patterns[j]]) >= 0 && !irregular(&R.list[k]))
			r = add_boxes_of(k, &next_id);
	for (int j = 0; r == PFM_SUCCESS && j < nirr; j++)
		if (pp_pmu_is_pattern_table(R.list[R.irr[j]].p))
			r = add_boxes_of(R.irr[j], &next_id);
	return r;
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
	if (pmu->p->perf_pmu) {
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

/*
 * LIBPFM_PMU_MAX=N: the caller was built against a header whose
 * PFM_PMU_MAX is N (517 for libpfm4 4.13) and walks ids below N only.
 * Each present PMU with an id of N or more moves to an id below N that no
 * PMU uses (lowest first, in search order, core PMUs first); its old id is
 * free afterwards, so no walk sees a PMU twice. Ids from N up are not served.
 */
static void renumber_for_caller(int max)
{
	int free_id = 1;	/* 0 is PFM_PMU_NONE */
	for (int i = 0; i < R.n; i++) {
		struct pp_pmu_rt *rt = &R.list[ordered(i)];
		if (rt->id < max || !rt->is_present)
			continue;
		while (free_id < max && at_id(free_id))
			free_id++;
		if (free_id >= max) {
			pp_verbose("LIBPFM_PMU_MAX=%d: no free id below it for PMU %s (id %d)", max,
				   pp_str(rt->t, rt->p->name), rt->id);
			continue;
		}
		pp_verbose("LIBPFM_PMU_MAX=%d: PMU %s served as id %d instead of %d", max,
			   pp_str(rt->t, rt->p->name), free_id, rt->id);
		set_id(rt->id, NULL);
		rt->id = free_id;
		set_id(free_id, rt);
	}
	R.id_limit = max;
}

static void dfl_add(struct pp_pmu_rt *rt)
{
	R.dfl[R.ndfl++] = (int)(rt - R.list);
}

static int cmp_int(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;
	return (x > y) - (x < y);
}

/*
 * The PMUs an event name without pmu:: prefix is searched in (present, or
 * sysfs ones), in search order: the table PMUs detection made present, the
 * forced one, the OS-generic ones, then the pattern boxes and sysfs PMUs
 * (added after the tables); not a walk over every PMU.
 */
static int list_defaults(void)
{
	int *inv = NULL;
	if (!(R.dfl = malloc(((size_t)R.n + 2) * sizeof(*R.dfl))))
		return PFM_ERR_NOMEM;
	R.ndfl = 0;
	for (int j = 0; j < R.npres; j++)
		dfl_add(&R.list[R.pres[j]]);
	if (R.forced)
		dfl_add(&R.list[R.forced_at]);
	each_os_generic(dfl_add);
	int n = 0;
	for (int j = 0; j < R.ndfl; j++)
		if (R.list[R.dfl[j]].is_present)
			R.dfl[n++] = R.dfl[j];
	R.ndfl = n;
	/* sorted by place in the search order (ordered() maps it back) */
	if (R.order) {
		if (!(inv = malloc((size_t)R.n * sizeof(*inv))))
			return PFM_ERR_NOMEM;
		for (int i = 0; i < R.n; i++)
			inv[R.order[i]] = i;
		for (int j = 0; j < R.ndfl; j++)
			R.dfl[j] = inv[R.dfl[j]];
		free(inv);
	}
	qsort(R.dfl, (size_t)R.ndfl, sizeof(*R.dfl), cmp_int);
	for (int j = 0; j < R.ndfl; j++)
		R.dfl[j] = ordered(R.dfl[j]);
	/* each once (the forced PMU may be an OS-generic one) */
	n = 0;
	for (int j = 0; j < R.ndfl; j++)
		if (!n || R.dfl[n - 1] != R.dfl[j])
			R.dfl[n++] = R.dfl[j];
	R.ndfl = n;
	for (int i = R.ntab; i < R.n; i++)
		if (R.list[i].is_present || R.list[i].is_dfl)
			R.dfl[R.ndfl++] = i;
	/* detection's list has served */
	free(R.pres);
	R.pres = NULL;
	R.npres = 0;
	return PFM_SUCCESS;
}

int pp_registry_init(void)
{
	int r;

	/* R is all zero here: never initialized, or cleared by pp_registry_fini */
	pp_host_identify(&R.host);
	pp_builtin_table(&R.builtin);
	/* every slot is set by add_builtin */
	if (!(R.bpos = malloc((R.builtin.npmus + 1) * sizeof(*R.bpos))))
		return PFM_ERR_NOMEM;
	R.bpos[R.builtin.npmus] = -1;
	/* room for every built-in PMU and some more: no re-pointing while adding
	 * them; zeroed (fresh pages), so add_builtin sets the other fields only */
	R.cap = (int)R.builtin.npmus + 64;
	if (!(R.list = calloc((size_t)R.cap, sizeof(*R.list))))
		return PFM_ERR_NOMEM;
	add_builtin();
	R.nb = R.n;
	if ((r = pp_plugins_load(&R.host, add_plugin, NULL)) == PFM_ERR_NOMEM)
		return r;
	R.ntab = R.n;
	/* search order: core, uncore, then OS-generic PMUs, each by id (tablegen
	 * emits the built-in table in that order already: only plugins can
	 * have changed it) */
	if (R.n > R.nb && build_order())
		return PFM_ERR_NOMEM;
	if ((r = pp_kpmus_load(&R.kpmus)) != PFM_SUCCESS)
		return r;
	/* a table PMU is a default one when present (list_defaults) */
	detect();
	plm_from_core();
	if ((r = add_pattern_boxes()) == PFM_ERR_NOMEM)
		return r;
	if ((r = add_sysfs()) == PFM_ERR_NOMEM)
		return r;
	pp_kpmus_free(&R.kpmus);
	/* the search order is by id: before any renumbering */
	if ((r = list_defaults()) != PFM_SUCCESS)
		return r;
	R.id_limit = PP_MAX_PMU_ID + 1;
	if (pp_cfg.pmu_max)
		renumber_for_caller(pp_cfg.pmu_max);
	__atomic_store_n(&R.ready, 1, __ATOMIC_RELEASE);
	return PFM_SUCCESS;
}

void pp_registry_fini(void)
{
	__atomic_store_n(&R.ready, 0, __ATOMIC_RELEASE);
	pp_plugins_unload();
	pp_sysfs_free(&R.sysfs);
	while (R.sysfs_built) {
		struct pp_sysfs_pmu *next = R.sysfs_built->next;
		pp_sysfs_pmu_free(R.sysfs_built);
		R.sysfs_built = next;
	}
	pp_kpmus_free(&R.kpmus);
	free(R.list);
	free(R.order);
	free(R.pres);
	free(R.bpos);
	free(R.xhash);
	free(R.dfl);
	for (int i = 0; i < R.nowned; i++)
		free(R.owned[i]);
	free(R.owned);
	free(R.irr);
	/* all but pos (see there) */
	size_t at = offsetof(__typeof__(R), pos), end = at + sizeof(R.pos);
	memset(&R, 0, at);
	memset((char *)&R + end, 0, sizeof(R) - end);
}
