#!/bin/sh
# SPDX-License-Identifier: MIT
# `make run`: shows what pmuplug finds on this host (default PMU and its
# events) and encodes a few events, using the tools built against our library.
set -u
bin=build/bin
echo "== PMUs detected on this host (check_events, no argument)"
$bin/check_events 2>&1 | sed -n '/Detected PMU models/,$p'
echo
# the host's core PMUs by role (scripts/host-pmus.py: the library's own answer)
pmus=$(${PYTHON:-python3} scripts/host-pmus.py build/lib/libpfm.so.4 2>/dev/null)
models=$(echo "$pmus" | awk -F'\t' '$3 == "model" { print $1 }')
arch=$(echo "$pmus" | awk -F'\t' '$3 == "architectural" { print $1 }')
if [ -z "$models" ]; then
	echo "== No core PMU of this CPU model is known here (perf's generic events still work)"
	echo
fi
for m in $models; do
	echo "== Events of the default core PMU $m (showevtinfo -L, first 40)"
	echo "$pmus" | awk -F'\t' -v m="$m" '$1 == m { printf "   %s: %s, %s events\n", $1, $5, $4 }'
	$bin/showevtinfo -L "$m::" 2>/dev/null | grep -v '^\s' | head -n 40
	echo "   ... $($bin/showevtinfo -L "$m::" 2>/dev/null | grep -c "^$m::") event strings in all"
	echo
done
for a in $arch; do
	echo "== Beside it: $a, the architectural PMU (the events every Intel CPU counts alike, searched after the model PMU)"
	$bin/showevtinfo -L "$a::" 2>/dev/null | grep "^$a::"
	echo
done
echo "== Encoding a few events of this host"
evs="perf::TASK-CLOCK perf::cycles"
for m in $models; do
	evs="$evs $($bin/showevtinfo -L "$m::" 2>/dev/null | grep "^$m::" | head -n 3 | tr '\n' ' ')"
done
for ev in $evs; do
	$bin/check_events -P "$ev" 2>&1 | sed -n '/Requested Event/,/config1/p'
	echo
done
echo "== An AMD Zen 5 host (identity given as perf's PERF_CPUID would: LIBPFM_CPUID=AuthenticAMD-26-2-0)"
for ev in RETIRED_INSTRUCTIONS ex_ret_instr ls_dispatch.ld_dispatch LS_DISPATCH:LD_DISPATCH:u; do
	LIBPFM_CPUID=AuthenticAMD-26-2-0 $bin/check_events "$ev" 2>&1 | sed -n '/Requested Event/,$p'
	echo
done
echo "== Encoding for another CPU: Goldmont, as PAPI would ask (LIBPFM_ENCODE_INACTIVE=1)"
LIBPFM_ENCODE_INACTIVE=1 $bin/check_events glm::OFFCORE_RESPONSE_0:DMND_DATA_RD:ANY_RESPONSE \
	glm::ISSUE_SLOTS_NOT_CONSUMED:RESOURCE_FULL:k:c=1:i 2>&1 | sed -n '/Requested Event/,$p'
exit 0
