#!/bin/sh
# SPDX-License-Identifier: MIT
# run.sh: check-plugins. Converts the fictional QuokkaSemi model
# (tests/fixtures/plugins) with jsontoyaml (whole-tree and one-model modes),
# builds the override, refused-plugin and layout directories in a temporary
# directory (BUILD/check/plugins/tmp.*, removed at exit), runs the plugin
# suites of test_public against libpfm.so.4, the negative and cycle ones under
# valgrind and all of them on the ASan library (test_public_asan), test_public_asan peek on the layouts and
# every converted descriptor, then install.sh. Appends ONE line
# "plugins: N passed, N failed" to BUILD/check/results; logs in
# BUILD/check/plugins/.
# usage: tests/plugins/run.sh BUILD FIXTURES   (environment: PYTHON, MAKE, PREFIX, CC)
set -u
b=${1:-build}
fx=${2:-tests/fixtures/plugins}
py=${PYTHON:-/usr/bin/python3}
out=$b/check/plugins
bin=$b/bin
mkdir -p "$out" && rm -rf "$out"/tmp.* || exit 1
# the plugin, override and layout directories and the install DESTDIR: beside the logs, removed at exit
tmp=$(mktemp -d "$(cd "$out" && pwd -P)/tmp.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
. tests/lib/tally.sh
# plugin caches of every program here go to the temporary directory, not ~/.cache
export XDG_CACHE_HOME="$tmp/xdg-cache"
unset LIBPFM_PLUGIN_CACHE

run() {	# run NAME COMMAND...: a program's results line, its log beside the others
	name=$1; shift
	tl_program "$name" "$out/$name.log" "$@"
}

# 1. the fictional model, converted both ways; the two descriptors differ
#    only in provenance (header comment, source, version, match_priority)
tl_step "jsontoyaml converts the fictional tree (--arch-root, --strict)" \
	"$py" jsontoyaml/jsontoyaml.py --arch-root "$fx/perf-arch" --overlay-root "$fx/overlays" \
		--out "$tmp/tree" --strict --verify --quiet
tl_step "jsontoyaml converts the fictional model directory (--model-dir --overlay)" \
	"$py" jsontoyaml/jsontoyaml.py --model-dir "$fx/perf-arch/x86/quokka" --overlay "$fx/quokka.yaml" \
		--overlay-root "$fx/overlays" --out "$tmp/one" --verify --quiet
same_model() {
	for f in "$tmp/tree/x86/qk_q1.yaml" "$tmp/one/qk_q1.yaml"; do
		grep -Ev '^#|^  (source|version|match_priority):' "$f" >"$f.core" || return 1
	done
	diff -u "$tmp/tree/x86/qk_q1.yaml.core" "$tmp/one/qk_q1.yaml.core"
}
tl_step "both conversions give the same descriptor" same_model
rm -f "$tmp"/tree/x86/*.core "$tmp"/one/*.core
chmod 0644 "$tmp"/tree/x86/*.yaml "$tmp"/one/*.yaml 2>/dev/null

# 2. the override: built-in glm with one event code changed
mkdir -p "$tmp/override"
tl_step "override plugin made from $b/yaml/x86/glm.yaml" \
	"$py" tests/plugins/mkoverride.py "$b/yaml/x86/glm.yaml" "$tmp/override/glm.yaml"
chmod 0644 "$tmp/override/glm.yaml"

# 2b. versions of the built-in multi-box uncore PMU bdw_unc_cbo0..3, and of glm at another priority
for v in newer older priority; do
	mkdir -p "$tmp/replace/$v" && cp "$fx"/replace/$v/*.yaml "$tmp/replace/$v/" && chmod 0644 "$tmp"/replace/$v/*.yaml
done

# 3. refused plugins: the committed ones, then the unsafe files made here
bad=$tmp/bad
mkdir -p "$bad" "$tmp/elsewhere"
cp "$fx"/bad/*.yaml "$tmp/one/qk_q1.yaml" "$bad/"
variant() {	# variant NAME ID FILE: tiny.yaml renamed
	sed -e "s/qk_tiny/qk_$1/" -e "s/id: 950/id: $2/" "$fx/tiny.yaml" >"$3" && chmod 0644 "$3"
}
chmod 0644 "$bad"/*.yaml
variant hidden 957 "$bad/.hidden.yaml"
variant yml 958 "$bad/other.yml"
variant gw 959 "$bad/group-writable.yaml" && chmod 0664 "$bad/group-writable.yaml"
variant ow 960 "$bad/other-writable.yaml" && chmod 0646 "$bad/other-writable.yaml"
variant ln 962 "$tmp/elsewhere/qk_ln.yaml" && ln -s "$tmp/elsewhere/qk_ln.yaml" "$bad/symlink.yaml"
mkdir "$bad/directory.yaml"
truncate -s 33M "$bad/oversized.yaml"	# sparse: over the 8 MiB limit, no disk used
if [ "$(id -u)" -eq 0 ] && id nobody >/dev/null 2>&1; then
	variant fo 961 "$bad/foreign-owner.yaml" && chown nobody "$bad/foreign-owner.yaml"
else
	echo "  note: not root, the foreign-owner case is skipped"
fi

# layouts of plugin files (the start-up peek must read them right)
mkdir -p "$tmp/layouts"
cp "$fx"/peek/*.yaml "$tmp/layouts/"
long=$(head -c 40000 /dev/zero | tr '\0' x)	# a line longer than the peek's 16 KiB read chunk
sed -e "s/qk_tiny/qk_long/" -e "s/id: 950/id: 977/" -e "s/^  desc: .*/  desc: $long/" \
	"$fx/tiny.yaml" >"$tmp/layouts/long-line.yaml"
chmod 0644 "$tmp"/layouts/*.yaml

# 4. the programs, on libpfm.so.4
run encode-tree "$bin/test_public" encode "$tmp/tree/x86"
run encode-one "$bin/test_public" encode "$tmp/one"
run override "$bin/test_public" override "$tmp/override"
run replace "$bin/test_public" replace "$tmp/replace/newer" "$tmp/replace/older" "$tmp/replace/priority"
run refuse "$bin/test_public" refuse "$bad"
run cycles "$bin/test_public" cycles 20 "$tmp/one" "$bad" "$tmp/override"
run detect "$bin/test_public" detect "$tmp/layouts"
run limits "$bin/test_public" limits
run cache "$bin/test_public" cache
run lazy "$bin/test_public" lazy

# 5. no leak, no memory error: valgrind on the .so, ASan+UBSan+LSan on the ASan library
vg="valgrind -q --leak-check=full --errors-for-leak-kinds=definite,indirect --error-exitcode=99"
if command -v valgrind >/dev/null; then
	run refuse-valgrind $vg "$bin/test_public" refuse "$bad"
	run cycles-valgrind $vg "$bin/test_public" cycles 6 "$tmp/one" "$bad" "$tmp/override"
	run cache-valgrind $vg "$bin/test_public" cache
	run lazy-valgrind $vg "$bin/test_public" lazy
else
	tl_step "valgrind is installed (Debian package valgrind)" false
fi
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 UBSAN_OPTIONS=print_stacktrace=1
run encode-asan "$bin/test_public_asan" encode "$tmp/one"
run override-asan "$bin/test_public_asan" override "$tmp/override"
run replace-asan "$bin/test_public_asan" replace "$tmp/replace/newer" "$tmp/replace/older" "$tmp/replace/priority"
run refuse-asan "$bin/test_public_asan" refuse "$bad"
run cycles-asan "$bin/test_public_asan" cycles 20 "$tmp/one" "$bad" "$tmp/override"
run detect-asan "$bin/test_public_asan" detect "$tmp/layouts"
run limits-asan "$bin/test_public_asan" limits
run cache-asan "$bin/test_public_asan" cache
run lazy-asan "$bin/test_public_asan" lazy
run peek "$bin/test_public_asan" peek "$tmp"/layouts/*.yaml $(find "$b/yaml" -name '*.yaml' | LC_ALL=C sort)

# 6. make install into a temporary DESTDIR
run install tests/plugins/install.sh "$tmp" "$fx" "$tmp/tree/x86/qk_q1.yaml"

# 7. jsontoyaml --from SOURCE --plugins DIR and the loader's version rule
mkdir -p "$tmp/versions"
run versions tests/plugins/versions.sh "$b" "$tmp/versions"

tl_results plugins "$b/check/results"
