# SPDX-License-Identifier: MIT
# tests/golden.mk: check-golden, the golden-file tests of tests/golden/ (a
# tiny hand-written test arch in tests/fixtures/testarch, converted by
# jsontoyaml, loaded as plugins and dumped through the public API by
# golddump), and `make golden`, which rewrites the golden files.
# tests/golden/golden.py appends "golden: N passed, N failed".

GOLDEN_DEPS := $(B)/bin/golddump $(LIBPFM_SO) tests/golden/golden.py tests/golden/cases

# encodings printed by tests/lib/print.h's golden form
$(B)/bin/golddump: tests/golden/golddump.c include/perfmon/pfmlib.h include/perfmon/pfmlib_perf_event.h $(TL_HDRS) \
		$(TL_LIB) $(LIBPFM_SO)
	@mkdir -p $(@D)
	$(CC) $(TOOL_CFLAGS) $(TL_CFLAGS) -o $@ $< $(TL_LIB) $(LIBPFM_SO) -Wl,-rpath,'$$ORIGIN/../lib'

check-golden: $(GOLDEN_DEPS)
	@$(PYTHON) tests/golden/golden.py check --build $(B)

golden: $(GOLDEN_DEPS)
	@$(PYTHON) tests/golden/golden.py update --build $(B)

# every built-in PMU dumped (scripts/dump-tables.sh): compare two of them before
# and after a change that must not alter the tables (DUMP=file, default below)
DUMP ?= $(B)/dump/tables.txt
dump: $(B)/bin/golddump $(LIBPFM_SO)
	@mkdir -p $(dir $(DUMP))
	@scripts/dump-tables.sh $(B)/bin/golddump $(B)/lib $(DUMP)
	@echo "dump: $(DUMP) ($$(wc -l < $(DUMP)) lines)"

CHECKS += check-golden
.PHONY: check-golden golden dump
