/*
 * SPDX-License-Identifier: MIT
 * oracle_dump.c - prints how the libpfm.so.4 it runs with encodes each
 * argument string under PFM_OS_NONE, PFM_OS_PERF_EVENT and _EXT, one line
 * per string and layer ("STRING|LAYER|" and tests/lib/print.h's golden
 * form), and first the path of that library. Linked against the installed
 * libpfm4; LD_LIBRARY_PATH=build/lib runs it on pmuplug's. The event index
 * is left out (event numbering is not compared).
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include "encode.h"
#include "print.h"

int main(int argc, char **argv)
{
	static const struct { pfm_os_t os; const char *name; } perf[] = {
		{ PFM_OS_PERF_EVENT, "perf" }, { PFM_OS_PERF_EVENT_EXT, "perf_ext" },
	};
	Dl_info di;
	if (dladdr((void *)pfm_initialize, &di) && di.dli_fname)
		printf("library|%s\n", di.dli_fname);
	if (pfm_initialize() != PFM_SUCCESS) {
		printf("init failed\n");
		return 1;
	}
	for (int i = 1; i < argc; i++) {
		struct tl_none n;
		struct tl_perf x;
		tl_none(argv[i], TL_PLM_UK, &n);
		printf("%s|none|", argv[i]);
		tl_print_none_golden(stdout, &n);
		putchar('\n');
		for (int k = 0; k < 2; k++) {
			tl_perf(argv[i], TL_PLM_UK, perf[k].os, &x);
			printf("%s|%s|", argv[i], perf[k].name);
			tl_print_perf_golden(stdout, &x);
			putchar('\n');
		}
	}
	return 0;
}
