/*
 * SPDX-License-Identifier: MIT
 * tests/sysfs/suites.c — the public-API sysfs suites as suites of
 * test_public (tests/public/public.h; built on libpfm.so.4 and on the ASan
 * library, test_public_asan): "api" registers sysfs-api (results line
 * sysfs_api), "uncore" every uncore suite (results line uncore), on the
 * fixture trees (suites.h); test_public terminates the library after them.
 * usage: test_public api|uncore [FIXTURES]   (default tests/fixtures/sysfs)
 */
#include <stdio.h>
#include "env.h"
#include "start.h"
#include "suite.h"
#include "public.h"
#include "suites.h"

int sysfs_api_select(int argc, char **argv)
{
	if (argc > 2) {
		fprintf(stderr, "usage: test_public api [FIXTURES]\n");
		return 2;
	}
	tl_env_reset();
	sysfs_api_register(argc > 1 ? argv[1] : NULL);
	return 0;
}

int sysfs_uncore_select(int argc, char **argv)
{
	if (argc > 2) {
		fprintf(stderr, "usage: test_public uncore [FIXTURES]\n");
		return 2;
	}
	tl_env_reset();
	if (argc > 1)
		tl_fixtures = argv[1];
	uncore_api_register();
	uncore_client_register();
	uncore_discovery_register();
	uncore_sys_register();
	uncore_merge_register();
	return 0;
}
