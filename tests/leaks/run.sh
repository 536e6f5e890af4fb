#!/bin/sh
# SPDX-License-Identifier: MIT
# tests/leaks/run.sh - pfm_initialize/pfm_terminate cycles under valgrind's
# leak check, in each environment the library starts from: the host as it
# is, an empty event_source/devices/ (made here), every sysfs fixture, a
# plugin directory, LIBPFM_ENCODE_INACTIVE=1. A run passes when its cycles
# all succeed and valgrind finds no byte lost (definite, indirect or
# possible). Appends "leaks: N passed, N failed" to B/check/results: the
# tests of every run's own "leaks" line (one a cycle, tests/lib/tally.sh);
# a valgrind report fails its run once more.
# usage: run.sh B TEST_PUBLIC CYCLES   (runs `TEST_PUBLIC leaks CYCLES LABEL`)
b=$1 bin=$2 n=$3
out=$b/check/leaks
mkdir -p "$out"
tmp=$(mktemp -d "$PWD/$b/check/leaks-tmp.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
mkdir -p "$tmp/empty/sys/bus/event_source/devices"
. tests/lib/tally.sh
if ! command -v valgrind >/dev/null; then
	tl_step "valgrind is installed (Debian package valgrind)" false
	tl_results leaks "$b/check/results"
	exit 1
fi
vg="valgrind -q --leak-check=full --show-leak-kinds=definite,indirect,possible
	--errors-for-leak-kinds=definite,indirect,possible --error-exitcode=99"
clean="env -u LIBPFM_SYSROOT -u LIBPFM_PLUGIN_PATH -u LIBPFM_ENCODE_INACTIVE -u LIBPFM_CPUID
	-u LIBPFM_FORCE_PMU -u LIBPFM_SYSFS_PMUS -u LIBPFM_VERBOSE -u LIBPFM_DEBUG"
run() {	# run LABEL ENV-ASSIGNMENTS...
	label=$1; shift
	# shellcheck disable=SC2086
	tl_program "$label ($n cycles)" "$out/$label.log" $clean "$@" $vg "$bin" leaks "$n" "$label"
}
run host
run empty-devices LIBPFM_SYSROOT="$tmp/empty"
for fx in tests/fixtures/sysfs/*/; do
	fx=${fx%/}
	run "sysfs-${fx##*/}" LIBPFM_SYSROOT="$fx"
done
run plugins LIBPFM_SYSROOT=tests/fixtures/sysroot/empty LIBPFM_PLUGIN_PATH=tests/fixtures/plugins \
	LIBPFM_ENCODE_INACTIVE=1
run encode-inactive LIBPFM_SYSROOT=tests/fixtures/sysroot/empty LIBPFM_ENCODE_INACTIVE=1
tl_results leaks "$b/check/results"
