/*
 * SPDX-License-Identifier: MIT
 * registry/detect.c - presence of table PMUs from the host identities
 * (docs/detection.md): the best match per identity, fallbacks, hybrid
 * core types the kernel does not run, uncore boxes it does not run, and
 * system-table boxes by their kernel PMU's identifier, and which kernel PMUs
 * a perf_pmu_pattern stands for.
 */
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <perfmon/pfmlib.h>
#include "registry/detect.h"
#include "sysfs/sysfs.h"
#include "util/log.h"

static int matches_one_by_one(const struct pp_table *t, const struct pp_pmu *p, const char *id);


/* the pattern lists of t's literals equal to s into h */
static void literal_lookup(const struct pp_table *t, const char *s, size_t len, struct pp_lit_hits *h)
{
	uint32_t mask = t->nidlit_hash - 1, e;
	for (uint32_t k = pp_kpmu_hash_of(s, len) & mask; (e = t->idlit_hash[k]); k = (k + 1) & mask) {
		uint32_t off = t->idlit[2 * (e - 1)];
		const char *m = t->idlit_strs + off;
		if (strncmp(m, s, len) || m[len])
			continue;
		for (uint32_t i = e - 1; i < t->nidlit && t->idlit[2 * i] == off && h->n < 64; i++)
			h->v[h->n++] = t->idlit[2 * i + 1];
		return;
	}
}

void pp_detect_literals(const struct pp_table *t, const char *id, struct pp_lit_hits *h)
{
	const char *id_arch = pp_host_id_arch(id);
	h->t = t && t->idlit && t->match_literal && t->nidlit_hash ? t : NULL;
	h->n = 0;
	if (!h->t)
		return;
	size_t len = strlen(id);
	literal_lookup(t, id, len, h);
	if (id_arch && !strcmp(id_arch, "x86")) {
		int dashes = 0;
		for (const char *c = id; *c; c++)
			dashes += *c == '-';
		if (dashes == 3)
			literal_lookup(t, id, (size_t)(strrchr(id, '-') - id), h);
	}
}

/* does one of the patterns of PMU p (of table t) match host identity id?
 * (never across architectures) */
/* pp_host_arch_serves(arch of p, id_arch) for one identity, by p's arch
 * string (interned per table): the few architectures compared once */
struct arch_memo {
	const struct pp_table *t[4];
	pp_str_t arch[4];
	unsigned char serves[4];
	int n;
};

static int arch_serves(const struct pp_table *t, const struct pp_pmu *p, const char *id_arch, struct arch_memo *m)
{
	for (int i = 0; m && i < m->n; i++)
		if (m->t[i] == t && m->arch[i] == p->arch)
			return m->serves[i];
	int r = pp_host_arch_serves(pp_str(t, p->arch), id_arch);
	if (m) {
		int i = m->n < 4 ? m->n++ : 3;
		m->t[i] = t;
		m->arch[i] = p->arch;
		m->serves[i] = (unsigned char)r;
	}
	return r;
}

static int pmu_matches(const struct pp_table *t, const struct pp_pmu *p, const char *id, const char *id_arch,
		       const struct pp_lit_hits *lit, struct arch_memo *am)
{
	if (!p->match || p->type == PP_PMU_OS_GENERIC)
		return 0;
	/* patterns that match a few literals only: the identity was looked up
	 * among those (literal_hits); most PMUs are refused here, before their
	 * architecture is looked at */
	/* (match_literal 2: some of the patterns are literals, the others are
	 * matched when none of those is hit) */
	int lk = lit && lit->t == t ? t->match_literal[p - t->pmus] : 0;
	if (lk) {
		int hit = 0;
		for (int i = 0; i < lit->n && !hit; i++)
			hit = lit->v[i] == p->match;
		if (!hit && lit->n != 64 && lk == 1)
			return 0;
		/* a PMU of another architecture: none of its patterns is tried */
		if (!arch_serves(t, p, id_arch, am))
			return 0;
		if (hit)
			return 1;
		if (lk == 1)
			return matches_one_by_one(t, p, id);
	}
	if (!arch_serves(t, p, id_arch, am))
		return 0;
	/* tablegen's literal prefix of each pattern refuses most of them at once */
	const pp_str_t *mp = t->match_prefix;
	const char *pre = mp && mp[p - t->pmus] ? pp_str(t, mp[p - t->pmus]) : NULL;
	for (const char *pat = pp_str(t, p->match); *pat; pat += strlen(pat) + 1) {
		if (pre) {
			size_t n = strlen(pre);
			int no = strncmp(id, pre, n) != 0;
			pre += n + 1;
			if (no)
				continue;
		}
		if (pp_match_identity(pat, id))	/* the architectures agree (above) */
			return 1;
	}
	return 0;
}

