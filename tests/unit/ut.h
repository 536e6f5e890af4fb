/*
 * ut.h - helpers shared by the encoder unit suites: encode a string under
 * each OS layer into plain structs, read attribute lists, register suites.
 */
#ifndef UT_H
#define UT_H

#include <inttypes.h>
#include <string.h>
#include <CUnit/CUnit.h>
#include <perfmon/pfmlib.h>
#include <perfmon/pfmlib_perf_event.h>

struct ut_none {
	int ret, count, idx;
	uint64_t codes[4];
	char fstr[1024];
};

struct ut_perf {
	int ret, idx, cpu;
	struct perf_event_attr attr;
	char fstr[1024];
};

int ut_none(const char *s, int plm, struct ut_none *o);
int ut_perf(const char *s, int plm, pfm_os_t os, struct ut_perf *o);
/* shorthand: return code of a PFM_OS_NONE encoding with PLM0|PLM3 */
int ut_ret(const char *s);
/* name of attribute aidx of event idx under os into buf ("" on error) */
const char *ut_attr_name(int idx, int aidx, pfm_os_t os, char *buf, size_t n);
int ut_nattrs(int idx, pfm_os_t os);

#define PLM_UK (PFM_PLM0 | PFM_PLM3)

/* suites */
void ut_add_parse(void);
void ut_add_rules(void);
void ut_add_mods(void);
void ut_add_errors(void);
void ut_add_oslayers(void);
void ut_add_attrs(void);
void ut_add_perfpmu(void);
void ut_add_threads(void);

/* suite set-up: pfm_initialize() (the errors suite first checks what comes before) */
int ut_init(void);
#define UT_SUITE(name, tests) do { \
	CU_pSuite s_ = CU_add_suite(name, ut_init, NULL); \
	for (size_t i_ = 0; i_ < sizeof(tests) / sizeof(tests[0]); i_++) \
		CU_add_test(s_, tests[i_].n, tests[i_].f); \
} while (0)
struct ut_test { const char *n; CU_TestFunc f; };
#define T(fn) { #fn, fn }

#endif
