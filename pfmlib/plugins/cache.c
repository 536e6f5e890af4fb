/*
 * SPDX-License-Identifier: MIT
 * plugins/cache.c - the plugin cache (cache.h): one file per plugin
 * directory, <cache dir>/plugins-<hash of the directory's path>.cache.
 *
 * Layout (native byte order; the build stamp, the library's ELF build-id,
 * ties it to one build of the library): a header, nent fixed-size entries,
 * the names (the directory, the host identity key, each entry's file name),
 * then the facts (each entry's PMU name and match patterns), strings ended
 * by NUL, each part padded to 8 bytes. The header gives the file's size, a
 * checksum of the entries and names, and one of the facts, checked only when
 * they are used (under another identity, or LIBPFM_FORCE_PMU; else a file's
 * facts are its flags). A cache is used only when it is a regular file of
 * this user, writable by no one else, whose size, stamp, directory,
 * checksums and every offset agree; it is read whole with pread (never mapped,
 * so another process shrinking it cannot fault the library). It is written
 * to a temporary file renamed over the old one, so readers see either cache
 * whole; two processes writing at once each write a valid cache and the
 * last rename wins.
 *
 * The cache lists every plugin file of the directory, those it has no
 * facts for too (refused files, files too new: they are opened every
 * time), with the directory's inode and times: while they are unchanged,
 * no file was added, removed or renamed, and the listing replaces reading
 * the directory. A file or directory whose mtime is within PC_RACY_NS of
 * now is not trusted that way: it may still be changing within the time
 * stamps' granularity.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <link.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "plugins/cache.h"
#include "util/config.h"
#include "util/file.h"
#include "util/log.h"

#define PC_MAGIC "pmuplugC"
#define PC_FORMAT 5u
#define PC_MAX_BYTES (16u << 20)
#define PC_RACY_NS 2000000000LL
#define PC_NMATCH 8	/* the patterns a peek keeps (pp_yaml_header) */

#define PC_OVERRIDE 0x1
#define PC_MANY 0x2
#define PC_HOST 0x4	/* a pattern matches the cache's identity */
#define PC_NOFACTS 0x8	/* listed only: the file is opened every time */

struct pc_head {
	char magic[8];
	uint32_t format;
	uint32_t size;		/* bytes in the file */
	uint64_t sum_names;	/* checksum() of the entries and the names */
	uint64_t sum_facts;	/* checksum() of the facts */
	uint8_t stamp[64];	/* the library's build (build_stamp) */
	uint32_t stamp_len;
	uint32_t nent;
	uint64_t dir_ino;	/* the directory when listed; dir_mtime_ns 0: */
	int64_t dir_mtime_ns, dir_ctime_ns;	/* the listing is not to be trusted */
	uint32_t dir_off, dir_len;	/* strings in the names: offset and length */
	uint32_t id_off, id_len;
	uint32_t names_len, facts_len;	/* the names follow the entries, the facts end the file */
	uint32_t files_off;	/* in the names: where the file names start (after the directory and identity) */
	uint32_t pad;
};

struct pc_ent {
	uint64_t size, ino;
	int64_t mtime_ns, ctime_ns;
	uint32_t mode, uid;
	uint32_t name_off;	/* in the names */
	uint32_t facts_off;	/* in the facts: PMU name, then nmatch patterns */
	uint16_t name_len, facts_len;
	uint8_t nmatch, flags;	/* PC_* */
	uint16_t pad;
	uint32_t stub_off, stub_len;	/* in the facts, 8-aligned: the plugin's stub (plugins/stub.h), or 0 */
};

/* a file peeked in this run */
struct pc_new {
	struct pc_ent e;	/* offsets unused */
	char *facts;		/* PMU name, patterns, each ended by NUL: e.facts_len bytes */
};

