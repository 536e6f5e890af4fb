/*
 * SPDX-License-Identifier: MIT
 * probe.c - the C readers' side of the check-schema suite: what the loader
 * (table/descriptor/) and its peek (table/descriptor/peek.c) make of descriptor files,
 * and what the generated schema header (pp_schema.h) holds, printed for
 * tests/schema/run.py to compare with schema/descriptor.yaml.
 *
 * usage: probe FILE...    per file, tab-separated:
 *                           FILE load ok | FILE load err MESSAGE
 *                           FILE peek ok NAME OVERRIDE NMATCH MATCH... | FILE peek err MESSAGE
 *        probe --keys     per key of every closed kind, in enum order:
 *                           key KIND INDEX NAME TYPE FLAGS
 *                         then per kind: lookup KIND ok | lookup KIND bad WHY
 */
#include <stdio.h>
#include <string.h>
#include "table/descriptor/reader.h"
#include "pp_schema.h"

static void probe(const char *path)
{
	char err[1024];
	struct pp_builder b;
	struct pp_yaml_header h;

	pp_builder_init(&b);
	if (pp_yaml_load_file(&b, path, NULL, err, sizeof(err)) < 0)
		printf("%s\tload\terr\t%s\n", path, err);
	else
		printf("%s\tload\tok\n", path);
	pp_builder_free(&b);
	if (pp_yaml_peek_pmu(path, NULL, &h, err, sizeof(err)) < 0) {
		printf("%s\tpeek\terr\t%s\n", path, err);
		return;
	}
	printf("%s\tpeek\tok\t%s\t%d\t%d", path, h.name, h.override, h.match_count);
	for (int i = 0; i < h.match_count && i < (int)(sizeof(h.match) / sizeof(h.match[0])); i++)
		printf("\t%s", h.match[i]);
	printf("\n");
}

/* every key of the kind: its spec, and the lookup of its name giving it back */
#define KEYS(kind, KIND)								\
	do {										\
		const char *bad = NULL;							\
		for (int i = 0; i < PP_K_##KIND##_COUNT; i++) {				\
			const struct pp_key_spec *s = &pp_k_##kind##_spec[i];		\
			printf("key\t%s\t%d\t%s\t%d\t%d\n", #kind, i, s->name, s->type, s->flags); \
			if ((int)pp_k_##kind##_lookup(s->name) != i)			\
				bad = "a key's name does not look up to the key";	\
			if (i && strcmp(pp_k_##kind##_sorted[i - 1].name,		\
					pp_k_##kind##_sorted[i].name) >= 0)		\
				bad = "the name table is not sorted";			\
		}									\
		if (pp_k_##kind##_lookup("zz_not_in_schema") != PP_K_##KIND##__UNKNOWN)	\
			bad = "an unknown name looks up to a key";			\
		if (bad)								\
			printf("lookup\t%s\tbad\t%s\n", #kind, bad);			\
		else									\
			printf("lookup\t%s\tok\n", #kind);				\
	} while (0);

int main(int argc, char **argv)
{
	if (argc == 2 && !strcmp(argv[1], "--keys")) {
		printf("version\t%d\n", PP_SCHEMA_VERSION);
		PP_SCHEMA_CLOSED_KINDS(KEYS)
		return 0;
	}
	for (int i = 1; i < argc; i++)
		probe(argv[i]);
	return 0;
}