/* p's patterns matched one by one (the identity had more literal hits than kept) */
static int matches_one_by_one(const struct pp_table *t, const struct pp_pmu *p, const char *id)
{
	for (const char *pat = pp_str(t, p->match); *pat; pat += strlen(pat) + 1)
		if (pp_match_identity(pat, id))
			return 1;
	return 0;
}

int pp_detect_matches_host(const struct pp_pmu_rt *rt, const struct pp_host *host, const struct pp_lit_hits *lits)
{
	if (!rt->p->match)
		return 0;
	const struct pp_table *t = rt->t;
	if (lits && host->n && lits[0].t == t && t->match_literal[rt->p - t->pmus]) {
		int full = 0;
		for (int i = 0; i < host->n; i++) {
			for (int j = 0; j < lits[i].n; j++)
				if (lits[i].v[j] == rt->p->match)
					return 1;
			full |= lits[i].n == 64;
		}
		if (!full && t->match_literal[rt->p - t->pmus] == 1)
			return 0;	/* else: too many hits were kept to tell, or patterns not literals */
	}
	for (const char *pat = pp_str(rt->t, rt->p->match); *pat; pat += strlen(pat) + 1)
		for (int i = 0; i < host->n; i++)
			if (pp_match_identity(pat, host->id[i]))
				return 1;
	return 0;
}

/*
 * The candidates of detection: PMUs with patterns (OS-generic PMUs have none
 * that count), but no box whose kernel PMU is not there (it cannot be
 * present), so a model whose boxes the kernel does not
 * run costs no pattern match. They go to idx (list positions) in groups
 * that share a pattern list, an architecture, a priority and flags (the box
 * instances of one uncore model, a model's uncore PMUs), whose patterns are
 * matched once per identity: an identity costs one match per group, and
 * per PMU only in the groups that match it.
 */
struct group {
	const struct pp_table *t;	/* the patterns, priority and flags of every member: */
	const struct pp_pmu *p;		/* those of this descriptor */
	int dg;				/* a built-in detection group (its members: members()), or -1: */
	int first, n;			/* the members are idx[first .. first + n) */
};

static int same_group(const struct pp_pmu_rt *a, const struct pp_pmu_rt *b)
{
	return a->t == b->t && pp_pmu_same_detection(a->p, b->p);
}

/* what make_groups builds, and the built-in table's kernel PMU marks */
struct cands {
	int *idx, ni;
	struct group *g;
	int ng;
	int *ident, nident;		/* boxes with identifier patterns (identify_uncore) */
	const uint16_t *mark;		/* the built-in table's kernel PMU names the host has
					 * (pp_kpmus.mark), NULL: none known */
	unsigned char *served;		/* pp_kpmus.served, NULL: none */
};

/* 1 + the index among the host's kernel PMUs of built-in PMU b's perf_pmu,
 * 0 when the host has none of that name (one look-up per PMU: the host's
 * names were marked once each, pp_kpmus_load) */
static uint32_t box_name(const struct pp_table *bt, const struct cands *c, uint32_t b)
{
	uint32_t r = bt->pmu_krun[b];
	return r && c->mark ? c->mark[r - 1] : 0;
}

/* the descriptor of list entry k, and (t) its table, without filling the
 * entry: the boxes detection makes present are left for their first access
 * (pp_reg_entry) to fill; an entry not filled is a built-in PMU's */
