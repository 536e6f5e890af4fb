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
 * The names of dir (hidden ones left out), sorted by bytes when sorted is
 * set, or when there are more than PP_SYSFS_MAX_ENTRIES (the first ones in
 * that order are kept): the directory's records read whole (getdents64,
 * no copy per name), the names left where the kernel wrote them. One
 * allocation holds the records, another the NULL-terminated pointer array,
 * whose slot before the first holds the records (pp_sysfs_names_free).
 */
static int list_dir(const char *dir, char ***names, int sorted)
{
	*names = NULL;
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		return errno == ENOMEM ? -2 : 0;
	/* the records: a sysfs directory of PMUs, events or formats holds a few
	 * hundred, so one or two reads */
	size_t cap = 16384, len = 0;
	char *recs = malloc(cap);
	for (;;) {
		if (!recs)
			break;
		if (cap - len < 4096) {
			char *nr = realloc(recs, cap * 2);
			if (!nr) {
				free(recs);
				recs = NULL;
				break;
			}
			recs = nr;
			cap *= 2;
		}
		ssize_t r = getdents64(fd, recs + len, cap - len);
		if (r <= 0)
			break;
		len += (size_t)r;
	}
	close(fd);
	if (!recs)
		return -2;
	/* a record takes 24 bytes at least (its header and a name, aligned):
	 * room for every name without counting them first */
	char **base = malloc((len / 24 + 2) * sizeof(*base));
	if (!base) {
		free(recs);
		return -2;
	}
	base[0] = recs;
	char **v = base + 1;
	int n = 0;
	for (size_t off = 0, step; off < len; off += step) {
		struct dirent64 *d = (struct dirent64 *)(recs + off);
		if ((step = d->d_reclen) < 24)
			break;	/* (the kernel writes none such) */
		if (d->d_name[0] != '.')
			v[n++] = d->d_name;
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
	(void)n;
	if (!names)
		return;
	/* the records, then the array (one slot before the first name) */
	free(names[-1]);
	free(names - 1);
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
