/*
 * SPDX-License-Identifier: MIT
 * env.c - setting and clearing the LIBPFM_* environment (env.h).
 */
#include <stdlib.h>
#include <string.h>
#include "env.h"

extern char **environ;

void tl_env(const char *name, const char *value)
{
	if (value)
		setenv(name, value, 1);
	else
		unsetenv(name);
}

void tl_env_reset(void)
{
	/* unsetenv changes environ: look again from the start after each one */
	for (int again = 1; again;) {
		again = 0;
		for (char **e = environ; e && *e; e++) {
			char name[256];
			size_t len = strcspn(*e, "=");
			if (strncmp(*e, "LIBPFM_", 7) || len >= sizeof(name))
				continue;
			memcpy(name, *e, len);
			name[len] = '\0';
			unsetenv(name);
			again = 1;
			break;
		}
	}
}

void tl_env_empty_host(void)
{
	tl_env_reset();
	setenv("LIBPFM_SYSROOT", TL_EMPTY_SYSROOT, 1);
}
