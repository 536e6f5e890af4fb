/*
 * ut.c - the encoder unit-test runner and its helpers. The tables are the
 * fixtures of tests/unit/fixtures plus arch/generic (linked in as the
 * built-in table), with utc forced and inactive PMUs usable.
 */
#include <stdio.h>
#include <stdlib.h>
#include <CUnit/Basic.h>
#include "ut.h"

int ut_none(const char *s, int plm, struct ut_none *o)
{
	pfm_pmu_encode_arg_t a;
	char *f = NULL;

	memset(o, 0, sizeof(*o));
	memset(&a, 0, sizeof(a));
	a.size = sizeof(a);
	a.fstr = &f;
	o->ret = pfm_get_os_event_encoding(s, plm, PFM_OS_NONE, &a);
	if (o->ret == PFM_SUCCESS) {
		o->count = a.count;
		o->idx = a.idx;
		for (int i = 0; i < a.count && i < 4; i++)
			o->codes[i] = a.codes[i];
		snprintf(o->fstr, sizeof(o->fstr), "%s", f ? f : "");
	}
	free(a.codes);
	free(f);
	return o->ret;
}

int ut_perf(const char *s, int plm, pfm_os_t os, struct ut_perf *o)
{
	pfm_perf_encode_arg_t a;
	char *f = NULL;

	memset(o, 0, sizeof(*o));
	memset(&a, 0, sizeof(a));
	a.size = sizeof(a);
	a.attr = &o->attr;
	a.fstr = &f;
	o->ret = pfm_get_os_event_encoding(s, plm, os, &a);
	if (o->ret == PFM_SUCCESS) {
		o->idx = a.idx;
		o->cpu = a.cpu;
		snprintf(o->fstr, sizeof(o->fstr), "%s", f ? f : "");
	}
	free(f);
	return o->ret;
}

int ut_ret(const char *s)
{
	struct ut_none o;
	return ut_none(s, PLM_UK, &o);
}

const char *ut_attr_name(int idx, int aidx, pfm_os_t os, char *buf, size_t n)
{
	pfm_event_attr_info_t ai;
	memset(&ai, 0, sizeof(ai));
	ai.size = sizeof(ai);
	buf[0] = '\0';
	if (pfm_get_event_attr_info(idx, aidx, os, &ai) == PFM_SUCCESS)
		snprintf(buf, n, "%s", ai.name);
	return buf;
}

int ut_nattrs(int idx, pfm_os_t os)
{
	pfm_event_info_t ei;
	memset(&ei, 0, sizeof(ei));
	ei.size = sizeof(ei);
	if (pfm_get_event_info(idx, os, &ei) != PFM_SUCCESS)
		return -1;
	return ei.nattrs;
}

int ut_init(void)
{
	return pfm_initialize() == PFM_SUCCESS ? 0 : 1;
}

int main(void)
{
	setenv("LIBPFM_FORCE_PMU", "utc", 1);
	setenv("LIBPFM_ENCODE_INACTIVE", "1", 1);
	/* nothing of the machine running the suite: no identity, no sysfs PMU (run from the top of the tree) */
	setenv("LIBPFM_SYSROOT", "tests/fixtures/sysroot/empty", 1);
	unsetenv("LIBPFM_CPUID");
	unsetenv("LIBPFM_PLUGIN_PATH");
	unsetenv("LIBPFM_SYSFS_PMUS");
	unsetenv("LIBPFM_DEBUG_STDOUT");
	if (CU_initialize_registry() != CUE_SUCCESS)
		return 2;
	ut_add_errors();	/* first: it checks the calls made before pfm_initialize */
	ut_add_parse();
	ut_add_rules();
	ut_add_mods();
	ut_add_oslayers();
	ut_add_attrs();
	ut_add_perfpmu();
	ut_add_threads();	/* last: it re-initializes under a sysroot of its own */
	CU_basic_set_mode(CU_BRM_VERBOSE);
	CU_basic_run_tests();
	int failed = (int)CU_get_number_of_tests_failed();
	CU_cleanup_registry();
	pfm_terminate();
	return failed ? 1 : 0;
}
