/*
 * SPDX-License-Identifier: MIT
 * ut.c - the encoder unit-test program. The tables are the fixtures of
 * tests/unit/fixtures plus arch/generic (linked in as the built-in table),
 * with utc forced and inactive PMUs usable.
 */
#include "ut.h"

int ut_init(void)
{
	return pfm_initialize() == PFM_SUCCESS ? 0 : 1;
}

int main(void)
{
	/* nothing of the machine running the suite: no identity, no sysfs PMU */
	tl_env_empty_host();
	tl_env("LIBPFM_FORCE_PMU", "utc");
	tl_env("LIBPFM_ENCODE_INACTIVE", "1");
	ut_add_errors();	/* first: it checks the calls made before pfm_initialize */
	ut_add_parse();
	ut_add_rules();
	ut_add_mods();
	ut_add_oslayers();
	ut_add_attrs();
	ut_add_perfpmu();
	ut_add_desc();
	ut_add_api_result();
	ut_add_threads();	/* last: it re-initializes under a sysroot of its own */
	int status = tl_run("unit");
	pfm_terminate();
	return status;
}
