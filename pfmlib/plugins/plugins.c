/*
 * SPDX-License-Identifier: MIT
 * plugins/plugins.c - runtime plugins: PMU descriptors (schema v1 YAML) read at
 * pfm_initialize from the system plugin directory, then from the
 * colon-separated LIBPFM_PLUGIN_PATH (ignored in set-uid programs). Each
 * file is read by the same loader tablegen uses and becomes its own table.
 * Unsafe or malformed files are refused with a verbose message; everything
 * else keeps working. To keep start-up cheap with many plugins, a file is
 * first peeked at (its pmu block only) and parsed in full only when its PMU
 * can matter: it matches this host, is forced (LIBPFM_FORCE_PMU), overrides
 * a built-in PMU, or LIBPFM_ENCODE_INACTIVE asks for every PMU; even then,
 * only its pmu block is read at start-up when the file has the plain block
 * layout, its events when the registry first needs them. The peek's
 * facts are kept in the directory's plugin cache (plugins/cache.c), so that
 * a file that did not change is not even opened unless it is loaded.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <perfmon/pfmlib.h>
#include "plugins/cache.h"
#include "plugins/plugins.h"
#include "plugins/stub.h"
#include "table/descriptor/reader.h"
#include "util/config.h"
#include "util/log.h"
#include "util/str.h"

#ifndef PP_PLUGIN_DIR
#define PP_PLUGIN_DIR "/usr/local/share/pmuplug/plugins"
#endif

/*
 * A plugin is refused past these (man3/pmuplug_plugins.3): perf's largest
 * model is well under 1 MiB of descriptor and a few thousand events; a file
 * at the byte limit loads in about a second.
 */
#define PLUGIN_MAX_BYTES (8u << 20)
#define PLUGIN_MAX_ALIAS_NODES 65536u
#define PLUGIN_MAX_DEPTH 16u
#define PLUGIN_MAX_EVENTS 16384u

struct plugin {
	struct plugin *next;
	struct pp_builder b;	/* the table offered: whole, or the PMU records only (lazy) */
	struct pp_table t;
	int lazy;		/* t holds no events; the file is read again for them */
	int full;		/* fb, ft: the whole table, read since */
	struct pp_builder fb;
	struct pp_table ft;
	struct stat st;		/* the file as it was read at pfm_initialize */
	void *mem;		/* t's arrays when read from the plugin cache (plugins/stub.h) */
	char path[];
};

/* the limits a plugin file is held to */
static const struct pp_yaml_opts plugin_opts = {
	.max_bytes = PLUGIN_MAX_BYTES, .trusted_only = 1, .max_alias_nodes = PLUGIN_MAX_ALIAS_NODES,
	.max_depth = PLUGIN_MAX_DEPTH, .max_events = PLUGIN_MAX_EVENTS
};

static struct plugin *plugins;

static int has_suffix(const char *s, const char *suf)
{
	size_t a = strlen(s), b = strlen(suf);
	return a >= b && !strcmp(s + a - b, suf);
}

/* what load_one needs besides the file */
struct loading {
	const struct pp_host *host;
	pp_plugin_add_fn add;
	void *ctx;
};

static int host_matches(const struct pp_host *host, const char *pattern)
{
	for (int i = 0; i < host->n; i++)
		if (pp_match_identity(pattern, host->id[i]))
			return 1;
	return 0;
}

/* one of n patterns (NUL-terminated, one after the other) matches the host */
static int list_matches(const struct pp_host *host, const char *list, int n)
{
	for (int i = 0; i < n; i++, list += strlen(list) + 1)
		if (host_matches(host, list))
			return 1;
	return 0;
}

/* one of the patterns the peek kept matches the host */
static int header_matches(const struct pp_host *host, const struct pp_yaml_header *h)
{
	int kept = (int)(sizeof(h->match) / sizeof(h->match[0]));
	for (int i = 0; i < h->match_count && i < kept; i++)
		if (host_matches(host, h->match[i]))
			return 1;
	return 0;
}

/* read in full? many: patterns the peek did not keep (only a full read can tell) */
static int wanted(const char *pmu, int override, int many, int host_match)
{
	const char *force = pp_cfg.force_pmu;
	if (pp_cfg.encode_inactive || override)
		return 1;
	if (force)
		return !pmu || pp_str_eq(force, pmu);	/* no name known: read it */
	return many || host_match;
}

/*
 * The file is opened once: its safety checks, the peek and the full read all
 * see that file. c and slot: where the cache keeps the peek's facts (c NULL:
 * no cache).
 */