static const struct pp_pmu *desc_of(const struct pp_detect_set *s, int k, const struct pp_table **t)
{
	const struct pp_pmu_rt *rt = &s->list[k];
	if (t)
		*t = rt->t ? rt->t : s->bt;
	return rt->t ? rt->p : &s->bt->pmus[s->bt->list_bidx[k]];
}

/* box rt's kernel PMU exists: marked (pp_kpmus.mark) for the built-in
 * table's PMUs, else a look-up */
static int box_kernel_there(const struct pp_detect_set *s, const struct cands *c, const struct pp_pmu_rt *rt,
			    struct pp_kpmus *kp)
{
	if (c->mark && rt->t == s->bt && !(rt->p->flags & PP_PMU_F_VARIANT))
		return box_name(s->bt, c, (uint32_t)(rt->p - s->bt->pmus)) != 0;
	return pp_kpmus_has(kp, pp_str(rt->t, rt->p->perf_pmu));
}

/* the built-in PMUs that serve their own descriptor, by tablegen's groups
 * (their members are looked at only when the group matches: members()) */
static void builtin_groups(const struct pp_detect_set *s, struct cands *c)
{
	const struct pp_table *bt = s->bt;
	for (uint32_t j = 0; j < bt->nidents; j++) {
		int k = s->bpos[bt->idents[j]];
		if (k >= 0 && !s->list[k].picked) {
			if (s->fill)
				s->fill(&s->list[k]);
			c->ident[c->nident++] = k;
		}
	}
	/* tablegen's order of them: detect_identity walks it (builtin_in_order) */
	for (uint32_t j = 0; !bt->dg_order && j < bt->ndgroups; j++) {
		const struct pp_dgroup *d = &bt->dgroups[j];
		c->g[c->ng++] = (struct group){ bt, &bt->pmus[d->first], (int)j, 0, 0 };
	}
}

/* the list positions of group gr's candidates into out (room for every
 * PMU); their number. A built-in group's: its PMUs that serve their own
 * descriptor, but boxes whose kernel PMU is not there. */
static int members(const struct pp_detect_set *s, const struct cands *c, const struct group *gr, int *out,
		   uint32_t *name)
{
	int n = 0;
	if (gr->dg < 0) {
		for (int k = gr->first; k < gr->first + gr->n; k++)
			out[n++] = c->idx[k];
		return n;
	}
	const struct pp_table *bt = s->bt;
	const struct pp_dgroup *d = &bt->dgroups[gr->dg];
	/* a group of boxes: each member is a box, and most of them are not
	 * on this host (the cheapest test first) */
	int boxes = d->flags & PP_DG_BOXES, dense = d->flags & PP_DG_DENSE;
	if (boxes && dense && !s->nirr) {
		/* only members within the span, none picked (no PMU is irregular),
		 * each in the list (a candidate is no variant table) */
		for (uint32_t b = d->first; b < d->first + d->span; b++) {
			uint32_t j1 = box_name(bt, c, b);
			if (j1) {
				name[n] = j1;
				out[n++] = s->bpos[b];
			}
		}
		return n;
	}
	for (uint32_t b = d->first; b < d->first + d->span; b++) {
		uint32_t j1 = boxes ? box_name(bt, c, b) : 0;
		if (boxes && !j1)
			continue;
		int k = s->bpos[b];
		if ((!dense && bt->dgroup_of[b] != (uint32_t)gr->dg) || k < 0 || s->list[k].picked)
			continue;
		/* the kernel PMU it would serve (make_present) */
		name[n] = j1;
		if (!boxes && pp_pmu_is_box(&bt->pmus[b]) && !box_name(bt, c, b))
			continue;
		/* the boxes are left unfilled: their descriptors are read by desc_of */
		if (!boxes && s->fill)
			s->fill(&s->list[k]);
		out[n++] = k;
	}
	return n;
}

