/*
 * SPDX-License-Identifier: MIT
 * print.h - an encoding of encode.h printed in the three forms the programs
 * that show encodings share: the golden form (tests/golden/golddump.c, the
 * golden files; tests/unit/oracle_dump.c), the tab form that python reads
 * (gen/libpfm4-names/pfmdump.c: rundiff.py, fuzz_diff.py, oracle.py) and
 * the field list of `check_events -P` (tools/check_events.c). Like encode.h
 * it needs only libpfm4 4.13's API.
 */
#ifndef TL_PRINT_H
#define TL_PRINT_H

#include <stdio.h>
#include "encode.h"

/* "ok" for PFM_SUCCESS, the PFM_ERR_* name of an error, else "error N" */
const char *tl_err_name(int ret);

/* golden form, after a caller's label: "ok codes=0x..,0x.. fstr=F" or the error name */
void tl_print_none_golden(FILE *f, const struct tl_none *n);

/* golden form: "ok type=T config=0x.. config1=0x.. config2=0x.. exclude=user,..|-
 * [precise_ip=N] [freq=1 sample_freq=N|sample_period=N] [pinned=1]
 * [exclusive=1] cpu=N fstr=F" or the error name */
void tl_print_perf_golden(FILE *f, const struct tl_perf *x);

/* tab form: "RET" or "RET\tCOUNT\tHEX,HEX\tFSTR" (fstr "-" when there is none) */
void tl_print_none_tab(FILE *f, const struct tl_none *n);

/* tab form: "RET" or "RET\tTYPE CONFIG CONFIG1 CONFIG2 BITS PERIOD FLAGS CPU\tFSTR",
 * hex but TYPE, PERIOD, FLAGS and CPU; BITS as tl_attr_bits */
void tl_print_perf_tab(FILE *f, const struct tl_perf *x);

/* the perf_event_attr flag bits in a fixed order (disabled, inherit, pinned,
 * exclusive, exclude_user, _kernel, _hv, _idle, mmap, comm, freq,
 * inherit_stat, enable_on_exec, task, watermark, mmap_data, sample_id_all,
 * exclude_host, _guest, exclude_callchain_kernel, _user from bit 0 up),
 * precise_ip from bit 24 */
unsigned long tl_attr_bits(const struct perf_event_attr *a);

/* field list (check_events -P): "Perf   Event   : F", cpu, flags, then
 * "perf_event_attr:" and one "\tNAME: VALUE" line per field an event string sets */
void tl_print_perf_fields(FILE *f, const struct tl_perf *x);

#endif
