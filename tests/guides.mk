# SPDX-License-Identifier: MIT
# tests/guides.mk: check-guides, the documentation names only what the
# repository holds (scripts/check-guides.py): every path a guide of
# docs/guides/ lists in its `files` block exists, and every local link and
# repository path of docs/, README.md and bench/README.md exists inside the
# repository; then the checker's own cases on a scratch repository under
# $(B)/check/guides. Appends "guides: N passed, N failed" to
# $(B)/check/results.
check-guides:
	@mkdir -p $(B)/check/guides
	@$(PYTHON) scripts/check-guides.py --self-test $(B)/check/guides --results $(B)/check/results

CHECKS += check-guides
.PHONY: check-guides