/* a PMU that is not its built-in descriptor, at list position k */
static void other_pmu(const struct pp_detect_set *s, struct cands *c, int k, struct pp_kpmus *kp)
{
	const struct pp_pmu_rt *rt = &s->list[k];
	if (rt->p->identifier && pp_pmu_is_box(rt->p))
		c->ident[c->nident++] = k;
	if (!rt->p->match || rt->p->type == PP_PMU_OS_GENERIC)
		return;
	if (pp_pmu_is_box(rt->p) && !box_kernel_there(s, c, rt, kp))
		return;
	c->idx[c->ni++] = k;
	struct group *last = c->ng ? &c->g[c->ng - 1] : NULL;
	if (last && last->dg < 0 && last->first + last->n == c->ni - 1 &&
	    same_group(&s->list[c->idx[last->first]], rt)) {
		last->n++;
		return;
	}
	c->g[c->ng++] = (struct group){ rt->t, rt->p, -1, c->ni - 1, 1 };
}

/* the candidates and groups of detection; -1 without memory */
static int make_groups(const struct pp_detect_set *s, struct pp_kpmus *kp, struct cands *c)
{
	c->mark = s->bt ? kp->mark : NULL;
	c->served = kp->served;
	if (s->bt)
		builtin_groups(s, c);
	for (int j = 0; j < (s->bt ? s->nirr : s->n); j++)
		other_pmu(s, c, s->bt ? s->irr[j] : j, kp);
	return 0;
}

/* the PMUs detection made present (list indexes, each once; room for every
 * PMU); whether one of them names a core type's sysfs PMU (match_unit), and
 * whether one is a model's core PMU */
struct present {
	int *k, n;
	int units, any_core;
	int dropped;			/* one of them is no longer present */
};

/* a group that matched an identity: its members are hit[first ..][n] */
struct matched {
	struct group gr;
	int first, n;
};

/*
 * The members of matched group m (list positions hit[m->first ..][m->n])
 * made present. A group's members share its type and flags; a built-in
 * group says whether a member names a core type's sysfs PMU
 * (PP_DG_UNITS), another group's members are looked at. A built-in box
 * made present serves its kernel PMU (registry/kernel.c): noted here, but
 * for a box with identifier patterns, which identify_uncore may still take
 * back.
 */
static void make_present(const struct pp_detect_set *s, const struct cands *c, const struct matched *m,
			 const int *hit, const uint32_t *name, struct present *pres)
{
	const struct pp_pmu *p = m->gr.p;
	const struct pp_table *bt = s->bt;
	int dg = m->gr.dg, units = dg >= 0 ? !!(bt->dgroups[dg].flags & PP_DG_UNITS) : 0;
	int boxes = dg >= 0 && (bt->dgroups[dg].flags & PP_DG_BOXES) && !(bt->dgroups[dg].flags & PP_DG_IDENT) &&
		    !units && c->served;
	pres->any_core |= p->type == PP_PMU_CORE && !(p->flags & PP_PMU_F_BESIDE);
	for (int j = m->first; j < m->first + m->n; j++) {
		int k = hit[j];
		if (s->list[k].is_present)
			continue;
		s->list[k].is_present = 1;
		pres->k[pres->n++] = k;
		if (dg < 0)
			units |= desc_of(s, k, NULL)->match_unit != 0;
		if (boxes && name[j])
			c->served[name[j] - 1] = 1;
	}
	pres->units |= units;
}

/* one identity's detection (detect_identity): what it has found so far */
struct ident {
	const struct pp_detect_set *s;
	const struct cands *c;
	const char *id, *id_arch;
	struct pp_lit_hits lit;
	struct arch_memo am;
	int fallback;
	int *hit, nhit;			/* the PMUs of the groups that matched (room for every PMU) */
	uint32_t *name;			/* per hit, a built-in box's kernel PMU (box_name), or 0 */
	uint32_t best;			/* their lowest priority */
	/* the groups that matched, each with its run of hit (the first 64;
	 * the hits past them from over on, judged one by one) */
	struct matched mg[64];
	int nmg, over;
	struct present *pres;
	/* pattern lists are interned per table: groups of one model that are
	 * not adjacent (core and uncore PMUs) are matched once: the last few
	 * matched by their patterns (a literal costs a compare) */
	struct { const struct pp_table *t; pp_str_t match, arch; int hit; } seen[8];
	int nseen;
};

