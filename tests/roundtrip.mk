# SPDX-License-Identifier: MIT
# tests/roundtrip.mk: check-roundtrip, every fully qualified string the
# library returns encodes the same again (tests/roundtrip/roundtrip.c): every
# event and event:unit-mask of every PMU, alone and with each modifier, under
# PFM_OS_NONE and PFM_OS_PERF_EVENT_EXT, on a fixed host.

$(B)/bin/roundtrip: tests/roundtrip/roundtrip.c tests/lib/report.h $(TL_LIB) $(LIBPFM_SO)
	@mkdir -p $(@D)
	$(CC) $(TOOL_CFLAGS) $(TL_CFLAGS) -o $@ $< $(TL_LIB) $(LIBPFM_SO) -Wl,-rpath,'$$ORIGIN/../lib'

check-roundtrip: $(B)/bin/roundtrip
	@tests/run-cunit.sh roundtrip env $$(env | sed -n 's/^\(LIBPFM_[A-Z_]*\)=.*/-u \1/p') LIBPFM_ENCODE_INACTIVE=1 \
		LIBPFM_CPUID=GenuineIntel-6-55-4 LIBPFM_SYSROOT=tests/fixtures/sysroot/empty $(B)/bin/roundtrip

CHECKS += check-roundtrip
.PHONY: check-roundtrip
