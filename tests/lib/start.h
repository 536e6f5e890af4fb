/*
 * SPDX-License-Identifier: MIT
 * start.h - a fresh pfm_initialize as a given host (LIBPFM_CPUID) on one
 * of the sysfs fixture trees, the way the uncore suites begin their cases.
 */
#ifndef TL_START_H
#define TL_START_H

/* the directory of the sysfs fixture trees: tests/fixtures/sysfs, or what
 * a suite's command line says */
extern const char *tl_fixtures;

/* pfm_terminate, then pfm_initialize as host cpuid on fixture tree `tree`
 * (NULL: the empty sysroot), LIBPFM_ENCODE_INACTIVE when inactive, no other
 * LIBPFM_* variable; pfm_initialize's answer */
int tl_start_on(const char *tree, const char *cpuid, int inactive);

#endif
