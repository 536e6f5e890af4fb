/*
 * SPDX-License-Identifier: MIT
 * sysfs/discover.c - discovery of the PMUs the kernel lists under
 * /sys/bus/event_source/devices (under LIBPFM_SYSROOT for tests): each one
 * that no table serves gets a libpfm4-style name and a pfm_pmu_t id taken
 * from the top of pmuplug's range, from the directory listing alone, and a
 * stub descriptor without events; the registry builds it from its files
 * (build.c, pp_sysfs_realize) at its first use.
 */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <perfmon/pfmlib.h>
#include "sysfs/sysfs.h"
#include "util/config.h"
#include "util/log.h"
#include "util/path.h"

#define DEVICES "/sys/bus/event_source/devices"

/* kernel PMUs that are no PMU of event templates (docs/sysfs.md) */
static const char *const not_tables[] = {
	"software",	/* generic software events: libpfm4's perf PMU */
	"tracepoint",	/* tracepoints: ids from tracefs, not sysfs templates */
	"breakpoint",	/* needs bp_addr/bp_type, which an event string cannot give */
	"kprobe",	/* probes need a function name or address passed by pointer */
	"uprobe",
};

/* why sysname is not turned into a table, or NULL (its `cpus` file is looked
 * for, not read) */
static const char *not_wanted(const struct pp_sysfs_query *q, int rootfd, const char *root, const char *sysname)
{
	char path[4096];
	struct stat st;
	size_t n;

	for (size_t i = 0; i < sizeof(not_tables) / sizeof(not_tables[0]); i++)
		if (sysname[0] == not_tables[i][0] && !strcmp(sysname, not_tables[i]))
			return "not a PMU of event templates (docs/sysfs.md)";
	if (q->served && q->served(q->ctx, sysname))
		return "served by a table";
	/* a `cpus` file marks a core PMU (hybrid x86, Arm): the model tables
	 * serve those; looked for from the devices directory when it is open */
	if (rootfd >= 0 && (n = strlen(sysname)) + sizeof("/cpus") <= sizeof(path)) {
		memcpy(path, sysname, n);
		memcpy(path + n, "/cpus", sizeof("/cpus"));
	} else if (rootfd >= 0 || pp_sysfs_join(path, sizeof(path), root, sysname, "cpus")) {
		return "path too long";
	}
	if (!fstatat(rootfd >= 0 ? rootfd : AT_FDCWD, path, &st, 0))
		return "a core PMU (it has a cpus file)";
	return NULL;
}

/* the strings and the (empty) name index every stub shares */
struct stub_common {
	pp_str_t arch, source;
	uint32_t first_hash, hash_size;
	int made;
};

/* the stub of kernel PMU sysname: its name, id and kernel PMU, no event
 * (pp_sysfs_realize builds the PMU); its index in b, or PP_NONE. The
 * stubs share their arch and source strings and one empty name index (a
 * stub's events are never looked up: it is built first) */
static uint32_t add_stub(struct pp_builder *b, struct stub_common *c, const char *sysname, const char *name, int id)
{
	uint32_t k = pp_builder_add_pmu(b);
	if (k == PP_NONE)
		return PP_NONE;
	/* no description: the stub is never handed out (the PMU is built,
	 * with its own, before any accessor returns it) */
	struct pp_pmu *p = &b->pmus.v[k];
	if (!c->made) {
		c->arch = pp_builder_str_append(b, "generic", 7);
		c->source = pp_builder_str_append(b, "sysfs", 5);
	}
	p = &b->pmus.v[k];
	/* each kernel PMU once: appended, not interned */
	size_t n = strlen(sysname);
	p->perf_pmu = pp_builder_str_append(b, sysname, n);
	p = &b->pmus.v[k];
	p->name = strcmp(name, sysname) ? pp_builder_str_append(b, name, strlen(name)) : p->perf_pmu;
	p = &b->pmus.v[k];
	p->arch = c->arch;
	p->source = c->source;
	p->id = id;
	p->perf_type = PP_NONE;
	p->type = PP_PMU_OS_GENERIC;
	p->max_encoding = 1;
	p->match_priority = 1000000;
	p->first_event = b->events.n;
	p->first_alias = b->aliases.n;
	if (b->oom)
		return PP_NONE;
	if (!c->made) {
		if (pp_builder_index_pmu(b, k, NULL, 0))
			return PP_NONE;
		c->first_hash = b->pmus.v[k].first_hash;
		c->hash_size = b->pmus.v[k].hash_size;
		c->made = 1;
	} else {
		b->pmus.v[k].first_hash = c->first_hash;
		b->pmus.v[k].hash_size = c->hash_size;
	}
	return k;
}

int pp_sysfs_realize(const char *sysname, const char *name, int id, struct pp_sysfs_pmu **out)
{
	char root[2048], dir[4096];
	struct pp_sysfs_pmu *sp;

	*out = NULL;
	if (!pp_path(root, sizeof(root), DEVICES) || pp_sysfs_join(dir, sizeof(dir), root, sysname, NULL))
		return -1;
	if (!(sp = calloc(1, sizeof(*sp))))
		return PFM_ERR_NOMEM;
	pp_builder_init(&sp->b);
	int r = sp->b.oom ? -2 : pp_sysfs_build_pmu(&sp->b, dir, sysname, name, id, &sp->info);
	if (r < 0) {
		pp_builder_free(&sp->b);
		free(sp);
		return r == -2 ? PFM_ERR_NOMEM : -1;
	}
	pp_builder_table(&sp->b, &sp->t);
	sp->pmu = (uint32_t)r;
	pp_verbose("sysfs PMU %s: id %d, type %u, %u events%s", name, id, sp->info.perf_type, sp->info.nevents,
		   sp->info.nskipped ? " (some entries skipped)" : "");
	*out = sp;
	return PFM_SUCCESS;
}

