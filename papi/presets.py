#!/usr/bin/python3
"""papi/presets.py - PAPI preset tables from the preset data of arch/.

    presets.py table  [--arch ARCH_ROOT] -o OUT.csv
        our table: one `CPU,<pmu>` block per PMU the data names, in PAPI's
        papi_events.csv format (the format PAPI_CSV_EVENT_FILE takes)
    presets.py merge  --papi PAPI.csv --ours OURS.csv -o OUT.csv
        PAPI's own table, unchanged, followed by our blocks for the PMUs it
        has no block for: a preset PAPI has is never replaced or lost
    presets.py terms  [--arch ARCH_ROOT]
        every (pmu, native term) pair of our table, tab separated, for the
        test that each term resolves

Data: arch/<arch>/papi/*.yaml, each

    groups:
    - pmus: [spr, emr]            # PMU names (pfm_pmu_info_t.name)
      presets:
        PAPI_TOT_INS: INST_RETIRED:ANY_P          # one native event
        PAPI_L1_TCM: {add: [L1D:REPLACEMENT, L2_RQSTS:ALL_CODE_RD]}
        PAPI_BR_NTK: {sub: [A, B]}                # A - B - ...
        PAPI_DP_OPS: {postfix: "N0|N1|2|*|+", terms: [A, B]}

A PMU's block is the union of the groups naming it; a preset given twice
for one PMU, an unknown form or a malformed name stops the generator.
"""
import argparse
import glob
import os
import re
import sys

import yaml

PRESET_RE = re.compile(r"^PAPI_[A-Z0-9_]+$")
PMU_RE = re.compile(r"^[a-z0-9_]+$")
# PAPI splits a line at commas; its derived events take at most this many terms
MAX_TERMS = 8
HEADER = ("# PAPI preset table for the PMUs of pmuplug that PAPI 7.0 has no block for,\n"
          "# generated from arch/*/papi/*.yaml by papi/presets.py; use it with\n"
          "# PAPI_CSV_EVENT_FILE (papi/README.md).\n")


class DataError(Exception):
    pass


def _term(t, where):
    if not isinstance(t, str) or not t or "," in t or t != t.strip():
        raise DataError("%s: bad native event %r" % (where, t))
    return t


def preset_line(name, value, where):
    """(kind, fields, terms) of one preset as PAPI's csv writes it"""
    if isinstance(value, str):
        return "NOT_DERIVED", [_term(value, where)], [value]
    if not isinstance(value, dict) or len(value) not in (1, 2):
        raise DataError("%s: %s: a string, {add: [...]}, {sub: [...]} or {postfix, terms}" % (where, name))
    if "postfix" in value:
        terms = value.get("terms")
        formula = value["postfix"]
        if set(value) != {"postfix", "terms"} or not isinstance(terms, list) or len(terms) < 1:
            raise DataError("%s: %s: postfix needs terms" % (where, name))
        if not isinstance(formula, str) or "," in formula:
            raise DataError("%s: %s: bad postfix formula %r" % (where, name, formula))
        used = {int(n) for n in re.findall(r"N(\d+)", formula)}
        if used != set(range(len(terms))):
            raise DataError("%s: %s: postfix uses N%s for %d terms" % (where, name, sorted(used), len(terms)))
        kind, fields = "DERIVED_POSTFIX", [formula]
    else:
        (op, terms), = value.items()
        if op not in ("add", "sub") or not isinstance(terms, list) or len(terms) < 2:
            raise DataError("%s: %s: %s needs a list of at least two events" % (where, name, op))
        kind, fields = ("DERIVED_ADD" if op == "add" else "DERIVED_SUB"), []
    if len(terms) > MAX_TERMS:
        raise DataError("%s: %s: %d events, PAPI takes at most %d" % (where, name, len(terms), MAX_TERMS))
    return kind, fields + [_term(t, where) for t in terms], list(terms)


def load(arch_root):
    """{pmu: {preset: (kind, fields, terms)}} in file order, and the files read"""
    blocks = {}
    files = sorted(glob.glob(os.path.join(arch_root, "*", "papi", "*.yaml")))
    for path in files:
        with open(path) as f:
            doc = yaml.safe_load(f)
        if not isinstance(doc, dict) or set(doc) != {"groups"} or not isinstance(doc["groups"], list):
            raise DataError("%s: a mapping with one key, groups (a list)" % path)
        for gi, g in enumerate(doc["groups"]):
            where = "%s: group %d" % (path, gi + 1)
            if not isinstance(g, dict) or set(g) != {"pmus", "presets"}:
                raise DataError("%s: needs exactly pmus and presets" % where)
            pmus, presets = g["pmus"], g["presets"]
            if not isinstance(pmus, list) or not pmus or not all(isinstance(p, str) and PMU_RE.match(p) for p in pmus):
                raise DataError("%s: pmus: a list of PMU names" % where)
            if not isinstance(presets, dict) or not presets:
                raise DataError("%s: presets: a mapping" % where)
            for name, value in presets.items():
                if not isinstance(name, str) or not PRESET_RE.match(name):
                    raise DataError("%s: %r is not a PAPI preset name" % (where, name))
                line = preset_line(name, value, where)
                for p in pmus:
                    b = blocks.setdefault(p, {})
                    if name in b:
                        raise DataError("%s: %s given twice for %s" % (where, name, p))
                    b[name] = line
    return blocks, files


