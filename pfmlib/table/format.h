/*
 * SPDX-License-Identifier: MIT
 * table/format.h - parsing a format field's notation ("config:0-7",
 * "config1:0-7,32-35"), as sysfs and descriptors write it.
 */
#ifndef PP_TABLE_FORMAT_H
#define PP_TABLE_FORMAT_H

#include "table/table.h"

/*
 * Fill f->reg, f->mask and f->width from spec (trailing blanks allowed).
 * Returns 0, or -1 with *why saying what is wrong.
 */
int pp_format_parse(const char *spec, struct pp_field *f, const char **why);

#endif /* PP_TABLE_FORMAT_H */
