#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""upstream_names.py - upstream libpfm4's names on the x86 PMUs libpfm4 4.13
lacks, and the events upstream added to PMUs 4.13 has: every EVENT and
EVENT:UMASK string of arch/x86/libpfm4-upstream-events.tsv (upstream's names
and codes, read through its API) and of arch/x86/libpfm4-upstream-additions.tsv
(icl, icx, spr TOPDOWN_M) is encoded by pmuplug
(pmu:: prefix, LIBPFM_ENCODE_INACTIVE=1) and compared with the encoding
upstream's codes give (gen/libpfm4-names/tsvoracle.py; OFFCORE_RESPONSE/
OCR unit masks are their MSR values). Strings listed in
arch/x86/libpfm4-names/upstream-differences.tsv (perf's JSON wins over
upstream) or tests/diff/accepted-differences.tsv count as listed.

Prints per PMU: names, resolving, of those identical, listed; fails a PMU
whose resolving share or identical-or-listed share is below its floor
(FLOORS; --min for PMUs without one), or that lists more events of an
upstream event's code under other names than DUP_MAX; and checks EXAMPLES. Appends `upstream-names: N passed, N failed`.

    upstream_names.py [--ours build/lib] [--pfmdump build/bin/pfmdump]
                      [--arch build/perf-arch] [--results FILE] [-v] [PMU...]
