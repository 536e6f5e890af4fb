#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""upstream_pmus.py - write arch/<arch>/upstream/<vendor>/<pmu>.yaml, complete
schema-v1 descriptors of the libpfm4 PMUs that the default build's perf tree
does not describe (the newest upstream libpfm4's, and libpfm4's older
32-bit Arm and POWER PMUs, which 4.13 builds on those architectures only),
from the committed facts beside them:

  arch/<arch>/upstream/libpfm4-events.tsv  upstream's names, ids, event and
                                           unit-mask codes, defaults, modifiers
  arch/<arch>/upstream/libpfm4-cpus.tsv    the CPUs upstream detects them on
  arch/<arch>/upstream/libpfm4-pmus.tsv    (where perf has no PMU of the
                                           family) pfm_pmu_info facts and
                                           the layout each PMU takes from
  arch/<arch>/upstream/layouts.yaml        bit layouts written down from
                                           libpfm4's behaviour for the family

The bit layout (format, modifiers, perf_events attributes) is that of the
PMU of the same family the build already converts from perf (TEMPLATES:
Zen 6 takes Zen 5's, the Arm cores Neoverse V2's), read from the build's
descriptors, or for a family perf never described (ARMv6/v7, POWER4-7,
PPC970, the POWER8 nest MCS boxes) the layout libpfm4-pmus.tsv names. An event encodes its code in `event`, a unit mask its code in
`umask`; unit masks combine by OR; an event with unit masks and no default
needs one (upstream refuses it alone). Descriptions are neutral: upstream's
prose is not copied. jsontoyaml takes these descriptors only where the perf
tree it converts has no PMU of the same name or id (docs/jsontoyaml.md).

    gen/libpfm4-names/upstream_pmus.py [--yaml build/yaml]
"""
import argparse
import collections
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(TOP, "jsontoyaml"))
import emit  # noqa: E402
import validate  # noqa: E402
from tsvoracle import flags_of  # noqa: E402  (this folder's facts-row flags)
import upstream_groups  # noqa: E402

# pmu -> (arch, vendor folder, the converted PMU whose layout it takes, kernel PMU)
TEMPLATES = {
    "amd64_fam1ah_zen6": ("x86", "amd", "amd64_fam1ah_zen5"),
    "amd64_fam1ah_zen6_l3": ("x86", "amd", "amd64_fam1ah_zen5_l3"),
    "arm_n3": ("arm64", "arm", "arm_v2"),
    "arm_v3": ("arm64", "arm", "arm_v2"),
    "arm_monaka": ("arm64", "arm", "arm_v2"),
    "arm_x4": ("arm64", "arm", "arm_v2"),
    "arm_olympus": ("arm64", "arm", "arm_v2"),
}
# architectures whose libpfm4 PMUs no perf PMU lays out: arch -> the builds libpfm4 4.13 has
# them on (arch/<arch>/upstream/libpfm4-pmus.tsv and layouts.yaml)
OLD_ARCHES = {"arm": "32-bit Arm", "arm64": "arm64", "powerpc": "POWER"}
PMUS_COLUMNS = ("pmu", "folder", "layout", "type", "counters", "fixed_counters", "perf_pmu", "desc", "core")
# an uncore PMU is detected with its core PMU
CORE_OF = {"amd64_fam1ah_zen6_l3": "amd64_fam1ah_zen6"}
# the layout keys taken from the template's pmu block
LAYOUT = ("perf_pmu", "counters", "fixed_counters", "max_encoding", "format", "raw_bits", "raw_fields",
          "code_fields", "raw_umask", "perf_attrs", "perf_no_exclude", "modifiers")
# below every perf-derived PMU of the architecture (mapfile line numbers), so
# upstream's model wins where a wider perf pattern also matches (Zen 5's
# AuthenticAMD-26-*)
PRIORITY = 1
HEADER = ("upstream libpfm4's %s (git 6870a9f, 2026-06), which neither libpfm4 4.13 nor the\n"
          "default perf tree describes: names, id, codes and host identities from\n"
          "arch/%s/upstream/libpfm4-*.tsv, layout from the build's %s, by\n"
          "gen/libpfm4-names/upstream_pmus.py. Facts only; re-run, don't edit.")
HEADER_OLD = ("libpfm4's %s (4.13 on %s builds; upstream git 6870a9f, 2026-06), which the\n"
              "perf tree does not describe: names, id, codes, host identities and PMU facts from\n"
              "arch/%s/upstream/libpfm4-*.tsv, layout %s of arch/%s/upstream/layouts.yaml, by\n"
              "gen/libpfm4-names/upstream_pmus.py. Facts only; re-run, don't edit.")
# pfm_pmu_info facts of libpfm4-pmus.tsv that a descriptor's pmu block takes (empty: left out)
PMU_FACTS = ("type", "counters", "fixed_counters", "perf_pmu", "desc")


def read_tsv(path):
    rows = []
    with open(path) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            rows.append(line.rstrip("\n").split("\t"))
    return rows


def digit_class(a, b):
    """a regex bracket of the hex digits a..b, either case"""
    return "[%s]" % "".join("%X%x" % (d, d) if d > 9 else "%d" % d for d in range(a, b + 1))


def patterns(rows, pmu):
    """Host identity patterns of pmu from the cpus rows."""
    out = []
    for vendor, family, models, p in rows:
        if p != pmu:
            continue
        if vendor == "AuthenticAMD":
            for r in models.split(","):
                lo, _, hi = r.strip().partition("-")
                lo, hi = int(lo, 16), int(hi or lo, 16)
                # whole high digits: one class per run of them
                if lo & 0xf or (hi & 0xf) != 0xf:
                    raise SystemExit("upstream_pmus.py: %s: model range %s not on whole digits" % (pmu, r))
                a, b = lo >> 4, hi >> 4
                out.append("AuthenticAMD-%d-%s[[:xdigit:]]" % (int(family), digit_class(a, b)))
        elif vendor == "ARM" and "-" in models:
            # a part range on whole hex digits (Krait: 0x040-0x07f): any variant and revision
            lo, hi = (int(x, 16) for x in models.split("-"))
            if lo & 0xf or (hi & 0xf) != 0xf or lo >> 8 != hi >> 8:
                raise SystemExit("upstream_pmus.py: %s: part range %s not on whole digits" % (pmu, models))
            out.append("0x00000000%02x[[:xdigit:]]f%x%s[[:xdigit:]][[:xdigit:]]"
                       % (int(family, 16), lo >> 8, digit_class((lo >> 4) & 0xf, (hi >> 4) & 0xf)))
        elif vendor == "ARM":
            out.append("0x00000000%02x0f%03x0" % (int(family, 16), int(models, 16)))
        elif vendor == "IBM" and family == "pvr":
            # the PVR's version (upper 16 bits), any revision: perf's powerpc mapfile form
            out.append("0x%04x[[:xdigit:]]{4}" % int(models, 16))
        else:
            raise SystemExit("upstream_pmus.py: %s: vendor %s has no identity rule" % (pmu, vendor))
    return out


def upstream_desc(pmu):
    """upstream's pfm_pmu_info.desc of pmu (arch/libpfm4-upstream-pmu-ids.tsv), or None"""
    with open(os.path.join(TOP, "arch", "libpfm4-upstream-pmu-ids.tsv"), encoding="utf-8") as f:
        for line in f:
            c = line.rstrip("\n").split("\t")
            if not line.startswith("#") and len(c) > 3 and c[2] == pmu and c[3]:
                return c[3]
    return None


