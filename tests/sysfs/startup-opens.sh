#!/bin/sh
# SPDX-License-Identifier: MIT
# tests/sysfs/startup-opens.sh - pins that pfm_initialize opens no file or
# directory under a kernel PMU's directory (its type, cpumask, format/,
# events/ are read at the PMU's first use): golddump with no PMU named
# (pfm_initialize, then exit) runs under the open-logging shim
# (tests/sysfs/openlog.c) on each x86 fixture tree with its identity; a
# path under <tree>/sys/bus/event_source/devices/<pmu>/ fails the check.
# A control case asks for the msr PMU's info, which builds it from its
# files: the shim must see those opens, or the check could not fail.
# Prints one line per case ("ok: ..." / "FAILED: ...") and, last,
# "startup-opens: N passed, N failed".
# usage: tests/sysfs/startup-opens.sh BUILD FIXTURES OUT_DIR
set -u
b=$1 fx=$2 out=$3
shim=$b/tests/openlog.so
pass=0 fail=0
mkdir -p "$out"
empty=$out/startup-opens-empty && mkdir -p "$empty"

# usage: opens NAME TREE IDENTITY [golddump arguments]: the log of what it opened
opens() {
	name=$1 tree=$2 id=$3
	shift 3
	log=$out/startup-opens.$name.log
	rm -f "$log"
	env $(env | sed -n 's/^\(LIBPFM_[A-Z_]*\)=.*/-u \1/p') OPENLOG="$log" LD_PRELOAD="$shim" \
		LIBPFM_SYSROOT="$tree" LIBPFM_CPUID="$id" LIBPFM_PLUGIN_PATH="$empty" \
		"$b/bin/golddump" "$@" >/dev/null 2>&1
	touch "$log"
}

# usage: per_pmu TREE LOG: the lines of LOG under a kernel PMU's directory of TREE
per_pmu() {
	grep -E "^$1/+sys/bus/event_source/devices/+[^/]+/+." "$2"
}

check() {
	if [ "$1" = ok ]; then
		pass=$((pass + 1)); echo "  ok: $2"
	else
		fail=$((fail + 1)); echo "  FAILED: $2"
	fi
}

for host in skx2s:GenuineIntel-6-55-4 spr2s:GenuineIntel-6-8F-8 gnr2s:GenuineIntel-6-AD-1 \
	    vm-power:GenuineIntel-6-CF-2 adl:GenuineIntel-6-97-2 rkl:GenuineIntel-6-A7-1 \
	    zen4:AuthenticAMD-25-11-1 zen5:AuthenticAMD-26-2-0; do
	t=${host%%:*} id=${host#*:} tree=$fx/${host%%:*}
	[ -d "$tree/sys" ] || { check fail "$t: no fixture tree $tree"; continue; }
	opens "$t" "$tree" "$id" -i
	if [ ! -s "$log" ]; then
		check fail "$t: the shim logged nothing (not loaded?)"
	elif per_pmu "$tree" "$log" >"$log.per-pmu"; then
		check fail "$t: pfm_initialize opened files of kernel PMUs ($(wc -l <"$log.per-pmu"), first: $(head -n 1 "$log.per-pmu"))"
	else
		check ok "$t: pfm_initialize opens no file under a kernel PMU's directory"
	fi
done

# the control: the first use of a sysfs PMU reads its files, and the shim sees it
opens control "$fx/vm-power" GenuineIntel-6-CF-2 -i msr
if per_pmu "$fx/vm-power" "$log" >/dev/null; then
	check ok "control: building the msr PMU at its first use opens its files, seen by the shim"
else
	check fail "control: the shim saw no open of the msr PMU's files at its first use"
fi
rm -rf "$empty"
echo "startup-opens: $pass passed, $fail failed"
