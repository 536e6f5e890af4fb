#!/bin/sh
# SPDX-License-Identifier: MIT
# scripts/installed.sh - the list of files `make install` put in place, and
# their removal by `make uninstall`.
#
#   installed.sh record MANIFEST FILE...   write MANIFEST: FILE... (paths
#                                          without DESTDIR), one a line, sorted
#   installed.sh remove DESTDIR MANIFEST   remove every listed file under
#                                          DESTDIR, the manifest, then the
#                                          directories of ours left empty
#
# Only files the manifest names are removed: a plugin someone added to the
# plugin directory stays, and so does that directory (it is named on stdout).
set -eu
cmd=${1:-}
case "$cmd" in
record)
	manifest=$2
	shift 2
	mkdir -p "$(dirname "$manifest")"
	printf '%s\n' "$@" | sort -u >"$manifest.tmp"
	mv -f "$manifest.tmp" "$manifest"
	echo "  INSTALLED $(wc -l <"$manifest") files, listed in $manifest"
	;;
remove)
	destdir=$2
	manifest=$3
	if [ ! -f "$destdir$manifest" ]; then
		echo "uninstall: $destdir$manifest not found: nothing installed with this PREFIX" >&2
		exit 1
	fi
	n=0
	dirs=
	while IFS= read -r f; do
		case "$f" in
		/*) ;;
		*) echo "uninstall: $manifest: not an absolute path: $f" >&2; exit 1 ;;
		esac
		if [ -e "$destdir$f" ] || [ -L "$destdir$f" ]; then
			rm -f "$destdir$f"
			n=$((n + 1))
		fi
		dirs="$dirs
$(dirname "$f")"
	done <"$destdir$manifest"
	rm -f "$destdir$manifest"
	dirs="$dirs
$(dirname "$manifest")"
	# deepest first; only empty directories go, and only ours (pmuplug's
	# share tree, the perfmon header directory)
	printf '%s\n' "$dirs" | awk 'NF' | sort -u | awk '{ print length($0) "\t" $0 }' | sort -rn | cut -f2- |
	while IFS= read -r d; do
		case "$d" in
		*/share/pmuplug | */share/pmuplug/* | */include/perfmon) ;;
		*) continue ;;
		esac
		[ -d "$destdir$d" ] || continue
		# the plugin directory: created by install-lib, listed by nobody
		for sub in "$destdir$d"/*/; do
			[ -d "$sub" ] || continue
			rmdir "$sub" 2>/dev/null ||
				echo "  KEPT      ${sub%/} (not empty: files make install did not put there)"
		done
		rmdir "$destdir$d" 2>/dev/null || true
	done
	echo "  REMOVED   $n files"
	;;
*)
	echo "usage: $0 record MANIFEST FILE... | remove DESTDIR MANIFEST" >&2
	exit 2
	;;
esac
