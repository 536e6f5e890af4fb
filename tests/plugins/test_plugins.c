/*
 * SPDX-License-Identifier: MIT
 * tests/plugins/test_plugins.c - the program of the plugin suites
 * (plugins.h) on the public API: one suite a run, named by the first
 * argument, its own arguments after it; the results line is
 * "plugin_<suite>: N passed, N failed". Built on libpfm.so.4 (run under
 * valgrind too) and on the ASan library (tests/plugins.mk).
 * usage: test_plugins SUITE [ARGS...]
 */
#include <stdio.h>
#include <string.h>
#include "suite.h"
#include "plugins.h"

static const struct {
	const char *name;
	int (*add)(int argc, char **argv);
} suites[] = {
	{ "encode", plugin_encode_register },
	{ "override", plugin_override_register },
	{ "replace", plugin_replace_register },
	{ "refuse", plugin_refuse_register },
	{ "cycles", plugin_cycles_register },
	{ "detect", plugin_detect_register },
	{ "limits", plugin_limits_register },
	{ "cache", plugin_cache_register },
	{ "lazy", plugin_lazy_register },
};

int main(int argc, char **argv)
{
	for (size_t i = 0; argc > 1 && i < sizeof(suites) / sizeof(suites[0]); i++) {
		if (strcmp(argv[1], suites[i].name))
			continue;
		int st = suites[i].add(argc - 1, argv + 1);
		if (st)
			return st;
		char name[64];
		snprintf(name, sizeof(name), "plugin_%s", suites[i].name);
		return tl_run(name);
	}
	fprintf(stderr, "usage: %s SUITE [ARGS...]; SUITE: encode override replace refuse cycles detect limits cache lazy\n",
		argv[0]);
	return 2;
}