/* a file of the directory to load: its name, its place in the cache, and
 * whether the cache knows it is wanted (then its override flag, its lstat
 * and the stub the cache holds, if any) */
struct todo {
	char *name;
	int slot, known, override;
	struct stat st;
	const unsigned char *stub;
	size_t stub_len;
};

static int offer(const struct loading *ld, struct plugin *pl, const char *path);

/* a plugin the cache knows wanted, from the stub it keeps: no file opened.
 * 1 done (r set), 0 not possible (the stub is not valid) */
static int load_stub(const struct loading *ld, const char *path, const struct todo *td, int *r)
{
	size_t len = strlen(path);
	struct plugin *pl = calloc(1, sizeof(*pl) + len + 1);
	if (!pl) {
		*r = PFM_ERR_NOMEM;
		return 1;
	}
	if (pp_stub_read(td->stub, td->stub_len, &pl->t, &pl->mem)) {
		pp_verbose("plugin cache: the stub of %s is not valid; the file is read", path);
		free(pl);
		return 0;
	}
	memcpy(pl->path, path, len + 1);
	pl->lazy = 1;
	pl->st = td->st;
	*r = offer(ld, pl, path);
	return 1;
}

static int load_one(const struct loading *ld, const char *path, struct pp_pcache *c, const struct todo *td)
{
	int slot = td->slot, known = td->known, known_override = td->override, r;
	if (known && td->stub && !known_override && pp_pcache_facts_checked(c) && load_stub(ld, path, td, &r))
		return r;
	char err[1024];
	const struct pp_yaml_opts o = plugin_opts;
	struct pp_yaml_header h;
	struct stat st;
	int fd = pp_yaml_open(path, &o, &st, err, sizeof(err));
	if (fd < 0) {
		pp_verbose("plugin refused: %s", err);
		return PFM_SUCCESS;
	}
	if (known) {
		/* the cache knows this file wanted: no peek */
		memset(&h, 0, sizeof(h));
		h.override = known_override;
	} else if (pp_yaml_peek_fd(path, fd, &h, err, sizeof(err))) {
		pp_verbose("plugin refused: %s", err);
		close(fd);
		return PFM_SUCCESS;
	}
	/* many: patterns the peek did not keep, or identifier patterns (a PMU told
	 * apart by its kernel PMU's identifier: registry/detect.c decides) */
	int kept = (int)(sizeof(h.match) / sizeof(h.match[0])), many = h.match_count > kept || h.identified;
	int host_match = -1;
	if (!known && c && slot >= 0) {
		host_match = header_matches(ld->host, &h);
		pp_pcache_record(c, slot, &st, &h, host_match);
	}
	if (!known && host_match < 0 && !pp_cfg.encode_inactive && !h.override && !pp_cfg.force_pmu && !many)
		host_match = header_matches(ld->host, &h);
	if (!known && !wanted(h.name, h.override, many, host_match > 0)) {
		pp_debug("plugin %s: PMU %s does not match this host; not loaded", path, h.name);
		close(fd);
		return PFM_SUCCESS;
	}
	size_t len = strlen(path);
	struct plugin *pl = calloc(1, sizeof(*pl) + len + 1);
	if (!pl) {
		close(fd);
		return PFM_ERR_NOMEM;
	}
	memcpy(pl->path, path, len + 1);
	pp_builder_init(&pl->b);
	/* the PMU records alone when the layout allows it (not for an override,
	 * which replaces a PMU programs may already use: read whole) */
	int loaded = -1;
	if (!h.override) {
		size_t tl;
		char *text = pp_yaml_pmu_text(fd, &tl);
		if (text) {
			loaded = pp_yaml_load_buffer_opts(&pl->b, path, text, tl, &o, err, sizeof(err));
			free(text);
		}
		pl->lazy = loaded >= 0;
		pl->st = st;
	}
	if (loaded < 0)
		loaded = pp_yaml_load_fd(&pl->b, path, fd, (size_t)st.st_size, &o, err, sizeof(err));
	close(fd);
	if (loaded < 0) {
		pp_verbose("plugin refused: %s", err);
		pp_builder_free(&pl->b);
		free(pl);
		return PFM_SUCCESS;
	}
	pp_builder_table(&pl->b, &pl->t);
	size_t n;
	unsigned char *blob;
	if (pl->lazy && c && slot >= 0 && (n = pp_stub_size(&pl->t)) && (blob = malloc(n))) {
		pp_stub_write(&pl->t, blob);
		pp_pcache_stub(c, slot, blob, n);
		free(blob);
	}
	return offer(ld, pl, path);
}

