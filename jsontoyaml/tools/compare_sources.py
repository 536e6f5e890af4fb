#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""Compares two conversions of the same models (a perf tree and Intel's
perfmon repository, docs/jsontoyaml.md): for every PMU both produced, its id
and the encoding of every event and unit mask both have (the event's set
with the unit mask's). Prints one line per difference not listed in
--accepted FILE (TSV: pmu, EVENT[:UMASK], reason), and the figures.
Exit status 1 when a PMU's id differs or an unlisted difference remains.

    compare_sources.py A_DIR B_DIR [--arch x86] [--pmus P ...] [--accepted TSV]
"""
import argparse
import os
import sys

import yaml

LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def load(d, arch, pmus):
    out = {}
    root = os.path.join(d, arch)
    for name in sorted(os.listdir(root)) if os.path.isdir(root) else ():
        if not name.endswith(".yaml") or "@" in name:
            continue
        stem = name[:-5]
        if pmus and stem not in pmus:
            continue
        with open(os.path.join(root, name), encoding="utf-8") as f:
            out[stem] = yaml.load(f, Loader=LOADER)
    return out


def encodings(desc):
    """{EVENT or EVENT:UMASK (upper case): sorted set items}."""
    out = {}
    for ev in desc.get("events") or ():
        base = dict(ev.get("set") or {})
        umasks = ev.get("umasks") or ()
        if not umasks:
            out[ev["name"].upper()] = tuple(sorted(base.items()))
        for u in umasks:
            s = dict(base)
            s.update(u.get("set") or {})
            out["%s:%s" % (ev["name"].upper(), u["name"].upper())] = tuple(sorted(s.items()))
    return out


def read_accepted(path):
    acc = {}
    if not path:
        return acc
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if not line.strip() or line.startswith("#"):
                continue
            parts = line.rstrip("\n").split("\t")
            if len(parts) != 3 or not parts[2].strip():
                sys.exit("%s:%d: expected pmu<TAB>EVENT[:UMASK]<TAB>reason" % (path, n))
            acc[(parts[0], parts[1].upper())] = parts[2]
    return acc


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("a")
    ap.add_argument("b")
    ap.add_argument("--arch", default="x86")
    ap.add_argument("--pmus", nargs="*")
    ap.add_argument("--accepted", metavar="TSV")
    a = ap.parse_args(argv)
    A, B = load(a.a, a.arch, a.pmus), load(a.b, a.arch, a.pmus)
    acc = read_accepted(a.accepted)
    used, bad = set(), 0
    shared = same = differ = accepted = 0
    for pmu in sorted(set(A) & set(B)):
        pa, pb = A[pmu]["pmu"], B[pmu]["pmu"]
        if pa.get("id") != pb.get("id"):
            print("%s: id %s in %s, %s in %s" % (pmu, pa.get("id"), a.a, pb.get("id"), a.b))
            bad += 1
        ea, eb = encodings(A[pmu]), encodings(B[pmu])
        for name in sorted(set(ea) & set(eb)):
            shared += 1
            if ea[name] == eb[name]:
                same += 1
                continue
            differ += 1
            if (pmu, name) in acc:
                used.add((pmu, name))
                accepted += 1
                continue
            bad += 1
            print("%s::%s: %s vs %s" % (pmu, name, dict(ea[name]), dict(eb[name])))
    for key in sorted(set(acc) - used):
        print("%s::%s: listed in %s but the two encode alike (or one lacks it)" % (key[0], key[1], a.accepted))
        bad += 1
    print("compare: %d PMUs in both, %d shared events and unit masks, %d encode alike, %d differ "
          "(%d listed with their reason)" % (len(set(A) & set(B)), shared, same, differ, accepted))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
