#!/bin/bash
# SPDX-License-Identifier: MIT
# check-tree.sh: every path the git index holds must be a file or a symlink
# that any tool can open and read to its end (`wc -l $(git ls-files)` must
# finish). A symlink fails when its target is an absolute path, lies outside
# the repository, does not exist, or is a device, a FIFO or a socket; a path
# tracked as a file fails when the worktree has a device, a FIFO or a socket
# there. Trees that need such entries (tests/fixtures/sysfs/broken) get them
# at run time, in a temporary copy. A tracked text file also fails when it
# names an absolute path of one particular machine, outside the repository:
# this checkout's own absolute path, or a path under the roots where homes,
# work trees and mounts live (top-level work, home, root, mnt, media, srv,
# ...: MACHINE_ROOTS); system paths (usr, sys, proc, dev, etc, tmp) are the
# same on every machine and stay allowed. A tracked source file of ours (C,
# Python, shell, make; not a fixture) fails when none of its first four lines
# carries its licence, `SPDX-License-Identifier: MIT`.
# Prints one line per bad path, then "tree: N passed, N failed" (one check per
# tracked path); exits 1 when a path is bad. Outside a git checkout (or
# without git) there is no list of committed paths: it says so, prints
# "tree: 0 passed, 0 failed" and exits 0.
# usage: scripts/check-tree.sh [-C DIR]   (DIR: the checkout, default this script's)
set -u
dir=$(dirname "$0")/..
if [ "${1:-}" = -C ]; then dir=$2; fi
root=$(cd "$dir" && pwd -P) || exit 2

if ! command -v git >/dev/null 2>&1; then
	echo "tree: skipped: git is not installed, so there is no list of committed paths to check"
	echo "tree: 0 passed, 0 failed"
	exit 0
fi
top=$(git -C "$root" rev-parse --show-toplevel 2>/dev/null)
if [ -z "$top" ] || [ "$(cd "$top" && pwd -P)" != "$root" ]; then
	echo "tree: skipped: $root is not the top of a git checkout, so there is no list of committed paths to check"
	echo "tree: 0 passed, 0 failed"
	exit 0
fi

pass=0 fail=0
bad() { fail=$((fail + 1)); echo "  $1: $2"; }

# tracked text files naming a machine's own absolute path: path -> "line: text"
MACHINE_ROOTS='work|home|root|mnt|media|srv|scratch|Users|nfs|data|net|afs|builds|workspace'
declare -A machine_path=()
while IFS= read -r hit; do
	f=${hit%%:*}
	[ -n "${machine_path[$f]:-}" ] || machine_path[$f]=${hit#*:}
done < <(git -C "$root" grep -n -I -P -e "(^|[^\\w.\$})\\]/-])/($MACHINE_ROOTS)(/|\$|[\\s\"'\`),;])" 2>/dev/null
	 git -C "$root" grep -n -I -F -e "$root/" 2>/dev/null)

# tracked sources of ours without the SPDX licence line in their first lines
declare -A no_spdx=()
while IFS= read -r -d '' f; do
	case $f in tests/fixtures/*) continue ;; esac
	head -n 4 -- "$root/$f" 2>/dev/null | grep -q 'SPDX-License-Identifier: MIT' || no_spdx[$f]=1
done < <(git -C "$root" ls-files -z -- '*.c' '*.h' '*.py' '*.sh' '*.mk' Makefile .ci/run)

# what is at an existing path that a reader cannot read to its end, or nothing
special() {
	if [ -p "$1" ]; then echo "a FIFO"
	elif [ -b "$1" ] || [ -c "$1" ]; then echo "a device"
	elif [ -S "$1" ]; then echo "a socket"
	fi
}

while IFS= read -r -d '' entry; do
	meta=${entry%%$'\t'*} path=${entry#*$'\t'}
	read -r mode sha _ <<<"$meta"
	case $mode in
	120000)
		target=$(git -C "$root" cat-file blob "$sha")
		if [ "${target#/}" != "$target" ]; then
			bad "$path" "symlink to an absolute path ($target)"; continue
		fi
		where=$(realpath -m -- "$root/$(dirname -- "$path")/$target")
		case $where in
		"$root"/*) ;;
		*) bad "$path" "symlink to $target, outside the repository"; continue ;;
		esac
		if [ ! -e "$where" ]; then
			bad "$path" "symlink to $target, which does not exist"; continue
		fi
		what=$(special "$where")
		if [ -n "$what" ]; then
			bad "$path" "symlink to $target, $what"; continue
		fi
		;;
	160000) ;;	# a submodule: its own repository
	*)
		what=$(special "$root/$path")
		if [ -n "$what" ]; then
			bad "$path" "tracked as a file, $what in the worktree"; continue
		fi
		if [ -n "${machine_path[$path]:-}" ]; then
			bad "$path" "names an absolute path of one machine: line ${machine_path[$path]/:/: }"; continue
		fi
		if [ -n "${no_spdx[$path]:-}" ]; then
			bad "$path" "no SPDX-License-Identifier: MIT line in its first four lines"; continue
		fi
		;;
	esac
	pass=$((pass + 1))
done < <(git -C "$root" ls-files -s -z)

echo "tree: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
