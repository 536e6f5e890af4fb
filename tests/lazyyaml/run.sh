#!/bin/sh
# SPDX-License-Identifier: MIT
# run.sh: check-lazy-yaml. libpfm.so.4 needs libc only; libyaml is loaded by
# the library on first use (pfmlib/util/yaml_lib.c): a process whose plugin
# directory is empty never maps it, one with a plugin loads it and the
# plugin's PMU. Seen through the dynamic loader's own trace (LD_DEBUG=files)
# of build/bin/showevtinfo, which links libpfm.so.4 alone. Appends
# "lazy-yaml: N passed, N failed" to BUILD/check/results.
# usage: tests/lazyyaml/run.sh BUILD
set -u
b=${1:-build}
mkdir -p "$b/check" || exit 1
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pmuplug-lazyyaml.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/empty" "$tmp/one" && cp tests/fixtures/yaml/fict.yaml "$tmp/one/" || exit 1
pass=0 fail=0
check() {	# check NAME COMMAND...
	name=$1; shift
	if "$@"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL $name"; fi
}
run() {	# run PLUGIN_DIR: showevtinfo's output and the loader's trace, in $tmp/out
	env $(env | sed -n 's/^\(LIBPFM_[A-Z_]*\)=.*/-u \1/p') LD_DEBUG=files LIBPFM_ENCODE_INACTIVE=1 \
		LIBPFM_PLUGIN_PATH="$1" "$b/bin/showevtinfo" >"$tmp/out" 2>&1
}
needed=$(readelf -dW "$b/lib/libpfm.so.4" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | tr '\n' ' ')
check libpfm_so_needs_libc_only [ "$needed" = "libc.so.6 " ]
run "$tmp/empty"
check no_plugin_never_maps_libyaml sh -c "! grep -q 'file=libyaml' '$tmp/out'"
check no_plugin_lists_the_builtin_pmus grep -q 'Name *: PERF_COUNT_HW_CPU_CYCLES' "$tmp/out"
run "$tmp/one"
check a_plugin_loads_libyaml_from_libpfm grep -q 'file=libyaml.*dynamically loaded by.*libpfm.so.4' "$tmp/out"
check a_plugin_pmu_is_listed grep -q 'fict_core1' "$tmp/out"
echo "lazy-yaml: $pass passed, $fail failed" | tee -a "$b/check/results"
[ "$fail" -eq 0 ]
