/*
 * SPDX-License-Identifier: MIT
 * plugins/cache.h - the plugin cache: per plugin directory, one file in the
 * user's cache directory (pp_cfg.plugin_cache) holding, for each plugin
 * file, what the start-up peek learnt of it (PMU name, override, match
 * patterns) and whether its patterns match the host identity the cache was
 * written under, keyed by the file's name, size, times, inode, mode and
 * owner. A warm start then lists the directory and stats each file, and
 * opens only the files that changed or that it loads.
 *
 * The cache is an optimisation only: any doubt (another build of the
 * library, a malformed, truncated, foreign or unsafe cache file) and it is
 * ignored, the files are read as without it, and a new cache is written
 * (temporary file and rename). Writing may fail (read-only home): nothing
 * else changes.
 */
#ifndef PP_PLUGINS_CACHE_H
#define PP_PLUGINS_CACHE_H

#include <sys/stat.h>
#include "host/host.h"
#include "table/descriptor/reader.h"

struct pp_pcache;

/* what decides whether a plugin file is read in full (its peek's facts) */
struct pp_pcache_facts {
	const char *pmu;	/* PMU name (NULL when host_match is known and
				 * LIBPFM_FORCE_PMU unset: not needed then) */
	int override;
	int many;		/* more match patterns than the peek keeps: read in full */
	int nmatch;		/* patterns in match (when !many) */
	const char *match;	/* nmatch NUL-terminated patterns, one after the other */
	int host_match;		/* 1 or 0: one pattern matches the identity of the cache;
				 * -1: not known (another identity), match the patterns */
	const unsigned char *stub;	/* the plugin's stub (plugins/stub.h) the cache keeps, NULL
					 * without one; to use only once pp_pcache_facts_checked */
	size_t stub_len;
};

/*
 * The cache of plugin directory dir (dirst: its fstat) on host, read when
 * there is a valid one; an empty cache otherwise. NULL when caching is off
 * (no cache directory) or out of memory.
 */
struct pp_pcache *pp_pcache_open(const char *dir, const struct stat *dirst, const struct pp_host *host);

/*
 * The fast path of a warm start: the directory (dfd) and every plugin file
 * of the listing unchanged, the cache's identity the host's, and no file
 * wanted by it (none matches, none overrides, none has patterns the peek
 * did not keep): 1, and the directory is done (unless LIBPFM_FORCE_PMU or
 * LIBPFM_ENCODE_INACTIVE, which the caller checks first). 0: go through
 * the listing.
 */
int pp_pcache_all_unwanted(struct pp_pcache *c, int dfd);

/* the directory is unchanged since the cache listed its plugin files: their
 * number (then pp_pcache_name(c, 0..n-1) replaces reading it), else -1 */
int pp_pcache_listing(const struct pp_pcache *c);
const char *pp_pcache_name(const struct pp_pcache *c, int i);

/*
 * Plugin file name (in directory order) whose lstat is st: 1 with *f filled
 * when the cache knows it unchanged (f's strings live until
 * pp_pcache_close), 0 when it must be peeked; *slot gets its place in the
 * new cache for pp_pcache_record and pp_pcache_stub (-1: none).
 */
int pp_pcache_lookup(struct pp_pcache *c, const char *name, const struct stat *st,
		     struct pp_pcache_facts *f, int *slot);

/* the same for the listing's file i (pp_pcache_name), in order */
int pp_pcache_lookup_at(struct pp_pcache *c, int i, const struct stat *st, struct pp_pcache_facts *f, int *slot);

/* the part of the cache the stubs live in agrees with its checksum (checked once) */
int pp_pcache_facts_checked(struct pp_pcache *c);

/* the stub (plugins/stub.h) of the file of slot, to keep with its facts */
void pp_pcache_stub(struct pp_pcache *c, int slot, const unsigned char *stub, size_t len);

/* the host_match the caller worked out for the file pp_pcache_lookup just
 * found with host_match -1, for the cache written under this identity */
void pp_pcache_matched(struct pp_pcache *c, int host_match);

/* the facts of the file of slot (pp_pcache_lookup), just peeked (st: fstat
 * of the opened file); errors only leave it out of the cache */
void pp_pcache_record(struct pp_pcache *c, int slot, const struct stat *st,
		      const struct pp_yaml_header *h, int host_match);

/* write the cache when it changed (files added, changed, removed, reordered;
 * another identity), then free it */
void pp_pcache_close(struct pp_pcache *c);

#endif /* PP_PLUGINS_CACHE_H */
