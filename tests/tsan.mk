# SPDX-License-Identifier: MIT
# tests/tsan.mk: the library from several threads under ThreadSanitizer
# (included by tests/module.mk).
#   check-tsan  tests/tsan/test_tsan.c built with -fsanitize=thread from the
#               library's sources, tests/lib and the unit-test fixture table
#               ($(B)/unit/ut_table.c); a ThreadSanitizer report fails it
#   make tsan   the same (alias)
#   check-tsan-lifecycle  pfm_initialize from several threads at once and
#               initialize/terminate cycles racing (test_tsan --lifecycle)
#   check-tsan-lazy  test_public lazy (tests/plugins/plugin_lazy.c): plugins' events read on
#               first use, by several threads at once
TSAN_FLAGS    := -fsanitize=thread -O1 -g -fno-omit-frame-pointer
include tests/public.mk

TSAN_LIB_OBJS := $(patsubst pfmlib/%.c,$(B)/obj/tsan/pfmlib/%.o,$(LIB_SRCS)) \
	$(patsubst tests/lib/%.c,$(B)/obj/tsan/tests/lib/%.o,$(TL_SRCS))

$(B)/obj/tsan/pfmlib/%.o: pfmlib/%.c $(LIB_HDRS) $(LIB_DEFS_STAMP)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_COMMON) $(TSAN_FLAGS) $(LIB_DEFS) -c -o $@ $<

$(B)/obj/tsan/tests/lib/%.o: tests/lib/%.c $(TL_HDRS) include/perfmon/pfmlib.h
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_COMMON) $(TSAN_FLAGS) -c -o $@ $<

$(B)/bin/test_tsan: tests/tsan/test_tsan.c $(TL_HDRS) $(TSAN_LIB_OBJS) $(B)/unit/ut_table.o $(B)/obj/gen/pp_hostdata.o
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_COMMON) $(TSAN_FLAGS) $(TL_CFLAGS) -o $@ tests/tsan/test_tsan.c $(TSAN_LIB_OBJS) \
		$(B)/unit/ut_table.o $(B)/obj/gen/pp_hostdata.o -lyaml -lcunit -pthread

check-tsan: $(B)/bin/test_tsan
	@TSAN_OPTIONS="halt_on_error=0 exitcode=66 second_deadlock_stack=1" tests/run-cunit.sh tsan $(B)/bin/test_tsan

tsan: check-tsan check-tsan-lifecycle

check-tsan-lifecycle: $(B)/bin/test_tsan
	@TSAN_OPTIONS="halt_on_error=0 exitcode=66 second_deadlock_stack=1" tests/run-cunit.sh tsan-lifecycle $(B)/bin/test_tsan --lifecycle

# check-tsan-lazy: test_public's suite lazy (tests/plugins/plugin_lazy.c, tests/public.mk) on the
# same objects, whose last case has several threads read a plugin's events at
# once (the registry's realize)
$(B)/bin/test_tsan_lazy: $(PUBLIC_T_SRCS) $(PUBLIC_T_HDRS) $(TSAN_LIB_OBJS) $(B)/unit/ut_table.o $(B)/obj/gen/pp_hostdata.o
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_COMMON) $(TSAN_FLAGS) $(PUBLIC_T_CFLAGS) -o $@ $(PUBLIC_T_SRCS) $(TSAN_LIB_OBJS) \
		$(B)/unit/ut_table.o $(B)/obj/gen/pp_hostdata.o -lyaml -lcunit -pthread

check-tsan-lazy: $(B)/bin/test_tsan_lazy
	@TSAN_OPTIONS="halt_on_error=0 exitcode=66 second_deadlock_stack=1" \
		tests/run-cunit.sh tsan-lazy $(B)/bin/test_tsan_lazy lazy

tsan: check-tsan-lazy

CHECKS += check-tsan check-tsan-lifecycle check-tsan-lazy
.PHONY: check-tsan tsan check-tsan-lifecycle check-tsan-lazy
