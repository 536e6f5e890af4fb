#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""gen_overlay.py - write arch/x86/offcore/<pmu>.yaml, the OFFCORE_RESPONSE
unit-mask categories of one libpfm4 PMU, from the facts offcore_facts.c reads
through libpfm4 4.13's API (names, MSR bits, default flags, equivalents, and
which pairs of unit masks libpfm4 accepts together). Facts only: the
descriptions are ours, made from the unit-mask names.

    LIBPFM_ENCODE_INACTIVE=1 ./offcore_facts glm > glm.facts
    gen_overlay.py glm.facts --pmus glm --out arch/x86/offcore/glm.yaml
    gen_overlay.py knl.facts --pmus knl knm --out arch/x86/offcore/knl.yaml \
        --correct "DDR_FAR=0x101000000:libpfm4's own DDR is DDR_NEAR|0x101000000; Intel's list agrees"

--correct NAME=BITS:REASON replaces a unit mask's bits where libpfm4 4.13's
value is wrong; the file says so, with the reason (check-diff lists the
strings concerned).

Groups: libpfm4's description prefix (Request, Response/Supplier, Snoop,
Outstanding request) when there is one, else the bits: the `request_bits` of
arch/x86/offcore/msrs.yaml are request types, the rest responses. Exclusive unit masks are
those libpfm4 refuses with every other unit mask of their group; a rule `forbid_groups`
(or `only_groups`) is written for a unit mask that libpfm4 refuses with every
unit mask of another group while the other members of its own group do not.
A "Snoop" unit mask that libpfm4 completes with the default snoop unit mask
behaves as a response and is grouped so.
"""
import argparse
import os
import sys

import yaml

MSRS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "arch", "x86", "offcore", "msrs.yaml")


def request_bits():
    """The MSR bits that select request types (arch/x86/offcore/msrs.yaml)."""
    with open(MSRS, encoding="utf-8") as f:
        return yaml.safe_load(f)["request_bits"]


GROUP_OF_CATEGORY = {"Request": "request", "Response": "supplier", "Supplier": "supplier",
                     "Snoop": "snoop", "Outstanding_request": "outstanding"}
GROUP_ORDER = ["request", "supplier", "snoop", "outstanding"]
CATEGORY_WORD = {"request": "Request", "supplier": "Response", "snoop": "Snoop",
                 "outstanding": "Outstanding requests"}

WORDS = {
    "DMND": "demand", "PF": "prefetch", "RD": "reads", "RFO": "reads for ownership",
    "IFETCH": "instruction fetches", "WB": "writebacks", "ST": "stores", "STRM": "streaming",
    "LLC": "last-level cache", "HITM": "hit modified", "HITE": "hit exclusive",
    "HITS": "hit shared", "HITF": "hit forward", "SNP": "snoop", "FWD": "forwarded",
    "SUPP": "supplier", "NO": "no", "ANY": "any", "DRAM": "DRAM", "L1": "L1", "L2": "L2",
    "L3": "L3", "L4": "L4", "UC": "uncached", "SW": "software", "CODE": "code",
    "DATA": "data", "OTHER": "other", "PARTIAL": "partial", "READS": "reads",
    "WRITES": "writes", "BUS": "bus", "LOCKS": "locks", "FULL": "full", "MISS": "miss",
    "HIT": "hit", "LOCAL": "local", "REMOTE": "remote", "NON": "non", "NONE": "none",
    "NEEDED": "needed", "NOT": "not", "CORE": "core", "UNCORE": "uncore", "CACHE": "cache",
    "OUTSTANDING": "outstanding", "REQUEST": "request", "RESPONSE": "response",
    "STREAMING": "streaming", "STORES": "stores", "SOFTWARE": "software", "NEAR": "near",
    "FAR": "far", "TILE": "tile", "MCDRAM": "MCDRAM", "DDR": "DDR", "E": "E", "F": "F",
    "M": "M", "HOP0": "0 hops", "HOP1": "1 hop", "HOP2P": "2+ hops", "HOPS": "hops",
    "SPL": "split lock", "LRU": "LRU", "PMM": "persistent memory", "WITH": "with",
    "OR": "or", "AND": "and", "OTHER_CORE": "other core",
}


def words(name):
    return " ".join(WORDS.get(t, t.lower()) for t in name.split("_"))


def desc_of(name, group):
    return "%s: %s" % (CATEGORY_WORD[group], words(name))


def parse(path):
    """events: list of dicts {name, code, umasks[...], alone{}, pair{}, none}"""
    events, cur = [], None
    for line in open(path):
        f = line.split()
        if not f:
            continue
        if f[0] == "event":
            cur = {"name": f[1], "code": int(f[2], 16), "umasks": [], "alone": {}, "pair": {}}
            events.append(cur)
        elif f[0] == "umask":
            cur["umasks"].append({"name": f[1], "bits": int(f[2], 16), "dfl": f[3] == "1",
                                  "cat": f[4], "equiv": None if f[5] == "-" else f[5]})
        elif f[0] == "alone":
            cur["alone"][f[1]] = (int(f[2]), int(f[3], 16))
        elif f[0] == "pair":
            cur["pair"][(f[1], f[2])] = (int(f[3]), int(f[4], 16))
            cur["pair"][(f[2], f[1])] = cur["pair"][(f[1], f[2])]
        elif f[0] == "none":
            cur["none"] = (int(f[1]), int(f[2], 16))
    return events


def classify(ev, req_bits):
    labelled = any(u["cat"] in GROUP_OF_CATEGORY for u in ev["umasks"])
    for u in ev["umasks"]:
        if u["cat"] in GROUP_OF_CATEGORY:
            u["group"] = GROUP_OF_CATEGORY[u["cat"]]
        elif not u["bits"] & ~req_bits and not any(
                v["cat"] == "Response" and v["bits"] & u["bits"] for v in ev["umasks"]):
            u["group"] = "request"
        else:
            u["group"] = "supplier"
    if not labelled:
        print("%s: no categories in libpfm4's descriptions, grouped by bits" % ev["name"], file=sys.stderr)
    # behaviour wins over wording: a "Snoop" unit mask that libpfm4 completes
    # with the default snoop unit mask is grouped with the responses (skl SPL_HIT)
    dfl = [u for u in ev["umasks"] if u["group"] == "snoop" and u["dfl"]]
    for u in ev["umasks"]:
        if u["group"] != "snoop" or u["dfl"] or not dfl:
            continue
        r, c1 = ev["alone"][u["name"]]
        if r == 0 and c1 & dfl[0]["bits"] & ~u["bits"]:
            u["group"] = "supplier"


def infer(ev):
    um = ev["umasks"]
    groups = [g for g in GROUP_ORDER if any(u["group"] == g for u in um)]
    bad = lambda a, b: ev["pair"][(a["name"], b["name"])][0] == -5  # noqa: E731
    for u in um:
        mates = [v for v in um if v is not u and v["group"] == u["group"]]
        u["exclusive"] = bool(mates) and all(bad(u, v) for v in mates)
    excl_group = {}
    for g in groups:
        mem = [u for u in um if u["group"] == g]
        excl_group[g] = len(mem) > 1 and all(u["exclusive"] for u in mem)
        if excl_group[g]:
            for u in mem:
                u["exclusive"] = False
    forbids = {}
    for u in um:
        fg = []
        for g in groups:
            mem = [v for v in um if v["group"] == g and v is not u]
            if g == u["group"] or not mem:
                continue
            if all(bad(u, v) for v in mem):
                fg.append(g)
        forbids[u["name"]] = fg
    rules = []
    for u in um:
        fg = forbids[u["name"]]
        if not fg:
            continue
        mates = [v for v in um if v is not u and v["group"] == u["group"]]
        special = [g for g in fg if not mates or not all(g in forbids[v["name"]] for v in mates)]
        if not special:
            continue
        allowed = [g for g in groups if g != u["group"] and g not in fg]
        if allowed and len(fg) == len(groups) - 1 - len(allowed) and fg and not mates:
            rules.append({"when": u["name"], "only_groups": allowed})
        else:
            rules.append({"when": u["name"], "forbid_groups": fg})
    return groups, excl_group, rules


def yq(s):
    return '"%s"' % s if any(c in s for c in ":#{}[],") else s


def emit(events, pmus, src, out, corrections=()):
    o = []
    w = o.append
    w("# OFFCORE_RESPONSE unit-mask categories of %s, applied by" % ", ".join(pmus))
    w("# jsontoyaml/transforms/offcore.py. Generated by gen/offcore/gen_overlay.py from the")
    w("# facts libpfm4 4.13 gives through its API (%s): names, MSR bits, defaults," % src)
    w("# equivalents and which unit masks combine. Descriptions are ours. Re-run, don't edit.")
    fixed = {}
    for c in corrections:
        name, _, rest = c.partition("=")
        bits, _, why = rest.partition(":")
        fixed[name] = int(bits, 0)
        old = {u["bits"] for ev in events for u in ev["umasks"] if u["name"] == name}
        w("# Corrected (--correct): %s is 0x%x, not libpfm4 4.13's %s: %s"
          % (name, fixed[name], ", ".join("0x%x" % b for b in sorted(old)), why))
    w("style: categories")
    w("pmus: [%s]" % ", ".join(pmus))
    w("events:")
    for ev in events:
        groups, excl, rules = infer(ev)
        w("  - name: %s" % ev["name"])
        w("    groups:")
        for g in groups:
            flags = ""
            if g == "request":
                flags += ", required: true"
            if excl[g]:
                flags += ", exclusive: true"
            w("      - {name: %s%s}" % (g, flags))
        if rules:
            w("    rules:")
            for r in rules:
                k = "forbid_groups" if "forbid_groups" in r else "only_groups"
                w("      - {when: %s, %s: [%s]}" % (r["when"], k, ", ".join(r[k])))
        w("    umasks:")
        for u in ev["umasks"]:
            parts = ["name: %s" % u["name"], "bits: 0x%x" % fixed.get(u["name"], u["bits"]),
                     "group: %s" % u["group"]]
            if u["dfl"]:
                parts.append("default: true")
            if u["exclusive"]:
                parts.append("exclusive: true")
            if u["equiv"]:
                parts.append("equiv: %s" % yq(u["equiv"]))
            parts.append("desc: %s" % yq(desc_of(u["name"], u["group"])))
            w("      - {%s}" % ", ".join(parts))
    open(out, "w").write("\n".join(o) + "\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("facts")
    ap.add_argument("--pmus", nargs="+", required=True, help="PMU names the overlay serves")
    ap.add_argument("--out", required=True)
    ap.add_argument("--correct", action="append", default=[], metavar="NAME=BITS:REASON",
                    help="a unit mask whose libpfm4 4.13 bits are wrong, and why")
    a = ap.parse_args()
    events = parse(a.facts)
    req_bits = request_bits()
    for ev in events:
        classify(ev, req_bits)
    emit(events, a.pmus, a.facts.rsplit("/", 1)[-1].replace(".facts", ""), a.out, a.correct)


if __name__ == "__main__":
    main()
