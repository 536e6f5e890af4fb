/*
 * SPDX-License-Identifier: MIT
 * tests/compat/compat_4_13.c - the program of the 4.13-header checks
 * (compat.h): built against the installed <perfmon/pfmlib.h> of libpfm4
 * 4.13 and -lpfm, run on our libpfm.so.4 with LD_LIBRARY_PATH.
 * usage: compat_4_13 enumerate [LIBDIR] | compat_4_13 for-all-pmus LIBDIR compat|native PMU...
 */
#include <stdio.h>
#include <string.h>
#include "compat.h"

int main(int argc, char **argv)
{
	if (argc > 1 && !strcmp(argv[1], "enumerate"))
		return compat_enumerate(argc - 1, argv + 1);
	if (argc > 1 && !strcmp(argv[1], "for-all-pmus"))
		return compat_for_all_pmus(argc - 1, argv + 1);
	fprintf(stderr, "usage: %s enumerate [LIBDIR] | for-all-pmus LIBDIR compat|native PMU...\n", argv[0]);
	return 2;
}
