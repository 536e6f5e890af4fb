/*
 * table/desc.h - the text of an event's or unit mask's description, decoded
 * when the table packs descriptions (table/desc.c).
 */
#ifndef PP_TABLE_DESC_H
#define PP_TABLE_DESC_H

#include <stddef.h>
#include "table/table.h"

/* the description s of t: the string itself, or, when t packs descriptions
 * (pp_table.desc_dict), its text decoded once into a cache kept until
 * pp_desc_cache_free(); NULL when out of memory. Thread-safe. */
const char *pp_desc(const struct pp_table *t, pp_str_t s);

/* decode the packed string in of t into out (cap bytes, NUL-terminated when
 * cap > 0, cut to fit); returns the whole text's length. Stops at a code the
 * dictionary lacks or a code cut short by the end of in. */
size_t pp_desc_unpack(const struct pp_table *t, const char *in, char *out, size_t cap);

/* free every decoded text (pfm_terminate: their pointers die with it) */
void pp_desc_cache_free(void);

#endif /* PP_TABLE_DESC_H */
