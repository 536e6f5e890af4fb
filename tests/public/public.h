/*
 * SPDX-License-Identifier: MIT
 * tests/public/public.h — the suites of test_public, the CUnit program of
 * the public API (tests/public/test_public.c): each lives beside the suite
 * target it serves and registers its CUnit suites from the arguments that
 * follow its name on the command line (argv[0] is the name), returning 0,
 * or 2 after a usage message. The plugin suites are declared in
 * tests/plugins/plugins.h.
 */
#ifndef TESTS_PUBLIC_PUBLIC_H
#define TESTS_PUBLIC_PUBLIC_H

/* tests/detect/present.c, check-detect: [-r ROOT] CASEFILE... */
int present_register(int argc, char **argv);
/* tests/roundtrip/roundtrip.c, check-roundtrip: [PMU...] */
int roundtrip_register(int argc, char **argv);
/* tests/leaks/leak_cycles.c, check-leaks (under valgrind): N LABEL */
int leak_cycles_register(int argc, char **argv);
/* tests/unit/glm_oracle.c, check-glm-oracle: ORACLE_DUMP OUR_LIBDIR */
int glm_oracle_register(int argc, char **argv);
/* tests/sysfs/suites.c, check-sysfs: [FIXTURES] (default tests/fixtures/sysfs) */
int sysfs_api_select(int argc, char **argv);
int sysfs_uncore_select(int argc, char **argv);

#endif
