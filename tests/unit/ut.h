/*
 * SPDX-License-Identifier: MIT
 * ut.h - the encoder's unit suites (t_*.c), each added by its ut_add_*
 * function, and their common set-up. The helpers they use are those of
 * tests/lib: encoding into plain structs, info, environment, registration.
 */
#ifndef UT_H
#define UT_H

#include <string.h>
#include <CUnit/CUnit.h>
#include "encode.h"
#include "env.h"
#include "info.h"
#include "suite.h"
#include "tmpdir.h"

/* suites */
void ut_add_parse(void);
void ut_add_rules(void);
void ut_add_mods(void);
void ut_add_errors(void);
void ut_add_oslayers(void);
void ut_add_attrs(void);
void ut_add_perfpmu(void);
void ut_add_threads(void);
void ut_add_desc(void);
void ut_add_api_result(void);

/* suite set-up: pfm_initialize() (the errors suite first checks what comes before) */
int ut_init(void);

#endif