/* one per plugin file, in directory order: an old entry, or a new one (facts or not) */
struct slot {
	int64_t old;		/* entry of the old cache, or -1 */
	char *name;		/* a new one's name */
	struct pc_new *nw;	/* its facts, when peeked and recorded */
	int host;		/* PC_HOST under the current identity */
	unsigned char *stub;	/* a stub recorded in this run (pp_pcache_stub) */
	size_t stub_len;
};

struct pp_pcache {
	char *path, *dir, *id;
	size_t dir_len, id_len;
	struct stat dirst;
	int64_t now_ns;
	/* the old cache, when valid */
	unsigned char *buf;
	const struct pc_ent *ent;
	const char *names, *facts;
	uint32_t nent, names_len, facts_len, cursor, seen;
	uint64_t sum_facts;
	int same_id, facts_ok, facts_checked, listing;
	int quiet;		/* pp_pcache_all_unwanted said so: no slots, nothing changed */
	struct slot *slots;
	size_t nslots, cap;
	int dirty;
};

static uint8_t stamp[64];
static uint32_t stamp_len;

static int64_t ns(const struct timespec *t)
{
	return (int64_t)t->tv_sec * 1000000000 + t->tv_nsec;
}

static uint64_t fnv64(const char *s, size_t n)
{
	uint64_t h = 0xcbf29ce484222325ull;
	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 0x100000001b3ull;
	return h;
}

/* a Fletcher-style sum of n bytes (a multiple of 8) in four lanes: cheap, order-sensitive */
static uint64_t checksum(const unsigned char *p, size_t n)
{
	uint64_t a[4] = { 0x9e3779b97f4a7c15ull, 0, 0, 0 }, b[4] = { n, 0, 0, 0 }, w[4];
	size_t i = 0;
	for (; i + 32 <= n; i += 32) {
		memcpy(w, p + i, 32);
		a[0] += w[0];
		b[0] += a[0];
		a[1] += w[1];
		b[1] += a[1];
		a[2] += w[2];
		b[2] += a[2];
		a[3] += w[3];
		b[3] += a[3];
	}
	for (int k = 0; i + 8 <= n; i += 8, k++) {
		memcpy(w, p + i, 8);
		a[k] += w[0];
		b[k] += a[k];
	}
	uint64_t h = 0;
	for (int k = 0; k < 4; k++)
		h = (h ^ a[k] ^ (b[k] * 0xff51afd7ed558ccdull)) * 0xc4ceb9fe1a85ec53ull + (uint64_t)k;
	return h;
}

/* the build-id note of the object holding this code */
static int find_build_id(struct dl_phdr_info *info, size_t size, void *data)
{
	uintptr_t addr = (uintptr_t)data;
	int mine = 0;
	(void)size;
	for (int i = 0; i < info->dlpi_phnum && !mine; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		uintptr_t lo = info->dlpi_addr + ph->p_vaddr;
		mine = ph->p_type == PT_LOAD && addr >= lo && addr - lo < ph->p_memsz;
	}
	if (!mine)
		return 0;
	for (int i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		if (ph->p_type != PT_NOTE)
			continue;
		const unsigned char *p = (const unsigned char *)(info->dlpi_addr + ph->p_vaddr);
		size_t off = 0;
		while (off + sizeof(ElfW(Nhdr)) <= ph->p_memsz) {
			const ElfW(Nhdr) *n = (const ElfW(Nhdr) *)(p + off);
			size_t name = (n->n_namesz + 3) & ~(size_t)3, desc = (n->n_descsz + 3) & ~(size_t)3;
			const unsigned char *np = p + off + sizeof(*n);
			if (n->n_type == NT_GNU_BUILD_ID && n->n_namesz == 4 && !memcmp(np, "GNU", 4) &&
			    n->n_descsz && n->n_descsz <= sizeof(stamp) &&
			    off + sizeof(*n) + name + n->n_descsz <= ph->p_memsz) {
				memcpy(stamp, np + name, n->n_descsz);
				stamp_len = n->n_descsz;
				return 1;
			}
			off += sizeof(*n) + name + desc;
		}
	}
	return 1;
}

/* the stamp, worked out once (pfm_initialize runs under its lock): the
 * build-id, else the compile time of this file */
