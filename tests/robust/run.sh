#!/bin/sh
# SPDX-License-Identifier: MIT
# tests/robust/run.sh - check-robust: runs the three robustness checks
# under ASan+UBSan (tests/robust.mk) and appends ONE line
# "robust: N passed, N failed" to BUILD/check/results, the sum of their own
# lines (tests/lib/tally.sh): test_public_asan strings (mutated event strings,
# as a Skylake host on the ccn sysfs fixture), robust_yaml (mutated
# descriptors) and test_public_asan hostile (hostile files; its scratch trees in
# BUILD/check/robust-tmp, removed at exit). Logs: BUILD/check/robust-*.log.
# usage: tests/robust/run.sh BUILD ROUNDS YAML...
set -u
b=$1 rounds=$2
shift 2
. tests/lib/tally.sh
mkdir -p "$b/check/robust-tmp" || exit 1
TMPDIR=$(cd "$b/check/robust-tmp" && pwd -P) && export TMPDIR
trap 'rm -rf "$TMPDIR"' EXIT

LIBPFM_ENCODE_INACTIVE=1 LIBPFM_CPUID=GenuineIntel-6-5E-3 LIBPFM_SYSROOT=tests/fixtures/sysfs/ccn \
	tl_program strings "$b/check/robust-strings.log" "$b/bin/test_public_asan" strings "$rounds"
tl_program yaml "$b/check/robust-yaml.log" "$b/bin/robust_yaml" "$@"
tl_program hostile "$b/check/robust-hostile.log" "$b/bin/test_public_asan" hostile
tl_results robust "$b/check/results"