def build(pmu, rows, cpus, template, arch, facts=None):
    """the descriptor of pmu; template: a descriptor whose pmu block gives
    the layout; facts: pmu's row of libpfm4-pmus.tsv ({column: value}), whose
    non-empty PMU_FACTS replace what the events file and template say"""
    ev_rows = [r for r in rows if r[0] == pmu]
    pid, ptype = int(ev_rows[0][1]), ev_rows[0][2]
    tp = template["pmu"]
    p = collections.OrderedDict()
    p["name"] = pmu
    p["id"] = pid
    p["desc"] = upstream_desc(pmu) or "upstream libpfm4 PMU %s" % pmu
    p["type"] = ptype
    p["arch"] = arch
    p["source"] = "upstream libpfm4 git 6870a9f (perf's tree has no JSON for it)"
    core = CORE_OF.get(pmu, pmu)
    match = patterns(cpus, core)
    if match:
        p["match"] = match
        p["match_priority"] = PRIORITY
    for k in LAYOUT:
        if k in tp:
            p[k] = tp[k]
    for k in PMU_FACTS:
        v = (facts or {}).get(k)
        if v:
            p[k] = int(v) if k.endswith("counters") else v
    ptype = p["type"]
    allmods = [m["name"] for m in tp.get("modifiers") or []]
    events = []
    for r in ev_rows:
        _, _, _, ev, um, ecode, ucode, fl = (r + [""] * 8)[:8]
        f = flags_of(fl)
        if not um:
            e = collections.OrderedDict()
            e["name"] = ev
            e["desc"] = "%s event %s (upstream libpfm4)" % (pmu, ev)
            e["set"] = {"event": int(ecode, 16)}
            if "equiv" in f:
                e["equiv"] = f["equiv"]
            mods = [m for m in (f.get("mods") or "").split("|") if m]
            if ptype == "core" and mods != allmods:
                unknown = [m for m in mods if m not in allmods]
                if unknown:
                    raise SystemExit("upstream_pmus.py: %s::%s: modifiers %s not in %s's layout"
                                     % (pmu, ev, unknown, template["pmu"]["name"]))
                e["modifiers"] = mods
            if "precise" in f:
                e["precise"] = True
            e["flags"] = ["compat"]
            events.append(e)
            continue
        e = events[-1]
        u = collections.OrderedDict()
        u["name"] = um
        u["desc"] = "%s:%s (upstream libpfm4)" % (ev, um)
        u["set"] = {"umask": int(ucode, 16)}
        if "dfl" in f:
            u["default"] = True
        if "precise" in f:
            u["precise"] = True
        u["flags"] = ["compat"]
        e.setdefault("umasks", []).append(u)
    for e in events:
        us = e.get("umasks")
        if us and not any(u.get("default") for u in us):
            e["groups"] = [collections.OrderedDict([("name", "default"), ("required", True)])]
    # unit-mask groups upstream's API does not show (arch/x86/upstream/libpfm4-umask-groups.tsv)
    upstream_groups.apply(pmu, events)
    # modifiers the template offers on none of its events (libpfm4's L3 boxes:
    # u and k stand for the privilege levels only, listed by no event): none here either
    lists = [e.get("modifiers") for e in template.get("events") or []]
    if lists and all(ml is not None for ml in lists):
        hidden = [m for m in allmods if not any(m in ml for ml in lists)]
        if hidden:
            for e in events:
                e["modifiers"] = [m for m in e.get("modifiers", allmods) if m not in hidden]
    return collections.OrderedDict([("schema", 1), ("pmu", p), ("events", events)])


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--yaml", default=os.path.join(TOP, "build", "yaml"), help="the build's descriptors")
    ap.add_argument("pmus", nargs="*")
    a = ap.parse_args()
    import yaml
    for pmu, (arch, vendor, tname) in TEMPLATES.items():
        if a.pmus and pmu not in a.pmus:
            continue
        d = os.path.join(TOP, "arch", arch, "upstream")
        rows = read_tsv(os.path.join(d, "libpfm4-events.tsv"))
        cpus = read_tsv(os.path.join(d, "libpfm4-cpus.tsv"))
        with open(os.path.join(a.yaml, arch, tname + ".yaml")) as f:
            template = yaml.safe_load(f)
        write(build(pmu, rows, cpus, template, arch), d, vendor, HEADER % (pmu, arch, tname))
    # the families perf never described: layouts written down in arch/<arch>/upstream/layouts.yaml
    for arch in OLD_ARCHES:
        d = os.path.join(TOP, "arch", arch, "upstream")
        rows = read_tsv(os.path.join(d, "libpfm4-events.tsv"))
        cpus = read_tsv(os.path.join(d, "libpfm4-cpus.tsv"))
        with open(os.path.join(d, "layouts.yaml")) as f:
            layouts = yaml.safe_load(f)
        for r in read_tsv(os.path.join(d, "libpfm4-pmus.tsv")):
            facts = dict(zip(PMUS_COLUMNS, r + [""] * len(PMUS_COLUMNS)))
            pmu = facts["pmu"]
            if a.pmus and pmu not in a.pmus:
                continue
            lname = facts["layout"]
            if lname not in layouts:
                raise SystemExit("upstream_pmus.py: %s: no layout %s in %s/layouts.yaml" % (pmu, lname, d))
            template = {"pmu": dict(layouts[lname], name=lname)}
            doc = build(pmu, rows, cpus, template, arch, facts)
            if facts["core"]:
                # an uncore box is detected with the build's core PMU of its host:
                # the same priority, so that both are the host's best match
                with open(os.path.join(a.yaml, arch, facts["core"] + ".yaml")) as f:
                    doc["pmu"]["match_priority"] = yaml.safe_load(f)["pmu"]["match_priority"]
            write(doc, d, facts["folder"], HEADER_OLD % (pmu, OLD_ARCHES[arch], arch, lname, arch))


def write(doc, d, vendor, header):
    pmu = doc["pmu"]["name"]
    probs = validate.validate(doc)
    if probs:
        raise SystemExit("upstream_pmus.py: %s:\n  %s" % (pmu, "\n  ".join(probs[:20])))
    out = os.path.join(d, vendor, pmu + ".yaml")
    os.makedirs(os.path.dirname(out), exist_ok=True)
    with open(out, "w") as f:
        f.write(emit.dumps(doc, header))
    print("%s: %d events -> %s" % (pmu, len(doc["events"]), os.path.relpath(out, TOP)))


if __name__ == "__main__":
    main()
