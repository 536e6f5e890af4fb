/*
 * SPDX-License-Identifier: MIT
 * tests/compat/compat.h - the checks of compat_4_13, a program built against
 * the installed libpfm4 4.13 header and library that runs on our
 * libpfm.so.4: each is a counting driver (tests/lib/report.h) given the
 * arguments after its name (argv[0]), returning tl_report's status.
 */
#ifndef TESTS_COMPAT_COMPAT_H
#define TESTS_COMPAT_COMPAT_H

int compat_enumerate(int argc, char **argv);	/* [LIBDIR]: enumerate.c */
int compat_for_all_pmus(int argc, char **argv);	/* LIBDIR compat|native PMU...: for_all_pmus.c */

#endif
