/*
 * SPDX-License-Identifier: MIT
 * gen/tablegen/tablegen_compact.h - tablegen's passes over a loaded builder
 * (tablegen_compact.c): equal runs of sets, groups and unit masks stored
 * once; the string pool rebuilt with the descriptions packed; a finite
 * match pattern expanded into the strings it matches.
 */
#ifndef PP_TABLE_TABLEGEN_COMPACT_H
#define PP_TABLE_TABLEGEN_COMPACT_H

#include "table/builder.h"

/* rebuild b's sets, groups and unit masks from their distinct runs and point
 * every reference at its run; 0 on success, -1 when out of memory (b is then
 * only fit for pp_builder_free) */
int pp_tablegen_share(struct pp_builder *b);

/*
 * Rebuild b's string pool from every string its records refer to (and the
 * per-PMU lists of match_prefix, b->pmus.n of them), with the descriptions
 * of events and unit masks packed (table.h, PP_PACK_*) and strings that end
 * another stored as its tail; every reference is updated. *dict and *ndict
 * get the dictionary (offsets of its entries in the new pool, malloc'd).
 * Exits on out of memory; returns 0.
 */
int pp_tablegen_strs(struct pp_builder *b, pp_str_t *match_prefix, pp_str_t **dict, uint32_t *ndict);

/* the strings a pattern matches in full, when they are few */
enum { PP_LIT_MAX = 256, PP_LIT_LEN = 64 };
struct pp_lits { char v[PP_LIT_MAX][PP_LIT_LEN]; int n; };

/* every string pattern (literals, bracket expressions of plain characters
 * and ranges, groups with '|', '?'; '^' and '$' at the ends) matches in
 * full into out: 0, or -1 when it uses anything else or matches too many */
int pp_tablegen_expand(const char *pat, struct pp_lits *out);

#endif /* PP_TABLE_TABLEGEN_COMPACT_H */
