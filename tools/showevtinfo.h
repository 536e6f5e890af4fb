/* SPDX-License-Identifier: MIT */
/* showevtinfo.h: options and per-format printers shared by the showevtinfo sources. */
#ifndef TOOLS_SHOWEVTINFO_H
#define TOOLS_SHOWEVTINFO_H

#include <stdint.h>
#include <perfmon/pfmlib.h>

/* every event string showevtinfo builds fits in this many bytes */
#define SEI_NAME_BUF 1024

struct sei_options {
	int list;		/* -L / -E: one line per event or umask */
	int encode;		/* -E: prefix the lines with raw codes */
	int combos;		/* -M: every valid umask combination */
	int names_only;		/* -N: event names only */
	int sorted;		/* -s: per PMU, ordered by code & mask */
	int with_desc;		/* -D: add descriptions in list mode */
	int json;		/* -j: one JSON document (sei_json.c) */
	unsigned int combo_limit; /* -l: most umasks for -M (0..255) */
	const char *sep;	/* -x: field separator of list mode */
	uint64_t code_mask;	/* -m: code bits compared by -s */
	pfm_os_t os;		/* -O: OS layer of attribute queries */
	/* -F filters */
	int only_precise_events;
	int only_dfl_umasks;
	int only_precise_umasks;
};

extern struct sei_options sei;

/* sei_filters.c */
void sei_parse_filters(char *list);
int sei_umask_passes(const pfm_event_attr_info_t *a);
int sei_event_passes(const pfm_event_info_t *e);

/* sei_detail.c: the multi-line block of the default mode */
void sei_print_detail(const pfm_event_info_t *e);

/* sei_compact.c: -L, -E, -D, -N lines */
void sei_print_compact(const pfm_event_info_t *e);
int sei_print_codes(const char *evstr, int ncols);

/* sei_json.c: -j */
void sei_json_begin(void);
void sei_print_json(const pfm_event_info_t *e);
void sei_json_end(void);

/* sei_combos.c: -M */
void sei_print_combos(const pfm_event_info_t *e);

#endif
