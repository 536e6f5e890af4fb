#!/bin/sh
# SPDX-License-Identifier: MIT
# check-install.sh MAKE BUILDDIR [MAKEVAR=...] - `make install` and `make
# uninstall` with DESTDIR (a scratch tree under BUILDDIR, removed at exit)
# and PREFIX=/usr/local: every file installed is in the manifest and every
# manifest entry is installed; a program built against libpfm4 4.13's header
# runs on the installed library; ldconfig with this system's configuration
# resolves libpfm.so.4 to it before Debian's; the PAPI tables and
# pmuplug-papi are installed; the installed tools and jsontoyaml run; a
# plugin added to the plugin directory survives uninstall, which removes
# everything else; a second uninstall says there is nothing to remove.
# Appends "install: N passed, N failed" to BUILDDIR/check/results.
set -u
mk=$1
b=$2
shift 2
pass=0 fail=0
ok()  { pass=$((pass + 1)); echo "  ok: $1"; }
bad() { fail=$((fail + 1)); echo "  FAILED: $1"; }
mkdir -p "$b/check"
d=$(mktemp -d "$(realpath "$b")/install.XXXXXX")
trap 'rm -rf "$d"' EXIT INT TERM
for v in $(env | sed -n 's/^\(LIBPFM_[A-Za-z0-9_]*\)=.*/\1/p'); do unset "$v"; done
root=$d/root
p=/usr/local
log=$b/check/install.log

if $mk --no-print-directory install DESTDIR="$root" PREFIX=$p "$@" >"$log" 2>&1; then
	ok "make install DESTDIR=... PREFIX=$p"
else
	bad "make install failed (see $log)"
fi
man=$root$p/share/pmuplug/installed-files
if [ -f "$man" ]; then
	n=$(wc -l <"$man")
	(cd "$root" && find . \( -type f -o -type l \) | sed 's|^\.||' | sort) >"$d/found"
	missing=$(sed "s|^|$root|" "$man" | while read -r f; do [ -e "$f" ] || [ -L "$f" ] || echo "$f"; done | head -n 3)
	extra=$(comm -13 "$man" "$d/found" | head -n 3)
	if [ -z "$missing" ] && [ -z "$extra" ]; then
		ok "the manifest lists exactly the $n installed files"
	else
		bad "manifest and tree differ: missing [$missing] unlisted [$extra]"
	fi
	for f in $p/lib/libpfm.so.4 $p/lib/libpfm.a $p/include/perfmon/pfmlib.h $p/bin/showevtinfo $p/bin/jsontoyaml \
		 $p/share/man/man3/pfm_get_pmu_info.3 $p/share/man/man3/libpfm_amd64_fam1ah_zen5.3 \
		 $p/share/pmuplug/papi_events.csv $p/share/pmuplug/papi_events.pmuplug.csv $p/bin/pmuplug-papi; do
		grep -qx "$f" "$man" || bad "not installed: $f"
	done
else
	bad "no manifest at $p/share/pmuplug/installed-files"
fi
[ -d "$root$p/share/pmuplug/plugins" ] && ok "the plugin directory $p/share/pmuplug/plugins exists" ||
	bad "no plugin directory"

# a program built against libpfm4 4.13's header, on the installed library
if LIBPFM_PMU_MAX=517 LIBPFM_CPUID=AuthenticAMD-26-2-0 LIBPFM_SYSROOT=tests/fixtures/sysroot/empty \
	LD_LIBRARY_PATH=$root$p/lib "$b/bin/compat_4_13" for-all-pmus "$root$p/lib" compat amd64_fam1ah_zen5 >"$d/run" 2>&1; then
	ok "a 4.13-built program enumerates Zen 5 on the installed library ($(tail -n 1 "$d/run"))"
else
	bad "4.13-built program on the installed library: $(tail -n 3 "$d/run" | tr '\n' ' ')"
fi
# the installed tools find the installed library through their rpath
if LIBPFM_CPUID=AuthenticAMD-26-2-0 LIBPFM_SYSROOT=tests/fixtures/sysroot/empty \
	"$root$p/bin/check_events" RETIRED_INSTRUCTIONS >"$d/ce" 2>&1 && grep -q 'amd64_fam1ah_zen5' "$d/ce"; then
	ok "installed check_events encodes a Zen 5 event"
else
	bad "installed check_events: $(tail -n 3 "$d/ce" | tr '\n' ' ')"
fi
if "$root$p/bin/jsontoyaml" --help >/dev/null 2>&1; then
	ok "installed jsontoyaml runs"
else
	bad "installed jsontoyaml --help fails"
fi

