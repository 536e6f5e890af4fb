#!/bin/sh
# SPDX-License-Identifier: MIT
# PAPI (Debian's libpapi 7.0 and papi-tools) run on top of our libpfm.so.4
# through LD_LIBRARY_PATH: the perf_event component must be enabled, list
# native events, and count a perf software event. The host identity is given
# (LIBPFM_CPUID, as perf's PERF_CPUID), so what PAPI sees of our library does
# not depend on the machine: a Skylake-X, then an AMD Zen 5. PAPI's component
# needs the kernel's perf_event_open: on a kernel without perf events, or
# where perf_event_paranoid forbids it to this user, the checks are reported
# as skipped. Appends "papi: N passed, N failed" to build/check/results.
set -u
lib=${1:-build/lib}
count=${2:-build/bin/papi_count}
out=build/check/papi
mkdir -p "$out"
pass=0 fail=0
ok()   { pass=$((pass + 1)); echo "  ok: $1"; }
bad()  { fail=$((fail + 1)); echo "  FAILED: $1"; }
for v in $(env | sed -n 's/^\(LIBPFM_[A-Za-z0-9_]*\)=.*/\1/p'); do unset "$v"; done

paranoid=/proc/sys/kernel/perf_event_paranoid
skip=
if [ ! -r "$paranoid" ]; then
	skip="this kernel has no perf_event support ($paranoid missing)"
elif [ "$(id -u)" -ne 0 ] && [ "$(cat "$paranoid")" -gt 2 ]; then
	skip="perf_event_paranoid=$(cat "$paranoid") forbids perf_event_open to this user"
fi
if [ -n "$skip" ]; then
	echo "  skipped: every PAPI check: $skip"
	echo "papi: 0 passed, 0 failed" | tee -a build/check/results
	exit 0
fi

LIBPFM_CPUID=GenuineIntel-6-55-4 LD_LIBRARY_PATH=$lib papi_component_avail >"$out/component_avail.txt" 2>&1
if awk '/^Active components:/ {a=1} a && /Name: +perf_event /' "$out/component_avail.txt" | grep -q perf_event &&
   grep -q 'PMUs supported:.*skx' "$out/component_avail.txt"; then
	ok "Skylake-X host: papi_component_avail: perf_event component active, supporting skx"
else
	bad "Skylake-X host: papi_component_avail: perf_event component not active with skx: $(grep -A2 'Name: *perf_event ' "$out/component_avail.txt" | tail -n 2 | tr '\n' ' ')"
fi

LIBPFM_CPUID=GenuineIntel-6-55-4 LD_LIBRARY_PATH=$lib papi_native_avail >"$out/native_avail.txt" 2>&1
n=$(awk '/Total events reported:/ {print $4}' "$out/native_avail.txt")
pmus=$(grep -o '^| [a-z0-9_]*::' "$out/native_avail.txt" | sort | uniq -c | awk '{printf "%s%s=%s", sep, $3, $1; sep=" "}')
if [ "${n:-0}" -gt 0 ]; then
	ok "Skylake-X host: papi_native_avail: ${n} events (${pmus})"
else
	bad "Skylake-X host: papi_native_avail: no events"
fi
if grep -q '^| perf::TASK-CLOCK\|^| perf::PERF_COUNT_SW_TASK_CLOCK' "$out/native_avail.txt"; then
	ok "Skylake-X host: papi_native_avail lists perf::TASK-CLOCK"
else
	bad "Skylake-X host: papi_native_avail does not list perf::TASK-CLOCK"
fi

LIBPFM_CPUID=GenuineIntel-6-55-4 LD_LIBRARY_PATH=$lib papi_command_line perf::TASK-CLOCK perf::PERF_COUNT_SW_CONTEXT_SWITCHES >"$out/command_line.txt" 2>&1
v=$(awk '/perf::TASK-CLOCK *:/ {print $NF}' "$out/command_line.txt")
if [ -n "$v" ] && [ "$v" -gt 0 ] 2>/dev/null; then
	ok "Skylake-X host: papi_command_line counts perf::TASK-CLOCK ($v)"
else
	bad "Skylake-X host: papi_command_line perf::TASK-CLOCK: $(tail -n 3 "$out/command_line.txt" | tr '\n' ' ')"
fi

# the same on an AMD Zen 5 host
LIBPFM_CPUID=AuthenticAMD-26-2-0 LD_LIBRARY_PATH=$lib papi_component_avail >"$out/component_avail_zen5.txt" 2>&1
if grep -q 'PMUs supported:.*amd64_fam1ah_zen5' "$out/component_avail_zen5.txt"; then
	ok "Zen 5 host: perf_event supports amd64_fam1ah_zen5 ($(grep -o 'Native: [0-9]*' "$out/component_avail_zen5.txt" | head -n 1))"
