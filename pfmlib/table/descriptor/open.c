/*
 * SPDX-License-Identifier: MIT
 * table/descriptor/open.c - descriptor files opened safely and read whole:
 * a regular file, no symbolic link followed, within the size limit, and,
 * for plugins, written by no one but root or this user; the checks are
 * made on the opened file, so what is checked is what is read.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "table/descriptor/reader.h"
#include "util/file.h"

/* why an opened file (fd from pp_file_open) may not be read, or NULL */
static const char *refusal(int fd, const struct stat *st, const struct pp_yaml_opts *opts)
{
	if (fd == -2)
		return S_ISDIR(st->st_mode) ? "a directory, not a regular file" : "not a regular file";
	if (opts && opts->trusted_only && (st->st_mode & (S_IWOTH | S_IWGRP)))
		return "writable by group or others";
	if (opts && opts->trusted_only && st->st_uid != 0 && st->st_uid != geteuid())
		return "owned by another user";
	return NULL;
}

int pp_yaml_open(const char *path, const struct pp_yaml_opts *opts, struct stat *st,
		 char *err, size_t errsz)
{
	/* no link following, no blocking on a FIFO: checks are made on this descriptor */
	int fd = pp_file_open(path, O_NOFOLLOW, st);
	if (fd == -1) {
		if (errno == ELOOP)
			snprintf(err, errsz, "%s: a symbolic link (links are not followed)", path);
		else
			snprintf(err, errsz, "%s: cannot open: %s", path, strerror(errno));
		return -1;
	}
	const char *why = refusal(fd, st, opts);
	if (why) {
		snprintf(err, errsz, "%s: %s", path, why);
		if (fd >= 0)
			close(fd);
		return -1;
	}
	if (opts && opts->max_bytes && (uint64_t)st->st_size > opts->max_bytes) {
		snprintf(err, errsz, "%s: file too large (%llu bytes, the limit is %llu)", path,
			 (unsigned long long)st->st_size, (unsigned long long)opts->max_bytes);
		close(fd);
		return -1;
	}
	return fd;
}

int pp_yaml_load_fd(struct pp_builder *b, const char *name, int fd, size_t len,
		    const struct pp_yaml_opts *opts, char *err, size_t errsz)
{
	char *buf = malloc(len + 1);
	if (!buf) {
		snprintf(err, errsz, "%s: out of memory", name);
		return -1;
	}
	ssize_t got = pp_file_pread(fd, buf, len, 0);
	if (got != (ssize_t)len) {
		snprintf(err, errsz, "%s: short read", name);
		free(buf);
		return -1;
	}
	buf[len] = '\0';
	int r = pp_yaml_load_buffer_opts(b, name, buf, len, opts, err, errsz);
	free(buf);
	return r;
}

int pp_yaml_load_file(struct pp_builder *b, const char *path,
		      const struct pp_yaml_opts *opts, char *err, size_t errsz)
{
	struct stat st;
	int fd = pp_yaml_open(path, opts, &st, err, errsz);
	if (fd < 0)
		return -1;
	int r = pp_yaml_load_fd(b, path, fd, (size_t)st.st_size, opts, err, errsz);
	close(fd);
	return r;
}
