/*
 * SPDX-License-Identifier: MIT
 * event/spelling.c - the spelling of an encoding's fully qualified string,
 * settled with the encoding: libpfm4 4.13's (pmu::EVENT, every selected
 * unit mask, every modifier the layer shows) where that string certainly
 * encodes as the encoding again, else the strict one; and which PMU
 * modifiers it writes. The test is a sufficient condition read off the
 * encoding (names that find themselves, values the encoder accepts, a
 * selection the checks of named unit masks pass), never a second parse or
 * encode, so that os/fstr.c only writes.
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <perfmon/pfmlib.h>
#include "event/lookup.h"
#include "event/pmu_index.h"
#include "event/spelling.h"
#include "util/bits.h"
#include "util/str.h"

static uint64_t field_max(const struct pp_field *f)
{
	return f->width >= 64 ? UINT64_MAX : (1ull << f->width) - 1;
}

/* a modifier at a value no string may give and that has no effect (its
 * `with_umask: ignored` or `written_unset` field set by no selected unit
 * mask): the string may name it at 0, which means "not set" (libpfm4 4.13
 * writes skl's fe_thres=0, snb's ldlat=0 beside PRECISE_STORE) */
static int mod_idle_zero(const struct pp_enc *e, const struct pp_modifier *m, uint64_t v)
{
	return !v && m->flags & PP_MOD_F_IDLE_ZERO && !pp_enc_umask_uses_field(e, m->field);
}

/* the PMU modifiers (positions) the spelling how writes: those the event
 * takes and the view shows, less */
static uint32_t mods_written(const struct pp_enc *e, enum pp_spelling how)
{
	const struct pp_table *t = e->pmu->t;
	const struct pp_pmu *p = e->pmu->p;
	const struct pp_pmu_index *ix = e->ix;
	uint32_t shown = e->ev->mods & ~(e->view->plm_as_attrs ? ix->perf_hidden_mods : 0);

	/* a unit mask that takes no modifiers: none is written (upstream
	 * libpfm4's TOPDOWN_M:FRONTEND_BOUND) */
	if (pp_enc_no_mods(e))
		return 0;

	/* libpfm4 4.13 writes the perf_plm modifiers on the perf layers too, at
	 * the levels given to the call (netburst k=1:u=1 before e, then perf's
	 * u and k): its spelling only (pp_enc_spell puts their values) */
	if (e->view->plm_as_attrs && how == PP_SPELL_LIBPFM4)
		shown |= e->ev->mods & ix->perf_plm_mods;

	if (p->nmods < PP_MAX_MODS)
		shown &= (1u << p->nmods) - 1;
	/* `with_umask: required` without a unit mask using it could not be given
	 * (libpfm4 leaves out the cbo's nf there too), but at 0 where
	 * `written_unset` (libpfm4's ldlat=0) */
	FOR_EACH_BIT(i, shown & ix->umask_required_mods) {
		const struct pp_modifier *m = &t->mods[p->first_mod + i];
		if (!pp_enc_umask_uses_field(e, m->field) &&
		    (how == PP_SPELL_STRICT || !(m->flags & PP_MOD_F_WRITTEN_UNSET)))
			shown &= ~(1u << i);
	}
	/* `enable_given`: written all together, those at 0 read as not given
	 * (encode.c, check_ranges): libpfm4 4.13's C-box tf=0:cf=0 and
	 * tf=1:cf=0, UPI dnid=0:rcsnid=0 and dnid=1:rcsnid=0. A string that
	 * gave one at 0 without the others set its enable: the others stay
	 * out, or it would read as not given */
	uint32_t eg = ix->enable_given_mods & e->ev->mods;
	uint32_t gz = 0;
	FOR_EACH_BIT(i, eg & (uint32_t)e->mod_given)
		if (!e->mod_val[i])
			gz |= 1u << i;
	if (gz || (shown & eg) != eg)
		shown &= ~(eg & ~(uint32_t)e->mod_given);
	/* no field: it encodes nothing, and libpfm4 4.13 writes it nowhere (knl's
	 * C-box nf, listed but refused at every value) */
	shown &= ~ix->fieldless_mods;
	/* strict: an integer below its minimum (not given, and of no effect) */
	if (how == PP_SPELL_STRICT)
		FOR_EACH_BIT(i, shown) {
			const struct pp_modifier *m = &t->mods[p->first_mod + i];
			if (m->type == PP_MOD_INT && e->mod_val[i] < m->min)
				shown &= ~(1u << i);
		}
	return shown;
}

