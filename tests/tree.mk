# SPDX-License-Identifier: MIT
# tests/tree.mk: check-tree, what the repository itself holds: no tracked
# symlink to an absolute path, outside the tree, to nothing or to a device,
# FIFO or socket, no text naming one machine's absolute paths
# (scripts/check-tree.sh, with its own cases: tests/tree/run.sh).
# Appends "tree: N passed, N failed" to $(B)/check/results.
check-tree:
	@tests/tree/run.sh $(B)

CHECKS += check-tree
.PHONY: check-tree
