/*
 * SPDX-License-Identifier: MIT
 * sysfs/build.c - one sysfs PMU directory becomes one PMU of a
 * pp_builder table: `type` -> perf_type, `format/` -> fields (each also an
 * integer modifier), `events/` templates -> events (terms -> `set`, `=?`
 * terms -> required modifiers, companions -> description), `cpumask` ->
 * uncore type and default CPU, `caps/` -> description. Malformed entries
 * are skipped with a LIBPFM_VERBOSE message; the rest of the PMU stays.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <perfmon/pfmlib.h>
#include "util/log.h"
#include "sysfs/sysfs.h"
#include "util/str.h"

struct bctx {
	struct pp_builder *b;
	const char *dir;	/* the PMU's directory */
	const char *name;	/* libpfm4 name, for messages */
	uint32_t pmu;		/* index in b->pmus */
	uint32_t nskipped;
	/* the PMU's events by case-folded name: slots hold event index + 1, 0 is free */
	uint32_t *seen, seen_mask;
};

static void skipped(struct bctx *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void skipped(struct bctx *c, const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	c->nskipped++;
	pp_verbose("sysfs PMU %s (%s): %s", c->name, c->dir, msg);
}

static struct pp_pmu *P(struct bctx *c)
{
	return &c->b->pmus.v[c->pmu];
}

static pp_str_t str(struct bctx *c, const char *s)
{
	return pp_builder_str(c->b, s, strlen(s));
}

/*
 * read dir/sub[/file]; PP_SYSFS_BAD is reported, and so is PP_SYSFS_MISSING
 * for a name a directory listing gave (a dangling link)
 */
static int read_in(struct bctx *c, const char *sub, const char *file, char *buf, size_t sz, int listed)
{
	char path[4096];
	const char *why = "";
	int r;

	if (pp_sysfs_join(path, sizeof(path), c->dir, sub, file)) {
		skipped(c, "%s/%s: path too long", sub, file ? file : "");
		return PP_SYSFS_BAD;
	}
	r = pp_sysfs_read(path, buf, sz, &why);
	if (r == PP_SYSFS_MISSING && listed) {
		why = "listed but cannot be reached (dangling link?)";
		r = PP_SYSFS_BAD;
	}
	if (r == PP_SYSFS_BAD)
		skipped(c, "%s%s%s: %s; skipped", sub, file ? "/" : "", file ? file : "", why);
	return r;
}

static int read_entry(struct bctx *c, const char *sub, const char *file, char *buf, size_t sz)
{
	return read_in(c, sub, file, buf, sz, 0);
}

static int read_listed(struct bctx *c, const char *sub, const char *file, char *buf, size_t sz)
{
	return read_in(c, sub, file, buf, sz, 1);
}

/* ---- format fields and their modifiers ---- */

static uint32_t find_field(struct bctx *c, const char *name)
{
	const struct pp_pmu *p = P(c);
	for (uint32_t i = 0; i < p->nfields; i++)
		if (pp_str_eq(c->b->strs + c->b->fields.v[p->first_field + i].name, name))
			return p->first_field + i;
	return PP_NONE;
}

static uint64_t field_max(const struct pp_field *f)
{
	return f->width >= 64 ? UINT64_MAX : (1ULL << f->width) - 1;
}

static int add_field(struct bctx *c, const char *name, const struct pp_field *f)
{
	uint32_t fi = pp_builder_add_field(c->b);
	if (fi == PP_NONE)
		return -2;
	c->b->fields.v[fi] = *f;
	pp_str_t s = str(c, name);
	c->b->fields.v[fi].name = s;
	P(c)->nfields++;
	return 0;
}

/* the field in sysfs notation again ("config1:0-7,32-35"), for descriptions */
static void field_spec(const struct pp_field *f, char *out, size_t sz)
{
	size_t len = (size_t)snprintf(out, sz, "config%s:", f->reg ? (f->reg == 1 ? "1" : "2") : "");
	for (int lo = 0; lo < 64 && len < sz; lo++) {
		int hi = lo;
		if (!((f->mask >> lo) & 1))
			continue;
		while (hi < 63 && ((f->mask >> (hi + 1)) & 1))
			hi++;
		int k = hi > lo ? snprintf(out + len, sz - len, "%s%d-%d", out[len - 1] == ':' ? "" : ",", lo, hi)
				: snprintf(out + len, sz - len, "%s%d", out[len - 1] == ':' ? "" : ",", lo);
		if (k > 0)
			len += (size_t)k;
		lo = hi;
	}
}

static int add_modifier(struct bctx *c, uint32_t fi)
{
	char desc[256], spec[192];
	const struct pp_field *f = &c->b->fields.v[fi];
	struct pp_modifier m = {
		.name = f->name, .type = PP_MOD_INT, .field = fi, .max = field_max(f),
		.requires = PP_REQ_NONE, .code = (uint8_t)P(c)->nmods, .enable = PP_NONE,
	};
	field_spec(f, spec, sizeof(spec));
	snprintf(desc, sizeof(desc), "sysfs format %s, value in [0-%llu]", spec,
		 (unsigned long long)m.max);
	uint32_t mi = pp_builder_add_mod(c->b);
	if (mi == PP_NONE)
		return -2;
	m.desc = str(c, desc);
	c->b->mods.v[mi] = m;
	P(c)->nmods++;
	return 0;
}

static int load_format(struct bctx *c)
{
	char **names, buf[PP_SYSFS_MAX_FILE];
	char dir[4096];
	int n, r = 0;

	P(c)->first_field = c->b->fields.n;
	P(c)->first_mod = c->b->mods.n;
	if (pp_sysfs_join(dir, sizeof(dir), c->dir, "format", NULL))
		return 0;
	n = pp_sysfs_list(dir, &names);
	if (n < 0)
		return -2;
	/* fields and modifiers grow side by side: field i is modifier i (for the first 32) */
	for (int i = 0; i < n && !r; i++) {
		struct pp_field f = { 0 };
		const char *why;
		char *spec;
		if (!pp_sysfs_valid_name(names[i], 0)) {
			skipped(c, "format/%s: a field name must be [A-Za-z0-9_]; skipped", names[i]);
			continue;
		}
		if (find_field(c, names[i]) != PP_NONE) {
			skipped(c, "format/%s: another field differs only in case; skipped", names[i]);
			continue;
		}
		if (read_listed(c, "format", names[i], buf, sizeof(buf)) < 0)
			continue;
		spec = pp_sysfs_trim(buf);
		if (pp_format_parse(spec, &f, &why)) {
			skipped(c, "format/%s: cannot use '%.64s': %s; field skipped", names[i], spec, why);
			continue;
		}
		if (P(c)->nfields >= PP_SYSFS_MAX_FIELDS) {
			skipped(c, "format/%s: more than %d fields; skipped", names[i], PP_SYSFS_MAX_FIELDS);
			continue;
		}
		if ((r = add_field(c, names[i], &f)))
			break;
		if (P(c)->nmods >= PP_SYSFS_MAX_MODS)
			skipped(c, "format/%s: only %d fields can be modifiers; not a modifier", names[i],
				PP_SYSFS_MAX_MODS);
		else
			r = add_modifier(c, P(c)->first_field + P(c)->nfields - 1);
	}
	pp_sysfs_names_free(names, n);
	return r;
}

/* "config", "config1", "config2" written in a template when no field has that name */
static int raw_config_reg(const char *name)
{
	if (pp_str_eq(name, "config")) return PP_REG_CONFIG;
	if (pp_str_eq(name, "config1")) return PP_REG_CONFIG1;
	if (pp_str_eq(name, "config2")) return PP_REG_CONFIG2;
	return -1;
}

/* the field a template term names (a raw config field is created on first use) */
static uint32_t term_field(struct bctx *c, const char *name, int create)
{
	uint32_t fi = find_field(c, name);
	int reg = raw_config_reg(name);
	if (fi != PP_NONE || reg < 0 || !create)
		return fi;
	struct pp_field f = { .reg = (uint8_t)reg, .width = 64, .mask = ~0ULL };
	if (add_field(c, name, &f))
		return PP_NONE;
	return P(c)->first_field + P(c)->nfields - 1;
}

/* modifier position of field fi, or -1 */
static int field_mod(struct bctx *c, uint32_t fi)
{
	const struct pp_pmu *p = P(c);
	for (uint32_t i = 0; i < p->nmods; i++)
		if (c->b->mods.v[p->first_mod + i].field == fi)
			return (int)i;
	return -1;
}

/* ---- event templates ---- */

static const char *const companions[] = { ".scale", ".unit", ".per-pkg", ".snapshot" };

static int is_companion(const char *name)
{
	size_t n = strlen(name);
	for (size_t i = 0; i < sizeof(companions) / sizeof(companions[0]); i++) {
		size_t k = strlen(companions[i]);
		if (n > k && !strcmp(name + n - k, companions[i]))
			return 1;
	}
	return 0;
}

/* a scale as perf writes it: digits[.digits][e[+-]digits], checked without the locale */
static int valid_scale(const char *s)
{
	int nd = 0;
	while (*s >= '0' && *s <= '9') { s++; nd++; }
	if (*s == '.')
		for (s++; *s >= '0' && *s <= '9'; s++) nd++;
	if (!nd)
		return 0;
	if (*s == 'e' || *s == 'E') {
		s++;
		if (*s == '+' || *s == '-')
			s++;
		if (!(*s >= '0' && *s <= '9'))
			return 0;
		while (*s >= '0' && *s <= '9')
			s++;
	}
	return *s == '\0';
}

static int valid_unit(const char *s)
{
	size_t n = strlen(s);
	if (!n || n > 32)
		return 0;
	for (; *s; s++)
		if (*s < 0x20 || *s > 0x7e)
			return 0;
	return 1;
}

/* the directory listing (sorted by strcmp) holds name */
static int listed(char *const *names, int n, const char *name)
{
	int lo = 0, hi = n - 1;
	while (lo <= hi) {
		int mid = lo + (hi - lo) / 2, d = strcmp(names[mid], name);
		if (!d)
			return 1;
		if (d < 0)
			lo = mid + 1;
		else
			hi = mid - 1;
	}
	return 0;
}

/* buf = ev + suffix, cut short like snprintf when it does not fit */
static void with_suffix(char *buf, size_t sz, const char *ev, const char *suffix)
{
	size_t a = strlen(ev), b = strlen(suffix);
	if (a >= sz)
		a = sz - 1;
	if (b >= sz - a)
		b = sz - 1 - a;
	memcpy(buf, ev, a);
	memcpy(buf + a, suffix, b);
	buf[a + b] = '\0';
}

/* append the companion facts of event ev to desc; names: the events/ listing */
static void companion_facts(struct bctx *c, const char *ev, char *const *names, int n,
			    char *desc, size_t sz)
{
	char file[PP_SYSFS_NAME_MAX + 16], buf[256];
	size_t len = strlen(desc);
	uint64_t flag;

#define APPEND(...) do { if (len < sz) { int k_ = snprintf(desc + len, sz - len, __VA_ARGS__); \
			 if (k_ > 0) len += (size_t)k_; } } while (0)
	with_suffix(file, sizeof(file), ev, ".unit");
	if (listed(names, n, file) && read_listed(c, "events", file, buf, sizeof(buf)) >= 0) {
		char *u = pp_sysfs_trim(buf);
		if (valid_unit(u))
			APPEND("; unit: %s", u);
		else
			skipped(c, "events/%s: not a unit name; ignored", file);
	}
	with_suffix(file, sizeof(file), ev, ".scale");
	if (listed(names, n, file) && read_listed(c, "events", file, buf, sizeof(buf)) >= 0) {
		char *s = pp_sysfs_trim(buf);
		if (valid_scale(s) && strlen(s) < 48)
			APPEND("; scale: %s (multiply counts by it to get the unit)", s);
		else
			skipped(c, "events/%s: not a decimal number; ignored", file);
	}
	with_suffix(file, sizeof(file), ev, ".per-pkg");
	if (listed(names, n, file) && read_listed(c, "events", file, buf, sizeof(buf)) >= 0) {
		if (pp_sysfs_parse_u64(pp_sysfs_trim(buf), &flag))
			skipped(c, "events/%s: not 0 or 1; ignored", file);
		else if (flag)
			APPEND("; counted per package (per-pkg: read it on one CPU of each package)");
	}
	with_suffix(file, sizeof(file), ev, ".snapshot");
	if (listed(names, n, file) && read_listed(c, "events", file, buf, sizeof(buf)) >= 0) {
		if (pp_sysfs_parse_u64(pp_sysfs_trim(buf), &flag))
			skipped(c, "events/%s: not 0 or 1; ignored", file);
		else if (flag)
			APPEND("; snapshot: the count is a current value, not a running total");
	}
