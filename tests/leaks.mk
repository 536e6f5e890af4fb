# SPDX-License-Identifier: MIT
# tests/leaks.mk: check-leaks, pfm_initialize/pfm_terminate cycles under
# valgrind's leak check in every starting environment (tests/leaks/run.sh),
# suite leaks of test_public (tests/leaks/leak_cycles.c, tests/public.mk).
# LEAK_CYCLES cycles per environment: 50 in `make check`;
# `make check-leaks LEAK_CYCLES=1000` (or `make check-leaks-long`) for the long run.
LEAK_CYCLES ?= 50
include tests/public.mk

check-leaks: $(TEST_PUBLIC)
	@tests/leaks/run.sh $(B) $(TEST_PUBLIC) $(LEAK_CYCLES)

check-leaks-long:
	@$(MAKE) --no-print-directory check-leaks LEAK_CYCLES=1000

CHECKS += check-leaks
.PHONY: check-leaks check-leaks-long
