/*
 * SPDX-License-Identifier: MIT
 * sysfs/sysfs.h - PMUs the kernel describes in sysfs
 * (/sys/bus/event_source/devices/<pmu>/{type,format/,events/,cpumask,caps/})
 * become ordinary tables: each discovered PMU that no table serves is built
 * into a pp_builder (format fields -> fields and integer modifiers, event
 * templates -> events, `term=?` -> required modifiers). docs/sysfs.md says what is taken, what is skipped and why.
 *
 * Files: discover.c (which PMUs, names and ids), build.c (one PMU
 * directory -> one table PMU), parse.c (the sysfs text formats), read.c
 * (bounded, non-blocking reads of sysfs files). The registry decides which
 * kernel PMUs its tables already serve and adds what discovery built.
 */
#ifndef PP_SYSFS_SYSFS_H
#define PP_SYSFS_SYSFS_H

#include <stddef.h>
#include <stdint.h>
#include "table/builder.h"
#include "table/format.h"

/* the pfm_pmu_t range sysfs PMUs take ids from, allocated from the top */
#define PP_SYSFS_ID_MAX 1022
#define PP_SYSFS_ID_MIN 768

#define PP_SYSFS_MAX_FILE   8192	/* bytes of one sysfs file (an attribute is a page at most) */
#define PP_SYSFS_MAX_ENTRIES 4096	/* entries of one directory that are looked at */
#define PP_SYSFS_MAX_FIELDS 61		/* format fields per PMU (+3 raw config fields <= 64) */
#define PP_SYSFS_MAX_MODS   32		/* fields that also become modifiers (event masks are 32 bits) */
#define PP_SYSFS_MAX_TERMS  64		/* terms of one event template */
#define PP_SYSFS_NAME_MAX   64		/* bytes of a PMU, field or event name, NUL included */

/* ---- discovery (discover.c) ---- */

/* what discovery asks of the PMUs the tables already provide */
struct pp_sysfs_query {
	void *ctx;
	/* a table PMU stands for the kernel PMU sysname: it is not built from
	 * sysfs (NULL: the caller offers only names no table serves) */
	int (*served)(void *ctx, const char *sysname);
	/* a libpfm4 PMU name or pfm_pmu_t id is in use */
	int (*name_taken)(void *ctx, const char *name);
	int (*id_taken)(void *ctx, int id);
	/* the devices directory's names, in any order, when the caller has
	 * listed it already (NULL: pp_sysfs_discover lists it) */
	char *const *names;
	int nnames;
};

struct pp_sysfs_info {
	uint32_t perf_type;	/* the `type` file */
	int dfl_cpu;		/* first CPU of cpumask, -1 without one */
	uint32_t nevents;	/* events built */
	uint32_t nskipped;	/* entries skipped as malformed */
};

/* one kernel PMU discovery found for a table of its own */
struct pp_sysfs_found {
	uint32_t pmu;		/* index of its stub in the set's table */
	int id;			/* pfm_pmu_t, from the top of [PP_SYSFS_ID_MIN, PP_SYSFS_ID_MAX] */
};

/* the stubs of the PMUs discovery found: one table without events, owned
 * here until pp_sysfs_free */
struct pp_sysfs_set {
	struct pp_builder b;
	struct pp_table t;
	struct pp_sysfs_found *found;
	int n;
};

/*
 * Every PMU under /sys/bus/event_source/devices (under the configured root)
 * that q does not serve, into set as a stub (name, id, kernel PMU; no event,
 * attr.type unknown): libpfm4 names and ids that q does not use, in name
 * order, from the directory listing alone (a `cpus` file is looked for, no
 * file is read). Returns PFM_SUCCESS (set->n may be 0), or PFM_ERR_NOMEM
 * (set empty). LIBPFM_SYSFS_PMUS=0 turns discovery off.
 */
int pp_sysfs_discover(const struct pp_sysfs_query *q, struct pp_sysfs_set *set);
void pp_sysfs_free(struct pp_sysfs_set *set);

/* one PMU built from its sysfs files at its first use: a table of its own */
struct pp_sysfs_pmu {
	struct pp_builder b;
	struct pp_table t;
	uint32_t pmu;			/* its index in t */
	struct pp_sysfs_info info;
	struct pp_sysfs_pmu *next;	/* the registry's list of them */
};

