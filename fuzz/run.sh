#!/bin/sh
# SPDX-License-Identifier: MIT
# Runs one libFuzzer target for SECONDS on its seed corpus (fuzz/corpus/TARGET)
# and its dictionary (fuzz/TARGET.dict). New inputs go to OUT/corpus, crash,
# leak and timeout reproducers to OUT/crashes/, the log to OUT/fuzz.log.
# Prints "TARGET: N execs, cov C, ft F, corpus K" and exits non-zero, with the
# reproducer's path, when the target crashed.
# usage: fuzz/run.sh TARGET BINARY SECONDS OUT
set -u
target=$1 bin=$2 secs=$3 out=$4
mkdir -p "$out/corpus" "$out/crashes" "$out/tmp" || exit 1
case $target in
fuzz_encode) maxlen=256 ;;
fuzz_sysfs) maxlen=4096 ;;
*) maxlen=8192 ;;
esac
log=$out/fuzz.log
TMPDIR=$(cd "$out/tmp" && pwd -P) && export TMPDIR
ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1} \
UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1} \
"$bin" -max_total_time="$secs" -timeout=20 -rss_limit_mb=2048 -max_len=$maxlen \
	-print_final_stats=1 -dict="fuzz/$target.dict" -artifact_prefix="$out/crashes/" \
	"$out/corpus" "fuzz/corpus/$target" >"$log" 2>&1
st=$?
rm -rf "$out/tmp"
execs=$(awk '/stat::number_of_executed_units:/ { print $2 }' "$log" | tail -n 1)
cov=$(grep -Eo 'cov: [0-9]+ ft: [0-9]+ corp: [0-9]+' "$log" | tail -n 1)
echo "$target: ${execs:-0} execs in ${secs}s, ${cov:-no coverage line}"
grep -E 'fuzz_encode: round trip differs' "$log" | head -n 5
if [ "$st" -ne 0 ]; then
	grep -E 'ERROR: |SUMMARY: |runtime error' "$log" | head -n 10
	repro=$(grep -Eo "Test unit written to [^ ]+" "$log" | sed 's/Test unit written to //' | tail -n 1)
	echo "$target: FAILED (exit $st), log $log${repro:+, reproducer $repro (run: $bin $repro)}" >&2
	exit 1
fi
