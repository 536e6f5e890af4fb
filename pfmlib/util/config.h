/*
 * SPDX-License-Identifier: MIT
 * util/config.h - the library's configuration: every LIBPFM_* environment
 * variable, read once by pp_config_load() at pfm_initialize and never again
 * (secure_getenv: all of them are ignored in set-uid programs). Every other
 * part reads pp_cfg and nothing of the environment.
 */
#ifndef PP_UTIL_CONFIG_H
#define PP_UTIL_CONFIG_H

struct pp_config {
	int verbose;		/* LIBPFM_VERBOSE: messages saying why something failed */
	int debug;		/* LIBPFM_DEBUG: tracing of detection and loading (implies verbose) */
	int log_stdout;		/* LIBPFM_DEBUG_STDOUT: messages to stdout instead of stderr */
	int encode_inactive;	/* LIBPFM_ENCODE_INACTIVE: PMUs not present may be used with pmu:: */
	int sysfs_pmus;		/* LIBPFM_SYSFS_PMUS (default 1; "0" turns sysfs discovery off) */
	const char *force_pmu;	/* LIBPFM_FORCE_PMU, NULL when unset or empty */
	const char *plugin_path;	/* LIBPFM_PLUGIN_PATH (colon-separated), NULL when unset */
	const char *cpuid;	/* LIBPFM_CPUID: host identities replacing detection, NULL when unset or empty */
	const char *sysroot;	/* LIBPFM_SYSROOT: prefix of /proc and /sys paths, "" when unset */
	int pmu_max;		/* LIBPFM_PMU_MAX: the caller's PFM_PMU_MAX (e.g. 517, libpfm4 4.13's), 0 when unset */
	/* where plugin directories' caches live (plugins/cache.c): LIBPFM_PLUGIN_CACHE,
	 * else $XDG_CACHE_HOME/pmuplug, else $HOME/.cache/pmuplug (absolute paths
	 * only); NULL when LIBPFM_PLUGIN_CACHE is 0 or empty, or nothing applies */
	const char *plugin_cache;
};

/* the configuration in force (zeroes and "" before the first pp_config_load) */
extern struct pp_config pp_cfg;

/* read every LIBPFM_* variable into pp_cfg; 0, or -1 when out of memory */
int pp_config_load(void);
/* forget what pp_config_load read (pfm_terminate) */
void pp_config_free(void);

#endif /* PP_UTIL_CONFIG_H */
