/*
 * SPDX-License-Identifier: MIT
 * table/descriptor/peek.c - a cheap look at a descriptor: its `pmu:` block's name,
 * override flag and match patterns, so that plugin files which cannot
 * concern this host are not parsed in full at start-up.
 *
 * Fast path: in the block layout jsontoyaml writes (and most hand-written
 * files use), the lines of `schema:` and of the pmu block's name, override
 * and match keys are picked out by their indentation, and only those few
 * lines are read: directly when their scalars are of the simplest forms
 * (peek_simple), else by libyaml (a pmu block's aliases alone can be
 * 270 KB). Any other shape, and any error, falls back to reading the file's
 * own event stream up to the end of the pmu block, which gives the messages
 * (file:line).
 *
 * Key names and the schema version come from the schema (pp_schema.h); the
 * full loader, not the peek, refuses keys the schema does not have.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <yaml.h>
#include "table/descriptor/node.h"
#include "table/descriptor/reader.h"
#include "pp_schema.h"
#include "util/file.h"

#define NMATCH ((int)(sizeof(((struct pp_yaml_header *)0)->match) / \
		      sizeof(((struct pp_yaml_header *)0)->match[0])))

struct peek {
	yaml_parser_t p;
	yaml_event_t ev;
	int have_ev;
};

static int next(struct peek *k)
{
	if (k->have_ev)
		yaml_event_delete(&k->ev);
	k->have_ev = yaml_parser_parse(&k->p, &k->ev);
	return k->have_ev ? 0 : -1;
}

/* skip the node whose first event is current */
static int skip_node(struct peek *k)
{
	int depth = 0;
	do {
		switch (k->ev.type) {
		case YAML_MAPPING_START_EVENT:
		case YAML_SEQUENCE_START_EVENT: depth++; break;
		case YAML_MAPPING_END_EVENT:
		case YAML_SEQUENCE_END_EVENT: depth--; break;
		default: break;
		}
		if (depth == 0)
			return 0;
	} while (!next(k));
	return -1;
}

static const char *sval(const struct peek *k)
{
	return k->ev.type == YAML_SCALAR_EVENT ? (const char *)k->ev.data.scalar.value : NULL;
}

/* one pattern more: match_count counts every pattern; one that is not kept
 * (past NMATCH, or too long) makes it exceed NMATCH */
static void add_match(struct pp_yaml_header *h, const char *m, size_t len)
{
	if (h->match_count < NMATCH && len < sizeof(h->match[0])) {
		memcpy(h->match[h->match_count], m, len);
		h->match[h->match_count][len] = '\0';
	} else if (h->match_count < NMATCH) {
		h->match_count = NMATCH;
	}
	h->match_count++;
}

static int read_pmu_block(struct peek *k, struct pp_yaml_header *h)
{
	if (next(k) || k->ev.type != YAML_MAPPING_START_EVENT)
		return -1;
	for (;;) {
		if (next(k))
			return -1;
		if (k->ev.type == YAML_MAPPING_END_EVENT)
			return 0;
		const char *key = sval(k);
		if (!key)
			return -1;
		char kbuf[32];
		snprintf(kbuf, sizeof(kbuf), "%s", key);
		if (next(k))
			return -1;
		const char *v = sval(k);
		enum pp_k_pmu pk = pp_k_pmu_lookup(kbuf);
		if (pk == PP_K_PMU_NAME && v) {
			snprintf(h->name, sizeof(h->name), "%s", v);
		} else if (pk == PP_K_PMU_OVERRIDE && v) {
			h->override = pp_rd_bool_word(v, strlen(v)) == 1;
		} else if (pk == PP_K_PMU_MATCH && k->ev.type == YAML_SEQUENCE_START_EVENT) {
			for (;;) {
				if (next(k))
					return -1;
				if (k->ev.type == YAML_SEQUENCE_END_EVENT)
					break;
				const char *m = sval(k);
				if (!m)
					return -1;
				add_match(h, m, strlen(m));
			}
		} else if ((pk == PP_K_PMU_IDENTIFIER && k->ev.type == YAML_SEQUENCE_START_EVENT) ||
			   pk == PP_K_PMU_PERF_PMU_PATTERN) {
			h->identified = 1;
			if (skip_node(k))
				return -1;
		} else if (skip_node(k)) {
			return -1;
		}
	}
}

