#!/bin/sh
# Sums the per-suite result lines that check targets append to $1/results
# ("<suite>: N passed, N failed") and prints the closing line CI reads.
dir=${1:-build/check}
f="$dir/results"
[ -f "$f" ] || { echo "checks: 0 passed, 1 failed"; exit 1; }
awk '
  { for (i = 1; i <= NF; i++) { if ($i ~ /^passed,?$/) p += $(i-1); if ($i ~ /^failed,?$/) f += $(i-1) } print }
  END { printf "checks: %d passed, %d failed\n", p, f; exit (f > 0) }' "$f"
