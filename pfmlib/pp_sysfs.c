/*
 * pp_sysfs.c - discovery of the PMUs the kernel lists under
 * /sys/bus/event_source/devices (read through pp_host_path, so
 * LIBPFM_SYSROOT redirects it): each one that no table serves is built into
 * one shared table (pp_sysfs_build.c) and added to the registry, present,
 * with a pfm_pmu_t id taken from the top of pmuplug's range, attr.type from
 * its `type` file and the first CPU of its cpumask as default CPU.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "pp_engine.h"
#include "pp_host.h"
#include "pp_registry.h"
#include "pp_sysfs.h"

#define DEVICES "/sys/bus/event_source/devices"

/* perf_events PMUs no sysfs table makes sense for (docs/sysfs.md) */
static const char *const not_tables[] = {
	"software",	/* generic software events: libpfm4's perf PMU */
	"tracepoint",	/* tracepoints: ids from tracefs, not sysfs templates */
	"breakpoint",	/* needs bp_addr/bp_type, which an event string cannot give */
	"kprobe",	/* probes need a function name or address passed by pointer */
	"uprobe",
	"cpu",		/* core PMUs: the model tables serve them */
	"cpu_core",
	"cpu_atom",
};

static struct {
	int loaded;
	struct pp_builder b;
	struct pp_table t;
} S;

struct found {
	uint32_t pmu;		/* index in S.b.pmus */
	int id;
	struct pp_sysfs_info info;
};

/* sysname is perf_pmu, or an instance of it (perf_pmu + "_" + digits) */
static int instance_of(const char *sysname, const char *perf_pmu)
{
	size_t n = strlen(perf_pmu);
	if (!n || strncmp(sysname, perf_pmu, n))
		return 0;
	if (!sysname[n])
		return 1;
	if (sysname[n] != '_' || !sysname[n + 1])
		return 0;
	for (const char *p = sysname + n + 1; *p; p++)
		if (*p < '0' || *p > '9')
			return 0;
	return 1;
}

/* a table PMU describes this host: present, or one of its patterns matches the host */
static int serves_host(const struct pp_pmu_rt *rt)
{
	if (rt->is_present)
		return 1;
	if (!rt->p->match)
		return 0;
	for (const char *pat = pp_str(rt->t, rt->p->match); *pat; pat += strlen(pat) + 1)
		if (pp_registry_host_matches(pat))
			return 1;
	return 0;
}

/* why sysname is not turned into a table, or NULL */
static const char *not_wanted(const char *dir, const char *sysname)
{
	char path[4096];

	for (size_t i = 0; i < sizeof(not_tables) / sizeof(not_tables[0]); i++)
		if (!strcmp(sysname, not_tables[i]))
			return "not a PMU of event templates (docs/sysfs.md)";
	for (int i = 0; i < pp_pmu_count(); i++) {
		const struct pp_pmu_rt *rt = pp_pmu_at(i);
		const char *pp = rt && rt->p->perf_pmu ? pp_str(rt->t, rt->p->perf_pmu) : NULL;
		/* the first byte rules out most table PMUs before instance_of */
		if (pp && pp[0] == sysname[0] && instance_of(sysname, pp) && serves_host(rt))
			return "served by a table of this host";
	}
	/* a `cpus` file marks a core PMU (hybrid x86, Arm): the model tables serve those */
	if (!pp_sysfs_join(path, sizeof(path), dir, "cpus", NULL) && !access(path, F_OK))
		return "a core PMU (it has a cpus file)";
	return NULL;
}

static int id_taken(int id, const struct found *fd, int nfd)
{
	if (pp_pmu_by_id(id))
		return 1;
	for (int i = 0; i < nfd; i++)
		if (fd[i].id == id)
			return 1;
	return 0;
}

static int name_taken(const char *name, const struct found *fd, int nfd)
{
	if (pp_pmu_by_name(name, strlen(name)))
		return 1;
	for (int i = 0; i < nfd; i++)
		if (!strcmp(S.b.strs + S.b.pmus.v[fd[i].pmu].name, name))
			return 1;
	return 0;
}