#undef APPEND
}

static uint32_t fold_hash(const char *s)
{
	uint32_t h = 2166136261u;
	for (; *s; s++)
		h = (h ^ (uint32_t)pp_upper((unsigned char)*s)) * 16777619u;
	return h;
}

/* an event of this PMU already has this name, up to case (a hash lookup: names are many) */
static int event_exists(struct bctx *c, const char *name)
{
	const struct pp_pmu *p = P(c);
	if (!c->seen) {
		for (uint32_t i = 0; i < p->nevents; i++)
			if (pp_str_eq(c->b->strs + c->b->events.v[p->first_event + i].name, name))
				return 1;
		return 0;
	}
	for (uint32_t h = fold_hash(name) & c->seen_mask; c->seen[h]; h = (h + 1) & c->seen_mask)
		if (pp_str_eq(c->b->strs + c->b->events.v[c->seen[h] - 1].name, name))
			return 1;
	return 0;
}

static void event_seen(struct bctx *c, uint32_t ei)
{
	if (!c->seen)
		return;
	uint32_t h = fold_hash(c->b->strs + c->b->events.v[ei].name) & c->seen_mask;
	while (c->seen[h])
		h = (h + 1) & c->seen_mask;
	c->seen[h] = ei + 1;
}

static int add_event(struct bctx *c, const char *ev, char *text, char *const *names, int nnames)
{
	struct pp_sysfs_term t[PP_SYSFS_MAX_TERMS];
	char shown[200], desc[1024], req[256] = "";
	uint32_t required = 0, fixed_mods = 0;
	uint64_t code = 0;
	const char *why = "";
	int n;

	snprintf(shown, sizeof(shown), "%s", pp_sysfs_trim(text));
	if (strlen(shown) == sizeof(shown) - 1)
		memcpy(shown + sizeof(shown) - 4, "...", 4);
	n = pp_sysfs_parse_terms(text, t, PP_SYSFS_MAX_TERMS, &why);
	if (n < 0) {
		skipped(c, "events/%s: %s; event skipped", ev, why);
		return 0;
	}
	/* check every term before anything is appended */
	for (int i = 0; i < n; i++) {
		uint32_t fi = term_field(c, t[i].name, 0);
		if (fi == PP_NONE && raw_config_reg(t[i].name) < 0) {
			skipped(c, "events/%s: term '%s' names no format field; event skipped", ev, t[i].name);
			return 0;
		}
		for (int j = 0; j < i; j++) {
			if (pp_str_eq(t[i].name, t[j].name)) {
				skipped(c, "events/%s: term '%s' is given twice; event skipped", ev, t[i].name);
				return 0;
			}
		}
		if (t[i].kind == PP_TERM_ASK && (fi == PP_NONE || field_mod(c, fi) < 0)) {
			skipped(c, "events/%s: '%s=?' names a field that is not a modifier; event skipped",
				ev, t[i].name);
			return 0;
		}
		if (t[i].kind != PP_TERM_ASK && fi != PP_NONE &&
		    t[i].value > field_max(&c->b->fields.v[fi])) {
			skipped(c, "events/%s: value 0x%llx does not fit field '%s' (%u bits); event skipped",
				ev, (unsigned long long)t[i].value, t[i].name, c->b->fields.v[fi].width);
			return 0;
		}
	}
	if (event_exists(c, ev)) {
		skipped(c, "events/%s: another event differs only in case; skipped", ev);
		return 0;
	}
	/* raw config fields the template needs */
	for (int i = 0; i < n; i++)
		if (t[i].kind != PP_TERM_ASK && term_field(c, t[i].name, 1) == PP_NONE)
			return -2;
	uint32_t first = c->b->sets.n;
	uint16_t nset = 0;
	for (int i = 0; i < n; i++) {
		uint32_t fi = term_field(c, t[i].name, 0);
		int mp = field_mod(c, fi);
		if (t[i].kind == PP_TERM_ASK) {
			required |= 1u << mp;
			size_t l = strlen(req);
			snprintf(req + l, sizeof(req) - l, "%s%s", l ? ", " : "", t[i].name);
			continue;
		}
		if (mp >= 0)
			fixed_mods |= 1u << mp;
		if (pp_str_eq(t[i].name, "event"))
			code = t[i].value;
		uint32_t si = pp_builder_add_set(c->b);
		if (si == PP_NONE)
			return -2;
		c->b->sets.v[si].field = fi;
		c->b->sets.v[si].value = t[i].value;
		nset++;
	}
	snprintf(desc, sizeof(desc), "sysfs event template '%s' of PMU %s", shown, c->name);
	if (*req) {
		size_t l = strlen(desc);
		snprintf(desc + l, sizeof(desc) - l, "; required parameters: %s", req);
	}
	companion_facts(c, ev, names, nnames, desc, sizeof(desc));

	uint32_t ei = pp_builder_add_event(c->b);
	if (ei == PP_NONE)
		return -2;
	pp_str_t sname = str(c, ev), sdesc = str(c, desc);
	uint32_t nmods = P(c)->nmods;
	struct pp_event *e = &c->b->events.v[ei];
	e->name = sname;
	e->desc = sdesc;
	e->first_set = first;
	e->nset = nset;
	e->first_umask = c->b->umasks.n;
	e->first_group = c->b->groups.n;
	e->first_rule = c->b->rules.n;
	/* every field is a modifier, except those the template fixes */
	e->mods = (nmods >= 32 ? 0xffffffffu : (1u << nmods) - 1) & ~fixed_mods;
	e->required_mods = required;
	e->code = code;
	e->perf_type = PP_NONE;
	P(c)->nevents++;
	return 0;
}