void pp_sysfs_pmu_free(struct pp_sysfs_pmu *sp)
{
	if (!sp)
		return;
	pp_builder_free(&sp->b);
	free(sp);
}

/* (the set's own ids are all above id: they are given out downwards) */
static int id_taken(const struct pp_sysfs_query *q, int id)
{
	return q->id_taken(q->ctx, id);
}

static int name_taken(const struct pp_sysfs_query *q, const char *name, uint32_t h, const struct pp_sysfs_set *set,
		      const uint32_t *hashes)
{
	if (q->name_taken(q->ctx, name))
		return 1;
	for (int i = 0; i < set->n; i++)
		if (hashes[i] == h && !strcmp(set->b.strs + set->b.pmus.v[set->found[i].pmu].name, name))
			return 1;
	return 0;
}

static int by_bytes(const void *a, const void *b)
{
	/* byte order, not the locale's */
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int pp_sysfs_discover(const struct pp_sysfs_query *q, struct pp_sysfs_set *set)
{
	char root[2048], name[PP_SYSFS_NAME_MAX];
	char **listed = NULL;
	char *const *names = q->names;
	int n = q->nnames, next_id = PP_SYSFS_ID_MAX, err = PFM_SUCCESS;

	memset(set, 0, sizeof(*set));
	if (!pp_cfg.sysfs_pmus) {
		pp_verbose("sysfs PMUs: discovery turned off by LIBPFM_SYSFS_PMUS=0");
		return PFM_SUCCESS;
	}
	if (!pp_path(root, sizeof(root), DEVICES))
		return PFM_SUCCESS;
	if (!names) {
		if ((n = pp_sysfs_list(root, &listed)) < 0)
			return PFM_ERR_NOMEM;
		names = listed;
	}
	if (!n) {
		pp_debug("sysfs PMUs: %s lists none", root);
		pp_sysfs_names_free(listed, n);
		return PFM_SUCCESS;
	}
	/* the kernel PMUs no table serves (few), then in byte order: the ids and
	 * the names given out must not depend on the listing's order */
	const char **want = malloc(((size_t)n + 1) * (sizeof(*want) + sizeof(uint32_t)));
	uint32_t *hashes = want ? (uint32_t *)(want + n + 1) : NULL;
	struct stub_common common = { 0 };
	int nwant = 0;
	pp_builder_init(&set->b);
	set->found = calloc((size_t)n, sizeof(*set->found));
	if (!want || !hashes || !set->found || set->b.oom)
		err = PFM_ERR_NOMEM;
	/* the devices directory, for the look for each one's `cpus` file */
	int rootfd = n ? open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC) : -1;
	for (int i = 0; i < n && err == PFM_SUCCESS; i++) {
		const char *why;
		if ((why = not_wanted(q, rootfd, root, names[i]))) {
			if (pp_cfg.debug)
				pp_debug("sysfs PMU %s: %s; not added", names[i], why);
			continue;
		}
		want[nwant++] = names[i];
	}
	if (rootfd >= 0)
		close(rootfd);
	if (nwant > 32) {
		qsort(want, (size_t)nwant, sizeof(*want), by_bytes);
	} else {	/* few: an insertion sort costs less than qsort's set-up */
		for (int i = 1; i < nwant; i++) {
			const char *w = want[i];
			int j = i;
			/* (the first bytes tell most names apart) */
			for (; j > 0 && (want[j - 1][0] != w[0] ? (unsigned char)want[j - 1][0] > (unsigned char)w[0]
								 : strcmp(want[j - 1], w) > 0); j--)
				want[j] = want[j - 1];
			want[j] = w;
		}
	}
	for (int w = 0; w < nwant && err == PFM_SUCCESS; w++) {
		const char *kn = want[w];
		struct pp_sysfs_found *fd = &set->found[set->n];
		if (pp_sysfs_pmu_name(kn, name, sizeof(name))) {
			pp_verbose("sysfs PMU '%.64s': name cannot become a libpfm4 PMU name; skipped", kn);
			continue;
		}
		uint32_t h = pp_kpmu_hash_of(name, strlen(name));
		if (name_taken(q, name, h, set, hashes)) {
			pp_verbose("sysfs PMU %s: libpfm4 name %s is already used; skipped", kn, name);
			continue;
		}
		while (next_id >= PP_SYSFS_ID_MIN && id_taken(q, next_id))
			next_id--;
		if (next_id < PP_SYSFS_ID_MIN) {
			pp_verbose("sysfs PMU %s: no pfm_pmu_t id left in [%d-%d]; skipped", kn,
				   PP_SYSFS_ID_MIN, PP_SYSFS_ID_MAX);
			break;
		}
		uint32_t k = add_stub(&set->b, &common, kn, name, next_id);
		if (k == PP_NONE) {
			err = PFM_ERR_NOMEM;
			break;
		}
		fd->pmu = k;
		fd->id = next_id--;
		hashes[set->n++] = h;
	}
	free(want);
	pp_sysfs_names_free(listed, n);
	if (err != PFM_SUCCESS || !set->n) {
		pp_sysfs_free(set);
		return err;
	}
	/* every stub is added: the table view is final, the registry may point into it */
	pp_builder_table(&set->b, &set->t);
	return PFM_SUCCESS;
}

void pp_sysfs_free(struct pp_sysfs_set *set)
{
	pp_builder_free(&set->b);
	free(set->found);
	memset(set, 0, sizeof(*set));
}
