#!/bin/sh
# SPDX-License-Identifier: MIT
# Extracts perf's PMU event tables (tools/perf/pmu-events/arch) from the Debian
# linux-source-6.12 tarball into $1 (default build/perf-arch). The data is a
# build output: it is never committed.
set -eu
out=${1:-build/perf-arch}
tarball=${LINUX_SOURCE_TARBALL:-/usr/src/linux-source-6.12.tar.xz}
[ -r "$tarball" ] || { echo "extract-arch: $tarball not found (apt-get install linux-source-6.12, or set PMU_EVENTS_ARCH=/path/to/kernel/tools/perf/pmu-events/arch)" >&2; exit 1; }
tmp="$out.tmp.$$"
rm -rf "$tmp"; mkdir -p "$tmp"
top=$(tar -tJf "$tarball" 2>/dev/null | head -n 1 | cut -d/ -f1)
tar -xJf "$tarball" -C "$tmp" --strip-components=5 --wildcards "$top/tools/perf/pmu-events/arch/*"
[ -f "$tmp/x86/mapfile.csv" ] || { echo "extract-arch: no tools/perf/pmu-events/arch in $tarball" >&2; rm -rf "$tmp"; exit 1; }
printf '%s\n' "$tarball" > "$tmp/.source"
rm -rf "$out"; mv "$tmp" "$out"
