#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""upstream.py - write arch/<arch>/libpfm4-upstream.yaml for arm64 and
powerpc: for every core PMU of upstream libpfm4 that pmuplug also has, each of
upstream libpfm4's event names with its event code, read from the reference
facts file (libpfm4-upstream-events.tsv: names and codes read through
libpfm4's public API). Facts only. jsontoyaml's libpfm4_upstream transform
makes every name resolve to that code (docs/archs.md).

    gen/libpfm4-names/upstream.py TSV [--arch-root arch]
"""
import argparse
import collections
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(TOP, "jsontoyaml"))
import overlay  # noqa: E402

ARCHES = ("arm64", "powerpc")
HEADER = """# Upstream libpfm4's (git 91970fe, 2024-10) event names of the %s core PMUs
# pmuplug also has, each with its event code (pfm_event_info.code, which is
# the event number these PMUs encode). Facts only, written by
# gen/libpfm4-names/upstream.py from the reference facts of libpfm4's
# public API; read by jsontoyaml/transforms/libpfm4_upstream.py. Re-run, don't edit.
"""


def our_pmus(arch_root, arch):
    """The PMU names arch/<arch>/models.yaml gives perf's models."""
    ov = overlay.ArchOverlay(arch_root, arch)
    return {p["name"] for m in ov.models.values() for p in m["pmus"]}


def read_tsv(path):
    """{pmu: OrderedDict(event name -> code)} of the core PMUs' events."""
    out = collections.defaultdict(collections.OrderedDict)
    with open(path) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            pmu, _, typ, event, umask, code = line.rstrip("\n").split("\t")[:6]
            if typ == "core" and not umask and code:
                out[pmu].setdefault(event, int(code, 16))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("tsv")
    ap.add_argument("--arch-root", default=os.path.join(TOP, "arch"))
    args = ap.parse_args()
    facts = read_tsv(args.tsv)
    for arch in ARCHES:
        mine = our_pmus(args.arch_root, arch)
        lines = [HEADER % arch, "pmus:\n"]
        n = 0
        for pmu in sorted(p for p in facts if p in mine):
            lines.append("  %s:\n" % pmu)
            for name, code in facts[pmu].items():
                lines.append("    %s: 0x%x\n" % (name, code))
                n += 1
        with open(os.path.join(args.arch_root, arch, "libpfm4-upstream.yaml"), "w") as f:
            f.write("".join(lines))
        print("%s: %d PMUs, %d names" % (arch, len([p for p in facts if p in mine]), n))


if __name__ == "__main__":
    main()
