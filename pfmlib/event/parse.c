/*
 * SPDX-License-Identifier: MIT
 * event/parse.c - the one event-string parser: [pmu::]NAME[:ATTR[=VAL]...]
 * (and perf's pmu/NAME[,ATTR[=VAL]...]/).
 * Finds the PMU and the event (whole-name aliases and event `equiv`
 * strings expanded), splits the attributes, and resolves each one against
 * the event's attribute list for an OS layer (unit-mask `equiv` strings
 * expanded). Values are parsed here; ranges and rules are the encoder's.
 */
#include <ctype.h>
#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <perfmon/pfmlib.h>
#include "event/lookup.h"
#include "event/parse.h"
#include "util/log.h"
#include "util/str.h"


static int parse_u64_base(const char *s, size_t len, int base, uint64_t *out)
{
	char buf[32], *end;
	unsigned long long v;

	if (!len || len >= sizeof(buf))
		return -1;
	memcpy(buf, s, len);
	buf[len] = '\0';
	/* strtoull would skip blanks; libpfm4 strings never reach here with them */
	if (buf[0] == ' ' || buf[0] == '\t')
		return -1;
	errno = 0;
	v = strtoull(buf, &end, base);
	if (errno || *end)
		return -1;
	*out = v;
	return 0;
}

static int parse_u64(const char *s, size_t len, uint64_t *out)
{
	/* plain decimal of up to 19 digits (no octal or hex prefix) cannot
	 * overflow: what strtoull would return, without the copy */
	if (len && len <= 19 && (s[0] != '0' || len == 1)) {
		uint64_t v = 0;
		size_t i = 0;
		while (i < len && s[i] >= '0' && s[i] <= '9')
			v = v * 10 + (uint64_t)(s[i++] - '0');
		if (i == len) {
			*out = v;
			return 0;
		}
	}
	return parse_u64_base(s, len, 0, out);
}

/* 0x followed by hex digits only (a unit mask written as a number) */
static int is_hex_token(const char *s, size_t len)
{
	if (len < 3 || s[0] != '0' || (s[1] != 'x' && s[1] != 'X'))
		return 0;
	for (size_t i = 2; i < len; i++)
		if (!pp_isxdigit((unsigned char)s[i]))
			return 0;
	return 1;
}

static int parse_bool(const char *s, size_t len, uint64_t *out)
{
	if (len != 1)
		return -1;
	switch (s[0]) {
	case '1': case 'y': case 'Y': case 't': case 'T':
		*out = 1;
		return 0;
	case '0': case 'n': case 'N': case 'f': case 'F':
		*out = 0;
		return 0;
	}
	return -1;
}

/* the characters split_terms stops at: a separator (1) or '=' (2), by the
 * separators of the attributes (":." libpfm4's, "," perf's) */
enum { T_SEP = 1, T_EQ = 2 };
static const unsigned char seps_attrs[256] = { [':'] = T_SEP, ['.'] = T_SEP, ['='] = T_EQ };
static const unsigned char seps_comma[256] = { [','] = T_SEP, ['='] = T_EQ };

/* append the attributes of text[0..len) (separated by the characters cls
 * marks T_SEP) to p */
static int split_terms(struct pp_parsed *p, const char *s, size_t len, const unsigned char *cls)
{
	const char *end = s + len;

	if (!len)
		return pp_fail(PFM_ERR_ATTR, "event string ends with a separator");
	while (s < end) {
		const char *t = s, *eq;
		struct pp_tok *k;

		eq = NULL;	/* the first '=' of the attribute, found on the way */
		for (; t < end; t++) {
			unsigned char c = cls[(unsigned char)*t];
			if (__builtin_expect(c != 0, 0)) {
				if (c == T_SEP)
					break;
				if (!eq)
					eq = t;
			}
		}
		if (t == s)
			return pp_fail(PFM_ERR_ATTR, "empty attribute in event string");
		if (p->ntok >= PP_MAX_TOK) {
			return pp_fail(PFM_ERR_TOOMANY, "too many attributes (max %d)", PP_MAX_TOK);
		}
		if (t - s > UINT16_MAX)
			return pp_fail(PFM_ERR_ATTR, "attribute longer than %u characters", UINT16_MAX);
		k = &p->tok[p->ntok++];
		k->name = s;
		k->nlen = (uint16_t)((eq ? eq : t) - s);
		k->val = eq ? eq + 1 : NULL;
		k->vlen = eq ? (uint16_t)(t - eq - 1) : 0;
		if (t == end)
			break;
		s = t + 1;
		if (s == end)
			return pp_fail(PFM_ERR_ATTR, "event string ends with a separator");
	}
	return PFM_SUCCESS;
}

