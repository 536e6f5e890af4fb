/*
 * encode.h - one event string encoded under one OS layer, the answer kept
 * in a plain struct: PFM_OS_NONE (codes, fstr) or a perf_events layer
 * (perf_event_attr, cpu, fstr). Nothing to free; every field is zero when
 * the encoding fails.
 */
#ifndef TL_ENCODE_H
#define TL_ENCODE_H

#include <stdint.h>
#include <perfmon/pfmlib.h>
#include <perfmon/pfmlib_perf_event.h>

/* the dfl_plm most tests use: user and kernel */
#define TL_PLM_UK (PFM_PLM0 | PFM_PLM3)

#define TL_MAX_CODES 4

struct tl_none {
	int ret, count, idx;
	uint64_t codes[TL_MAX_CODES];
	char fstr[1024];
};

struct tl_perf {
	int ret, idx, cpu;
	struct perf_event_attr attr;
	char fstr[1024];
};

/* s under PFM_OS_NONE with dfl_plm plm; returns o->ret */
int tl_none(const char *s, int plm, struct tl_none *o);

/* s under PFM_OS_PERF_EVENT or PFM_OS_PERF_EVENT_EXT; returns o->ret */
int tl_perf(const char *s, int plm, pfm_os_t os, struct tl_perf *o);

/* the return code of s under PFM_OS_NONE with TL_PLM_UK */
int tl_ret(const char *s);

#endif
