/*
 * SPDX-License-Identifier: MIT
 * tmpdir.h - temporary directories and the trees tests write into them
 * (sysroots, scratch sysfs trees). Every directory made here is removed
 * with all it holds by tl_tmp_remove, and otherwise when the program ends:
 * at exit (also after failed assertions), on a crash signal, and when a
 * sanitizer reports an error.
 */
#ifndef TL_TMPDIR_H
#define TL_TMPDIR_H

#include <stddef.h>

/* a new directory $TMPDIR/pmuplug-<tag>.XXXXXX (or under /tmp); NULL on failure */
const char *tl_tmp_dir(const char *tag);

/* dir/rel into buf (NULL when it does not fit) */
const char *tl_tmp_path(char *buf, size_t size, const char *dir, const char *rel);

/* the directory dir/rel and the missing ones above it; 0 or -1 */
int tl_tmp_mkdir(const char *dir, const char *rel);

/* the file dir/rel holding len bytes of data, its directories made; 0 or -1 */
int tl_tmp_put(const char *dir, const char *rel, const void *data, size_t len);
int tl_tmp_puts(const char *dir, const char *rel, const char *text);

/* remove one directory of tl_tmp_dir (and all it holds) now */
void tl_tmp_remove(const char *dir);

/* remove every directory of tl_tmp_dir now (also safe in a signal handler's last act) */
void tl_tmp_remove_all(void);

#endif
