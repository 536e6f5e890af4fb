#!/bin/bash
# SPDX-License-Identifier: MIT
# tests/tools/run.sh: the tools suite. Runs the differential cases (difftest.sh)
# and the checks of our own check_events -P option (perf_option.sh) and
# showevtinfo -j option (json_option.sh), then
# appends "tools: N passed, N failed" to the results file.
# usage: run.sh ORACLE_BIN_DIR OUR_BIN_DIR WORK_DIR RESULTS_FILE
set -u
here=$(dirname "$0")
ORACLE=$1 OURS=$2 WORK=$3 RESULTS=$4

passed=0 failed=0
pass() { passed=$((passed + 1)); echo "PASS $1"; }
fail() { failed=$((failed + 1)); echo "FAIL $1${2:+: $2}"; }

# runs one tool with a clean LIBPFM_* environment and argv[0] = tool name
# usage: run_tool BIN_DIR OUT_PREFIX "ENV ASSIGNMENTS" TOOL ARGS...
run_tool() {
	local dir=$1 out=$2 envs=$3 tool=$4
	shift 4
	(
		for v in $(compgen -e | grep '^LIBPFM_'); do unset "$v"; done
		export LC_ALL=C
		for a in $envs; do export "${a?}"; done
		exec -a "$tool" "$dir/$tool" "$@"
	) >"$out.out" 2>"$out.err" </dev/null
	echo $? >"$out.rc"
}

. "$here/difftest.sh"
. "$here/perf_option.sh"
. "$here/json_option.sh"

rm -rf "$WORK" && mkdir -p "$WORK" "$(dirname "$RESULTS")"
difftest_all "$here/cases.txt"
perf_option_all
json_option_all

echo "tools: $passed passed, $failed failed" | tee -a "$RESULTS"
[ "$failed" -eq 0 ]
