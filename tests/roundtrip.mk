# SPDX-License-Identifier: MIT
# tests/roundtrip.mk: check-roundtrip, every fully qualified string the
# library returns encodes the same again (tests/roundtrip/roundtrip.c, suite
# roundtrip of test_public, tests/public.mk): every event and event:unit-mask
# of every PMU, alone and with each modifier, under PFM_OS_NONE and
# PFM_OS_PERF_EVENT_EXT, on a fixed host; one test a PMU.
include tests/public.mk

check-roundtrip: $(TEST_PUBLIC)
	@tests/run-cunit.sh roundtrip env $$(env | sed -n 's/^\(LIBPFM_[A-Z_]*\)=.*/-u \1/p') LIBPFM_ENCODE_INACTIVE=1 \
		LIBPFM_CPUID=GenuineIntel-6-55-4 LIBPFM_SYSROOT=tests/fixtures/sysroot/empty $(TEST_PUBLIC) roundtrip

CHECKS += check-roundtrip
.PHONY: check-roundtrip
