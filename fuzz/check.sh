#!/bin/sh
# SPDX-License-Identifier: MIT
# check-fuzz: every fuzz target briefly (SECONDS each) on its seeds, in a
# scratch directory under CHECKDIR removed at exit; one check per target.
# Appends "fuzz: N passed, N failed" to CHECKDIR/results.
# usage: fuzz/check.sh CHECKDIR SECONDS TARGET...
checkdir=$1 secs=$2; shift 2
mkdir -p "$checkdir" || exit 1
tmp=$checkdir/fuzz-tmp log=$checkdir/fuzz.log
rm -rf "$tmp" && mkdir -p "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0
: >"$log"
for t in "$@"; do
	if fuzz/run.sh "$t" "$(dirname "$checkdir")/bin/$t" "$secs" "$tmp/$t" >>"$log" 2>&1; then
		passed=$((passed + 1))
	else
		failed=$((failed + 1))
		cp "$tmp/$t/fuzz.log" "$checkdir/fuzz-$t.log" 2>/dev/null
		mkdir -p "$checkdir/fuzz-crashes" && cp "$tmp/$t/crashes/"* "$checkdir/fuzz-crashes/" 2>/dev/null
	fi
done
cat "$log"
echo "fuzz: $passed passed, $failed failed" | tee -a "$checkdir/results"
[ "$failed" -eq 0 ]