/* pmu_matches for group gr's patterns, once per pattern list */
static int group_matches(struct ident *x, const struct group *gr)
{
	const struct pp_pmu *p = gr->p;
	if (x->lit.t == gr->t && gr->t->match_literal[p - gr->t->pmus])
		return pmu_matches(gr->t, p, x->id, x->id_arch, &x->lit, &x->am);
	for (int i = 0; i < x->nseen && i < 8; i++)
		if (x->seen[i].t == gr->t && x->seen[i].match == p->match && x->seen[i].arch == p->arch)
			return x->seen[i].hit;
	int hit = pmu_matches(gr->t, p, x->id, x->id_arch, &x->lit, &x->am), i = x->nseen++ % 8;
	x->seen[i].t = gr->t;
	x->seen[i].match = p->match;
	x->seen[i].arch = p->arch;
	x->seen[i].hit = hit;
	return hit;
}

/* group gr for the identity of x: its members are hits when it matches */
static void consider(struct ident *x, const struct group *gr)
{
	const struct pp_pmu *p = gr->p;
	if (p->flags & PP_PMU_F_BESIDE) {
		if (x->fallback || !group_matches(x, gr))
			return;
		int n = members(x->s, x->c, gr, x->hit + x->nhit, x->name + x->nhit);
		const struct matched m = { *gr, x->nhit, n };
		make_present(x->s, x->c, &m, x->hit, x->name, x->pres);
		return;
	}
	if (!!(p->flags & PP_PMU_F_FALLBACK) != x->fallback || !group_matches(x, gr))
		return;
	/* one priority per group, and only a group with members sets it: a
	 * built-in model whose PMUs plugins all replaced (newer versions,
	 * overrides) has none left, and its priority must not outrank the
	 * plugins' own */
	int n = members(x->s, x->c, gr, x->hit + x->nhit, x->name + x->nhit);
	if (n && x->nmg < 64)
		x->mg[x->nmg++] = (struct matched){ *gr, x->nhit, n };
	else if (n && x->over < 0)
		x->over = x->nhit;
	x->nhit += n;
	if (n && p->match_priority < x->best)
		x->best = p->match_priority;
}

/* built-in detection group dg (pp_table.dg_order) for x */
static void consider_builtin(struct ident *x, uint32_t dg)
{
	const struct pp_table *bt = x->s->bt;
	const struct group gr = { bt, &bt->pmus[bt->dgroups[dg].first], (int)dg, 0, 0 };
	consider(x, &gr);
}

/*
 * The built-in groups in tablegen's order (pp_table.dg_order): of those
 * whose patterns are identity literals, the groups of the pattern lists the
 * identity's literals name (all of them when more were found than kept);
 * of the others, each run of one architecture when the identity is of it
 * (pp_host_arch_serves), so the groups of other models and architectures
 * cost no look at all.
 */
static void builtin_in_order(struct ident *x)
{
	const struct pp_table *bt = x->s->bt;
	const uint16_t *o = bt->dg_order;
	uint32_t nlit = bt->ndg_lit;
	if (x->lit.t != bt || x->lit.n == 64) {
		for (uint32_t j = 0; j < nlit; j++)
			consider_builtin(x, o[j]);
	} else {
		for (int i = 0; i < x->lit.n; i++) {
			pp_str_t m = x->lit.v[i];
			int again = 0;
			for (int h = 0; h < i && !again; h++)
				again = x->lit.v[h] == m;
			if (again)
				continue;
			/* the first group of pattern list m (sorted by it) */
			uint32_t lo = 0, hi = nlit;
			while (lo < hi) {
				uint32_t mid = lo + (hi - lo) / 2;
				if (bt->pmus[bt->dgroups[o[mid]].first].match < m)
					lo = mid + 1;
				else
					hi = mid;
			}
			for (; lo < nlit && bt->pmus[bt->dgroups[o[lo]].first].match == m; lo++)
				consider_builtin(x, o[lo]);
		}
	}
	for (uint32_t j = nlit; j < bt->ndgroups;) {
		const struct pp_pmu *p = &bt->pmus[bt->dgroups[o[j]].first];
		uint32_t end = j + 1;
		while (end < bt->ndgroups && bt->pmus[bt->dgroups[o[end]].first].arch == p->arch)
			end++;
		if (arch_serves(bt, p, x->id_arch, &x->am))
			for (; j < end; j++)
				consider_builtin(x, o[j]);
		j = end;
	}
}

