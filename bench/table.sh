#!/bin/bash
# SPDX-License-Identifier: MIT
# bench/table.sh: formats the values bench/run.sh measured ("key value" lines,
# one file per library) as the table of `make bench`.
# usage: table.sh SYS_VALS OURS_VALS N_NAMES N_UMASK_STRINGS PLUGIN_DIR N_OFFCORE_STRINGS
# (environment: NO_MATCH_ID, the identity of the plugin rows (c) and (d);
# ONE_MATCH_ID, the one of row (e); BENCH_PLUGIN_DIR_100, rows (d) and (e);
# BENCH_SERVER_TREES, the server rows)
set -eu
SYS=$1 OURS=$2 NN=$3 NU=$4 PLUGIN_DIR=$5 NO=${6:-0}

val() { awk -v k="$2" '$1 == k { $1 = ""; sub(/^ /, ""); print; exit }' "$1"; }

# usage: row LABEL SYS_VALUE OURS_VALUE [DECIMALS]  (empty value: n/a)
row() {
	awk -v l="$1" -v a="$2" -v b="$3" -v d="${4:-0}" 'BEGIN {
		fa = a == "" ? "n/a" : sprintf("%.*f", d, a)
		fb = b == "" ? "n/a" : sprintf("%.*f", d, b)
		r = (a == "" || b == "" || a + 0 == 0) ? "n/a" : sprintf("%.2fx", b / a)
		printf "%-58s %16s %16s %9s\n", l, fa, fb, r
	}'
}

# usage: per_call KEY COUNT: total Ir of KEY divided by COUNT, for one file
per_call() {
	local t
	t=$(val "$1" "$2")
	[ -n "$t" ] && [ "${3:-0}" != 0 ] && awk -v t="$t" -v n="$3" 'BEGIN { printf "%.1f", t / n }'
	return 0
}

# usage: pct BASE VALUE: VALUE over BASE in percent (+12.3%)
pct() {
	awk -v a="$1" -v b="$2" 'BEGIN {
		if (a == "" || b == "" || a + 0 == 0) print "n/a"; else printf "%+.1f%%", (b - a) * 100 / a
	}'
}

both() { row "$1" "$(val "$SYS" "$2")" "$(val "$OURS" "$2")"; }

# usage: bpe FILE KEY: the library's size KEY over the events it lists
bpe() {
	local n
	n=$(val "$1" events)
	[ -n "$n" ] && [ "$n" -gt 0 ] && per_call "$1" "$2" "$n"
	return 0
}

section() { echo; echo "$1"; }

echo "make bench: libpfm4 4.13 against pmuplug, same run, same bench_pfm binary, same strings"
echo "libpfm4 4.13: $(val "$SYS" path)"
echo "pmuplug     : $(val "$OURS" path)"
echo "Ir = instructions counted by valgrind --tool=callgrind in the measured phase only (bench/README.md)"
echo "environment of every run: LIBPFM_ENCODE_INACTIVE=1 LD_BIND_NOW=1, no other LIBPFM_* variable"
echo
printf "%-58s %16s %16s %9s\n" metric "libpfm4 4.13" pmuplug ratio
printf "%-58s %16s %16s %9s\n" "$(printf '%058d' 0 | tr 0 -)" "$(printf '%016d' 0 | tr 0 -)" \
	"$(printf '%016d' 0 | tr 0 -)" "---------"

section "start-up: pfm_initialize() alone [Ir]"
both "pfm_initialize()" init
both "pfm_initialize(), LIBPFM_PLUGIN_PATH=<empty dir>" init_empty
if [ -n "$PLUGIN_DIR" ]; then
	NP=$(find "$PLUGIN_DIR" -maxdepth 1 -name '*.yaml' | wc -l)
	both "  LIBPFM_PLUGIN_PATH=<$NP plugins> (a)" init_plugins
	both "  without LIBPFM_ENCODE_INACTIVE, <empty dir>" init_empty_host
	both "  without LIBPFM_ENCODE_INACTIVE, <$NP plugins> (b)" init_plugins_host
	both "  identity matching no plugin, <empty dir>" init_empty_none
	both "  identity matching no plugin, <$NP plugins> (c)" init_plugins_none
	printf "%-58s %16s %16s %9s\n" "  (c) over <empty dir>: cost of $NP plugins matching nothing" - \
		"$(pct "$(val "$OURS" init_empty_none)" "$(val "$OURS" init_plugins_none)")" -
else
	printf "%-58s %16s %16s %9s\n" "  LIBPFM_PLUGIN_PATH=\$BENCH_PLUGIN_DIR" skipped skipped -