def write_table(blocks, out):
    lines = [HEADER]
    for pmu in sorted(blocks):
        lines.append("CPU,%s\n" % pmu)
        for name, (kind, fields, _) in blocks[pmu].items():
            lines.append("PRESET,%s,%s,%s\n" % (name, kind, ",".join(fields)))
        lines.append("#\n")
    _write(out, "".join(lines))


def papi_cpu_names(text):
    """every name of a CPU line of a papi_events.csv text"""
    names = set()
    for line in text.splitlines():
        f = [x.strip() for x in line.split(",")]
        if len(f) >= 2 and f[0] == "CPU":
            names.add(f[1])
    return names


# PAPI's loader ends a preset's native events at one of these field names
PAPI_NOTE_FIELDS = ("NOTE", "LDESC", "SDESC")


def papi_blocks(text):
    """{cpu name (lower case): [(preset, kind, formula, [terms])]} as PAPI's
    loader reads a papi_events.csv text: consecutive CPU lines name one block,
    a CPU line after PRESET lines starts the next, the blocks naming one CPU
    (compared without case) add up, and each row is a PRESET line in table
    order (a preset defined again is a later row: PAPI keeps the last one).
    A line of another kind (a newer PAPI's `cuda,<device>`) heads a block
    of another component, which is no CPU's.
    Fields are split at commas, empty ones skipped, blanks trimmed; the terms
    end at an empty field or NOTE/LDESC/SDESC; formula is the postfix
    (or infix) formula, "" for the other kinds."""
    blocks, cur, in_presets = {}, [], False
    for line in text.splitlines():
        f = [x.strip(" \t") for x in line.split(",") if x != ""]
        if not f or not f[0] or f[0].startswith("#"):
            continue
        key = f[0].upper()
        if key == "CPU":
            if in_presets:
                cur, in_presets = [], False
            if len(f) > 1 and f[1] and f[1].lower() not in cur:
                cur.append(f[1].lower())
        elif key in ("PRESET", "EVENT") and len(f) > 2:
            in_presets = True
            name, kind, rest = f[1], f[2], f[3:]
            formula = ""
            if kind in ("DERIVED_POSTFIX", "DERIVED_INFIX") and rest:
                formula, rest = rest[0], rest[1:]
            terms = []
            for t in rest:
                if not t or t.upper() in PAPI_NOTE_FIELDS:
                    break
                terms.append(t)
            for c in cur:
                blocks.setdefault(c, []).append((name, kind, formula, terms))
        else:
            cur, in_presets = [], False
    return blocks


def effective(rows):
    """{preset: (kind, formula, terms)} of a block's rows, in the order the
    presets first appear, each with its last definition (PAPI's loader
    overwrites a preset defined again)"""
    out = {}
    for name, kind, formula, terms in rows:
        out[name] = (kind, formula, list(terms))
    return {n: out[n] for n in dict.fromkeys(r[0] for r in rows)}


def merge(papi_text, ours_text):
    """PAPI's table unchanged, then our blocks for CPU names it lacks (with a count)"""
    have = papi_cpu_names(papi_text)
    out, block, name, added = [], [], None, 0
    for line in ours_text.splitlines(keepends=True):
        f = line.split(",")
        if f[0] == "CPU":
            name = f[1].strip()
            if name not in have:
                out.append(line)
                added += 1
            continue
        if name is not None and name not in have and not line.startswith("#"):
            out.append(line)
    sep = "" if papi_text.endswith("\n") or not papi_text else "\n"
    note = ("\n# pmuplug: blocks for the PMUs the table above has no block for"
            " (papi/presets.py merge)\n")
    return papi_text + sep + note + "".join(out), added


def _write(path, text):
    tmp = path + ".tmp"
    d = os.path.dirname(path)
    if d:
        os.makedirs(d, exist_ok=True)
    with open(tmp, "w") as f:
        f.write(text)
    os.replace(tmp, path)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    t = sub.add_parser("table")
    t.add_argument("--arch", default="arch")
    t.add_argument("-o", required=True)
    m = sub.add_parser("merge")
    m.add_argument("--papi", required=True)
    m.add_argument("--ours", required=True)
    m.add_argument("-o", required=True)
    r = sub.add_parser("terms")
    r.add_argument("--arch", default="arch")
    a = ap.parse_args(argv)
    try:
        if a.cmd == "table":
            blocks, _ = load(a.arch)
            write_table(blocks, a.o)
        elif a.cmd == "terms":
            blocks, _ = load(a.arch)
            for pmu in sorted(blocks):
                for name, (_, _, terms) in blocks[pmu].items():
                    for term in terms:
                        print("%s\t%s\t%s" % (pmu, name, term))
        else:
            with open(a.ours) as f:
                ours = f.read()
            papi = ""
            if os.path.exists(a.papi):
                with open(a.papi) as f:
                    papi = f.read()
            text, added = merge(papi, ours)
            _write(a.o, text)
            print("  PAPI     %s: %s + %d blocks of ours" % (a.o, a.papi if papi else "(no PAPI table)", added))
    except DataError as e:
        print("presets.py: %s" % e, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