static void plugin_free(struct plugin *pl)
{
	if (pl->full)
		pp_builder_free(&pl->fb);
	pp_builder_free(&pl->b);
	free(pl->mem);
	free(pl);
}

/* pl's table to the registry: kept when taken, else freed */
static int offer(const struct loading *ld, struct plugin *pl, const char *path)
{
	int r = ld->add(ld->ctx, &pl->t, path, pl->lazy);
	if (r != PFM_SUCCESS) {
		plugin_free(pl);
		return r == PFM_ERR_NOMEM ? r : PFM_SUCCESS;
	}
	pp_verbose("plugin %s: PMU %s loaded%s", path, pp_str(&pl->t, pl->t.pmus[0].name),
		   pl->lazy ? " (its events when first used)" : "");
	pl->next = plugins;
	plugins = pl;
	return PFM_SUCCESS;
}

static int yaml_entry(const char *name)
{
	return name[0] != '.' && has_suffix(name, ".yaml");
}


static int by_name(const void *a, const void *b)
{
	return strcmp(((const struct todo *)a)->name, ((const struct todo *)b)->name);
}

/* the files of a directory to open, and the cache */
struct listing {
	const struct loading *ld;
	const char *dir;
	int dfd;
	struct pp_pcache *c;
	struct todo *todo;
	size_t n, cap;
};

/* plugin file name of the directory (the cache listing's file i, or -1):
 * to open, or known (cache) and not wanted */
static int consider(struct listing *l, const char *name, int i)
{
	struct stat st;
	struct pp_pcache_facts fa;
	int slot = -1, known = 0;
	if (l->c && !fstatat(l->dfd, name, &st, AT_SYMLINK_NOFOLLOW) &&
	    (i >= 0 ? pp_pcache_lookup_at(l->c, i, &st, &fa, &slot) : pp_pcache_lookup(l->c, name, &st, &fa, &slot))) {
		if (fa.host_match < 0) {
			fa.host_match = !fa.many && list_matches(l->ld->host, fa.match, fa.nmatch);
			pp_pcache_matched(l->c, fa.host_match);
		}
		if (!wanted(fa.pmu, fa.override, fa.many, fa.host_match)) {
			if (pp_cfg.debug)
				pp_debug("plugin %s/%s: PMU %s does not match this host; not loaded (cached)",
					 l->dir, name, fa.pmu ? fa.pmu : "");
			return PFM_SUCCESS;
		}
		known = 1;
	}
	if (l->n == l->cap) {
		size_t ncap = l->cap ? l->cap * 2 : 16;
		struct todo *nt = realloc(l->todo, ncap * sizeof(*nt));
		if (!nt)
			return PFM_ERR_NOMEM;
		l->todo = nt;
		l->cap = ncap;
	}
	if (!(l->todo[l->n].name = strdup(name)))
		return PFM_ERR_NOMEM;
	struct todo *td = &l->todo[l->n++];
	td->slot = slot;
	td->known = known;
	td->override = known && fa.override;
	td->stub = known ? fa.stub : NULL;
	td->stub_len = known ? fa.stub_len : 0;
	if (known)
		td->st = st;
	return PFM_SUCCESS;
}

/*
 * The plugin files of dir, in the directory's order (or the cache's listing
 * of them while the directory is unchanged): those the cache knows
 * unchanged and not wanted cost a stat; the others are opened afterwards,
 * in the byte order of their names.
 */
static int load_dir(const struct loading *ld, const char *dir)
{
	DIR *d = opendir(dir);
	if (!d) {
		pp_debug("plugin directory %s: not readable", dir);
		return PFM_SUCCESS;
	}
	struct listing l = { .ld = ld, .dir = dir, .dfd = dirfd(d) };
	struct stat dst;
	int r = PFM_SUCCESS, n = -1;
	if (!fstat(l.dfd, &dst))
		l.c = pp_pcache_open(dir, &dst, ld->host);
	if (l.c)
		n = pp_pcache_listing(l.c);
	if (n > 0 && !pp_cfg.force_pmu && !pp_cfg.encode_inactive && pp_pcache_all_unwanted(l.c, l.dfd)) {
		if (pp_cfg.debug)
			pp_debug("plugin directory %s: %d plugin files, unchanged, none for this host (cached)", dir, n);
		n = 0;
	}
	for (int i = 0; r == PFM_SUCCESS && i < n; i++)
		r = consider(&l, pp_pcache_name(l.c, i), i);
	struct dirent *de;
	while (n < 0 && r == PFM_SUCCESS && (de = readdir(d)))
		if (yaml_entry(de->d_name))
			r = consider(&l, de->d_name, -1);
	struct todo *todo = l.todo;
	size_t n_todo = l.n;
	struct pp_pcache *c = l.c;
	closedir(d);
	if (n_todo > 1)
		qsort(todo, n_todo, sizeof(*todo), by_name);
	for (size_t i = 0; i < n_todo; i++) {
		if (r == PFM_SUCCESS) {
			size_t l = strlen(dir) + strlen(todo[i].name) + 2;
			char *path = malloc(l);
			if (!path) {
				r = PFM_ERR_NOMEM;
			} else {
				snprintf(path, l, "%s/%s", dir, todo[i].name);
				r = load_one(ld, path, c, &todo[i]);
				free(path);
			}
		}
		free(todo[i].name);
	}
	free(todo);
	pp_pcache_close(c);
	return r;
}