/*
 * Each host identity (one per core type) makes present the PMUs of its best
 * match: the lowest match_priority (perf's first mapfile line), all PMUs that
 * share it (hybrid parts describe several core types on one line). A PMU
 * marked `beside` (ix86arch) is present wherever it matches, whatever else does.
 * hit receives the list indexes of the PMUs matched (room for every PMU).
 */
static void detect_identity(const struct pp_detect_set *s, const struct cands *c, const char *id, int *hit,
			    int fallback, struct present *pres)
{
	/* field by field: an initializer would clear the arrays (kB) */
	struct ident x;
	x.s = s;
	x.c = c;
	x.id = id;
	x.id_arch = pp_host_id_arch(id);
	x.am.n = 0;
	x.fallback = fallback;
	x.hit = hit;
	x.name = (uint32_t *)(hit + s->n + 1);	/* pp_detect's room after hit */
	x.nhit = 0;
	x.best = UINT32_MAX;
	x.nmg = 0;
	x.over = -1;
	x.pres = pres;
	x.nseen = 0;
	pp_detect_literals(s->bt, id, &x.lit);
	if (s->bt && s->bt->dg_order)
		builtin_in_order(&x);
	for (int j = 0; j < c->ng; j++)
		consider(&x, &c->g[j]);
	/* a group's members share its priority */
	for (int j = 0; j < x.nmg; j++)
		if (x.mg[j].gr.p->match_priority == x.best)
			make_present(s, c, &x.mg[j], hit, x.name, pres);
	for (int k = x.over < 0 ? x.nhit : x.over; k < x.nhit; k++)
		if (desc_of(s, hit[k], NULL)->match_priority == x.best) {
			const struct group one = { NULL, desc_of(s, hit[k], NULL), -1, 0, 1 };
			const struct matched m = { one, k, 1 };
			make_present(s, c, &m, hit, x.name, pres);
		}
}

int pp_kpmus_load(struct pp_kpmus *k, const struct pp_table *bt)
{
	char dir[4096];
	memset(k, 0, sizeof(*k));
	int n = pp_sysfs_pmu_path(dir, sizeof(dir), "", NULL) ? 0 : pp_sysfs_list_unsorted(dir, &k->names);
	if (n < 0)
		return PFM_ERR_NOMEM;
	k->n = n;
	/* first: written for every name below (when the table has the index) */
	if (!(k->first = malloc(((size_t)n + 1) * sizeof(*k->first) + (size_t)n + 1))) {
		pp_kpmus_free(k);
		return PFM_ERR_NOMEM;
	}
	k->served = (unsigned char *)(k->first + n + 1);
	memset(k->served, 0, (size_t)n + 1);
	/* the built-in table's kernel PMU names marked with the host's (a
	 * listing is at most PP_SYSFS_MAX_ENTRIES names: an index fits): one
	 * hash and one probe of tablegen's hash per name, nothing else */
	if (!bt->pmu_krun || !bt->kpmu_run || !bt->kpmu_hash)
		return PFM_SUCCESS;
	if (!(k->mark = calloc((size_t)bt->nkrun + 1, sizeof(*k->mark)))) {
		pp_kpmus_free(k);
		return PFM_ERR_NOMEM;
	}
	for (int i = 0; i < n; i++) {
		size_t len = strlen(k->names[i]);
		uint32_t first = pp_kpmu_first_hashed(bt, pp_kpmu_hash_of(k->names[i], len), k->names[i], len);
		k->first[i] = first;
		if (first < bt->nkpmu)
			k->mark[bt->kpmu_run[first]] = (uint16_t)(i + 1);
	}
	return PFM_SUCCESS;
}