static void build_stamp(void)
{
	if (stamp_len)
		return;
	dl_iterate_phdr(find_build_id, (void *)(uintptr_t)&build_stamp);
	if (!stamp_len) {
		static const char fallback[] = "pmuplug " __DATE__ " " __TIME__;
		stamp_len = sizeof(fallback) - 1;
		memcpy(stamp, fallback, stamp_len);
	}
}

/* the string at off of a part of len bytes, n bytes then a NUL? */
static int str_ok(const char *part, uint32_t len, uint32_t off, uint32_t n)
{
	return off < len && n < len - off && part[off + n] == '\0';
}

/* a plugin file name as the directory filter takes it: no leading '.', ending
 * .yaml (no '/': checked over all the file names at once) */
static int name_ok(const char *s, size_t n)
{
	const char *x = s + n - 5;	/* ".yaml", compared in place: one per entry at every start */
	return n > 5 && s[0] != '.' && x[0] == '.' && x[1] == 'y' && x[2] == 'a' && x[3] == 'm' && x[4] == 'l';
}

/* the facts of entry e: NULL unless the facts were checked and e's are well formed */
static const char *facts_of(const struct pp_pcache *c, const struct pc_ent *e)
{
	if (!c->facts_ok || !e->facts_len || e->facts_off > c->facts_len || e->facts_len > c->facts_len - e->facts_off ||
	    c->facts[e->facts_off + e->facts_len - 1] != '\0')
		return NULL;
	/* the PMU name and nmatch patterns, exactly */
	const char *p = c->facts + e->facts_off, *end = p + e->facts_len;
	for (int i = 0; i <= e->nmatch; i++) {
		if (p >= end)
			return NULL;
		p += strlen(p) + 1;
	}
	return p == end ? c->facts + e->facts_off : NULL;
}

/* the old cache's bytes in c->buf (n): NULL when valid, else why not */
static const char *validate(struct pp_pcache *c, size_t n)
{
	struct pc_head h;
	if (n < sizeof(h))
		return "truncated";
	memcpy(&h, c->buf, sizeof(h));
	if (memcmp(h.magic, PC_MAGIC, 8) || h.format != PC_FORMAT)
		return "not a plugin cache of this format";
	if (h.stamp_len != stamp_len || memcmp(h.stamp, stamp, stamp_len))
		return "written by another build of the library";
	if (h.size != n)
		return "truncated";
	if (h.nent > (n - sizeof(h)) / sizeof(struct pc_ent))
		return "bad entry count";
	size_t names = sizeof(h) + (size_t)h.nent * sizeof(struct pc_ent);
	if (h.names_len % 8 || h.facts_len % 8 || h.names_len > n - names || h.facts_len != n - names - h.names_len)
		return "bad size";
	if (checksum(c->buf + sizeof(h), names - sizeof(h) + h.names_len) != h.sum_names)
		return "checksum mismatch";
	c->ent = (const struct pc_ent *)(c->buf + sizeof(h));
	c->names = (const char *)c->buf + names;
	c->facts = c->names + h.names_len;
	c->names_len = h.names_len;
	c->facts_len = h.facts_len;
	if (!str_ok(c->names, c->names_len, h.dir_off, h.dir_len) || !str_ok(c->names, c->names_len, h.id_off, h.id_len))
		return "bad offsets";
	if (h.dir_len != c->dir_len || memcmp(c->names + h.dir_off, c->dir, c->dir_len))
		return "of another directory";
	/* the file names: after files_off, none holding a '/' */
	if (h.files_off > c->names_len || memchr(c->names + h.files_off, '/', c->names_len - h.files_off))
		return "bad file names";
	for (uint32_t i = 0; i < h.nent; i++) {
		const struct pc_ent *e = &c->ent[i];
		if (e->name_off < h.files_off || !str_ok(c->names, c->names_len, e->name_off, e->name_len) ||
		    !name_ok(c->names + e->name_off, e->name_len) || e->nmatch > PC_NMATCH)
			return "bad entry";
	}
	c->nent = h.nent;
	c->sum_facts = h.sum_facts;
	c->same_id = h.id_len == c->id_len && !memcmp(c->names + h.id_off, c->id, c->id_len);
	/* the facts are read only under another identity or LIBPFM_FORCE_PMU */
	if (!c->same_id || pp_cfg.force_pmu) {
		if (checksum((const unsigned char *)c->facts, c->facts_len) != h.sum_facts) {
			c->nent = 0;
			return "checksum mismatch";
		}
		c->facts_ok = 1;
		c->facts_checked = 1;
	}
	c->listing = h.dir_mtime_ns && h.dir_ino == (uint64_t)c->dirst.st_ino &&
		     h.dir_mtime_ns == ns(&c->dirst.st_mtim) && h.dir_ctime_ns == ns(&c->dirst.st_ctim);
	return NULL;
}

