/*
 * scratch.c - builds the run-time sysfs trees of scratch.h, all under one
 * directory $TMPDIR/pp-sysfs-XXXXXX (TMPDIR unset: /tmp):
 *   limits/   devices/scratch/  type 60; format/event config:0-7 and f00..f69
 *                      (config1/config2 single bits); events: ok, huge
 *                      (64 KiB), nul (a NUL byte), fifo (a FIFO),
 *                      lowbit (f00=1), highval (f40=1), highask (f40=?),
 *                      dropped (f65=1). Sorted, the fields are event,
 *                      f00..f69: the first 61 are kept, the first 32 of
 *                      them are modifiers (event, f00..f30).
 *   broken/   tests/fixtures/sysfs/broken copied, plus the links of scratch.h
 */
#define _GNU_SOURCE
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "scratch.h"

#define DEVICES "/sys/bus/event_source/devices"

static char base[512], limits[600], pmu[700], broken[600];

/* the directory holding every tree, made on first use */
static const char *base_dir(void)
{
	if (base[0])
		return base;
	const char *tmp = getenv("TMPDIR");
	snprintf(base, sizeof(base), "%s/pp-sysfs-XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(base)) {
		base[0] = '\0';
		return NULL;
	}
	atexit(scratch_cleanup);
	return base;
}

static int rm_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st; (void)flag; (void)ftw;
	return remove(path);
}

static void remove_tree(const char *dir)
{
	struct stat st;
	if (dir[0] && lstat(dir, &st) == 0)
		nftw(dir, rm_one, 16, FTW_DEPTH | FTW_PHYS);
}

/* mkdir, an existing directory being fine */
static int mkdir_ok(const char *path)
{
	struct stat st;
	return mkdir(path, 0755) && (stat(path, &st) || !S_ISDIR(st.st_mode)) ? -1 : 0;
}

/* mkdir -p */
static int mkdirs(const char *dir)
{
	char path[1024];
	int n = snprintf(path, sizeof(path), "%s", dir);
	if (n < 0 || (size_t)n >= sizeof(path))
		return -1;
	for (char *p = path + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir_ok(path))
			return -1;
		*p = '/';
	}
	return mkdir_ok(path);
}

static int put(const char *rel, const char *data, size_t len)
{
	char path[1024];
	snprintf(path, sizeof(path), "%s/%s", pmu, rel);
	FILE *f = fopen(path, "w");
	if (!f)
		return -1;
	size_t w = fwrite(data, 1, len, f);
	return (fclose(f) || w != len) ? -1 : 0;
}

static int puts_(const char *rel, const char *text)
{
	return put(rel, text, strlen(text));
}

const char *scratch_create(void)
{
	char path[1024], spec[32], name[16];
	if (!base_dir())
		return NULL;
	scratch_remove();
	snprintf(limits, sizeof(limits), "%s/limits", base);
	snprintf(pmu, sizeof(pmu), "%s" DEVICES "/scratch", limits);
	snprintf(path, sizeof(path), "%s/format", pmu);
	if (mkdirs(path))
		return NULL;
	snprintf(path, sizeof(path), "%s/events", pmu);
	if (mkdirs(path))
		return NULL;
	if (puts_("type", "60\n") || puts_("format/event", "config:0-7\n") || puts_("events/ok", "event=0x7\n"))
		return NULL;
	for (int i = 0; i < 70; i++) {
		snprintf(name, sizeof(name), "format/f%02d", i);
		snprintf(spec, sizeof(spec), "config%d:%d\n", 1 + i / 64, i % 64);
		if (puts_(name, spec))
			return NULL;
	}
	char *big = malloc(65536);
	if (!big)
		return NULL;
	memset(big, ' ', 65536);
	memcpy(big, "event=0x1,", 10);
	int r = put("events/huge", big, 65536);
	free(big);
	if (r || put("events/nul", "event=0x1\0,event=0x2\n", 21) ||
	    puts_("events/lowbit", "event=0x1,f00=1\n") || puts_("events/highval", "event=0x1,f40=1\n") ||
	    puts_("events/highask", "event=0x1,f40=?\n") || puts_("events/dropped", "event=0x1,f65=1\n"))
		return NULL;
	snprintf(path, sizeof(path), "%s/events/fifo", pmu);
	if (mkfifo(path, 0644))
		return NULL;
	return limits;
}

const char *scratch_pmu_dir(void)
{
	return pmu;
}

void scratch_remove(void)
{
	if (limits[0])
		remove_tree(limits);
	limits[0] = '\0';
}

/* ---- the malformed tree ---- */

static size_t copy_from_len;	/* strlen of the tree being copied */

static int copy_file(const char *from, const char *to)
{
	FILE *in = fopen(from, "rb"), *out = in ? fopen(to, "wbx") : NULL;
	int r = -1;
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

/* nftw callback: recreate one entry of the fixture under broken/ (the tree is plain files and directories) */
static int copy_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)ftw;
	char to[2048];
	snprintf(to, sizeof(to), "%s%s", broken, path + copy_from_len);
	if (flag == FTW_D)
		return mkdir_ok(to);
	if (flag == FTW_F && S_ISREG(st->st_mode))
		return copy_file(path, to);
	fprintf(stderr, "scratch: %s: not a plain file or directory\n", path);
	return -1;
}

const char *scratch_broken(const char *fixtures)
{
	static const struct { const char *link, *target; } links[] = {
		{ DEVICES "/ghost", "../../../devices/ghost" },
		{ DEVICES "/good/events/zero", "/dev/zero" },
		{ DEVICES "/good/events/dangling", "gone" },
		{ DEVICES "/good/format/dangling", "nowhere" },
	};
	char from[1024], path[1024];
	if (broken[0])
		return broken;
	if (!base_dir())
		return NULL;
	snprintf(broken, sizeof(broken), "%s/broken", base);
	snprintf(from, sizeof(from), "%s/broken", fixtures);
	copy_from_len = strlen(from);
	if (nftw(from, copy_one, 16, FTW_PHYS))
		goto fail;
	for (size_t i = 0; i < sizeof(links) / sizeof(links[0]); i++) {
		snprintf(path, sizeof(path), "%s%s", broken, links[i].link);
		if (symlink(links[i].target, path))
			goto fail;
	}
	return broken;
fail:
	fprintf(stderr, "scratch: cannot make %s from %s\n", broken, from);
	remove_tree(broken);
	broken[0] = '\0';
	return NULL;
}

void scratch_cleanup(void)
{
	if (base[0])
		remove_tree(base);
	base[0] = limits[0] = broken[0] = '\0';
}
