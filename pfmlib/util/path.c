/*
 * util/path.c - /proc and /sys paths under LIBPFM_SYSROOT, opened safely:
 * only regular files, without blocking on a FIFO or a device.
 */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "util/config.h"
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

FILE *pp_path_fopen(const char *path)
{
	char buf[4096];
	struct stat st;
	FILE *f;
	int fd;

	if (!pp_path(buf, sizeof(buf), path))
		return NULL;
	fd = open(buf, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
	if (fd < 0)
		return NULL;
	if (fstat(fd, &st) || !S_ISREG(st.st_mode) || !(f = fdopen(fd, "r"))) {
		close(fd);
		return NULL;
	}
	return f;
}