void pp_kpmus_pairs(const struct pp_kpmus *k, const struct pp_table *bt, int i, uint32_t *first, uint32_t *end)
{
	/* the hashed look-up of pp_kpmus_load names the name or is nkpmu */
	uint32_t e = k->mark ? k->first[i] : pp_kpmu_first(bt, k->names[i], strlen(k->names[i]));
	*first = e;
	if (k->mark ? e >= bt->nkpmu : !pp_kpmu_is(bt, e, k->names[i], strlen(k->names[i]))) {
		*end = e;
		return;
	}
	if (bt->kpmu_end) {	/* tablegen's: where each run ends */
		*end = bt->kpmu_end[e];
		return;
	}
	for (*end = e + 1; pp_kpmu_same(bt, *end, e); ++*end)
		;
}

void pp_kpmus_free(struct pp_kpmus *k)
{
	pp_sysfs_names_free(k->names, k->n);
	free(k->slots);
	free(k->first);
	free(k->mark);
	memset(k, 0, sizeof(*k));
}

/* the hash of k's names (pp_kpmus_has); -1 without memory */
static int kpmus_hash(struct pp_kpmus *k)
{
	uint32_t size = 16;
	while (size < (uint32_t)k->n * 2)
		size *= 2;
	if (!(k->slots = calloc(size, sizeof(*k->slots))))
		return -1;
	k->nslots = size;
	for (int i = 0; i < k->n; i++) {
		uint32_t h = pp_kpmu_hash_of(k->names[i], strlen(k->names[i])) & (size - 1);
		while (k->slots[h])
			h = (h + 1) & (size - 1);
		k->slots[h] = (uint32_t)i + 1;
	}
	return 0;
}

int pp_kpmus_has(struct pp_kpmus *k, const char *name)
{
	if (!k->n || (!k->nslots && kpmus_hash(k)))
		return 0;
	uint32_t mask = k->nslots - 1, e;
	for (uint32_t h = pp_kpmu_hash_of(name, strlen(name)) & mask; (e = k->slots[h]); h = (h + 1) & mask)
		if (!strcmp(k->names[e - 1], name))
			return 1;
	return 0;
}

/* does /sys/bus/event_source/devices/<name> exist? */
static int sysfs_pmu_exists(const char *name)
{
	char path[4096];
	struct stat st;
	return !pp_sysfs_pmu_path(path, sizeof(path), name, NULL) && fstatat(AT_FDCWD, path, &st, 0) == 0;
}

/*
 * Hybrid parts: one identity makes every core type's PMU present, but a
 * system may run without some core type (E-cores disabled). When the kernel
 * exposes the sysfs PMU of at least one present core type (match_unit), a
 * core type whose sysfs PMU is absent is not present. With no such PMU in
 * sysfs at all (a VM, an old kernel), every core type stays.
 */
static void drop_absent_core_types(const struct pp_detect_set *s, struct present *pres)
{
	struct pp_pmu_rt *list = s->list;
	int some = 0;
	if (!pres->units)
		return;
	/* a hybrid part's: its present PMUs filled (the boxes were not) */
	for (int j = 0; s->fill && j < pres->n; j++)
		if (!list[pres->k[j]].t)
			s->fill(&list[pres->k[j]]);
	for (int j = 0; j < pres->n && !some; j++) {
		const struct pp_pmu_rt *rt = &list[pres->k[j]];
		if (rt->is_present && rt->p->match_unit && sysfs_pmu_exists(pp_str(rt->t, rt->p->match_unit)))
			some = 1;
	}
	if (!some)
		return;
	for (int j = 0; j < pres->n; j++) {
		struct pp_pmu_rt *rt = &list[pres->k[j]];
		if (rt->is_present && rt->p->match_unit && !sysfs_pmu_exists(pp_str(rt->t, rt->p->match_unit))) {
			rt->is_present = 0;
			pres->dropped = 1;
			pp_verbose("PMU %s: no sysfs PMU %s, this core type is not running", pp_str(rt->t, rt->p->name),
				   pp_str(rt->t, rt->p->match_unit));
		}
	}
}

