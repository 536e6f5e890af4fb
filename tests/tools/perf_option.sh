# SPDX-License-Identifier: MIT
# tests/tools/perf_option.sh: sourced by run.sh. Checks check_events -P, our
# addition that prints the PFM_OS_PERF_EVENT_EXT perf_event_attr of each event.

# the -P output with its perf blocks removed (lines from "Perf   Event" to "exclusive")
strip_perf_blocks() {
	sed '/^Perf   Event   : /,/^\texclusive      : /d' "$1"
}

# usage: perf_expect NAME FILE LINE... : every LINE must be a line of FILE
perf_expect() {
	local name=$1 file=$2 l
	shift 2
	for l in "$@"; do
		if ! grep -qxF -- "$l" "$file"; then
			fail "$name" "missing line '$l'"
			return
		fi
	done
	pass "$name"
}

perf_option_all() {
	local p="$WORK/perf" inact="LIBPFM_ENCODE_INACTIVE=1"
	local ev="skl::OFFCORE_RESPONSE_0:DMND_DATA_RD:ANY_RESPONSE perf::PERF_COUNT_HW_CACHE_L1D:READ:MISS"

	run_tool "$OURS" "$p.plain" "$inact" check_events $ev
	run_tool "$OURS" "$p.P" "$inact" check_events -P $ev

	if strip_perf_blocks "$p.P.out" | cmp -s - "$p.plain.out" && cmp -s "$p.P.rc" "$p.plain.rc" &&
	   [ "$(grep -c '^perf_event_attr:$' "$p.P.out")" = 2 ]; then
		pass perf_P_adds_one_block_per_event_and_changes_nothing_else
	else
		fail perf_P_adds_one_block_per_event_and_changes_nothing_else
	fi

	# values of libpfm4 4.13's PFM_OS_PERF_EVENT_EXT encoding of the two events
	perf_expect perf_P_offcore_raw_type_config_config1 "$p.P.out" \
		"$(printf '\ttype           : 4')" "$(printf '\tconfig         : 0x1b7')" \
		"$(printf '\tconfig1        : 0x10001')"
	# perf's h on a HW_CACHE event exists only where the library's host core
	# PMU filters the hypervisor level (libpfm4 4.13: AMD yes, Intel no), so
	# exclude_hv is checked against the fstr printed beside it
	local hv=0
	grep -q '^Perf   Event   : perf::PERF_COUNT_HW_CACHE_L1D:READ:MISS:.*:h=0:' "$p.P.out" && hv=1
	perf_expect perf_P_hw_cache_type_and_exclude_hv_as_its_fstr "$p.P.out" \
		"$(printf '\ttype           : 3')" "$(printf '\tconfig         : 0x10000')" \
		"$(printf '\texclude_hv     : %d' $hv)"
	perf_expect perf_P_fully_qualified_perf_string "$p.P.out" \
		"Perf   Event   : skl::OFFCORE_RESPONSE_0:DMND_DATA_RD:ANY_RESPONSE:e=0:i=0:c=0:t=0:intx=0:intxcp=0:u=1:k=1:excl=0:mg=0:mh=1" \
		"Perf   cpu     : -1" "Perf   flags   : 0x0"
	if grep -q '^Perf   Event   : perf::PERF_COUNT_HW_CACHE_L1D:READ:MISS:u=1:k=1:' "$p.P.out"; then
		pass perf_P_hw_cache_fstr_starts_with_umasks_then_u_k
	else
		fail perf_P_hw_cache_fstr_starts_with_umasks_then_u_k
	fi

	run_tool "$OURS" "$p.priv" "$inact" check_events -P skl::INST_RETIRED:ANY_P:u
	perf_expect perf_P_user_only_sets_exclude_kernel "$p.priv.out" \
		"$(printf '\texclude_user   : 0')" "$(printf '\texclude_kernel : 1')"

	run_tool "$OURS" "$p.bad" "$inact" check_events -P skl::INST_RETIRED:BOGUS
	if [ "$(cat "$p.bad.rc")" = 1 ] && grep -q 'cannot encode event skl::INST_RETIRED:BOGUS' "$p.bad.err"; then
		pass perf_P_invalid_event_exits_1
	else
		fail perf_P_invalid_event_exits_1
	fi
}
