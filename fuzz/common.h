/*
 * SPDX-License-Identifier: MIT
 * fuzz/common.h - what the libFuzzer targets share: the library's environment
 * set before pfm_initialize, and an input copied into a NUL-terminated string.
 */
#ifndef FUZZ_COMMON_H
#define FUZZ_COMMON_H

#include <stddef.h>
#include <stdint.h>

/* the empty sysroot (no /proc, no /sys), compiled in by fuzz/module.mk */
#ifndef FUZZ_EMPTY_SYSROOT
#define FUZZ_EMPTY_SYSROOT "tests/fixtures/sysroot/empty"
#endif

/* LIBPFM_* for a fuzz run: no plugins, no caller's variables; sysroot as given */
void fz_env(const char *sysroot);

/* data[0..size) as a string, NULL when it holds a NUL or is above max bytes (free it) */
char *fz_string(const uint8_t *data, size_t size, size_t max);

/* an int environment variable, dfl when unset */
int fz_env_int(const char *name, int dfl);

#endif
