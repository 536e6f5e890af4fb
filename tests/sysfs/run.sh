#!/bin/sh
# Runs the sysfs suites (tests/sysfs.mk) and appends ONE line
# "sysfs: N passed, N failed" to <build>/check/results: the CUnit test
# counts of test_sysfs_unit, test_sysfs_api, test_sysfs_api_asan and
# test_uncore (a program that crashes or reports a sanitizer error counts
# as a failure),
# plus `check_events -P msr::tsc` when this host has the msr PMU (else it
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
pass=0 fail=0

cunit() {
	name=$1; shift
	"$@" >"$out/$name.log" 2>&1
	st=$?
	set -- $(awk '$1 == "tests" && NF >= 5 { print $3, $4, $5 }' "$out/$name.log" | tail -n 1)
	p=${2:-0} f=${3:-0}
	if [ "$st" -ne 0 ] && [ "$f" -eq 0 ]; then f=1; fi	# crashed, leaked or blocked
	pass=$((pass + p)) fail=$((fail + f))
	grep -E 'FAILED|^ +[0-9]+\. |ERROR|Sanitizer|blocked|no message|message:' "$out/$name.log" | head -n 40
	echo "  $name: $p passed, $f failed (log: $out/$name.log)"
}

cunit unit "$b/bin/test_sysfs_unit" "$fx"
cunit api "$b/bin/test_sysfs_api" "$fx"
ASAN_OPTIONS=detect_leaks=1 cunit api-asan "$b/bin/test_sysfs_api_asan" "$fx"
cunit uncore "$b/bin/test_uncore" "$fx"
grep -h '^skipped: ' "$out/api.log" | sed 's/^/  /'

if [ -r /sys/bus/event_source/devices/msr/events/tsc ]; then
	# check_events on this host's msr PMU: found, and attr.type is the sysfs type
	type=$(cat /sys/bus/event_source/devices/msr/type)
	if env -u LIBPFM_SYSROOT "$b/bin/check_events" -P msr::tsc >"$out/check_events.log" 2>&1 &&
	   grep -q '^Actual *Event *: msr::tsc$' "$out/check_events.log" &&
	   grep -Eq "^[[:space:]]+type +: $type\$" "$out/check_events.log"; then
		pass=$((pass + 1)); echo "  check_events msr::tsc: ok"
	else
		fail=$((fail + 1)); echo "  FAILED: check_events msr::tsc (log: $out/check_events.log)"
	fi
else
	echo "  skipped: check_events msr::tsc: this host has no msr PMU"
fi

mkdir -p "$b/check"
echo "sysfs: $pass passed, $fail failed" | tee -a "$b/check/results"
[ "$fail" -eq 0 ]