int pp_plugins_load(const struct pp_host *host, pp_plugin_add_fn add, void *ctx)
{
	const struct loading ld = { host, add, ctx };
	int r = load_dir(&ld, PP_PLUGIN_DIR);
	const char *env = pp_cfg.plugin_path;
	if (r != PFM_SUCCESS || !env)
		return r;
	char *copy = strdup(env);
	if (!copy)
		return PFM_ERR_NOMEM;
	/* the ':'-separated directories, empty ones skipped */
	for (char *d = copy, *next; d && r == PFM_SUCCESS; d = next) {
		next = strchr(d, ':');
		if (next)
			*next++ = '\0';
		if (*d)
			r = load_dir(&ld, d);
	}
	free(copy);
	return r;
}

/* the records the registry took from the stub, the same in the whole table? */
static int same_pmus(const struct pp_table *a, const struct pp_table *b)
{
	if (a->npmus != b->npmus)
		return 0;
	for (uint32_t i = 0; i < a->npmus; i++) {
		const struct pp_pmu *x = &a->pmus[i], *y = &b->pmus[i];
		if (strcmp(pp_str(a, x->name), pp_str(b, y->name)) || x->id != y->id || x->type != y->type ||
		    x->flags != y->flags || x->perf_type != y->perf_type || x->nmods != y->nmods ||
		    x->perf_attrs != y->perf_attrs || strcmp(pp_str(a, x->perf_pmu), pp_str(b, y->perf_pmu)))
			return 0;
	}
	return 1;
}

const struct pp_table *pp_plugins_realize(const struct pp_table *stub)
{
	struct plugin *pl = plugins;
	while (pl && &pl->t != stub)
		pl = pl->next;
	if (!pl || !pl->lazy)
		return NULL;
	pl->lazy = 0;	/* one try */
	char err[1024];
	struct stat st;
	int fd = pp_yaml_open(pl->path, &plugin_opts, &st, err, sizeof(err));
	if (fd < 0) {
		pp_verbose("plugin refused: %s", err);
		return NULL;
	}
	if (st.st_ino != pl->st.st_ino || st.st_dev != pl->st.st_dev ||
	    st.st_size != pl->st.st_size || st.st_mtim.tv_sec != pl->st.st_mtim.tv_sec ||
	    st.st_mtim.tv_nsec != pl->st.st_mtim.tv_nsec) {
		close(fd);
		pp_verbose("plugin refused: %s: changed since pfm_initialize; its events are not loaded", pl->path);
		return NULL;
	}
	pp_builder_init(&pl->fb);
	int loaded = pp_yaml_load_fd(&pl->fb, pl->path, fd, (size_t)st.st_size, &plugin_opts, err, sizeof(err));
	close(fd);
	if (loaded < 0) {
		pp_verbose("plugin refused: %s", err);
		pp_builder_free(&pl->fb);
		return NULL;
	}
	pp_builder_table(&pl->fb, &pl->ft);
	if (!same_pmus(stub, &pl->ft)) {
		pp_verbose("plugin refused: %s: its PMU differs from the one read at pfm_initialize", pl->path);
		pp_builder_free(&pl->fb);
		return NULL;
	}
	pl->full = 1;
	pp_verbose("plugin %s: events of PMU %s loaded", pl->path, pp_str(&pl->ft, pl->ft.pmus[0].name));
	return &pl->ft;
}

void pp_plugins_unload(void)
{
	while (plugins) {
		struct plugin *n = plugins->next;
		plugin_free(plugins);
		plugins = n;
	}
}
