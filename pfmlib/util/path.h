/*
 * SPDX-License-Identifier: MIT
 * util/path.h - paths of /proc and /sys under the configured root
 * (LIBPFM_SYSROOT, for tests), so every reader can be pointed at a fixture.
 */
#ifndef PP_UTIL_PATH_H
#define PP_UTIL_PATH_H

#include <stddef.h>

/* root + path into buf (sz bytes); returns buf, or NULL when it does not fit */
const char *pp_path(char *buf, size_t sz, const char *path);

/* root + path read whole (pp_file_slurp: its first max bytes at most, a
 * regular file only, never blocking on a FIFO or device); free the text */
char *pp_path_slurp(const char *path, size_t max, size_t *len);

#endif /* PP_UTIL_PATH_H */