fi
if [ -n "${BENCH_PLUGIN_DIR_100:-}" ]; then
	base=$(val "$OURS" init_empty_none)
	both "  <100 plugins> matching nothing, no cache" init_p100_none_nocache
	both "  <100 plugins> matching nothing, cache cold (written)" init_p100_none_cold
	both "  <100 plugins> matching nothing, cache warm (d)" init_p100_none_warm
	printf "%-58s %16s %16s %9s\n" "  (d) over <empty dir>: 100 plugins matching nothing" - \
		"$(pct "$base" "$(val "$OURS" init_p100_none_warm)")" -
	both "  identity $ONE_MATCH_ID, <empty dir>" init_empty_one
	both "  <100 plugins>, one matching, cache warm (e)" init_p100_one_warm
	printf "%-58s %16s %16s %9s\n" "  (e) over <empty dir>: 100 plugins, one matching" - \
		"$(awk -v a="$(val "$OURS" init_empty_one)" -v b="$(val "$OURS" init_p100_one_warm)" \
			'BEGIN { if (a + 0 == 0 || b == "") print "n/a"; else printf "%.2fx", b / a }')" -
fi
both "whole process: load + pfm_initialize + exit" process
both "  the same, spr2s tree as host (libpfm4: its own host)" process_spr

section "servers: two-socket sysfs trees (BENCH_SERVER_TREES), libpfm4 on the same tree [Ir]"
if [ -z "${BENCH_SERVER_TREES:-}" ]; then
	printf "%-58s %16s %16s %9s\n" "  (no trees: the scale tools' gensys.py is not there)" skipped skipped -
else
	for m in skx spr gnr; do
		n=$(ls "$BENCH_SERVER_TREES/$m/sys/bus/event_source/devices" 2>/dev/null | wc -l)
		[ "$n" -gt 0 ] || continue
		both "pfm_initialize(), $m tree ($n kernel PMUs)" "server_init_$m"
		both "  whole process, $m tree" "server_process_$m"
		if command -v strace >/dev/null; then
			both "  system calls in pfm_initialize(), $m tree [count]" "server_syscalls_$m"
		else
			printf "%-58s %16s %16s %9s\n" "  system calls in pfm_initialize(), $m tree" skipped skipped "(no strace)"
		fi
	done
	[ -n "$(val "$SYS" server_init_skx)" ] || echo "  (libpfm4's column needs root: a mount namespace puts the tree over /sys)"
fi

section "names: $NN pmu::EVENT of every libpfm4 PMU + the host's bare EVENT names [Ir per call]"
row "first pfm_find_event() after pfm_initialize [Ir]" "$(val "$SYS" first)" "$(val "$OURS" first)"
row "pfm_find_event()" "$(per_call "$SYS" find "$NN")" "$(per_call "$OURS" find "$NN")" 1
both "  names found [count]" find.ok
row "pfm_get_os_event_encoding(PERF_EVENT_EXT), no fstr" "$(per_call "$SYS" encode "$NN")" \
	"$(per_call "$OURS" encode "$NN")" 1
both "  strings encoded [count] (most need a unit mask)" encode.ok

section "umask strings: $NU pmu::EVENT:UMASK of libpfm4's core PMUs, the fair set [Ir per call]"
row "pfm_get_os_event_encoding(PERF_EVENT_EXT), no fstr" "$(per_call "$SYS" encode_umasks "$NU")" \
	"$(per_call "$OURS" encode_umasks "$NU")" 1
row "pfm_get_os_event_encoding(PERF_EVENT_EXT), with fstr" "$(per_call "$SYS" encode_umasks_fstr "$NU")" \
	"$(per_call "$OURS" encode_umasks_fstr "$NU")" 1
both "  strings encoded [count]" encode_umasks.ok

section "offcore strings: $NO OFFCORE_RESPONSE strings of glm, skl and icl, with modifiers [Ir per call]"
row "encode with fstr, OFFCORE strings" "$(per_call "$SYS" encode_offcore_fstr "$NO")" \
	"$(per_call "$OURS" encode_offcore_fstr "$NO")" 1
both "  strings encoded [count]" encode_offcore_fstr.ok

section "enumeration: every event of every PMU and its attributes, as showevtinfo [Ir per event]"
row "pfm_get_event_info + each pfm_get_event_attr_info" "$(per_call "$SYS" enumerate "$(val "$SYS" enumerate.ok)")" \
	"$(per_call "$OURS" enumerate "$(val "$OURS" enumerate.ok)")" 1
both "  events listed [count]" enumerate.ok

section "size"
both "libpfm.so.4 file size [bytes]" so_size
both "libpfm.so.4 relocations (readelf -r | grep -c R_)" so_relocs
both "  events listed through the API [count]" events
row "  libpfm.so.4 bytes per event listed" "$(bpe "$SYS" so_size)" "$(bpe "$OURS" so_size)" 1
both "libpfm.so.4 without debug sections [bytes]" so_nodebug
row "  bytes per event listed" "$(bpe "$SYS" so_nodebug)" "$(bpe "$OURS" so_nodebug)" 1
both "libpfm.a file size [bytes]" a_size
both "libpfm.a relocations (readelf -r | grep -c R_)" a_relocs

