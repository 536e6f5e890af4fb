#!/bin/sh
# SPDX-License-Identifier: MIT
# clients.sh LIBDIR BUILDDIR - Debian's own programs built against libpfm4
# 4.13 on our library, started directly (no system service):
#  - PCP's perfevent agent (pmda_perfevent.so, package pcp) loaded by
#    dbpmda with a config of ours (PCP_PMDAS_DIR): with LIBPFM_PMU_MAX=517
#    it finds a Zen 5 host's core PMU (id 676 otherwise, past its
#    pfm_for_all_pmus loop), lists its events and picks that PMU's config
#    section; on this machine it builds metrics for the msr PMU's tsc event
#    (where the kernel has the msr PMU);
#  - llvm-exegesis (package llvm-19) finds the cycle counter its scheduling
#    model names for znver3/4/5 and skylake-avx512 under those identities
#    (the measurement itself needs the real CPU; only the lookup is checked).
# A client that is not installed is skipped. Appends "clients: N passed, N failed".
set -u
lib=$(realpath "$1") b=$2
pass=0 fail=0
ok()  { pass=$((pass + 1)); echo "  ok: $1"; }
bad() { fail=$((fail + 1)); echo "  FAILED: $1"; }
for v in $(env | sed -n 's/^\(LIBPFM_[A-Za-z0-9_]*\|PCP_[A-Za-z0-9_]*\)=.*/\1/p'); do unset "$v"; done
mkdir -p "$b/check"
t=$(mktemp -d "$(realpath "$b")/clients.XXXXXX")
trap 'rm -rf "$t"' EXIT INT TERM
empty=$(realpath tests/fixtures/sysroot/empty)

dso=/usr/lib/pcp/pmdas/perfevent/pmda_perfevent.so
if command -v dbpmda >/dev/null && [ -f "$dso" ]; then
	mkdir -p "$t/pmdas/perfevent"
	# the agent's namespace: its metrics are dynamic below perfevent.hwcounters (domain 127)
	printf 'root {\n\tperfevent\n}\nperfevent {\n\tversion 127:0:0\n\tactive 127:0:1\n\thwcounters 127:*:*\n}\n' >"$t/root"
	perfevent() { # config-text dbpmda-commands [VAR=value...]
		printf '%b' "$1" >"$t/pmdas/perfevent/perfevent.conf"
		cmds=$2
		shift 2
		printf 'open dso %s perfevent_init 127\n%b' "$dso" "$cmds" |
			(cd "$t" && env "$@" PCP_PMDAS_DIR="$t/pmdas" LD_LIBRARY_PATH="$lib" dbpmda -n "$t/root" -e) >"$t/out" 2>&1
	}
	conf='[amd64_fam1ah_zen5]\nRETIRED_INSTRUCTIONS\nCYCLES_NOT_IN_HALT\n\n[perf]\ncycles\n'
	perfevent "$conf" '' LIBPFM_PMU_MAX=517 LIBPFM_CPUID=AuthenticAMD-26-2-0 LIBPFM_SYSROOT="$empty"
	if grep -q '^Found PMU: amd64_fam1ah_zen5 ' "$t/out" && grep -q '^amd64_fam1ah_zen5::RETIRED_INSTRUCTIONS' "$t/out" &&
	   grep -q 'Using configuration entry \[amd64_fam1ah_zen5\]' "$t/out"; then
		ok "pmdaperfevent, Zen 5 host, LIBPFM_PMU_MAX=517: finds amd64_fam1ah_zen5 ($(grep -c '^amd64_fam1ah_zen5::' "$t/out") events listed) and uses its config section"
	else
		bad "pmdaperfevent, Zen 5 host, LIBPFM_PMU_MAX=517: $(grep -E '^(Found|Using)' "$t/out" | tr '\n' ' ')"
	fi
	perfevent "$conf" '' LIBPFM_CPUID=AuthenticAMD-26-2-0 LIBPFM_SYSROOT="$empty"
	if ! grep -q '^Found PMU: amd64_fam1ah_zen5 ' "$t/out" && grep -q 'Using configuration entry \[perf\]' "$t/out"; then
		ok "pmdaperfevent, Zen 5 host, no LIBPFM_PMU_MAX: sees only PMUs with 4.13 ids (falls back to [perf]), as documented"
	else
		bad "pmdaperfevent without LIBPFM_PMU_MAX: $(grep -E '^(Found|Using)' "$t/out" | tr '\n' ' ')"
	fi
	if [ -r /sys/bus/event_source/devices/msr/events/tsc ]; then
		perfevent '[msr]\nmsr::tsc\n' 'traverse perfevent.hwcounters\n' LIBPFM_PMU_MAX=517
		if grep -q 'Using configuration entry \[msr\]' "$t/out" && grep -q 'leaf perfevent.hwcounters.msr__tsc.value' "$t/out"; then
			ok "pmdaperfevent on this machine: metric perfevent.hwcounters.msr__tsc.value"
		else
			bad "pmdaperfevent msr::tsc on this machine: $(grep -E '^(Found|Using)|leaf|rror' "$t/out" | tr '\n' ' ')"
		fi
	else
		echo "  skipped: pmdaperfevent metrics on this machine: no msr PMU in /sys/bus/event_source/devices"
	fi
else
	echo "  skipped: PCP's perfevent agent: dbpmda or $dso missing (apt-get install pcp)"
fi

exe=$(command -v llvm-exegesis-19 || command -v llvm-exegesis || true)
if [ -n "$exe" ]; then
	# identity, -mcpu; "event not found" is a failed lookup, anything after it (no
	# counter on this machine, or a measurement) a successful one
	while read -r id cpu; do
		(cd "$t" && LIBPFM_CPUID=$id LIBPFM_SYSROOT=$empty LD_LIBRARY_PATH=$lib \
			"$exe" -mode=latency -opcode-name=ADD64rr -mcpu="$cpu" >"$t/exe" 2>&1)
		if grep -q 'event not found\|Unable to create counter' "$t/exe"; then
			bad "llvm-exegesis -mcpu=$cpu ($id): $(head -n 1 "$t/exe")"
		else
			ok "llvm-exegesis -mcpu=$cpu ($id): cycle counter resolved ($(grep -o 'ERRNO: [A-Za-z ]*\|Failed to read event counter' "$t/exe" | head -n 1 || true))"
		fi
	done <<EOF_CPUS
AuthenticAMD-26-2-0 znver5
AuthenticAMD-25-17-0 znver4
AuthenticAMD-25-1-0 znver3
GenuineIntel-6-55-4 skylake-avx512
GenuineIntel-6-7E-5 icelake-client
GenuineIntel-6-97-2 alderlake
EOF_CPUS
else
	echo "  skipped: llvm-exegesis: not installed (apt-get install llvm-19)"
fi

line="clients: $pass passed, $fail failed"
echo "$line"
echo "$line" >>"$b/check/results"
[ "$fail" -eq 0 ]
