# SPDX-License-Identifier: MIT
# tests/tools/json_option.sh: sourced by run.sh. Checks showevtinfo -j, our
# addition that prints the listing as one JSON document: python3's json
# parses it, and it holds the PMU, events, unit masks and modifiers that the
# default listing of the same pattern shows.

json_option_all() {
	local j="$WORK/json" inact="LIBPFM_ENCODE_INACTIVE=1" pat='skl::.*'

	run_tool "$OURS" "$j" "$inact" showevtinfo -j "$pat"
	run_tool "$OURS" "$j.detail" "$inact" showevtinfo "$pat"
	if [ "$(cat "$j.rc")" != 0 ]; then
		fail "showevtinfo -j exits 0" "exit $(cat "$j.rc"): $(head -c 200 "$j.err")"
		return
	fi
	pass "showevtinfo -j exits 0"
	local why
	why=$("${PYTHON:-python3}" - "$j.out" "$j.detail.out" <<'PY'
import json, re, sys
doc = json.load(open(sys.argv[1]))
detail = open(sys.argv[2]).read()
pmus = doc["pmus"]
if [p["name"] for p in pmus] != ["skl"]:
    sys.exit("PMUs %s, want [skl]" % [p["name"] for p in pmus])
evs = pmus[0]["events"]
names = re.findall(r"^Name     : (\S+)", detail, re.M)
if [e["name"] for e in evs] != names:
    sys.exit("%d events, the default listing has %d" % (len(evs), len(names)))
umasks = len(re.findall(r"^Umask-\d+ ", detail, re.M))
mods = len(re.findall(r"^Modif-\d+ ", detail, re.M))
if sum(len(e["umasks"]) for e in evs) != umasks or sum(len(e["modifiers"]) for e in evs) != mods:
    sys.exit("unit masks or modifiers differ from the default listing")
if pmus[0]["nevents"] != len(evs) or not all(e["code"].startswith("0x") for e in evs):
    sys.exit("nevents or codes wrong")
PY
)
	if [ -z "$why" ]; then pass "showevtinfo -j holds what the default listing shows"
	else fail "showevtinfo -j holds what the default listing shows" "$why"; fi
}