/* the root mapping up to its schema and pmu keys: 0, -1 (malformed), -2 (schema) */
static int read_root(struct peek *k, struct pp_yaml_header *h, char *schema, size_t schemasz,
		     unsigned long *schema_line)
{
	int schema_ok = 0, have_pmu = 0;
	/* stream start, document start, root mapping start */
	if (next(k) || next(k) || next(k) || k->ev.type != YAML_MAPPING_START_EVENT)
		return -1;
	while (!(schema_ok && have_pmu)) {
		if (next(k) || k->ev.type == YAML_MAPPING_END_EVENT)
			return -1;
		const char *key = sval(k);
		if (!key)
			return -1;
		enum pp_k_document dk = pp_k_document_lookup(key);
		if (dk == PP_K_DOCUMENT_SCHEMA) {
			if (next(k) || !sval(k))
				return -1;
			if (strcmp(sval(k), PP_SCHEMA_VERSION_STR)) {
				snprintf(schema, schemasz, "%s", sval(k));
				*schema_line = (unsigned long)k->ev.start_mark.line + 1;
				return -2;
			}
			schema_ok = 1;
		} else if (dk == PP_K_DOCUMENT_PMU) {
			if (read_pmu_block(k, h))
				return -1;
			have_pmu = 1;
		} else {
			if (next(k) || skip_node(k))
				return -1;
		}
	}
	return h->name[0] ? 0 : -1;
}

/* ---- fast path: the few lines that matter ---- */

struct text {
	char *s;
	size_t len, cap;
};

static int append(struct text *t, const char *line, size_t len)
{
	if (t->len + len + 2 > t->cap) {
		size_t cap = (t->cap ? t->cap * 2 : 1024) + len;
		char *n = realloc(t->s, cap);
		if (!n)
			return -1;
		t->s = n;
		t->cap = cap;
	}
	memcpy(t->s + t->len, line, len);
	t->len += len;
	t->s[t->len++] = '\n';
	t->s[t->len] = '\0';
	return 0;
}

/* the schema's spelling of a key */
#define DOC_KEY(K) (pp_k_document_spec[PP_K_DOCUMENT_##K].name)
#define PMU_KEY(K) (pp_k_pmu_spec[PP_K_PMU_##K].name)

/* `key:` followed by a blank, a comment or the end of the line? */
static int is_key(const char *l, size_t n, const char *key)
{
	if (!n || l[0] != key[0])
		return 0;	/* most lines: told apart by their first byte */
	size_t k = strlen(key);
	if (n < k + 1 || memcmp(l, key, k) || l[k] != ':')
		return 0;
	return n == k + 1 || l[k + 1] == ' ' || l[k + 1] == '\r';
}

/* nothing but blanks and an optional comment */
static int is_empty(const char *l, size_t n)
{
	while (n && (*l == ' ' || *l == '\r'))
		l++, n--;
	return !n || *l == '#';
}

/* a plain key (lower case, digits, '_') followed by ':'? */
static int is_plain_key(const char *l, size_t n)
{
	size_t i = 0;
	while (i < n && ((l[i] >= 'a' && l[i] <= 'z') || (l[i] >= '0' && l[i] <= '9') || l[i] == '_'))
		i++;
	return i && i < n && l[i] == ':';
}

/* where the line filter is: before `pmu:`, or inside its block */
struct picker {
	struct text *out;
	int all;		/* keep every key of the pmu block (pp_yaml_pmu_text) */
	int in_pmu, keep;	/* keep: the current pmu key is one the peek wants */
	size_t key_ind;		/* indentation of the pmu block's keys, once known */
};

/*
 * One line (without its newline) of the file: 0 go on, 1 the pmu block is
 * complete, -1 not the plain block layout: before `pmu:` only comments and
 * `schema:` at the top level, `pmu:` alone on its line opening a block
 * mapping whose keys are plain and all at one indentation, each key's value
 * lines indented deeper (as YAML requires of block mapping values) or, for a
 * sequence, `- ` entries at the key's indentation; no tab in an indentation.
 * Kept: the schema line, `pmu:`, and the name/override/match/identifier
 * entries.
 */