# usage: target LABEL VALUE LIMIT: "met" when VALUE (a ratio, or a count) is at
# most LIMIT
target() {
	awk -v l="$1" -v v="$2" -v m="$3" 'BEGIN {
		x = v; sub(/[x%]$/, "", x)
		r = (v == "" || v == "n/a") ? "n/a" : (x + 0 <= m + 0 ? "met" : "NOT MET")
		printf "%-58s %16s %16s %9s\n", l, v, "<= " m, r
	}'
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a == "" || b == "" || a + 0 == 0) print "n/a"; else printf "%.3fx", b / a }'; }

section "performance targets: value (pmuplug / libpfm4), limit, verdict"
target "encode, umask strings, no fstr" \
	"$(ratio "$(val "$SYS" encode_umasks)" "$(val "$OURS" encode_umasks)")" 0.10
target "encode, umask strings, with fstr" \
	"$(ratio "$(val "$SYS" encode_umasks_fstr)" "$(val "$OURS" encode_umasks_fstr)")" 0.20
target "encode with fstr, OFFCORE strings" \
	"$(ratio "$(val "$SYS" encode_offcore_fstr)" "$(val "$OURS" encode_offcore_fstr)")" 0.10
target "pfm_initialize(), this host" "$(ratio "$(val "$SYS" init)" "$(val "$OURS" init)")" 1.00
target "whole process: load + pfm_initialize + exit" "$(ratio "$(val "$SYS" process)" "$(val "$OURS" process)")" 0.35
target "  the same, spr2s tree as host" "$(ratio "$(val "$SYS" process_spr)" "$(val "$OURS" process_spr)")" 0.50
for m in skx spr gnr; do
	[ -n "$(val "$OURS" "server_init_$m")" ] || continue
	target "pfm_initialize(), $m tree" "$(ratio "$(val "$SYS" "server_init_$m")" "$(val "$OURS" "server_init_$m")")" 1.00
	target "  whole process, $m tree" "$(ratio "$(val "$SYS" "server_process_$m")" "$(val "$OURS" "server_process_$m")")" 0.50
	sys_calls=$(val "$OURS" "server_syscalls_$m")
	target "  system calls in pfm_initialize(), $m tree [count]" "${sys_calls:-n/a}" 60
done
target "libpfm.so.4 bytes per event listed" "$(ratio "$(bpe "$SYS" so_size)" "$(bpe "$OURS" so_size)")" 1.00
if [ -n "${BENCH_PLUGIN_DIR_100:-}" ]; then
	target "(d) 100 plugins matching nothing, warm cache" \
		"$(ratio "$(val "$SYS" init_p100_none_warm)" "$(val "$OURS" init_p100_none_warm)")" 1.00
	target "(e) 100 plugins, one matching, warm cache" \
		"$(ratio "$(val "$SYS" init_p100_one_warm)" "$(val "$OURS" init_p100_one_warm)")" 2.00
fi
echo
if [ -n "$PLUGIN_DIR" ]; then
	echo "plugins: $PLUGIN_DIR (libpfm4 ignores them: its column is its plain start-up)."
	echo "  (a)-(c) without the plugin cache (LIBPFM_PLUGIN_CACHE=0):"
	echo "  (a) every plugin loaded (LIBPFM_ENCODE_INACTIVE=1 makes every PMU usable): its pmu"
	echo "      block read, its events left for their first use;"
	echo "  (b) host detection: plugins matching this host (under valgrind, its synthetic CPU)"
	echo "      loaded, the others only peeked at; (c) LIBPFM_CPUID=${NO_MATCH_ID:-?}: every"
	echo "      plugin only peeked at."
	if [ -n "${BENCH_PLUGIN_DIR_100:-}" ]; then
		echo "  (d), (e): $BENCH_PLUGIN_DIR_100 with the plugin cache, made anew; (d) under"
		echo "      ${NO_MATCH_ID:-?} (target: at most libpfm4's plain start-up), (e) under"
		echo "      ${ONE_MATCH_ID:-?}, which only the skl plugin matches (target: at most 2x it)."
	fi
else
	echo "start-up with BENCH_PLUGIN_DIR: skipped (BENCH_PLUGIN_DIR empty)"
fi
echo "ratio = pmuplug / libpfm4 (below 1.00x: pmuplug smaller or cheaper). Totals: OUT_DIR/*.vals."
echo "Under valgrind the CPU is valgrind's synthetic one, so host detection differs from a native run."
