#!/bin/sh
# Runs the host-detection suite and appends one line "detect: N passed, N failed"
# to build/check/results: the CUnit tests of the readers and matching, the
# fixture cases through the public API, and the walk over perf's x86 mapfile.
# Output is kept in build/check/detect.log. Exits non-zero when anything failed.
# usage: tests/detect/run.sh UNIT_PROGRAM PRESENT_PROGRAM X86_MAPFILE X86_YAML_DIR PYTHON PFMDUMP
unit=$1 present=$2 mapfile=$3 yamldir=$4 python=${5:-python3} pfmdump=$6
mkdir -p build/check
# trees the unit tests make at run time: here, not in /tmp, removed at exit
rm -rf build/check/detect-tmp && mkdir -p build/check/detect-tmp || exit 1
TMPDIR=$(cd build/check/detect-tmp && pwd -P) && export TMPDIR
trap 'rm -rf "$TMPDIR"' EXIT
log=build/check/detect.log
walk=build/check/detect-x86-walk.cases
passed=0 failed=0

# add "N passed, N failed" counts from the last such line of a program's output
count() {
	set -- $(sed -n 's/.*\b\([0-9][0-9]*\) passed, \([0-9][0-9]*\) failed.*/\1 \2/p' "$1" | tail -n 1)
	passed=$((passed + ${1:-0})); failed=$((failed + ${2:-0}))
}

: >"$log"
"$unit" >build/check/detect-unit.log 2>&1; st=$?
cat build/check/detect-unit.log >>"$log"
set -- $(awk '$1 == "tests" && NF >= 5 { print $4, $5 }' build/check/detect-unit.log | tail -n 1)
passed=$((passed + ${1:-0})); f=${2:-0}
[ "$st" -ne 0 ] && [ "$f" -eq 0 ] && f=1	# crashed or leaked
failed=$((failed + f))

# cases without their own LIBPFM_SYSROOT run on a tree without /proc and /sys
empty=tests/fixtures/sysroot/empty
"$present" -r "$empty" tests/detect/fixtures.cases >build/check/detect-fixtures.log 2>&1
cat build/check/detect-fixtures.log >>"$log"; count build/check/detect-fixtures.log

if "$python" tests/detect/x86_walk.py "$mapfile" "$yamldir" "$walk" >>"$log" 2>&1; then :; else
	failed=$((failed + 1))	# a core PMU without match_priority, or no input
fi
if [ -s "$walk" ]; then
	"$present" -r "$empty" "$walk" >build/check/detect-walk.log 2>&1
	cat build/check/detect-walk.log >>"$log"; count build/check/detect-walk.log
fi

# libpfm4's PMU on every CPU identity it knows, and the example strings there
"$python" tests/detect/libpfm4_models.py "$pfmdump" build/lib "$empty" >build/check/detect-libpfm4.log 2>&1
cat build/check/detect-libpfm4.log >>"$log"; count build/check/detect-libpfm4.log
if ! grep -q ' passed, [0-9]* failed' build/check/detect-libpfm4.log; then
	failed=$((failed + 1))	# the script stopped before its summary (traceback in the log)
	echo "FAIL: tests/detect/libpfm4_models.py stopped before its summary" >>"$log"
fi

grep -E 'FAIL|want|got |Sanitizer|no match_priority|Error' "$log" | head -n 40
echo "detect: $passed passed, $failed failed" | tee -a build/check/results
[ "$failed" -eq 0 ]