"""
import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(TOP, "gen", "libpfm4-names"))
import derive  # noqa: E402
import layout  # noqa: E402
import match  # noqa: E402
import oracle  # noqa: E402
import perfevents  # noqa: E402
import tsvoracle  # noqa: E402
from accepted import Accepted  # noqa: E402
import results  # noqa: E402

MODELS = os.path.join(TOP, "arch", "x86", "models.yaml")
DIFFS = os.path.join(TOP, "arch", "x86", "libpfm4-names", "upstream-differences.tsv")
ADDITIONS = os.path.join(TOP, "arch", "x86", "libpfm4-upstream-additions.tsv")
# per PMU: (resolving %, identical-or-listed %) measured, rounded down: a drop fails
FLOORS = {"emr": (100.0, 100.0), "gnr": (100.0, 100.0), "adl_glc": (100.0, 100.0),
          "adl_grt": (100.0, 100.0), "amd64_fam1ah_zen5": (100.0, 100.0),
          "icl": (100.0, 100.0), "icx": (100.0, 100.0), "spr": (100.0, 100.0)}


# behaviours of upstream's names pinned down: (string, expected rc, expected
# first code or None[, expected fstr]): a fixed counter's pseudo-encoding takes no counter mask
# (PFM_ERR_ATTR_SET, as libpfm4 4.13's INST_RETIRED:ANY:c=1); Zen 5's bare
# RETIRED_SSE_AVX_FLOPS counts every type (umask 0x0f); unit masks of two
# widths combine
EXAMPLES = [("emr::INST_RETIRED:ANY:c=1", -10, None), ("gnr::CPU_CLK_UNHALTED:REF_TSC:c=1", -10, None),
            ("adl_glc::TOPDOWN:SLOTS:c=2", -8, None),
            ("amd64_fam1ah_zen5::RETIRED_SSE_AVX_FLOPS", 0, 0x530f03),
            ("amd64_fam1ah_zen5::PACKED_FP_OPS_RETIRED:FP128_ALL:FP256_ALL", 0, 0x53ff0c),
            ("emr::UNHALTED_CORE_CYCLES", 0, 0x53003c), ("gnr::INSTRUCTION_RETIRED", 0, 0x5300c0),
            ("emr::UNHALTED_REFERENCE_CYCLES", 0, 0x530300),
            # PERF_METRICS pseudo-encodings: event select 0, umask 0x80.. (slots 0x04)
            ("icl::TOPDOWN_M:FRONTEND_BOUND", 0, 0x538200), ("icx::TOPDOWN_M:SLOTS", 0, 0x530400),
            ("spr::TOPDOWN_M:MEMORY_BOUND", 0, 0x538700), ("gnr::TOPDOWN_M:BAD_SPEC", 0, 0x538100),
            # icl has the level-1 metrics only
            ("icl::TOPDOWN_M:HEAVY_OPS", -8, None),
            # TOPDOWN_M's metrics take no modifiers (upstream's no_mods): the
            # fstr writes none, the codes follow the levels, one given is
            # PFM_ERR_ATTR; SLOTS takes k and u
            ("icl::TOPDOWN_M.FRONTEND_BOUND", 0, 0x538200, "icl::TOPDOWN_M:FRONTEND_BOUND"),
            ("icx::TOPDOWN_M:RETIRING", 0, 0x538000, "icx::TOPDOWN_M:RETIRING"),
            ("spr::TOPDOWN_M:FETCH_LAT", 0, 0x538600, "spr::TOPDOWN_M:FETCH_LAT"),
            ("gnr::TOPDOWN_M.BAD_SPEC", 0, 0x538100, "gnr::TOPDOWN_M:BAD_SPEC"),
            ("emr::TOPDOWN_M:MEMORY_BOUND", 0, 0x538700, "emr::TOPDOWN_M:MEMORY_BOUND"),
            ("spr::TOPDOWN_M:BR_MISPREDICT:u", -8, None), ("icl::TOPDOWN_M:BAD_SPEC:k=1", -8, None),
            ("gnr::TOPDOWN_M:SLOTS", 0, 0x530400, "gnr::TOPDOWN_M:SLOTS:k=1:u=1"),
            ("icl::TOPDOWN_M:SLOTS:u", 0, 0x510400, "icl::TOPDOWN_M:SLOTS:k=0:u=1"),
            # FRONTEND_RETIRED's unit masks are values of one MSR: two do not
            # combine (PFM_ERR_FEATCOMB), as on 4.13's spr
            ("emr::FRONTEND_RETIRED:DSB_MISS:ITLB_MISS", -5, None),
            ("gnr::FRONTEND_RETIRED:DSB_MISS:ITLB_MISS", -5, None),
            ("gnr::FRONTEND_RETIRED:L1I_MISS:LATENCY_GE_8", -5, None),
            ("gnr::FRONTEND_RETIRED:ITLB_MISS", 0, 0x5303c6)]


# upstream's unit-mask groups (arch/x86/upstream/libpfm4-umask-groups.tsv),
# pinned: (string, expected rc, expected fstr or None) at PLM0|PLM3. The
# fstr names the default of each group the string leaves empty; two unit
# masks of an exclusive group (a field of values) are PFM_ERR_FEATCOMB, of
# two groups they combine
Z5 = "amd64_fam1ah_zen5::"
GROUP_EXAMPLES = [
    (Z5 + "RETIRED_FP_OPS_BY_TYPE:VECTOR_DIV", 0,
     Z5 + "RETIRED_FP_OPS_BY_TYPE:SCALAR_NONE:VECTOR_DIV:k=1:u=1:e=0:i=0:c=0:h=0:g=0"),
    (Z5 + "RETIRED_SSE_AVX_FLOPS:DIV_FLOPS:MAC_FLOPS", 0,
     Z5 + "RETIRED_SSE_AVX_FLOPS:DIV_FLOPS:MAC_FLOPS:ALL_TYPE:k=1:u=1:e=0:i=0:c=0:h=0:g=0"),
    (Z5 + "RETIRED_SSE_AVX_FLOPS:FLOP_TYPE_SCALAR_DOUBLE", 0,
     Z5 + "RETIRED_SSE_AVX_FLOPS:FLOP_TYPE_SCALAR_DOUBLE:ANY:k=1:u=1:e=0:i=0:c=0:h=0:g=0"),
    (Z5 + "PACKED_INT_OPS_RETIRED:INT128_ALL:INT256_ALL", 0,
     Z5 + "PACKED_INT_OPS_RETIRED:INT128_ALL:INT256_ALL:k=1:u=1:e=0:i=0:c=0:h=0:g=0"),
    (Z5 + "RETIRED_INT_OPS:MMX_ADD:MMX_SUB", -5, None),
    (Z5 + "PACKED_FP_OPS_RETIRED:FP256_MUL:FP256_DIV", -5, None),
    (Z5 + "RETIRED_SSE_AVX_FLOPS:FLOP_TYPE_BFLOAT16:FLOP_TYPE_PACKED_SINGLE", -5, None),
]


# events pmuplug lists besides upstream's whose code is one of upstream's
# events' (a perf-derived name for an event upstream lists: list one, accept
# both), at most this many
DUP_MAX = {"amd64_fam1ah_zen5": 0, "gnr": 0, "adl_glc": 0, "adl_grt": 0, "emr": 1,
           "icl": 0, "icx": 0, "spr": 0}


def check_groups(pfmdump, libdir, cases):
    """(strings, wrong) of cases [(string, rc, fstr)] encoded by the library in libdir."""
    got = oracle.encode(pfmdump, [s for s, _, _ in cases], libdir=libdir, plm=9)
    bad = 0
    for s, rc, fstr in cases:
        x = got[s]
        if x.rc != rc or (fstr is not None and x.fstr != fstr):
            bad += 1
            print("FAIL %s: want %d %s, got %d %s" % (s, rc, fstr or "", x.rc, x.fstr or ""))
    return len(cases), bad


def listed_diffs(path=DIFFS):
    out = set()
    if os.path.exists(path):
        for line in open(path):
            if not line.startswith("#") and line.strip():
                f = line.rstrip("\n").split("\t")
                out.add((f[0], f[1].upper()))
    return out


def expected(pmu, events, perf, lay):
    """{string: key of upstream's codes, or upstream's error code}."""
    o = tsvoracle.TsvOracle(pmu, events, perf, lay)
    strings = derive.libpfm4_strings(pmu, events)
    enc = o.encode(strings)
    out = {}
    # the event selects whose unit mask perf's JSON places in the offcore
    # response MSR, whatever the event is called upstream (OCR, OFFCORE_RESPONSE_0...)
    offcore_selects = {c for p in perf if p.is_offcore() for c in p.events}
    for s in strings:
        body = s.split("::", 1)[1]
        ev, _, um = body.partition(":")
        e = o.byname[ev.upper()]
        if (match.is_offcore(ev) or (e.code & 0xff) in offcore_selects) and um:
            # an offcore response unit mask is the MSR value; an event with an
            # equivalent (emr OFFCORE_RESPONSE_1 = OCR) encodes as that one
            u = next(x for x in e.umasks() if x.name == um)
            code = o.byname[e.equiv.upper()].code if e.equiv and e.equiv.upper() in o.byname else e.code
            codes = [code & 0xffff, u.code]
        elif enc[s].rc != 0:
            out[s] = enc[s].rc     # upstream refuses it too (an event without a default unit mask)
            continue
        else:
            codes = enc[s].codes
        out[s] = oracle.key_of_codes(codes, lay)
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--ours", default=os.path.join(TOP, "build/lib"))
    ap.add_argument("--pfmdump", default=os.path.join(TOP, "build/bin/pfmdump"))
    ap.add_argument("--arch", default=os.path.join(TOP, "build/perf-arch"))
    ap.add_argument("--tsv", default=tsvoracle.DEFAULT_TSV)
    ap.add_argument("--additions", default=ADDITIONS,
                    help="upstream's events on PMUs libpfm4 4.13 has (their other names are 4.13's)")
    ap.add_argument("--min", type=float, default=99.0)
    ap.add_argument("--results")
    ap.add_argument("-v", action="store_true")
    ap.add_argument("pmus", nargs="*")
    args = ap.parse_args()
    accepted = Accepted(os.path.join(HERE, "accepted-differences.tsv"))
    diffs = listed_diffs()
    dirs, _ = derive.models_yaml_dirs(MODELS)
    ours_pmus = oracle.list_pmus(args.pfmdump, libdir=args.ours)
    passed = failed = 0
    todo = list(tsvoracle.read(args.tsv).items())
    added = tsvoracle.read(args.additions) if os.path.exists(args.additions) else {}
    todo += list(added.items())
    for pmu, events in todo:
        if args.pmus and pmu not in args.pmus:
            continue
        if pmu not in ours_pmus or pmu not in dirs:
            continue
        lay = layout.for_pmu(pmu, MODELS)
        perf = perfevents.load_model(args.arch, dirs[pmu], derive.models_yaml_unit(MODELS, pmu))
        want = expected(pmu, events, perf, lay)
        got = oracle.encode(args.pfmdump, list(want), libdir=args.ours)
        n = len(want)
        res = same = lst = 0
        bad = []
        for s, k in want.items():
            x = got[s]
            body = s.split("::", 1)[1]
            if isinstance(k, int):
                # a name upstream knows but refuses alone: the same refusal
                if x.rc == k:
                    res += 1
                    same += 1
                else:
                    bad.append((s, "upstream error %d, pmuplug %d" % (k, x.rc)))
                continue
            if x.rc != 0:
                bad.append((s, "error %d" % x.rc))
                continue
            res += 1
            mine = oracle.key_of_codes(x.codes, lay)
            if mine == k:
                same += 1
            elif (pmu, body.upper()) in diffs or accepted.reason(pmu, body):
                lst += 1
            else:
                bad.append((s, "upstream %s, pmuplug %s" % (k, mine)))
        names = {e.name.upper() for e in events}
        codes = {e.code for e in events}
        if pmu in added:
            # a PMU 4.13 has: its other events are 4.13's
            names |= {e.name.upper() for e in oracle.list_events(args.pfmdump, pmu)}
        dups = [e.name for e in oracle.list_events(args.pfmdump, pmu, libdir=args.ours)
                if e.name.upper() not in names and e.code in codes and not e.equiv]
        dup_ok = len(dups) <= DUP_MAX.get(pmu, 0)
        passed += dup_ok
        failed += not dup_ok
        if not dup_ok:
            print("FAIL %s: %d events duplicate an upstream event's code: %s" % (pmu, len(dups), " ".join(dups)))
        rp = 100.0 * res / n if n else 100.0
        ip = 100.0 * (same + lst) / res if res else 100.0
        floor = FLOORS.get(pmu, (args.min, args.min))
        ok = rp >= floor[0] and ip >= floor[1]
        passed += ok
        failed += not ok
        print("%-18s upstream names %4d  resolve %4d (%5.1f%%)  identical %4d  listed %3d (%5.1f%%)  %s"
              % (pmu, n, res, rp, same, lst, ip, "ok" if ok else "FAIL"))
        if args.v or not ok:
            for s, why in bad[:40 if not args.v else None]:
                print("    %-60s %s" % (s, why))
    if not args.pmus:
        got = oracle.encode(args.pfmdump, [ex[0] for ex in EXAMPLES], libdir=args.ours)
        for s, rc, code, *fstr in EXAMPLES:
            x = got[s]
            ok = x.rc == rc and (code is None or x.codes[:1] == [code]) and (not fstr or x.fstr == fstr[0])
            passed += ok
            failed += not ok
            if not ok:
                print("FAIL %s: want %d%s%s, got %d %s %s" % (s, rc, "" if code is None else " 0x%x" % code,
                                                             " " + fstr[0] if fstr else "", x.rc,
                                                             ",".join("%x" % c for c in x.codes), x.fstr or ""))
        print("examples: %d strings" % len(EXAMPLES))
    if not args.pmus or "amd64_fam1ah_zen5" in args.pmus:
        n, bad = check_groups(args.pfmdump, args.ours, GROUP_EXAMPLES)
        passed += n - bad
        failed += bad
        print("unit-mask groups: %d strings, %d wrong" % (n, bad))
    results.report("upstream-names", passed, failed, args.results)
    return 1 if failed or not passed else 0


if __name__ == "__main__":
    sys.exit(main())
