/*
 * SPDX-License-Identifier: MIT
 * event/encode.c - the one encoder. From a parsed event it takes the unit
 * masks and modifiers the string gives (event/select.c checks the unit-mask
 * selection and adds the defaults), settles modifier and privilege-level
 * values, and deposits every field value into config, config1, config2
 * through the PMU's format. Nothing here knows a CPU.
 */
#include <limits.h>
#include <stddef.h>
#include <string.h>
#include <perfmon/pfmlib.h>
#include "event/encode.h"
#include "event/select.h"
#include "event/pmu_index.h"
#include "util/bits.h"
#include "util/log.h"

/* the modifier positions a PMU of n modifiers has (bits at n or more are never set) */
static uint64_t mod_positions(uint32_t n)
{
	return n >= PP_MAX_MODS ? (1ull << PP_MAX_MODS) - 1 : (1ull << n) - 1;
}

/* ---- field deposit ---- */

static uint64_t all_bits(const struct pp_field *f)
{
	return f->width >= 64 ? ~0ULL : (1ULL << f->width) - 1;
}

static uint64_t deposit(uint64_t mask, uint64_t v)
{
	/* most fields get no value, and most masks are one run of bits: the
	 * value's low bits shifted to the run's start, the rest dropped */
	if (!v || !mask)
		return 0;
	uint64_t low = mask & -mask;
	if (!((mask + low) & mask))
		return (v << __builtin_ctzll(mask)) & mask;
	uint64_t r = 0;
	for (uint64_t bit = 1; mask && bit; bit <<= 1) {
		uint64_t low = mask & -mask;
		if (v & bit)
			r |= low;
		mask &= mask - 1;
	}
	return r;
}

/* the bits of mask in r, packed from bit 0 (deposit's inverse) */
static uint64_t extract(uint64_t mask, uint64_t r)
{
	uint64_t v = 0;
	for (uint64_t bit = 1; mask; bit <<= 1, mask &= mask - 1)
		if (r & mask & -mask)
			v |= bit;
	return v;
}

static uint64_t field_max(const struct pp_field *f)
{
	return f->width >= 64 ? UINT64_MAX : (1ull << f->width) - 1;
}

/* the first modifier (position) the event offers whose field is fi, or -1 */
static int mod_of_field(const struct pp_enc *e, uint32_t fi)
{
	uint32_t f = fi - e->pmu->p->first_field;
	uint32_t m = f < PP_INDEX_FIELDS ? e->ix->fmods[f] & e->ev->mods : 0;
	return m ? __builtin_ctz(m) : -1;
}


/* OR one `set` list into fv[] (values by field, relative to first_field);
 * from_umask: 0 for the event's own, 1 for a unit mask added as a default,
 * 2 for a named one (only those apply their soft defaults, as libpfm4) */
static uint32_t umask_msr_field(const struct pp_enc *e);

