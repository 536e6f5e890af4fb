/*
 * SPDX-License-Identifier: MIT
 * start.c - pfm_initialize afresh as a given host on a fixture tree (start.h).
 */
#include <stdio.h>
#include <perfmon/pfmlib.h>
#include "env.h"
#include "start.h"

const char *tl_fixtures = "tests/fixtures/sysfs";

int tl_start_on(const char *tree, const char *cpuid, int inactive)
{
	char root[1024];
	pfm_terminate();
	tl_env_reset();
	if (tree)
		snprintf(root, sizeof(root), "%s/%s", tl_fixtures, tree);
	else
		snprintf(root, sizeof(root), "%s", TL_EMPTY_SYSROOT);
	tl_env("LIBPFM_SYSROOT", root);
	tl_env("LIBPFM_CPUID", cpuid);
	tl_env("LIBPFM_ENCODE_INACTIVE", inactive ? "1" : NULL);
	return pfm_initialize();
}
