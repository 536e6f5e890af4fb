#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""x86_walk.py - writes the cases (tests/detect/present.c format) that walk
perf's x86 mapfile: for every Intel family-6 model and every AMD family
23/25/26 model (0x00-0xFF, a few steppings), and the families of the PMUs
perf has no JSON for (AMD 6 and 15 to 22, all models; Intel 11 and 15,
models 0x0-0xF), the core PMUs our library must make present are, of the
converted descriptors (build/yaml/x86, variant tables included) whose own
`match` covers the identity or the identity without its stepping, those of
the earliest `core` line of the mapfile they stand for (whose `source` names
the line's directory or, lacking one, whose match_priority is the line's
number; one line may be split between PMUs, as Knights Landing and Knights
Mill are); where none covers it, the PMUs perf has no JSON for
(arch/x86/legacy/: descriptors whose source is libpfm4) whose `match` covers
it, those of the lowest match_priority; else the fallbacks; and every
`beside` PMU (ix86arch on Intel) that covers it. A descriptor of
arch/x86/upstream/ (upstream libpfm4's newest models) that covers the
identity comes before the mapfile's lines. A descriptor of a model only
Intel's perfmon repository has (INTEL_PERFMON builds: no mapfile line names
its directory) that covers the identity comes after them.

Also checks that every x86 core descriptor with `match` has `match_priority`
(the library needs it to prefer the earlier line, e.g. Zen 1's narrow
pattern over Zen 2's catch-all for family 23); exits 1 when one lacks it.

usage: x86_walk.py MAPFILE YAML_DIR OUT_CASES
"""
import csv
import glob
import os
import re
import sys

import yaml

INTEL_STEPPINGS = (0x0, 0x4, 0x5, 0xB)
AMD_FAMILIES = (23, 25, 26)
AMD_STEPPINGS = (0x0, 0x2)
# families of the PMUs perf has no JSON for: AMD K7, K8, 10h to 16h; Intel
# Knights Corner (11) and NetBurst (15)
LEGACY_AMD_FAMILIES = (6, 15, 16, 17, 18, 20, 21, 22)
LEGACY_INTEL_FAMILIES = (11, 15)

POSIX_CLASSES = {"xdigit": "0-9A-Fa-f", "digit": "0-9", "alpha": "A-Za-z", "alnum": "0-9A-Za-z",
                 "upper": "A-Z", "lower": "a-z"}


def to_python_regex(posix):
    """perf's POSIX extended expression as a Python one (bracket classes only differ)."""
    return re.sub(r"\[:([a-z]+):\]", lambda m: POSIX_CLASSES[m.group(1)], posix)


def core_lines(mapfile):
    """(line number, POSIX expression, compiled, directory) of each `core` line, in file order."""
    rows = []
    with open(mapfile, newline="") as f:
        for lineno, cells in enumerate(csv.reader(f), 1):
            if lineno == 1 or not cells or cells[0].lstrip().startswith("#") or len(cells) != 4:
                continue
            if cells[3].strip() == "core":
                expr = cells[0].strip()
                rows.append((lineno, expr, re.compile(to_python_regex(expr)), cells[2].strip()))
    return rows


def generic_descriptors(yaml_dir, key):
    """name -> compiled match list of the hand-written x86 PMUs (in the sibling
    generic/ directory) marked `key`: `fallback` ones are present when no model
    PMU matches, `beside` ones (ix86arch) wherever they match."""
    out = {}
    for path in sorted(glob.glob(os.path.join(yaml_dir, "..", "generic", "*.yaml"))):
        with open(path) as f:
            pmu = yaml.safe_load(f)["pmu"]
        if pmu.get(key) and pmu.get("arch") == "x86":
            out[pmu["name"]] = [re.compile(to_python_regex(m)) for m in pmu["match"]]
    return out


def core_descriptors(yaml_dir):
    """[(name, compiled match list, match_priority or None, source directory)],
    one per descriptor file: a variant table (name@dir.yaml) is one too."""
    pmus = []
    for path in sorted(glob.glob(os.path.join(yaml_dir, "*.yaml"))):
        with open(path) as f:
            pmu = yaml.safe_load(f)["pmu"]
        if pmu.get("type") == "core" and pmu.get("match") and not pmu.get("fallback"):
            # (a model taken from Intel's perfmon repository, INTEL_PERFMON: its
            # source is "Intel perfmon x86/<dir> V<n>", the same directory)
            source = pmu.get("source", "")
            source = source[len("Intel perfmon "):] if source.startswith("Intel perfmon ") else source
            source = source.split(" ")[0]
            pmus.append((pmu["name"], [re.compile(to_python_regex(m)) for m in pmu["match"]],
                         pmu.get("match_priority"), LEGACY if source == "libpfm4" else
                         UPSTREAM if source == "upstream" else source[len("x86/"):]))
    return pmus


# the source of the descriptors of arch/x86/legacy/ (no mapfile line serves them)
LEGACY = "(libpfm4)"
# the source of the descriptors of arch/x86/upstream/ (upstream libpfm4's newest
# models, which perf's tree lacks): where one covers the identity it wins over
# a wider pattern of the mapfile (Zen 6's models over Zen 5's AuthenticAMD-26-*)
UPSTREAM = "(upstream)"


def identities():
    for model in range(0x100):
        for step in INTEL_STEPPINGS:
            yield "GenuineIntel-6-%X-%X" % (model, step)
    for family in LEGACY_INTEL_FAMILIES:
        for model in range(0x10):
            for step in INTEL_STEPPINGS:
                yield "GenuineIntel-%d-%X-%X" % (family, model, step)
    for family in AMD_FAMILIES + LEGACY_AMD_FAMILIES:
        for model in range(0x100):
            for step in AMD_STEPPINGS:
                yield "AuthenticAMD-%d-%X-%X" % (family, model, step)


def covers(rx, identity):
    return bool(rx.fullmatch(identity) or rx.fullmatch(identity.rsplit("-", 1)[0]))


def serves(pmu, line):
    """the PMU was converted from this line's directory (its priority is what is tested)"""
    _, _, prio, source = pmu
    if source in (LEGACY, UPSTREAM):
        return False
    return source == line[3] if source else prio == line[0]


def expected(identity, lines, pmus, fallbacks, besides):
    """Of the PMUs whose own `match` covers the identity, those converted from
    the earliest mapfile line (an identity perf's mapfile gives one directory
    and libpfm4 another PMU, or none, is matched by the PMU's own patterns);
    without any, the fallbacks; and every `beside` PMU that covers it."""
    cands = [p for p in pmus if any(covers(rx, identity) for rx in p[1])]
    out = set()
    upstream = [(p[2], p[0]) for p in cands if p[3] == UPSTREAM]
    if upstream:
        best = min(prio for prio, _ in upstream)
        out = {n for prio, n in upstream if prio == best}
    for line in lines if not out else ():
        group = [p[0] for p in cands if serves(p, line)]
        if group:
            out = set(group)
            break
    if not out:
        # a model only Intel's perfmon repository has (INTEL_PERFMON): no
        # line of perf's mapfile names its directory
        dirs = {line[3] for line in lines}
        out = {p[0] for p in cands if p[3] and p[3] not in (LEGACY, UPSTREAM) and p[3] not in dirs}
    if not out:
        legacy = [(p[2], p[0]) for p in cands if p[3] == LEGACY]
        if legacy:
            best = min(prio for prio, _ in legacy)
            out = {n for prio, n in legacy if prio == best}
    if not out:
        out = {n for n, rxs in fallbacks.items() if any(covers(rx, identity) for rx in rxs)}
    out |= {n for n, rxs in besides.items() if any(covers(rx, identity) for rx in rxs)}
    return sorted(out)


def main(argv):
    if len(argv) != 4:
        sys.stderr.write(__doc__)
        return 2
    lines = core_lines(argv[1])
    pmus = core_descriptors(argv[2])
    fallbacks = generic_descriptors(argv[2], "fallback")
    besides = generic_descriptors(argv[2], "beside")
    missing = sorted(n for n, _, prio, _ in pmus if prio is None)
    for n in missing:
        print("%s: x86 core PMU %s has match but no match_priority" % (argv[2], n), file=sys.stderr)
    for line in lines:
        if not any(serves(p, line) for p in pmus):
            print("note: no core PMU for mapfile line %d (%s)" % (line[0], line[1]), file=sys.stderr)
    n = 0
    with open(argv[3], "w") as out:
        out.write("# generated by tests/detect/x86_walk.py from %s and %s\n" % (argv[1], argv[2]))
        for ident in identities():
            names = expected(ident, lines, pmus, fallbacks, besides)
            out.write("LIBPFM_CPUID=%s -> %s\n" % (ident, " ".join(names) or "none"))
            n += 1
    print("x86 walk: %d identities, %d mapfile core lines, %d core PMUs" % (n, len(lines), len(pmus)))
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
