/*
 * tests/sysfs/uncore.h - the suites of test_uncore, one file a topic
 * (test_uncore_<topic>.c): each registers its CUnit suite; test_uncore.c's
 * main runs them all on the fixture trees.
 */
#ifndef TESTS_SYSFS_UNCORE_H
#define TESTS_SYSFS_UNCORE_H

void uncore_api_register(void);		/* table uncore PMUs (box instances) */
void uncore_client_register(void);	/* Intel client boxes */
void uncore_discovery_register(void);	/* boxes of the kernel's discovery table */
void uncore_sys_register(void);		/* non-x86 boxes: system tables, hip08, s390 PAI */
void uncore_merge_register(void);	/* perf's events on libpfm4 4.13's boxes */

#endif
