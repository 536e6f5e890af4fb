#!/bin/sh
# SPDX-License-Identifier: MIT
# dump-tables.sh: everything the library at LIBDIR says about every PMU it
# has (LIBPFM_ENCODE_INACTIVE=1, a fixed identity, no sysfs): PMU info,
# every event and attribute with its description, and the encoding of every
# event and event:unit-mask under PFM_OS_NONE and PFM_OS_PERF_EVENT_EXT,
# through the public API (tests/golden/golddump). Two dumps of the same
# tables are byte-identical: compare them before and after a change.
# usage: scripts/dump-tables.sh GOLDDUMP LIBDIR OUT_FILE
set -eu
dump=$1 lib=$2 out=$3
empty=$(mktemp -d "${TMPDIR:-/tmp}/pmuplug-dump.XXXXXX")
trap 'rm -rf "$empty"' EXIT
run() {
	env $(env | sed -n 's/^\(LIBPFM_[A-Z_]*\)=.*/-u \1/p') LD_LIBRARY_PATH="$lib" \
		LIBPFM_ENCODE_INACTIVE=1 LIBPFM_CPUID=GenuineIntel-6-55-4 LIBPFM_SYSROOT="$empty" \
		LIBPFM_PLUGIN_PATH="$empty" "$@"
}
# every PMU name, in pfm_pmu_t order
pmus=$(run "$dump" -n)
run "$dump" -l -a $pmus >"$out"
