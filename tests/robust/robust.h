/*
 * SPDX-License-Identifier: MIT
 * tests/robust/robust.h - the checks of robust_asan, the program built on
 * the ASan+UBSan library archive: each takes the arguments after its name
 * (argv[0]) and returns its exit status after its results line.
 */
#ifndef TESTS_ROBUST_ROBUST_H
#define TESTS_ROBUST_ROBUST_H

int robust_strings(int argc, char **argv);	/* [ROUNDS]: mutated event strings (driver) */
int robust_hostile(int argc, char **argv);	/* hostile files under a sysroot (CUnit) */

#endif
