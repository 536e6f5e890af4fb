/*
 * SPDX-License-Identifier: MIT
 * watchdog.c - the deadline of watchdog.h, on SIGALRM.
 */
#include <signal.h>
#include <string.h>
#include <unistd.h>
#include "tmpdir.h"
#include "watchdog.h"

static char message[256];

static void expired(int sig)
{
	(void)sig;
	ssize_t w = write(1, message, strlen(message));
	(void)w;
	tl_tmp_remove_all();
	_exit(3);
}

void tl_watchdog(unsigned seconds, const char *what)
{
	if (!seconds) {
		alarm(0);
		return;
	}
	size_t n = strlen(what);
	if (n > sizeof(message) - 20)
		n = sizeof(message) - 20;
	memcpy(message, what, n);
	memcpy(message + n, " blocked\n", 10);
	signal(SIGALRM, expired);
	alarm(seconds);
}