/* libpfm4's attributes, separated by ':' or '.' */
static int split_attrs(struct pp_parsed *p, const char *s, size_t len)
{
	return split_terms(p, s, len, seps_attrs);
}

/*
 * Find the event named by name[0..len) in pmu: whole name (alias or event)
 * first, then the longest prefix ending before a '.'. On success fills p
 * (expansions of aliases and event equivs first) and returns the length of
 * name consumed; -1 when the PMU has no such event.
 */
static int find_in_pmu(struct pp_pmu_rt *pmu, const char *name, size_t len,
		       struct pp_parsed *p, int *err, int depth);

/* the event of an expansion string "EVENT[:ATTR...]" in pmu, attributes appended */
static int expand(struct pp_pmu_rt *pmu, const char *x, struct pp_parsed *p, int depth)
{
	size_t n = strcspn(x, ":");
	int err = PFM_SUCCESS, used;

	if (depth >= PP_MAX_EXPAND)
		return pp_fail(PFM_ERR_NOTFOUND, "expansion of '%s' nests too deep", x);
	used = find_in_pmu(pmu, x, n, p, &err, depth + 1);
	if (used < 0) {
		if (err == PFM_SUCCESS) {
			pp_verbose("%s: expansion '%s' names no event", pp_str(pmu->t, pmu->p->name), x);
			err = PFM_ERR_NOTFOUND;
		}
		return err;
	}
	/* the part of the event name after the used prefix, then the attributes */
	if ((size_t)used < n && (err = split_attrs(p, x + used + 1, n - (size_t)used - 1)))
		return err;
	if (x[n] == ':' && (err = split_attrs(p, x + n + 1, strlen(x + n + 1))))
		return err;
	return PFM_SUCCESS;
}

static int take(struct pp_pmu_rt *pmu, const char *name, size_t cut, struct pp_parsed *p,
		int *err, int depth)
{
	const struct pp_alias *al;
	int n = pp_lookup_name(pmu, name, cut, &al);

	if ((n < 0 && !al) || (n >= 0 && pp_event_absent(pmu, (uint32_t)n)))
		return -1;
	if (al) {
		const char *x = pp_str(pmu->t, al->expansion);
		if (*x == '=') {
			/* an exact alias: its unit masks are the whole selection */
			p->exact = 1;
			p->exact_alias = al;
			x++;
		}
		*err = expand(pmu, x, p, depth);
		return (int)cut;
	}
	const struct pp_event *ev = pp_event_at(pmu, n);
	/* a raw event is written r<hex> only (take_raw): not its listed name in
	 * another case (libpfm4 4.13 refuses perf_raw::R0000) */
	if (ev->flags & PP_F_RAW_NAME)
		return -1;
	if (ev->equiv && !p->via_equiv) {
		/* libpfm4 encodes an event with an equivalent as that equivalent,
		 * whose own equivalent is not followed: snb LLC_MISSES is
		 * LAST_LEVEL_CACHE_MISSES' codes (0x412e), not L3_LAT_CACHE:MISS */
		p->via_equiv = 1;
		p->named_ev = ev;
		*err = expand(pmu, pp_str(pmu->t, ev->equiv), p, depth);
		return (int)cut;
	}
	p->pmu = pmu;
	p->ev = ev;
	p->ev_num = n;
	return (int)cut;
}

