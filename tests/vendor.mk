# tests/vendor.mk: check-vendor, the converter on the vendor snapshots of
# ../shared/vendor (perf's 2026-02 arch tree, Intel's 2026-08 perfmon
# repository), when they are there: each converted alone into $(B)/vendor/
# (never committed), no model skipped, the new Intel clients per core type,
# and the two routes encoding every shared event alike but for the listed
# differences (arch/x86/intel-perfmon-differences.tsv). Says `skipped` with
# the reason when the snapshots are absent. Appends to $(B)/check/results.

VENDOR_DIR ?= ../shared/vendor

check-vendor:
	@mkdir -p $(B)/check
	@$(PYTHON) tests/vendor/run.py --vendor $(VENDOR_DIR) --work $(B)/vendor --results $(B)/check/results

CHECKS += check-vendor
.PHONY: check-vendor