/* read the cache file, keep it when valid */
static void read_cache(struct pp_pcache *c)
{
	struct stat st;
	int fd = pp_file_open(c->path, O_NOFOLLOW, &st);
	if (fd == -1) {
		if (pp_cfg.debug)
			pp_debug("plugin cache %s: none yet (%s)", c->path, strerror(errno));
		return;
	}
	const char *why = NULL;
	ssize_t n = 0;
	if (fd == -2)
		why = "not a regular file";
	else if (st.st_uid != geteuid() || (st.st_mode & 022))
		why = "owned by another user or writable by others";
	else if (st.st_size < (off_t)sizeof(struct pc_head) || st.st_size > (off_t)PC_MAX_BYTES)
		why = "bad size";
	else if (!(c->buf = malloc((size_t)st.st_size)))
		why = "out of memory";
	else if ((n = pp_file_pread(fd, c->buf, (size_t)st.st_size, 0)) < 0)
		n = 0;	/* unreadable: validate() refuses the size */
	if (fd >= 0)
		close(fd);
	if (!why) {
		build_stamp();
		why = validate(c, (size_t)n);
	}
	if (why) {
		if (!strcmp(why, "written by another build of the library"))
			pp_debug("plugin cache %s: %s; the plugin files are read", c->path, why);
		else
			pp_verbose("plugin cache %s: ignored (%s); the plugin files are read", c->path, why);
		free(c->buf);
		c->buf = NULL;
		c->nent = 0;
		c->same_id = c->facts_ok = c->listing = 0;
	}
}

/* p += the hexadecimal digits of v */
static char *hex64(char *p, uint64_t v)
{
	for (int i = 60; i >= 0; i -= 4)
		*p++ = "0123456789abcdef"[(v >> i) & 0xf];
	return p;
}

struct pp_pcache *pp_pcache_open(const char *dir, const struct stat *dirst, const struct pp_host *host)
{
	const char *base = pp_cfg.plugin_cache;
	if (!base)
		return NULL;
	struct pp_pcache *c = calloc(1, sizeof(*c));
	if (!c)
		return NULL;
	c->dir_len = strlen(dir);
	c->dirst = *dirst;
	size_t idn = 1, bn = strlen(base);
	for (int i = 0; i < host->n; i++)
		idn += strlen(host->id[i]) + 1;
	c->dir = malloc(c->dir_len + 1);
	c->id = malloc(idn);
	c->path = malloc(bn + 40);
	if (!c->dir || !c->id || !c->path) {
		pp_pcache_close(c);
		return NULL;
	}
	memcpy(c->dir, dir, c->dir_len + 1);
	/* the identity key: the host's identities, one per line */
	char *p = c->id;
	for (int i = 0; i < host->n; i++) {
		size_t l = strlen(host->id[i]);
		memcpy(p, host->id[i], l);
		p[l] = '\n';
		p += l + 1;
	}
	*p = '\0';
	c->id_len = (size_t)(p - c->id);
	/* <base>/plugins-<16 hex digits>.cache */
	memcpy(c->path, base, bn);
	p = c->path + bn;
	memcpy(p, "/plugins-", 9);
	p = hex64(p + 9, fnv64(dir, c->dir_len));
	memcpy(p, ".cache", 7);
	struct timespec now;
	clock_gettime(CLOCK_REALTIME, &now);
	c->now_ns = ns(&now);
	read_cache(c);
	return c;
}

