/*
 * SPDX-License-Identifier: MIT
 * fuzz/fuzz_sysfs.c - sysfs PMU trees: the input describes files under
 * <sysroot>/sys/bus/event_source/devices, written to a scratch sysroot; then
 * pfm_initialize with LIBPFM_SYSROOT on it, a few events of every present
 * PMU encoded under the three OS layers, pfm_terminate, and the tree removed.
 *
 * Input format (text, seeds in fuzz/corpus/fuzz_sysfs): records, each a line
 *   @<path relative to devices/>
 * followed by the file's content up to the next line starting with '@' (the
 * newline before it belongs to the content). A path with "..", an empty
 * component or a leading '/' is skipped; at most 64 files, 6 levels deep.
 * A path ending in '/' makes a directory only.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <perfmon/pfmlib.h>
#include <perfmon/pfmlib_perf_event.h>
#include "encode.h"	/* tests/lib */
#include "common.h"

#define MAX_FILES 64
#define MAX_DEPTH 6

static char root[4096];		/* the sysroot */
static char devices[4096];	/* root/sys/bus/event_source/devices */

static int rm_one(const char *p, const struct stat *st, int flag, struct FTW *f)
{
	return remove(p) && errno != ENOENT ? -1 : 0;
}

static void rm_tree(const char *dir)
{
	nftw(dir, rm_one, 16, FTW_DEPTH | FTW_PHYS);
}

static void cleanup(void)
{
	if (root[0])
		rm_tree(root);
}

static int mkdirs(char *path)	/* every directory of path (modified in place, restored) */
{
	for (char *p = path + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = 0;
		int r = mkdir(path, 0755);
		*p = '/';
		if (r && errno != EEXIST)
			return -1;
	}
	return 0;
}

static int good_path(const char *rel, size_t len)
{
	int depth = 1;
	if (!len || len > 200 || rel[0] == '/')
		return 0;
	for (size_t i = 0; i < len; i++) {
		if (rel[i] == '/') {
			if (++depth > MAX_DEPTH || (i + 1 < len && rel[i + 1] == '/'))
				return 0;
		}
	}
	if (memmem(rel, len, "..", 2))
		return 0;
	return 1;
}

static void write_tree(const uint8_t *d, size_t n)
{
	size_t i = 0;
	int files = 0;
	while (i < n && files < MAX_FILES) {
		if (d[i] != '@') {	/* skip to the next record */
			const uint8_t *nl = memchr(d + i, '\n', n - i);
			i = nl ? (size_t)(nl - d) + 1 : n;
			continue;
		}
		const uint8_t *nl = memchr(d + i, '\n', n - i);
		size_t pend = nl ? (size_t)(nl - d) : n;
		const char *rel = (const char *)d + i + 1;
		size_t rlen = pend - i - 1;
		size_t cstart = nl ? pend + 1 : n, cend = cstart;
		while (cend < n && !(d[cend] == '@' && d[cend - 1] == '\n'))
			cend++;
		i = cend;
		if (!good_path(rel, rlen) || memchr(rel, 0, rlen))
			continue;
		char path[4096];
		snprintf(path, sizeof(path), "%s/%.*s", devices, (int)rlen, rel);
		if (mkdirs(path))
			continue;
		files++;
		if (rel[rlen - 1] == '/')
			continue;
		int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW, 0644);
		if (fd < 0)
			continue;
		if (cend > cstart && write(fd, d + cstart, cend - cstart) < 0)
			(void)0;
		close(fd);
	}
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	const char *tmp = getenv("TMPDIR");
	snprintf(root, sizeof(root), "%s/pmuplug-fuzz-sysfs.XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(root)) {
		perror("fuzz_sysfs: mkdtemp");
		abort();
	}
	atexit(cleanup);
	snprintf(devices, sizeof(devices), "%s/sys/bus/event_source/devices", root);
	fz_env(root);
	return 0;
}

static void encode_all(const char *s)
{
	struct tl_none n;
	struct tl_perf x;
	tl_none(s, TL_PLM_UK, &n);
	tl_perf(s, TL_PLM_UK, PFM_OS_PERF_EVENT, &x);
	tl_perf(s, TL_PLM_UK, PFM_OS_PERF_EVENT_EXT, &x);
}

static void exercise(void)
{
	int pmu;
	pfm_for_all_pmus(pmu) {
		pfm_pmu_info_t pi;
		memset(&pi, 0, sizeof(pi));
		pi.size = sizeof(pi);
		if (pfm_get_pmu_info(pmu, &pi) != PFM_SUCCESS || !pi.is_present)
			continue;
		int n = 0;
		for (int e = pi.first_event; e != -1 && n < 8; e = pfm_get_event_next(e), n++) {
			pfm_event_info_t ei;
			char s[512];
			memset(&ei, 0, sizeof(ei));
			ei.size = sizeof(ei);
			if (pfm_get_event_info(e, PFM_OS_PERF_EVENT_EXT, &ei) != PFM_SUCCESS)
				continue;
			snprintf(s, sizeof(s), "%s::%s", pi.name, ei.name);
			encode_all(s);
			for (int a = 0; a < ei.nattrs && a < 4; a++) {
				pfm_event_attr_info_t ai;
				memset(&ai, 0, sizeof(ai));
				ai.size = sizeof(ai);
				if (pfm_get_event_attr_info(e, a, PFM_OS_PERF_EVENT_EXT, &ai) != PFM_SUCCESS)
					continue;
				snprintf(s, sizeof(s), "%s::%s:%s%s", pi.name, ei.name, ai.name,
					 ai.type == PFM_ATTR_UMASK ? "" : "=1");
				encode_all(s);
			}
		}
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size > (1u << 14))
		return 0;
	char sys[4096];
	snprintf(sys, sizeof(sys), "%s/", devices);
	if (mkdirs(sys))
		abort();
	write_tree(data, size);
	if (pfm_initialize() == PFM_SUCCESS)
		exercise();
	pfm_terminate();
	snprintf(sys, sizeof(sys), "%s/sys", root);
	rm_tree(sys);
	return 0;
}