/*
 * The names under the PMU's events/ (n of them, into *names: free with
 * pp_sysfs_names_free), listed before anything else is read: n is 0 when
 * none of them is an event file (no events/, or only .scale/.unit
 * companions), -2 when memory is short.
 */
static int list_events(struct bctx *c, char ***names)
{
	char dir[4096];
	int n, any = 0;

	*names = NULL;
	if (pp_sysfs_join(dir, sizeof(dir), c->dir, "events", NULL))
		return 0;
	if ((n = pp_sysfs_list(dir, names)) < 0)
		return -2;
	for (int i = 0; i < n && !any; i++)
		any = !is_companion((*names)[i]);
	if (!any) {
		pp_sysfs_names_free(*names, n);
		*names = NULL;
		return 0;
	}
	return n;
}

/* the events of names (list_events', which the caller frees) */
static int load_events(struct bctx *c, char **names, int n)
{
	char buf[PP_SYSFS_MAX_FILE];
	int r = 0;

	P(c)->first_event = c->b->events.n;
	/* at least twice as many slots as names (a power of two); without it, a linear search */
	uint32_t slots = 16;
	while (slots < 2u * (uint32_t)n)
		slots *= 2;
	c->seen = calloc(slots, sizeof(*c->seen));
	c->seen_mask = slots - 1;
	for (int i = 0; i < n && !r; i++) {
		if (is_companion(names[i]))
			continue;
		if (!pp_sysfs_valid_name(names[i], 1)) {
			skipped(c, "events/%s: an event name must be [A-Za-z0-9_.-]; skipped", names[i]);
			continue;
		}
		if (read_listed(c, "events", names[i], buf, sizeof(buf)) < 0)
			continue;
		uint32_t before = P(c)->nevents;
		r = add_event(c, names[i], buf, names, n);
		if (!r && P(c)->nevents > before)
			event_seen(c, P(c)->first_event + P(c)->nevents - 1);
	}
	free(c->seen);
	c->seen = NULL;
	return r;
}

