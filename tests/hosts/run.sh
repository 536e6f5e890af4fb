#!/bin/bash
# SPDX-License-Identifier: MIT
# tests/hosts/run.sh - check-hosts: the host-sensitive checks on every
# simulated host of tests/hosts/hosts.tsv (tests/hosts/sandbox.sh), so that no
# real host can turn them red and each kind of host we know is tried:
#   cores   the core PMUs the library presents (scripts/host-pmus.py): the
#           host's model PMUs, and ix86arch exactly where its cpuid leaf 0xA
#           has one
#   demo    `make run`'s demo (scripts/run-demo.sh) exits 0 and introduces
#           each model PMU as a default core PMU, ix86arch only as the
#           architectural PMU beside it
#   uncore  (x86 hosts) the uncore PMUs present there, against libpfm4 4.13
#           on the same kernel (tests/diff/rundiff.py --uncore in the mount
#           namespace; skipped without root)
#   papi    (when papi-tools is installed) papi_native_avail on our library
#           exits 0 and lists each model PMU's events
# Prints one summary line per host; appends ONE line "hosts: N passed, N
# failed" to BUILD/check/results. Scratch files under BUILD/check/hosts.
# usage: tests/hosts/run.sh BUILD PFMDUMP
set -u
b=${1:-build}
pfmdump=${2:-$b/bin/pfmdump}
py=${PYTHON:-python3}
here=$(cd "$(dirname "$0")/../.." && pwd -P)
cd "$here" || exit 2
out=$b/check/hosts
rm -rf "$out" && mkdir -p "$out" || exit 2
export TMPDIR PYTHON=$py
TMPDIR=$(cd "$out" && pwd -P)
lib=$b/lib/libpfm.so.4
# nothing of the caller's LIBPFM_* reaches the simulated hosts
for v in $(env | sed -n 's/^\(LIBPFM_[A-Za-z0-9_]*\)=.*/\1/p'); do unset "$v"; done
pass=0 fail=0 skipped=0

while IFS=$'\t' read -r host identity _ leaf cores about; do
	case $host in ''|'#'*) continue ;; esac
	hp=0 hf=0 notes=""
	ok()   { hp=$((hp + 1)); }
	bad()  { hf=$((hf + 1)); echo "  FAILED: $host: $1"; }
	models=$(echo "$cores" | tr ' ' '\n' | grep -v '^+' | grep .)
	archs=$(echo "$cores" | tr ' ' '\n' | sed -n 's/^+//p')
	sb() { tests/hosts/sandbox.sh "$@"; }

	# cores
	got=$(sb "$host" -- "$py" scripts/host-pmus.py "$lib" 2>"$out/$host.cores.err")
	echo "$got" >"$out/$host.cores"
	gm=$(echo "$got" | awk -F'\t' '$3 == "model" { print $1 }')
	ga=$(echo "$got" | awk -F'\t' '$3 == "architectural" { print $1 }')
	if [ "$gm" = "$models" ]; then ok; else bad "model PMUs: want $(echo $models), got $(echo $gm)"; fi
	if [ "$ga" = "$archs" ]; then ok; else bad "architectural PMU: want '$(echo $archs)', got '$(echo $ga)'"; fi

	# demo
	if sb "$host" -- sh scripts/run-demo.sh >"$out/$host.demo" 2>&1; then ok; else bad "run-demo.sh failed ($out/$host.demo)"; fi
	for m in $models; do
		if grep -q "^== Events of the default core PMU $m " "$out/$host.demo"; then ok
		else bad "the demo does not introduce $m as a default core PMU"; fi
	done
	if grep -q "^== Events of the default core PMU ix86arch" "$out/$host.demo"; then
		bad "the demo introduces ix86arch as the default core PMU"
	else ok; fi
	for a in $archs; do
		if grep -q "^== Beside it: $a, the architectural PMU" "$out/$host.demo"; then ok
		else bad "the demo does not show $a as the architectural PMU"; fi
	done

	# uncore against libpfm4 4.13 on the same kernel
	if [ "$identity" != - ] && [ "${identity#GenuineIntel}${identity#AuthenticAMD}" != "$identity$identity" ]; then
		unc=$(sb "$host" -- "$py" scripts/host-pmus.py --uncore "$lib" 2>/dev/null | tr '\n' ' ')
		if [ -z "$unc" ]; then
			notes="$notes, no uncore PMU"
		elif [ ! -x "$pfmdump" ]; then
			notes="$notes, uncore skipped (no $pfmdump: libpfm4 4.13 not installed)"; skipped=$((skipped + 1))
		else
			sb --ns --suite "hosts: $host: uncore" "$host" -- "$py" tests/diff/rundiff.py --uncore \
				--ours "$b/lib" --pfmdump "$pfmdump" --out "$out/$host.uncore" --agree 0 --cover 90 \
				--show 2 --results "$out/$host.uncore.results" $unc >"$out/$host.uncore.log" 2>&1
			st=$?
			if grep -q '^  skipped:' "$out/$host.uncore.log"; then
				notes="$notes, uncore $(sed -n 's/^  skipped: //p' "$out/$host.uncore.log")"; skipped=$((skipped + 1))
			elif grep -q '^all 0 PMUs:' "$out/$host.uncore.log"; then
				notes="$notes, no uncore PMU libpfm4 4.13 has"
			elif [ "$st" = 0 ]; then
				ok; notes="$notes, uncore $(sed -n 's/^all \([0-9]*\) PMUs: compared \([0-9]*\) agree \([0-9]*\).*/\1 PMUs, \3 of \2 strings agree/p' "$out/$host.uncore.log")"
			else
				bad "uncore against libpfm4 4.13 ($out/$host.uncore.log)"; grep -v ' ok$' "$out/$host.uncore.log" | head -n 8
			fi
		fi
	fi

	# PAPI on our library
	if command -v papi_native_avail >/dev/null 2>&1; then
		if sb "$host" -- env LD_LIBRARY_PATH="$b/lib" papi_native_avail >"$out/$host.papi" 2>&1; then ok
		else bad "papi_native_avail failed ($out/$host.papi)"; fi
		# PAPI lists its default PMU's events without the pmu:: prefix; PAPI 7.0
		# takes a single core PMU: on a hybrid host its perf_event component
		# finds several and lists none (its limit, not the library's)
		[ "$(echo "$models" | wc -w)" -gt 1 ] && notes="$notes, PAPI 7.0 lists no core PMU of a hybrid host"
		for m in $models; do
			[ "$(echo "$models" | wc -w)" -gt 1 ] && break
			ev=$(sb "$host" -- "$b/bin/showevtinfo" -L "$m::" 2>/dev/null | sed -n "s/^$m::\([^:]*\).*/\1/p" | head -n 1)
			if [ -n "$ev" ] && grep -q "^| \($m::\)\?$ev " "$out/$host.papi"; then ok
			else bad "papi_native_avail does not list $m's event ${ev:-(none)}"; fi
		done
	else
		notes="$notes, papi skipped (papi-tools not installed)"; skipped=$((skipped + 1))
	fi
	printf '  %-8s %-52s %3d passed, %d failed%s\n' "$host" "$(echo $gm ${ga:+"+ $ga"})" "$hp" "$hf" "$notes"
	pass=$((pass + hp)) fail=$((fail + hf))
done <tests/hosts/hosts.tsv

echo "hosts: $pass passed, $fail failed" | tee -a "$b/check/results"
[ "$fail" -eq 0 ]
