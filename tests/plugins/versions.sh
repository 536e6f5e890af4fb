#!/bin/sh
# SPDX-License-Identifier: MIT
# versions.sh: `jsontoyaml --from SOURCE --plugins DIR` and the loader's
# version rule, through the public API (check_events on libpfm.so.4):
# a new model of Intel's perfmon format becomes a plugin PMU detected under
# LIBPFM_CPUID; a perf-style tree with a newer version of a built-in model
# (goldmont -> glm) replaces that PMU under its name and id; an older one is
# left out by the converter and, written with --all, ignored by the loader
# with both versions under LIBPFM_VERBOSE.
# usage: tests/plugins/versions.sh BUILD TMPDIR   (environment: PYTHON)
# prints "versions: N passed, N failed"
set -u
b=$1 tmp=$2
py=${PYTHON:-/usr/bin/python3}
fx=tests/fixtures/plugins/versions
pass=0 fail=0
ok() { pass=$((pass + 1)); echo "  ok: $1"; }
ko() { fail=$((fail + 1)); echo "FAIL $1"; sed 's/^/    /' "$tmp/last" | head -n 20; }
# check NAME PATTERN: the last output holds the fixed string PATTERN
check() { if grep -qF -- "$2" "$tmp/last"; then ok "$1"; else ko "$1: no '$2'"; fi; }
check_not() { if grep -qF -- "$2" "$tmp/last"; then ko "$1: '$2'"; else ok "$1"; fi; }
conv() { "$py" jsontoyaml/jsontoyaml.py --no-transforms --from "$@" >"$tmp/last" 2>&1; }
events() {	# events PLUGIN_DIR CPUID EVENT...: check_events with that plugin directory only
	d=$1 id=$2; shift 2
	env -i LD_LIBRARY_PATH="$b/lib" LIBPFM_SYSROOT=tests/fixtures/sysroot/empty LIBPFM_PLUGIN_CACHE=0 \
		LIBPFM_VERBOSE=1 LIBPFM_PLUGIN_PATH="$d" LIBPFM_CPUID="$id" "$b/bin/check_events" "$@" >"$tmp/last" 2>&1
}
glm_id=$(awk -F'\t' '$1 == "glm" { print $2 }' "$b/yaml/builtin-versions.tsv")
glm_v=$(awk -F'\t' '$1 == "glm" { print $3 }' "$b/yaml/builtin-versions.tsv")

# a new model from Intel's format: its PMU is written and detected
conv tests/fixtures/jsontoyaml/intel-perfmon --plugins "$tmp/intel"
check "jsontoyaml --from detects Intel's perfmon layout" "source: Intel's perfmon repository"
check "jsontoyaml --from writes a model no built-in PMU has" "wrote     oldcore"
events "$tmp/intel" GenuineIntel-6-2B oldcore::UOPS_ISSUED
check "the new model's plugin PMU is detected under LIBPFM_CPUID" ", oldcore, \"Intel oldcore\"]"
check "the new model's plugin PMU encodes its events" "Actual    Event: oldcore::UOPS_ISSUED"

# a newer version of a built-in model: written, and it replaces the PMU
conv "$fx/newer" --plugins "$tmp/newer"
check "jsontoyaml --from detects perf's arch layout" "source: perf's arch tree"
check "jsontoyaml --from writes a newer version of a built-in model" "newer: v999 over the built-in $glm_v"
events "$tmp/newer" GenuineIntel-6-5C glm::FICTIONAL_WIDGETS:DONE
check "a newer-version plugin replaces the built-in PMU (verbose message)" \
	"PMU 'glm' version v999 replaces the built-in one's ($glm_v)"
check "a newer-version plugin keeps the built-in PMU's name and id" "[$glm_id, glm, "
check "a newer-version plugin's new events encode" "Codes          : 0x530299"

# an older version: left out by the converter, ignored by the loader
conv "$fx/older" --plugins "$tmp/older"
check "jsontoyaml --from leaves out an older version of a built-in model" "v1 is not newer than the built-in $glm_v"
if [ -e "$tmp/older/glm.yaml" ]; then ko "jsontoyaml --from wrote the older glm"; else ok "no older plugin file written"; fi
conv "$fx/older" --plugins "$tmp/older" --all
check "jsontoyaml --from --all writes an older version too" "wrote     glm"
events "$tmp/older" GenuineIntel-6-5C glm::FICTIONAL_GADGETS:DONE
check "an older-version plugin is ignored with both versions named under LIBPFM_VERBOSE" \
	"PMU 'glm' version v1 is not newer than the built-in one's ($glm_v); ignored"
check_not "an older-version plugin's events are not offered" "Actual    Event: glm::FICTIONAL_GADGETS"
events "$tmp/older" GenuineIntel-6-5C glm::INST_RETIRED:ANY_P
check "with an older-version plugin the built-in PMU stays" "Actual    Event: glm::INST_RETIRED:ANY_P"

echo "versions: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