static int apply_sets(struct pp_enc *e, uint32_t first, uint32_t n, uint64_t *fv, int from_umask)
{
	const struct pp_table *t = e->pmu->t;

	for (uint32_t s = 0; s < n; s++) {
		const struct pp_set *st = &t->sets[first + s];
		int mp = from_umask ? mod_of_field(e, st->field) : -1;
		if (!from_umask && s == 0 && e->raw_name) {
			/* r<hex>: the number replaces the event's first field value, and must fit it */
			if (e->raw_val > field_max(&t->fields[st->field]))
				return pp_fail(PFM_ERR_ATTR_VAL, "raw value 0x%llx does not fit field %s (%u bits)",
					       (unsigned long long)e->raw_val, pp_str(t, t->fields[st->field].name),
					       t->fields[st->field].width);
			fv[st->field - e->pmu->p->first_field] |= e->raw_val;
			continue;
		}
		if (st->flags & PP_SET_FALLBACK)
			continue;	/* pp_encode, once every register is known */
		/* a unit mask written as a number replaces the event's own unit-mask
		 * value (apply_raw_umask takes what the event's code carries), unless
		 * the number is an MSR value (OFFCORE_RESPONSE keeps its umask) */
		if (!from_umask && e->has_raw_umask && st->field == pp_raw_umask_field(e->pmu) &&
		    umask_msr_field(e) == PP_NONE)
			continue;
		if (st->flags & PP_SET_REQUIRED) {
			/* the unit mask needs its modifier given (libpfm4's NID needs nf) */
			if (mp < 0 || !((e->mod_given >> mp) & 1))
				return pp_fail(PFM_ERR_ATTR, "a selected unit mask needs modifier %s",
					       mp < 0 ? pp_str(t, t->fields[st->field].name) :
					       pp_str(t, t->mods[e->pmu->p->first_mod + (uint32_t)mp].name));
			continue;
		}
		if (mp >= 0 && (st->flags & PP_SET_SOFT)) {
			/* a default for the modifier: the string's own value wins */
			if (from_umask == 2 && !((e->mod_given >> mp) & 1))
				e->mod_val[mp] = st->value;
			continue;
		}
		if (mp >= 0) {
			/* a unit mask presetting a modifier's field: the modifier takes that value */
			uint64_t bit = 1ull << mp;
			if ((e->mod_given | e->mod_preset) & bit && e->mod_val[mp] != st->value)
				return pp_fail(PFM_ERR_ATTR_SET, "modifier %s already set to %llu by a unit mask or the string",
					   pp_str(t, t->mods[e->pmu->p->first_mod + (uint32_t)mp].name),
					   (unsigned long long)e->mod_val[mp]);
			e->mod_val[mp] = st->value;
			e->mod_preset |= bit;
			continue;
		}
		fv[st->field - e->pmu->p->first_field] |= st->value;
	}
	return PFM_SUCCESS;
}

/* the field of config1 or later (an MSR value) that every unit mask of the
 * event sets: OFFCORE_RESPONSE's, FRONTEND_RETIRED's; else PP_NONE */
static uint32_t umask_msr_field(const struct pp_enc *e)
{
	const struct pp_table *t = e->pmu->t;
	uint32_t msr = PP_NONE;

	for (uint32_t i = 0; i < e->ev->numasks; i++) {
		const struct pp_umask *u = um(e, e->ev->first_umask + i);
		uint32_t here = PP_NONE;
		for (uint32_t s = 0; s < u->nset && here == PP_NONE; s++) {
			const struct pp_set *st = &t->sets[u->first_set + s];
			if (t->fields[st->field].reg > 0 && !(st->flags & PP_SET_SOFT) && mod_of_field(e, st->field) < 0)
				here = st->field;
		}
		if (here == PP_NONE || (msr != PP_NONE && here != msr))
			return PP_NONE;
		msr = here;
	}
	return msr;
}

/*
 * A unit mask written as a number stands for the event's unit masks, as in
 * libpfm4: the code of the event encoded (pfm_event_info.code; through an
 * event equivalent, the equivalent's, whose unit masks the number replaces)
 * gives the fields it packs (code_fields: event select, and on Intel the
 * umask bits fixed events carry), and the number is ORed into the
 * raw_umask field (it must fit it); an event whose unit masks are all bits
 * of one MSR value (OFFCORE_RESPONSE, FRONTEND_RETIRED) takes the number as
 * that value (up to the whole register when the field is).
 */