# ldconfig with this system's configuration puts the installed library before Debian's libpfm4
deb=/usr/lib/x86_64-linux-gnu/libpfm.so.4
if [ "$(id -u)" -ne 0 ] || [ ! -e "$deb" ] || [ ! -f /etc/ld.so.conf ]; then
	echo "  skipped: ldconfig order: needs root (ldconfig -r chroots), Debian's $deb and /etc/ld.so.conf"
else
	c=$d/ldroot
	mkdir -p "$c/etc" "$c$p/lib" "$c/usr/lib/x86_64-linux-gnu"
	cp /etc/ld.so.conf "$c/etc/" && cp -r /etc/ld.so.conf.d "$c/etc/" 2>/dev/null
	cp -P "$deb"* "$c/usr/lib/x86_64-linux-gnu/"
	cp -P "$root$p/lib/libpfm.so"* "$c$p/lib/"
	ldconfig -r "$c" 2>/dev/null
	first=$(ldconfig -p -C "$c/etc/ld.so.cache" | sed -n 's/^[[:space:]]*libpfm\.so\.4 .*=> //p' | head -n 1)
	[ "$first" = "$p/lib/libpfm.so.4" ] && ok "ldconfig (this system's ld.so.conf) resolves libpfm.so.4 to $first before $deb" ||
		bad "ldconfig resolves libpfm.so.4 to [$first] first"
fi

# the PAPI table: PAPI's own blocks (where PAPI is installed) then ours; the wrapper points PAPI at it
t=$root$p/share/pmuplug/papi_events.csv
if grep -q '^CPU,amd64_fam1ah_zen5$' "$t" && grep -q '^CPU,spr$' "$t"; then
	ok "the installed PAPI table has our blocks"
else
	bad "the installed PAPI table lacks our blocks (amd64_fam1ah_zen5, spr)"
fi
papi_csv=$(ls /usr/share/papi/*/papi_events.csv 2>/dev/null | head -n 1)
if [ -n "$papi_csv" ]; then
	n=$(grep -c '^PRESET,' "$papi_csv")
	if [ "$(head -n "$(wc -l <"$papi_csv")" "$t" | grep -c '^PRESET,')" -eq "$n" ] &&
	   head -n "$(wc -l <"$papi_csv")" "$t" | cmp -s - "$papi_csv"; then
		ok "the installed PAPI table starts with $papi_csv unchanged ($n PRESET lines)"
	else
		bad "the installed PAPI table does not start with $papi_csv"
	fi
else
	echo "  skipped: merge with PAPI's own table: no /usr/share/papi/*/papi_events.csv (papi-tools)"
fi
w=$("$root$p/bin/pmuplug-papi" sh -c 'echo "$PAPI_CSV_EVENT_FILE"')
[ "$w" = "$p/share/pmuplug/papi_events.csv" ] && ok "pmuplug-papi sets PAPI_CSV_EVENT_FILE=$w" ||
	bad "pmuplug-papi sets PAPI_CSV_EVENT_FILE=[$w]"
w=$(PAPI_CSV_EVENT_FILE=/elsewhere.csv "$root$p/bin/pmuplug-papi" sh -c 'echo "$PAPI_CSV_EVENT_FILE"')
[ "$w" = /elsewhere.csv ] && ok "pmuplug-papi keeps a PAPI_CSV_EVENT_FILE already set" ||
	bad "pmuplug-papi replaced PAPI_CSV_EVENT_FILE=/elsewhere.csv by [$w]"

# a plugin of the user's survives uninstall
echo "# mine" >"$root$p/share/pmuplug/plugins/mine.yaml"
if $mk --no-print-directory uninstall DESTDIR="$root" PREFIX=$p "$@" >>"$log" 2>&1; then
	ok "make uninstall"
else
	bad "make uninstall failed (see $log)"
fi
left=$(cd "$root" && find . \( -type f -o -type l \) | sed 's|^\.||')
if [ "$left" = "$p/share/pmuplug/plugins/mine.yaml" ]; then
	ok "uninstall removed every installed file and kept the user's plugin"
else
	bad "after uninstall: [$(echo $left | cut -c1-200)]"
fi
grep -q "KEPT.*share/pmuplug/plugins" "$log" && ok "uninstall says it kept the plugin directory" ||
	bad "uninstall does not name the kept plugin directory"
rm -f "$root$p/share/pmuplug/plugins/mine.yaml"
if $mk --no-print-directory uninstall DESTDIR="$root" PREFIX=$p "$@" >"$d/again" 2>&1; then
	bad "a second uninstall succeeds"
else
	grep -q "nothing installed" "$d/again" && ok "a second uninstall says nothing is installed" ||
		bad "second uninstall: $(tail -n 2 "$d/again" | tr '\n' ' ')"
fi

line="install: $pass passed, $fail failed"
echo "$line"
echo "$line" >>"$b/check/results"
[ "$fail" -eq 0 ]