static int pick_line(struct picker *pk, const char *l, size_t n)
{
	size_t ind = 0;
	while (ind < n && l[ind] == ' ')
		ind++;
	if (ind < n && l[ind] == '\t')
		return -1;
	if (!pk->in_pmu) {
		if (is_empty(l, n))
			return 0;
		if (ind)
			return -1;
		size_t pmu_len = strlen(DOC_KEY(PMU)) + 1;	/* "pmu:" */
		if (is_key(l, n, DOC_KEY(PMU)) && is_empty(l + pmu_len, n - pmu_len))
			pk->in_pmu = 1;
		else if (!is_key(l, n, DOC_KEY(SCHEMA)))
			return -1;
		return append(pk->out, l, pk->in_pmu ? pmu_len : n);
	}
	if (ind == n || (l[ind] == '\r' && ind + 1 == n))		/* blank */
		return pk->keep ? append(pk->out, "", 0) : 0;
	if (l[ind] == '#' && (!pk->key_ind || ind <= pk->key_ind))	/* comment between keys */
		return 0;
	if (pk->key_ind && (ind > pk->key_ind ||			/* the current key's value, */
			    (ind == pk->key_ind && l[ind] == '-' &&	/* or its indentless sequence */
			     (ind + 1 == n || l[ind + 1] == ' '))))
		return pk->keep ? append(pk->out, l, n) : 0;
	if (!ind)							/* next top-level key */
		return 1;
	if (!pk->key_ind)
		pk->key_ind = ind;
	if (ind != pk->key_ind || !is_plain_key(l + ind, n - ind))
		return -1;
	if (pk->all) {	/* every key but the aliases, which belong with the events */
		pk->keep = !is_key(l + ind, n - ind, PMU_KEY(ALIASES));
		return pk->keep ? append(pk->out, l, n) : 0;
	}
	pk->keep = is_key(l + ind, n - ind, PMU_KEY(NAME)) ||
		   is_key(l + ind, n - ind, PMU_KEY(OVERRIDE)) || is_key(l + ind, n - ind, PMU_KEY(MATCH)) ||
		   is_key(l + ind, n - ind, PMU_KEY(IDENTIFIER)) ||
		   is_key(l + ind, n - ind, PMU_KEY(PERF_PMU_PATTERN));
	return pk->keep ? append(pk->out, l, n) : 0;
}

/* fd read in chunks from its start, line by line, only as far as the end of the pmu block */
static int pick_lines(int fd, struct text *out, int all)
{
	enum { CHUNK = 16384 };
	struct picker pk = { .out = out, .all = all };
	/* the first chunk in local: most pmu blocks end in it */
	char local[CHUNK], *buf = local;
	size_t cap = sizeof(local), len = 0, pos = 0;
	off_t at = 0;
	int r = 0, eof = 0;
	while (!r) {
		char *nl = len > pos ? memchr(buf + pos, '\n', len - pos) : NULL;
		if (nl) {
			r = pick_line(&pk, buf + pos, (size_t)(nl - (buf + pos)));
			pos = (size_t)(nl - buf) + 1;
		} else if (eof) {
			r = len > pos ? pick_line(&pk, buf + pos, len - pos) : 0;
			if (!r)
				r = pk.in_pmu ? 1 : -1;	/* the file ends with its pmu block */
		} else {
			/* keep the partial line, read the next chunk */
			if (pos) {
				memmove(buf, buf + pos, len - pos);
				len -= pos;
				pos = 0;
			}
			if (cap - len < CHUNK) {
				char *n = buf == local ? malloc(cap + CHUNK) : realloc(buf, cap + CHUNK);
				if (!n) {
					r = -1;
					break;
				}
				if (buf == local)
					memcpy(n, local, len);
				buf = n;
				cap += CHUNK;
			}
			ssize_t got = pp_file_pread(fd, buf + len, CHUNK, at);
			if (got < 0) {
				r = -1;
				break;
			}
			eof = got < CHUNK;
			len += (size_t)got;
			at += got;
		}
	}
	if (buf != local)
		free(buf);
	return r == 1 ? 0 : -1;
}

/* ---- the picked lines read without libyaml, when they are in the simplest form ---- */