/* r<hex> names the PMU's raw event, if it has one (libpfm4's perf_raw) */
static int take_raw(struct pp_pmu_rt *pmu, const char *name, size_t len, struct pp_parsed *p)
{
	uint64_t v;

	/* hexadecimal digits right after the r: no sign, no blank (\v, \f, \r) */
	if (len < 2 || name[0] != 'r')
		return -1;
	if (!isxdigit((unsigned char)name[1])) {
		pp_verbose("'%.*s': not a raw event: r must be followed by hexadecimal digits", (int)len, name);
		return -1;
	}
	if (parse_u64_base(name + 1, len - 1, 16, &v) || v == UINT64_MAX)
		return -1;
	for (uint32_t i = 0; i < pmu->p->nevents; i++) {
		if (pp_event_at(pmu, (int)i)->flags & PP_F_RAW_NAME) {
			p->pmu = pmu;
			p->ev = pp_event_at(pmu, (int)i);
			p->ev_num = (int)i;
			p->has_raw = 1;
			p->raw = v;
			return (int)len;
		}
	}
	return -1;
}

static int find_in_pmu(struct pp_pmu_rt *pmu, const char *name, size_t len,
		       struct pp_parsed *p, int *err, int depth)
{
	int r = take(pmu, name, len, p, err, depth);
	if (r >= 0)
		return r;
	if ((r = take_raw(pmu, name, len, p)) >= 0)
		return r;
	for (size_t cut = len; cut-- > 0;) {
		if (name[cut] != '.' || cut == 0)
			continue;
		r = take(pmu, name, cut, p, err, depth);
		if (r >= 0)
			return r;
		/* r<hex>.u: a '.' before the modifiers, as for a named event */
		if ((r = take_raw(pmu, name, cut, p)) >= 0)
			return r;
	}
	return -1;
}

/* a PMU by libpfm4 name, else a usable one whose sysfs PMU (perf_pmu) has that name */
static struct pp_pmu_rt *pmu_by_perf_name(const char *name, size_t len)
{
	struct pp_pmu_rt *pmu = pp_pmu_by_name(name, len);

	for (int i = 0; i < pp_pmu_count() && !pmu; i++) {
		struct pp_pmu_rt *c = pp_pmu_at(i);
		if (c && c->p->perf_pmu && pp_pmu_usable(c) && strlen(pp_str(c->t, c->p->perf_pmu)) == len &&
		    !strncmp(pp_str(c->t, c->p->perf_pmu), name, len))
			pmu = c;
	}
	return pmu;
}

/*
 * perf's spelling pmu/EVENT[,ATTR[=VAL]...]/ (ccn/xp_valid_flit,xp=1/) means
 * pmu::EVENT[:ATTR[=VAL]...]; pmu is a libpfm4 PMU name or a sysfs PMU name.
 */
static int parse_perf_spelling(const char *str, struct pp_parsed *p)
{
	const char *s1 = strchr(str, '/'), *body = s1 + 1;
	size_t len = strlen(str), blen, nlen;
	struct pp_pmu_rt *pmu;
	int used, err = PFM_SUCCESS;

	if (s1 == str || str[len - 1] != '/' || s1 == str + len - 1 || pp_has_any(str, " \t:") ||
	    memchr(body, '/', len - (size_t)(body - str) - 1)) {
		return pp_fail(PFM_ERR_INVAL, "'%s': perf's spelling is pmu/event[,term=value...]/", str);
	}
	blen = len - (size_t)(body - str) - 1;
	pmu = pmu_by_perf_name(str, (size_t)(s1 - str));
	if (!pmu || !pp_pmu_usable(pmu))
		return pp_fail(PFM_ERR_NOTFOUND, "'%s': unknown PMU '%.*s'", str, (int)(s1 - str), str);
	nlen = strcspn(body, ",/");
	if (!nlen || memchr(body, '=', nlen))
		return pp_fail(PFM_ERR_NOTFOUND, "'%s': an event name must come first between the slashes", str);
	used = find_in_pmu(pmu, body, nlen, p, &err, 0);
	if (used < 0)
		return pp_fail(PFM_ERR_NOTFOUND, "'%s': event '%.*s' not found", str, (int)nlen, body);
	if (err)
		return err;
	if ((size_t)used < nlen && (err = split_attrs(p, body + used + 1, nlen - (size_t)used - 1)))
		return err;
	if (nlen < blen && (err = split_terms(p, body + nlen + 1, blen - nlen - 1, seps_comma)))
		return err;
	return PFM_SUCCESS;
}

