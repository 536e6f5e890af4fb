#!/bin/sh
# Runs one CUnit test program, keeps its output in build/check/<suite>.log and
# appends "<suite>: N passed, N failed" (from CUnit's run summary) to
# build/check/results. Exits non-zero when a test failed or the program crashed.
# What the program writes at run time (tests/lib/tmpdir.h) goes under
# build/check/<suite>-tmp (TMPDIR), removed at exit.
# usage: tests/run-cunit.sh SUITE PROGRAM [ARGS...]
suite=$1; shift
mkdir -p build/check
log=build/check/$suite.log
rm -rf "build/check/$suite-tmp" && mkdir "build/check/$suite-tmp" || exit 1
TMPDIR=$(cd "build/check/$suite-tmp" && pwd -P) && export TMPDIR
trap 'rm -rf "$TMPDIR"' EXIT
"$@" >"$log" 2>&1
st=$?
line=$(awk '$1 == "tests" && NF >= 5 { print $3, $4, $5 }' "$log" | tail -n 1)
set -- $line
ran=${1:-0} passed=${2:-0} failed=${3:-0}
if [ "$st" -ne 0 ] && [ "$failed" -eq 0 ]; then failed=1; fi	# crashed or leaked
grep -E 'FAILED|^ +[0-9]+\. |ERROR|Sanitizer|^skipped: ' "$log" | head -n 40
echo "$suite: $passed passed, $failed failed" | tee -a build/check/results
[ "$st" -eq 0 ] && [ "$failed" -eq 0 ]
