/*
 * SPDX-License-Identifier: MIT
 * tests/public/test_public.c — the program of the suites that take the
 * library through its public API only (public.h): one suite a run, named
 * by the first argument, its own arguments after it (tl_select), its
 * results line the table's; the library is terminated after it. Built on
 * libpfm.so.4 (test_public, also run under valgrind), on the ASan library
 * (test_public_asan) and on the TSan objects (test_tsan_lazy): tests/public.mk.
 *   present      core PMUs present per detection case (check-detect)
 *   roundtrip    every fstr encodes again to the same result (check-roundtrip)
 *   leaks        pfm_initialize/pfm_terminate cycles, under valgrind (check-leaks)
 *   glm-oracle   Goldmont encodings against libpfm4 4.13's, through oracle_dump (check-glm-oracle)
 *   encode ... lazy   the runtime-plugin suites (check-plugins, tests/plugins/plugins.h)
 *   api, uncore  sysfs PMUs and table uncore PMUs on the fixture trees (check-sysfs, tests/sysfs/suites.h)
 * and in test_public_asan only (TEST_PUBLIC_INTERNAL: suites that call the
 * library's internal functions, which the archives have and libpfm.so.4 hides):
 *   strings      mutated event strings (check-robust, tests/robust/robust.h)
 *   hostile      hostile files where the host and sysfs readers expect small
 *                ones (check-robust): the internal host readers
 *   peek         the start-up peek at a descriptor agrees with the full loader
 *                (check-plugins, tests/plugins/test_peek.c)
 * usage: test_public SUITE [ARGS...]
 */
#include <perfmon/pfmlib.h>
#include "public.h"
#include "plugins.h"
#include "suite.h"
#ifdef TEST_PUBLIC_INTERNAL
#include "robust.h"
#endif

static const struct tl_selectable suites[] = {
	{ "present", present_register, "detect_present" },
	{ "roundtrip", roundtrip_register, "roundtrip" },
	{ "leaks", leak_cycles_register, "leaks" },
	{ "glm-oracle", glm_oracle_register, "glm-oracle" },
	{ "encode", plugin_encode_register, "plugin_encode" },
	{ "override", plugin_override_register, "plugin_override" },
	{ "replace", plugin_replace_register, "plugin_replace" },
	{ "refuse", plugin_refuse_register, "plugin_refuse" },
	{ "cycles", plugin_cycles_register, "plugin_cycles" },
	{ "detect", plugin_detect_register, "plugin_detect" },
	{ "limits", plugin_limits_register, "plugin_limits" },
	{ "cache", plugin_cache_register, "plugin_cache" },
	{ "lazy", plugin_lazy_register, "plugin_lazy" },
	{ "api", sysfs_api_select, "sysfs_api" },
	{ "uncore", sysfs_uncore_select, "uncore" },
#ifdef TEST_PUBLIC_INTERNAL
	{ "strings", robust_strings_register, "robust-strings" },
	{ "hostile", robust_hostile_register, "robust-hostile" },
	{ "peek", plugin_peek_register, "test_peek" },
#endif
};

int main(int argc, char **argv)
{
	int status = tl_select(argc, argv, suites);
	pfm_terminate();
	return status;
}
