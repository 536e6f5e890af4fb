#!/bin/sh
# SPDX-License-Identifier: MIT
# Runs the sysfs suites (tests/sysfs.mk) and appends ONE line
# "sysfs: N passed, N failed" to <build>/check/results: the CUnit test
# counts of test_sysfs_unit, test_public api, test_public_asan api and
# test_public uncore (a program that crashes or reports a sanitizer error counts
# as a failure), plus the cases of tests/sysfs/startup-opens.sh
# (pfm_initialize opens no file of a kernel PMU), plus
# `check_events -P msr::tsc` when this host has the msr PMU (else it
# says the live checks are skipped).
# Logs: <build>/check/sysfs/*.log; the trees the programs make at run time
# (scratch.c) go to <build>/check/sysfs/tmp (TMPDIR), removed at exit.
# usage: tests/sysfs/run.sh BUILD FIXTURES
set -u
b=${1:-build}
fx=${2:-tests/fixtures/sysfs}
out=$b/check/sysfs
rm -rf "$out/tmp" && mkdir -p "$out/tmp" || exit 1
TMPDIR=$(cd "$out/tmp" && pwd -P) && export TMPDIR
trap 'rm -rf "$TMPDIR"' EXIT
. tests/lib/tally.sh

tl_program unit "$out/unit.log" "$b/bin/test_sysfs_unit" "$fx"
tl_program api "$out/api.log" "$b/bin/test_public" api "$fx"
ASAN_OPTIONS=detect_leaks=1 tl_program api-asan "$out/api-asan.log" "$b/bin/test_public_asan" api "$fx"
tl_program uncore "$out/uncore.log" "$b/bin/test_public" uncore "$fx"

# what pfm_initialize opens: nothing under a kernel PMU's directory
tl_program startup-opens "$out/startup-opens.log" tests/sysfs/startup-opens.sh "$b" "$fx" "$out"

if [ -r /sys/bus/event_source/devices/msr/events/tsc ]; then
	# check_events on this host's msr PMU: found, and attr.type is the sysfs type
	type=$(cat /sys/bus/event_source/devices/msr/type)
	msr_tsc() {
		env -u LIBPFM_SYSROOT "$b/bin/check_events" -P msr::tsc >"$out/check_events.log" 2>&1 &&
		grep -q '^Actual *Event *: msr::tsc$' "$out/check_events.log" &&
		grep -Eq "^[[:space:]]+type +: $type\$" "$out/check_events.log"
	}
	tl_step "check_events msr::tsc (log: $out/check_events.log)" msr_tsc
else
	echo "  skipped: check_events msr::tsc: this host has no msr PMU"
fi

tl_results sysfs "$b/check/results"
