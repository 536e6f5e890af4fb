/*
 * SPDX-License-Identifier: MIT
 * tmpdir.c - temporary directories removed whatever happens (tmpdir.h).
 * Removal is registered once, with atexit, for the signals of a crash or
 * an interruption (the signal then goes on to its previous handler), and
 * as the sanitizers' death callback.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <ftw.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "tmpdir.h"

#define MAX_DIRS 32

static char dirs[MAX_DIRS][4096];
static const int signals[] = { SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGINT, SIGTERM, SIGHUP };
static struct sigaction previous[sizeof(signals) / sizeof(signals[0])];

/* present when the program runs under ASan or UBSan */
extern void __sanitizer_set_death_callback(void (*callback)(void)) __attribute__((weak));

static int remove_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st; (void)flag; (void)ftw;
	remove(path);
	return 0;
}

static void remove_slot(int i)
{
	if (dirs[i][0])
		nftw(dirs[i], remove_one, 16, FTW_DEPTH | FTW_PHYS);
	dirs[i][0] = '\0';
}

void tl_tmp_remove_all(void)
{
	for (int i = 0; i < MAX_DIRS; i++)
		remove_slot(i);
}

void tl_tmp_remove(const char *dir)
{
	for (int i = 0; dir && i < MAX_DIRS; i++)
		if (dirs[i][0] && !strcmp(dirs[i], dir))
			remove_slot(i);
}

static void on_signal(int sig, siginfo_t *info, void *context)
{
	(void)context;
	tl_tmp_remove_all();
	for (size_t i = 0; i < sizeof(signals) / sizeof(signals[0]); i++)
		if (signals[i] == sig)
			sigaction(sig, &previous[i], NULL);
	/* a fault happens again on return, now to the previous handler; a sent signal is sent again */
	if (info->si_code <= 0 || sig == SIGABRT || sig == SIGINT || sig == SIGTERM || sig == SIGHUP)
		raise(sig);
}

static void hook(void)
{
	static int hooked;
	if (hooked)
		return;
	hooked = 1;
	atexit(tl_tmp_remove_all);
	if (__sanitizer_set_death_callback)
		__sanitizer_set_death_callback(tl_tmp_remove_all);
	struct sigaction sa;
	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_signal;
	sa.sa_flags = SA_SIGINFO;
	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < sizeof(signals) / sizeof(signals[0]); i++)
		sigaction(signals[i], &sa, &previous[i]);
}

const char *tl_tmp_dir(const char *tag)
{
	const char *base = getenv("TMPDIR");
	if (!base || !*base)
		base = "/tmp";
	hook();
	for (int i = 0; i < MAX_DIRS; i++) {
		if (dirs[i][0])
			continue;
		int n = snprintf(dirs[i], sizeof(dirs[i]), "%s/pmuplug-%s.XXXXXX", base, tag);
		if (n < 0 || (size_t)n >= sizeof(dirs[i]) || !mkdtemp(dirs[i])) {
			fprintf(stderr, "tests/lib: cannot make a temporary directory %s: %s\n", dirs[i],
				strerror(errno));
			dirs[i][0] = '\0';
			return NULL;
		}
		return dirs[i];
	}
	fprintf(stderr, "tests/lib: more than %d temporary directories at once\n", MAX_DIRS);
	return NULL;
}

const char *tl_tmp_path(char *buf, size_t size, const char *dir, const char *rel)
{
	int n = snprintf(buf, size, "%s/%s", dir, rel);
	return n >= 0 && (size_t)n < size ? buf : NULL;
}

int tl_tmp_mkdir(const char *dir, const char *rel)
{
	char path[4096];
	if (!tl_tmp_path(path, sizeof(path), dir, rel))
		return -1;
	for (char *p = path + strlen(dir) + 1;; p++) {
		char c = *p;
		if (c != '/' && c != '\0')
			continue;
		*p = '\0';
		if (mkdir(path, 0755) && errno != EEXIST)
			return -1;
		*p = c;
		if (!c)
			return 0;
	}
}

int tl_tmp_put(const char *dir, const char *rel, const void *data, size_t len)
{
	char path[4096], parent[4096];
	const char *slash = strrchr(rel, '/');
	if (slash) {
		snprintf(parent, sizeof(parent), "%.*s", (int)(slash - rel), rel);
		if (tl_tmp_mkdir(dir, parent))
			return -1;
	}
	if (!tl_tmp_path(path, sizeof(path), dir, rel))
		return -1;
	FILE *f = fopen(path, "w");
	if (!f)
		return -1;
	size_t w = fwrite(data, 1, len, f);
	return fclose(f) || w != len ? -1 : 0;
}

int tl_tmp_puts(const char *dir, const char *rel, const char *text)
{
	return tl_tmp_put(dir, rel, text, strlen(text));
}
