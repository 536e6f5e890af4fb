/*
 * SPDX-License-Identifier: MIT
 * gen/tablegen/tablegen_detect.h - the detection groups tablegen writes
 * (tablegen_detect.c).
 */
#ifndef PP_GEN_TABLEGEN_DETECT_H
#define PP_GEN_TABLEGEN_DETECT_H

#include <stdint.h>
#include <stdio.h>
#include "table/builder.h"

/* pp_dgroups, pp_dgroup_of and pp_dg_order of b's PMUs into out (literal:
 * per PMU, pp_match_literal's value); their number and how many of them
 * come first as groups of identity literals */
void tg_emit_dgroups(const struct pp_builder *b, const uint8_t *literal, FILE *out, uint32_t *ndg, uint32_t *nlit);

#endif