/* the string gives modifier i (position) back: its name finds it (no
 * earlier modifier of that name the event takes) and its value passes the
 * encoder's checks */
static int mod_given_back(const struct pp_enc *e, uint32_t i)
{
	const struct pp_table *t = e->pmu->t;
	const struct pp_pmu *p = e->pmu->p;
	const struct pp_modifier *m = &t->mods[p->first_mod + i];
	uint64_t v = e->mod_val[i], max = m->max;

	if (!((e->ix->mod_names_own >> i) & 1)) {
		const char *name = pp_str(t, m->name);
		if (!pp_whole_token(name))
			return 0;
		/* (a modifier of the name the event does not take is no rival: the
		 * copies of event modifier_fields) */
		for (uint32_t j = 0; j < i; j++)
			if (pp_str_eq(pp_str(t, t->mods[p->first_mod + j].name), name) &&
			    pp_mod_ok(e->pmu, e->ev, p->first_mod + j) &&
			    !pp_view_hides_mod(e->view, e->pmu, p->first_mod + j))
				return 0;
	}
	if (m->type == PP_MOD_BOOL)
		return v <= 1;
	if (mod_idle_zero(e, m, v))
		return 1;
	/* check_ranges() of the encoder */
	if (m->field != PP_NONE) {
		uint64_t fm = field_max(&t->fields[m->field]);
		if (!max)
			max = fm;
	}
	return !((max && v > max) || v < m->min);
}

/* OS attribute a, written name=value, is not taken for a PMU modifier the
 * event takes and the view shows (pp_view_hides_mod) */
static int os_attr_given_back(const struct pp_enc *e, unsigned int a)
{
	uint32_t hidden = e->view->plm_as_attrs ? e->ix->perf_hidden_mods : 0;
	return !(e->ix->attr_name_mods[a] & e->ev->mods & ~hidden);
}

/* `name::` finds this PMU (its name is a whole token and no other PMU has
 * it): a fact of the registry's life, found on first use and kept in the
 * PMU (threads that race find the same answer) */
static int pmu_named(const struct pp_pmu_rt *pmu)
{
	unsigned char k = __atomic_load_n(&pmu->fstr_named, __ATOMIC_RELAXED);
	if (!k) {
		const char *pname = pmu->name;
		k = *pname && !pp_has_any(pname, ":,/ \t") && pp_pmu_by_name(pname, strlen(pname)) == pmu ? 1 : 2;
		__atomic_store_n(&((struct pp_pmu_rt *)pmu)->fstr_named, k, __ATOMIC_RELAXED);
	}
	return k == 1;
}

/* the name n of unit mask ui of ev is a whole token that finds it: no unit
 * mask before it has that name (pp_lookup_umask takes the first); with the
 * table's name tags, only those whose tag is ui's own are compared, and no
 * hash is computed */
static int umask_named(const struct pp_pmu_rt *pmu, const struct pp_event *ev, uint32_t ui, const char *n)
{
	const struct pp_table *t = pmu->t;
	/* a whole token (nothing in it splits an attribute), and its length */
	size_t len = strcspn(n, ":.=,/ \t");
	if (!len || n[len])
		return 0;
	if (!t->umask_tag)
		return pp_lookup_umask(pmu, ev, n, len) == (int)ui;
	uint8_t tag = t->umask_tag[ui];
	const uint8_t *end = t->umask_tag + ui;
	/* the tags are bytes: memchr finds the next candidate */
	for (const uint8_t *q = t->umask_tag + ev->first_umask; (q = memchr(q, tag, (size_t)(end - q))); q++)
		if (pp_name_eq(pp_str(t, t->umasks[q - t->umask_tag].name), n, len))
			return 0;
	return 1;
}

/* the settings a selection puts into the registers or presets: a field and
 * its value each */