/*
 * Build kernel PMU sysname (under the configured root) as PMU name with id:
 * PFM_SUCCESS and *out (free with pp_sysfs_pmu_free), -1 when it becomes no
 * PMU (no event file, malformed, ...: the reason under LIBPFM_VERBOSE), or
 * PFM_ERR_NOMEM.
 */
int pp_sysfs_realize(const char *sysname, const char *name, int id, struct pp_sysfs_pmu **out);
void pp_sysfs_pmu_free(struct pp_sysfs_pmu *sp);

/* ---- building one PMU (build.c) ---- */

/*
 * Build the PMU whose sysfs directory is dir (already under the sysroot),
 * sysfs name sysname, as libpfm4 PMU name with pfm_pmu_t id. Returns the
 * new PMU's index in b->pmus, -1 when the PMU is skipped (reason given
 * with pp_verbose; nothing appended), -2 when out of memory (nothing
 * appended).
 */
int pp_sysfs_build_pmu(struct pp_builder *b, const char *dir, const char *sysname,
		       const char *name, int id, struct pp_sysfs_info *info);

/* ---- sysfs text formats (parse.c); *why gets the reason of a -1 ---- */

/* a cpumask/cpulist "2" or "0-3,8" -> its first CPU, -1 when malformed or empty */
int pp_sysfs_cpulist_first(const char *s);

/* libpfm4-style PMU name of a sysfs name: lower case, '-' and '.' -> '_'; -1 if impossible */
int pp_sysfs_pmu_name(const char *sysname, char *out, size_t sz);

/* a format field, event or term name: [A-Za-z0-9_] (events may also hold '-' and '.') */
int pp_sysfs_valid_name(const char *s, int is_event);

/* one term of an event template */
enum pp_sysfs_term_kind { PP_TERM_VALUE = 0, PP_TERM_BARE = 1, PP_TERM_ASK = 2 };
struct pp_sysfs_term {
	char *name;
	int kind;		/* enum pp_sysfs_term_kind */
	uint64_t value;		/* PP_TERM_VALUE: the number; PP_TERM_BARE: 1 */
};

/*
 * Split a template ("type=0x8,event=0x4,xp=?" + blanks/newline) in place
 * into terms. Numbers are written as perf writes them: 0x hex or decimal.
 * Returns the number of terms, or -1.
 */
int pp_sysfs_parse_terms(char *s, struct pp_sysfs_term *t, int max, const char **why);

/* perf's number notation: 0x hex or decimal, whole text; 0 or -1 */
int pp_sysfs_parse_u64(const char *s, uint64_t *v);

/* trim blanks and newlines at both ends, in place; returns the start */
char *pp_sysfs_trim(char *s);

/* ---- reading (read.c) ---- */

enum { PP_SYSFS_MISSING = -1, PP_SYSFS_BAD = -2 };

/*
 * Read the regular file at path whole into buf (sz bytes, NUL-terminated).
 * Returns its length, PP_SYSFS_MISSING when it does not exist, or
 * PP_SYSFS_BAD with *why set (not a regular file, unreadable, larger than
 * sz - 1 bytes, holds a NUL byte). Never blocks on a FIFO or device.
 */
int pp_sysfs_read(const char *path, char *buf, size_t sz, const char **why);

/*
 * Names in directory dir (hidden ones excluded), sorted, at most
 * PP_SYSFS_MAX_ENTRIES. Returns the count (0 when dir is missing or not
 * readable) and *names (free with pp_sysfs_names_free), or -2 when out of
 * memory.
 */
int pp_sysfs_list(const char *dir, char ***names);
/* the same in the directory's order (sorted only past PP_SYSFS_MAX_ENTRIES):
 * for a caller that looks names up and needs no order */
/* pp_sysfs_list_unsorted: in directory order when fewer than
 * PP_SYSFS_MAX_ENTRIES */
int pp_sysfs_list_unsorted(const char *dir, char ***names);
void pp_sysfs_names_free(char **names, int n);

/* dir + "/" + a [+ "/" + b] into buf; 0, or -1 when it does not fit */
int pp_sysfs_join(char *buf, size_t sz, const char *dir, const char *a, const char *b);

/* the kernel PMU's directory /sys/bus/event_source/devices/<pmu> under the
 * configured root [+ "/" + file] into buf; 0, or -1 when it does not fit */
int pp_sysfs_pmu_path(char *buf, size_t sz, const char *pmu, const char *file);

#endif /* PP_SYSFS_SYSFS_H */
