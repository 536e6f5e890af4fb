/*
 * SPDX-License-Identifier: MIT
 * host/cpuinfo.c - what the per-architecture readers share: adding an
 * identity once, taking /proc text line by line, splitting "key : value"
 * lines and walking the processor blocks of /proc/cpuinfo.
 */
#include <string.h>
#include "host/readers.h"
#include "util/str.h"

int pp_host_add(struct pp_host *h, const char *identity)
{
	size_t l = strlen(identity);
	if (!l || l >= PP_IDENTITY_LEN || h->n >= PP_MAX_IDENTITIES)
		return 0;
	for (int i = 0; i < h->n; i++)
		if (!strcmp(h->id[i], identity))
			return 0;
	memcpy(h->id[h->n++], identity, l + 1);
	return 1;
}

static char *trim(char *s)
{
	while (pp_isspace((unsigned char)*s))
		s++;
	char *e = s + strlen(s);
	while (e > s && pp_isspace((unsigned char)e[-1]))
		*--e = '\0';
	return s;
}

int pp_host_getline(const char **text, char *buf, size_t sz)
{
	const char *t = *text;
	if (!*t)
		return 0;
	const char *nl = strchr(t, '\n');
	size_t l = nl ? (size_t)(nl - t) : strlen(t);
	*text = t + l + (nl != NULL);
	if (l >= sz)
		l = sz - 1;	/* the rest of an over-long line is dropped */
	memcpy(buf, t, l);
	buf[l] = '\0';
	return 1;
}

char *pp_host_read(const char *path)
{
	size_t len;
	return pp_path_slurp(path, PP_HOST_MAX_BYTES, &len);
}

int pp_host_kv(char *line, char **key, char **val)
{
	char *colon = strchr(line, ':');
	if (!colon)
		return 0;
	*colon = '\0';
	*key = trim(line);
	*val = trim(colon + 1);
	return 1;
}

int pp_host_cpuinfo_blocks(const char *text, const struct pp_cpuinfo_walk *w, void *blk, struct pp_host *h)
{
	char line[1024], *key, *val;
	while (pp_host_getline(&text, line, sizeof(line))) {
		if (!line[strspn(line, " \t")]) {
			w->end(blk, h);	/* a blank line ends a block */
			continue;
		}
		if (!pp_host_kv(line, &key, &val))
			continue;
		if (!strcmp(key, "processor"))
			w->end(blk, h);
		else
			w->field(blk, key, val);
	}
	w->end(blk, h);
	return h->n;
}
