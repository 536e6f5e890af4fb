# SPDX-License-Identifier: MIT
# tests/sanitize.mk: make sanitize, the whole `make check` under ASan+UBSan
# (not in CHECKS: it takes several minutes; tests/sanitize.sh).
# The source tree is copied (without build/) to $(B)/sanitize/src and checked
# there with CC="$(CC) -fsanitize=address,undefined ...": the library (the
# shared one too, which then needs the ASan runtime), tools and test programs
# are instrumented, and the suites' build/ paths stay inside the copy. The
# copy's results are in $(B)/sanitize/src/build/check; the last line printed is
# "sanitize: N passed, N failed" with the copy's totals.
SANITIZE_SKIP ?= check-fuzz check-tsan check-tsan-lifecycle

sanitize: $(PERF_ARCH_DEP)
	@MAKE='$(MAKE)' CC='$(CC)' PMU_EVENTS_ARCH='$(abspath $(PMU_EVENTS_ARCH))' \
		SANITIZE_SKIP='$(SANITIZE_SKIP)' tests/sanitize.sh $(B)/sanitize

.PHONY: sanitize
