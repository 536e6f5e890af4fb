#!/bin/sh
# SPDX-License-Identifier: MIT
# Sums the per-suite result lines that check targets append to $1/results
# ("<suite>: N passed, N failed") and prints the closing line CI reads.
# $2 is make's exit status over the check targets: a target that stopped
# (a script that broke, a build that failed) before writing its result line
# is counted as one failure, so the closing line never reads clean then.
dir=${1:-build/check}
st=${2:-0}
f="$dir/results"
[ -f "$f" ] || { echo "checks: 0 passed, 1 failed"; exit 1; }
awk -v st="$st" '
  { for (i = 1; i <= NF; i++) { if ($i ~ /^passed,?$/) p += $(i-1); if ($i ~ /^failed,?$/) f += $(i-1) } print }
  END {
    if (st != 0) { print "make: a check target stopped with an error (exit " st "): look for \"***\" above"; f++ }
    printf "checks: %d passed, %d failed\n", p, f; exit (f > 0) }' "$f"
