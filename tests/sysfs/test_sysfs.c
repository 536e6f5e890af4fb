/*
 * SPDX-License-Identifier: MIT
 * tests/sysfs/test_sysfs.c - the program of the public-API sysfs suites
 * (suites.h): "api" runs sysfs-api (results line sysfs_api), "uncore" every
 * uncore suite (results line uncore), on the fixture trees.
 * usage: test_sysfs api|uncore [FIXTURES]   (default tests/fixtures/sysfs)
 */
#include <stdio.h>
#include <string.h>
#include <perfmon/pfmlib.h>
#include "env.h"
#include "start.h"
#include "suite.h"
#include "suites.h"

int main(int argc, char **argv)
{
	const char *fx = argc > 2 ? argv[2] : NULL;
	int status = 2;

	tl_env_reset();
	if (argc >= 2 && argc <= 3 && !strcmp(argv[1], "api")) {
		sysfs_api_register(fx);
		status = tl_run("sysfs_api");
	} else if (argc >= 2 && argc <= 3 && !strcmp(argv[1], "uncore")) {
		if (fx)
			tl_fixtures = fx;
		uncore_api_register();
		uncore_client_register();
		uncore_discovery_register();
		uncore_sys_register();
		uncore_merge_register();
		status = tl_run("uncore");
	} else {
		fprintf(stderr, "usage: %s api|uncore [FIXTURES]\n", argv[0]);
		return 2;
	}
	pfm_terminate();
	return status;
}
