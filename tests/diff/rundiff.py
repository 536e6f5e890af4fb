#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""rundiff.py - the differential test: encode the same event strings with the
installed libpfm4 4.13 and with pmuplug (two processes of pfmdump, one per
library), for every core PMU both list, and compare return codes, raw codes
(PFM_OS_NONE) and perf_event_attr (PFM_OS_PERF_EVENT_EXT). A difference must
be listed with its reason in tests/diff/accepted-differences.tsv.

Per PMU: strings compared (libpfm4's names), agreeing, listed differences,
unlisted ones; coverage = share of libpfm4's EVENT and EVENT:UMASK strings
that pmuplug encodes to libpfm4's codes; fstr agreement (not a failure: the
last line gives it over every PMU compared, both layers' fstr byte for byte,
and OUT/PMU.fstr.txt lists the strings whose fstr differ).
Agreement leaves out the strings perf's JSON corrects (libpfm4-corrections.yaml).
A PMU passes with no unlisted difference, agreement >= --agree and coverage
>= --cover. Appends `diff: N passed, N failed` to --results.

    rundiff.py [--ours build/lib] [--pfmdump build/bin/pfmdump] [--out build/check/diff]
               [--results build/check/results] [--plm N] [-j N] [PMU...]
"""
import argparse
import concurrent.futures
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(TOP, "gen", "libpfm4-names"))
import oracle  # noqa: E402
import genstrings  # noqa: E402
from match import OFFCORE_RE  # noqa: E402
from accepted import Accepted  # noqa: E402
import results

PFM_PMU_TYPE_CORE = 1
PFM_PMU_TYPE_UNCORE = 2
ERR_NOTFOUND, ERR_ATTR = -4, -8


class Result:
    """One pfmdump encode line, split into what is compared and fstr."""

    def __init__(self, line):
        # string N rc [count codes fstr] X rc [attr fstr]
        f = line.split("\t")
        n = 3 if f[2] == "0" else 0
        none, ext = f[2:3 + n], f[4 + n:]
        self.none_rc = int(none[0])
        self.ext_rc = int(ext[0])
        self.none = tuple(none[:3])            # rc, count, codes
        self.ext = tuple(ext[:2])              # rc, attr fields
        self.fstr = (none[3] if len(none) > 3 else None, ext[2] if len(ext) > 2 else None)

    def key(self):
        return self.none, self.ext

    def ext_refused_only(self, ours):
        """Does libpfm4 refuse under perf_events what ours encodes, with the
        same PFM_OS_NONE result?"""
        return self.none == ours.none and self.ext[0] != "0" and ours.ext[0] == "0"

    def ext_cpu_only(self, ours):
        """Do the perf_events answers differ only in the cpu of a PMU with a
        cpumask (libpfm4 -1, ours the first CPU of the mask)?"""
        if len(self.ext) < 2 or len(ours.ext) < 2:
            return False
        a, b = self.ext[1].split(), ours.ext[1].split()
        return (self.ext[0] == ours.ext[0] == "0" and len(a) == len(b) == 8
                and a[:7] == b[:7] and a[7] == "-1" and int(b[7]) >= 0)

    def cpu_only(self, ours):
        """Does ours differ from this (libpfm4's) result only in the cpu of a
        PMU with a cpumask (libpfm4 -1, ours the first CPU of the mask)?"""
        return self.none == ours.none and self.ext_cpu_only(ours)

    def zero_code_only(self, ours):
        """Does ours differ from this (libpfm4's) result only in libpfm4's
        PFM_OS_NONE codes going on with codes of 0 (a register it returns
        whole where ours returns the codes that hold bits), the perf_events
        answer alike or differing as @cpu only?"""
        if self.none_rc or ours.none_rc or len(self.none) < 3 or len(ours.none) < 3 or \
                (self.ext != ours.ext and not self.ext_cpu_only(ours)):
            return False
        a, b = self.none[2].split(","), ours.none[2].split(",")
        return len(a) > len(b) and a[:len(b)] == b and all(int(c, 16) == 0 for c in a[len(b):])

    def show(self):
        return "NONE %s  EXT %s" % (" ".join(self.none), " ".join(self.ext))


def encode(pfmdump, strings, libdir, force_pmu=None, plm=None):
    """{string: Result} from one library (privilege levels plm, pfmdump's default when None)."""
    args = ["encode"] + (["-p", str(plm)] if plm is not None else [])
    out = oracle.run_dump(pfmdump, args, stdin="".join(s + "\n" for s in strings),
                          libdir=libdir, force_pmu=force_pmu)
    res = {}
    for line in out.splitlines():
        res[line.split("\t", 1)[0]] = Result(line)
    return res


def core_pmus(pfmdump, libdir, pmu_type=PFM_PMU_TYPE_CORE):
    return {n for n, (_, t) in oracle.list_pmus(pfmdump, libdir).items() if t == pmu_type}


def expected_pmus():
    """The core PMUs arch/x86/libpfm4-names has overlays for."""
    d = os.path.join(TOP, "arch/x86/libpfm4-names")
    return {f[:-5] for f in os.listdir(d) if f.endswith(".yaml")}


def run_pmu(pmu, args):
    lib_events = oracle.list_events(args.pfmdump, pmu)
    our_events = oracle.list_events(args.pfmdump, pmu, libdir=args.ours)
    lib_strings = genstrings.strings(pmu, lib_events)
    kinds = dict(lib_strings)
    our_only = [s for s, _ in genstrings.strings(pmu, our_events) if s not in kinds]
    allstr = [s for s, _ in lib_strings] + our_only
    with concurrent.futures.ThreadPoolExecutor(2) as ex:
        fl = ex.submit(encode, args.pfmdump, allstr, None, plm=args.plm)
        fo = ex.submit(encode, args.pfmdump, allstr, args.ours, plm=args.plm)
        lib, ours = fl.result(), fo.result()
    r = {"pmu": pmu, "compared": 0, "agree": 0, "listed": 0, "corrected": 0, "unlisted": [], "plain": 0,
         "covered": 0, "plain_core": 0, "covered_core": 0, "fstr": 0, "fstr_ok": 0, "ours_only": 0, "ours_only_ok": 0, "diffs": [],
         "fstr_diffs": [], "fstr_own": 0}
    # every event libpfm4 lists is listed (spr OFFCORE_RESPONSE_0: an event, not only a name that resolves)
    listed = {e.name.upper() for e in our_events}
    for e in lib_events:
        if e.name.upper() not in listed and not args.accepted.reason(pmu, "listing:" + e.name):
            s = "%s::%s (an event libpfm4 lists)" % (pmu, e.name)
            r["unlisted"].append(s)
            r["diffs"].append((s, "listed", "not listed", "UNLISTED"))
    for s in allstr:
        a, b = lib[s], ours[s]
        if s not in kinds and a.none_rc in (ERR_NOTFOUND, ERR_ATTR):
            r["ours_only"] += 1                      # a name only pmuplug has
            r["ours_only_ok"] += b.none_rc == 0
            continue
        r["compared"] += 1
        same = a.key() == b.key()
        if kinds.get(s) == genstrings.PLAIN and a.none_rc == 0:
            r["plain"] += 1
            r["covered"] += a.none == b.none
            if not OFFCORE_RE.match(s.split("::", 1)[1].split(":")[0]):
                r["plain_core"] += 1
                r["covered_core"] += a.none == b.none
        if a.none_rc == 0 and b.none_rc == 0:
            r["fstr"] += 1
            r["fstr_ok"] += a.fstr == b.fstr
            if a.fstr != b.fstr:
                r["fstr_diffs"].append((s, a.fstr, b.fstr))
        if same:
            r["agree"] += 1
            continue
        why = args.accepted.explain(pmu, s.split("::", 1)[1], a, b)
        if why:
            r["listed"] += 1
            r["corrected"] += args.accepted.corrected(pmu, s.split("::", 1)[1])
        else:
            r["unlisted"].append(s)
        r["diffs"].append((s, a.show(), b.show(), why or "UNLISTED"))
    own_fstr(pmu, r, lib, args)
    return r


def own_fstr(pmu, r, lib, args):
    """Of the strings whose fstr differ, those where libpfm4's own fstr does
    not encode in libpfm4 as the string did (refused, or other codes: skl's
    fe_thres=0, the C-box tf=0:cf=0) in each layer where the two differ: an
    accepted kind (@own-fstr) when the list has that row; r["fstr_own"] counts
    them, r["fstr_own_why"] is the row's reason."""
    r["fstr_own"], r["fstr_own_why"] = 0, None
    if not r["fstr_diffs"]:
        return
    again = set()
    for s, a, b in r["fstr_diffs"]:
        again.update(f for f, g in zip(a, b) if f is not None and f != g)
    enc = encode(args.pfmdump, sorted(again), None, plm=args.plm)
    keep = []
    for s, a, b in r["fstr_diffs"]:
        x = lib[s]
        # (every layer whose fstr differ)
        broken = all(f is not None and (enc[f].none != x.none if i == 0 else enc[f].ext != x.ext)
                     for i, (f, g) in enumerate(zip(a, b)) if f != g)
        why = broken and args.accepted.reason(pmu, "@own-fstr")
        if why:
            r["fstr_own"] += 1
            r["fstr_own_why"] = why
        keep.append((s, a, b, "libpfm4's own fstr does not encode as its codes" if broken else ""))
    r["fstr_diffs"] = keep


def report(r, args):
    # strings perf's JSON corrects (arch/x86/libpfm4-corrections.yaml) have no libpfm4 reference
    ref = r["compared"] - r["corrected"]
    agree = 100.0 * r["agree"] / ref if ref else 100.0
    cover = 100.0 * r["covered"] / r["plain"] if r["plain"] else 100.0
    ok = not r["unlisted"] and agree >= args.agree and cover >= args.cover
    core = 100.0 * r["covered_core"] / r["plain_core"] if r["plain_core"] else 100.0
    print("%-20s compared %5d agree %5d (%5.1f%%) listed %4d unlisted %4d | coverage %4d/%4d "
          "(%5.1f%%; %5.1f%% without offcore) | fstr %5.1f%% | pmuplug-only names %d (%d encode) %s"
          % (r["pmu"], r["compared"], r["agree"], agree, r["listed"], len(r["unlisted"]),
             r["covered"], r["plain"], cover, core,
             100.0 * r["fstr_ok"] / r["fstr"] if r["fstr"] else 100.0,
             r["ours_only"], r["ours_only_ok"], "ok" if ok else "FAIL"))
    for s in r["unlisted"][:args.show]:
        d = next(x for x in r["diffs"] if x[0] == s)
        print("    %s\n      libpfm4  %s\n      pmuplug  %s" % (s, d[1], d[2]))
    if len(r["unlisted"]) > args.show:
        print("    ... %d more in %s/%s.txt" % (len(r["unlisted"]) - args.show, args.out, r["pmu"]))
    with open(os.path.join(args.out, r["pmu"] + ".txt"), "w") as f:
        for s, a, b, why in r["diffs"]:
            f.write("%s\n  libpfm4  %s\n  pmuplug  %s\n  %s\n" % (s, a, b, why))
    # the fstr that differ (PFM_OS_NONE's, then PFM_OS_PERF_EVENT_EXT's)
    with open(os.path.join(args.out, r["pmu"] + ".fstr.txt"), "w") as f:
        for s, a, b, note in r["fstr_diffs"]:
            f.write("%s\n  libpfm4  %s\n  pmuplug  %s\n%s" % (s, "  ".join(map(str, a)), "  ".join(map(str, b)),
                                                             "  (%s)\n" % note if note else ""))
    return ok


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--ours", default=os.path.join(TOP, "build/lib"),
                    help="directory holding pmuplug's libpfm.so.4")
    ap.add_argument("--pfmdump", default=os.path.join(TOP, "build/bin/pfmdump"))
    ap.add_argument("--out", default=os.path.join(TOP, "build/check/diff"))
    ap.add_argument("--results", help="file to append the `diff:` line to")
    ap.add_argument("--accepted-file", default=os.path.join(HERE, "accepted-differences.tsv"))
    ap.add_argument("--agree", type=float, default=98.0)
    ap.add_argument("--cover", type=float, default=95.0)
    ap.add_argument("--show", type=int, default=5, help="unlisted differences printed per PMU")
    ap.add_argument("-j", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--uncore", action="store_true",
                    help="the uncore PMUs instead (every one of libpfm4's must exist, same id)")
    ap.add_argument("--total-agree", type=float, default=0.0,
                    help="floor of the agreement over all PMUs together")
    ap.add_argument("--plm", type=int, help="privilege levels given to both libraries (pfmdump's default: 9)")
    ap.add_argument("pmus", nargs="*")
    args = ap.parse_args()
    args.accepted = Accepted(args.accepted_file)
    os.makedirs(args.out, exist_ok=True)
    ptype = PFM_PMU_TYPE_UNCORE if args.uncore else PFM_PMU_TYPE_CORE
    lib_pmus, our_pmus = core_pmus(args.pfmdump, None, ptype), core_pmus(args.pfmdump, args.ours, ptype)
    pmus = [p for p in sorted(lib_pmus & our_pmus) if not args.pmus or p in args.pmus]
    passed = failed = 0
    if args.uncore:
        lib_ids, our_ids = oracle.list_pmus(args.pfmdump), oracle.list_pmus(args.pfmdump, args.ours)
        for p in sorted(lib_pmus & our_pmus):
            if lib_ids[p] != our_ids[p] and (not args.pmus or p in args.pmus):
                print("%-20s id/type %s in libpfm4, %s in pmuplug FAIL" % (p, lib_ids[p], our_ids[p]))
                failed += 1
    # the PMUs libpfm4-names covers (every uncore PMU) must be there
    for p in sorted((lib_pmus if args.uncore else expected_pmus() & lib_pmus) - our_pmus):
        if not args.pmus or p in args.pmus:
            print("%-20s missing from pmuplug's PMU list FAIL" % p)
            failed += 1
    compared = agreed = fstr = fstr_ok = fstr_own = 0
    with concurrent.futures.ThreadPoolExecutor(max(1, args.j // 2)) as ex:
        for r in ex.map(lambda p: run_pmu(p, args), pmus):
            compared += r["compared"]
            agreed += r["agree"]
            fstr += r["fstr"]
            fstr_ok += r["fstr_ok"]
            fstr_own += r["fstr_own"]
            if report(r, args):
                passed += 1
            else:
                failed += 1
    total = 100.0 * agreed / compared if compared else 100.0
    print("all %d PMUs: compared %d agree %d (%.2f%%, floor %.1f%%) %s"
          % (len(pmus), compared, agreed, total, args.total_agree, "ok" if total >= args.total_agree else "FAIL"))
    if total < args.total_agree:
        failed += 1
    # the fstr of strings both encode, both layers' byte for byte (a figure, not a failure)
    print("all %d PMUs: fstr identical %d of %d (%.2f%%)"
          % (len(pmus), fstr_ok, fstr, 100.0 * fstr_ok / fstr if fstr else 100.0))
    # of the others, those where libpfm4's own fstr does not encode as its codes (@own-fstr)
    print("all %d PMUs: fstr differing where libpfm4's own does not encode as its codes (@own-fstr) %d; "
          "identical or so listed %d of %d (%.2f%%)"
          % (len(pmus), fstr_own, fstr_ok + fstr_own, fstr, 100.0 * (fstr_ok + fstr_own) / fstr if fstr else 100.0))
    for row in args.accepted.unused(pmus):
        print("note: accepted difference matched nothing: %s" % "\t".join(row[:2]))
    results.report("diff-uncore" if args.uncore else "diff", passed, failed, args.results)
    return 1 if failed or not pmus else 0


if __name__ == "__main__":
    sys.exit(main())
