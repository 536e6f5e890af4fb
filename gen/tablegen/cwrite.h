/*
 * SPDX-License-Identifier: MIT
 * gen/tablegen/cwrite.h - tablegen's C writer (cwrite.c): what it writes,
 * and the record-field shorthands D (decimal) and H (hex).
 */
#ifndef PP_GEN_TABLEGEN_CWRITE_H
#define PP_GEN_TABLEGEN_CWRITE_H

#include <stdint.h>
#include <stdio.h>
#include "table/builder.h"

/* where everything below writes */
void cw_set_output(FILE *f);
/* pp_strs: the builder's string pool as one C literal */
void cw_emit_strs(const struct pp_builder *b);
/* a comment line naming a table, what it holds and its schema kind */
void cw_comment(const char *table, const char *what, const char *schema_desc);
/* one field of the open record (nothing when v is 0) */
void cw_fld(const char *name, unsigned long long v, int hex);
void cw_open_rec(void);
void cw_close_rec(void);
/* the array header of a table of n records (an empty table still has one) */
void cw_open_table(const char *type, const char *name, uint32_t n);
/* the k-th number of a table of numbers, and the table's end */
void cw_put_num(uint32_t k, uint32_t v);
void cw_close_nums(void);
/* a table of the n numbers of v */
void cw_emit_nums(const char *type, const char *name, const uint32_t *v, uint32_t n);

#define D(r, f) cw_fld(#f, (unsigned long long)(r)->f, 0)
#define H(r, f) cw_fld(#f, (unsigned long long)(r)->f, 1)

#endif
