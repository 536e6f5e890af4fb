# SPDX-License-Identifier: MIT
# tests/vendor.mk: check-vendor, the converter on the vendor snapshots of
# ../shared/vendor (perf's 2026-02 arch tree, Intel's 2026-08 perfmon
# repository), when they are there: each converted alone into $(B)/vendor/
# (never committed), no model and no uncore entry skipped, the new Intel
# clients per core type, the two routes encoding every shared event alike
# but for the listed differences (arch/x86/intel-perfmon-differences.tsv);
# then, per route, a library of the new models' descriptors (tablegen and
# the build's objects) asked under LIBPFM_CPUID which PMUs each CPU presents
# and how every event of the route's JSON encodes (tests/vendor/library.py).
# Says `skipped` with the reason when the snapshots are absent. Appends to
# $(B)/check/results.

VENDOR_DIR ?= ../shared/vendor

check-vendor: $(TABLEGEN) $(LIBPFM_SO) $(PFMDUMP)
	@mkdir -p $(B)/check
	@$(PYTHON) tests/vendor/run.py --vendor $(VENDOR_DIR) --work $(B)/vendor --results $(B)/check/results \
		--tablegen $(TABLEGEN) --objdir $(B)/obj --pfmdump $(PFMDUMP)

CHECKS += check-vendor
.PHONY: check-vendor
