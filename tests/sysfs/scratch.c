/*
 * SPDX-License-Identifier: MIT
 * scratch.c - builds the run-time sysfs trees of scratch.h, each a
 * temporary directory of tests/lib:
 *   devices/scratch/   type 60; format/event config:0-7 and f00..f69
 *                      (config1/config2 single bits); events: ok, huge
 *                      (64 KiB), nul (a NUL byte), fifo (a FIFO),
 *                      lowbit (f00=1), highval (f40=1), highask (f40=?),
 *                      dropped (f65=1). Sorted, the fields are event,
 *                      f00..f69: the first 61 are kept, the first 32 of
 *                      them are modifiers (event, f00..f30).
 *   the malformed tree: tests/fixtures/sysfs/broken copied, plus the links
 *                      of scratch.h
 */
#define _GNU_SOURCE
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "scratch.h"
#include "tmpdir.h"

#define PMU "sys/bus/event_source/devices/scratch"

static const char *root;
static char pmu[4096];

static int put(const char *rel, const char *text)
{
	char path[512];
	snprintf(path, sizeof(path), PMU "/%s", rel);
	return tl_tmp_puts(root, path, text);
}

const char *scratch_create(void)
{
	char path[4096], spec[32], name[16];
	scratch_remove();
	root = tl_tmp_dir("sysfs");
	if (!root || !tl_tmp_path(pmu, sizeof(pmu), root, PMU) || tl_tmp_mkdir(root, PMU "/format") ||
	    tl_tmp_mkdir(root, PMU "/events"))
		return NULL;
	if (put("type", "60\n") || put("format/event", "config:0-7\n") || put("events/ok", "event=0x7\n"))
		return NULL;
	for (int i = 0; i < 70; i++) {
		snprintf(name, sizeof(name), "format/f%02d", i);
		snprintf(spec, sizeof(spec), "config%d:%d\n", 1 + i / 64, i % 64);
		if (put(name, spec))
			return NULL;
	}
	char *big = malloc(65536);
	if (!big)
		return NULL;
	memset(big, ' ', 65536);
	memcpy(big, "event=0x1,", 10);
	int r = tl_tmp_put(root, PMU "/events/huge", big, 65536);
	free(big);
	if (r || tl_tmp_put(root, PMU "/events/nul", "event=0x1\0,event=0x2\n", 21) ||
	    put("events/lowbit", "event=0x1,f00=1\n") || put("events/highval", "event=0x1,f40=1\n") ||
	    put("events/highask", "event=0x1,f40=?\n") || put("events/dropped", "event=0x1,f65=1\n"))
		return NULL;
	if (!tl_tmp_path(path, sizeof(path), root, PMU "/events/fifo") || mkfifo(path, 0644))
		return NULL;
	return root;
}

const char *scratch_pmu_dir(void)
{
	return pmu;
}

void scratch_remove(void)
{
	tl_tmp_remove(root);
	root = NULL;
}

/* ---- the malformed tree ---- */

static const char *broken;
static size_t copy_from_len;	/* strlen of the fixture tree being copied */

static int copy_file(const char *from, const char *rel)
{
	char to[4096];
	FILE *in = fopen(from, "rb"), *out = NULL;
	int r = -1;
	if (in && tl_tmp_path(to, sizeof(to), broken, rel))
		out = fopen(to, "wbx");
	if (out) {
		char buf[4096];
		size_t n;
		while ((n = fread(buf, 1, sizeof(buf), in)) > 0)
			if (fwrite(buf, 1, n, out) != n)
				break;
		r = ferror(in) || ferror(out) ? -1 : 0;
	}
	if (in)
		fclose(in);
	if (out && fclose(out))
		r = -1;
	return r;
}

/* nftw callback: one entry of the fixture again under broken (the fixture holds plain files and directories) */
static int copy_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	const char *rel = path + copy_from_len;
	if (ftw->level == 0)
		return 0;	/* the tree's root: broken itself */
	rel += *rel == '/';
	if (flag == FTW_D)
		return tl_tmp_mkdir(broken, rel);
	if (flag == FTW_F && S_ISREG(st->st_mode))
		return copy_file(path, rel);
	fprintf(stderr, "scratch: %s: not a plain file or directory\n", path);
	return -1;
}

const char *scratch_broken(const char *fixtures)
{
	static const struct { const char *link, *target; } links[] = {
		{ "sys/bus/event_source/devices/ghost", "../../../devices/ghost" },
		{ "sys/bus/event_source/devices/good/events/zero", "/dev/zero" },
		{ "sys/bus/event_source/devices/good/events/dangling", "gone" },
		{ "sys/bus/event_source/devices/good/format/dangling", "nowhere" },
	};
	char from[4096], path[4096];
	if (broken)
		return broken;
	broken = tl_tmp_dir("sysfs-broken");
	if (!broken)
		return NULL;
	snprintf(from, sizeof(from), "%s/broken", fixtures);
	copy_from_len = strlen(from);
	if (nftw(from, copy_one, 16, FTW_PHYS))
		goto fail;
	for (size_t i = 0; i < sizeof(links) / sizeof(links[0]); i++)
		if (!tl_tmp_path(path, sizeof(path), broken, links[i].link) || symlink(links[i].target, path))
			goto fail;
	return broken;
fail:
	fprintf(stderr, "scratch: cannot make %s from %s\n", broken, from);
	tl_tmp_remove(broken);
	broken = NULL;
	return NULL;
}
