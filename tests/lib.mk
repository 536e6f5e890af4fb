# SPDX-License-Identifier: MIT
# tests/lib.mk: the C helpers every test program shares (tests/lib/, one job
# per file), compiled once into $(TL_LIB). A test program compiles with
# $(TL_CFLAGS) and links $(TL_LIB) after its own sources and before the
# library and -lcunit. Included first by tests/module.mk: the other
# fragments name these variables in their prerequisites.
ifndef TESTS_LIB_MK
TESTS_LIB_MK := 1

TL_SRCS   := $(sort $(wildcard tests/lib/*.c))
TL_HDRS   := $(sort $(wildcard tests/lib/*.h))
TL_OBJS   := $(patsubst tests/lib/%.c,$(B)/obj/tests/lib/%.o,$(TL_SRCS))
TL_LIB    := $(B)/tests/libtl.a
TL_CFLAGS := -Itests/lib
# the files a program built against libpfm4 4.13's installed header (an oracle
# side: pfmdump, oracle_dump) compiles with its own sources: an encoding, its
# printed forms and the info calls use only 4.13's API (tools/module.mk does
# the same for check_events and its tools-sys variant)
TL_ORACLE_SRCS := tests/lib/encode.c tests/lib/print.c tests/lib/info.c
TL_ORACLE_HDRS := tests/lib/encode.h tests/lib/print.h tests/lib/info.h

$(B)/obj/tests/lib/%.o: tests/lib/%.c $(TL_HDRS) include/perfmon/pfmlib.h include/perfmon/pfmlib_perf_event.h
	@mkdir -p $(@D)
	$(CC) $(TOOL_CFLAGS) -c -o $@ $<

$(TL_LIB): $(TL_OBJS)
	@mkdir -p $(@D)
	rm -f $@ && ar rcs $@ $^

endif