static int apply_raw_umask(struct pp_enc *e, uint64_t *fv)
{
	const struct pp_table *t = e->pmu->t;
	const struct pp_pmu *p = e->pmu->p;
	uint32_t rf = pp_raw_umask_field(e->pmu), msr = umask_msr_field(e);
	uint64_t code = e->ev->code;
	/* the number fits the umask field, or is a whole MSR value (OFFCORE_RESPONSE's) */
	uint32_t lim = msr != PP_NONE && t->fields[msr].width == 64 ? msr : rf;

	unsigned int bits = t->fields[lim].width;
	/* raw_msr_bits: fewer bits of the MSR take a number (libpfm4 4.13's 38) */
	if (lim == msr && p->raw_msr_bits && p->raw_msr_bits < bits)
		bits = p->raw_msr_bits;
	if (bits < 64 && e->raw_umask >> bits)
		return pp_fail(PFM_ERR_ATTR, "unit-mask value 0x%llx does not fit field %s (%u bits)",
			   (unsigned long long)e->raw_umask, pp_str(t, t->fields[lim].name), bits);
	for (uint32_t f = p->first_field; f < p->first_field + p->nfields; f++) {
		const struct pp_field *fd = &t->fields[f];
		if (fd->flags & PP_FIELD_CODE) {
			fv[f - p->first_field] |= code & field_max(fd);
			code = fd->width >= 64 ? 0 : code >> fd->width;
		}
	}
	if (msr != PP_NONE) {
		fv[msr - p->first_field] = e->raw_umask;
		e->regs_given |= 1u << t->fields[msr].reg;
	} else {
		fv[rf - p->first_field] |= e->raw_umask;
	}
	return PFM_SUCCESS;
}

/* ---- attributes from the string ---- */

static int set_once(uint64_t *vals, uint64_t *given, unsigned int i, uint64_t v, const char *name)
{
	if ((*given >> i) & 1) {
		if (vals[i] != v)
			return pp_fail(PFM_ERR_ATTR_SET, "attribute %s set twice with different values", name);
		return PFM_SUCCESS;
	}
	*given |= 1ull << i;
	vals[i] = v;
	return PFM_SUCCESS;
}

static int take_attrs(struct pp_enc *e, const struct pp_parsed *p)
{
	const struct pp_table *t = e->pmu->t;
	int err;

	for (int i = 0; i < p->nattr; i++) {
		const struct pp_attr *a = &p->attr[i];
		if (a->kind == PP_ATTR_UMASK) {
			err = pp_sel_add(e, a->index, 0);
			if (i >= p->nequiv_attr)
				e->named_umask = 1;
		} else if (a->kind == PP_ATTR_RAW_UMASK) {
			if (e->has_raw_umask)
				return pp_fail(PFM_ERR_ATTR, "only one unit-mask value may be given");
			e->has_raw_umask = 1;
			e->raw_umask = a->val;
			err = PFM_SUCCESS;
		} else if (a->kind == PP_ATTR_PMU_MOD) {
			uint32_t pos = a->index - e->pmu->p->first_mod;
			if (pos >= PP_MAX_MODS)
				return PFM_ERR_ATTR;
			err = set_once(e->mod_val, &e->mod_given, pos, a->val, pp_str(t, t->mods[a->index].name));
		} else {
			uint64_t g = e->os_given;
			err = set_once(e->os_val, &g, a->index, a->val, pp_perf_attrs[a->index].name);
			e->os_given = (uint32_t)g;
		}
		if (err)
			return err;
	}
	if (e->has_raw_umask) {
		if (e->named_umask)
			return pp_fail(PFM_ERR_ATTR, "a unit-mask value cannot be combined with unit mask %s",
				   um_name(e, e->sel[0]));
		e->nsel = 0;	/* an event equivalent's unit masks: the number replaces them */
	}
	return PFM_SUCCESS;
}

/* privilege levels: named u/k/h (PMU or OS ones) replace dfl_plm entirely */
static void settle_plm(struct pp_enc *e, int dfl_plm)
{
	const struct pp_table *t = e->pmu->t;
	unsigned int plm = 0;
	int named = 0;

	FOR_EACH_BIT(i, e->ix->plm_mods & e->mod_given) {
		named = 1;
		if (e->mod_val[i])
			plm |= t->mods[e->pmu->p->first_mod + i].plm;
	}
	static const unsigned int os_plm[] = { [PP_PA_U] = PFM_PLM3, [PP_PA_K] = PFM_PLM0, [PP_PA_H] = PFM_PLMH };
	for (unsigned int a = PP_PA_U; a <= PP_PA_H; a++) {
		if ((e->os_given >> a) & 1) {
			named = 1;
			if (e->os_val[a])
				plm |= os_plm[a];
		}
	}
	e->plm = named ? plm : (unsigned int)dfl_plm;
	/* where no layer takes them over, the privilege modifiers carry the levels */
	FOR_EACH_BIT(i, e->ix->plm_mods)
		e->mod_val[i] = (e->plm & t->mods[e->pmu->p->first_mod + i].plm) != 0;
}

