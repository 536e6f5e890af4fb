# SPDX-License-Identifier: MIT
# tests/tools/difftest.sh: sourced by run.sh. Runs every case of cases.txt with
# libpfm4's example program (ORACLE) and ours (OURS), both on the installed
# libpfm4, and requires identical stdout, stderr and exit code.

# usage: difftest_case NAME EXPECTED_RC "ENVS" TOOL ARGS...
difftest_case() {
	local name=$1 want=$2 envs=$3
	shift 3
	local o="$WORK/$name.oracle" u="$WORK/$name.ours"

	run_tool "$ORACLE" "$o" "$envs" "$@"
	run_tool "$OURS" "$u" "$envs" "$@"

	if [ "$(cat "$o.rc")" != "$want" ]; then
		fail "$name" "oracle exited $(cat "$o.rc"), case expects $want"
	elif [ ! -s "$o.out" ] && [ ! -s "$o.err" ]; then
		fail "$name" "oracle printed nothing"
	elif ! cmp -s "$o.rc" "$u.rc"; then
		fail "$name" "exit code $(cat "$u.rc"), libpfm4's is $(cat "$o.rc")"
	elif ! cmp -s "$o.out" "$u.out"; then
		fail "$name" "stdout differs"
		diff "$o.out" "$u.out" | head -n 10
	elif ! cmp -s "$o.err" "$u.err"; then
		fail "$name" "stderr differs"
		diff "$o.err" "$u.err" | head -n 10
	else
		pass "$name"
	fi
}

# usage: difftest_all CASES_FILE
difftest_all() {
	local line name rc envs cmd
	while IFS= read -r line; do
		case "$line" in '#'* | '') continue ;; esac
		IFS='|' read -r name rc envs cmd <<<"$line"
		name=$(echo $name) rc=$(echo $rc) envs=$(echo $envs)
		eval "set -- $cmd"
		difftest_case "$name" "$rc" "$envs" "$@"
	done <"$1"
}
