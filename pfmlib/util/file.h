/*
 * SPDX-License-Identifier: MIT
 * util/file.h - small files read whole without stdio: regular files only,
 * opened without blocking on a FIFO or device, read with pread(2) into the
 * caller's buffer or into one allocation of bounded size. Every reader of
 * the library (sysfs, /proc, descriptors) goes through these.
 */
#ifndef PP_UTIL_FILE_H
#define PP_UTIL_FILE_H

#include <stddef.h>
#include <sys/stat.h>
#include <sys/types.h>

enum { PP_FILE_MISSING = -1, PP_FILE_BAD = -2 };

/*
 * Open path read-only (flags added, e.g. O_NOFOLLOW; never blocking, never
 * a controlling terminal) and fstat it into *st. Returns the descriptor of
 * a regular file; -1 with errno when it cannot be opened or stat'ed; -2
 * (closed, *st filled) when it is not a regular file.
 */
int pp_file_open(const char *path, int flags, struct stat *st);

/* up to sz bytes at offset off (EINTR and short reads retried): the count,
 * below sz only at the end of the file; -1 on a read error */
ssize_t pp_file_pread(int fd, void *buf, size_t sz, off_t off);

/*
 * The regular file at path whole into buf (sz bytes, NUL-terminated).
 * Returns its length, PP_FILE_MISSING when it does not exist, or
 * PP_FILE_BAD with *why set (not a regular file, unreadable, larger than
 * sz - 1 bytes, holds a NUL byte).
 */
int pp_file_read(const char *path, char *buf, size_t sz, const char **why);

/*
 * The first max bytes at most of the regular file at path (the rest is
 * ignored) in one allocation, NUL-terminated, its length in *len; the size
 * fstat gives is only a hint (/proc files say 0). NULL when the file is
 * missing, not regular or unreadable, or memory is short. Free the text.
 */
char *pp_file_slurp(const char *path, size_t max, size_t *len);

#endif /* PP_UTIL_FILE_H */
