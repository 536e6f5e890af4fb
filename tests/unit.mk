# SPDX-License-Identifier: MIT
# tests/unit.mk: the encoder's CUnit suites (included by tests/module.mk).
#   check-unit        parser, rules, modifiers, errors, OS layers, attributes,
#                     perf PMU (tests/unit/t_*.c) on the fixture tables
#                     tests/unit/fixtures + arch/generic, linked with $(LIBPFM_A)
#   check-unit-asan   the same against $(LIBPFM_ASAN_A) under ASan+UBSan
#   check-glm-oracle  glm strings whose encoding libpfm4 4.13 pins down (offcore
#                     rules, presets, ranges): pmuplug's build/lib against the
#                     installed libpfm4 4.13, in separate processes (suite
#                     glm-oracle of test_public, tests/public.mk)
include tests/public.mk

UNIT_SRCS   := tests/unit/ut.c $(wildcard tests/unit/t_*.c)
UNIT_HDRS   := tests/unit/ut.h $(TL_HDRS)
UNIT_TABLES := $(sort $(wildcard tests/unit/fixtures/*.yaml)) arch/generic/perf.yaml arch/generic/perf_raw.yaml
UNIT_SAN    := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined

# the fixture table stands in for the built-in one (the archive's pp_builtin.o is then not pulled)
$(B)/unit/ut_table.c: $(TABLEGEN) $(UNIT_TABLES)
	@mkdir -p $(@D)
	$(TABLEGEN) -o $@ $(UNIT_TABLES)

$(B)/unit/ut_table.o: $(B)/unit/ut_table.c pfmlib/table/table.h
	$(CC) $(CFLAGS_COMMON) -O0 -c -o $@ $<

$(B)/bin/test_encoder: $(UNIT_SRCS) $(UNIT_HDRS) $(B)/unit/ut_table.o $(TL_LIB) $(LIBPFM_A)
	@mkdir -p $(@D)
	$(CC) $(TOOL_CFLAGS) $(TL_CFLAGS) -Itests/unit -o $@ $(UNIT_SRCS) $(B)/unit/ut_table.o $(TL_LIB) \
		$(LIBPFM_A) -lcunit -lyaml -pthread

$(B)/bin/test_encoder_asan: $(UNIT_SRCS) $(UNIT_HDRS) $(B)/unit/ut_table.o $(TL_LIB) $(LIBPFM_ASAN_A)
	@mkdir -p $(@D)
	$(CC) $(TOOL_CFLAGS) $(UNIT_SAN) $(TL_CFLAGS) -Itests/unit -o $@ $(UNIT_SRCS) $(B)/unit/ut_table.o $(TL_LIB) \
		$(LIBPFM_ASAN_A) -lcunit -lyaml -pthread

# built against the installed <perfmon/pfmlib.h> and libpfm (TL_ORACLE_SRCS: tests/lib.mk)
$(B)/bin/oracle_dump: tests/unit/oracle_dump.c $(TL_ORACLE_SRCS) $(TL_ORACLE_HDRS)
	@mkdir -p $(@D)
	$(CC) -std=gnu11 -Wall -Wextra $(CFLAGS) -Itests/lib -o $@ $< $(TL_ORACLE_SRCS) -lpfm -ldl

check-unit: $(B)/bin/test_encoder
	@tests/run-cunit.sh unit $(B)/bin/test_encoder

check-unit-asan: $(B)/bin/test_encoder_asan
	@ASAN_OPTIONS=detect_leaks=1 tests/run-cunit.sh unit-asan $(B)/bin/test_encoder_asan

check-glm-oracle: $(TEST_PUBLIC) $(B)/bin/oracle_dump $(LIBPFM_SO)
	@tests/run-cunit.sh glm-oracle $(TEST_PUBLIC) glm-oracle $(B)/bin/oracle_dump $(abspath $(B)/lib)

CHECKS += check-unit check-unit-asan check-glm-oracle
.PHONY: check-unit check-unit-asan check-glm-oracle
