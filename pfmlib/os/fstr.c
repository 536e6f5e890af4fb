/*
 * os/fstr.c - libpfm4's fully qualified event string of an encoding:
 * pmu::EVENT, every selected unit mask in table order, every modifier the
 * layer shows with its value, then the layer's perf_events attributes in libpfm4's
 * order (u k h [period freq] precise excl mg mh hw_smpl; cpu and pinned are
 * never printed). An encoding reached through an exact alias (perf's offcore
 * names, whose value no default unit mask may complete) is written with that
 * alias's name in place of the event. Every fstr encodes the same again:
 * where libpfm4's spelling would not, a strict one is returned (spell()).
 */
#include <stdlib.h>
#include <string.h>
#include "event/lookup.h"
#include "os/os.h"
#include "util/config.h"
#include "util/log.h"
#include "util/str.h"

/* the string being written: in local until it outgrows it, then on the heap */
struct sbuf {
	char *s;
	size_t n, cap;
	int oom;
	char local[256];
};

static void sbuf_init(struct sbuf *b)
{
	b->s = b->local;
	b->n = 0;
	b->cap = sizeof(b->local);
	b->oom = 0;
}

/* room for len more bytes at b->s + b->n: 0, or -1 (b->oom) when out of memory */
static int reserve(struct sbuf *b, size_t len)
{
	if (b->oom)
		return -1;
	if (len < b->cap - b->n)
		return 0;
	size_t cap = b->cap * 2 + len;
	char *ns = b->s == b->local ? malloc(cap) : realloc(b->s, cap);
	if (!ns) {
		b->oom = 1;
		return -1;
	}
	if (b->s == b->local)
		memcpy(ns, b->local, b->n);
	b->s = ns;
	b->cap = cap;
	return 0;
}

/* len bytes of s appended */
static void put_mem(struct sbuf *b, const char *s, size_t len)
{
	if (reserve(b, len))
		return;
	memcpy(b->s + b->n, s, len);
	b->n += len;
}

static void put(struct sbuf *b, const char *s)
{
	put_mem(b, s, strlen(s));
}

/* v in decimal (or in hex without prefix) at d, which has room for 20 digits; the length */
static size_t fmt_num(char *d, uint64_t v, int hex)
{
	char tmp[20], *q = tmp + sizeof(tmp);
	do {
		*--q = "0123456789abcdef"[hex ? v & 15 : v % 10];
		v = hex ? v >> 4 : v / 10;
	} while (v);
	size_t n = (size_t)(tmp + sizeof(tmp) - q);
	memcpy(d, q, n);
	return n;
}

static void put_num(struct sbuf *b, uint64_t v, int hex)
{
	if (!reserve(b, 20))
		b->n += fmt_num(b->s + b->n, v, hex);
}

/* ":name=value" */
static void put_attr(struct sbuf *b, const char *name, uint64_t v)
{
	enum { SHORT = 40 };	/* names up to this long are copied as they are read */
	size_t len = 0;
	char *d;
	if (b->oom)
		return;
	if (b->cap - b->n > SHORT + 24) {
		d = b->s + b->n;
		while (len < SHORT && name[len]) {
			d[1 + len] = name[len];
			len++;
		}
		if (name[len])
			len += strlen(name + len);
	} else {
		len = strlen(name);
	}
	if (len > SHORT || b->cap - b->n <= SHORT + 24) {
		if (reserve(b, len + 22))
			return;
		memcpy(b->s + b->n + 1, name, len);
	}
	d = b->s + b->n;
	d[0] = ':';
	d[len + 1] = '=';
	/* most values are 0 or 1 */
	if (v < 10) {
		d[len + 2] = (char)('0' + v);
		b->n += len + 3;
	} else {
		b->n += len + 2 + fmt_num(d + len + 2, v, 0);
	}
}

/* the string written, NUL-terminated, in a block of its own (malloc'd); NULL when out of memory */
static char *sbuf_take(struct sbuf *b)
{
	char *r = NULL;
	if (!b->oom && (r = malloc(b->n + 1))) {
		memcpy(r, b->s, b->n);
		r[b->n] = '\0';
	}
	if (b->s != b->local)
		free(b->s);
	return r;
}

