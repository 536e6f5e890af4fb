/*
 * SPDX-License-Identifier: MIT
 * util/config.c - reads the LIBPFM_* environment once into pp_cfg (and
 * XDG_CACHE_HOME, HOME for the plugin cache's place). The only place of the
 * library that looks at the environment.
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>
#include "util/config.h"

struct pp_config pp_cfg = { .sysfs_pmus = 1, .sysroot = "" };

extern char **environ;

/* the variables read, and which of them the environment holds (one pass
 * over it, env_scan: a secure_getenv scans the whole environment, so it
 * is called for those only) */
enum {
	V_VERBOSE, V_DEBUG, V_DEBUG_STDOUT, V_ENCODE_INACTIVE, V_SYSFS_PMUS, V_PMU_MAX, V_FORCE_PMU, V_PLUGIN_PATH,
	V_CPUID, V_SYSROOT, V_PLUGIN_CACHE, V_XDG_CACHE_HOME, V_HOME, NVARS
};
static const char *const vars[NVARS] = {
	"LIBPFM_VERBOSE", "LIBPFM_DEBUG", "LIBPFM_DEBUG_STDOUT", "LIBPFM_ENCODE_INACTIVE", "LIBPFM_SYSFS_PMUS",
	"LIBPFM_PMU_MAX", "LIBPFM_FORCE_PMU", "LIBPFM_PLUGIN_PATH", "LIBPFM_CPUID", "LIBPFM_SYSROOT",
	"LIBPFM_PLUGIN_CACHE", "XDG_CACHE_HOME", "HOME",
};
static unsigned env_there;
static const char *env_val[NVARS];	/* the values of those there (the first of a name, as getenv) */
static int env_secure;			/* -1 not known yet, 1 a set-uid program's (secure_getenv) */

/* entry e ("NAME=value") is variable name */
static int is_var(const char *e, const char *name)
{
	size_t n = strlen(name);
	return !strncmp(e, name, n) && e[n] == '=';
}

static void env_scan(void)
{
	env_there = 0;
	env_secure = -1;
	for (char **e = environ; e && *e; e++) {
		const char *v = *e;
		size_t first = v[0] == 'L' ? 0 : v[0] == 'X' ? V_XDG_CACHE_HOME : v[0] == 'H' ? V_HOME : NVARS;
		if (first == 0 && strncmp(v, "LIBPFM_", 7))
			continue;
		for (size_t i = first; i < NVARS && vars[i][0] == v[0]; i++)
			if (!(env_there >> i & 1) && is_var(v, vars[i])) {
				env_there |= 1u << i;
				env_val[i] = v + strlen(vars[i]) + 1;
			}
	}
}

/* variable i's value, as secure_getenv gives it (NULL in a set-uid program:
 * secure_getenv of one variable there tells) */
static const char *env(int i)
{
	if (!(env_there >> i & 1))
		return NULL;
	if (env_secure < 0)
		env_secure = secure_getenv(vars[i]) == NULL;
	return env_secure ? NULL : env_val[i];
}

/* the owned copies behind pp_cfg's strings */
static char *owned[5];

/* a level: a positive number, or y/Y (1); anything else 0 */
static int level(const char *s)
{
	if (!s || !*s)
		return 0;
	int n = atoi(s);
	return n > 0 ? n : (*s == 'y' || *s == 'Y');
}

/* LIBPFM_PMU_MAX: a decimal number from 1 to 4095, else 0 (off: ids are served as they are) */
static int pmu_max(const char *s)
{
	char *end;
	if (!s || *s < '0' || *s > '9')
		return 0;
	long v = strtol(s, &end, 10);
	return !*end && v > 0 && v < 4096 ? (int)v : 0;
}

/* a copy of a non-empty value into owned[slot], or NULL; -1 on OOM */
static int copy(int var, int slot, int keep_empty, const char **out)
{
	const char *s = env(var);
	*out = NULL;
	if (!s || (!*s && !keep_empty))
		return 0;
	if (!(owned[slot] = strdup(s)))
		return -1;
	*out = owned[slot];
	return 0;
}

/*
 * The plugin cache's directory (slot 4): LIBPFM_PLUGIN_CACHE ("0" or empty:
 * none), else the XDG cache directory's pmuplug/; relative HOME or
 * XDG_CACHE_HOME are ignored, as the XDG rules say. 0, or -1 on OOM.
 */
static int plugin_cache(void)
{
	const char *s = env(V_PLUGIN_CACHE), *base, *sub;
	pp_cfg.plugin_cache = NULL;
	if (s)
		return !*s || !strcmp(s, "0") ? 0 : copy(V_PLUGIN_CACHE, 4, 0, &pp_cfg.plugin_cache);
	if ((base = env(V_XDG_CACHE_HOME)) && base[0] == '/')
		sub = "/pmuplug";
	else if ((base = env(V_HOME)) && base[0] == '/')
		sub = "/.cache/pmuplug";
	else
		return 0;
	size_t nb = strlen(base), ns = strlen(sub);
	if (!(owned[4] = malloc(nb + ns + 1)))
		return -1;
	memcpy(owned[4], base, nb);
	memcpy(owned[4] + nb, sub, ns + 1);
	pp_cfg.plugin_cache = owned[4];
	return 0;
}

int pp_config_load(void)
{
	const char *s;

	pp_config_free();
	env_scan();
	pp_cfg.verbose = level(env(V_VERBOSE));
	pp_cfg.debug = level(env(V_DEBUG));
	if (pp_cfg.debug && !pp_cfg.verbose)
		pp_cfg.verbose = 1;
	s = env(V_DEBUG_STDOUT);
	pp_cfg.log_stdout = s && *s;
	s = env(V_ENCODE_INACTIVE);
	pp_cfg.encode_inactive = s && *s && *s != '0';
	s = env(V_SYSFS_PMUS);
	pp_cfg.sysfs_pmus = !(s && !strcmp(s, "0"));
	pp_cfg.pmu_max = pmu_max(env(V_PMU_MAX));
	if (copy(V_FORCE_PMU, 0, 0, &pp_cfg.force_pmu) ||
	    copy(V_PLUGIN_PATH, 1, 1, &pp_cfg.plugin_path) ||
	    copy(V_CPUID, 2, 0, &pp_cfg.cpuid) ||
	    copy(V_SYSROOT, 3, 0, &pp_cfg.sysroot) || plugin_cache()) {
		pp_config_free();
		return -1;
	}
	if (!pp_cfg.sysroot)
		pp_cfg.sysroot = "";
	return 0;
}

void pp_config_free(void)
{
	for (size_t i = 0; i < sizeof(owned) / sizeof(owned[0]); i++) {
		free(owned[i]);
		owned[i] = NULL;
	}
	memset(&pp_cfg, 0, sizeof(pp_cfg));
	pp_cfg.sysfs_pmus = 1;
	pp_cfg.sysroot = "";
}
