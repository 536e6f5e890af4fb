/*
 * SPDX-License-Identifier: MIT
 * table/descriptor/reader.h - the one reader of PMU descriptor files (docs/schema.md).
 *
 * Used by tablegen at build time for every descriptor and by the library at
 * run time for plugins. A file is validated completely (types, required and
 * unknown keys, references between names, values fitting their fields) and
 * appended to a builder as one PMU; on any error nothing is appended and the
 * message reads "file:line: reason".
 */
#ifndef PP_TABLE_DESCRIPTOR_READER_H
#define PP_TABLE_DESCRIPTOR_READER_H

#include <stddef.h>
#include <sys/stat.h>
#include "table/builder.h"

struct pp_yaml_opts {
	size_t max_bytes;	/* refuse larger files (0 = no limit) */
	/* limits on the parsed document, 0 = the PP_YAML_DEFAULT_* value */
	size_t max_alias_nodes;	/* nodes reached again through aliases, counted per use */
	unsigned max_depth;	/* nesting of collections, aliases expanded */
	size_t max_events;	/* items of the 'events' list */
	int trusted_only;	/* refuse files others could have written: writable by group
				 * or others, or owned by neither root nor this user */
};

/* the limits of a document loaded without options (tablegen, built-in descriptors) */
#define PP_YAML_DEFAULT_MAX_ALIAS_NODES (1u << 20)
#define PP_YAML_DEFAULT_MAX_DEPTH 64u
#define PP_YAML_DEFAULT_MAX_EVENTS (1u << 19)

/* Returns the new PMU's index in b->pmus, or -1 with err filled. */
int pp_yaml_load_file(struct pp_builder *b, const char *path,
		      const struct pp_yaml_opts *opts, char *err, size_t errsz);

/*
 * Open a descriptor file: a regular file (a symbolic link is not followed)
 * within opts->max_bytes, and trusted when opts->trusted_only. The checks are
 * made on the opened file itself, so what is checked is what is read; *st
 * gets its fstat. Returns the descriptor, or -1 with err filled.
 */
int pp_yaml_open(const char *path, const struct pp_yaml_opts *opts, struct stat *st,
		 char *err, size_t errsz);

/* pp_yaml_load_file on the first size bytes of an opened descriptor; name is used in messages */
int pp_yaml_load_fd(struct pp_builder *b, const char *name, int fd, size_t size,
		    const struct pp_yaml_opts *opts, char *err, size_t errsz);

/* Same, from memory, under the default limits; name is used in messages. */
int pp_yaml_load_buffer(struct pp_builder *b, const char *name, const char *buf,
			size_t len, char *err, size_t errsz);

/* what pp_yaml_peek_pmu reads of a descriptor without parsing its events */
struct pp_yaml_header {
	char name[64];
	int override;
	int match_count;	/* patterns in the file; above 8, only the first 8 are kept */
	char match[8][256];	/* the first 8 match patterns */
	int identified;		/* identifier patterns: sysfs, not the host's identity, decides */
};

/*
 * Read only the `pmu:` block's name, override flag, match patterns and
 * whether it has identifier patterns,
 * stopping before the events (cheap even for large files). Returns 0, or -1
 * with err filled (malformed file, no pmu block, schema version unknown).
 */
int pp_yaml_peek_pmu(const char *path, const struct pp_yaml_opts *opts,
		     struct pp_yaml_header *h, char *err, size_t errsz);

/* the same on an opened descriptor (read from its start, with pread; it is left open) */
int pp_yaml_peek_fd(const char *name, int fd, struct pp_yaml_header *h, char *err, size_t errsz);

/*
 * The schema line and the `pmu:` block but its `aliases` of an opened
 * descriptor (read from its start), followed by `events: ~`: a
 * descriptor of the PMU without its events and aliases, for loading a
 * plugin's PMU before its events.
 * Only the plain block layout jsontoyaml writes is taken (as the peek's fast
 * path); NULL for any other (then read the whole file). Free the text.
 */
char *pp_yaml_pmu_text(int fd, size_t *len);

/* pp_yaml_load_buffer under opts' limits */
int pp_yaml_load_buffer_opts(struct pp_builder *b, const char *name, const char *buf, size_t len,
			     const struct pp_yaml_opts *opts, char *err, size_t errsz);

#endif /* PP_TABLE_DESCRIPTOR_READER_H */