static int parse_event(const char *str, struct pp_parsed *p)
{
	const char *name, *sep;
	struct pp_pmu_rt *pmu = NULL;
	size_t nlen;
	int used = -1, err = PFM_SUCCESS;

	memset(p, 0, offsetof(struct pp_parsed, tok));
	p->ntok = 0;
	p->nattr = 0;
	if (!str)
		return pp_fail(PFM_ERR_INVAL, "event string is NULL");
	if (strchr(str, '/'))
		return parse_perf_spelling(str, p);
	/* libpfm4 4.13 refuses a newline as it refuses a space (r\n3 too) */
	if (pp_has_any(str, ", \t\n"))
		return pp_fail(PFM_ERR_INVAL, "'%s': one event only, without blanks or newlines", str);
	name = str;
	sep = strstr(str, "::");
	if (sep) {
		pmu = pp_pmu_by_name(str, (size_t)(sep - str));
		if (!pmu || sep == str)
			return pp_fail(PFM_ERR_NOTFOUND, "'%s': unknown PMU '%.*s'", str, (int)(sep - str), str);
		if (!pp_pmu_usable(pmu)) {
			return pp_fail(PFM_ERR_NOTFOUND, "'%s': PMU '%.*s' not present (LIBPFM_ENCODE_INACTIVE=1 to use it)",
				   str, (int)(sep - str), str);
		}
		name = sep + 2;
	}
	nlen = strcspn(name, ":");
	if (!nlen)
		return pp_fail(PFM_ERR_NOTFOUND, "'%s': no event name", str);
	if (pmu) {
		used = find_in_pmu(pmu, name, nlen, p, &err, 0);
	} else {
		/* without a prefix, the PMUs present on the host, in registry order */
		for (int i = 0; i < pp_pmu_dfl_count() && used < 0; i++)
			used = find_in_pmu(pp_pmu_dfl_at(i), name, nlen, p, &err, 0);
	}
	if (used < 0)
		return pp_fail(PFM_ERR_NOTFOUND, "'%s': event '%.*s' not found", str, (int)nlen, name);
	if (err)
		return err;
	p->nequiv_tok = p->via_equiv ? p->ntok : 0;
	if ((size_t)used < nlen && (err = split_attrs(p, name + used + 1, nlen - (size_t)used - 1)))
		return err;
	if (name[nlen] == ':' && (err = split_attrs(p, name + nlen + 1, strlen(name + nlen + 1))))
		return err;
	return PFM_SUCCESS;
}

/* ---- attribute resolution ---- */

static int add_attr(struct pp_parsed *p, int kind, uint32_t index, uint64_t val, int has_val)
{
	if (p->nattr >= PP_MAX_TOK)
		return pp_fail(PFM_ERR_TOOMANY, "too many attributes (max %d)", PP_MAX_TOK);
	struct pp_attr *a = &p->attr[p->nattr++];
	a->kind = kind;
	a->index = index;
	a->val = val;
	a->has_val = has_val;
	return PFM_SUCCESS;
}

static int parse_value(const struct pp_tok *k, int is_bool, uint64_t *v)
{
	if (!k->val) {
		if (is_bool) {
			*v = 1;
			return PFM_SUCCESS;
		}
		return pp_fail(PFM_ERR_ATTR_VAL, "attribute '%.*s' needs a value", k->nlen, k->name);
	}
	if ((is_bool ? parse_bool : parse_u64)(k->val, k->vlen, v))
		return pp_fail(PFM_ERR_ATTR_VAL, "invalid value '%.*s' for attribute '%.*s'",
			   k->vlen, k->val, k->nlen, k->name);
	return PFM_SUCCESS;
}

static int resolve(struct pp_parsed *p, const struct pp_view *v, const struct pp_tok *k, int depth);

/* a unit mask with an equivalent string stands for its parts */
static int resolve_equiv(struct pp_parsed *p, const struct pp_view *v, const char *x, int depth)
{
	struct pp_tok k;

	if (depth >= PP_MAX_EXPAND)
		return pp_fail(PFM_ERR_ATTR, "unit-mask equivalent '%s' nests too deep", x);
	while (*x) {
		size_t n = strcspn(x, ":");
		const char *eq = memchr(x, '=', n);
		int err;

		if (!n || n > UINT16_MAX)
			return PFM_ERR_ATTR;
		k.name = x;
		k.nlen = (uint16_t)((eq ? eq : x + n) - x);
		k.val = eq ? eq + 1 : NULL;
		k.vlen = eq ? (uint16_t)(x + n - eq - 1) : 0;
		if ((err = resolve(p, v, &k, depth + 1)))
			return err;
		x += n;
		if (*x == ':')
			x++;
	}
	return PFM_SUCCESS;
}

