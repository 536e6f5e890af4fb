#!/bin/sh
# SPDX-License-Identifier: MIT
# Runs one test program of tests/lib (CUnit or a counting driver), keeps its output in build/check/<suite>.log and
# appends "<suite>: N passed, N failed" (the program's own results line,
# tests/lib/tally.sh) to build/check/results. Exits non-zero when a test
# failed or the program crashed.
# What the program writes at run time (tests/lib/tmpdir.h) goes under
# build/check/<suite>-tmp (TMPDIR), removed at exit.
# usage: tests/run-cunit.sh SUITE PROGRAM [ARGS...]
suite=$1; shift
. tests/lib/tally.sh
mkdir -p build/check
rm -rf "build/check/$suite-tmp" && mkdir "build/check/$suite-tmp" || exit 1
TMPDIR=$(cd "build/check/$suite-tmp" && pwd -P) && export TMPDIR
trap 'rm -rf "$TMPDIR"' EXIT
tl_program "$suite" "build/check/$suite.log" "$@"
tl_results "$suite" build/check/results