#define MAX_PLAIN 8
struct plain_sets {
	int n;
	uint32_t field[MAX_PLAIN];
	uint64_t value[MAX_PLAIN];
};

/* the settings of a run of sets (an event's, a unit mask's) into *ps: 0 when one is not plain (a fallback, a
 * requirement, a soft default) and all_plain, or presets a modifier to a
 * value another unit mask presets otherwise (not plain ones are the same
 * on both sides of a comparison unless all_plain) */
static int add_set_run(const struct pp_enc *e, uint32_t first, uint32_t nset, int all_plain, struct plain_sets *ps)
{
	const struct pp_table *t = e->pmu->t;
	for (uint32_t s = 0; s < nset; s++) {
		const struct pp_set *st = &t->sets[first + s];
		uint32_t f = st->field - e->pmu->p->first_field;
		int k;
		if (st->flags & (PP_SET_FALLBACK | PP_SET_REQUIRED | PP_SET_SOFT) || f >= PP_INDEX_FIELDS) {
			if (all_plain)
				return 0;
			continue;
		}
		for (k = 0; k < ps->n && ps->field[k] != st->field; k++)
			;
		/* (a preset is a value, not bits to OR) */
		if (k < ps->n && e->ix->fmods[f] & e->ev->mods && ps->value[k] != st->value)
			return 0;
		if (k == ps->n) {
			if (ps->n == MAX_PLAIN)
				return 0;
			ps->field[ps->n] = st->field;
			ps->value[ps->n++] = 0;
		}
		ps->value[k] |= st->value;
	}
	return 1;
}

static int add_sets(const struct pp_enc *e, const struct pp_umask *u, int all_plain, struct plain_sets *ps)
{
	return add_set_run(e, u->first_set, u->nset, all_plain, ps);
}

/* the settings of the unit masks sel[0..n) (all plain: those of an equivalent's parts) */
static int sel_sets(const struct pp_enc *e, const uint32_t *sel, int n, struct plain_sets *ps)
{
	for (int i = 0; i < n; i++)
		if (!add_sets(e, &e->pmu->t->umasks[sel[i]], 0, ps))
			return 0;
	return 1;
}

static int same_sets(const struct plain_sets *a, const struct plain_sets *b)
{
	if (a->n != b->n)
		return 0;
	for (int k = 0; k < a->n; k++) {
		int j;
		for (j = 0; j < b->n && b->field[j] != a->field[k]; j++)
			;
		if (j == b->n || b->value[j] != a->value[k])
			return 0;
	}
	return 1;
}

/* unit mask ui into the selection sel (n so far) unless there (as the
 * encoder's add_sel); 0 when it is full */
static int add_read(uint32_t *sel, int *n, uint32_t ui)
{
	for (int k = 0; k < *n; k++)
		if (sel[k] == ui)
			return 1;
	if (*n >= PP_MAX_SEL)
		return 0;
	sel[(*n)++] = ui;
	return 1;
}

/* field and value v into *ps as a preset of a modifier (0: another value is there) */
static int add_preset(struct plain_sets *ps, uint32_t field, uint64_t v)
{
	for (int k = 0; k < ps->n; k++)
		if (ps->field[k] == field)
			return ps->value[k] == v;
	if (ps->n == MAX_PLAIN)
		return 0;
	ps->field[ps->n] = field;
	ps->value[ps->n++] = v;
	return 1;
}

/* token x[0..len) of an equivalent string names modifier position i with
 * value v that e holds: 1, and its field and value into *mods */
