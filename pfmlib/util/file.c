/*
 * SPDX-License-Identifier: MIT
 * util/file.c - small files read whole without stdio (util/file.h):
 * open(2) without blocking, fstat(2) for the type and size, pread(2).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "util/file.h"

int pp_file_open(const char *path, int flags, struct stat *st)
{
	/* O_NONBLOCK: a FIFO opens at once and is then refused by fstat, never waited on */
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY | flags);
	if (fd < 0)
		return -1;
	if (fstat(fd, st)) {
		int e = errno;
		close(fd);
		errno = e;
		return -1;
	}
	if (!S_ISREG(st->st_mode)) {
		close(fd);
		return -2;
	}
	return fd;
}

ssize_t pp_file_pread(int fd, void *buf, size_t sz, off_t off)
{
	size_t got = 0;
	while (got < sz) {
		ssize_t r = pread(fd, (char *)buf + got, sz - got, off + (off_t)got);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return -1;
		if (r == 0)
			break;
		got += (size_t)r;
	}
	return (ssize_t)got;
}

int pp_file_read(const char *path, char *buf, size_t sz, const char **why)
{
	struct stat st;
	char more;

	buf[0] = '\0';
	int fd = pp_file_open(path, 0, &st);
	if (fd == -1 && (errno == ENOENT || errno == ENOTDIR))
		return PP_FILE_MISSING;
	if (fd < 0) {
		*why = fd == -2 || errno == EISDIR ? "not a regular file" : "cannot be opened";
		return PP_FILE_BAD;
	}
	/* one byte more than fits tells a file too large */
	ssize_t len = pp_file_pread(fd, buf, sz - 1, 0);
	ssize_t over = len == (ssize_t)(sz - 1) ? pp_file_pread(fd, &more, 1, len) : 0;
	close(fd);
	if (len < 0 || over < 0) {
		buf[0] = '\0';
		*why = "cannot be read";
		return PP_FILE_BAD;
	}
	if (over) {
		buf[0] = '\0';
		*why = "too large";
		return PP_FILE_BAD;
	}
	buf[len] = '\0';
	if (memchr(buf, '\0', (size_t)len)) {
		buf[0] = '\0';
		*why = "holds a NUL byte";
		return PP_FILE_BAD;
	}
	return (int)len;
}

char *pp_file_slurp(const char *path, size_t max, size_t *len)
{
	struct stat st;
	int fd = pp_file_open(path, 0, &st);
	if (fd < 0)
		return NULL;
	/* the size fstat gives and a byte to see the end in one read, else (a
	 * /proc file) a page; doubled while full */
	size_t cap = st.st_size > 0 && (unsigned long long)st.st_size < max ? (size_t)st.st_size + 1 : 4096;
	size_t got = 0;
	char *text = NULL;
	for (;;) {
		if (cap > max)
			cap = max;
		char *n = realloc(text, cap + 1);
		if (!n)
			break;
		text = n;
		ssize_t r = pp_file_pread(fd, text + got, cap - got, (off_t)got);
		if (r < 0)
			break;
		got += (size_t)r;
		if (got < cap || cap == max) {
			close(fd);
			text[got] = '\0';
			*len = got;
			return text;
		}
		cap *= 2;
	}
	close(fd);
	free(text);
	return NULL;
}
