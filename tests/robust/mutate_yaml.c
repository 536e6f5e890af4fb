/*
 * SPDX-License-Identifier: MIT
 * mutate_yaml.c - robustness of the one YAML reader: descriptors (the
 * hand-written fixture and real converted ones given on the command line)
 * are mutated in a fixed pseudo-random sequence (bytes changed, lines cut,
 * duplicated or dropped, the file truncated) and loaded. Built under
 * ASan+UBSan: no crash, leak or undefined behaviour; each load either
 * succeeds or fails with "name:line..." and leaves the builder as it was.
 * Prints "robust-yaml: N passed, N failed" (tests/lib).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "table/descriptor/reader.h"
#include "report.h"

static unsigned long long rng = 0x2545f4914f6cdd1dULL;
static unsigned rnd(unsigned n)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return n ? (unsigned)(rng % n) : 0;
}

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	long n = ftell(f);
	rewind(f);
	char *b = malloc((size_t)n + 1);
	if (b && fread(b, 1, (size_t)n, f) != (size_t)n) {
		free(b);
		b = NULL;
	}
	fclose(f);
	if (b) {
		b[n] = '\0';
		*len = (size_t)n;
	}
	return b;
}

/* start of the line holding offset at */
static size_t line_start(const char *b, size_t at)
{
	while (at && b[at - 1] != '\n')
		at--;
	return at;
}

static size_t line_end(const char *b, size_t len, size_t at)
{
	while (at < len && b[at] != '\n')
		at++;
	return at < len ? at + 1 : at;
}

/* one mutation of src into dst (capacity cap); returns the new length */
static size_t mutate(const char *src, size_t len, char *dst, size_t cap)
{
	size_t at = rnd((unsigned)len), n = len;
	memcpy(dst, src, len);
	switch (rnd(6)) {
	case 0: { /* change a few bytes */
		static const char pick[] = ":-[]{}#'\"\\n\\t &*!|>%@`,?0x9";
		for (unsigned k = 1 + rnd(3); k; k--)
			dst[rnd((unsigned)len)] = pick[rnd(sizeof(pick) - 1)];
		break;
	}
	case 1: /* truncate */
		n = at;
		break;
	case 2: { /* drop a line */
		size_t s = line_start(src, at), e = line_end(src, len, at);
		memcpy(dst + s, src + e, len - e);
		n = len - (e - s);
		break;
	}
	case 3: { /* duplicate a line */
		size_t s = line_start(src, at), e = line_end(src, len, at);
		if (len + (e - s) < cap) {
			memcpy(dst + e, src + s, e - s);
			memcpy(dst + e + (e - s), src + e, len - e);
			n = len + (e - s);
		}
		break;
	}
	case 4: { /* re-indent a line */
		size_t s = line_start(src, at);
		if (len + 2 < cap) {
			memcpy(dst + s, "  ", 2);
			memcpy(dst + s + 2, src + s, len - s);
			n = len + 2;
		}
		break;
	}
	default: /* a huge number */
		if (len + 24 < cap) {
			memcpy(dst + at, "99999999999999999999999", 23);
			memcpy(dst + at + 23, src + at, len - at);
			n = len + 23;
		}
	}
	dst[n] = '\0';
	return n;
}

int main(int argc, char **argv)
{
	int ok_loads = 0;
	int rounds = 300;
	for (int a = 1; a < argc; a++) {
		size_t len;
		char *src = slurp(argv[a], &len);
		if (!tl_check(src != NULL, "cannot read %s", argv[a]))
			continue;
		size_t cap = len * 2 + 64;
		char *buf = malloc(cap);
		struct pp_builder b;
		pp_builder_init(&b);
		char err[1024];
		for (int i = 0; i < rounds; i++) {
			size_t n = mutate(src, len, buf, cap);
			struct pp_builder_mark before, after;
			pp_builder_mark(&b, &before);
			int r = pp_yaml_load_buffer(&b, "mutant.yaml", buf, n, err, sizeof(err));
			pp_builder_mark(&b, &after);
			int ok;
			if (r >= 0) {
				ok_loads++;
				ok = after.pmus == before.pmus + 1;
				/* keep the builder small: forget what loaded */
				pp_builder_rollback(&b, &before);
			} else {
				/* "mutant.yaml:LINE: reason" */
				ok = !strncmp(err, "mutant.yaml:", 12) && err[12] >= '1' && err[12] <= '9' &&
				     !memcmp(&before, &after, sizeof(before));
			}
			tl_check(ok, "%s round %d: r=%d err=%s", argv[a], i, r, err);
		}
		pp_builder_free(&b);
		free(buf);
		free(src);
	}
	printf("robust-yaml: %d mutants loaded, the others refused with file:line\n", ok_loads);
	return tl_report("robust-yaml");
}
