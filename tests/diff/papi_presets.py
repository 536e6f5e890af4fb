#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""papi_presets.py - PAPI's preset definitions against pmuplug: for every CPU
block of papi_events.csv naming a core PMU that pmuplug provides (x86: Intel
and AMD), every native event string of every PRESET line must encode in
pmuplug as in libpfm4 4.13 (LIBPFM_FORCE_PMU=<pmu>, LIBPFM_ENCODE_INACTIVE=1;
raw codes and perf_event_attr). Prints per PMU presets checked, resolved and
identical; a preset whose natives libpfm4 itself rejects is counted apart.
Appends `papi-presets: N passed, N failed` (one check per PMU).

    papi_presets.py [--csv /usr/share/papi/7.0/papi_events.csv] [--ours build/lib]
                    [--pfmdump build/bin/pfmdump] [--results FILE] [PMU...]
"""
import argparse
import concurrent.futures
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(TOP, "gen", "libpfm4-names"))
import oracle  # noqa: E402
from accepted import Accepted  # noqa: E402
from rundiff import encode  # noqa: E402
import results

X86_PREFIXES = ("amd64", "atom", "nhm", "wsm", "snb", "ivb", "hsw", "bdw", "skl", "skx", "clx",
                "slm", "glm", "glp", "tmt", "knl", "knm", "icl", "icx", "spr", "emr", "gnr",
                "adl", "rkl", "tgl", "ehl", "mtl", "srf", "grr", "lnl", "kbl", "core", "ix86arch")


def presets(path):
    """{cpu name: [(preset, [native strings])]} from papi_events.csv."""
    out = {}
    cpus, in_cpu_lines = [], False
    with open(path, errors="replace") as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            f_ = [x.strip() for x in line.split(",")]
            if f_[0] == "CPU":
                if not in_cpu_lines:
                    cpus = []
                cpus.append(f_[1])
                in_cpu_lines = True
                continue
            in_cpu_lines = False
            if f_[0] != "PRESET" or len(f_) < 4:
                continue
            rest = f_[3:]
            if "NOTE" in rest:
                rest = rest[:rest.index("NOTE")]
            if f_[2] == "DERIVED_POSTFIX":
                rest = rest[1:]                  # the formula
            natives = [n for n in rest if n]
            for c in cpus:
                out.setdefault(c, []).append((f_[1], natives))
    return out


def check(pmu, items, args):
    natives = sorted({n for _, ns in items for n in ns})
    lib = encode(args.pfmdump, natives, None, pmu)
    ours = encode(args.pfmdump, natives, args.ours, pmu)
    r = {"pmu": pmu, "checked": 0, "libpfm4_rejects": 0, "resolved": 0, "identical": 0,
         "listed": 0, "bad": []}
    for name, ns in items:
        if any(lib[n].none_rc != 0 for n in ns):
            r["libpfm4_rejects"] += 1
            continue
        r["checked"] += 1
        r["resolved"] += all(ours[n].none_rc == 0 for n in ns)
        diff = [n for n in ns if lib[n].key() != ours[n].key()]
        if not diff:
            r["identical"] += 1
        elif all(args.accepted.reason(pmu, n) for n in diff):
            r["listed"] += 1
        else:
            r["bad"].append((name, [(n, lib[n].show(), ours[n].show()) for n in diff]))
    return r


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--csv", default="/usr/share/papi/7.0/papi_events.csv")
    ap.add_argument("--ours", default=os.path.join(TOP, "build/lib"))
    ap.add_argument("--pfmdump", default=os.path.join(TOP, "build/bin/pfmdump"))
    ap.add_argument("--accepted-file", default=os.path.join(HERE, "accepted-differences.tsv"))
    ap.add_argument("--results")
    ap.add_argument("pmus", nargs="*")
    args = ap.parse_args()
    args.accepted = Accepted(args.accepted_file)
    table = presets(args.csv)
    ours = {n for n, (_, t) in oracle.list_pmus(args.pfmdump, args.ours).items() if t == 1}
    pmus = sorted(p for p in table if p in ours and p.startswith(X86_PREFIXES)
                  and (not args.pmus or p in args.pmus))
    passed = failed = 0
    tot = {"checked": 0, "resolved": 0, "identical": 0}
    with concurrent.futures.ThreadPoolExecutor(os.cpu_count() or 2) as ex:
        for r in ex.map(lambda p: check(p, table[p], args), pmus):
            ok = not r["bad"]
            passed += ok
            failed += not ok
            for k in tot:
                tot[k] += r[k]
            print("%-20s presets checked %3d resolved %3d identical %3d listed %d"
                  " (libpfm4 4.13 rejects %d more) %s"
                  % (r["pmu"], r["checked"], r["resolved"], r["identical"], r["listed"],
                     r["libpfm4_rejects"], "ok" if ok else "FAIL"))
            for name, diffs in r["bad"]:
                for n, a, b in diffs:
                    print("    %s %s\n      libpfm4  %s\n      pmuplug  %s" % (name, n, a, b))
    print("total: presets checked %d, resolved %d, identical %d"
          % (tot["checked"], tot["resolved"], tot["identical"]))
    results.report("papi-presets", passed, failed, args.results)
    return 1 if failed or not pmus else 0


if __name__ == "__main__":
    sys.exit(main())
