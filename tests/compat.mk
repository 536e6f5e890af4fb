# tests/compat.mk: a program built against the installed libpfm4 4.13 headers
# and library (not ours) runs on our libpfm.so.4 and enumerates everything,
# as an Alder Lake host (two core types) whose sysfs is tests/fixtures/sysfs/rapl
# (two sysfs PMUs), whatever machine runs it.
# Of tests/lib it takes the report line only (report.h includes no libpfm header).
$(B)/bin/enumerate_4_13: tests/compat/enumerate.c tests/lib/report.h $(TL_LIB)
	@mkdir -p $(@D)
	$(CC) -std=gnu11 -O1 -Wall -Wextra $(TL_CFLAGS) -o $@ $< $(TL_LIB) -lpfm -ldl

check-enumerate: $(B)/bin/enumerate_4_13 $(LIBPFM_SO)
	@mkdir -p $(B)/check
	@LIBPFM_ENCODE_INACTIVE=1 LIBPFM_CPUID=GenuineIntel-6-97-2 LIBPFM_SYSROOT=tests/fixtures/sysfs/rapl \
		LD_LIBRARY_PATH=$(B)/lib $(B)/bin/enumerate_4_13 $(abspath $(B)/lib) \
		2>&1 | tee $(B)/check/enumerate.log | grep -E '^(FAILED|enumerate:)' | tail -n 22; \
	line=$$(grep -E '^enumerate: [0-9]+ passed' $(B)/check/enumerate.log || echo 'enumerate: 0 passed, 1 failed'); \
	echo "$$line" >> $(B)/check/results; case "$$line" in *" 0 failed") ;; *) exit 1 ;; esac

CHECKS += check-enumerate
.PHONY: check-enumerate