static int resolve(struct pp_parsed *p, const struct pp_view *view, const struct pp_tok *k, int depth)
{
	const struct pp_pmu_rt *pmu = p->pmu;
	const struct pp_table *t = pmu->t;
	const struct pp_event *ev = p->ev;
	uint64_t v;
	int u, err;

	/* with a value it is a modifier, never a unit mask (libpfm4: snb
	 * L2_LINES_IN:I:i=1, where I is a unit mask); without, unit masks win */
	u = k->val ? -1 : pp_lookup_umask(pmu, ev, k->name, k->nlen);
	if (u >= 0) {
		const char *x;
		x = pp_umask_equiv(pmu, (uint32_t)u);
		if (x)
			return resolve_equiv(p, view, x, depth);
		return add_attr(p, PP_ATTR_UMASK, (uint32_t)u, 0, 0);
	}
	for (uint32_t i = 0; i < pmu->p->nmods; i++) {
		uint32_t mi = pmu->p->first_mod + i;
		const struct pp_modifier *m = &t->mods[mi];
		if (!pp_name_eq(pp_str(t, m->name), k->name, k->nlen))
			continue;
		/* not this event's: perhaps a copy of the name is (event
		 * modifier_fields), else an OS attribute of the same name */
		if (!pp_mod_ok(pmu, ev, mi) || pp_view_hides_mod(view, pmu, mi))
			continue;
		if ((err = parse_value(k, m->type == PP_MOD_BOOL, &v)))
			return err;
		return add_attr(p, PP_ATTR_PMU_MOD, mi, v, k->val != NULL);
	}
	if (!p->osm_known) {
		p->osm = pp_view_attr_mask(view, pmu, ev);
		p->osm_known = 1;
	}
	uint32_t osm = p->osm;
	for (uint32_t a = 0; a < PP_PA_COUNT; a++) {
		if (!((osm >> a) & 1) || !pp_name_eq(pp_perf_attrs[a].name, k->name, k->nlen))
			continue;
		if ((err = parse_value(k, pp_perf_attrs[a].type == PP_MOD_BOOL, &v)))
			return err;
		return add_attr(p, PP_ATTR_OS_MOD, a, v, k->val != NULL);
	}
	if (k->val && pp_lookup_umask(pmu, ev, k->name, k->nlen) >= 0)
		return pp_fail(PFM_ERR_ATTR, "unit mask '%.*s' takes no value", k->nlen, k->name);
	/* a unit mask written as a number, where the PMU takes one (raw_umask) */
	if (pp_raw_umask_field(pmu) != PP_NONE && is_hex_token(k->name, k->nlen)) {
		if (k->val)
			return pp_fail(PFM_ERR_ATTR_VAL, "unit-mask value '%.*s' takes no '='", k->nlen, k->name);
		if (parse_u64_base(k->name, k->nlen, 16, &v))
			return pp_fail(PFM_ERR_ATTR, "unit-mask value '%.*s' is too large", k->nlen, k->name);
		return add_attr(p, PP_ATTR_RAW_UMASK, 0, v, 0);
	}
	return pp_fail(PFM_ERR_ATTR, "%s::%s: unknown attribute '%.*s'", pp_str(t, pmu->p->name),
		       pp_str(t, ev->name), k->nlen, k->name);
}

static int parse_attrs(struct pp_parsed *p, const struct pp_view *v)
{
	p->nattr = 0;
	p->nequiv_attr = 0;
	p->osm_known = 0;
	for (int i = 0; i < p->ntok; i++) {
		int err = resolve(p, v, &p->tok[i], 0);
		if (err)
			return err;
		if (i + 1 == p->nequiv_tok)
			p->nequiv_attr = p->nattr;
	}
	return PFM_SUCCESS;
}

int pp_parse(const char *str, const struct pp_view *v, struct pp_parsed *p)
{
	int err = parse_event(str, p);
	if (err)
		return err;
	return parse_attrs(p, v);
}
