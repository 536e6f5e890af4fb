# SPDX-License-Identifier: MIT
# tests/leaks.mk: check-leaks, pfm_initialize/pfm_terminate cycles under
# valgrind's leak check in every starting environment (tests/leaks/run.sh).
# LEAK_CYCLES cycles per environment: 50 in `make check`;
# `make check-leaks LEAK_CYCLES=1000` (or `make check-leaks-long`) for the long run.
LEAK_CYCLES ?= 50

$(B)/bin/leak_cycles: tests/leaks/leak_cycles.c $(TL_HDRS) $(TL_LIB) $(LIBPFM_SO)
	@mkdir -p $(@D)
	$(CC) $(TOOL_CFLAGS) -g $(TL_CFLAGS) -o $@ $< $(TL_LIB) $(LIBPFM_SO) -Wl,-rpath,'$$ORIGIN/../lib'

check-leaks: $(B)/bin/leak_cycles
	@tests/leaks/run.sh $(B) $(B)/bin/leak_cycles $(LEAK_CYCLES)

check-leaks-long:
	@$(MAKE) --no-print-directory check-leaks LEAK_CYCLES=1000

CHECKS += check-leaks
.PHONY: check-leaks check-leaks-long
