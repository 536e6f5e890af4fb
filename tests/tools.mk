# SPDX-License-Identifier: MIT
# tests/tools.mk: check-tools, the differential test of showevtinfo/check_events
# (included from tests/module.mk).
#
# libpfm4's own example programs (the oracle, from libpfm4-dev's examples,
# built here and never committed) and our tools built against the installed
# libpfm4 (tools-sys, see tools/module.mk) run the cases of
# tests/tools/cases.txt; outputs and exit codes must be identical. Both sides
# use the same library, so this tests the tools, not our libpfm.

TT_DIR         := $(B)/tests/tools
TT_ORACLE_BIN  := $(TT_DIR)/oracle/bin
TT_ORACLE_INC  := $(TT_DIR)/oracle/include
LIBPFM4_EXAMPLES ?= /usr/share/doc/libpfm4-dev/examples

TT_ORACLE_BINS := $(TT_ORACLE_BIN)/showevtinfo $(TT_ORACLE_BIN)/check_events

# Debian does not ship <perfmon/err.h>: it only wraps <err.h>
$(TT_ORACLE_INC)/perfmon/err.h:
	@mkdir -p $(@D)
	@echo '#include <err.h>' > $@

$(TT_ORACLE_BIN)/%: $(LIBPFM4_EXAMPLES)/%.c $(TT_ORACLE_INC)/perfmon/err.h
	@mkdir -p $(@D)
	$(CC) -O2 -w -I$(TT_ORACLE_INC) -o $@ $< -lpfm

.PHONY: check-tools
CHECKS += check-tools
check-tools: $(TT_ORACLE_BINS) $(TOOLS_SYS_BINS)
	@tests/tools/run.sh $(TT_ORACLE_BIN) $(TOOLS_SYS_BIN) $(TT_DIR)/out $(B)/check/results
