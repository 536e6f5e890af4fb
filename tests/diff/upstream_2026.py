#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""upstream_2026.py - the PMUs of arch/<arch>/upstream/libpfm4-events.tsv
(those upstream libpfm4 git 6870a9f, 2026-06, added; libpfm4's 32-bit Arm
and older POWER PMUs, which 4.13 builds on those architectures only) are in
pmuplug under upstream's names and ids, and every EVENT and EVENT:UMASK
string of upstream's encodes
(PFM_OS_NONE, pmu:: prefix, LIBPFM_ENCODE_INACTIVE=1) with upstream's codes:
the event select is the event's code, the unit mask the unit mask's code (an
event alone: its default unit masks' codes ORed; a unit mask of an event of
arch/x86/upstream/libpfm4-umask-groups.tsv: with the defaults of the groups
it is not in). Appends
`upstream-2026: N passed, N failed`.

    upstream_2026.py [--ours build/lib] [--pfmdump build/bin/pfmdump] [--results FILE]
"""
import argparse
import collections
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(TOP, "gen", "libpfm4-names"))
import oracle  # noqa: E402
import upstream_groups  # noqa: E402
import results  # noqa: E402
from upstream_names import check_groups  # noqa: E402

# arch -> (event select, unit mask) of a PFM_OS_NONE code of its PMUs' layouts
DECODE = {
    # event select bits 0-7 and 32-35, unit mask bits 8-15
    "x86": lambda code: ((code & 0xff) | ((code >> 32) & 0xf) << 8, (code >> 8) & 0xff),
    # the event number; bits 27, 30 and 31 are libpfm4's privilege-level filters
    "arm64": lambda code: (code & 0xffff, 0),
    "arm": lambda code: (code & 0xffff, 0),
    # the code as given
    "powerpc": lambda code: (code, 0),
}
TSVS = [(a, os.path.join(TOP, "arch", a, "upstream", "libpfm4-events.tsv")) for a in DECODE]


# upstream's unit-mask groups on Zen 6 (arch/x86/upstream/libpfm4-umask-groups.tsv),
# pinned: (string, expected rc, expected fstr or None) at PLM0|PLM3, as upstream_names.py's
# GROUP_EXAMPLES on Zen 5: the fstr names the default of each group left empty,
# two unit masks of an exclusive group are PFM_ERR_FEATCOMB
Z6 = "amd64_fam1ah_zen6::"
GROUP_EXAMPLES = [
    (Z6 + "PACKED_512_BIT_OPS_RETIRED:INT512_SHA", 0,
     Z6 + "PACKED_512_BIT_OPS_RETIRED:FP512_NONE:INT512_SHA:k=1:u=1:e=0:i=0:c=0:h=0:g=0"),
    (Z6 + "RETIRED_SSE_AVX_FLOPS:ADD_SUB_FLOPS:MULT_FLOPS", 0,
     Z6 + "RETIRED_SSE_AVX_FLOPS:ADD_SUB_FLOPS:MULT_FLOPS:ALL_TYPE:k=1:u=1:e=0:i=0:c=0:h=0:g=0"),
    (Z6 + "RETIRED_INT_OPS:SSE_AVX_ALL:MMX_ALL", 0,
     Z6 + "RETIRED_INT_OPS:MMX_ALL:SSE_AVX_ALL:k=1:u=1:e=0:i=0:c=0:h=0:g=0"),
    (Z6 + "RETIRED_FP_OPS_BY_TYPE:SCALAR_SQRT:SCALAR_DIV", -5, None),
    (Z6 + "RETIRED_SSE_AVX_FLOPS:FLOP_TYPE_SCALAR_HALF:FLOP_TYPE_PACKED_HALF", -5, None),
    (Z6 + "PACKED_512_BIT_OPS_RETIRED:FP512_ADD:FP512_SUB", -5, None),
]


def read(path):
    """{pmu: (id, [(event, code, [(umask, code, dfl)])])}"""
    out = collections.OrderedDict()
    for line in open(path):
        if line.startswith("#") or not line.strip():
            continue
        pmu, pid, _, ev, um, ecode, ucode, fl = (line.rstrip("\n").split("\t") + [""] * 8)[:8]
        p = out.setdefault(pmu, (int(pid), []))
        if not um:
            p[1].append((ev, int(ecode, 16), []))
        else:
            p[1][-1][2].append((um, int(ucode, 16), "dfl" in fl.split(",")))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--ours", default=os.path.join(TOP, "build/lib"))
    ap.add_argument("--pfmdump", default=os.path.join(TOP, "build/bin/pfmdump"))
    ap.add_argument("--results")
    args = ap.parse_args()
    pmus = oracle.list_pmus(args.pfmdump, libdir=args.ours)
    groups = upstream_groups.load()
    passed = failed = 0
    for arch, path in TSVS:
        event_select = DECODE[arch]
        for pmu, (pid, events) in read(path).items():
            bad = []
            if pmu not in pmus or pmus[pmu][0] != pid:
                print("FAIL %s: not listed with id %d" % (pmu, pid))
                failed += 1
                continue
            want = {}
            for ev, code, ums in events:
                dfl = [c for _, c, d in ums if d]
                if not ums or dfl:
                    u = 0
                    for c in dfl:
                        u |= c
                    want["%s::%s" % (pmu, ev)] = (code, u)
                # a group a unit mask leaves empty adds its defaults (groups upstream's
                # API does not show: arch/x86/upstream/libpfm4-umask-groups.tsv)
                grps = [set(names) for _, _, names in groups.get((pmu, ev), [])]
                for um, c, _ in ums:
                    for g in grps:
                        if um not in g:
                            c |= sum(dc for dn, dc, d in ums if d and dn in g)
                    want["%s::%s:%s" % (pmu, ev, um)] = (code, c)
            got = oracle.encode(args.pfmdump, list(want), libdir=args.ours)
            for s, w in want.items():
                x = got[s]
                if x.rc != 0:
                    bad.append("%s: error %d" % (s, x.rc))
                elif event_select(x.codes[0]) != w:
                    bad.append("%s: upstream (0x%x, 0x%x), pmuplug (0x%x, 0x%x)"
                               % ((s,) + w + event_select(x.codes[0])))
            ok = not bad
            passed += ok
            failed += not ok
            print("%-22s id %d  strings %4d  differ %d  %s" % (pmu, pid, len(want), len(bad), "ok" if ok else "FAIL"))
            for b in bad[:20]:
                print("    " + b)
    n, bad = check_groups(args.pfmdump, args.ours, GROUP_EXAMPLES)
    passed += n - bad
    failed += bad
    print("unit-mask groups: %d strings, %d wrong" % (len(GROUP_EXAMPLES), bad))
    results.report("upstream-2026", passed, failed, args.results)
    return 1 if failed or not passed else 0


if __name__ == "__main__":
    sys.exit(main())
