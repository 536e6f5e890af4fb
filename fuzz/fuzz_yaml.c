/*
 * SPDX-License-Identifier: MIT
 * fuzz/fuzz_yaml.c - plugin descriptors: the loader (pp_yaml_load_buffer, a
 * whole file validated into a builder) and the peek (pp_yaml_peek_fd,
 * the pmu: block only, on an anonymous file) on arbitrary bytes. A refusal must
 * come with a message; a load must leave the builder freeable either way.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include "table/descriptor/reader.h"
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

	/* the peek reads a descriptor: the bytes in an anonymous file */
	int fd = size ? memfd_create("fuzz.yaml", MFD_CLOEXEC) : -1;
	if (fd >= 0) {
		struct pp_yaml_header h;
		memset(&h, 0, sizeof(h));
		err[0] = 0;
		if (write(fd, data, size) == (ssize_t)size &&
		    pp_yaml_peek_fd("fuzz.yaml", fd, &h, err, sizeof(err)) == 0) {
			if (!memchr(h.name, 0, sizeof(h.name)) || h.match_count < 0)
				abort();
			for (int i = 0; i < h.match_count && i < 8; i++)
				if (!memchr(h.match[i], 0, sizeof(h.match[i])))
					abort();
		}
		close(fd);
	}
	return 0;
}
