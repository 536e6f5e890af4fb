/*
 * fuzz/fuzz_yaml.c - plugin descriptors: the loader (pp_yaml_load_buffer, a
 * whole file validated into a builder) and the peek (pp_yaml_peek_stream,
 * the pmu: block only, on a memory stream) on arbitrary bytes. A refusal must
 * come with a message; a load must leave the builder freeable either way.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "table/yaml.h"
#include "table/builder.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char err[512];
	struct pp_builder b;

	if (size > (1u << 16))
		return 0;
	pp_builder_init(&b);
	err[0] = 0;
	if (pp_yaml_load_buffer(&b, "fuzz.yaml", (const char *)data, size, err, sizeof(err)) < 0 && !err[0]) {
		fprintf(stderr, "fuzz_yaml: load refused without a message\n");
		abort();
	}
	pp_builder_free(&b);

	FILE *f = fmemopen((void *)data, size ? size : 1, "r");
	if (f) {
		struct pp_yaml_header h;
		memset(&h, 0, sizeof(h));
		err[0] = 0;
		if (size && pp_yaml_peek_stream("fuzz.yaml", f, &h, err, sizeof(err)) == 0) {
			if (!memchr(h.name, 0, sizeof(h.name)) || h.match_count < 0)
				abort();
			for (int i = 0; i < h.match_count && i < 8; i++)
				if (!memchr(h.match[i], 0, sizeof(h.match[i])))
					abort();
		}
		fclose(f);
	}
	return 0;
}
