/*
 * SPDX-License-Identifier: MIT
 * sysfs/read.c - bounded reads of the sysfs PMU tree: one small regular
 * file at a time (util/file.h: a FIFO or device is opened without waiting
 * and refused; never more than the caller's buffer, never a file holding
 * NUL bytes) and
 * directory listings of limited length, so that no content under
 * the tree can block, exhaust or crash pfm_initialize.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "sysfs/sysfs.h"
#include "util/file.h"
#include "util/path.h"

_Static_assert((int)PP_SYSFS_MISSING == (int)PP_FILE_MISSING && (int)PP_SYSFS_BAD == (int)PP_FILE_BAD,
	       "sysfs reads return util/file.h's codes");

int pp_sysfs_read(const char *path, char *buf, size_t sz, const char **why)
{
	return pp_file_read(path, buf, sz, why);
}

static int by_bytes(const void *a, const void *b)
{
	/* byte order, not the locale's: ids given in this order must not depend on LC_COLLATE */
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/*
 * The names of dir (hidden ones left out), sorted by bytes, at most
 * PP_SYSFS_MAX_ENTRIES of them (the first ones in that order): one allocation
 * holds the NULL-terminated pointer array and the strings.
 */
/* the names of dir, sorted by bytes when sorted is set, or when there are more
 * than PP_SYSFS_MAX_ENTRIES (the first ones in that order are kept) */
static int list_dir(const char *dir, char ***names, int sorted)
{
	*names = NULL;
	DIR *d = opendir(dir);
	if (!d)
		return errno == ENOMEM ? -2 : 0;
	/* first pass: collect the names into a growing byte buffer */
	char *text = NULL;
	size_t tlen = 0, tcap = 0;
	int n = 0;
	struct dirent *e;
	while ((e = readdir(d))) {
		if (e->d_name[0] == '.')
			continue;
		size_t l = strlen(e->d_name) + 1;
		if (tlen + l > tcap) {
			size_t ncap = tcap ? tcap * 2 : 512;
			while (ncap < tlen + l)
				ncap *= 2;
			char *nt = realloc(text, ncap);
			if (!nt) {
				free(text);
				closedir(d);
				return -2;
			}
			text = nt;
			tcap = ncap;
		}
		memcpy(text + tlen, e->d_name, l);
		tlen += l;
		n++;
	}
	closedir(d);
	/* then the pointer array and the strings in one block */
	char **v = malloc((size_t)(n + 1) * sizeof(*v) + tlen);
	if (!v) {
		free(text);
		return -2;
	}
	char *strs = (char *)(v + n + 1);
	if (tlen)
		memcpy(strs, text, tlen);
	free(text);
	for (int i = 0; i < n; i++) {
		v[i] = strs;
		strs += strlen(strs) + 1;
	}
	if (sorted || n > PP_SYSFS_MAX_ENTRIES)
		qsort(v, (size_t)n, sizeof(*v), by_bytes);
	int keep = n < PP_SYSFS_MAX_ENTRIES ? n : PP_SYSFS_MAX_ENTRIES;
	v[keep] = NULL;
	*names = v;
	return keep;
}

int pp_sysfs_list(const char *dir, char ***names)
{
	return list_dir(dir, names, 1);
}

int pp_sysfs_list_unsorted(const char *dir, char ***names)
{
	return list_dir(dir, names, 0);
}

void pp_sysfs_names_free(char **names, int n)
{
	(void)n;	/* the names live in the array's own allocation */
	free(names);
}

/* append s at buf[*len] if it fits below sz (room kept for the NUL) */
static int put(char *buf, size_t sz, size_t *len, const char *s)
{
	size_t l = strlen(s);
	if (l >= sz - *len)
		return -1;
	memcpy(buf + *len, s, l);
	*len += l;
	return 0;
}

int pp_sysfs_join(char *buf, size_t sz, const char *dir, const char *a, const char *b)
{
	/* memcpy, not snprintf: start-up joins many paths */
	size_t len = 0;
	if (!sz || put(buf, sz, &len, dir) || put(buf, sz, &len, "/") || put(buf, sz, &len, a) ||
	    (b && (put(buf, sz, &len, "/") || put(buf, sz, &len, b))))
		return -1;
	buf[len] = '\0';
	return 0;
}

int pp_sysfs_pmu_path(char *buf, size_t sz, const char *pmu, const char *file)
{
	char root[2048];
	if (!pp_path(root, sizeof(root), "/sys/bus/event_source/devices"))
		return -1;
	return pp_sysfs_join(buf, sz, root, pmu, file);
}
