#!/bin/sh
# SPDX-License-Identifier: MIT
# Runs the host-detection suite and appends one line "detect: N passed, N failed"
# to build/check/results (tests/lib/tally.sh): the CUnit tests of the readers
# and matching (UNIT_PROGRAM detect_host), the fixture cases through the public
# API, the walk over perf's x86 mapfile and libpfm4's models.
# Output is kept in build/check/detect.log. Exits non-zero when anything failed.
# PUBLIC_PROGRAM is test_public (tests/public.mk), run as `PUBLIC_PROGRAM present ...`.
# usage: tests/detect/run.sh UNIT_PROGRAM PUBLIC_PROGRAM X86_MAPFILE X86_YAML_DIR PYTHON PFMDUMP
unit=$1 public=$2 mapfile=$3 yamldir=$4 python=${5:-python3} pfmdump=$6
mkdir -p build/check
# trees the unit tests make at run time: here, not in /tmp, removed at exit
rm -rf build/check/detect-tmp && mkdir -p build/check/detect-tmp || exit 1
TMPDIR=$(cd build/check/detect-tmp && pwd -P) && export TMPDIR
trap 'rm -rf "$TMPDIR"' EXIT
. tests/lib/tally.sh
log=build/check/detect.log
walk=build/check/detect-x86-walk.cases
empty=tests/fixtures/sysroot/empty	# cases without their own LIBPFM_SYSROOT: no /proc, no /sys

tl_program unit build/check/detect-unit.log "$unit" detect_host
tl_program fixtures build/check/detect-fixtures.log "$public" present -r "$empty" tests/detect/fixtures.cases
# the x86 mapfile's identities as cases: a core PMU without match_priority, or no input, fails
x86_walk() { "$python" tests/detect/x86_walk.py "$mapfile" "$yamldir" "$walk" >build/check/detect-x86-walk.log 2>&1; }
tl_step "tests/detect/x86_walk.py writes the x86 mapfile's cases (log: build/check/detect-x86-walk.log)" x86_walk
if [ -s "$walk" ]; then
	tl_program walk build/check/detect-walk.log "$public" present -r "$empty" "$walk"
fi
# libpfm4's PMU on every CPU identity it knows, and the example strings there
tl_program libpfm4-models build/check/detect-libpfm4.log "$python" tests/detect/libpfm4_models.py "$pfmdump" build/lib "$empty"

cat build/check/detect-unit.log build/check/detect-fixtures.log build/check/detect-x86-walk.log \
	build/check/detect-walk.log build/check/detect-libpfm4.log >"$log" 2>/dev/null
tl_results detect build/check/results