static int read_equiv_mod(const struct pp_enc *e, const char *x, size_t len, struct plain_sets *mods)
{
	const struct pp_table *t = e->pmu->t;
	const struct pp_pmu *p = e->pmu->p;
	const char *eq = memchr(x, '=', len);
	size_t nlen = eq ? (size_t)(eq - x) : len;
	uint64_t v = 1;

	if (eq) {
		char num[24];
		size_t vl = len - nlen - 1;
		char *end;
		if (!vl || vl >= sizeof(num))
			return 0;
		memcpy(num, eq + 1, vl);
		num[vl] = '\0';
		v = strtoull(num, &end, 0);
		if (*end)
			return 0;
	}
	for (uint32_t i = 0; i < p->nmods && i < PP_MAX_MODS; i++) {
		uint32_t mi = p->first_mod + i;
		const struct pp_modifier *m = &t->mods[mi];
		if (!pp_name_eq(pp_str(t, m->name), x, nlen) || !pp_mod_ok(e->pmu, e->ev, mi) ||
		    pp_view_hides_mod(e->view, e->pmu, mi))
			continue;
		/* a plain value modifier the spelling writes with that value */
		return !m->plm && m->field != PP_NONE && (!eq || m->type == PP_MOD_INT) &&
		       !(m->flags & (PP_MOD_F_UMASK_REQUIRED | PP_MOD_F_UMASK_IGNORED | PP_MOD_F_ENABLE_GIVEN)) &&
		       e->mod_val[i] == v && add_preset(mods, m->field, v);
	}
	return 0;
}

/* the unit masks equivalent string x names (those with an equivalent of
 * their own by theirs, as the parser reads them, depth levels down at most)
 * into sel (n so far), the modifiers it gives into *mods: 1 when each unit
 * mask is a plain one of group grp found by its name (so that the groups
 * used stay the same) and each modifier holds the value e holds */
static int read_equiv(const struct pp_enc *e, const char *x, uint32_t grp, int depth, uint32_t *sel, int *n,
		      struct plain_sets *mods)
{
	const struct pp_pmu_rt *pmu = e->pmu;
	struct plain_sets unused;

	if (depth >= PP_MAX_EXPAND)
		return 0;
	while (*x) {
		size_t len = strcspn(x, ":");
		int pi = -1;
		if (!len)
			return 0;
		/* with a value it is a modifier, never a unit mask (the parser's rule) */
		if (!memchr(x, '=', len))
			pi = pp_lookup_umask(pmu, e->ev, x, len);
		if (pi < 0) {
			if (!read_equiv_mod(e, x, len, mods))
				return 0;
		} else if (pmu->t->umasks[pi].equiv) {
			if (!read_equiv(e, pp_umask_equiv(pmu, (uint32_t)pi), grp, depth + 1, sel, n, mods))
				return 0;
		} else {
			unused.n = 0;
			if (pmu->t->umasks[pi].group != grp || !add_sets(e, &pmu->t->umasks[pi], 1, &unused) ||
			    !add_read(sel, n, (uint32_t)pi))
				return 0;
		}
		x += len;
		if (*x == ':')
			x++;
	}
	return 1;
}

/* the unit masks the equivalent string x names, nested equivalents by
 * theirs, into r (depth levels down at most): 0 when a part is no unit mask
 * (a modifier, which depends on e) or there are too many */
static int equiv_names(const struct pp_enc *e, const char *x, int depth, struct pp_equiv_read *r)
{
	const struct pp_pmu_rt *pmu = e->pmu;

	if (depth >= PP_MAX_EXPAND)
		return 0;
	while (*x) {
		size_t len = strcspn(x, ":");
		int pi;
		if (!len || memchr(x, '=', len) || (pi = pp_lookup_umask(pmu, e->ev, x, len)) < 0)
			return 0;
		if (pmu->t->umasks[pi].equiv) {
			if (!equiv_names(e, pp_umask_equiv(pmu, (uint32_t)pi), depth + 1, r))
				return 0;
		} else {
			if (r->n == PP_EQUIV_PARTS)
				return 0;
			r->part[r->n++] = (uint32_t)pi;
		}
		x += len;
		if (*x == ':')
			x++;
	}
	return 1;
}

/* the unit masks the equivalent string of selected unit mask ui names, read
 * once per PMU and kept in its index (any thread; they read the same), or
 * NULL when that string names a modifier or the reading is not kept */
