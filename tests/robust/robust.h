/*
 * SPDX-License-Identifier: MIT
 * tests/robust/robust.h - the robustness suites of test_public_asan, the
 * public-API program linked on the ASan+UBSan library archive
 * (tests/public.mk, run by tests/robust/run.sh for check-robust): each
 * registers its CUnit suite from the arguments after its name (argv[0]) and
 * returns 0, or 2 after a usage message (tl_select, tests/lib/suite.h).
 */
#ifndef TESTS_ROBUST_ROBUST_H
#define TESTS_ROBUST_ROBUST_H

/* tests/robust/mutate_strings.c, `strings [ROUNDS]`: mutated event strings */
int robust_strings_register(int argc, char **argv);
/* tests/robust/hostile_files.c, `hostile`: hostile files under a sysroot (internal host readers) */
int robust_hostile_register(int argc, char **argv);

#endif
