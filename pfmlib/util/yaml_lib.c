/*
 * SPDX-License-Identifier: MIT
 * util/yaml_lib.c - libyaml, loaded on first use. The YAML reader
 * (table/descriptor/) is needed only when a plugin file is
 * read, so the library does not link libyaml: the few libyaml functions the
 * reader calls are defined here (hidden, under libyaml's own names) and
 * forward to the library dlopen()ed by the first yaml_parser_initialize.
 * A process without plugins never maps libyaml; without libyaml installed,
 * yaml_parser_initialize fails (the reader's "cannot initialise the YAML
 * parser") and LIBPFM_VERBOSE says why. Tools built from the reader's sources
 * alone (tablegen, the loader tests) link libyaml itself and do not use this.
 */
#include <dlfcn.h>
#include <pthread.h>
#include <string.h>
#include <yaml.h>
#include "util/log.h"

/* libyaml's soname since 0.1.x */
#ifndef PP_LIBYAML_SONAME
#define PP_LIBYAML_SONAME "libyaml-0.so.2"
#endif

static struct {
	int (*parser_initialize)(yaml_parser_t *);
	void (*parser_delete)(yaml_parser_t *);
	void (*parser_set_input_string)(yaml_parser_t *, const unsigned char *, size_t);
	void (*parser_set_input)(yaml_parser_t *, yaml_read_handler_t *, void *);
	int (*parser_parse)(yaml_parser_t *, yaml_event_t *);
	int (*parser_load)(yaml_parser_t *, yaml_document_t *);
	void (*event_delete)(yaml_event_t *);
	void (*document_delete)(yaml_document_t *);
	yaml_node_t *(*document_get_root_node)(yaml_document_t *);
	yaml_node_t *(*document_get_node)(yaml_document_t *, int);
} Y;
static int loaded;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void)
{
	static const char *const names[] = {
		"yaml_parser_initialize", "yaml_parser_delete", "yaml_parser_set_input_string",
		"yaml_parser_set_input", "yaml_parser_parse", "yaml_parser_load", "yaml_event_delete",
		"yaml_document_delete", "yaml_document_get_root_node", "yaml_document_get_node",
	};
	void *fn[sizeof(names) / sizeof(names[0])];
	_Static_assert(sizeof(fn) == sizeof(Y), "one name per libyaml function");
	void *h = dlopen(PP_LIBYAML_SONAME, RTLD_NOW | RTLD_LOCAL);
	if (!h) {
		pp_verbose("cannot load libyaml: %s", dlerror());
		return;
	}
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (!(fn[i] = dlsym(h, names[i]))) {
			pp_verbose("cannot load libyaml: %s lacks %s", PP_LIBYAML_SONAME, names[i]);
			dlclose(h);
			return;
		}
	memcpy(&Y, fn, sizeof(Y));
	loaded = 1;
}

int yaml_parser_initialize(yaml_parser_t *parser)
{
	pthread_once(&once, load);
	if (!loaded) {
		memset(parser, 0, sizeof(*parser));
		return 0;
	}
	return Y.parser_initialize(parser);
}

/* the others are called only on a parser initialized above: libyaml is loaded */
void yaml_parser_delete(yaml_parser_t *parser)
{
	if (loaded)
		Y.parser_delete(parser);
}

void yaml_parser_set_input_string(yaml_parser_t *parser, const unsigned char *input, size_t size)
{
	if (loaded)
		Y.parser_set_input_string(parser, input, size);
}

void yaml_parser_set_input(yaml_parser_t *parser, yaml_read_handler_t *handler, void *data)
{
	if (loaded)
		Y.parser_set_input(parser, handler, data);
}

int yaml_parser_parse(yaml_parser_t *parser, yaml_event_t *event)
{
	return loaded ? Y.parser_parse(parser, event) : 0;
}

int yaml_parser_load(yaml_parser_t *parser, yaml_document_t *document)
{
	return loaded ? Y.parser_load(parser, document) : 0;
}

void yaml_event_delete(yaml_event_t *event)
{
	if (loaded)
		Y.event_delete(event);
}

void yaml_document_delete(yaml_document_t *document)
{
	if (loaded)
		Y.document_delete(document);
}

yaml_node_t *yaml_document_get_root_node(yaml_document_t *document)
{
	return loaded ? Y.document_get_root_node(document) : NULL;
}

yaml_node_t *yaml_document_get_node(yaml_document_t *document, int index)
{
	return loaded ? Y.document_get_node(document, index) : NULL;
}