int pp_pcache_listing(const struct pp_pcache *c)
{
	return c->listing ? (int)c->nent : -1;
}

const char *pp_pcache_name(const struct pp_pcache *c, int i)
{
	return c->names + c->ent[i].name_off;
}

static inline int add_slot(struct pp_pcache *c, int64_t old, char *name, int host)
{
	if (__builtin_expect(c->nslots == c->cap, 0)) {
		size_t cap = c->cap ? c->cap * 2 : c->nent + 16;
		struct slot *s = realloc(c->slots, cap * sizeof(*s));
		if (!s)
			return -1;
		c->slots = s;
		c->cap = cap;
	}
	c->slots[c->nslots++] = (struct slot){ old, name, NULL, host, NULL, 0 };
	return 0;
}

static inline int same_file(const struct pc_ent *e, const struct stat *st)
{
	return e->size == (uint64_t)st->st_size && e->mtime_ns == ns(&st->st_mtim) &&
	       e->ctime_ns == ns(&st->st_ctim) && e->ino == (uint64_t)st->st_ino &&
	       e->mode == (uint32_t)st->st_mode && e->uid == (uint32_t)st->st_uid;
}

int pp_pcache_all_unwanted(struct pp_pcache *c, int dfd)
{
	if (!c->listing || !c->same_id || c->facts_ok)
		return 0;
	struct stat st;
	for (uint32_t i = 0; i < c->nent; i++) {
		const struct pc_ent *e = &c->ent[i];
		if ((e->flags & (PC_NOFACTS | PC_HOST | PC_MANY | PC_OVERRIDE)) ||
		    fstatat(dfd, c->names + e->name_off, &st, AT_SYMLINK_NOFOLLOW) || !same_file(e, &st))
			return 0;
	}
	/* as if every entry had been looked up and kept: nothing to write */
	c->seen = c->nent;
	c->quiet = 1;
	return 1;
}

static int name_is(const struct pp_pcache *c, uint32_t k, const char *name, size_t n)
{
	return c->ent[k].name_len == n && !memcmp(c->names + c->ent[k].name_off, name, n);
}

/* a place in the new cache for a file to peek: its index, or -1 */
static int miss(struct pp_pcache *c, const char *name, int *slot)
{
	char *copy = strdup(name);
	if (!copy || c->nslots >= 0x7fffffff || add_slot(c, -1, copy, 0)) {
		free(copy);
		*slot = -1;
		return 0;
	}
	*slot = (int)c->nslots - 1;
	return 0;
}

/* entry k of the old cache is the file name, whose lstat is st */
static inline __attribute__((always_inline)) int lookup_entry(struct pp_pcache *c, uint32_t k, const char *name, const struct stat *st,
			struct pp_pcache_facts *f, int *slot)
{
	c->cursor = k + 1;
	c->seen++;
	const struct pc_ent *e = &c->ent[k];
	if ((e->flags & PC_NOFACTS) || !same_file(e, st))
		return miss(c, name, slot);
	f->override = !!(e->flags & PC_OVERRIDE);
	f->many = !!(e->flags & PC_MANY);
	f->nmatch = e->nmatch;
	f->pmu = f->match = NULL;
	f->stub = NULL;
	f->stub_len = 0;
	if (e->stub_len) {
		/* within bounds; checked with the facts when used (pp_pcache_facts_checked) */
		if (e->stub_off % 8 == 0 && e->stub_off <= c->facts_len && e->stub_len <= c->facts_len - e->stub_off) {
			f->stub = (const unsigned char *)c->facts + e->stub_off;
			f->stub_len = e->stub_len;
		}
	}
	f->host_match = c->same_id ? !!(e->flags & PC_HOST) : -1;
	if (c->facts_ok) {
		if (!(f->pmu = facts_of(c, e)))
			return miss(c, name, slot);
		f->match = f->pmu + strlen(f->pmu) + 1;
	}
	if (add_slot(c, k, NULL, f->host_match > 0))
		return 0;	/* out of memory: the file is peeked, not cached */
	*slot = (int)c->nslots - 1;
	return 1;
}

