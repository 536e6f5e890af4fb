#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""tests/papi/upstream_facts.py - write the facts of a newer PAPI's preset
table that tests/papi/papi-upstream-presets.tsv holds: for every PMU the
library lists, the newer table's block where Debian's PAPI 7.0 table has no
block for the PMU ("lacks") or a block with other presets ("has"; compared
preset by preset, each with its last definition, as PAPI's loader keeps it).
Rows are the newer block's PRESET lines in table order (gen/papi/presets.py
papi_blocks: blocks naming one CPU add up). Facts only: no comment or
description of PAPI's table is copied.

    upstream_facts.py --papi70 PAPI70.csv --newer NEWER.csv --source TEXT
                      (--pmus FILE | --lib build/lib --pfmdump build/bin/pfmdump) [-o OUT]
"""
import argparse
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "papi"))
import presets  # noqa: E402

HEADER = """\
# Preset blocks of a newer PAPI's table for PMUs pmuplug has: facts only
# (PMU, preset and native event names, derivation kind, postfix formula).
# source: %s
# written by tests/papi/upstream_facts.py against Debian's PAPI 7.0 table
# papi70: "lacks" where Debian's PAPI 7.0 table has no CPU line for the PMU,
#   "has" where it has one and the newer block defines other presets
# terms: the native events in PAPI's order, comma separated; the rows are the
#   block's PRESET lines in table order (blocks naming the PMU add up), so a
#   preset given twice is two rows and PAPI keeps the later
# read by gen/papi/presets.py (make: the "lacks" blocks enter our table)
# and tests/papi/check_upstream.py (make check-papi-upstream)
#pmu\tpapi70\tpreset\tkind\tformula\tterms
"""


def facts(papi70_text, newer_text, pmus):
    """[(pmu, papi70, preset, kind, formula, [terms])] for the PMUs of pmus
    whose newer block differs from PAPI 7.0's, PMUs in name order"""
    old, new = presets.papi_blocks(papi70_text), presets.papi_blocks(newer_text)
    rows = []
    for pmu in sorted(set(pmus) & set(new)):
        if pmu in old and presets.effective(old[pmu]) == presets.effective(new[pmu]):
            continue
        state = "has" if pmu in old else "lacks"
        rows += [(pmu, state, name, kind, formula, terms) for name, kind, formula, terms in new[pmu]]
    return rows


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--papi70", required=True)
    ap.add_argument("--newer", required=True)
    ap.add_argument("--source", required=True, help="the newer table's name and date, for the header")
    ap.add_argument("--pmus", help="PMU names, one a line")
    ap.add_argument("--lib")
    ap.add_argument("--pfmdump")
    ap.add_argument("-o")
    a = ap.parse_args(argv)
    if a.pmus:
        with open(a.pmus) as f:
            pmus = f.read().split()
    else:
        import check_terms
        pmus = [line.split("\t")[1] for line in check_terms.run_pfmdump(a.pfmdump, a.lib, ["pmus"]).splitlines()
                if line.startswith("P\t")]
    with open(a.papi70) as f:
        old = f.read()
    with open(a.newer) as f:
        new = f.read()
    text = HEADER % a.source + "".join("%s\t%s\t%s\t%s\t%s\t%s\n" % (r[0], r[1], r[2], r[3], r[4], ",".join(r[5]))
                                       for r in facts(old, new, pmus))
    if a.o:
        with open(a.o, "w") as f:
            f.write(text)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
