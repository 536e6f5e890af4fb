#!/bin/bash
# SPDX-License-Identifier: MIT
# bench/run.sh: `make bench`. Measures libpfm4 (BENCH_SYS) and pmuplug
# (BENCH_OURS) in one run with the same bench_pfm binary, the library picked
# by LD_LIBRARY_PATH, and prints a table (metric, libpfm4 4.13, pmuplug,
# ratio pmuplug/libpfm4) that it also writes to OUT_DIR/results.txt.
#
# usage: bench/run.sh BIN_DIR OUT_DIR
# environment: BENCH_SYS, BENCH_OURS (library directories, required),
#   BENCH_PLUGIN_DIR (optional: plugin directory for the start-up rows, measured
#   with LIBPFM_ENCODE_INACTIVE=1 (every plugin parsed in full), with host
#   detection (plugins matching the host parsed, the others only peeked at)
#   and with an identity no plugin matches (every plugin only peeked at), all
#   three without the plugin cache), BENCH_PLUGIN_DIR_100 (optional: 100
#   plugins, one of them matching ONE_MATCH_ID, measured with the plugin
#   cache: cold, warm, and warm under the identity one plugin matches),
#   BENCH_SERVER_TREES (optional: <dir>/{skx,spr,gnr}/sys trees of two-socket
#   servers: pfm_initialize and the whole process of pmuplug with the tree as
#   LIBPFM_SYSROOT and the model's identity, of libpfm4 with the tree over
#   /sys in a private mount namespace, root only)
set -eu

BIN=$(realpath "$1")
OUT=$(realpath -m "$2")
: "${BENCH_SYS:?directory of libpfm4 4.13}" "${BENCH_OURS:?directory of our libpfm.so.4}"
BENCH_PLUGIN_DIR=${BENCH_PLUGIN_DIR:-}
NO_MATCH_ID=QuokkaSemi-7-1A-0	# a fictional x86 identity: no PMU, no plugin matches it
ONE_MATCH_ID=QuokkaSemi-7-1B-0	# matched by one plugin of BENCH_PLUGIN_DIR_100 only
BENCH_PLUGIN_DIR_100=${BENCH_PLUGIN_DIR_100:-}
BENCH_SERVER_TREES=${BENCH_SERVER_TREES:-}
declare -A SERVER_ID=([skx]=GenuineIntel-6-55-4 [spr]=GenuineIntel-6-8F-8 [gnr]=GenuineIntel-6-AD-1)
# libpfm4 on a server tree needs the tree over /sys: a mount namespace (root)
NS_OK=
if [ -n "$BENCH_SERVER_TREES" ] && [ "$(id -u)" = 0 ] && unshare -m true 2>/dev/null; then NS_OK=1; fi
FIXTURES=$(realpath "$(dirname "$0")/../tests/fixtures/sysfs")

mkdir -p "$OUT"
rm -rf "$OUT/empty-plugins" && mkdir -p "$OUT/empty-plugins"

for dir in "$BENCH_SYS" "$BENCH_OURS"; do
	[ -e "$dir/libpfm.so.4" ] || { echo "bench: no libpfm.so.4 in $dir" >&2; exit 1; }
done

# runs a command with the given library and a known libpfm environment
with_lib() {
	local lib=$1
	shift
	env $(compgen -e | grep '^LIBPFM_' | sed 's/^/-u /') \
		LD_LIBRARY_PATH="$lib" LD_BIND_NOW=1 LIBPFM_ENCODE_INACTIVE=1 "$@"
}

# the name lists, from libpfm4, shared by both sides
with_lib "$BENCH_SYS" "$BIN/bench_names" events >"$OUT/names.txt"
with_lib "$BENCH_SYS" "$BIN/bench_names" umasks >"$OUT/umasks.txt"
with_lib "$BENCH_SYS" "$BIN/bench_names" offcore >"$OUT/offcore.txt"

# usage: [NS_TREE=TREE] cg SIDE LIB KEY TOGGLE [ENV=VAL...] -- bench_pfm arguments
# appends "KEY <Ir>" (and "KEY.ok <n>" for find/encode) to OUT/SIDE.vals;
# NS_TREE: run in a private mount namespace with TREE/sys over /sys
cg() {
	local side=$1 lib=$2 key=$3 toggle=$4 envs=() ir log cgout ns=()
	shift 4
	while [ "$1" != -- ]; do envs+=("$1"); shift; done
	shift
	[ -n "${NS_TREE:-}" ] && ns=(unshare -m --propagation private -- sh -c 'mount --bind "$0/sys" /sys && exec "$@"' "$NS_TREE")
	log="$OUT/$side.$key.log" cgout="$OUT/$side.$key.callgrind"
	with_lib "$lib" ${envs[@]+"${envs[@]}"} ${ns[@]+"${ns[@]}"} valgrind --tool=callgrind \
		--callgrind-out-file="$cgout" ${toggle:+--toggle-collect=$toggle} \
		"$BIN/bench_pfm" "$@" >"$log" 2>&1 ||
		{ echo "bench: $side $key failed, see $log" >&2; return 1; }

	# make sure LD_LIBRARY_PATH gave us the library we meant to measure
	local loaded
	loaded=$(sed -n 's/^library: //p' "$log")
	if [ "$(realpath "$loaded")" != "$(realpath "$lib/libpfm.so.4")" ]; then
		echo "bench: $side loaded $loaded, not $lib/libpfm.so.4" >&2
		return 1
	fi
	ir=$(awk '/^totals:/ { print $2 }' "$cgout")
	echo "$key ${ir:?no totals in $cgout}" >>"$OUT/$side.vals"
	sed -n -e 's/^\(found\|encoded\): \([0-9]*\) of .*/'"$key"'.ok \2/p' \
		-e 's/^listed: \([0-9]*\) events.*/'"$key"'.ok \1/p' "$log" >>"$OUT/$side.vals"
}

