# tests/diff.mk: the differential test against the installed libpfm4 4.13
# (check-diff, check-papi-presets) and the oracle dump program they use.
# Included from tests/module.mk (guarded: that file may be read twice).
ifndef TESTS_DIFF_MK
TESTS_DIFF_MK := 1

PFMDUMP := $(B)/bin/pfmdump

# built against the installed <perfmon/pfmlib.h> and libpfm (the oracle's ABI);
# LD_LIBRARY_PATH=$(B)/lib runs the same binary against ours
$(PFMDUMP): scripts/libpfm4-names/pfmdump.c
	@mkdir -p $(dir $@)
	$(CC) -std=gnu11 -Wall -Wextra -Wno-unused-parameter $(CFLAGS) -o $@ $< -lpfm

# re-derive arch/x86/libpfm4-names/ from libpfm4 4.13 and perf's JSON
.PHONY: libpfm4-names
libpfm4-names: $(PFMDUMP) $(PERF_ARCH_DEP)
	$(PYTHON) scripts/libpfm4-names/derive.py --arch $(PMU_EVENTS_ARCH)

endif