static int join_registry(const struct found *fd, int nfd)
{
	for (int i = 0; i < nfd; i++) {
		const char *name = pp_str(&S.t, S.t.pmus[fd[i].pmu].name);
		int r = pp_registry_add(&S.t, fd[i].pmu, "sysfs");
		if (r == PFM_ERR_NOMEM)
			return r;
		if (r != PFM_SUCCESS)
			continue;
		struct pp_pmu_rt *rt = pp_pmu_by_id(fd[i].id);
		if (!rt)
			continue;
		/* discovered on this host: present, whatever host detection says */
		rt->is_present = 1;
		rt->is_dfl = 1;
		rt->perf_type = fd[i].info.perf_type;
		rt->perf_type_resolved = 1;
		rt->dfl_cpu = fd[i].info.dfl_cpu;
		pp_verbose("sysfs PMU %s: id %d, type %u, %u events%s", name, fd[i].id,
			   fd[i].info.perf_type, fd[i].info.nevents,
			   fd[i].info.nskipped ? " (some entries skipped)" : "");
	}
	return PFM_SUCCESS;
}

int pp_sysfs_load(void)
{
	char root[2048], dir[4096], name[PP_SYSFS_NAME_MAX];
	const char *env = pp_getenv("LIBPFM_SYSFS_PMUS");
	struct found *fd = NULL;
	char **names;
	int n, nfd = 0, next_id = PP_SYSFS_ID_MAX, err = PFM_SUCCESS;

	pp_sysfs_unload();
	if (env && !strcmp(env, "0")) {
		pp_verbose("sysfs PMUs: discovery turned off by LIBPFM_SYSFS_PMUS=0");
		return PFM_SUCCESS;
	}
	pp_host_path(root, sizeof(root), DEVICES);
	n = pp_sysfs_list(root, &names);
	if (n < 0)
		return PFM_ERR_NOMEM;
	if (!n) {
		pp_debug("sysfs PMUs: %s lists none", root);
		return PFM_SUCCESS;
	}
	pp_builder_init(&S.b);
	fd = calloc((size_t)n, sizeof(*fd));
	if (!fd || S.b.oom)
		err = PFM_ERR_NOMEM;
	for (int i = 0; i < n && err == PFM_SUCCESS; i++) {
		const char *why;
		if (pp_sysfs_join(dir, sizeof(dir), root, names[i], NULL))
			continue;
		if ((why = not_wanted(dir, names[i]))) {
			pp_debug("sysfs PMU %s: %s; not added", names[i], why);
			continue;
		}
		if (pp_sysfs_pmu_name(names[i], name, sizeof(name))) {
			pp_verbose("sysfs PMU '%.64s': name cannot become a libpfm4 PMU name; skipped", names[i]);
			continue;
		}
		if (name_taken(name, fd, nfd)) {
			pp_verbose("sysfs PMU %s: libpfm4 name %s is already used; skipped", names[i], name);
			continue;
		}
		while (next_id >= PP_SYSFS_ID_MIN && id_taken(next_id, fd, nfd))
			next_id--;
		if (next_id < PP_SYSFS_ID_MIN) {
			pp_verbose("sysfs PMU %s: no pfm_pmu_t id left in [%d-%d]; skipped", names[i],
				   PP_SYSFS_ID_MIN, PP_SYSFS_ID_MAX);
			break;
		}
		int r = pp_sysfs_build_pmu(&S.b, dir, names[i], name, next_id, &fd[nfd].info);
		if (r == -2)
			err = PFM_ERR_NOMEM;
		if (r < 0)
			continue;
		fd[nfd].pmu = (uint32_t)r;
		fd[nfd].id = next_id--;
		nfd++;
	}
	pp_sysfs_names_free(names, n);
	if (err == PFM_SUCCESS && nfd) {
		/* every PMU is built: the table view is final, the registry may point into it */
		pp_builder_table(&S.b, &S.t);
		S.loaded = 1;
		err = join_registry(fd, nfd);
	} else {
		pp_builder_free(&S.b);
	}
	free(fd);
	return err;
}

void pp_sysfs_unload(void)
{
	if (S.loaded)
		pp_builder_free(&S.b);
	memset(&S, 0, sizeof(S));
}

int pp_sysfs_cpumask_first(const char *pmu_name)
{
	char rel[512], path[4096], buf[PP_SYSFS_MAX_FILE];
	const char *why;

	if (!pmu_name || !*pmu_name || strchr(pmu_name, '/') || !strcmp(pmu_name, "..") ||
	    snprintf(rel, sizeof(rel), DEVICES "/%s/cpumask", pmu_name) >= (int)sizeof(rel))
		return -1;
	if (pp_sysfs_read(pp_host_path(path, sizeof(path), rel), buf, sizeof(buf), &why) < 0)
		return -1;
	return pp_sysfs_cpulist_first(pp_sysfs_trim(buf));
}
