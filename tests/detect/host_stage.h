/*
 * SPDX-License-Identifier: MIT
 * tests/detect/host_stage.h - the suites of test_host_stage, the program
 * built from the host stage's sources (pfmlib/host/, pfmlib/util/) under
 * ASan+UBSan: host detection (test_host.c) and the mapfile pattern matcher
 * (tests/match/test_match.c).
 */
#ifndef TESTS_DETECT_HOST_STAGE_H
#define TESTS_DETECT_HOST_STAGE_H

/* readers, LIBPFM_CPUID, identity shapes, matching on tests/fixtures/sysroot */
void detect_host_register(void);

/* pp_match_full and pp_match_may, also against regexec over every mapfile
 * under perf_arch_root (NULL: build/perf-arch) */
void match_register(const char *perf_arch_root);

#endif
