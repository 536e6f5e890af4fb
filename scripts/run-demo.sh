#!/bin/sh
# `make run`: shows what pmuplug finds on this host (default PMU and its
# events) and encodes a few events, using the tools built against our library.
set -u
bin=build/bin
echo "== PMUs detected on this host (check_events, no argument)"
$bin/check_events 2>&1 | sed -n '/Detected PMU models/,$p'
echo
dfl=$($bin/check_events 2>/dev/null | awk '/Detected PMU models/ {d=1; next} d && /\[/ { gsub(/[\[\],]/, ""); if ($2 != "perf" && $2 != "perf_raw") { print $2; exit } }')
if [ -n "$dfl" ]; then
	echo "== Events of the default core PMU $dfl (showevtinfo -L, first 40)"
	$bin/showevtinfo -L "$dfl::" 2>/dev/null | grep -v '^\s' | head -n 40
	echo "   ... $($bin/showevtinfo -L "$dfl::" 2>/dev/null | grep -c "^$dfl::") event strings in all"
	echo
fi
echo "== Encoding a few events of this host"
evs="perf::TASK-CLOCK perf::cycles"
[ -n "$dfl" ] && evs="$evs $($bin/showevtinfo -L "$dfl::" 2>/dev/null | grep "^$dfl::" | head -n 3 | tr '\n' ' ')"
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
