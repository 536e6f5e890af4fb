#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""tests/papi/check_upstream.py - a newer PAPI's preset blocks against pmuplug.

A user who installs a PAPI newer than Debian's 7.0 over pmuplug gets that
PAPI's own blocks for the CPUs it describes, written in upstream libpfm4's
event names; PAPI drops a preset without a word when one of its native events
does not resolve. Our table takes those blocks for the PMUs PAPI 7.0 lacks
(gen/papi/presets.py). For each PMU of FACTS (tests/papi/papi-upstream-presets.tsv,
the newer table's blocks for PMUs pmuplug has):

  - every native term encodes with our library as `<pmu>::<term>` under
    PFM_OS_NONE and PFM_OS_PERF_EVENT_EXT (LIBPFM_ENCODE_INACTIVE=1, so the
    host does not matter), with only unit masks and modifiers the event
    lists (PAPI refuses others), unless ACCEPTED lists the term: either as
    resolving through another PMU that is active on the same CPU (PAPI looks
    a name without a PMU up in every active PMU; `via` names that PMU and
    `<via>::<term>` must encode), or, via `-`, with the reason perf's JSON
    proves upstream's event wrong; a listed term that encodes as
    `<pmu>::<term>` is a stale entry, and fails;
  - where PAPI 7.0 has no block for the PMU (papi70 "lacks"), our table
    (OURS, build/papi/papi_events.pmuplug.csv, read as PAPI reads it) has
    the newer block's last definition of each of its presets, ours
    (arch/*/papi/*.yaml) for a preset one of whose terms is listed as wrong
    upstream, and ours for the names the newer block does not define, and
    nothing else.

Prints per PMU the newer block's presets, the terms resolving, where our
table's presets come from and how many of the newer block's names our data
alone defines; appends "papi-upstream: N passed, N failed" (per PMU one check
for the terms, one for our table's block where PAPI 7.0 has none) to RESULTS.

    check_upstream.py --lib build/lib --pfmdump build/bin/pfmdump --ours OURS.csv
                      [--arch arch] [--facts FILE] [--accepted FILE] [--results FILE]
"""
import argparse
import collections
import os
import subprocess
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "papi"))          # check_terms
sys.path.insert(0, os.path.join(HERE, "..", "..", "gen", "papi"))   # presets
import check_terms  # noqa: E402
import presets  # noqa: E402



def table_blocks(path):
    """{pmu: {preset: (kind, formula, terms)}} of a table as PAPI reads it"""
    with open(path) as f:
        return {pmu: presets.effective(rows) for pmu, rows in presets.papi_blocks(f.read()).items()}


def expected_block(prow, ours, accepted):
    """{preset: ((kind, formula, terms), source)} our table must carry for a
    PMU PAPI 7.0 lacks: the newer block's last definition of each preset,
    but where a term is listed as wrong upstream (via -) ours, if it has
    one; ours for the names the newer block does not define"""
    up = {}
    for _, _, name, kind, formula, terms in prow:
        up[name] = (kind, formula, list(terms))
    want = {}
    for name, d in up.items():
        if any(accepted.get((prow[0][0], t), ("",))[0] == "-" for t in d[2]):
            if name in ours:
                want[name] = (ours[name], "ours, upstream wrong")
        else:
            want[name] = (d, "upstream")
    for name, d in ours.items():
        want.setdefault(name, (d, "ours"))
    return want


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
    ap.add_argument("--ours", required=True, help="our generated table, build/papi/papi_events.pmuplug.csv")
    ap.add_argument("--arch", default="arch", help="the preset data, arch/*/papi/*.yaml")
    ap.add_argument("--facts", default=os.path.join(HERE, "papi-upstream-presets.tsv"))
    ap.add_argument("--accepted", default=os.path.join(HERE, "papi-upstream-accepted.tsv"))
    ap.add_argument("--results")
    a = ap.parse_args(argv)
    try:
        passed, failed = check(a)
    except (subprocess.CalledProcessError, OSError, presets.DataError) as e:
        print("  FAILED: %s" % (e.stderr.strip() if isinstance(e, subprocess.CalledProcessError) else e))
        passed, failed = 0, 1
    line = "papi-upstream: %d passed, %d failed" % (passed, failed)
    print(line)
    if a.results:
        with open(a.results, "a") as f:
            f.write(line + "\n")
    return 1 if failed else 0


def check(a):
    rows = presets.read_facts(a.facts)
    accepted = presets.read_accepted(a.accepted)
    table = table_blocks(a.ours)
    data, _ = presets.load(a.arch)
    ours = {pmu: {n: (kind, fields[0] if kind == "DERIVED_POSTFIX" else "", list(terms))
                  for n, (kind, fields, terms) in b.items()} for pmu, b in data.items()}
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
        names = list(dict.fromkeys(r[2] for r in prow))
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
        summary = "%s: the newer PAPI's %d presets, terms resolving %d/%d" % (pmu, len(names), resolving,
                                                                           len(terms))
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
            print("      (PAPI 7.0 has a block for %s: its own stays, only the newer block's terms are checked)" % pmu)
            continue
        # the newer block enters our table: its presets, then ours for the names it lacks
        mine = ours.get(pmu, {})
        want = expected_block(prow, mine, accepted)
        got = table.get(pmu, {})
        wrong = ["%s: want %s's %s, table has %s" % (n, src, d, got.get(n)) for n, (d, src) in want.items()
                 if got.get(n) != d]
        extra = sorted(set(got) - set(want))
        n_up = sum(1 for d, src in want.values() if src == "upstream")
        n_rep = sum(1 for d, src in want.values() if src == "ours, upstream wrong")
        covered = sum(1 for n in names if n in mine)
        msg = ("%s: our table's block takes the newer PAPI's %d presets%s and %d of ours it does not define "
               "(%d presets; our data alone defines %d of its %d names, %.1f%%)"
               % (pmu, n_up, " (%d replaced by ours)" % n_rep if n_rep else "",
                  len(want) - n_up - n_rep, len(want), covered, len(names), 100.0 * covered / len(names)))
        if wrong or extra:
            failed += 1
            print("  FAILED: " + msg)
            for w in wrong:
                print("      " + w)
            if extra:
                print("      presets of neither source: " + " ".join(extra))
        else:
            passed += 1
            print("  ok: " + msg)
    stale = sorted(set(accepted) - used_accepted)
    if stale:
        failed += 1
        print("  FAILED: accepted terms not in the upstream blocks: %s" % " ".join("%s::%s" % k for k in stale))
    return passed, failed


if __name__ == "__main__":
    sys.exit(main())
