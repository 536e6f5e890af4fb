#!/bin/bash
# SPDX-License-Identifier: MIT
# tests/hosts/sandbox.sh - run a command on a simulated host of
# tests/hosts/hosts.tsv: a scratch copy of the host's fixture tree (plus its
# cpuid leaf 0xA as a dev/cpu/0/cpuid file) given to pmuplug through
# LIBPFM_SYSROOT and LIBPFM_CPUID, and, with --ns, also put over /sys in a
# private mount namespace, so that libpfm4 4.13 (which reads the real /sys
# and knows no sysroot) sees the same kernel. --ns needs root and unshare(1):
# without them the command is not run, the suite is reported skipped with
# the reason ("<suite>: 0 passed, 0 failed" appended to --results) and the
# exit status is 0.
# usage: tests/hosts/sandbox.sh [--ns] [--suite NAME --results FILE] HOST -- COMMAND...
set -u
here=$(cd "$(dirname "$0")/../.." && pwd -P)
ns=0 suite= results=
while [ $# -gt 0 ]; do
	case $1 in
	--ns) ns=1; shift ;;
	--suite) suite=$2; shift 2 ;;
	--results) results=$2; shift 2 ;;
	*) break ;;
	esac
done
host=${1:?host name}; shift
[ "${1:-}" = -- ] && shift
line=$(awk -F'\t' -v h="$host" '!/^#/ && $1 == h' "$here/tests/hosts/hosts.tsv")
[ -n "$line" ] || { echo "sandbox: no host $host in tests/hosts/hosts.tsv" >&2; exit 2; }
IFS=$'\t' read -r _ identity tree leaf _ _ <<<"$line"

skip() {
	echo "  skipped: ${suite:-$*}: $1"
	if [ -n "$results" ]; then mkdir -p "$(dirname "$results")" && echo "$suite: 0 passed, 0 failed" >>"$results"; fi
	exit 0
}
if [ "$ns" = 1 ]; then
	[ "$(id -u)" = 0 ] || skip "libpfm4 4.13 reads the real /sys: comparing on the simulated host $host needs root for a private mount namespace"
	command -v unshare >/dev/null 2>&1 || skip "unshare(1) (util-linux) is not installed: no mount namespace for the simulated host $host"
fi

scratch=$(mktemp -d "${TMPDIR:-/tmp}/pmuplug-host-$host.XXXXXX") || exit 2
trap 'rm -rf "$scratch"' EXIT
cp -a "$here/$tree/." "$scratch/" || exit 2
mkdir -p "$scratch/sys"
if [ "$leaf" != - ]; then
	mkdir -p "$scratch/dev/cpu/0"
	# Linux's cpuid device: the 16 bytes eax ebx ecx edx of leaf N at offset N
	${PYTHON:-python3} -c 'import struct, sys
a, b = (int(x, 16) for x in sys.argv[2].split(":"))
open(sys.argv[1], "wb").write(bytes(0xa) + struct.pack("<4I", a, b, 0, 0))' "$scratch/dev/cpu/0/cpuid" "$leaf" || exit 2
fi
export LIBPFM_SYSROOT=$scratch PMUPLUG_TEST_HOST=$host
if [ "$identity" != - ]; then export LIBPFM_CPUID=$identity; else unset LIBPFM_CPUID; fi
if [ "$ns" = 0 ]; then
	"$@"
	exit $?
fi
unshare -m --propagation private -- /bin/sh -c 'mount --bind "$1/sys" /sys || exit 125; shift; exec "$@"' sh \
	"$scratch" "$@"
st=$?
[ "$st" = 125 ] && skip "mounting the simulated host's sys/ over /sys failed (no mount namespace here)"
exit "$st"
