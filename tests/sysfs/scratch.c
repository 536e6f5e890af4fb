/*
 * scratch.c - builds the run-time sysfs tree of scratch.h under /tmp:
 *   devices/scratch/   type 60; format/event config:0-7 and f00..f69
 *                      (config1/config2 single bits); events: ok, huge
 *                      (64 KiB), nul (a NUL byte), fifo (a FIFO),
 *                      lowbit (f00=1), highval (f40=1), highask (f40=?),
 *                      dropped (f65=1). Sorted, the fields are event,
 *                      f00..f69: the first 61 are kept, the first 32 of
 *                      them are modifiers (event, f00..f30).
 */
#define _GNU_SOURCE
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "scratch.h"

static char root[256], pmu[512];

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
	snprintf(root, sizeof(root), "/tmp/pp-sysfs-XXXXXX");
	if (!mkdtemp(root))
		return NULL;
	snprintf(pmu, sizeof(pmu), "%s/sys/bus/event_source/devices/scratch", root);
	const char *dirs[] = { "/sys", "/sys/bus", "/sys/bus/event_source", "/sys/bus/event_source/devices",
			       "/sys/bus/event_source/devices/scratch", "/sys/bus/event_source/devices/scratch/format",
			       "/sys/bus/event_source/devices/scratch/events" };
	for (size_t i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++) {
		snprintf(path, sizeof(path), "%s%s", root, dirs[i]);
		if (mkdir(path, 0755))
			return NULL;
	}
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
	return root;
}

const char *scratch_pmu_dir(void)
{
	return pmu;
}

static int rm_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st; (void)flag; (void)ftw;
	return remove(path);
}

void scratch_remove(void)
{
	if (root[0] && strncmp(root, "/tmp/pp-sysfs-", 14) == 0)
		nftw(root, rm_one, 16, FTW_DEPTH | FTW_PHYS);
	root[0] = '\0';
}
