/*
 * SPDX-License-Identifier: MIT
 * event/select.h - the unit-mask selection of an encoding (event/select.c),
 * for the encoder: unit masks added in table order, the explicit selection
 * checked against exclusive groups and the event's rules, then the group
 * defaults and when_none_of additions.
 */
#ifndef PP_EVENT_SELECT_H
#define PP_EVENT_SELECT_H

#include <stdint.h>
#include "event/encode.h"

/* unit mask ui (absolute) of the encoding's table */
static inline const struct pp_umask *um(const struct pp_enc *e, uint32_t ui)
{
	return &e->pmu->t->umasks[ui];
}

static inline const char *um_name(const struct pp_enc *e, uint32_t ui)
{
	return pp_str(e->pmu->t, um(e, ui)->name);
}

/* unit mask ui selected (dfl: added as a default), kept in table order;
 * PFM_ERR_TOOMANY past PP_MAX_SEL */
int pp_sel_add(struct pp_enc *e, uint32_t ui, int dfl);

/* the unit masks the string named pass the group and rule checks */
int pp_sel_check_explicit(const struct pp_enc *e);

/* group defaults and when_none_of additions; exact: an exact alias, whose
 * unit masks are the whole selection (required groups still checked) */
int pp_sel_add_defaults(struct pp_enc *e, int exact);

#endif /* PP_EVENT_SELECT_H */
