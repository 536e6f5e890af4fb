# SPDX-License-Identifier: MIT
# tests/public.mk — test_public, the one CUnit program of the suites that
# take the library through its public API only (tests/public/public.h): a
# suite a run, `test_public SUITE ARGS`. Its suites stay beside their targets:
#   present     tests/detect/present.c       check-detect (tests/detect.mk)
#   roundtrip   tests/roundtrip/roundtrip.c  check-roundtrip (tests/roundtrip.mk)
#   leaks       tests/leaks/leak_cycles.c    check-leaks, under valgrind (tests/leaks.mk)
#   glm-oracle  tests/unit/glm_oracle.c      check-glm-oracle (tests/unit.mk)
#   encode, override, replace, refuse, cycles, detect, limits, cache, lazy
#               tests/plugins/plugin_*.c     check-plugins (tests/plugins.mk)
#   api, uncore tests/sysfs/suites.c         check-sysfs (tests/sysfs.mk)
#   strings, hostile  tests/robust/*.c      check-robust (tests/robust.mk)
#   peek        tests/plugins/test_peek.c     check-plugins (tests/plugins.mk)
#               these on the ASan library only (-DTEST_PUBLIC_INTERNAL): hostile
#               and peek call internal functions (the host readers, the
#               descriptor peek and loader), which libpfm.so.4 hides
# One source list, three links: on libpfm.so.4 ($(TEST_PUBLIC), run under
# valgrind too), on the ASan library ($(TEST_PUBLIC_ASAN)) and on the TSan
# objects (test_tsan_lazy, tests/tsan.mk). Included by each fragment above
# (they name these variables in their rules).
ifndef TESTS_PUBLIC_MK
TESTS_PUBLIC_MK := 1

TEST_PUBLIC      := $(B)/bin/test_public
TEST_PUBLIC_ASAN := $(B)/bin/test_public_asan
PUBLIC_T_SRCS    := tests/public/test_public.c tests/detect/present.c tests/roundtrip/roundtrip.c \
		    tests/leaks/leak_cycles.c tests/unit/glm_oracle.c $(sort $(wildcard tests/plugins/plugin_*.c)) \
		    tests/sysfs/suites.c tests/sysfs/test_sysfs_api.c $(sort $(wildcard tests/sysfs/test_uncore_*.c)) \
		    tests/sysfs/scratch.c
PUBLIC_T_HDRS    := tests/public/public.h tests/plugins/plugins.h tests/sysfs/suites.h tests/sysfs/scratch.h \
		    $(TL_HDRS) include/perfmon/pfmlib.h include/perfmon/pfmlib_perf_event.h
PUBLIC_T_CFLAGS  := $(TL_CFLAGS) -Itests/public -Itests/plugins -Itests/sysfs
PUBLIC_T_SAN     := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined
# the ASan link adds the suites that call internal functions
PUBLIC_T_ASAN_SRCS   := $(PUBLIC_T_SRCS) tests/robust/mutate_strings.c tests/robust/hostile_files.c \
			tests/plugins/test_peek.c
PUBLIC_T_ASAN_CFLAGS := $(PUBLIC_T_CFLAGS) -Itests/robust -DTEST_PUBLIC_INTERNAL

# -g: valgrind's and the sanitizers' reports name the lines
$(TEST_PUBLIC): $(PUBLIC_T_SRCS) $(PUBLIC_T_HDRS) $(TL_LIB) $(LIBPFM_SO)
	@mkdir -p $(@D)
	$(CC) $(TOOL_CFLAGS) -g $(PUBLIC_T_CFLAGS) -o $@ $(PUBLIC_T_SRCS) $(TL_LIB) $(LIBPFM_SO) \
		-Wl,-rpath,'$$ORIGIN/../lib' -lcunit

$(TEST_PUBLIC_ASAN): $(PUBLIC_T_ASAN_SRCS) $(PUBLIC_T_HDRS) tests/robust/robust.h $(TL_LIB) $(LIBPFM_ASAN_A)
	@mkdir -p $(@D)
	$(CC) $(TOOL_CFLAGS) -g $(PUBLIC_T_SAN) $(PUBLIC_T_ASAN_CFLAGS) -o $@ $(PUBLIC_T_ASAN_SRCS) $(TL_LIB) $(LIBPFM_ASAN_A) \
		-lyaml -lcunit

endif
