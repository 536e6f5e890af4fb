/*
 * SPDX-License-Identifier: MIT
 * event/parse.h - the one event-string parser. Grammar (libpfm4's):
 *     [pmu::]NAME[:ATTR[=VAL]...]      ('.' also separates)
 * Names are case-insensitive. NAME is looked up as a whole alias, then as an
 * event, then split at '.' into an event and attributes. Attributes resolve
 * to unit masks, PMU modifiers or OS-layer attributes of the event.
 */
#ifndef PP_EVENT_PARSE_H
#define PP_EVENT_PARSE_H

#include <stddef.h>
#include <stdint.h>
#include "event/attrs.h"

#define PP_MAX_TOK 128		/* attributes in one event string, equivs expanded */
#define PP_MAX_EXPAND 4		/* nested alias/equiv expansions */

/* one ATTR[=VAL] of the string (text not NUL-terminated) */
struct pp_tok {
	const char *name;
	const char *val;	/* NULL when no '=' */
	uint16_t nlen, vlen;
};

/* a resolved attribute */
struct pp_attr {
	int kind;		/* enum pp_attr_kind (event/attrs.h) */
	uint32_t index;		/* absolute umask/modifier index, or enum pp_perf_attr */
	uint64_t val;		/* value (1 for a bool given without value) */
	int has_val;		/* '=' given */
};

struct pp_parsed {
	struct pp_pmu_rt *pmu;
	const struct pp_event *ev;
	int ev_num;
	int has_raw;		/* event written r<hex> (PP_F_RAW_NAME) */
	int exact;		/* from an alias written "=EVENT:...": no default unit masks */
	const struct pp_alias *exact_alias;	/* that alias (its name re-creates the selection) */
	int via_equiv;		/* an event `equiv` was followed (only one is, as in libpfm4) */
	int nequiv_tok;		/* leading tokens that came from that equivalent string */
	int nequiv_attr;	/* leading attributes resolved from them */
	const struct pp_event *named_ev;	/* the event the string named, when via_equiv */
	uint64_t raw;		/* that number */
	uint32_t osm;		/* OS-layer attributes of the event in the view (pp_view_attr_mask), */
	int osm_known;		/* once an attribute needed them */
	int ntok;
	struct pp_tok tok[PP_MAX_TOK];
	int nattr;
	struct pp_attr attr[PP_MAX_TOK];
};

/*
 * Parse str in view v: split it into PMU, event and attribute tokens
 * (whole-name aliases and event `equiv` strings expanded), then resolve each
 * attribute against the event's attributes in v (unit masks with an `equiv`
 * replaced by their parts) and parse its value by its type. p keeps pointers
 * into str and into the PMU tables. Returns PFM_SUCCESS, PFM_ERR_INVAL
 * (NULL, ',' or blank in str), PFM_ERR_NOTFOUND, PFM_ERR_ATTR (empty or
 * unknown attribute, value given to a unit mask), PFM_ERR_ATTR_VAL
 * (malformed value), PFM_ERR_TOOMANY.
 */
int pp_parse(const char *str, const struct pp_view *v, struct pp_parsed *p);

#endif /* PP_EVENT_PARSE_H */
