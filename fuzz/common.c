/* SPDX-License-Identifier: MIT */
/* fuzz/common.c - see common.h */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>
#include "common.h"

void fz_env(const char *sysroot)
{
	static const char *const cleared[] = {
		"LIBPFM_VERBOSE", "LIBPFM_DEBUG", "LIBPFM_DEBUG_STDOUT", "LIBPFM_FORCE_PMU",
		"LIBPFM_CPUID", "LIBPFM_SYSFS_PMUS",
	};
	for (size_t i = 0; i < sizeof(cleared) / sizeof(cleared[0]); i++)
		unsetenv(cleared[i]);
	setenv("LIBPFM_PLUGIN_PATH", "", 1);	/* empty: no plugin directory at all */
	setenv("LIBPFM_ENCODE_INACTIVE", "1", 1);
	setenv("LIBPFM_SYSROOT", sysroot, 1);
}

char *fz_string(const uint8_t *data, size_t size, size_t max)
{
	if (size > max || memchr(data, 0, size))
		return NULL;
	char *s = malloc(size + 1);
	if (!s)
		return NULL;
	memcpy(s, data, size);
	s[size] = 0;
	return s;
}

int fz_env_int(const char *name, int dfl)
{
	const char *s = getenv(name);
	return s && *s ? atoi(s) : dfl;
}