static const struct pp_equiv_read *equiv_read(const struct pp_enc *e, uint32_t ui)
{
	struct pp_pmu_index *ix = (struct pp_pmu_index *)e->ix;
	const struct pp_event *ev = e->ev;
	uint32_t h = (ui * 2654435761u) >> 26;	/* 64 slots */

	for (uint32_t k = 0; k < 4; k++) {
		struct pp_equiv_read **slot = &ix->equiv_read[(h + k) % PP_EQUIV_SLOTS];
		struct pp_equiv_read *r = __atomic_load_n(slot, __ATOMIC_ACQUIRE), *none = NULL;
		if (r) {
			if (r->ui == ui && r->first_umask == ev->first_umask && r->numasks == ev->numasks)
				return r->n ? r : NULL;
			continue;
		}
		if (!(r = calloc(1, sizeof(*r))))
			return NULL;
		r->ui = ui;
		r->first_umask = ev->first_umask;
		r->numasks = ev->numasks;
		if (!equiv_names(e, pp_umask_equiv(e->pmu, ui), 0, r))
			r->n = 0;	/* kept too: not to be read again */
		if (__atomic_compare_exchange_n(slot, &none, r, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
			return r->n ? r : NULL;
		free(r);
		if (none->ui == ui && none->first_umask == ev->first_umask && none->numasks == ev->numasks)
			return none->n ? none : NULL;
	}
	return NULL;
}

/* the parts of a kept reading into sel (n so far): 1 when each is a plain
 * unit mask of group grp */
static int read_parts(const struct pp_enc *e, const struct pp_equiv_read *r, uint32_t grp, uint32_t *sel, int *n)
{
	for (uint32_t k = 0; k < r->n; k++) {
		const struct pp_umask *pu = &e->pmu->t->umasks[r->part[k]];
		struct plain_sets unused;
		unused.n = 0;
		if (pu->group != grp || !add_sets(e, pu, 1, &unused) || !add_read(sel, n, r->part[k]))
			return 0;
	}
	return 1;
}

/*
 * e->ev has an equivalent string (ivb LAST_LEVEL_CACHE_MISSES is
 * "L3_LAT_CACHE:MISS"), which the parser follows when the spelling names
 * e->ev: 1 when that reads as the same encoding. Sufficient: the equivalent
 * event takes the same modifiers and sets the fields e->ev sets, and either
 * e->ev's unit masks are its own (wsm L3_LAT_CACHE and LONGEST_LAT_CACHE),
 * or, none being selected, it names plain unit masks that the checks of
 * named ones pass, that leave no group wanting a default, and has no rules.
 */
static int event_equiv_same(const struct pp_enc *e)
{
	const struct pp_pmu_rt *pmu = e->pmu;
	const struct pp_table *t = pmu->t;
	const struct pp_event *ev = e->ev;
	const char *x = pp_str(t, ev->equiv);
	const struct pp_alias *al = NULL;
	size_t len = strcspn(x, ":");
	int num = pp_lookup_name(pmu, x, len, &al);

	if (e->has_raw_umask || num < 0)
		return 0;
	const struct pp_event *tev = pp_event_at(pmu, num);
	struct plain_sets was = { 0 }, is = { 0 };
	if (tev == ev || tev->mods != ev->mods || tev->required_mods != ev->required_mods ||
	    tev->perf_type != ev->perf_type || !add_set_run(e, ev->first_set, ev->nset, 1, &was) ||
	    !add_set_run(e, tev->first_set, tev->nset, 1, &is))
		return 0;
	/* unit masks selected: the equivalent is the event under another name
	 * (wsm L3_LAT_CACHE is LONGEST_LAT_CACHE), its unit masks, groups and
	 * rules the same records */
	if (e->nsel)
		return !x[len] && tev->first_umask == ev->first_umask && tev->numasks == ev->numasks &&
		       tev->first_group == ev->first_group && tev->ngroups == ev->ngroups &&
		       tev->first_rule == ev->first_rule && tev->nrules == ev->nrules && same_sets(&was, &is);
	if (tev->nrules)
		return 0;
	struct pp_enc read;
	memcpy(&read, e, offsetof(struct pp_enc, sel));
	read.ev = tev;
	read.nsel = 0;
	for (x += len; *x == ':';) {
		x++;
		len = strcspn(x, ":");
		int ui = len && !memchr(x, '=', len) ? pp_lookup_umask(pmu, tev, x, len) : -1;
		if (ui < 0 || t->umasks[ui].equiv || !add_read(read.sel, &read.nsel, (uint32_t)ui))
			return 0;
		x += len;
	}
	if (*x || !pp_enc_selection_ok(&read))
		return 0;
	/* every group used, or one that adds no default and needs none */
	for (uint32_t g = 0; g < tev->ngroups; g++) {
		int used = 0;
		for (int i = 0; i < read.nsel; i++)
			used |= t->umasks[read.sel[i]].group == g;
		if (used)
			continue;
		if (t->groups[tev->first_group + g].flags & PP_GRP_REQUIRED)
			return 0;
		for (uint32_t i = 0; i < tev->numasks; i++)
			if (t->umasks[tev->first_umask + i].group == g && t->umasks[tev->first_umask + i].flags & PP_F_DEFAULT)
				return 0;
	}
	if (!tev->ngroups)
		for (uint32_t i = 0; i < tev->numasks && !read.nsel; i++)
			if (t->umasks[tev->first_umask + i].flags & PP_F_DEFAULT)
				return 0;
	return sel_sets(e, read.sel, read.nsel, &is) && same_sets(&was, &is);
}

/*
 * A sufficient condition for libpfm4's spelling of e (modifiers mods written)
 * to encode as e again,
 * checked on e instead of parsing and encoding the string: it names e's
 * PMU and event as themselves, e's unit masks (each found by its name;
 * defaults without soft settings, one with an equivalent standing for the
 * same selection, and the selection as read passing the checks of named
 * unit masks), every modifier and attribute it writes finds itself and
 * holds a value the encoder accepts, and the privilege levels it writes
 * are e's. Then the encoder meets the same selection, values and levels.
 */
static int libpfm4_spelling_holds(const struct pp_enc *e, uint32_t mods)
{
	const struct pp_pmu_rt *pmu = e->pmu;
	const struct pp_table *t = pmu->t;
	const struct pp_pmu *p = pmu->p;
	const char *ename = pp_str(t, e->ev->name);
	uint32_t g = e->os_given;
	int ntok = e->nsel, plm_named = 0;
	unsigned int plm = 0;

	/* (an event reached through its equivalent is spelled as that one, whose
	 * own equivalent must not be followed either; a unit mask written as a
	 * number replaces the selection and is written back as it was given) */
	if (e->exact_alias || e->raw_name || (e->ev->flags & PP_F_RAW_NAME) || (e->ev->equiv && !event_equiv_same(e)))
		return 0;
	/* libpfm4 writes period and freq both (with the one value given); cpu
	 * and pinned not at all (read back, they must be what is left out);
	 * hw_smpl as the precise level, which without precise is read as
	 * precise=0 */
	if (g & (PP_PA_BIT(PP_PA_PERIOD) | PP_PA_BIT(PP_PA_FREQ)) ||
	    (g >> PP_PA_CPU & 1 && (int)e->os_val[PP_PA_CPU] != pp_pmu_dfl_cpu(pmu)) ||
	    (g >> PP_PA_PINNED & 1 && e->os_val[PP_PA_PINNED]) ||
	    (g >> PP_PA_HW_SMPL & 1 && e->os_val[PP_PA_HW_SMPL] && !(g >> PP_PA_PRECISE & 1)))
		return 0;
	/* pmu::EVENT finds this PMU and this event (event and alias names are
	 * unique in a PMU: the loaders refuse a table where two are the same
	 * but for case, pp_builder_index_pmu) */
	if (!pmu_named(pmu) || pp_has_any(ename, ":,/ \t") || !pp_pmu_usable(pmu) || !pmu->p->hash_size)
		return 0;
	/* the selection the spelling is read as: equivalents by their parts */
	struct pp_enc read;
	int defaults = 0, equivs = 0, nread = 0;
	struct plain_sets given;	/* modifiers the equivalents give */
	given.n = 0;
	memcpy(&read, e, offsetof(struct pp_enc, sel));
	for (int i = 0; i < e->nsel; i++) {
		const struct pp_umask *u = &t->umasks[e->sel[i]];
		const char *n = pp_str(t, u->name);
		if (!umask_named(pmu, e->ev, e->sel[i], n))
			return 0;
		/* (a named unit mask with an equivalent was read as its parts) */
		if (u->equiv) {
			const struct pp_equiv_read *r = equiv_read(e, e->sel[i]);
			if (r ? !read_parts(e, r, u->group, read.sel, &nread) :
				!read_equiv(e, pp_umask_equiv(pmu, e->sel[i]), u->group, 0, read.sel, &nread, &given))
				return 0;
			equivs = 1;
		} else if (!add_read(read.sel, &nread, e->sel[i])) {
			return 0;
		}
		if (!e->sel_dfl[i])
			continue;
		/* a default becomes a named one: its soft settings would apply */
		for (uint32_t k = 0; k < u->nset; k++)
			if (t->sets[u->first_set + k].flags & PP_SET_SOFT)
				return 0;
		defaults = 1;
	}
	read.nsel = nread;
	/* read as their parts, equivalents set the same (an OFFCORE ANY_REQUEST
	 * may carry a bit of another unit mask selected too) */
	if (equivs) {
		struct plain_sets was, is = given;
		was.n = 0;
		if (!sel_sets(e, e->sel, e->nsel, &was) || !sel_sets(e, read.sel, read.nsel, &is) || !same_sets(&was, &is))
			return 0;
	}
	/* named, the defaults meet the checks only named unit masks meet */
	if (defaults && !pp_enc_selection_ok(&read))
		return 0;
	/* a perf_plm modifier the perf layers hide is read as perf's attribute
	 * of its name: written at the value that attribute is written at, it
	 * names the same level twice */
	uint32_t pp = e->view->plm_as_attrs ? mods & e->ix->perf_plm_mods : 0;
	FOR_EACH_BIT(i, pp) {
		int same = 0;
		for (unsigned int a = PP_PA_U; a <= PP_PA_H; a++)
			if ((e->ix->attr_name_mods[a] >> i) & 1)
				same = (e->attr_mask >> a) & 1 && e->attr_shown[a] == e->mod_val[i];
		if (!same)
			return 0;
		ntok++;
	}
	/* the modifiers it writes */
	FOR_EACH_BIT(i, mods & ~pp) {
		const struct pp_modifier *m = &t->mods[p->first_mod + i];
		if (!mod_given_back(e, (uint32_t)i))
			return 0;
		/* a unit mask presetting a level's field would clash with the level given */
		if (m->plm && (e->mod_preset >> i) & 1)
			return 0;
		if (m->plm) {
			plm_named = 1;
			if (e->mod_val[i])
				plm |= m->plm;
		}
		ntok++;
	}
	/* the attributes os/fstr.c writes (period and freq: not, without sampling) */
	static const unsigned int os_plm[] = { [PP_PA_U] = PFM_PLM3, [PP_PA_K] = PFM_PLM0, [PP_PA_H] = PFM_PLMH };
	FOR_EACH_BIT(a, e->attr_mask & ~(PP_PA_BIT(PP_PA_CPU) | PP_PA_BIT(PP_PA_PINNED) | PP_PA_BIT(PP_PA_PERIOD) |
					PP_PA_BIT(PP_PA_FREQ))) {
		uint64_t v = e->attr_shown[a];
		if (!os_attr_given_back(e, (unsigned int)a) || (pp_perf_attrs[a].type == PP_MOD_BOOL && v > 1))
			return 0;
		if (a <= PP_PA_H) {
			plm_named = 1;
			if (v)
				plm |= os_plm[a];
		}
		ntok++;
	}
	/* named levels replace the default ones: they must be e's */
	return ntok <= PP_MAX_TOK && (!plm_named || plm == e->plm);
}

/* the value libpfm4 writes for each perf_events attribute the view shows
 * (e->os_val holds what the string gave) */
static void attrs_shown(struct pp_enc *e)
{
	/* a PMU that excludes nothing counts every level, guest and host */
	uint32_t all = e->pmu->p->flags & PP_PMU_F_NO_EXCLUDE ? PP_PA_EXCLUSIONS : 0;
	int sampled_period = (e->os_given >> PP_PA_PERIOD) & 1;

	uint64_t *v = e->attr_shown;

	/* (every attribute written, those of attr_mask read) */
	memcpy(v, e->os_val, sizeof(e->os_val));
	v[PP_PA_U] = (e->plm & PFM_PLM3) != 0;
	v[PP_PA_K] = (e->plm & PFM_PLM0) != 0;
	v[PP_PA_H] = (e->plm & PFM_PLMH) != 0;
	v[PP_PA_MG] = e->mg;
	v[PP_PA_MH] = e->mh || !e->mg;
	v[PP_PA_PERIOD] = v[PP_PA_FREQ] = e->os_val[sampled_period ? PP_PA_PERIOD : PP_PA_FREQ];
	v[PP_PA_HW_SMPL] = e->precise_ip;
	FOR_EACH_BIT(a, all)
		v[a] = 1;
}

/* libpfm4 4.13 writes a modifier at the value its bits read back: a flag
 * set at 1 on bits of another modifier's field shows there too (skx CHA
 * lmem is loc's bit: `:loc` and `:lmem` are both loc=1:lmem=1; skx PCU
 * occupancy events move e to bit 31, the threshold's top bit: `:e` is
 * e=1:t=128), which sets nothing more when read again */
static void shared_bits_shown(struct pp_enc *e, uint32_t mods)
{
	const struct pp_table *t = e->pmu->t;
	const struct pp_pmu *p = e->pmu->p;
	FOR_EACH_BIT(i, mods) {
		const struct pp_modifier *m = &t->mods[p->first_mod + i];
		if (m->field == PP_NONE || m->plm || (m->type != PP_MOD_BOOL && m->type != PP_MOD_INT))
			continue;
		const struct pp_field *f = &t->fields[m->field];
		FOR_EACH_BIT(j, mods) {
			const struct pp_modifier *o = &t->mods[p->first_mod + j];
			if (j == i || o->type != PP_MOD_BOOL || e->mod_val[j] != 1 || o->field == PP_NONE || o->plm)
				continue;
			const struct pp_field *g = &t->fields[o->field];
			if (g->reg != f->reg || g->flags != f->flags || !g->mask || (g->mask & ~f->mask) ||
			    (m->type == PP_MOD_BOOL && g->mask != f->mask))
				continue;
			/* the flag's bits at their places in the field's value */
			uint64_t v = 0, k = 0;
			for (uint64_t fm = f->mask; fm; fm &= fm - 1, k++)
				if (g->mask & fm & -fm)
					v |= 1ull << k;
			e->mod_val[i] |= v;
		}
	}
}

/* libpfm4 4.13 writes the modifiers on a register an event fallback filled
 * at what the fallback holds in their fields (skx CHA's default filter:
 * loc=1:rem=1:lmem=1:rmem=1), all of them or none: written all, they read
 * back as the fallback (encode.c, fallback_spelled) */
static void fallback_shown(struct pp_enc *e, uint32_t mods)
{
	uint64_t v[PP_MAX_MODS];
	uint32_t filled, on;

	if (!e->fallback_regs)
		return;
	on = pp_enc_fallback_mods(e, e->fallback_regs, v, &filled);
	if ((on & mods) != on)
		return;
	FOR_EACH_BIT(i, on)
		e->mod_val[i] = v[i];
}

void pp_enc_spell(struct pp_enc *e)
{
	e->attr_mask = pp_view_attr_mask(e->view, e->pmu, e->ev);
	attrs_shown(e);
	/* libpfm4's spelling, unless it would not encode the same again (libpfm4
	 * 4.13's own does not for, e.g., skl MEM_TRANS_RETIRED, whose default
	 * LOAD_LATENCY gives ldlat=0) */
	uint32_t mods = mods_written(e, PP_SPELL_LIBPFM4);
	/* the perf_plm modifiers the perf layers hide are written at the levels
	 * given to the call (the string cannot give them there) */
	if (e->view->plm_as_attrs)
		FOR_EACH_BIT(i, mods & e->ix->perf_plm_mods)
			e->mod_val[i] = (e->dfl_plm & e->pmu->t->mods[e->pmu->p->first_mod + i].plm) != 0;
	shared_bits_shown(e, mods);
	fallback_shown(e, mods);
	e->spell = libpfm4_spelling_holds(e, mods) ? PP_SPELL_LIBPFM4 : PP_SPELL_STRICT;
	e->mods_shown = e->spell == PP_SPELL_LIBPFM4 ? mods : mods_written(e, PP_SPELL_STRICT);
}
