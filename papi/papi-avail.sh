#!/bin/sh
# SPDX-License-Identifier: MIT
# papi/papi-avail.sh LIBDIR TABLE BUILDDIR - Debian's papi_avail -a on our
# library with the merged preset table (PAPI_CSV_EVENT_FILE=TABLE):
#  - under CPU identities PAPI 7.0 has no presets for (x86, Arm, POWER10,
#    RISC-V sysroot fixtures), every preset of our block for that PMU that
#    this PAPI knows by name is available (PAPI drops a preset silently when
#    a term does not resolve; the newer PAPI's blocks our table takes may
#    name presets PAPI 7.0 does not have, which it ignores: counted apart),
#    and at least 25 of them (16 for Lunar Lake's P-core, 20 for the SiFive
#    U74, whose perf tables are small, 5 for amd64_arch, the four
#    architectural events of an AMD processor newer than the tables);
#  - under Skylake-X and Ice Lake-X identities, PAPI lists the same presets
#    with the merged table as with its built-in one (none lost);
#  - on this machine, with its own identity, at least 25 presets where the
#    table has a block for its core PMU.
# Hybrid parts run one core type at a time (LIBPFM_FORCE_PMU): PAPI 7.0
# refuses two core PMUs. Appends "papi-avail: N passed, N failed".
set -u
lib=$1 table=$2 b=$3
out=$b/check/papi-avail
mkdir -p "$out"
pass=0 fail=0
ok()  { pass=$((pass + 1)); echo "  ok: $1"; }
bad() { fail=$((fail + 1)); echo "  FAILED: $1"; }
for v in $(env | sed -n 's/^\(LIBPFM_[A-Za-z0-9_]*\|PAPI_[A-Za-z0-9_]*\)=.*/\1/p'); do unset "$v"; done
if [ ! -r /proc/sys/kernel/perf_event_paranoid ] || ! command -v papi_avail >/dev/null; then
	echo "  skipped: papi_avail checks: no perf_event support or no papi_avail (papi-tools)"
	echo "papi-avail: 0 passed, 0 failed" | tee -a "$b/check/results"
	exit 0
fi

# presets papi_avail -a lists as available (one name a line)
avail() { # file
	awk '/^PAPI_[A-Z0-9_]+ +0x/ {print $1}' "$1" | sort
}
# presets this PAPI knows, available or not (papi_avail without -a; one name a line)
known() { # file
	awk '/^PAPI_[A-Z0-9_]+ +0x/ {print $1}' "$1" | sort
}
# presets of our block for PMU (one name a line)
ours() { # pmu
	awk -F, -v p="$1" '/^CPU,/ {on = ($2 == p)} on && /^PRESET,/ {print $2}' "$table" | sort -u
}

# identity  pmu  minimum  [forced PMU]
while read -r id pmu min force; do
	[ -n "$id" ] || continue
	f=$out/$pmu.txt
	# an identity, or root=<sysroot fixture> (the host's /proc and /sys say who it is)
	case $id in
	root=*) cpuid= root=tests/fixtures/sysroot/${id#root=} ;;
	*) cpuid=$id root=tests/fixtures/sysroot/empty ;;
	esac
	env ${force:+LIBPFM_FORCE_PMU=$force} ${cpuid:+LIBPFM_CPUID=$cpuid} LIBPFM_SYSROOT=$root \
		PAPI_CSV_EVENT_FILE=$(realpath "$table") LD_LIBRARY_PATH=$lib papi_avail -a >"$f" 2>&1
	env ${force:+LIBPFM_FORCE_PMU=$force} ${cpuid:+LIBPFM_CPUID=$cpuid} LIBPFM_SYSROOT=$root \
		PAPI_CSV_EVENT_FILE=$(realpath "$table") LD_LIBRARY_PATH=$lib papi_avail >"$f.all" 2>&1
	avail "$f" >"$f.avail"
	known "$f.all" >"$f.known"
	ours "$pmu" >"$f.block"
	comm -12 "$f.block" "$f.known" >"$f.ours"
	unknown=$(comm -23 "$f.block" "$f.known" | tr '\n' ' ')
	n=$(wc -l <"$f.avail")
	want=$(wc -l <"$f.ours")
	lost=$(comm -13 "$f.avail" "$f.ours" | tr '\n' ' ')
	if [ "$want" -ge "$min" ] && [ -z "$lost" ] && [ "$n" -ge "$want" ]; then
		ok "$pmu ($id${force:+, forced}): papi_avail -a lists all $want presets of our block${unknown:+ (and not ${unknown% }, names this PAPI does not have)}"
	else
		bad "$pmu ($id): $n presets available, our block has $want (minimum $min), missing: [$lost] ($f)"
	fi
