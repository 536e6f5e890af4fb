# SPDX-License-Identifier: MIT
# tests/archs.mk: check-archs, every non-x86 architecture perf ships (arm64,
# riscv, powerpc, s390, nds32) encoded through build/lib/libpfm.so.4 and
# checked against perf's JSON by a reader of the test's own (tests/archs/),
# plus an example event of each architecture via check_events -P. Included from
# tests/module.mk; appends "archs: N passed, N failed" to $(B)/check/results.

ARCHS_PY := $(wildcard tests/archs/*.py)

check-archs: $(B)/bin/pfmdump $(B)/bin/check_events $(LIBPFM_SO) $(PERF_ARCH_DEP) $(ARCHS_PY)
	@mkdir -p $(B)/check
	@$(PYTHON) tests/archs/run.py --arch-root $(PMU_EVENTS_ARCH) --overlay-root arch --table $(YAML_DIR)/pmus.tsv \
		--pfmdump $(B)/bin/pfmdump --check-events $(B)/bin/check_events --libdir $(B)/lib \
		--results $(B)/check/results

CHECKS += check-archs
.PHONY: check-archs