# usage: [NS_TREE=TREE] sc SIDE LIB KEY [ENV=VAL...]: appends "KEY <n>", the
# system calls bench_pfm init makes inside pfm_initialize (between its two
# getppid() markers in an strace -f log), to OUT/SIDE.vals; nothing without strace
sc() {
	local side=$1 lib=$2 key=$3 log ns=()
	shift 3
	command -v strace >/dev/null || return 0
	[ -n "${NS_TREE:-}" ] && ns=(unshare -m --propagation private -- sh -c 'mount --bind "$0/sys" /sys && exec "$@"' "$NS_TREE")
	log="$OUT/$side.$key.strace"
	with_lib "$lib" "$@" ${ns[@]+"${ns[@]}"} strace -f -o "$log" "$BIN/bench_pfm" init >/dev/null 2>&1 ||
		{ echo "bench: $side $key (strace) failed, see $log" >&2; return 1; }
	echo "$key $(awk '/getppid\(/ { n++; next } n == 1 { c++ } END { print c + 0 }' "$log")" >>"$OUT/$side.vals"
}

measure_side() {
	local side=$1 lib=$2 so
	: >"$OUT/$side.vals"
	cg "$side" "$lib" init bench_phase_init -- init
	cg "$side" "$lib" init_empty bench_phase_init LIBPFM_PLUGIN_PATH="$OUT/empty-plugins" -- init
	if [ -n "$BENCH_PLUGIN_DIR" ]; then
		local empty="$OUT/empty-plugins" none=LIBPFM_CPUID=$NO_MATCH_ID
		local off=LIBPFM_PLUGIN_CACHE=0
		cg "$side" "$lib" init_plugins bench_phase_init $off LIBPFM_PLUGIN_PATH="$BENCH_PLUGIN_DIR" -- init
		# LIBPFM_ENCODE_INACTIVE= (empty) turns it off again in both libraries
		cg "$side" "$lib" init_empty_host bench_phase_init LIBPFM_ENCODE_INACTIVE= \
			LIBPFM_PLUGIN_PATH="$empty" -- init
		cg "$side" "$lib" init_plugins_host bench_phase_init LIBPFM_ENCODE_INACTIVE= $off \
			LIBPFM_PLUGIN_PATH="$BENCH_PLUGIN_DIR" -- init
		cg "$side" "$lib" init_empty_none bench_phase_init LIBPFM_ENCODE_INACTIVE= "$none" \
			LIBPFM_PLUGIN_PATH="$empty" -- init
		cg "$side" "$lib" init_plugins_none bench_phase_init LIBPFM_ENCODE_INACTIVE= "$none" $off \
			LIBPFM_PLUGIN_PATH="$BENCH_PLUGIN_DIR" -- init
	fi
	if [ -n "$BENCH_PLUGIN_DIR_100" ]; then
		# the plugin cache of this side, made anew: the first run writes it (cold)
		local cache="$OUT/plugin-cache.$side" p100=LIBPFM_PLUGIN_PATH=$BENCH_PLUGIN_DIR_100
		rm -rf "$cache"
		[ -n "${none:-}" ] || none=LIBPFM_CPUID=$NO_MATCH_ID
		cg "$side" "$lib" init_empty_one bench_phase_init LIBPFM_ENCODE_INACTIVE= \
			LIBPFM_CPUID=$ONE_MATCH_ID LIBPFM_PLUGIN_PATH="$OUT/empty-plugins" -- init
		cg "$side" "$lib" init_p100_none_nocache bench_phase_init LIBPFM_ENCODE_INACTIVE= "$none" \
			LIBPFM_PLUGIN_CACHE=0 "$p100" -- init
		cg "$side" "$lib" init_p100_none_cold bench_phase_init LIBPFM_ENCODE_INACTIVE= "$none" \
			LIBPFM_PLUGIN_CACHE="$cache" "$p100" -- init
		cg "$side" "$lib" init_p100_none_warm bench_phase_init LIBPFM_ENCODE_INACTIVE= "$none" \
			LIBPFM_PLUGIN_CACHE="$cache" "$p100" -- init
		# the cache is rewritten under the new identity, then measured warm
		cg "$side" "$lib" init_p100_one_first bench_phase_init LIBPFM_ENCODE_INACTIVE= \
			LIBPFM_CPUID=$ONE_MATCH_ID LIBPFM_PLUGIN_CACHE="$cache" "$p100" -- init
		cg "$side" "$lib" init_p100_one_warm bench_phase_init LIBPFM_ENCODE_INACTIVE= \
			LIBPFM_CPUID=$ONE_MATCH_ID LIBPFM_PLUGIN_CACHE="$cache" "$p100" -- init
	fi
	cg "$side" "$lib" process "" -- init
	# a server as host: a two-socket Sapphire Rapids sysfs tree and identity
	# (libpfm4 reads neither variable: its column is its own host's)
	cg "$side" "$lib" process_spr "" LIBPFM_SYSROOT="$FIXTURES/spr2s" LIBPFM_CPUID=GenuineIntel-6-8F-8 -- init
	# two-socket servers: pmuplug through LIBPFM_SYSROOT and the model's
	# identity, libpfm4 on the same tree over /sys (its detection: this CPU's)
	if [ -n "$BENCH_SERVER_TREES" ]; then
		local m t
		for m in skx spr gnr; do
			t=$BENCH_SERVER_TREES/$m
			[ -d "$t/sys" ] || continue
			if [ "$side" = ours ]; then
				cg "$side" "$lib" "server_init_$m" bench_phase_init LIBPFM_SYSROOT="$t" LIBPFM_CPUID="${SERVER_ID[$m]}" -- init
				cg "$side" "$lib" "server_process_$m" "" LIBPFM_SYSROOT="$t" LIBPFM_CPUID="${SERVER_ID[$m]}" -- init
				sc "$side" "$lib" "server_syscalls_$m" LIBPFM_SYSROOT="$t" LIBPFM_CPUID="${SERVER_ID[$m]}"
			elif [ -n "$NS_OK" ]; then
				NS_TREE=$t cg "$side" "$lib" "server_init_$m" bench_phase_init -- init
				NS_TREE=$t cg "$side" "$lib" "server_process_$m" "" -- init
				NS_TREE=$t sc "$side" "$lib" "server_syscalls_$m"
			fi
		done
	fi
	cg "$side" "$lib" first bench_phase_first -- first "$OUT/names.txt"
	cg "$side" "$lib" find bench_phase_find -- find "$OUT/names.txt"
	cg "$side" "$lib" encode bench_phase_encode -- encode "$OUT/names.txt"
	cg "$side" "$lib" encode_umasks bench_phase_encode -- encode "$OUT/umasks.txt"
	cg "$side" "$lib" encode_umasks_fstr bench_phase_encode -- encode_fstr "$OUT/umasks.txt"
	cg "$side" "$lib" encode_offcore_fstr bench_phase_encode -- encode_fstr "$OUT/offcore.txt"
	cg "$side" "$lib" enumerate bench_phase_enumerate -- enumerate

	# events listed through the API, for the size per event (not measured)
	echo "events $(with_lib "$lib" "$BIN/bench_pfm" count | sed -n 's/^events: //p')" >>"$OUT/$side.vals"
	so=$(realpath "$lib/libpfm.so.4")
	echo "so_size $(stat -c %s "$so")" >>"$OUT/$side.vals"
	echo "so_relocs $(readelf -rW "$so" | grep -c R_)" >>"$OUT/$side.vals"
	# the same without debug sections (Debian ships libpfm4's stripped)
	objcopy --strip-debug "$so" "$OUT/$side.nodebug.so" &&
		echo "so_nodebug $(stat -c %s "$OUT/$side.nodebug.so")" >>"$OUT/$side.vals"
	rm -f "$OUT/$side.nodebug.so"
	if [ -e "$lib/libpfm.a" ]; then
		echo "a_size $(stat -L -c %s "$lib/libpfm.a")" >>"$OUT/$side.vals"
		echo "a_relocs $(readelf -rW "$lib/libpfm.a" | grep -c R_)" >>"$OUT/$side.vals"
	fi
	echo "path $so" >>"$OUT/$side.vals"
}

# both sides at once: one core each
measure_side sys "$BENCH_SYS" & sys_pid=$!
measure_side ours "$BENCH_OURS" & ours_pid=$!
st=0
wait $sys_pid || st=1
wait $ours_pid || st=1
[ $st -eq 0 ] || exit 1

NO_MATCH_ID=$NO_MATCH_ID ONE_MATCH_ID=$ONE_MATCH_ID BENCH_PLUGIN_DIR_100=$BENCH_PLUGIN_DIR_100 \
	BENCH_SERVER_TREES=$BENCH_SERVER_TREES \
	"$(dirname "$0")/table.sh" "$OUT/sys.vals" "$OUT/ours.vals" \
	"$(wc -l <"$OUT/names.txt")" "$(wc -l <"$OUT/umasks.txt")" "$BENCH_PLUGIN_DIR" "$(wc -l <"$OUT/offcore.txt")" |
	tee "$OUT/results.txt"
