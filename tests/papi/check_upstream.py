#!/usr/bin/python3
"""tests/papi/check_upstream.py - a newer PAPI's preset blocks against pmuplug.

A user who installs a PAPI newer than Debian's 7.0 over pmuplug gets that
PAPI's own blocks for the CPUs it describes, written in upstream libpfm4's
event names; PAPI drops a preset without a word when one of its native events
does not resolve. For each PMU of FACTS (tests/papi/papi-upstream-presets.tsv,
the newer table's blocks for PMUs pmuplug has):

  - every native term encodes with our library as `<pmu>::<term>` under
    PFM_OS_NONE and PFM_OS_PERF_EVENT_EXT (LIBPFM_ENCODE_INACTIVE=1, so the
    host does not matter), with only unit masks and modifiers the event
    lists (PAPI refuses others), unless ACCEPTED lists the term: either as
    resolving through another PMU that is active on the same CPU (PAPI looks
    a name without a PMU up in every active PMU; `via` names that PMU and
    `<via>::<term>` must encode, as the architectural ix86arch does beside
    every Intel core PMU), or, via `-`, with the reason perf's JSON proves
    upstream's event wrong; a listed term that encodes as `<pmu>::<term>`
    is a stale entry, and fails;
  - where PAPI 7.0 has no block for the PMU (papi70 "lacks"), pmuplug's own
    block (OURS, build/papi/papi_events.pmuplug.csv) defines at least 90% of
    the preset names the newer block defines.

Prints per PMU the upstream presets, the terms resolving and our coverage;
appends "papi-upstream: N passed, N failed" (per PMU one check for the
terms, one for the coverage where it applies) to RESULTS.

    check_upstream.py --lib build/lib --pfmdump build/bin/pfmdump --ours OURS.csv
                      [--facts FILE] [--accepted FILE] [--results FILE]
"""
import argparse
import collections
import os
import subprocess
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "papi"))
import check_terms  # noqa: E402
import presets  # noqa: E402

COVERAGE_MIN = 0.90
FIELDS = ("pmu", "papi70", "preset", "kind", "formula", "terms")
KINDS = ("NOT_DERIVED", "DERIVED_ADD", "DERIVED_SUB", "DERIVED_POSTFIX")


class FactsError(Exception):
    pass


def tsv_rows(path):
    """(line number, tab-separated fields) of each line of path that is
    neither empty nor a # comment"""
    with open(path) as f:
        for n, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if line and not line.startswith("#"):
                yield n, line.split("\t")


def read_facts(path):
    """[(pmu, papi70, preset, kind, formula, [terms])] in file order"""
    rows = []
    for n, f_ in tsv_rows(path):
        if len(f_) != len(FIELDS):
            raise FactsError("%s:%d: %d fields, want %d" % (path, n, len(f_), len(FIELDS)))
        pmu, papi70, preset, kind, formula, terms = f_
        if papi70 not in ("has", "lacks") or kind not in KINDS or not presets.PRESET_RE.match(preset) \
                or not presets.PMU_RE.match(pmu) or not terms or (kind == "DERIVED_POSTFIX") != bool(formula):
            raise FactsError("%s:%d: malformed row" % (path, n))
        rows.append((pmu, papi70, preset, kind, formula, terms.split(",")))
    return rows


def read_accepted(path):
    """{(pmu, term): (via, reason)}: upstream terms that do not encode as
    <pmu>::<term>; via is the PMU PAPI finds them in, or - (upstream wrong)"""
    acc = {}
    if not path or not os.path.exists(path):
        return acc
    for n, f_ in tsv_rows(path):
        if len(f_) != 4 or not f_[3].strip() or not (f_[2] == "-" or presets.PMU_RE.match(f_[2])):
            raise FactsError("%s:%d: want pmu, term, via (a PMU or -), reason" % (path, n))
        acc[(f_[0], f_[1])] = (f_[2], f_[3])
    return acc


def our_blocks(path):
    """{pmu: set of preset names} of our table"""
    blocks, cur = {}, None
    with open(path) as f:
        for line in f:
            x = [s.strip() for s in line.split(",")]
            if x[0] == "CPU" and len(x) > 1:
                cur = blocks.setdefault(x[1], set())
            elif x[0] == "PRESET" and cur is not None and len(x) > 1:
                cur.add(x[1])
    return blocks