else
	bad "Zen 5 host: amd64_fam1ah_zen5 not among the PMUs perf_event supports"
fi
LIBPFM_CPUID=AuthenticAMD-26-2-0 LD_LIBRARY_PATH=$lib papi_native_avail >"$out/native_avail_zen5.txt" 2>&1
if grep -q '^| RETIRED_INSTRUCTIONS ' "$out/native_avail_zen5.txt" && grep -q '^| LS_DISPATCH ' "$out/native_avail_zen5.txt"; then
	ok "Zen 5 host: papi_native_avail lists Zen 5 events ($(awk '/Total events reported:/ {print $4}' "$out/native_avail_zen5.txt") in all)"
else
	bad "Zen 5 host: papi_native_avail lacks RETIRED_INSTRUCTIONS / LS_DISPATCH"
fi

# counting through PAPI's API on the live machine (its own identity): perf
# software events in PAPI's default domain (user); msr::tsc, whose PMU the
# kernel lets no exclude_* bit through, in the domain "all" (PAPI sets
# exclude_kernel from the event set's domain unless the string gives :k=,
# so plain `papi_command_line msr::tsc` is refused in the default domain)
LD_LIBRARY_PATH=$lib "$count" perf::TASK-CLOCK perf::PERF_COUNT_SW_CPU_CLOCK >"$out/count_sw.txt" 2>&1
if [ $? -eq 0 ]; then
	ok "live host: PAPI counts perf software events in the user domain ($(tr '\n' ' ' <"$out/count_sw.txt"))"
else
	bad "live host: PAPI software events: $(tr '\n' ' ' <"$out/count_sw.txt")"
fi
if [ -r /sys/bus/event_source/devices/msr/events/tsc ]; then
	LD_LIBRARY_PATH=$lib "$count" --domain=all msr::tsc >"$out/count_msr.txt" 2>&1
	if [ $? -eq 0 ]; then
		ok "live host: PAPI counts msr::tsc in the domain all ($(cat "$out/count_msr.txt"))"
	else
		bad "live host: PAPI msr::tsc in the domain all: $(cat "$out/count_msr.txt")"
	fi
	# the encoding PAPI starts from leaves every exclude_* bit off (u/k/h only where a PMU filters)
	LD_LIBRARY_PATH=$lib "$count" msr::tsc:k=1 >"$out/count_msr_k.txt" 2>&1
	if grep -q 'msr::tsc:k=1: failed: PAPI_event_name_to_code' "$out/count_msr_k.txt"; then
		ok "live host: msr::tsc:k=1 is refused by name (the msr PMU offers no privilege modifier)"
	else
		bad "live host: msr::tsc:k=1: $(cat "$out/count_msr_k.txt")"
	fi
else
	echo "  skipped: PAPI msr::tsc count: this kernel has no msr PMU (/sys/bus/event_source/devices/msr)"
fi

# a two-socket Skylake-X sysfs tree: PAPI's perf_event_uncore component lists the boxes
fx=$(pwd)/tests/fixtures/sysfs/skx2s
LIBPFM_SYSROOT=$fx LIBPFM_CPUID=GenuineIntel-6-55-4 LD_LIBRARY_PATH=$lib papi_component_avail \
	>"$out/component_avail_uncore.txt" 2>&1
if grep -A3 'Name: *perf_event_uncore' "$out/component_avail_uncore.txt" | grep -q 'PMUs supported:.*skx_unc_cha0'; then
	ok "Skylake-X sysfs tree: perf_event_uncore supports the skx boxes ($(grep -A2 'Name: *perf_event_uncore' \
		"$out/component_avail_uncore.txt" | grep -o 'Native: [0-9]*' | head -n 1))"
else
	bad "Skylake-X sysfs tree: perf_event_uncore does not list skx_unc_cha0"
fi
LIBPFM_SYSROOT=$fx LIBPFM_CPUID=GenuineIntel-6-55-4 LD_LIBRARY_PATH=$lib papi_native_avail \
	>"$out/native_avail_uncore.txt" 2>&1
if sed -n '/Native Events in Component: perf_event_uncore/,$p' "$out/native_avail_uncore.txt" |
   grep -q '^| skx_unc_imc3::UNC_M_CAS_COUNT '; then
	ok "Skylake-X sysfs tree: papi_native_avail lists skx_unc_imc3::UNC_M_CAS_COUNT under perf_event_uncore"
else
	bad "Skylake-X sysfs tree: papi_native_avail lacks skx_unc_imc3::UNC_M_CAS_COUNT under perf_event_uncore"
fi

echo "papi: $pass passed, $fail failed" | tee -a build/check/results
[ "$fail" -eq 0 ]