/* a plain scalar that is its own value whatever YAML's rules: a letter,
 * digit or '_' first, then those and '.', '-' only */
static int simple_plain(const char *v, size_t n)
{
	if (!n || !((v[0] >= 'a' && v[0] <= 'z') || (v[0] >= 'A' && v[0] <= 'Z') ||
		    (v[0] >= '0' && v[0] <= '9') || v[0] == '_'))
		return 0;
	for (size_t i = 1; i < n; i++)
		if (!((v[i] >= 'a' && v[i] <= 'z') || (v[i] >= 'A' && v[i] <= 'Z') ||
		      (v[i] >= '0' && v[i] <= '9') || v[i] == '_' || v[i] == '.' || v[i] == '-'))
			return 0;
	return 1;
}

/* a scalar of one of the simplest forms: a simple plain one, or double
 * quotes around printable ASCII without '"' or '\\' (no escapes), ending
 * the line; *val and *vlen get its value; 0 when it is neither */
static int simple_scalar(const char *v, size_t n, const char **val, size_t *vlen)
{
	if (n >= 2 && v[0] == '"' && v[n - 1] == '"') {
		for (size_t i = 1; i + 1 < n; i++)
			if (v[i] < 0x20 || v[i] > 0x7e || v[i] == '"' || v[i] == '\\')
				return 0;
		*val = v + 1;
		*vlen = n - 2;
		return 1;
	}
	*val = v;
	*vlen = n;
	return simple_plain(v, n);
}

/*
 * The lines pick_lines kept (schema, `pmu:`, the name, override and match
 * keys, each followed by its entries), read when every one has the form
 * jsontoyaml writes: `schema: V`, `pmu:`, `  name: S`, `  override: S`,
 * `  match:` then `    - S` lines (S a simple scalar), blank lines. 0 with
 * h filled as read_root would fill it; -1 for any other form (then libyaml
 * reads the lines).
 */
static int peek_simple(const char *t, struct pp_yaml_header *h)
{
	int schema_ok = 0, have_pmu = 0, in_match = 0;
	size_t key_ind = 0, seq_ind = 0;	/* the keys' indentation, the current sequence's */
	while (*t) {
		const char *nl = strchr(t, '\n'), *l = t;
		size_t n = nl ? (size_t)(nl - t) : strlen(t), ind = 0;
		t = nl ? nl + 1 : t + n;
		while (ind < n && l[ind] == ' ')
			ind++;
		if (ind == n)
			continue;	/* blank */
		const char *rest = l + ind, *v;
		size_t rn = n - ind, vlen;
		if (!have_pmu) {
			if (ind)
				return -1;
			if (rn == 4 && !memcmp(rest, "pmu:", 4)) {
				have_pmu = 1;
				continue;
			}
			/* schema: V, the version this reader knows */
			size_t k = strlen(DOC_KEY(SCHEMA));
			if (rn < k + 3 || memcmp(rest, DOC_KEY(SCHEMA), k) || memcmp(rest + k, ": ", 2) ||
			    !simple_plain(rest + k + 2, rn - k - 2) || rn - k - 2 != strlen(PP_SCHEMA_VERSION_STR) ||
			    memcmp(rest + k + 2, PP_SCHEMA_VERSION_STR, rn - k - 2))
				return -1;
			schema_ok = 1;
			continue;
		}
		if (!key_ind)
			key_ind = ind;
		if (in_match && ind >= key_ind && rn >= 3 && rest[0] == '-' && rest[1] == ' ') {
			/* every entry at the first one's indentation */
			if (!seq_ind)
				seq_ind = ind;
			if (ind != seq_ind || !simple_scalar(rest + 2, rn - 2, &v, &vlen))
				return -1;
			add_match(h, v, vlen);
			continue;
		}
		in_match = 0;
		if (ind != key_ind)
			return -1;
		const char *key = rest, *colon = memchr(rest, ':', rn);
		if (!colon)
			return -1;
		size_t kn = (size_t)(colon - key);
		if (kn == strlen(PMU_KEY(MATCH)) && !memcmp(key, PMU_KEY(MATCH), kn) && kn + 1 == rn) {
			in_match = 1;
			seq_ind = 0;
			continue;
		}
		/* identifier patterns are left to libyaml (rare: system-table PMUs) */
		if (kn + 2 >= rn || colon[1] != ' ')
			return -1;
		v = colon + 2;
		vlen = rn - kn - 2;
		if (kn == strlen(PMU_KEY(NAME)) && !memcmp(key, PMU_KEY(NAME), kn)) {
			if (!simple_scalar(v, vlen, &v, &vlen))
				return -1;
			snprintf(h->name, sizeof(h->name), "%.*s", (int)vlen, v);
		} else if (kn == strlen(PMU_KEY(OVERRIDE)) && !memcmp(key, PMU_KEY(OVERRIDE), kn)) {
			if (!simple_plain(v, vlen))
				return -1;
			h->override = pp_rd_bool_word(v, vlen) == 1;
		} else {
			return -1;
		}
	}
	return schema_ok && have_pmu && h->name[0] ? 0 : -1;
}