int pp_pcache_lookup(struct pp_pcache *c, const char *name, const struct stat *st,
		     struct pp_pcache_facts *f, int *slot)
{
	size_t n = strlen(name);
	uint32_t k = c->cursor;
	*slot = -1;
	if (k >= c->nent || !name_is(c, k, name, n)) {
		/* not where the directory's order puts it: anywhere? */
		for (k = 0; k < c->nent && !name_is(c, k, name, n); k++)
			;
		if (k == c->nent)
			return miss(c, name, slot);
		c->dirty = 1;	/* the order changed */
	}
	return lookup_entry(c, k, name, st, f, slot);
}

int pp_pcache_lookup_at(struct pp_pcache *c, int i, const struct stat *st, struct pp_pcache_facts *f, int *slot)
{
	*slot = -1;
	return lookup_entry(c, (uint32_t)i, c->names + c->ent[i].name_off, st, f, slot);
}

int pp_pcache_facts_checked(struct pp_pcache *c)
{
	if (!c->facts_checked) {
		c->facts_ok = checksum((const unsigned char *)c->facts, c->facts_len) == c->sum_facts;
		c->facts_checked = 1;
		if (!c->facts_ok)
			pp_verbose("plugin cache %s: its stubs do not match their checksum; the plugin files are read",
				   c->path);
	}
	return c->facts_ok;
}

void pp_pcache_stub(struct pp_pcache *c, int slot, const unsigned char *stub, size_t len)
{
	if (slot < 0 || (size_t)slot >= c->nslots || c->slots[slot].stub || len > 0xffffff)
		return;
	struct slot *s = &c->slots[slot];
	if (s->old < 0 && !s->nw)
		return;	/* no facts: listed only */
	if (!(s->stub = malloc(len)))
		return;
	memcpy(s->stub, stub, len);
	s->stub_len = len;
	c->dirty = 1;
}

void pp_pcache_matched(struct pp_pcache *c, int host_match)
{
	if (c->nslots)
		c->slots[c->nslots - 1].host = host_match;
}

void pp_pcache_record(struct pp_pcache *c, int slot, const struct stat *st,
		      const struct pp_yaml_header *h, int host_match)
{
	if (slot < 0 || (size_t)slot >= c->nslots || c->slots[slot].nw || c->slots[slot].old >= 0)
		return;
	if (ns(&st->st_mtim) > c->now_ns - PC_RACY_NS)
		return;	/* may still change within the time stamps' granularity: listed only */
	struct pc_new *nw = calloc(1, sizeof(*nw));
	size_t fl = strlen(h->name) + 1;
	int nmatch = h->match_count <= PC_NMATCH ? h->match_count : 0;
	for (int i = 0; i < nmatch; i++)
		fl += strlen(h->match[i]) + 1;
	if (!nw || fl > 0xffff || !(nw->facts = malloc(fl))) {
		free(nw);
		return;
	}
	nw->e = (struct pc_ent){ .size = (uint64_t)st->st_size, .ino = (uint64_t)st->st_ino,
				 .mtime_ns = ns(&st->st_mtim), .ctime_ns = ns(&st->st_ctim),
				 .mode = (uint32_t)st->st_mode, .uid = (uint32_t)st->st_uid,
				 .facts_len = (uint16_t)fl, .nmatch = (uint8_t)nmatch,
				 .flags = (h->override ? PC_OVERRIDE : 0) | (h->match_count > PC_NMATCH || h->identified ? PC_MANY : 0) };
	size_t l = strlen(h->name) + 1;
	memcpy(nw->facts, h->name, l);
	for (int i = 0; i < nmatch; i++) {
		size_t m = strlen(h->match[i]) + 1;
		memcpy(nw->facts + l, h->match[i], m);
		l += m;
	}
	c->slots[slot].nw = nw;
	c->slots[slot].host = host_match;
	c->dirty = 1;
}