static int check_os_attrs(struct pp_enc *e)
{
	uint32_t g = e->os_given;

	if ((g >> PP_PA_PERIOD & 1) && (g >> PP_PA_FREQ & 1))
		return pp_fail(PFM_ERR_ATTR_VAL, "period and freq are mutually exclusive");
	if ((g >> PP_PA_PERIOD & 1) && !e->os_val[PP_PA_PERIOD]) {
		return pp_fail(PFM_ERR_ATTR_VAL, "period must be > 0");
	}
	if ((g >> PP_PA_FREQ & 1) && !e->os_val[PP_PA_FREQ])
		return pp_fail(PFM_ERR_ATTR_VAL, "freq must be > 0");
	if ((g >> PP_PA_PRECISE & 1) && e->os_val[PP_PA_PRECISE] > 3) {
		return pp_fail(PFM_ERR_ATTR_VAL, "precise must be in [0-3]");
	}
	if ((g >> PP_PA_CPU & 1) && e->os_val[PP_PA_CPU] > INT_MAX)
		return pp_fail(PFM_ERR_ATTR_VAL, "cpu must be in [0-%d]", INT_MAX);
	return PFM_SUCCESS;
}

static int umask_has_field(const struct pp_enc *e, uint32_t fi, int named_only);

/* values the string gives, against each modifier's range (libpfm4 checks
 * this after unit-mask conflicts, before required groups and presets) */
static int check_ranges(struct pp_enc *e)
{
	const struct pp_table *t = e->pmu->t;
	const struct pp_pmu *p = e->pmu->p;
	uint64_t zero = 0;	/* given at 0 (before any cut to the field) */

	/* the modifiers given, lowest first */
	FOR_EACH_BIT(i, e->mod_given & mod_positions(p->nmods)) {
		uint32_t mi = p->first_mod + (uint32_t)i;
		const struct pp_modifier *m = &t->mods[mi];
		uint64_t v = e->mod_val[i], max = m->max, fm = ~0ULL;
		if (m->field != PP_NONE) {
			fm = field_max(&t->fields[m->field]);
			if (!max)
				max = fm;
		}
		/* `with_umask: ignored` or `written_unset` at 0, below its minimum,
		 * with no named unit mask using it: not set (libpfm4 4.13 writes
		 * skl's fe_thres=0 and snb's ldlat=0 beside PRECISE_STORE in its
		 * fstr, which it refuses to encode) */
		if (m->type == PP_MOD_INT && !v && v < m->min && m->flags & PP_MOD_F_IDLE_ZERO &&
		    !umask_has_field(e, m->field, 1)) {
			e->mod_given &= ~(1ull << i);
			continue;
		}
		if (m->type == PP_MOD_INT && ((max && v > max) || v < m->min))
			return pp_fail(PFM_ERR_ATTR_VAL, "%s=%llu out of range [%llu-%llu]", pp_str(t, m->name),
				   (unsigned long long)v, (unsigned long long)m->min,
				   (unsigned long long)max);
		/* a max past the field's width: the value is cut to the field's
		 * bits, as by libpfm4's bitfields (the fstr shows what was kept) */
		if (!v)
			zero |= 1ull << i;
		e->mod_val[i] = v & fm;
	}
	/* `enable_given`: every one the event takes given, those at 0 are not
	 * given (libpfm4 4.13 writes the C-box tf=0:cf=0 and the UPI
	 * dnid=0:rcsnid=0 for no filter, dnid=1:rcsnid=0 for dnid=1: its
	 * spelling reads back as it) */
	uint64_t eg = e->ix->enable_given_mods & e->ev->mods & mod_positions(p->nmods);
	if (eg && (e->mod_given & eg) == eg)
		e->mod_given &= ~(eg & zero);
	return PFM_SUCCESS;
}

