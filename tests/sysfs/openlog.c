/*
 * SPDX-License-Identifier: MIT
 * tests/sysfs/openlog.c - an LD_PRELOAD shim that writes the path of every
 * file or directory a program opens through the C library (open, openat,
 * fopen, opendir and their 64-bit names) to the file OPENLOG names, one
 * line each, then opens it as asked: tests/sysfs/startup-opens.sh reads the
 * lines to pin what pfm_initialize opens.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <dlfcn.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* path and a newline appended to $OPENLOG (opened for each line: the shim
 * keeps no descriptor of its own across the program's calls) */
static void note(const char *path)
{
	static int (*real_open)(const char *, int, ...);
	const char *log = getenv("OPENLOG");
	if (!log || !path)
		return;
	if (!real_open)
		real_open = (int (*)(const char *, int, ...))dlsym(RTLD_NEXT, "open");
	int fd = real_open(log, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
	if (fd < 0)
		return;
	size_t n = strlen(path);
	if (write(fd, path, n) != (ssize_t)n || write(fd, "\n", 1) != 1) {
		/* a line lost: the test sees fewer opens, never a false one */
	}
	close(fd);
}

/* mode is passed on only when flags create a file */
#define MODE_ARG(flags, mode)                                  \
	do {                                                   \
		if ((flags) & (O_CREAT | O_TMPFILE)) {          \
			va_list ap;                            \
			va_start(ap, flags);                   \
			mode = va_arg(ap, int);                \
			va_end(ap);                            \
		}                                              \
	} while (0)

#define REAL(name, type) ((type)dlsym(RTLD_NEXT, name))

int open(const char *path, int flags, ...)
{
	int mode = 0;
	MODE_ARG(flags, mode);
	note(path);
	return REAL("open", int (*)(const char *, int, ...))(path, flags, mode);
}

int open64(const char *path, int flags, ...)
{
	int mode = 0;
	MODE_ARG(flags, mode);
	note(path);
	return REAL("open64", int (*)(const char *, int, ...))(path, flags, mode);
}

int openat(int dirfd, const char *path, int flags, ...)
{
	int mode = 0;
	MODE_ARG(flags, mode);
	note(path);
	return REAL("openat", int (*)(int, const char *, int, ...))(dirfd, path, flags, mode);
}

int openat64(int dirfd, const char *path, int flags, ...)
{
	int mode = 0;
	MODE_ARG(flags, mode);
	note(path);
	return REAL("openat64", int (*)(int, const char *, int, ...))(dirfd, path, flags, mode);
}

FILE *fopen(const char *path, const char *how)
{
	note(path);
	return REAL("fopen", FILE *(*)(const char *, const char *))(path, how);
}

FILE *fopen64(const char *path, const char *how)
{
	note(path);
	return REAL("fopen64", FILE *(*)(const char *, const char *))(path, how);
}

DIR *opendir(const char *path)
{
	note(path);
	return REAL("opendir", DIR *(*)(const char *))(path);
}
