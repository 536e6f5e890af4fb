#!/bin/sh
# SPDX-License-Identifier: MIT
# make sanitize (tests/sanitize.mk): `make check` on a copy of the tree in
# OUT/src with every C program and the library built under ASan+UBSan.
#   - CC is OUT/wrap/cc-san, the compiler with the sanitizers (one program, as
#     scripts that run $CC expect), so the shared library links the ASan
#     runtime; programs not built here that load it (PAPI's tools) need the
#     runtime loaded first: PATH wrappers for the papi_* tools, PCP's dbpmda
#     and llvm-exegesis the suites run put it in their LD_PRELOAD (not everyone's: groff, install and others
#     then fail on their own allocations).
#   - valgrind cannot run ASan programs: a `valgrind` first in PATH runs the
#     program directly (ASan+LSan check what valgrind would).
#   - leak reports: ASAN_OPTIONS detect_leaks=0 unless SANITIZE_LEAKS=1 (the
#     suites' own *_asan programs keep theirs on).
#   - check-fuzz, check-tsan and check-tsan-lifecycle (other sanitizers) are skipped: SANITIZE_SKIP.
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
cc=$(command -v "${CC:-gcc}") || exit 1	# the real compiler, before the wrapper is in PATH
cat >"$out/wrap/cc-san" <<W
#!/bin/sh
# make sanitize: the compiler with ASan+UBSan
exec $cc -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined "\$@"
W
chmod +x "$out/wrap/cc-san"
asan_rt=$($cc -print-file-name=libasan.so)
for tool in papi_component_avail papi_native_avail papi_command_line papi_avail dbpmda llvm-exegesis-19 llvm-exegesis; do
	real=$(command -v $tool) || continue
	printf '#!/bin/sh\n# make sanitize: %s with the ASan runtime first (it loads our instrumented libpfm.so)\nLD_PRELOAD=%s exec %s "$@"\n' \
		"$tool" "$asan_rt" "$real" >"$out/wrap/$tool"
	chmod +x "$out/wrap/$tool"
done
leaks=0; [ "${SANITIZE_LEAKS:-0}" = 1 ] && leaks=1
start=$(date +%s)
(
	cd "$src" || exit 1
	wrap=$(cd "../wrap" && pwd)
	PATH=$wrap:$PATH
	export PATH
	ASAN_OPTIONS="detect_leaks=$leaks:abort_on_error=0" \
	UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1" \
	${MAKE:-make} --no-print-directory check CC="$wrap/cc-san" CFLAGS="-O1 -g" \
		PMU_EVENTS_ARCH="$PMU_EVENTS_ARCH" CHECKS_SKIP="$SANITIZE_SKIP" >"../check.log" 2>&1
)
st=$?
end=$(date +%s)
cat "$src/build/check/results" 2>/dev/null
grep -E 'ERROR: AddressSanitizer|runtime error|ERROR: LeakSanitizer' "$out/check.log" | sort | uniq -c | head -n 20
totals=$(grep -E '^checks: ' "$out/check.log" | tail -n 1)
echo "sanitize: ${totals#checks: } ($((end - start)) s; log $out/check.log)"
exit $st