/* the sysfs `identifier` of kernel PMU kn matches one of rt's identifier patterns */
static int identifier_matches(const struct pp_pmu_rt *rt, const char *kn)
{
	char buf[4096], path[4096];
	const char *why;
	if (pp_sysfs_pmu_path(path, sizeof(path), kn, "identifier") || pp_sysfs_read(path, buf, sizeof(buf), &why) < 0)
		return 0;
	const char *id = pp_sysfs_trim(buf);
	for (const char *pat = pp_str(rt->t, rt->p->identifier); *pat; pat += strlen(pat) + 1)
		if (pp_match_string(pat, id) == 1)
			return 1;
	return 0;
}

int pp_detect_pattern_box(const struct pp_pmu_rt *rt, const char *kn)
{
	if (!pp_pmu_is_pattern_table(rt->p))
		return 0;
	if (pp_match_string(pp_str(rt->t, rt->p->perf_pmu_pattern), kn) != 1)
		return 0;
	return !rt->p->identifier || identifier_matches(rt, kn);
}

/*
 * An uncore PMU with `identifier` patterns (a box of perf's system tables:
 * Arm CMN, i.MX DDR) is present only when its kernel PMU exists and that
 * PMU's sysfs `identifier` matches one of them, as perf applies a table
 * whose Compat matches; without `match` patterns that is all it needs.
 */
static void identify_uncore(const struct pp_detect_set *s, const struct cands *c, struct pp_kpmus *k,
			    struct present *pres)
{
	for (int j = 0; j < c->nident; j++) {
		struct pp_pmu_rt *rt = &s->list[c->ident[j]];
		if (!rt->is_present && rt->p->match)
			continue;
		/* (one with match patterns and present is among those detection made present) */
		pres->dropped |= rt->is_present && rt->p->match;
		const char *kn = pp_str(rt->t, rt->p->perf_pmu);
		if (!box_kernel_there(s, c, rt, k)) {
			rt->is_present = 0;
			continue;
		}
		rt->is_present = identifier_matches(rt, kn);
		if (!rt->is_present)
			pp_verbose("PMU %s: the identifier of sysfs PMU %s is missing or matches none of its "
				   "patterns; not present", pp_str(rt->t, rt->p->name), kn);
	}
}

void pp_detect(const struct pp_detect_set *s, const struct pp_host *host, struct pp_kpmus *k, int *pres_k,
	       int *npres)
{
	struct pp_pmu_rt *list = s->list;
	int n = s->n;
	/* hit, idx and ident: room for every PMU each */
	/* hit, idx, ident and the names of the hits (detect_identity) */
	int *mem = malloc(((size_t)n + 1) * 4 * sizeof(*mem));
	struct group *g = malloc(((size_t)n + 1) * sizeof(*g));
	struct cands c = { .g = g };
	struct present pres = { pres_k, 0, 0, 0, 0 };
	*npres = 0;
	if (mem) {
		c.idx = mem + 2 * (n + 1);
		c.ident = mem + 3 * (n + 1);
	}
	if (!mem || !g || make_groups(s, k, &c)) {
		free(mem);
		free(g);
		return;
	}
	int *hit = mem;
	for (int i = 0; i < host->n; i++)
		detect_identity(s, &c, host->id[i], hit, 0, &pres);
	/* no model table knows this CPU: its architectural events, if any */
	for (int i = 0; !pres.any_core && i < host->n; i++)
		detect_identity(s, &c, host->id[i], hit, 1, &pres);
	drop_absent_core_types(s, &pres);
	/* an uncore PMU (one box instance) is present when its model is the
	 * host's and the kernel runs that box: a box whose kernel PMU is not
	 * there was no candidate (members, other_pmu) */
	identify_uncore(s, &c, k, &pres);
	/* the present ones: those made present and not dropped, then the boxes
	 * that only their identifier makes present (no match patterns: never
	 * candidates) */
	if (!pres.dropped)	/* pres.k is pres_k: all of them */
		*npres = pres.n;
	for (int j = 0; pres.dropped && j < pres.n; j++) {
		if (list[pres.k[j]].is_present)
			pres_k[(*npres)++] = pres.k[j];
	}
	for (int j = 0; j < c.nident; j++)
		if (!list[c.ident[j]].p->match && list[c.ident[j]].is_present)
			pres_k[(*npres)++] = c.ident[j];
	free(mem);
	free(g);
}