/* the fast path: 0 with h filled, or -1 (use the full read) */
static int peek_fast(int fd, struct pp_yaml_header *h)
{
	struct text t = { 0 };
	int r = pick_lines(fd, &t, 0);
	if (!r && t.s && !peek_simple(t.s, h)) {
		free(t.s);
		return 0;
	}
	memset(h, 0, sizeof(*h));
	if (!r) {
		struct peek k = { 0 };
		char schema[32];
		unsigned long line;
		r = -1;
		if (yaml_parser_initialize(&k.p)) {
			yaml_parser_set_input_string(&k.p, (const unsigned char *)t.s, t.len);
			r = read_root(&k, h, schema, sizeof(schema), &line) ? -1 : 0;
			if (k.have_ev)
				yaml_event_delete(&k.ev);
			yaml_parser_delete(&k.p);
		}
	}
	free(t.s);
	if (r)
		memset(h, 0, sizeof(*h));
	return r;
}

/* libyaml's input: the descriptor read from its start, in the parser's chunks */
struct fd_input {
	int fd;
	off_t at;
};

static int read_fd(void *data, unsigned char *buf, size_t size, size_t *got)
{
	struct fd_input *in = data;
	ssize_t r = pp_file_pread(in->fd, buf, size, in->at);
	if (r < 0)
		return 0;
	in->at += r;
	*got = (size_t)r;
	return 1;
}

int pp_yaml_peek_fd(const char *name, int fd, struct pp_yaml_header *h, char *err, size_t errsz)
{
	memset(h, 0, sizeof(*h));
	if (!peek_fast(fd, h))
		return 0;
	struct peek k = { 0 };
	struct fd_input in = { fd, 0 };
	if (!yaml_parser_initialize(&k.p)) {
		snprintf(err, errsz, "%s: cannot initialise the YAML parser", name);
		return -1;
	}
	yaml_parser_set_input(&k.p, read_fd, &in);
	char schema[32];
	unsigned long line = 0;
	int ret = read_root(&k, h, schema, sizeof(schema), &line);
	if (ret == -2)
		snprintf(err, errsz, "%s:%lu: schema version %s is not supported", name, line, schema);
	else if (ret == -1)
		snprintf(err, errsz, "%s:%lu: %s", name,
			 (unsigned long)(k.p.problem ? k.p.problem_mark.line : k.ev.start_mark.line) + 1,
			 k.p.problem ? k.p.problem : "not a PMU descriptor (schema and pmu blocks with a name expected)");
	if (k.have_ev)
		yaml_event_delete(&k.ev);
	yaml_parser_delete(&k.p);
	return ret < 0 ? -1 : 0;
}

int pp_yaml_peek_pmu(const char *path, const struct pp_yaml_opts *opts,
		     struct pp_yaml_header *h, char *err, size_t errsz)
{
	struct stat st;
	memset(h, 0, sizeof(*h));
	int fd = pp_yaml_open(path, opts, &st, err, errsz);
	if (fd < 0)
		return -1;
	int r = pp_yaml_peek_fd(path, fd, h, err, errsz);
	close(fd);
	return r;
}

char *pp_yaml_pmu_text(int fd, size_t *len)
{
	struct text t = { 0 };
	if (pick_lines(fd, &t, 1) || !t.s || append(&t, "events: ~", 9)) {
		free(t.s);
		return NULL;
	}
	*len = t.len;
	return t.s;
}
