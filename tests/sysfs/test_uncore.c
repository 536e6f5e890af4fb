/*
 * tests/sysfs/test_uncore.c - the program of the uncore suites (uncore.h):
 * every suite registered, run on the sysfs fixture trees, one results line.
 * usage: test_uncore [FIXTURES]   (default tests/fixtures/sysfs)
 */
#include <perfmon/pfmlib.h>
#include "env.h"
#include "start.h"
#include "suite.h"
#include "uncore.h"

int main(int argc, char **argv)
{
	if (argc > 1)
		tl_fixtures = argv[1];
	tl_env_reset();
	uncore_api_register();
	uncore_client_register();
	uncore_discovery_register();
	uncore_sys_register();
	uncore_merge_register();
	int status = tl_run("uncore");
	pfm_terminate();
	return status;
}
