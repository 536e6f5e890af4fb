/*
 * scratch.c - builds the run-time sysfs tree of scratch.h:
 *   devices/scratch/   type 60; format/event config:0-7 and f00..f69
 *                      (config1/config2 single bits); events: ok, huge
 *                      (64 KiB), nul (a NUL byte), fifo (a FIFO),
 *                      lowbit (f00=1), highval (f40=1), highask (f40=?),
 *                      dropped (f65=1). Sorted, the fields are event,
 *                      f00..f69: the first 61 are kept, the first 32 of
 *                      them are modifiers (event, f00..f30).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
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