/* value printed for attribute a (e->os_val holds what the string gave) */
static uint64_t os_shown(const struct pp_enc *e, unsigned int a)
{
	int mg = pp_enc_mg(e), mh = pp_enc_mh(e);

	/* a PMU that excludes nothing counts every level, guest and host */
	if ((e->pmu->p->flags & PP_PMU_F_NO_EXCLUDE) && (PP_PA_EXCLUSIONS >> a & 1))
		return 1;
	switch (a) {
	case PP_PA_U: return (e->plm & PFM_PLM3) != 0;
	case PP_PA_K: return (e->plm & PFM_PLM0) != 0;
	case PP_PA_H: return (e->plm & PFM_PLMH) != 0;
	case PP_PA_MG: return mg;
	case PP_PA_MH: return mh || !mg;
	case PP_PA_PERIOD:
	case PP_PA_FREQ:
		return (e->os_given >> PP_PA_PERIOD) & 1 ? e->os_val[PP_PA_PERIOD] : e->os_val[PP_PA_FREQ];
	case PP_PA_HW_SMPL:
		return pp_enc_precise_ip(e);
	default:
		return e->os_val[a];
	}
}

/*
 * The string in one of two spellings. LIBPFM4: libpfm4 4.13's, every
 * selected unit mask and every modifier the layer shows. STRICT: only what
 * the string named or a unit mask set, so that it always encodes the same
 * again: default unit masks are left for the encoder to add again, a
 * modifier at a value no string may give (below its minimum) is left out,
 * an event reached through its equivalent is named as the string named it,
 * a raw event is always spelled r<hex>, period or freq only as given, cpu
 * and pinned when given.
 */
enum spelling { LIBPFM4, STRICT };

static char *spell(const struct pp_enc *e, enum spelling how)
{
	const struct pp_table *t = e->pmu->t;
	const struct pp_pmu *p = e->pmu->p;
	struct sbuf b;

	sbuf_init(&b);
	put(&b, e->pmu->name);
	put_mem(&b, "::", 2);
	if (e->ev->flags & PP_F_RAW_NAME) {
		/* libpfm4 4.13 spells a raw event rHEX under PFM_OS_NONE only */
		if (e->view->raw_fstr || how == STRICT) {
			put_mem(&b, "r", 1);
			put_num(&b, e->raw_val, 1);
		}
	} else if (e->exact_alias) {
		put(&b, pp_str(t, e->exact_alias->name));
	} else if (how == STRICT && e->named_ev) {
		put(&b, pp_str(t, e->named_ev->name));
	} else {
		put(&b, pp_str(t, e->ev->name));
	}
	if (e->has_raw_umask) {
		put_mem(&b, ":0x", 3);
		put_num(&b, e->raw_umask, 1);
	}
	for (int i = 0; i < e->nsel; i++)
		if (how == LIBPFM4 || !e->sel_dfl[i]) {
			put_mem(&b, ":", 1);
			put(&b, pp_str(t, t->umasks[e->sel[i]].name));
		}
	for (uint32_t i = 0; i < p->nmods && i < PP_MAX_MODS; i++) {
		uint32_t mi = p->first_mod + i;
		const struct pp_modifier *m = &t->mods[mi];
		if (!pp_mod_ok(e->pmu, e->ev, mi) || pp_view_hides_mod(e->view, e->pmu, mi))
			continue;
		if (how == STRICT && m->type == PP_MOD_INT && e->mod_val[i] < m->min)
			continue;
		/* `with_umask: required` without a unit mask using it could not be given
		 * (libpfm4 leaves out the cbo's nf there too) */
		if (m->flags & PP_MOD_F_UMASK_REQUIRED && !pp_enc_umask_uses_field(e, m->field))
			continue;
		/* `enable_given` not given: written at 0 it would set the enable (libpfm4
		 * 4.13 writes the C-box tf=0:cf=0, which do not encode as its string) */
		if (m->flags & PP_MOD_F_ENABLE_GIVEN && !((e->mod_given >> i) & 1))
			continue;
		put_attr(&b, pp_str(t, m->name), e->mod_val[i]);
	}
	uint32_t osm = pp_view_attr_mask(e->view, e->pmu, e->ev);
	int sampling = (e->os_given >> PP_PA_PERIOD | e->os_given >> PP_PA_FREQ) & 1;
	for (unsigned int a = 0; a < PP_PA_COUNT; a++) {
		if (!((osm >> a) & 1))
			continue;
		/* libpfm4 never prints cpu and pinned; the strict spelling does when given */
		if ((a == PP_PA_CPU || a == PP_PA_PINNED) && (how == LIBPFM4 || !((e->os_given >> a) & 1)))
			continue;
		if ((a == PP_PA_PERIOD || a == PP_PA_FREQ) && !sampling)
			continue;
		/* libpfm4 prints period and freq both, with the one value given */
		if (how == STRICT && (a == PP_PA_PERIOD || a == PP_PA_FREQ)) {
			if ((e->os_given >> a) & 1)
				put_attr(&b, pp_perf_attrs[a].name, e->os_val[a]);
			continue;
		}
		/* libpfm4 prints the precise value given, 0 when hw_smpl set precise_ip */
		if (how == STRICT && a == PP_PA_PRECISE) {
			put_attr(&b, pp_perf_attrs[a].name, pp_enc_precise_ip(e));
			continue;
		}
		put_attr(&b, pp_perf_attrs[a].name, os_shown(e, a));
	}
	return sbuf_take(&b);
}

