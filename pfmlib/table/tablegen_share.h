/*
 * table/tablegen_share.h - tablegen's sharing pass over a loaded builder:
 * equal runs of sets, groups and unit masks stored once (tablegen_share.c).
 */
#ifndef PP_TABLE_TABLEGEN_SHARE_H
#define PP_TABLE_TABLEGEN_SHARE_H

#include "table/builder.h"

/* rebuild b's sets, groups and unit masks from their distinct runs and point
 * every reference at its run; 0 on success, -1 when out of memory (b is then
 * only fit for pp_builder_free) */
int pp_tablegen_share(struct pp_builder *b);

#endif /* PP_TABLE_TABLEGEN_SHARE_H */