/* ---- the PMU ---- */

/* "k=v, ..." of caps/ into out */
static int caps_text(struct bctx *c, char *out, size_t sz)
{
	char **names, buf[256], dir[4096];
	size_t len = 0;
	int n;

	out[0] = '\0';
	if (pp_sysfs_join(dir, sizeof(dir), c->dir, "caps", NULL))
		return 0;
	n = pp_sysfs_list(dir, &names);
	if (n < 0)
		return -2;
	for (int i = 0; i < n && len < sz; i++) {
		if (!pp_sysfs_valid_name(names[i], 0) || read_listed(c, "caps", names[i], buf, sizeof(buf)) < 0)
			continue;
		char *v = pp_sysfs_trim(buf);
		if (!valid_unit(v))
			continue;
		int k = snprintf(out + len, sz - len, "%s%s=%s", len ? ", " : "", names[i], v);
		if (k > 0)
			len += (size_t)k;
	}
	if (len >= sz)
		out[sz - 1] = '\0';
	pp_sysfs_names_free(names, n);
	return 0;
}

static int read_type(struct bctx *c, uint32_t *type)
{
	char buf[64];
	uint64_t v;
	int r = read_entry(c, "type", NULL, buf, sizeof(buf));

	if (r == PP_SYSFS_MISSING)
		pp_verbose("sysfs PMU %s (%s): no type file; PMU skipped", c->name, c->dir);
	if (r < 0)
		return -1;
	if (pp_sysfs_parse_u64(pp_sysfs_trim(buf), &v) || v >= PP_NONE) {
		pp_verbose("sysfs PMU %s (%s): type '%.20s' is not a number; PMU skipped", c->name, c->dir,
			   pp_sysfs_trim(buf));
		return -1;
	}
	*type = (uint32_t)v;
	return 0;
}

