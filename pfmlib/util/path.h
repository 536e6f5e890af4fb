/*
 * util/path.h - paths of /proc and /sys under the configured root
 * (LIBPFM_SYSROOT, for tests), so every reader can be pointed at a fixture.
 */
#ifndef PP_UTIL_PATH_H
#define PP_UTIL_PATH_H

#include <stddef.h>
#include <stdio.h>

/* root + path into buf (sz bytes); returns buf, or NULL when it does not fit */
const char *pp_path(char *buf, size_t sz, const char *path);

/* open root + path for reading: a regular file only, never blocking on a FIFO or device */
FILE *pp_path_fopen(const char *path);

#endif /* PP_UTIL_PATH_H */