/* the cache directory and the missing ones above it, private to the user */
static int make_dirs(const char *path)
{
	char *p = strdup(path);
	if (!p)
		return -1;
	for (char *s = strchr(p + 1, '/');; s = strchr(s + 1, '/')) {
		if (s)
			*s = '\0';
		if (mkdir(p, 0700) && errno != EEXIST) {
			free(p);
			return -1;
		}
		if (!s)
			break;
		*s = '/';
	}
	free(p);
	return 0;
}

/* part: append n bytes and a NUL, return their offset */
static uint32_t put(char *part, size_t *len, const char *s, size_t n)
{
	uint32_t off = (uint32_t)*len;
	memcpy(part + *len, s, n);
	part[*len + n] = '\0';
	*len += n + 1;
	return off;
}

static const char *slot_name(const struct pp_pcache *c, const struct slot *s)
{
	return s->old >= 0 ? c->names + c->ent[s->old].name_off : s->name;
}

static void write_cache(struct pp_pcache *c)
{
	/* the parts' sizes first */
	size_t nlen = c->dir_len + 1 + c->id_len + 1, flen = 0;
	for (size_t i = 0; i < c->nslots; i++) {
		const struct slot *s = &c->slots[i];
		nlen += strlen(slot_name(c, s)) + 1;
		flen += s->nw ? s->nw->e.facts_len : s->old >= 0 ? c->ent[s->old].facts_len : 0;
		flen = ((flen + 7) & ~(size_t)7) + (s->stub ? s->stub_len : s->old >= 0 ? c->ent[s->old].stub_len : 0);
	}
	nlen = (nlen + 7) & ~(size_t)7;
	flen = (flen + 7) & ~(size_t)7;
	size_t n = sizeof(struct pc_head) + c->nslots * sizeof(struct pc_ent) + nlen + flen;
	if (n > PC_MAX_BYTES)
		return;
	unsigned char *buf = calloc(1, n);
	if (!buf)
		return;
	build_stamp();
	/* the old facts are carried over only once checked */
	if (c->buf)
		pp_pcache_facts_checked(c);
	struct pc_head h = { .format = PC_FORMAT, .size = (uint32_t)n, .stamp_len = stamp_len,
			     .nent = (uint32_t)c->nslots, .names_len = (uint32_t)nlen, .facts_len = (uint32_t)flen };
	memcpy(h.magic, PC_MAGIC, 8);
	memcpy(h.stamp, stamp, stamp_len);
	/* the listing is trusted next time only if the directory is not too new */
	if (ns(&c->dirst.st_mtim) <= c->now_ns - PC_RACY_NS) {
		h.dir_ino = (uint64_t)c->dirst.st_ino;
		h.dir_mtime_ns = ns(&c->dirst.st_mtim);
		h.dir_ctime_ns = ns(&c->dirst.st_ctim);
	}
	struct pc_ent *ent = (struct pc_ent *)(buf + sizeof(h));
	char *names = (char *)(ent + c->nslots), *facts = names + nlen;
	size_t nl = 0, fo = 0;
	h.dir_off = put(names, &nl, c->dir, c->dir_len);
	h.dir_len = (uint32_t)c->dir_len;
	h.id_off = put(names, &nl, c->id, c->id_len);
	h.id_len = (uint32_t)c->id_len;
	h.files_off = (uint32_t)nl;
	for (size_t i = 0; i < c->nslots; i++) {
		const struct slot *s = &c->slots[i];
		struct pc_ent *e = &ent[i];
		const char *f = NULL;
		if (s->nw) {
			*e = s->nw->e;
			f = s->nw->facts;
		} else if (s->old >= 0) {
			*e = c->ent[s->old];
			f = facts_of(c, e);
		} else {
			*e = (struct pc_ent){ 0 };
		}
		const unsigned char *stub = s->stub;
		size_t stub_len = s->stub_len;
		if (!stub && s->old >= 0 && f && e->stub_len && e->stub_off % 8 == 0 && e->stub_off <= c->facts_len &&
		    e->stub_len <= c->facts_len - e->stub_off) {
			stub = (const unsigned char *)c->facts + e->stub_off;	/* checked with the facts */
			stub_len = e->stub_len;
		}
		e->stub_off = e->stub_len = 0;
		if (!f) {
			*e = (struct pc_ent){ .flags = PC_NOFACTS };
		} else {
			e->facts_off = (uint32_t)fo;
			memcpy(facts + fo, f, e->facts_len);
			fo += e->facts_len;
			fo = (fo + 7) & ~(size_t)7;
			if (stub) {
				e->stub_off = (uint32_t)fo;
				e->stub_len = (uint32_t)stub_len;
				memcpy(facts + fo, stub, stub_len);
				fo += stub_len;
			}
		}
		const char *name = slot_name(c, s);
		e->name_len = (uint16_t)strlen(name);
		e->name_off = put(names, &nl, name, e->name_len);
		e->flags = (uint8_t)((e->flags & ~PC_HOST) | (s->host && f ? PC_HOST : 0));
		e->pad = 0;
	}
	h.sum_names = checksum(buf + sizeof(h), (size_t)(facts - (char *)buf) - sizeof(h));
	h.sum_facts = checksum((const unsigned char *)facts, flen);
	memcpy(buf, &h, sizeof(h));

	size_t tn = strlen(c->path) + 8;
	char *tmp = malloc(tn);
	int fd = -1, ok = 0;
	if (tmp && !make_dirs(pp_cfg.plugin_cache)) {
		snprintf(tmp, tn, "%s.XXXXXX", c->path);
		fd = mkostemp(tmp, O_CLOEXEC);
	}
	if (fd >= 0) {
		size_t done = 0;
		while (done < n) {
			ssize_t r = write(fd, buf + done, n - done);
			if (r < 0 && errno == EINTR)
				continue;
			if (r <= 0)
				break;
			done += (size_t)r;
		}
		ok = !close(fd) && done == n && !rename(tmp, c->path);
		if (!ok)
			unlink(tmp);
	}
	if (ok)
		pp_debug("plugin cache %s: written (%zu plugin files)", c->path, c->nslots);
	else
		pp_debug("plugin cache %s: not written (%s)", c->path, strerror(errno));
	free(tmp);
	free(buf);
}