done <<EOF_IDS
AuthenticAMD-25-17-0 amd64_fam19h_zen4 25
AuthenticAMD-26-2-0 amd64_fam1ah_zen5 25
AuthenticAMD-27-0-0 amd64_arch 5
GenuineIntel-6-8F-8 spr 25
GenuineIntel-6-CF-2 emr 25
GenuineIntel-6-AD-1 gnr 25
GenuineIntel-6-AF-3 srf 25
GenuineIntel-6-7E-5 icl 25
GenuineIntel-6-97-2 adl_glc 25 adl_glc
GenuineIntel-6-97-2 adl_grt 25 adl_grt
GenuineIntel-6-AA-4 mtl_rwc 25 mtl_rwc
GenuineIntel-6-AA-4 mtl_cmt 25 mtl_cmt
GenuineIntel-6-BD-1 lnl_lnc 16 lnl_lnc
0x00000000410fd0c1 arm_n1 25
0x00000000410fd4f0 arm_v2 25
root=power10 power10 25
root=riscv-sifive-u74 sifive_u74 20
root=riscv-thead-c910 thead_c900 25
EOF_IDS

# nothing PAPI's built-in table gives is lost with the merged one
for id in GenuineIntel-6-55-4 GenuineIntel-6-6A-6; do
	LIBPFM_CPUID=$id LIBPFM_SYSROOT=tests/fixtures/sysroot/empty LD_LIBRARY_PATH=$lib papi_avail -a >"$out/$id.builtin" 2>&1
	LIBPFM_CPUID=$id LIBPFM_SYSROOT=tests/fixtures/sysroot/empty PAPI_CSV_EVENT_FILE=$(realpath "$table") \
		LD_LIBRARY_PATH=$lib papi_avail -a >"$out/$id.merged" 2>&1
	avail "$out/$id.builtin" >"$out/$id.b"
	avail "$out/$id.merged" >"$out/$id.m"
	nb=$(wc -l <"$out/$id.b")
	if [ "$nb" -gt 0 ] && cmp -s "$out/$id.b" "$out/$id.m"; then
		ok "$id: the merged table gives the $nb presets PAPI's built-in one gives"
	else
		bad "$id: built-in $nb presets, merged $(wc -l <"$out/$id.m"): lost [$(comm -23 "$out/$id.b" "$out/$id.m" | tr '\n' ' ')]"
	fi
done

# this machine as it is
PAPI_CSV_EVENT_FILE=$(realpath "$table") LD_LIBRARY_PATH=$lib papi_avail -a >"$out/host.txt" 2>&1
n=$(avail "$out/host.txt" | wc -l)
core=$(LD_LIBRARY_PATH=$lib papi_component_avail 2>/dev/null | sed -n 's/.*PMUs supported: //p' | head -n 1 |
	tr -d ' ' | tr ',' '\n' | grep -v -x -e perf -e perf_raw -e msr -e ix86arch | head -n 1)
if [ -n "$core" ] && grep -q "^CPU,$core\$" "$table"; then
	[ "$n" -ge 25 ] && ok "this machine ($core): papi_avail -a lists $n presets" ||
		bad "this machine ($core): $n presets (want >= 25)"
else
	echo "  skipped: this machine: no core PMU with a preset block (${core:-none}); $n presets"
fi

line="papi-avail: $pass passed, $fail failed"
echo "$line"
echo "$line" >>"$b/check/results"
[ "$fail" -eq 0 ]
