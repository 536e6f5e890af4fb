/*
 * SPDX-License-Identifier: MIT
 * plugins/stub.h - a lazy plugin's table (its PMU records, formats and
 * modifiers, no events) as bytes the plugin cache keeps, and back. What is
 * read back is checked before use: every index within its array, every
 * string within the pool, no events; a blob that fails is not used (the
 * plugin's pmu block is read from its file instead).
 */
#ifndef PP_PLUGINS_STUB_H
#define PP_PLUGINS_STUB_H

#include <stddef.h>
#include "table/table.h"

/* bytes pp_stub_write writes for t (0 when t is not a stub: it has events) */
size_t pp_stub_size(const struct pp_table *t);
void pp_stub_write(const struct pp_table *t, unsigned char *out);

/* t over a copy of the len bytes of blob (*mem, to free): 0, or -1 when malformed */
int pp_stub_read(const unsigned char *blob, size_t len, struct pp_table *t, void **mem);

#endif /* PP_PLUGINS_STUB_H */
