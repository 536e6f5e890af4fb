#!/bin/bash
# SPDX-License-Identifier: MIT
# tests/tree/run.sh: check-tree. scripts/check-tree.sh on this checkout (one
# check per tracked path), then on small repositories made here that hold one
# bad entry of each kind (each must be named, with its reason, and a good
# relative link must not be), and on a directory that is not a checkout
# (skipped, not failed). Appends ONE line "tree: N passed, N failed" to
# BUILD/check/results; scratch repositories in BUILD/check/tree, removed at exit.
# usage: tests/tree/run.sh BUILD
set -u
b=${1:-build}
here=$(cd "$(dirname "$0")/../.." && pwd -P)
checker=$here/scripts/check-tree.sh
work=$b/check/tree
rm -rf "$work" && mkdir -p "$work" || exit 1
work=$(cd "$work" && pwd -P)
trap 'rm -rf "$work"' EXIT
pass=0 fail=0
ok()  { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "  FAILED: $1"; }

# this checkout
out=$("$checker" -C "$here"); st=$?
echo "$out" | grep -v '^tree: [0-9]* passed'
set -- $(echo "$out" | sed -n 's/^tree: \([0-9]*\) passed, \([0-9]*\) failed$/\1 \2/p')
pass=$((pass + ${1:-0})) fail=$((fail + ${2:-1}))
[ "$st" -ne 0 ] && [ "${2:-1}" -eq 0 ] && bad "check-tree.sh exited $st on this checkout"

# a repository of bad entries; each line: path, target, what the checker must say
repo=$work/repo
if ! command -v git >/dev/null 2>&1; then
	echo "  skipped: check-tree.sh's own cases: git is not installed"; repo=
elif ! { mkdir -p "$repo/d/inner" && git -C "$repo" init -q; }; then
	bad "git init in $repo"; repo=
fi
if [ -n "$repo" ]; then
	mkfifo "$repo/d/fifo"
	echo data >"$repo/d/file"
	cases=(
		"zero|/dev/zero|symlink to an absolute path"
		"abs-inside|$repo/d/file|symlink to an absolute path"
		"d/up|../../outside|outside the repository"
		"d/inner/up2|../../..|outside the repository"
		"d/dangling|gone|which does not exist"
		"d/to-fifo|fifo|a FIFO"
		"d/to-null|../../../../../../../../../../dev/null|outside the repository"
	)
	for c in "${cases[@]}"; do
		IFS='|' read -r path target _ <<<"$c"
		ln -s "$target" "$repo/$path"
	done
	# text naming one machine's absolute paths, and text naming system paths only
	top=work; echo "the facts are in /$top/shared/reference/ids.tsv" >"$repo/d/machine-path"
	echo "built in $repo/d, see there" >"$repo/d/own-path"
	echo "reads /sys/bus/event_source/devices and /usr/include/perfmon/pfmlib.h" >"$repo/d/system-paths"
	ln -s file "$repo/d/good-link"
	ln -s inner "$repo/d/good-dir-link"
	git -C "$repo" add d/file d/good-link d/good-dir-link d/machine-path d/own-path d/system-paths \
		"${cases[@]%%|*}" 2>/dev/null ||
		bad "git add of the scratch entries"
	out=$("$checker" -C "$repo"); st=$?
	for c in "${cases[@]}"; do
		IFS='|' read -r path _ says <<<"$c"
		if echo "$out" | grep -F "  $path: " | grep -qF "$says"; then ok
		else bad "check-tree.sh does not name $path ($says): $(echo "$out" | tr '\n' ' ')"; fi
	done
	for path in d/machine-path d/own-path; do
		if echo "$out" | grep -F "  $path: " | grep -qF "names an absolute path of one machine: line 1: "; then ok
		else bad "check-tree.sh does not name $path (an absolute path of one machine): $(echo "$out" | tr '\n' ' ')"; fi
	done
	if echo "$out" | grep -q '  d/good\|  d/system-paths'; then bad "check-tree.sh names a good entry: $out"; else ok; fi
	if [ "$st" -eq 1 ] && echo "$out" | grep -qx "tree: 4 passed, $((${#cases[@]} + 2)) failed"; then ok
	else bad "check-tree.sh on the bad entries: exit $st, $(echo "$out" | tail -n 1)"; fi
fi

# a directory that is not a checkout: skipped with a reason, not failed
mkdir -p "$work/plain"
out=$(GIT_CEILING_DIRECTORIES=$work "$checker" -C "$work/plain"); st=$?
if [ "$st" -eq 0 ] && echo "$out" | grep -q '^tree: skipped: .* not the top of a git checkout' &&
   echo "$out" | grep -qx 'tree: 0 passed, 0 failed'; then ok
else bad "check-tree.sh outside a checkout: exit $st, $out"; fi

mkdir -p "$b/check"
echo "tree: $pass passed, $fail failed" | tee -a "$b/check/results"
[ "$fail" -eq 0 ]
