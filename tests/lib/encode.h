/*
 * SPDX-License-Identifier: MIT
 * encode.h - one event string encoded under one OS layer, the answer kept
 * in a plain struct: PFM_OS_NONE (codes, fstr) or a perf_events layer
 * (perf_event_attr, cpu, flags, fstr). Nothing to free; every field is zero
 * when the encoding fails. Only libpfm4 4.13's API is used, so a program
 * built against the installed <perfmon/pfmlib.h> (an oracle side) links
 * this file too (print.h shows the answers).
 */
#ifndef TL_ENCODE_H
#define TL_ENCODE_H

#include <stdint.h>
#include <perfmon/pfmlib.h>
#include <perfmon/pfmlib_perf_event.h>

/* the dfl_plm most tests use: user and kernel */
#define TL_PLM_UK (PFM_PLM0 | PFM_PLM3)

#define TL_MAX_CODES 16
#define TL_FSTR_MAX 4096

struct tl_none {
	int ret, count, idx;
	uint64_t codes[TL_MAX_CODES];
	int has_fstr;			/* the library gave an fstr (it may be "") */
	char fstr[TL_FSTR_MAX];
};

struct tl_perf {
	int ret, idx, cpu, flags;
	struct perf_event_attr attr;
	int has_fstr;
	char fstr[TL_FSTR_MAX];
};

/* s under PFM_OS_NONE with dfl_plm plm; returns o->ret */
int tl_none(const char *s, int plm, struct tl_none *o);

/* s under PFM_OS_PERF_EVENT or PFM_OS_PERF_EVENT_EXT; returns o->ret */
int tl_perf(const char *s, int plm, pfm_os_t os, struct tl_perf *o);

/* the return code of s under PFM_OS_NONE with TL_PLM_UK */
int tl_ret(const char *s);

#endif
