/*
 * SPDX-License-Identifier: MIT
 * tests/detect/test_host_stage.c - the program of the host stage's suites
 * (host_stage.h): one suite a run, its results line named as before.
 * usage: test_host_stage detect_host | test_host_stage match [PERF_ARCH_ROOT]
 */
#include <stdio.h>
#include <string.h>
#include "suite.h"
#include "host_stage.h"

int main(int argc, char **argv)
{
	if (argc == 2 && !strcmp(argv[1], "detect_host")) {
		detect_host_register();
		return tl_run("detect_host");
	}
	if ((argc == 2 || argc == 3) && !strcmp(argv[1], "match")) {
		match_register(argc == 3 ? argv[2] : NULL);
		return tl_run("match");
	}
	fprintf(stderr, "usage: %s detect_host | %s match [PERF_ARCH_ROOT]\n", argv[0], argv[0]);
	return 2;
}