/* a selected unit mask (a named one when named_only) sets or defaults field fi */
static int umask_has_field(const struct pp_enc *e, uint32_t fi, int named_only)
{
	const struct pp_table *t = e->pmu->t;

	for (int i = 0; i < e->nsel; i++) {
		const struct pp_umask *u = um(e, e->sel[i]);
		if (named_only && e->sel_dfl[i])
			continue;
		for (uint32_t s = 0; s < u->nset; s++)
			if (t->sets[u->first_set + s].field == fi)
				return 1;
	}
	return 0;
}

/* ---- event fallbacks (skx CHA's default filter) ---- */

uint32_t pp_enc_fallback_mods(const struct pp_enc *e, uint32_t within, uint64_t v[PP_MAX_MODS], uint32_t *filled)
{
	const struct pp_table *t = e->pmu->t;
	const struct pp_pmu *p = e->pmu->p;
	uint64_t img[PP_NREGS] = { 0 };
	uint32_t regs = 0, on = 0;

	/* the fallbacks' bits, register by register (most events have none) */
	for (uint32_t s = 0; s < e->ev->nset; s++) {
		const struct pp_set *st = &t->sets[e->ev->first_set + s];
		const struct pp_field *fd = &t->fields[st->field];
		if (!(st->flags & PP_SET_FALLBACK) || fd->reg >= PP_NREGS)
			continue;
		img[fd->reg] |= deposit(fd->mask, st->value);
		regs |= 1u << fd->reg;
	}
	*filled = regs;
	regs &= within;
	if (!regs)
		return 0;
	FOR_EACH_BIT(i, e->ev->mods & mod_positions(p->nmods)) {
		const struct pp_modifier *m = &t->mods[p->first_mod + i];
		if (m->field == PP_NONE || m->plm || t->fields[m->field].reg >= PP_NREGS ||
		    !((regs >> t->fields[m->field].reg) & 1) || pp_view_hides_mod(e->view, e->pmu, p->first_mod + i))
			continue;
		v[i] = extract(t->fields[m->field].mask, img[t->fields[m->field].reg]);
		on |= 1u << i;
	}
	return on;
}

/* the modifiers on a fallback's register all given, each at the value the
 * fallback holds in its field, and no selected unit mask writing there: the
 * fallback itself, as if none were given (libpfm4 4.13 writes skx CHA
 * loc=1:rem=1:lmem=1:rmem=1 for its default filter, and reads that string
 * back otherwise; pp_enc_spell writes them so) */
static void fallback_spelled(struct pp_enc *e)
{
	const struct pp_table *t = e->pmu->t;
	uint64_t v[PP_MAX_MODS];
	uint32_t regs, on = pp_enc_fallback_mods(e, ~0u, v, &regs);

	if (!on)
		return;
	FOR_EACH_BIT(i, on)
		if (!((e->mod_given >> i) & 1) || e->mod_val[i] != v[i])
			return;
	for (int k = 0; k < e->nsel; k++) {
		const struct pp_umask *u = um(e, e->sel[k]);
		for (uint32_t s = 0; s < u->nset; s++) {
			uint32_t r = t->fields[t->sets[u->first_set + s].field].reg;
			if (r < PP_NREGS && (regs >> r) & 1)
				return;
		}
	}
	e->mod_given &= ~(uint64_t)on;
	FOR_EACH_BIT(i, on)
		e->mod_val[i] = 0;
}

/* `requires`: a set modifier whose partner must end up >= 1; `with_umask:
 * required`: a given modifier needs a named unit mask that carries its field;
 * `no_modifiers`: a selected unit mask takes none */
