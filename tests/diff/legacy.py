#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""legacy.py - the differential test of the x86 core PMUs perf has no JSON for
(arch/x86/legacy.yaml): each must exist in pmuplug under libpfm4 4.13's name,
id and type, and encode every event, EVENT:UMASK, pair of unit masks and
modifier variant (tests/diff/genstrings.py) as the installed libpfm4 does
(PFM_OS_NONE codes and PFM_OS_PERF_EVENT_EXT perf_event_attr, through
rundiff.py). Prints per PMU: strings compared, identical, accepted
(tests/diff/accepted-differences.tsv), unlisted. A PMU fails on a wrong name,
id, type, event count, max_encoding or counters, on an event or attribute listed otherwise (pfmdump list under
PFM_OS_NONE and PFM_OS_PERF_EVENT_EXT: names, codes, types, defaults,
equivalents, flags), on any unlisted difference, or when identical plus accepted
strings are below --floor percent (99.9); identical strings alone are printed
too. Appends `legacy-diff: N passed, N failed` to --results.
    legacy.py [--ours build/lib] [--pfmdump build/bin/pfmdump] [--out DIR] [--results FILE] [--plm N]
"""
import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(TOP, "gen", "libpfm4-names"))
import oracle  # noqa: E402
import results  # noqa: E402
import rundiff  # noqa: E402
from accepted import Accepted  # noqa: E402

import yaml  # noqa: E402


def legacy_pmus(path):
    with open(path) as f:
        return [p["name"] for p in yaml.safe_load(f)["pmus"]]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--ours", default=os.path.join(TOP, "build/lib"))
    ap.add_argument("--pfmdump", default=os.path.join(TOP, "build/bin/pfmdump"))
    ap.add_argument("--out", default=os.path.join(TOP, "build/check/legacy-diff"))
    ap.add_argument("--results")
    ap.add_argument("--spec", default=os.path.join(TOP, "arch/x86/legacy.yaml"))
    ap.add_argument("--accepted-file", default=os.path.join(HERE, "accepted-differences.tsv"))
    ap.add_argument("--floor", type=float, default=99.9)
    ap.add_argument("--show", type=int, default=3)
    ap.add_argument("--plm", type=int, help="privilege levels given to both libraries (pfmdump's default: 9)")
    args = ap.parse_args()
    args.accepted = Accepted(args.accepted_file)
    os.makedirs(args.out, exist_ok=True)
    lib_pmus = oracle.list_pmus(args.pfmdump)
    our_pmus = oracle.list_pmus(args.pfmdump, args.ours)
    # pfm_pmu_info: name id type nevents max_encoding counters fixed (not presence)
    info = [{ln.split("\t")[1]: ln.split("\t")[1:8] for ln in oracle.run_dump(args.pfmdump, ["pmus"], libdir=d)
             .splitlines()} for d in (None, args.ours)]
    passed = failed = 0
    tot = {"compared": 0, "agree": 0, "listed": 0, "unlisted": 0}
    for pmu in legacy_pmus(args.spec):
        if pmu not in lib_pmus:
            print("%-24s not in the installed libpfm4: FAIL" % pmu)
            failed += 1
            continue
        if our_pmus.get(pmu) != lib_pmus[pmu] or info[0].get(pmu) != info[1].get(pmu):
            print("%-24s libpfm4's pfm_pmu_info %s, pmuplug's %s: FAIL" % (pmu, info[0].get(pmu), info[1].get(pmu)))
            failed += 1
            continue
        listing = [layer for layer in ("none", "ext")
                   if oracle.run_dump(args.pfmdump, ["list", "-O", layer, pmu])
                   != oracle.run_dump(args.pfmdump, ["list", "-O", layer, pmu], libdir=args.ours)]
        if listing:
            print("%-24s events and attributes listed otherwise than by libpfm4 (%s): FAIL"
                  % (pmu, ", ".join(listing)))
            failed += 1
            continue
        r = rundiff.run_pmu(pmu, args)
        n = r["compared"]
        same = 100.0 * r["agree"] / n if n else 100.0
        ok_share = 100.0 * (r["agree"] + r["listed"]) / n if n else 100.0
        ok = not r["unlisted"] and ok_share >= args.floor and n > 0
        print("%-24s id %3d  compared %5d  identical %5d (%6.2f%%)  accepted %4d  unlisted %4d"
              "  identical or accepted %6.2f%%  %s"
              % (pmu, lib_pmus[pmu][0], n, r["agree"], same, r["listed"], len(r["unlisted"]), ok_share,
                 "ok" if ok else "FAIL"))
        for s in r["unlisted"][:args.show]:
            d = next(x for x in r["diffs"] if x[0] == s)
            print("    %s\n      libpfm4  %s\n      pmuplug  %s" % (s, d[1], d[2]))
        with open(os.path.join(args.out, pmu + ".txt"), "w") as f:
            for s, a, b, why in r["diffs"]:
                f.write("%s\n  libpfm4  %s\n  pmuplug  %s\n  %s\n" % (s, a, b, why))
        for k in ("compared", "agree", "listed"):
            tot[k] += r[k]
        tot["unlisted"] += len(r["unlisted"])
        passed += ok
        failed += not ok
    n = tot["compared"]
    print("legacy PMUs: %d strings, %d identical (%.2f%%), %d accepted (%.2f%% identical or accepted),"
          " %d unlisted" % (n, tot["agree"], 100.0 * tot["agree"] / max(n, 1), tot["listed"],
                            100.0 * (tot["agree"] + tot["listed"]) / max(n, 1), tot["unlisted"]))
    results.report("legacy-diff", passed, failed, args.results)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