/* what an OS layer writes out of an attribute the string may give */
static uint64_t given_val(const struct pp_enc *e, unsigned int a)
{
	return (e->os_given >> a) & 1 ? e->os_val[a] : 0;
}

/* x and y program the same: registers, levels, attr.type and every perf_events setting */
static int same_encoding(const struct pp_enc *x, const struct pp_enc *y)
{
	static const unsigned int attrs[] = { PP_PA_PERIOD, PP_PA_FREQ, PP_PA_EXCL, PP_PA_PINNED };
	int xcpu = (x->os_given >> PP_PA_CPU & 1) ? (int)x->os_val[PP_PA_CPU] : pp_pmu_dfl_cpu(x->pmu);
	int ycpu = (y->os_given >> PP_PA_CPU & 1) ? (int)y->os_val[PP_PA_CPU] : pp_pmu_dfl_cpu(y->pmu);
	if (x->pmu != y->pmu || x->ev->perf_type != y->ev->perf_type || x->plm != y->plm ||
	    memcmp(x->reg, y->reg, sizeof(x->reg)) || memcmp(x->raw, y->raw, sizeof(x->raw)) ||
	    pp_enc_mg(x) != pp_enc_mg(y) || (pp_enc_mg(x) && pp_enc_mh(x) != pp_enc_mh(y)) ||
	    pp_enc_precise_ip(x) != pp_enc_precise_ip(y) || pp_enc_ncodes(x) != pp_enc_ncodes(y) ||
	    xcpu != ycpu)
		return 0;
	for (size_t i = 0; i < sizeof(attrs) / sizeof(attrs[0]); i++)
		if (given_val(x, attrs[i]) != given_val(y, attrs[i]))
			return 0;
	return 1;
}

/* ---- when libpfm4's spelling certainly encodes the same again ---- */

/* s can be a whole attribute of an event string: nothing in it splits one
 * (none of : . = , / blank tab) */
static int whole_token(const char *s)
{
	if (!*s)
		return 0;
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		/* every character that splits is below 'A' */
		if (c < 'A' && (c == ':' || c == '.' || c == '=' || c == ',' || c == '/' || c == ' ' || c == '\t'))
			return 0;
	}
	return 1;
}

static uint64_t field_max(const struct pp_field *f)
{
	return f->width >= 64 ? UINT64_MAX : (1ull << f->width) - 1;
}

/* the first bytes of a PMU's modifier names, bit 0x20 set (lower case for
 * letters): a name can equal another only where these agree */
#define MAX_FIRST 64
struct mod_firsts {
	uint32_t n;			/* modifiers with a byte below (all, or MAX_FIRST) */
	uint64_t seen;			/* bit (byte & 63) of every one of them */
	unsigned char c[MAX_FIRST];
};

static void mod_firsts(const struct pp_enc *e, struct mod_firsts *f)
{
	const struct pp_table *t = e->pmu->t;
	const struct pp_pmu *p = e->pmu->p;
	f->n = p->nmods < MAX_FIRST ? p->nmods : MAX_FIRST;
	f->seen = 0;
	for (uint32_t i = 0; i < f->n; i++) {
		f->c[i] = (unsigned char)(pp_str(t, t->mods[p->first_mod + i].name)[0] | 0x20);
		f->seen |= 1ull << (f->c[i] & 63);
	}
}

/* modifier j's name may equal name (first byte c, bit 0x20 set) */
static int may_be(const struct mod_firsts *f, uint32_t j, unsigned char c)
{
	return j >= f->n || f->c[j] == c;
}

/* the string gives modifier i (position) back: its name finds it (no
 * earlier modifier of that name) and its value passes the encoder's checks */
