/*
 * table/tablegen_strs.h - tablegen's string pool pass (tablegen_strs.c):
 * the pool rebuilt from the strings the records name, descriptions packed.
 */
#ifndef PP_TABLE_TABLEGEN_STRS_H
#define PP_TABLE_TABLEGEN_STRS_H

#include "table/builder.h"

/*
 * Rebuild b's string pool from every string its records refer to (and the
 * per-PMU lists of match_prefix, b->pmus.n of them), with the descriptions
 * of events and unit masks packed (table.h, PP_PACK_*) and strings that end
 * another stored as its tail; every reference is updated. *dict and *ndict
 * get the dictionary (offsets of its entries in the new pool, malloc'd).
 * Exits on out of memory; returns 0.
 */
int pp_tablegen_strs(struct pp_builder *b, pp_str_t *match_prefix, pp_str_t **dict, uint32_t *ndict);

#endif /* PP_TABLE_TABLEGEN_STRS_H */