static int read_cpumask(struct bctx *c, char *mask, size_t sz)
{
	int r = read_entry(c, "cpumask", NULL, mask, sz);
	int cpu;

	if (r < 0)
		return -1;
	cpu = pp_sysfs_cpulist_first(pp_sysfs_trim(mask));
	if (cpu < 0)
		skipped(c, "cpumask '%.32s' is not a CPU list; ignored", pp_sysfs_trim(mask));
	return cpu;
}

static int build_listed(struct bctx *c, const char *sysname, int id, struct pp_sysfs_info *info, char **evnames,
			int nev);

static int build(struct bctx *c, const char *sysname, int id, struct pp_sysfs_info *info)
{
	char **evnames;
	int r, nev;

	/* a PMU without event files becomes no table: known before anything is
	 * read or built (most uncore boxes no table serves, intel_pt) */
	if ((nev = list_events(c, &evnames)) <= 0) {
		if (!nev)
			pp_verbose("sysfs PMU %s (%s): no event file; PMU skipped", c->name, c->dir);
		return nev ? -2 : -1;
	}
	r = build_listed(c, sysname, id, info, evnames, nev);
	pp_sysfs_names_free(evnames, nev);
	return r;
}

static int build_listed(struct bctx *c, const char *sysname, int id, struct pp_sysfs_info *info, char **evnames,
			int nev)
{
	char caps[512], mask[256], desc[1024];
	uint32_t type;
	int cpu, r;

	if (read_type(c, &type))
		return -1;
	cpu = read_cpumask(c, mask, sizeof(mask));
	if (caps_text(c, caps, sizeof(caps)))
		return -2;

	c->pmu = pp_builder_add_pmu(c->b);
	if (c->pmu == PP_NONE)
		return -2;
	snprintf(desc, sizeof(desc), "Linux perf_events PMU %s described by sysfs%s", sysname,
		 cpu >= 0 ? "; counts on the CPUs of its cpumask (default: the first)" : "");
	if (*caps) {
		size_t l = strlen(desc);
		snprintf(desc + l, sizeof(desc) - l, "; caps: %s", caps);
	}
	pp_str_t sn = str(c, c->name), sd = str(c, desc), sa = str(c, "generic"),
		 ss = str(c, "sysfs"), sp = str(c, sysname);
	struct pp_pmu *p = P(c);
	p->name = sn;
	p->desc = sd;
	p->arch = sa;
	p->source = ss;
	p->perf_pmu = sp;
	p->id = id;
	p->perf_type = type;
	p->type = cpu >= 0 ? PP_PMU_UNCORE : PP_PMU_OS_GENERIC;
	p->max_encoding = 1;
	p->match_priority = 1000000;
	/* no privilege or guest filters: the kernel says nothing of them in sysfs */
	p->perf_attrs = (1u << PP_PA_PERIOD) | (1u << PP_PA_FREQ) | (1u << PP_PA_EXCL) |
			(1u << PP_PA_CPU) | (1u << PP_PA_PINNED);
	p->first_raw_set = c->b->sets.n;
	p->first_alias = c->b->aliases.n;

	if ((r = load_format(c)) || (r = load_events(c, evnames, nev)))
		return r;
	if (!P(c)->nevents) {
		pp_verbose("sysfs PMU %s (%s): no usable event; PMU skipped", c->name, c->dir);
		return -1;
	}
	for (uint32_t i = 0; i < P(c)->nfields; i++) {
		uint8_t reg = c->b->fields.v[P(c)->first_field + i].reg;
		if (reg + 1 > P(c)->max_encoding)
			P(c)->max_encoding = (uint8_t)(reg + 1);
	}
	r = pp_builder_index_pmu(c->b, c->pmu, NULL, 0);
	if (r == -1) {
		pp_verbose("sysfs PMU %s: two events share a name; PMU skipped", c->name);
		return -1;
	}
	if (r || c->b->oom)
		return -2;
	info->perf_type = type;
	info->dfl_cpu = cpu;
	info->nevents = P(c)->nevents;
	return (int)c->pmu;
}

int pp_sysfs_build_pmu(struct pp_builder *b, const char *dir, const char *sysname,
		       const char *name, int id, struct pp_sysfs_info *info)
{
	struct bctx c = { .b = b, .dir = dir, .name = name };
	struct pp_builder_mark m;
	int r;

	memset(info, 0, sizeof(*info));
	info->dfl_cpu = -1;
	pp_builder_mark(b, &m);
	r = build(&c, sysname, id, info);
	if (r >= 0 && b->oom)
		r = -2;
	info->nskipped = c.nskipped;
	if (r < 0) {
		pp_builder_rollback(b, &m);
		b->oom = 0;
	}
	return r;
}
