/*
 * SPDX-License-Identifier: MIT
 * util/path.c - /proc and /sys paths under LIBPFM_SYSROOT, and such a file
 * read whole (util/file.h: only regular files, without blocking on a FIFO
 * or a device).
 */
#include <string.h>
#include "util/config.h"
#include "util/file.h"
#include "util/path.h"

const char *pp_path(char *buf, size_t sz, const char *path)
{
	size_t r = strlen(pp_cfg.sysroot), p = strlen(path);
	if (r + p >= sz)
		return NULL;
	memcpy(buf, pp_cfg.sysroot, r);
	memcpy(buf + r, path, p + 1);
	return buf;
}

char *pp_path_slurp(const char *path, size_t max, size_t *len)
{
	char buf[4096];
	return pp_path(buf, sizeof(buf), path) ? pp_file_slurp(buf, max, len) : NULL;
}
