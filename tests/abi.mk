# SPDX-License-Identifier: MIT
# tests/abi.mk: check-abi compares include/perfmon/*.h with libpfm4 4.13's
# installed headers and tests pfmlib/api/libpfm.map (tests/abi/); check-exports
# checks what the built $(LIBPFM_SO) exports.  Included from tests/module.mk
# (guarded: that file may be read twice).
ifndef TESTS_ABI_MK
TESTS_ABI_MK := 1

ABI_WORKDIR    := $(B)/check/abi
# libpfm4 4.13's library, for the list of functions it exports
ABI_ORACLE_LIB  = $(shell $(CC) -print-file-name=libpfm.so.4)

# headers, allow-list, mutations and version script are all read at run
# time, so the suite always runs
check-abi:
	@mkdir -p $(B)/check
	@ABI_CC='$(CC)' $(PYTHON) tests/abi/run_abi_tests.py --include include \
		--map pfmlib/api/libpfm.map --oracle-lib '$(ABI_ORACLE_LIB)' \
		--workdir $(ABI_WORKDIR) --results $(B)/check/results >$(B)/check/abi.log 2>&1; \
	st=$$?; grep -v '^PASS ' $(B)/check/abi.log | head -n 80; exit $$st

# The library under test.  To run the check on libpfm4 itself, override
# this variable, not LIBPFM_SO (pfmlib's rule for $(LIBPFM_SO) would then
# try to replace that file with a link to our build):
#   make check-exports EXPORTS_LIB=/usr/lib/x86_64-linux-gnu/libpfm.so.4
EXPORTS_LIB ?= $(LIBPFM_SO)

check-exports: $(EXPORTS_LIB)
	@mkdir -p $(B)/check
	@$(PYTHON) tests/abi/check_exports.py --lib $(EXPORTS_LIB) --map pfmlib/api/libpfm.map \
		$(if $(filter $(LIBPFM_SO),$(EXPORTS_LIB)),--no-start-files) --results $(B)/check/results

CHECKS += check-abi check-exports
.PHONY: check-abi check-exports

endif
