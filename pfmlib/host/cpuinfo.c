/*
 * host/cpuinfo.c - what the per-architecture readers share: adding an
 * identity once, reading /proc text line by line, splitting "key : value"
 * lines and walking the processor blocks of /proc/cpuinfo.
 */
#include <stdio.h>
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

int pp_host_getline(FILE *f, char *buf, size_t sz)
{
	/* a /proc file is read up to PP_HOST_MAX_BYTES: past that, end of file */
	long at = ftell(f);
	if (at < 0 || at >= PP_HOST_MAX_BYTES || !fgets(buf, (int)sz, f))
		return 0;
	size_t l = strlen(buf);
	if (l && buf[l - 1] == '\n') {
		buf[l - 1] = '\0';
		return 1;
	}
	int c;
	long left = PP_HOST_MAX_BYTES - at - (long)l;
	while (left-- > 0 && (c = getc(f)) != EOF && c != '\n')
		;	/* drop the rest of an over-long line */
	return 1;
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

int pp_host_cpuinfo_blocks(FILE *f, const struct pp_cpuinfo_walk *w, void *blk, struct pp_host *h)
{
	char line[1024], *key, *val;
	while (pp_host_getline(f, line, sizeof(line))) {
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
