/*
 * SPDX-License-Identifier: MIT
 * env.h - the LIBPFM_* environment of a test: set or unset one variable,
 * or unset them all so a case starts from nothing the caller exported.
 * The library reads its environment at pfm_initialize: change it before.
 */
#ifndef TL_ENV_H
#define TL_ENV_H

/* set name to value, or unset it when value is NULL */
void tl_env(const char *name, const char *value);

/* unset every LIBPFM_* variable */
void tl_env_reset(void);

/* a host root without /proc and /sys; the programs run from the top of the tree */
#define TL_EMPTY_SYSROOT "tests/fixtures/sysroot/empty"

/* tl_env_reset, then LIBPFM_SYSROOT=TL_EMPTY_SYSROOT: neither the identity
 * nor the sysfs PMUs of the machine running the test reach the library */
void tl_env_empty_host(void);

#endif
