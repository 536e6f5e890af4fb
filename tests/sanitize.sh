#!/bin/sh
# make sanitize (tests/sanitize.mk): `make check` on a copy of the tree in
# OUT/src with every C program and the library built under ASan+UBSan.
#   - CC carries the sanitizers, so the shared library links the ASan runtime;
#     programs not built here that load it (python's ctypes, PAPI's tools,
#     libpfm4's test binaries) get the runtime through ASAN_OPTIONS'
#     verify_asan_link_order=0 (it is then loaded as libpfm.so's dependency).
#   - valgrind cannot run ASan programs: a `valgrind` first in PATH runs the
#     program directly (ASan+LSan check what valgrind would).
#   - leak reports: ASAN_OPTIONS detect_leaks=0 unless SANITIZE_LEAKS=1 (the
#     suites' own *_asan programs keep theirs on).
#   - check-fuzz and check-tsan (other sanitizers) are skipped: SANITIZE_SKIP.
# usage: tests/sanitize.sh OUT
set -u
out=$1
src=$out/src
mkdir -p "$out" || exit 1
rm -rf "$src" && mkdir -p "$src" || exit 1
# the working tree as it is (tracked and new files), without build outputs
tar --exclude=./build --exclude=./.git -cf - . | tar -C "$src" -xf - || exit 1
mkdir -p "$out/wrap"
cat >"$out/wrap/valgrind" <<'W'
#!/bin/sh
# make sanitize: valgrind's options dropped, the ASan program run directly
while [ $# -gt 0 ]; do case $1 in -*) shift ;; *) break ;; esac; done
exec "$@"
W
chmod +x "$out/wrap/valgrind"
san="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined"
leaks=0; [ "${SANITIZE_LEAKS:-0}" = 1 ] && leaks=1
start=$(date +%s)
(
	cd "$src" || exit 1
	PATH=$(cd "../wrap" && pwd):$PATH
	export PATH
	ASAN_OPTIONS="verify_asan_link_order=0:detect_leaks=$leaks:abort_on_error=0" \
	UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1" \
	${MAKE:-make} --no-print-directory check CC="${CC:-gcc} $san" CFLAGS="-O1 -g" \
		PMU_EVENTS_ARCH="$PMU_EVENTS_ARCH" CHECKS_SKIP="$SANITIZE_SKIP" >"../check.log" 2>&1
)
st=$?
end=$(date +%s)
grep -E '^[a-z0-9-]+: [0-9]+ passed, [0-9]+ failed$' "$out/check.log" | grep -v '^checks:' || true
grep -E 'ERROR: AddressSanitizer|runtime error|ERROR: LeakSanitizer' "$out/check.log" | sort | uniq -c | head -n 20
totals=$(grep -E '^checks: ' "$out/check.log" | tail -n 1)
echo "sanitize: ${totals#checks: } ($((end - start)) s; log $out/check.log)"
exit $st