/* the modifier that modifier mi (absolute) requires, absolute, or PP_NONE */
static uint32_t mod_requires(const struct pp_pmu_rt *pmu, uint32_t mi)
{
	uint8_t r = pmu->t->mods[mi].requires;
	if (r == PP_REQ_NONE || r >= pmu->p->nmods)
		return PP_NONE;
	return pmu->p->first_mod + r;
}

static int check_requires(struct pp_enc *e)
{
	const struct pp_table *t = e->pmu->t;
	const struct pp_pmu *p = e->pmu->p;

	if ((e->mod_given & mod_positions(p->nmods)) && pp_enc_no_mods(e))
		return pp_fail(PFM_ERR_ATTR, "a selected unit mask takes no modifiers");
	FOR_EACH_BIT(i, e->mod_given & mod_positions(p->nmods)) {
		const struct pp_modifier *m = &t->mods[p->first_mod + i];
		if (m->flags & PP_MOD_F_UMASK_REQUIRED && !umask_has_field(e, m->field, 1)) {
			return pp_fail(PFM_ERR_ATTR, "modifier %s needs a unit mask that uses it", pp_str(t, m->name));
		}
	}

	FOR_EACH_BIT(i, e->ix->req_mods) {
		if (!e->mod_val[i])
			continue;
		uint32_t mi = p->first_mod + (uint32_t)i, r = mod_requires(e->pmu, mi);
		if (r == PP_NONE || !pp_mod_ok(e->pmu, e->ev, mi))
			continue;
		if (!e->mod_val[r - p->first_mod])
			return pp_fail(PFM_ERR_ATTR, "modifier %s requires %s >= 1", pp_str(t, t->mods[mi].name),
				   pp_str(t, t->mods[r].name));
	}
	return PFM_SUCCESS;
}

/* parameters the event needs (sysfs `term=?`): each must be given or preset */
static int check_required(const struct pp_enc *e)
{
	const struct pp_table *t = e->pmu->t;
	uint64_t missing = e->ev->required_mods & ~(e->mod_given | e->mod_preset);

	if (!missing)
		return PFM_SUCCESS;
	for (uint32_t i = 0; i < e->pmu->p->nmods && i < PP_MAX_MODS; i++) {
		if ((missing >> i) & 1) {
			const char *m = pp_str(t, t->mods[e->pmu->p->first_mod + i].name);
			return pp_fail(PFM_ERR_ATTR, "%s::%s: missing parameter %s (give %s=<value>)", pp_str(t, e->pmu->p->name),
				   pp_str(t, e->ev->name), m, m);
		}
	}
	return PFM_SUCCESS;
}

/* ---- what the OS layers write ---- */

/* codes, perf_events values and, on the perf_events layers, the kernel PMU's
 * attr.type and cpu: everything os/ writes, so that it looks nothing up */
static void settle_output(struct pp_enc *e)
{
	uint32_t g = e->os_given;

	e->ncodes = 1;
	for (int r = 0; r < PP_NREGS; r++) {
		e->codes[r] = (e->reg[r] & ~e->perf_only[r]) | e->raw[r];
		if (r && (e->reg[r] | e->raw[r] || (e->regs_given >> r & 1)))
			e->ncodes = r + 1;
	}
	if ((g >> PP_PA_PRECISE) & 1)
		e->precise_ip = (unsigned int)e->os_val[PP_PA_PRECISE];
	else
		e->precise_ip = (g >> PP_PA_HW_SMPL) & 1 && e->os_val[PP_PA_HW_SMPL];
	e->mg = (g >> PP_PA_MG) & 1 && e->os_val[PP_PA_MG];
	e->mh = (g >> PP_PA_MH) & 1 && e->os_val[PP_PA_MH];
	if (!e->view->offered)
		return;
	e->perf_type = e->ev->perf_type != PP_NONE ? e->ev->perf_type : pp_pmu_perf_type(e->pmu);
	e->cpu = (g >> PP_PA_CPU & 1) ? (int)e->os_val[PP_PA_CPU] : pp_pmu_dfl_cpu(e->pmu);
	e->filters_hv = e->ix->filters_hv;
}

