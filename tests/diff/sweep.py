#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""tests/diff/sweep.py — the sweep: every EVENT and EVENT:UMASK string libpfm4 4.13 lists,
on every PMU it lists that pmuplug has too (core, uncore and OS PMUs), and
EVENT:UMASK with a unit mask libpfm4 lists on a sibling model of the same table
only (hsw_ep's L3_MISS_REMOTE_HOP0 on hsw, which it refuses; reported, not
failed: pmuplug's names for the model, perf's, may be a sibling's), encoded by
both libraries under PFM_OS_NONE, PFM_OS_PERF_EVENT and PFM_OS_PERF_EVENT_EXT
at each privilege level (pfmdump encode -p PLM -x perf|ext, one pfmdump process
per library, under LIBPFM_ENCODE_INACTIVE=1), compared as rundiff.py compares:
return codes (refusals too, with their error code), PFM_OS_NONE count and
codes, perf_event_attr fields. A difference must be listed in
tests/diff/accepted-differences.tsv (accepted.py's matching); fstr differences
are counted only.

One check per layer and privilege level; appends `<suite>: N passed, N failed`
to --results. --sample N keeps the strings whose crc32 is 0 modulo N (a
deterministic share, the same on every run; 1: the full sweep). Run it inside
tests/hosts/sandbox.sh --ns so that both libraries see the same /sys.

    sweep.py [--sample N] [--plm 1,8,9] [--out DIR] [--results FILE] [PMU...]
"""
import argparse
import concurrent.futures
import os
import re
import sys
import time
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import rundiff  # noqa: E402  (puts gen/libpfm4-names on the path)
import oracle  # noqa: E402
import results  # noqa: E402
from accepted import Accepted  # noqa: E402

LAYERS = ("none", "perf", "ext")


def listing(pfmdump, libdir):
    """{pmu: [(event, [umask...])]} of every PMU one library lists."""
    out, ev = {}, None
    for line in oracle.run_dump(pfmdump, ["list", "-O", "none"], libdir=libdir).splitlines():
        f = line.split("\t")
        if f[0] == "P":
            out.setdefault(f[1], [])
        elif f[0] == "E":
            ev = (f[2], [])
            out.setdefault(f[1], []).append(ev)
        elif f[0] == "A" and len(f) >= 14 and ev is not None and f[4] == "1":
            ev[1].append(f[5])
    return out


def sweep_strings(lib, pmus, sample):
    """pmu::EVENT and pmu::EVENT:UMASK of libpfm4's listing, the sampled share."""
    out = []
    for p in pmus:
        for e, ums in lib[p]:
            for s in ["%s::%s" % (p, e)] + ["%s::%s:%s" % (p, e, u) for u in ums]:
                if sample <= 1 or zlib.crc32(s.encode()) % sample == 0:
                    out.append(s)
    return out


def siblings(lib, share=0.9):
    """Pairs (a, b) of PMUs of libpfm4's listing that share one event table
    (models of one table: hsw and hsw_ep): at least `share` of their event
    names in common, both ways."""
    names = {p: {e for e, _ in evs} for p, evs in lib.items() if evs}
    out = []
    for a in sorted(names):
        for b in sorted(names):
            if a < b and re.sub(r"\d+$", "", a) != re.sub(r"\d+$", "", b):
                common = len(names[a] & names[b])
                if common >= share * len(names[a]) and common >= share * len(names[b]):
                    out.append((a, b))
    return out


def model_strings(lib, pmus, sample):
    """pmu::EVENT:UMASK where libpfm4 lists UMASK for EVENT on a sibling
    model only (a unit mask valid on some models of a table): libpfm4
    refuses it there, and so must pmuplug."""
    ums = {p: {e: set(u) for e, u in lib[p]} for p in pmus}
    out = set()
    for a, b in siblings({p: lib[p] for p in pmus}):
        for x, y in ((a, b), (b, a)):
            for e, us in ums[y].items():
                for u in sorted(us - ums[x].get(e, us)):
                    s = "%s::%s:%s" % (x, e, u)
                    if sample <= 1 or zlib.crc32(s.encode()) % sample == 0:
                        out.add(s)
    return sorted(out)


def encode(pfmdump, strings, libdir, plm, layer):
    out = oracle.run_dump(pfmdump, ["encode", "-p", str(plm), "-x", layer],
                          stdin="".join(s + "\n" for s in strings), libdir=libdir)
    res = {}
    for line in out.splitlines():
        res[line.split("\t", 1)[0]] = rundiff.Result(line)
    return res


def layer_key(r, layer):
    return r.none if layer == "none" else r.ext


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    results.driver_options(ap, "build/check/sweep", "sweep")
    ap.add_argument("--sample", type=int, default=1, help="keep strings with crc32 %% N == 0")
    ap.add_argument("--plm", default="1,8,9", help="privilege levels (pfmdump encode -p)")
    ap.add_argument("--show", type=int, default=20, help="unlisted differences printed")
    ap.add_argument("-j", type=int, default=2)
    ap.add_argument("pmus", nargs="*")
    args = ap.parse_args()
    plms = [int(x, 0) for x in args.plm.split(",")]
    accepted = Accepted(args.accepted_file)
    t0 = time.monotonic()
    lib, ours = listing(args.pfmdump, None), listing(args.pfmdump, args.ours)
    missing = sorted(p for p in lib if p not in ours and (not args.pmus or p in args.pmus))
    pmus = sorted(p for p in lib if p in ours and (not args.pmus or p in args.pmus))
    strings = sweep_strings(lib, pmus, args.sample)
    others = model_strings(lib, pmus, args.sample)
    strings += others
    # one run per privilege level and perf layer, per library; PFM_OS_NONE is
    # read from the ext run
    jobs = {}
    with concurrent.futures.ThreadPoolExecutor(args.j) as ex:
        for plm in plms:
            for x in ("perf", "ext"):
                for libdir in (None, args.ours):
                    jobs[plm, x, libdir] = ex.submit(encode, args.pfmdump, strings, libdir, plm, x)
    n = dict.fromkeys(("compared", "agree", "listed", "unlisted", "fstr", "fstr_ok", "refused", "refused_rc"), 0)
    failed = set()
    unlisted, reasons, sibling = [], {}, []
    other_set = set(others)
    for plm in plms:
        for layer in LAYERS:
            x = "ext" if layer == "none" else layer
            la, lo = jobs[plm, x, None].result(), jobs[plm, x, args.ours].result()
            for s in strings:
                a, b = la[s], lo[s]
                ka, kb = layer_key(a, layer), layer_key(b, layer)
                n["compared"] += 1
                if ka[0] == "0" and kb[0] == "0":
                    n["fstr"] += 1
                    fi = 0 if layer == "none" else 1
                    n["fstr_ok"] += a.fstr[fi] == b.fstr[fi]
                if ka[0] != "0" and kb[0] != "0":
                    n["refused"] += 1
                    n["refused_rc"] += ka[0] != kb[0]
                if ka == kb:
                    n["agree"] += 1
                    continue
                pmu, rest = s.split("::", 1)
                why = accepted.explain(pmu, rest, a, b)
                if why:
                    n["listed"] += 1
                    reasons[why] = reasons.get(why, 0) + 1
                    continue
                if s in other_set:
                    # reported, not failed: pmuplug's names for the model
                    # (perf's) may be a sibling's libpfm4 names
                    sibling.append((plm, layer, s, " ".join(ka), " ".join(kb)))
                    continue
                n["unlisted"] += 1
                failed.add((plm, layer))
                unlisted.append((plm, layer, s, " ".join(ka), " ".join(kb)))
    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, "unlisted.tsv"), "w") as f:
        f.write("# plm\tlayer\tstring\tlibpfm4 (rc [count codes | attr])\tpmuplug\n")
        for row in unlisted:
            f.write("%d\t%s\t%s\t%s\t%s\n" % row)
    with open(os.path.join(args.out, "siblings.tsv"), "w") as f:
        f.write("# a sibling model's unit mask answered otherwise by pmuplug (not failed)\n"
                "# plm\tlayer\tstring\tlibpfm4\tpmuplug\n")
        for row in sibling:
            f.write("%d\t%s\t%s\t%s\t%s\n" % row)
    with open(os.path.join(args.out, "listed.tsv"), "w") as f:
        f.write("# count\treason of tests/diff/accepted-differences.tsv\n")
        for why, c in sorted(reasons.items(), key=lambda x: -x[1]):
            f.write("%d\t%s\n" % (c, why))
    print("%s: %d PMUs, %d strings (%d a sibling model's unit mask; 1 in %d) x %d plm x %d layers in %.0fs: compared %d, agree %d, listed %d, "
          "unlisted %d; both refuse %d (other code %d); fstr differs %d of %d both encode"
          % (args.suite, len(pmus), len(strings), len(others), args.sample, len(plms), len(LAYERS), time.monotonic() - t0,
             n["compared"], n["agree"], n["listed"], n["unlisted"], n["refused"], n["refused_rc"],
             n["fstr"] - n["fstr_ok"], n["fstr"]))
    if sibling:
        print("  a sibling model's unit mask: %d strings answered otherwise by pmuplug"
              " (its names for the model; not failed): %s/siblings.tsv"
              % (len({r[2] for r in sibling}), args.out))
    for p in missing:
        print("  PMU libpfm4 lists, pmuplug does not: %s" % p)
    for plm, layer, s, ka, kb in unlisted[:args.show]:
        print("  plm %d %-4s %s\n      libpfm4  %s\n      pmuplug  %s" % (plm, layer, s, ka, kb))
    if unlisted:
        print("  all unlisted differences: %s/unlisted.tsv" % args.out)
    checks = [(plm, layer) for plm in plms for layer in LAYERS]
    results.report(args.suite, len(checks) - len(failed), len(failed) + len(missing), args.results)
    return 1 if failed or missing else 0


if __name__ == "__main__":
    sys.exit(main())