def encode_all(pfmdump, lib, strings):
    """{string: (PFM_OS_NONE rc, PFM_OS_PERF_EVENT_EXT rc)}"""
    res = {}
    out = check_terms.run_pfmdump(pfmdump, lib, ["encode", "-p", "0x9"], "\n".join(strings) + "\n")
    for line in out.splitlines():
        f = line.split("\t")
        n_rc = f[2] if len(f) > 2 else "?"
        x = f.index("X") if "X" in f else -1
        x_rc = f[x + 1] if x > 0 and len(f) > x + 1 else "?"
        res[f[0]] = (n_rc, x_rc)
    return res


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--lib", required=True)
    ap.add_argument("--pfmdump", required=True)
    ap.add_argument("--ours", required=True, help="build/papi/papi_events.pmuplug.csv")
    ap.add_argument("--facts", default=os.path.join(HERE, "papi-upstream-presets.tsv"))
    ap.add_argument("--accepted", default=os.path.join(HERE, "papi-upstream-accepted.tsv"))
    ap.add_argument("--results")
    a = ap.parse_args(argv)
    try:
        passed, failed = check(a)
    except (subprocess.CalledProcessError, OSError, FactsError) as e:
        print("  FAILED: %s" % (e.stderr.strip() if isinstance(e, subprocess.CalledProcessError) else e))
        passed, failed = 0, 1
    line = "papi-upstream: %d passed, %d failed" % (passed, failed)
    print(line)
    if a.results:
        with open(a.results, "a") as f:
            f.write(line + "\n")
    return 1 if failed else 0


def check(a):
    rows = read_facts(a.facts)
    accepted = read_accepted(a.accepted)
    ours = our_blocks(a.ours)
    known = {line.split("\t")[1] for line in check_terms.run_pfmdump(a.pfmdump, a.lib, ["pmus"]).splitlines()
             if line.startswith("P\t")}
    by_pmu = collections.OrderedDict()
    for r in rows:
        by_pmu.setdefault(r[0], []).append(r)
    strings = {check_terms.qualified(r[0], t) for r in rows for t in r[5]}
    strings |= {"%s::%s" % (via, t) for (_, t), (via, _) in accepted.items() if via != "-"}
    strings = sorted(strings)
    attrs = check_terms.listed_attrs(a.pfmdump, a.lib,
                                     {s.partition("::")[0] for s in strings} & known)
    rc = encode_all(a.pfmdump, a.lib, strings)
    used_accepted = set()
    passed = failed = 0
    for pmu, prow in by_pmu.items():
        papi70 = prow[0][1]
        names = sorted({r[2] for r in prow})
        terms = sorted({t for r in prow for t in r[5]})
        bad, acc, viaok = [], [], []
        for t in terms:
            q = check_terms.qualified(pmu, t)
            r = rc.get(q, ("missing", "missing"))
            why = None
            if pmu not in known:
                why = "the library has no PMU %s" % pmu
            elif r != ("0", "0"):
                why = "PFM_OS_NONE %s, PERF_EVENT_EXT %s" % r
            else:
                why = check_terms.attr_problem(attrs, q)
            if (pmu, t) in accepted:
                used_accepted.add((pmu, t))
                via, reason = accepted[(pmu, t)]
                vq = "%s::%s" % (via, t)
                if not why:
                    bad.append("%s: listed, but encodes as %s (stale entry)" % (t, q))
                elif via == "-":
                    acc.append("%s: upstream wrong: %s" % (t, reason))
                elif via in known and rc.get(vq) == ("0", "0") and not check_terms.attr_problem(attrs, vq):
                    viaok.append("%s as %s (%s)" % (t, vq, reason))
                else:
                    bad.append("%s: listed as resolving through %s, but %s does not encode" % (t, via, vq))
            elif why:
                bad.append("%s: %s" % (t, why))
        resolving = len(terms) - len(bad) - len(acc)
        summary = "%s: %d upstream presets, terms resolving %d/%d" % (pmu, len(names), resolving, len(terms))
        if viaok:
            summary += " (%d through another active PMU)" % len(viaok)
        if acc:
            summary += " (%d listed as wrong upstream)" % len(acc)
        if bad:
            failed += 1
            print("  FAILED: %s" % summary)
            for b in bad:
                print("      " + b)
        else:
            passed += 1
            print("  ok: %s" % summary)
        for x in viaok + acc:
            print("      listed: " + x)
        if papi70 != "lacks":
            print("      (PAPI 7.0 has a block for %s: only its terms are checked)" % pmu)
            continue
        mine = ours.get(pmu, set())
        have = [n for n in names if n in mine]
        cov = len(have) / len(names)
        missing = [n for n in names if n not in mine]
        msg = "%s: our coverage %.1f%% (%d of %d)%s" % (pmu, 100 * cov, len(have), len(names),
                                                         ", missing " + " ".join(missing) if missing else "")
        if cov >= COVERAGE_MIN:
            passed += 1
            print("  ok: " + msg)
        else:
            failed += 1
            print("  FAILED: %s, want >= %d%%" % (msg, 100 * COVERAGE_MIN))
    stale = sorted(set(accepted) - used_accepted)
    if stale:
        failed += 1
        print("  FAILED: accepted terms not in the upstream blocks: %s" % " ".join("%s::%s" % k for k in stale))
    return passed, failed


if __name__ == "__main__":
    sys.exit(main())
