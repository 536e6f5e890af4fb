# SPDX-License-Identifier: MIT
# tests/lib/tally.sh - the shell side of the results line, sourced by the
# suites that run several test programs or steps: each program's own
# "<name>: N passed, N failed" line (tl_run or tl_report, tests/lib) is
# added up, a step is one check, and the suite writes ONE line
# "<suite>: N passed, N failed" to the results file.
#   . tests/lib/tally.sh
#   tl_program NAME LOG COMMAND...   run COMMAND, stdout and stderr into LOG
#   tl_step NAME COMMAND...          one check: COMMAND succeeds
#   tl_results SUITE RESULTS_FILE    print and append the line; status 1 when a check failed
# A program that exits non-zero without a failed check (a crash, a
# sanitizer or valgrind report, a deadline) counts one failure; one that
# prints no results line counts one failure too.
tl_pass=0 tl_fail=0

# tl_program NAME LOG COMMAND...
tl_program() {
	_tl_name=$1 _tl_log=$2
	shift 2
	"$@" >"$_tl_log" 2>&1
	_tl_st=$?
	set -- $(sed -n 's/^[A-Za-z0-9_.-]*: \([0-9]*\) passed, \([0-9]*\) failed$/\1 \2/p' "$_tl_log" | tail -n 1)
	_tl_p=${1:-0} _tl_f=${2:-0}
	if [ $# -eq 0 ] || { [ "$_tl_st" -ne 0 ] && [ "$_tl_f" -eq 0 ]; }; then _tl_f=$((_tl_f + 1)); fi
	tl_pass=$((tl_pass + _tl_p)) tl_fail=$((tl_fail + _tl_f))
	grep -E '^FAIL|^ +[0-9]+\. |ERROR|Sanitizer|runtime error|definitely lost|indirectly lost|blocked|^skipped: ' "$_tl_log" |
		head -n 40
	echo "  $_tl_name: $_tl_p passed, $_tl_f failed (log: $_tl_log)"
}

# tl_step NAME COMMAND...: the command's output is shown only when it fails
tl_step() {
	_tl_name=$1
	shift
	if _tl_out=$("$@" 2>&1); then
		tl_pass=$((tl_pass + 1)); echo "  ok: $_tl_name"
	else
		tl_fail=$((tl_fail + 1)); echo "  FAILED: $_tl_name"
		printf '%s\n' "$_tl_out" | sed 's/^/    /' | head -n 20
	fi
}

# tl_results SUITE RESULTS_FILE
tl_results() {
	mkdir -p "$(dirname "$2")"
	echo "$1: $tl_pass passed, $tl_fail failed" | tee -a "$2"
	[ "$tl_fail" -eq 0 ]
}