void pp_pcache_close(struct pp_pcache *c)
{
	if (!c)
		return;
	if (c->path && c->id) {
		/* files removed, another identity, or the directory changed (new stamp to keep) */
		if (c->quiet)
			c->dirty = 0;
		else if (c->seen != c->nent || (!c->same_id && c->nslots) ||
		    (!c->listing && ns(&c->dirst.st_mtim) <= c->now_ns - PC_RACY_NS))
			c->dirty = 1;
		pp_debug("plugin cache %s: %zu plugin files, %s", c->path, c->quiet ? (size_t)c->nent : c->nslots,
			 c->quiet ? "the directory and every file unchanged, none wanted" :
			 c->listing ? "the directory unchanged" : "the directory read");
		if (c->dirty)
			write_cache(c);
	}
	for (size_t i = 0; i < c->nslots; i++) {
		if (c->slots[i].stub)
			free(c->slots[i].stub);
		if (c->slots[i].old >= 0)
			continue;	/* an old entry: no name or facts of its own */
		free(c->slots[i].name);
		if (c->slots[i].nw) {
			free(c->slots[i].nw->facts);
			free(c->slots[i].nw);
		}
	}
	free(c->slots);
	free(c->buf);
	free(c->path);
	free(c->dir);
	free(c->id);
	free(c);
}
