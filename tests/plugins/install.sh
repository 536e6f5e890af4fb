#!/bin/sh
# SPDX-License-Identifier: MIT
# install.sh: `make install` into a temporary DESTDIR installs exactly the
# expected files (library + soname links, headers, tools, jsontoyaml with its
# overlays, man pages, PAPI preset tables and pmuplug-papi, the manifest,
# the empty plugin directory), and what it installed
# works: the tools run against the installed library, a program builds
# against the installed header and library, the installed jsontoyaml
# converts the fictional model like the in-tree one.
# usage: install.sh TMPDIR FIXTURES TREE_QK (the in-tree conversion of the
#   fixture tree); environment: MAKE, PREFIX, CC, B (build dir).
# Prints ok/FAIL lines and "install: N passed, N failed".
set -u
tmp=$1 fx=$2 tree_qk=$3
: "${MAKE:=make}" "${PREFIX:=/usr/local}" "${CC:=cc}" "${B:=build}"
dest=$tmp/dest root=$tmp/dest$PREFIX
pass=0 fail=0

check() {	# check NAME COMMAND...: the command's success is the check's
	name=$1; shift
	if "$@" >"$tmp/check.out" 2>&1; then
		pass=$((pass + 1)); echo "ok   $name"
	else
		fail=$((fail + 1)); echo "FAIL $name"; sed 's/^/     /' "$tmp/check.out" | head -n 30
	fi
}

check "make install DESTDIR=<tmp> PREFIX=$PREFIX succeeds" \
	sh -c '"$1" --no-print-directory install DESTDIR="$2" PREFIX="$3" >"$4/install.log" 2>&1 ||
	       { tail -n 20 "$4/install.log"; exit 1; }' sh "$MAKE" "$dest" "$PREFIX" "$tmp"

# the file list: every file and link under DESTDIR, against what the sources say
expected() {
	p=${PREFIX#/}
	for f in libpfm.so.4.13.0 libpfm.so.4 libpfm.so libpfm.a; do echo "$p/lib/$f"; done
	for f in include/perfmon/*.h; do echo "$p/$f"; done
	for f in showevtinfo check_events jsontoyaml pmuplug-papi; do echo "$p/bin/$f"; done
	for f in jsontoyaml/*.py jsontoyaml/transforms/*.py schema/descriptor.yaml; do echo "$p/share/pmuplug/$f"; done
	find arch -name '*.yaml' -not -path '*/papi/*' | sed "s|^|$p/share/pmuplug/|"
	for f in arch/*/libpfm4-upstream-events.tsv; do echo "$p/share/pmuplug/$f"; done
	for f in papi_events.csv papi_events.pmuplug.csv installed-files builtin-versions.tsv; do echo "$p/share/pmuplug/$f"; done
	for f in man3/*.3 "$B"/man3/libpfm_*.3; do echo "$p/share/man/man3/${f##*/}"; done
	echo "$p/share/man/man1/jsontoyaml.1"
	echo "$p/share/man/man1/pmuplug-papi.1"
}
expected | LC_ALL=C sort >"$tmp/expected.txt"
(cd "$dest" && find . ! -type d | sed 's|^\./||' | LC_ALL=C sort) >"$tmp/installed.txt"
check "installed files are exactly the expected ones ($(wc -l <"$tmp/expected.txt") files)" \
	diff -u "$tmp/expected.txt" "$tmp/installed.txt"

links_ok() {
	[ "$(readlink "$root/lib/libpfm.so.4")" = libpfm.so.4.13.0 ] &&
	[ "$(readlink "$root/lib/libpfm.so")" = libpfm.so.4 ] &&
	[ -f "$root/lib/libpfm.so.4.13.0" ] && [ ! -L "$root/lib/libpfm.so.4.13.0" ] &&
	[ "$(readelf -d "$root/lib/libpfm.so.4.13.0" | sed -n 's/.*SONAME.*\[\(.*\)\]/\1/p')" = libpfm.so.4 ]
}
check "libpfm.so.4 -> libpfm.so.4.13.0 and libpfm.so -> libpfm.so.4, soname libpfm.so.4" links_ok

modes_ok() {
	for f in "$root"/lib/libpfm.so.4.13.0 "$root"/bin/*; do
		[ "$(stat -c %a "$f")" = 755 ] || { echo "$f: mode $(stat -c %a "$f")"; return 1; }
	done
	for f in "$root"/lib/libpfm.a "$root"/include/perfmon/*.h "$root"/share/man/man*/*; do
		[ "$(stat -c %a "$f")" = 644 ] || { echo "$f: mode $(stat -c %a "$f")"; return 1; }
	done
}
check "programs and the shared library are 0755, other files 0644" modes_ok

plugin_dir_ok() {
	d=$root/share/pmuplug/plugins
	[ -d "$d" ] && [ -z "$(ls -A "$d")" ] &&
	grep -q "$PREFIX/share/pmuplug/plugins" "$root/lib/libpfm.so.4.13.0"
}
check "the plugin directory exists, is empty, and is the one the library reads" plugin_dir_ok

