/*
 * SPDX-License-Identifier: MIT
 * host/match.c - a small backtracking matcher for perf's mapfile patterns
 * (see host/match.h). Host detection tests every PMU's patterns at
 * pfm_initialize; compiling each with regcomp cost more than all the rest of
 * start-up, so the common subset is matched here directly.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "host/match.h"

#define MAXN 96
#define MAXS 48
#define INF 255

enum { N_CHAR, N_ANY, N_CLASS, N_GROUP };

struct node {
	uint8_t kind, min, max;
	unsigned char c;
	uint16_t first_alt, nalts;	/* N_GROUP: sequences [first_alt, first_alt + nalts) */
	int16_t next;			/* next node of the same sequence, -1 at its end */
	uint32_t cls[8];		/* N_CLASS: bit per byte value */
};

/* a sequence is a chain of nodes (nested groups interleave their own nodes) */
struct seq { int16_t first; };

struct prog {
	struct node nodes[MAXN];
	struct seq seqs[MAXS];
	int nn, ns;
};

/* ---- parsing ---- */

static void set_range(uint32_t *cls, unsigned lo, unsigned hi)
{
	for (unsigned c = lo; c <= hi; c++)
		cls[c >> 5] |= 1u << (c & 31);
}

static int class_name(const char **pp, uint32_t *cls)
{
	/* the POSIX classes in the C locale, as byte ranges */
	static const struct { const char *name; const char *ranges; } names[] = {
		{ "alpha", "AZaz" }, { "digit", "09" }, { "xdigit", "09AFaf" }, { "alnum", "09AZaz" },
		{ "upper", "AZ" }, { "lower", "az" }, { "space", "\t\r  " },
	};
	const char *p = *pp + 2;	/* after "[:" */
	const char *end = strstr(p, ":]");
	if (!end)
		return -1;
	for (unsigned i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (strlen(names[i].name) == (size_t)(end - p) && !strncmp(p, names[i].name, (size_t)(end - p))) {
			for (const char *r = names[i].ranges; *r; r += 2)
				set_range(cls, (unsigned char)r[0], (unsigned char)r[1]);
			*pp = end + 2;
			return 0;
		}
	return -1;
}

static int parse_class(const char **pp, struct node *n)
{
	const char *p = *pp + 1;
	int neg = 0;
	memset(n->cls, 0, sizeof(n->cls));
	if (*p == '^') { neg = 1; p++; }
	int first = 1;
	while (*p && (*p != ']' || first)) {
		first = 0;
		if (p[0] == '[' && p[1] == ':') {
			if (class_name(&p, n->cls))
				return -1;
			continue;
		}
		if (p[0] == '[' && (p[1] == '.' || p[1] == '='))
			return -1;
		unsigned char lo = (unsigned char)*p++, hi = lo;
		if (p[0] == '-' && p[1] && p[1] != ']') {
			hi = (unsigned char)p[1];
			p += 2;
			if (hi < lo)
				return -1;
		}
		set_range(n->cls, lo, hi);
	}
	if (*p != ']')
		return -1;
	if (neg)
		for (int i = 0; i < 8; i++)
			n->cls[i] = ~n->cls[i];
	n->cls[0] &= ~1u;	/* never match the terminating NUL */
	n->kind = N_CLASS;
	*pp = p + 1;
	return 0;
}

static int parse_alts(struct prog *g, const char **pp, int depth, uint16_t *first, uint16_t *nalts);

static int parse_quant(const char **pp, struct node *n)
{
	const char *p = *pp;
	n->min = n->max = 1;
	if (*p == '?') { n->min = 0; p++; }
	else if (*p == '*') { n->min = 0; n->max = INF; p++; }
	else if (*p == '+') { n->max = INF; p++; }
	else if (*p == '{') {
		char *end;
		long a = strtol(p + 1, &end, 10), b = a;
		if (end == p + 1 || a < 0 || a >= INF)
			return -1;
		if (*end == ',') {
			if (end[1] == '}') { b = INF; end++; }
			else {
				const char *q = end + 1;
				b = strtol(q, &end, 10);
				if (end == q || b < a || b >= INF)
					return -1;
			}
		}
		if (*end != '}')
			return -1;
		n->min = (uint8_t)a;
		n->max = (uint8_t)b;
		p = end + 1;
	}
	if (*p == '?' || *p == '*' || *p == '+' || *p == '{')
		return -1;
	*pp = p;
	return 0;
}

/* one alternative: atoms until '|', ')' or the end */
static int parse_seq(struct prog *g, const char **pp, int depth, int s)
{
	const char *p = *pp;
	int last = -1;
	g->seqs[s].first = -1;
	while (*p && *p != '|' && *p != ')') {
		if (g->nn >= MAXN)
			return -1;
		int ni = g->nn++;
		struct node *n = &g->nodes[ni];
		memset(n, 0, sizeof(*n));
		n->next = -1;
		if (last < 0)
			g->seqs[s].first = (int16_t)ni;
		else
			g->nodes[last].next = (int16_t)ni;
		last = ni;
		if (*p == '(') {
			p++;
			n->kind = N_GROUP;
			uint16_t f, na;
			/* sub-sequences are appended after this sequence's nodes: keep ours contiguous */
			if (parse_alts(g, &p, depth + 1, &f, &na) || *p != ')')
				return -1;
			n = &g->nodes[ni];
			n->first_alt = f;
			n->nalts = na;
			p++;
		} else if (*p == '[') {
			if (parse_class(&p, n))
				return -1;
		} else if (*p == '.') {
			n->kind = N_ANY;
			p++;
		} else if (*p == '\\') {
			if (!p[1])
				return -1;
			n->kind = N_CHAR;
			n->c = (unsigned char)p[1];
			p += 2;
		} else if (strchr("*+?{}^$]", *p)) {
			return -1;
		} else {
			n->kind = N_CHAR;
			n->c = (unsigned char)*p++;
		}
		if (parse_quant(&p, &g->nodes[ni]))
			return -1;
	}
	*pp = p;
	return 0;
}

/* a group's alternatives: its sequences take consecutive slots of seqs[] */
static int parse_alts(struct prog *g, const char **pp, int depth, uint16_t *first, uint16_t *nalts)
{
	if (depth > 8)
		return -1;
	/* reserve the group's sequence slots lazily: count alternatives first */
	int count = 1, d = 0;
	for (const char *c = *pp; *c; c++) {
		if (*c == '\\' && c[1]) { c++; continue; }
		if (*c == '[') { const char *e = strchr(c + 2, ']'); if (!e) return -1; c = e; continue; }
		if (*c == '(') d++;
		else if (*c == ')') { if (d == 0) break; d--; }
		else if (*c == '|' && d == 0) count++;
	}
	if (g->ns + count > MAXS)
		return -1;
	*first = (uint16_t)g->ns;
	*nalts = (uint16_t)count;
	g->ns += count;
	for (int a = 0; a < count; a++) {
		if (parse_seq(g, pp, depth, *first + a))
			return -1;
		if (a + 1 < count) {
			if (**pp != '|')
				return -1;
			(*pp)++;
		}
	}
	return 0;
}

/* ---- matching ---- */

struct frame {
	const struct frame *next;
	int node;		/* resume at this node (-1: end of its sequence) ... */
	int rep;		/* ... or, if rep, the repetition of this node */
	int count;
	const char *start;	/* where this group iteration began */
};

static int m_seq(const struct prog *g, const struct frame *k, int node, const char *str);

static int atom(const struct node *n, unsigned char c)
{
	switch (n->kind) {
	case N_CHAR: return c && c == n->c;
	case N_ANY: return c != 0;
	default: return (n->cls[c >> 5] >> (c & 31)) & 1;
	}
}

static int m_rep(const struct prog *g, const struct frame *k, int ni, const char *str,
		 int count, const char *iter_start)
{
	const struct node *n = &g->nodes[ni];
	/* an iteration that consumed nothing cannot usefully repeat */
	int may_more = count < n->max && !(iter_start && iter_start == str && count > n->min);
	if (may_more) {
		if (n->kind == N_GROUP) {
			struct frame f = { k, ni, 1, count + 1, str };
			for (int a = 0; a < n->nalts; a++)
				if (m_seq(g, &f, g->seqs[n->first_alt + a].first, str))
					return 1;
		} else if (atom(n, (unsigned char)*str)) {
			if (m_rep(g, k, ni, str + 1, count + 1, NULL))
				return 1;
		}
	}
	if (count >= n->min)
		return m_seq(g, k, n->next, str);
	return 0;
}

static int m_seq(const struct prog *g, const struct frame *k, int node, const char *str)
{
	if (node < 0) {
		if (!k)
			return *str == '\0';
		if (k->rep)
			return m_rep(g, k->next, k->node, str, k->count, k->start);
		return m_seq(g, k->next, k->node, str);
	}
	return m_rep(g, k, node, str, 0, NULL);
}

/* ---- the literal prefix, and the bytes that can follow it ---- */

/* bytes that do not stand for themselves outside brackets: operators, and NUL */
static const unsigned char not_plain[256] = {
	[0] = 1, ['.'] = 1, ['['] = 1, [']'] = 1, ['('] = 1, [')'] = 1, ['*'] = 1, ['+'] = 1,
	['?'] = 1, ['{'] = 1, ['}'] = 1, ['|'] = 1, ['^'] = 1, ['$'] = 1, ['\\'] = 1,
};

static int is_plain(unsigned char c)
{
	return !not_plain[c];
}

/* may the atom just before p repeat zero times? ('{' is assumed to: {0} and {0,n} do) */
static int may_vanish(char q)
{
	return q == '?' || q == '*' || q == '{';
}

/*
 * Number of leading bytes of p every match must start with: plain bytes,
 * less the last one when a quantifier follows it. Only meaningful when p
 * has no top-level '|' (see top_level_bar).
 */
static size_t literal_prefix(const char *p)
{
	size_t n = 0;
	while (is_plain((unsigned char)p[n]))
		n++;
	if (n && (may_vanish(p[n]) || p[n] == '+'))
		n--;
	return n;
}

/* past one bracket expression at *pp; -1 when parse_class does not take it */
static int skip_class(const char **pp, uint32_t *cls)
{
	struct node n;
	if (parse_class(pp, &n))
		return -1;
	if (cls)
		for (int i = 0; i < 8; i++)
			cls[i] |= n.cls[i];
	return 0;
}

/* advance over one alternative, to its '|' or ')' (or the end); -1 when unsure */
static int skip_alt(const char **pp)
{
	const char *p = *pp;
	int depth = 0;
	while (*p) {
		if (*p == '[') {
			if (skip_class(&p, NULL))
				return -1;
			continue;
		}
		if (*p == '\\') {
			if (!p[1])
				return -1;
			p++;
		} else if (*p == '(') {
			depth++;
		} else if (*p == ')') {
			if (!depth)
				break;
			depth--;
		} else if (*p == '|' && !depth) {
			break;
		}
		p++;
	}
	*pp = p;
	return 0;
}

/* 1 when p (the pattern after its literal prefix) may have a top-level '|' */
static int top_level_bar(const char *p)
{
	if (!strchr(p, '|'))
		return 0;
	return skip_alt(&p) || *p;
}

/* add the bytes one atom (a plain byte or a bracket expression) can start with */
static int first_of_atom(const char **pp, uint32_t *set)
{
	const char *p = *pp;
	if (*p == '[') {
		if (skip_class(&p, set))
			return -1;
	} else if (is_plain((unsigned char)*p)) {
		unsigned char c = (unsigned char)*p++;
		set[c >> 5] |= 1u << (c & 31);
	} else {
		return -1;
	}
	if (may_vanish(*p))
		return -1;
	*pp = p;
	return 0;
}

/*
 * The bytes a match of p must start with (bit 0, NUL: p matches only the
 * empty string): p's first atom, or the first atom of each alternative of a
 * leading group. -1 when unsure (anything else, or an atom that may repeat
 * zero times).
 */
static int first_bytes(const char *p, uint32_t *set)
{
	memset(set, 0, 8 * sizeof(*set));
	if (!*p) {
		set[0] = 1;
		return 0;
	}
	if (*p != '(')
		return first_of_atom(&p, set);
	p++;
	for (;;) {
		if (first_of_atom(&p, set) || skip_alt(&p))
			return -1;
		if (*p == ')')
			break;
		if (*p != '|')
			return -1;
		p++;
	}
	return may_vanish(p[1]) ? -1 : 0;
}

/* ^ and $ at the ends are implied by whole-string matching: buf gets the rest */
static int strip_anchors(const char *pattern, char *buf, size_t sz)
{
	size_t len = strlen(pattern);
	if (len && pattern[0] == '^') { pattern++; len--; }
	if (len >= 2 && pattern[len - 1] == '$' && pattern[len - 2] != '\\') len--;
	if (len >= sz)
		return -1;
	memcpy(buf, pattern, len);
	buf[len] = '\0';
	return 0;
}

int pp_ere_may_match(const char *pattern, const char *s, const char *s2)
{
	/* no copy: a leading '^' is skipped, a trailing '$' ends the pattern like NUL */
	const char *p = pattern + (*pattern == '^');
	size_t n = literal_prefix(p);
	const char *rest = p + n;
	int ok1 = s && !strncmp(s, p, n), ok2 = s2 && !strncmp(s2, p, n);
	/* the prefix means nothing when a top-level '|' offers other starts */
	if (top_level_bar(rest))
		return 1;
	if (!ok1 && !ok2)
		return 0;
	uint32_t set[8];
	if (rest[0] == '$' && !rest[1]) {
		memset(set, 0, sizeof(set));
		set[0] = 1;
	} else if (first_bytes(rest, set)) {
		return 1;
	}
	unsigned char c1 = ok1 ? (unsigned char)s[n] : 0, c2 = ok2 ? (unsigned char)s2[n] : 0;
	return (ok1 && ((set[c1 >> 5] >> (c1 & 31)) & 1)) || (ok2 && ((set[c2 >> 5] >> (c2 & 31)) & 1));
}

const char *pp_ere_literal_prefix(const char *pattern, size_t *len)
{
	const char *p = pattern + (*pattern == '^');
	size_t n = literal_prefix(p);
	*len = top_level_bar(p + n) ? 0 : n;
	return p;
}

int pp_ere_whole(const char *pattern, const char *s)
{
	return pp_ere_whole_either(pattern, s, NULL);
}

int pp_ere_whole_either(const char *pattern, const char *s, const char *s2)
{
	struct prog g;
	char buf[512];
	if (strip_anchors(pattern, buf, sizeof(buf)))
		return -1;
	/* a literal prefix is compared here, not matched node by node */
	size_t n = literal_prefix(buf);
	if (top_level_bar(buf + n))
		n = 0;
	g.nn = g.ns = 0;
	const char *p = buf + n;
	uint16_t first, nalts;
	if (parse_alts(&g, &p, 0, &first, &nalts) || *p)
		return -1;
	for (const char *str = s; str; str = (str == s) ? s2 : NULL) {
		if (strncmp(str, buf, n))
			continue;
		for (int a = 0; a < nalts; a++)
			if (m_seq(&g, NULL, g.seqs[first + a].first, str + n))
				return 1;
	}
	return 0;
}
