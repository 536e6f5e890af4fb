/*
 * SPDX-License-Identifier: MIT
 * tests/sysfs/suites.h - the public-API sysfs suites of test_public (and of
 * test_public_asan, its build on the ASan library): sysfs PMUs
 * (test_sysfs_api.c) and the table uncore PMUs, one file a topic
 * (test_uncore_<topic>.c); each registers its CUnit suites, suites.c
 * registers one group on the fixture trees (test_public api|uncore).
 */
#ifndef TESTS_SYSFS_SUITES_H
#define TESTS_SYSFS_SUITES_H

/* sysfs-discovered PMUs on the fixture trees under fixtures_dir (NULL:
 * tests/fixtures/sysfs), and this host's msr PMU when it has one */
void sysfs_api_register(const char *fixtures_dir);

/* the uncore suites; their fixture trees are start.h's tl_fixtures */
void uncore_api_register(void);		/* table uncore PMUs (box instances) */
void uncore_client_register(void);	/* Intel client boxes */
void uncore_discovery_register(void);	/* boxes of the kernel's discovery table */
void uncore_sys_register(void);		/* non-x86 boxes: system tables, hip08, s390 PAI */
void uncore_merge_register(void);	/* perf's events on libpfm4 4.13's boxes */

#endif