/* ---- the encoder ---- */

int pp_encode(const struct pp_parsed *p, const struct pp_view *v, int dfl_plm, struct pp_enc *e)
{
	uint64_t fv[64];
	const struct pp_table *t;
	const struct pp_pmu *pd;
	int err;

	/* all but sel[], sel_dfl[] (read below nsel only), codes[] and attr_shown[] (written whole first) */
	memset(e, 0, offsetof(struct pp_enc, sel));
	memset(&e->nsel, 0, sizeof(*e) - offsetof(struct pp_enc, nsel));
	e->pmu = p->pmu;
	e->ev = p->ev;
	e->exact_alias = p->exact ? p->exact_alias : NULL;
	e->ev_num = p->ev_num;
	e->view = v;
	e->named_ev = p->via_equiv ? p->named_ev : NULL;
	e->dfl_plm = dfl_plm;
	e->raw_name = p->has_raw;
	e->raw_val = p->raw;
	t = e->pmu->t;
	pd = e->pmu->p;
	if (pd->nfields > PP_INDEX_FIELDS)
		return pp_fail(PFM_ERR_NOTSUPP, "%s: too many format fields", pp_str(t, pd->name));
	if (!(e->ix = pp_pmu_index(e->pmu)))
		return PFM_ERR_NOMEM;

	if ((err = take_attrs(e, p)) || (err = pp_sel_check_explicit(e)) || (err = check_ranges(e)) ||
	    (err = pp_sel_add_defaults(e, p->exact)))
		return err;
	fallback_spelled(e);

	memset(fv, 0, pd->nfields * sizeof(*fv));	/* fv[f - first_field], f < nfields */
	if ((err = apply_sets(e, e->ev->first_set, e->ev->nset, fv, 0)))
		return err;
	if (e->has_raw_umask && (err = apply_raw_umask(e, fv)))
		return err;
	for (int i = 0; i < e->nsel; i++) {
		const struct pp_umask *u = um(e, e->sel[i]);
		if ((err = apply_sets(e, u->first_set, u->nset, fv, e->sel_dfl[i] ? 1 : 2)))
			return err;
	}
	settle_plm(e, dfl_plm);
	if ((err = check_requires(e)) || (err = check_required(e)) || (err = check_os_attrs(e)))
		return err;

	/* modifiers into their fields; privilege ones only where the layer has no
	 * say, and then even on events that do not let the string name them
	 * (libpfm4: nhm UOPS_DECODED_DEC0, no modifiers, still gets usr/os) */
	FOR_EACH_BIT(i, e->ix->field_mods & (e->ev->mods | e->ix->plm_mods)) {
		uint32_t mi = pd->first_mod + (uint32_t)i;
		const struct pp_modifier *m = &t->mods[mi];
		uint64_t val = e->mod_val[i];
		if (pp_view_hides_mod(v, e->pmu, mi)) {
			/* perf_plm: a privilege modifier the perf layers hide whose
			 * field follows the levels given to the call there, not the
			 * string's u/k (libpfm4 4.13's netburst ESCR level bits) */
			if (!(m->plm && m->flags & PP_MOD_F_PERF_PLM))
				continue;
			val = (e->dfl_plm & m->plm) != 0;
		}
		/* `with_umask: ignored` (fe_thres): no effect without a unit mask using it */
		if (m->flags & PP_MOD_F_UMASK_IGNORED && !umask_has_field(e, m->field, 0))
			continue;
		/* invert: an exclusion bit, set when the level is not selected (Arm) */
		if (m->flags & PP_MOD_F_INVERT)
			val = !val;
		/* a bool sets every bit of its field (netburst k: T0_OS and T1_OS) */
		if (m->type == PP_MOD_BOOL && val)
			val = all_bits(&t->fields[m->field]);
		fv[m->field - pd->first_field] |= val;
		/* enable: a field set whole with any value but 0 (a filter's enable
		 * bit, netburst's threshold compare) */
		if (m->enable != PP_NONE && val)
			fv[m->enable - pd->first_field] |= all_bits(&t->fields[m->enable]);
		/* enable_given: the enable and the value's register follow the
		 * modifier being given, whatever its value (libpfm4 4.13's C-box
		 * tf=0 and cf=0: filter on thread/core 0), unless check_ranges
		 * read all of them at 0 as none */
		if (m->flags & PP_MOD_F_ENABLE_GIVEN && (e->mod_given >> i) & 1) {
			fv[m->enable - pd->first_field] |= all_bits(&t->fields[m->enable]);
			if (t->fields[m->field].reg < PP_NREGS)
				e->regs_given |= 1u << t->fields[m->field].reg;
		}
	}
	/* raw_format: PFM_OS_NONE codes hold some fields elsewhere, or not at all */
	memcpy(e->perf_only, e->ix->perf_only, sizeof(e->perf_only));
	for (uint32_t f = 0; f < pd->nfields; f++) {
		if (!fv[f])
			continue;	/* deposits nothing */
		const struct pp_field *fd = &t->fields[pd->first_field + f];
		if (fd->reg >= PP_NREGS)
			continue;
		/* raw_fields (AMD guest/host) reach PFM_OS_NONE codes only, like raw_bits */
		if (fd->flags & PP_FIELD_RAW) {
			e->raw[fd->reg] |= deposit(fd->mask, fv[f]);
			continue;
		}
		e->reg[fd->reg] |= deposit(fd->mask, fv[f]);
		if (fd->flags & PP_FIELD_MOVED && fd->raw_reg < PP_NREGS)
			e->raw[fd->raw_reg] |= deposit(fd->raw_mask, fv[f]);
	}
	/* event fallbacks: only into a register nothing else has put a bit in (a
	 * field PFM_OS_NONE codes hold elsewhere: that code, as libpfm4 sees it) */
	uint64_t busy[PP_NREGS], busy_none[PP_NREGS];
	for (int r = 0; r < PP_NREGS; r++) {
		busy[r] = e->reg[r] | e->raw[r];
		busy_none[r] = (e->reg[r] & ~e->perf_only[r]) | e->raw[r];
	}
	for (uint32_t s = 0; s < e->ev->nset; s++) {
		const struct pp_set *st = &t->sets[e->ev->first_set + s];
		const struct pp_field *fd = &t->fields[st->field];
		if (!(st->flags & PP_SET_FALLBACK) || fd->reg >= PP_NREGS)
			continue;
		int moved = fd->flags & PP_FIELD_MOVED && fd->raw_reg < PP_NREGS;
		if (moved ? busy_none[fd->raw_reg] : busy[fd->reg])
			continue;
		e->reg[fd->reg] |= deposit(fd->mask, st->value);
		if (moved)
			e->raw[fd->raw_reg] |= deposit(fd->raw_mask, st->value);
		e->fallback_regs |= 1u << fd->reg;
	}
	for (uint32_t s = 0; s < pd->nraw_set; s++) {
		const struct pp_set *st = &t->sets[pd->first_raw_set + s];
		const struct pp_field *fd = &t->fields[st->field];
		if (fd->reg < PP_NREGS)
			e->raw[fd->reg] |= deposit(fd->mask, st->value);
	}
	settle_output(e);
	return PFM_SUCCESS;
}

int pp_enc_umask_uses_field(const struct pp_enc *e, uint32_t fi)
{
	return umask_has_field(e, fi, 0);
}

int pp_enc_no_mods(const struct pp_enc *e)
{
	for (int k = 0; k < e->nsel; k++)
		if (um(e, e->sel[k])->flags & PP_F_NO_MODS)
			return 1;
	return 0;
}

int pp_event_encode(const char *str, const struct pp_view *v, int dfl_plm, struct pp_parsed *p,
		    struct pp_enc *e)
{
	int err = pp_parse(str, v, p);
	return err ? err : pp_encode(p, v, dfl_plm, e);
}
