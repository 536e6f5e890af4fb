/*
 * SPDX-License-Identifier: MIT
 * util/config.c - reads the LIBPFM_* environment once into pp_cfg (and
 * XDG_CACHE_HOME, HOME for the plugin cache's place). The only place of the
 * library that looks at the environment.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "util/config.h"

struct pp_config pp_cfg = { .sysfs_pmus = 1, .sysroot = "" };

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
static int copy(const char *name, int slot, int keep_empty, const char **out)
{
	const char *s = secure_getenv(name);
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
	const char *s = secure_getenv("LIBPFM_PLUGIN_CACHE"), *base, *sub;
	pp_cfg.plugin_cache = NULL;
	if (s)
		return !*s || !strcmp(s, "0") ? 0 : copy("LIBPFM_PLUGIN_CACHE", 4, 0, &pp_cfg.plugin_cache);
	if ((base = secure_getenv("XDG_CACHE_HOME")) && base[0] == '/')
		sub = "/pmuplug";
	else if ((base = secure_getenv("HOME")) && base[0] == '/')
		sub = "/.cache/pmuplug";
	else
		return 0;
	size_t n = strlen(base) + strlen(sub) + 1;
	if (!(owned[4] = malloc(n)))
		return -1;
	snprintf(owned[4], n, "%s%s", base, sub);
	pp_cfg.plugin_cache = owned[4];
	return 0;
}

int pp_config_load(void)
{
	const char *s;

	pp_config_free();
	pp_cfg.verbose = level(secure_getenv("LIBPFM_VERBOSE"));
	pp_cfg.debug = level(secure_getenv("LIBPFM_DEBUG"));
	if (pp_cfg.debug && !pp_cfg.verbose)
		pp_cfg.verbose = 1;
	s = secure_getenv("LIBPFM_DEBUG_STDOUT");
	pp_cfg.log_stdout = s && *s;
	s = secure_getenv("LIBPFM_ENCODE_INACTIVE");
	pp_cfg.encode_inactive = s && *s && *s != '0';
	s = secure_getenv("LIBPFM_SYSFS_PMUS");
	pp_cfg.sysfs_pmus = !(s && !strcmp(s, "0"));
	pp_cfg.pmu_max = pmu_max(secure_getenv("LIBPFM_PMU_MAX"));
	if (copy("LIBPFM_FORCE_PMU", 0, 0, &pp_cfg.force_pmu) ||
	    copy("LIBPFM_PLUGIN_PATH", 1, 1, &pp_cfg.plugin_path) ||
	    copy("LIBPFM_CPUID", 2, 0, &pp_cfg.cpuid) ||
	    copy("LIBPFM_SYSROOT", 3, 0, &pp_cfg.sysroot) || plugin_cache()) {
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
