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

$(B)/obj/tests/lib/%.o: tests/lib/%.c $(TL_HDRS) include/perfmon/pfmlib.h include/perfmon/pfmlib_perf_event.h
	@mkdir -p $(@D)
	$(CC) $(TOOL_CFLAGS) -c -o $@ $<

$(TL_LIB): $(TL_OBJS)
	@mkdir -p $(@D)
	rm -f $@ && ar rcs $@ $^

endif