check "pfm_terminate.3 stays a .so link to pfm_initialize.3" \
	grep -qx '.so man3/pfm_initialize.3' "$root/share/man/man3/pfm_terminate.3"
check "installed pfm_terminate(3) and jsontoyaml(1) are found and render with man -M" \
	sh -c 'man -M "$1" 3 pfm_terminate | grep -q pfm_initialize &&
	       man -M "$1" 1 jsontoyaml | grep -q "\-\-model\-dir"' sh "$root/share/man"

# installed programs run with nothing of the build tree in their environment
noenv="env -u LD_LIBRARY_PATH -u LIBPFM_PLUGIN_PATH -u LIBPFM_FORCE_PMU -u LIBPFM_CPUID -u LIBPFM_SYSROOT"
loads_installed_lib() {
	got=$(ldd "$root/bin/$1" | sed -n 's/^[[:space:]]*libpfm\.so\.4 => \([^ ]*\) .*/\1/p')
	[ -n "$got" ] && [ "$(realpath "$got")" = "$(realpath "$root/lib/libpfm.so.4")" ] ||
		{ echo "$1 loads '$got'"; return 1; }
}
tools_load_installed_lib() { loads_installed_lib check_events && loads_installed_lib showevtinfo; }
check "installed check_events and showevtinfo load the installed libpfm.so.4 (rpath)" \
	tools_load_installed_lib
check "installed check_events encodes glm::INST_RETIRED:ANY_P" \
	sh -c '$1 LIBPFM_ENCODE_INACTIVE=1 "$2" glm::INST_RETIRED:ANY_P | grep -q "^Codes *: 0x5300c0$"' \
	sh "$noenv" "$root/bin/check_events"
check "installed showevtinfo -L lists the events of forced glm" \
	sh -c '$1 LIBPFM_FORCE_PMU=glm "$2" -L | grep -q "^glm::INST_RETIRED"' sh "$noenv" "$root/bin/showevtinfo"

cat >"$tmp/client.c" <<'CEOF'
/* a libpfm4 client built against the installed header */
#include <stdio.h>
#include <perfmon/pfmlib.h>
int main(void)
{
	if (pfm_initialize() != PFM_SUCCESS)
		return 1;
	printf("%d %d\n", LIBPFM_VERSION == pfm_get_version(), pfm_find_event("perf::cycles") >= 0);
	pfm_terminate();
	return 0;
}
CEOF
check "a client builds with the installed header and -lpfm (libpfm.so) and runs" \
	sh -c '"$1" -I"$2/include" -o "$3/client" "$3/client.c" -L"$2/lib" -lpfm -Wl,-rpath,"$2/lib" &&
	       ldd "$3/client" | grep -qF "$2/lib/libpfm.so.4" && [ "$("$3/client")" = "1 1" ]' \
	sh "$CC" "$root" "$tmp"
check "a client links statically with the installed libpfm.a" \
	sh -c '"$1" -I"$2/include" -o "$3/client_a" "$3/client.c" "$2/lib/libpfm.a" -lyaml &&
	       ! ldd "$3/client_a" | grep -q libpfm && [ "$("$3/client_a")" = "1 1" ]' \
	sh "$CC" "$root" "$tmp"

# the installed converter (its overlays are installed beside it)
check "installed jsontoyaml --help describes both modes" \
	sh -c '"$1" --help | grep -q -- --arch-root && "$1" --help | grep -q -- --model-dir' sh "$root/bin/jsontoyaml"
check "installed jsontoyaml converts the fixture tree like the in-tree converter" \
	sh -c '"$1" --arch-root "$2/perf-arch" --overlay-root "$2/overlays" --out "$3/inst-tree" --strict --quiet &&
	       cmp "$3/inst-tree/x86/qk_q1.yaml" "$4"' sh "$root/bin/jsontoyaml" "$fx" "$tmp" "$tree_qk"
check "installed jsontoyaml makes a plugin with the installed intel family; installed check_events encodes it" \
	sh -c '"$1/bin/jsontoyaml" --model-dir "$2/perf-arch/x86/quokka" --arch x86 --family intel \
		--name qk_q1 --id 990 --desc "QuokkaSemi Q1" --match "QuokkaSemi-7-1[AB]" \
		--out "$3/inst-one" --quiet --verify && chmod 0644 "$3/inst-one/qk_q1.yaml" &&
	       env -u LD_LIBRARY_PATH -u LIBPFM_ENCODE_INACTIVE LIBPFM_PLUGIN_PATH="$3/inst-one" \
		LIBPFM_CPUID=QuokkaSemi-7-1A-0 "$1/bin/check_events" WIDGET_OPS:LOADS |
	       grep -q "^Codes *: 0x530142$"' sh "$root" "$fx" "$tmp"
check "installed jsontoyaml exits 2 on a usage error" \
	sh -c '"$1" --out x >/dev/null 2>&1; [ $? -eq 2 ]' sh "$root/bin/jsontoyaml"

echo "install: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