static int mod_given_back(const struct pp_enc *e, const struct mod_firsts *f, uint32_t i)
{
	const struct pp_table *t = e->pmu->t;
	const struct pp_pmu *p = e->pmu->p;
	const struct pp_modifier *m = &t->mods[p->first_mod + i];
	const char *name = pp_str(t, m->name);
	uint64_t v = e->mod_val[i], max = m->max;
	unsigned char c = (unsigned char)(name[0] | 0x20);

	if (!whole_token(name))
		return 0;
	/* (a modifier of the name the event does not take is no rival: the
	 * copies of event modifier_fields) */
	for (uint32_t j = 0; j < i; j++)
		if (may_be(f, j, c) && pp_name_eq(pp_str(t, t->mods[p->first_mod + j].name), name, strlen(name)) &&
		    pp_mod_ok(e->pmu, e->ev, p->first_mod + j) && !pp_view_hides_mod(e->view, e->pmu, p->first_mod + j))
			return 0;
	if (m->type == PP_MOD_BOOL)
		return v <= 1;
	/* check_ranges() of the encoder */
	if (m->field != PP_NONE) {
		uint64_t fm = field_max(&t->fields[m->field]);
		if (!max)
			max = fm;
	}
	return !((max && v > max) || v < m->min);
}

/* OS attribute a, written name=value, is not taken for a PMU modifier */
static int os_attr_given_back(const struct pp_enc *e, const struct mod_firsts *f, unsigned int a)
{
	const struct pp_pmu_rt *pmu = e->pmu;
	const struct pp_table *t = pmu->t;
	const char *an = pp_perf_attrs[a].name;
	unsigned char c = (unsigned char)(an[0] | 0x20);
	if (f->n == pmu->p->nmods && !(f->seen >> (c & 63) & 1))
		return 1;	/* no modifier name starts like it */
	for (uint32_t i = 0; i < pmu->p->nmods; i++) {
		uint32_t mi = pmu->p->first_mod + i;
		if (may_be(f, i, c) && pp_name_eq(pp_str(t, t->mods[mi].name), an, strlen(an)) &&
		    pp_mod_ok(pmu, e->ev, mi) && !pp_view_hides_mod(e->view, pmu, mi))
			return 0;
	}
	return 1;
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

/* the name n of unit mask ui of ev finds it: no unit mask before it has that
 * name (pp_lookup_umask takes the first); with the table's name tags, only
 * those whose tag is ui's own are compared, and no hash is computed */
static int umask_named(const struct pp_pmu_rt *pmu, const struct pp_event *ev, uint32_t ui, const char *n)
{
	const struct pp_table *t = pmu->t;
	size_t len = strlen(n);
	if (!t->umask_tag)
		return pp_lookup_umask(pmu, ev, n, len) == (int)ui;
	uint8_t tag = t->umask_tag[ui];
	for (uint32_t j = ev->first_umask; j < ui; j++)
		if (t->umask_tag[j] == tag && pp_name_eq(pp_str(t, t->umasks[j].name), n, len))
			return 0;
	return 1;
}

/*
 * A sufficient condition for libpfm4's spelling of e (spell(e, LIBPFM4)) to
 * encode as e again, checked on e instead of parsing and encoding the
 * string: it names e's PMU and event as themselves, e's unit masks (none
 * with an equivalent, each found by its name; defaults without soft
 * settings, and the selection passing the checks of named unit masks),
 * every modifier and attribute it writes finds itself and holds a value
 * the encoder accepts, and the privilege levels it writes are e's. Then
 * the encoder meets the same selection, values and levels. When this does
 * not hold, encodes_as() decides.
 */
static int libpfm4_spelling_holds(const struct pp_enc *e)
{
	const struct pp_pmu_rt *pmu = e->pmu;
	const struct pp_table *t = pmu->t;
	const struct pp_pmu *p = pmu->p;
	const char *ename = pp_str(t, e->ev->name);
	uint32_t g = e->os_given;
	int ntok = e->nsel, plm_named = 0;
	unsigned int plm = 0;

	/* (an event reached through its equivalent is spelled as that one, whose
	 * own equivalent must not be followed either) */
	if (e->exact_alias || e->raw_name || e->has_raw_umask || e->ev->equiv || (e->ev->flags & PP_F_RAW_NAME))
		return 0;
	/* given back otherwise (sampling, precise levels) or not at all (cpu, pinned) */
	if (g & (PP_PA_BIT(PP_PA_PERIOD) | PP_PA_BIT(PP_PA_FREQ) | PP_PA_BIT(PP_PA_PRECISE) |
		 PP_PA_BIT(PP_PA_HW_SMPL) | PP_PA_BIT(PP_PA_CPU) | PP_PA_BIT(PP_PA_PINNED)))
		return 0;
	/* pmu::EVENT finds this PMU and this event (event and alias names are
	 * unique in a PMU: the loaders refuse a table where two are the same
	 * but for case, pp_builder_index_pmu) */
	if (!pmu_named(pmu) || pp_has_any(ename, ":,/ \t") || !pp_pmu_usable(pmu) || !pmu->p->hash_size)
		return 0;
	int defaults = 0;
	for (int i = 0; i < e->nsel; i++) {
		const struct pp_umask *u = &t->umasks[e->sel[i]];
		const char *n = pp_str(t, u->name);
		if (u->equiv || !whole_token(n) || !umask_named(pmu, e->ev, e->sel[i], n))
			return 0;
		if (!e->sel_dfl[i])
			continue;
		/* a default becomes a named one: its soft settings would apply */
		for (uint32_t k = 0; k < u->nset; k++)
			if (t->sets[u->first_set + k].flags & PP_SET_SOFT)
				return 0;
		defaults = 1;
	}
	/* named, the defaults meet the checks only named unit masks meet */
	if (defaults && !pp_enc_selection_ok(e))
		return 0;
	/* the modifiers spell() writes */
	struct mod_firsts firsts;
	mod_firsts(e, &firsts);
	for (uint32_t i = 0; i < p->nmods && i < PP_MAX_MODS; i++) {
		uint32_t mi = p->first_mod + i;
		const struct pp_modifier *m = &t->mods[mi];
		if (!pp_mod_ok(pmu, e->ev, mi) || pp_view_hides_mod(e->view, pmu, mi))
			continue;
		if (m->flags & PP_MOD_F_UMASK_REQUIRED && !pp_enc_umask_uses_field(e, m->field))
			continue;
		if (m->flags & PP_MOD_F_ENABLE_GIVEN && !((e->mod_given >> i) & 1))
			continue;
		if (!mod_given_back(e, &firsts, i))
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
	/* the attributes spell() writes (period and freq: not, without sampling) */
	static const unsigned int os_plm[] = { [PP_PA_U] = PFM_PLM3, [PP_PA_K] = PFM_PLM0, [PP_PA_H] = PFM_PLMH };
	uint32_t osm = pp_view_attr_mask(e->view, pmu, e->ev);
	for (unsigned int a = 0; a < PP_PA_COUNT; a++) {
		if (!((osm >> a) & 1) || a == PP_PA_CPU || a == PP_PA_PINNED || a == PP_PA_PERIOD || a == PP_PA_FREQ)
			continue;
		uint64_t v = os_shown(e, a);
		if (!os_attr_given_back(e, &firsts, a) || (pp_perf_attrs[a].type == PP_MOD_BOOL && v > 1) ||
		    (a == PP_PA_PRECISE && v))
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

/* s encodes as e in e's view: 1, 0, or -1 when out of memory */
static int encodes_as(const char *s, const struct pp_enc *e)
{
	struct pp_parsed *p = malloc(sizeof(*p));
	struct pp_enc *again = malloc(sizeof(*again));
	int same = -1;
	if (p && again)
		same = !pp_event_encode(s, e->view, e->dfl_plm, p, again) && same_encoding(e, again);
	free(p);
	free(again);
	return same;
}

char *pp_fstr(const struct pp_enc *e)
{
	/* libpfm4's spelling, unless it would not encode the same again (libpfm4
	 * 4.13's own does not for, e.g., skl MEM_TRANS_RETIRED, whose default
	 * LOAD_LATENCY gives ldlat=0) */
	char *s = spell(e, LIBPFM4);
	int ok = !s ? -1 : libpfm4_spelling_holds(e) ? 1 : encodes_as(s, e);
	if (ok != 0) {
		if (ok < 0) {
			free(s);
			s = NULL;
		}
		return s;
	}
	free(s);
	s = spell(e, STRICT);
	/* a self-check, under LIBPFM_DEBUG only: it costs an encode */
	if (s && pp_cfg.debug && encodes_as(s, e) == 0)
		pp_debug("fstr %s does not encode as the string it spells", s);
	return s;
}
