#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""legacy.py - write arch/x86/legacy/<vendor>/<pmu>.yaml, the complete schema-v1
descriptors of the x86 core PMUs of libpfm4 4.13 that perf has no JSON for
(arch/x86/legacy.yaml lists them with their family and host identities).

Everything else is read from the installed libpfm4 through its public API
(pfmdump): the PMU id and counters, every event and unit mask with its codes,
defaults and equivalents, the modifiers of each event and the perf_events
attributes libpfm4 offers; how unit masks combine is inferred from pair
encodings as for the libpfm4-names overlays (match.py, groups.py). The
descriptor is then built by jsontoyaml's own code (describe.py and the
libpfm4-names transform) with no perf event. A family whose PFM_OS_NONE
codes are laid out unlike perf's config (raw_format: netburst's ESCR and
CCCR) is decoded in both layers instead (SplitLayout, split_events). No description text is written:
the build adds libpfm4's own at build time when libpfm4 is installed
(jsontoyaml --libpfm4-descs).

    gen/libpfm4-names/legacy.py [--pfmdump build/bin/pfmdump] [PMU...]
"""
import argparse
import collections
import os
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import layout  # noqa: E402
import match  # noqa: E402
import oracle  # noqa: E402
import overlay_yaml  # noqa: E402

TOP = layout.TOP
sys.path.insert(0, os.path.join(TOP, "jsontoyaml"))
import describe  # noqa: E402
import fmtbits  # noqa: E402
import emit  # noqa: E402
import overlay  # noqa: E402
import transforms  # noqa: E402
import validate  # noqa: E402
from errors import Warnings  # noqa: E402
from transforms import libpfm4_names  # noqa: E402

SPEC = os.path.join(layout.ARCH_ROOT, "x86", "legacy.yaml")
OUT = os.path.join(layout.ARCH_ROOT, "x86", "legacy")
HEADER = ("libpfm4 4.13's %s PMU (perf has no JSON for it): names, ids, codes, unit-mask\n"
          "groups and modifiers read from libpfm4's API by gen/libpfm4-names/legacy.py;\n"
          "family and host identities from arch/x86/legacy.yaml. Facts only: descriptions\n"
          "are added at build time from the installed libpfm4. Re-run, don't edit.")
PFM_ATTR_CTRL_PERF_EVENT = 2
# libpfm4's perf_events attribute names, in the order the schema lists them
PERF_ATTRS = describe.PERF_ATTR_ORDER


def load_spec(path=SPEC):
    """The PMUs of arch/x86/legacy.yaml, each with its priority."""
    d = overlay.load_yaml(path)
    for p in d["pmus"]:
        p.setdefault("priority", d["priority"])
    return d["pmus"]


def pmu_line(pfmdump, pmu):
    """libpfm4's pfm_pmu_info of pmu: (id, max_encoding, counters, fixed)."""
    for line in oracle.run_dump(pfmdump, ["pmus"]).splitlines():
        f = line.split("\t")
        if f[1] == pmu:
            return int(f[2]), int(f[5]), int(f[6]), int(f[7])
    raise SystemExit("legacy.py: the installed libpfm4 has no PMU %s" % pmu)


def perf_attrs(pfmdump, pmu):
    """The perf_events attributes libpfm4 offers on the PMU's events
    (PFM_OS_PERF_EVENT_EXT), precise and hw_smpl aside (per event)."""
    seen = set()
    for e in oracle.list_events(pfmdump, pmu, os_layer="ext"):
        seen.update(a.name for a in e.attrs if a.ctrl == PFM_ATTR_CTRL_PERF_EVENT)
    return [a for a in PERF_ATTRS if a in seen]


def fstr_order(pfmdump, pmu, modifiers):
    """The PMU modifiers in the order libpfm4 writes them in the fstr of each
    event's plain string under PFM_OS_NONE, or None when every event writes
    them in their attribute order (the descriptor's `modifiers`). Each
    event's fstr must agree with the order found."""
    names = [m["name"] for m in modifiers or ()]
    events = oracle.list_events(pfmdump, pmu, os_layer="none")
    enc = oracle.encode(pfmdump, ["%s::%s" % (pmu, e.name) for e in events])
    seens = []
    for r in enc.values():
        if r.rc == 0:
            seen = [a.split("=")[0] for a in r.fstr.split(":") if "=" in a]
            seens.append([n for n in seen if n in names])
    order = max(seens, key=len, default=[])
    for seen in seens:
        if seen != [n for n in order if n in seen]:
            raise SystemExit("legacy.py: %s: the fstr writes its modifiers in more than one order" % pmu)
    listed = [n for n in names if n in order]
    return None if order == listed else order


def overlay_of(pfmdump, pmu, lay):
    """The libpfm4-names overlay text of pmu, every entry a compat one."""
    events = oracle.list_events(pfmdump, pmu, os_layer="none")
    strings = []
    for e in events:
        strings.append("%s::%s" % (pmu, e.name))
        strings.extend("%s::%s:%s" % (pmu, e.name, u.name) for u in e.umasks())
    strings += match.pair_strings(pmu, events) + match.lock_strings(pmu, events, lay)
    enc = oracle.encode(pfmdump, strings)
    r = match.PmuMatch(pmu, events, enc, match.Matcher([]), lay).run()
    text = overlay_yaml.dump(["overlay of %s" % pmu], [("pmu", pmu), ("perf", "none"), ("modifiers", r.modifiers)],
                             r.out)
    return text, r


PFM_ERR_ATTR = -8


class SplitLayout:
    """A family whose PFM_OS_NONE codes and perf_events config differ
    (raw_format): where each field is read in either."""

    def __init__(self, fam):
        self.fmt, self.raw, self.rawf = fam.format, fam.raw_format, set(fam.raw_fields)
        self.mod_fields = set()
        for m in fam.modifiers:
            self.mod_fields.update(x for x in (m.get("field"), m.get("enable")) if x)

    def values(self, codes, config):
        """{field: value} of one encoding (PFM_OS_NONE codes, perf config)."""
        out = {}
        for f, spec in self.fmt.items():
            if f in self.mod_fields:
                continue
            where = self.raw.get(f, spec)
            regs = [config, 0, 0] if where == "none" else codes + [0, 0]
            if where == "none":
                where = spec
            reg = fmtbits.parse(where)[0]
            out[f] = fmtbits.extract(where, regs[reg])
            if f in self.raw and self.raw[f] != "none" and fmtbits.extract(spec, config) != out[f]:
                raise SystemExit("legacy.py: field %s differs between the layers (0x%x)" % (f, config))
        return out


def split_events(pfmdump, pmu, fam):
    """The events of a PMU of a split family, read from libpfm4: fields every
    encoding of an event has form its set, the others its unit masks'."""
    lay = SplitLayout(fam)
    events = oracle.list_events(pfmdump, pmu, os_layer="none")
    strings = []
    for e in events:
        strings.append("%s::%s" % (pmu, e.name))
        strings.extend("%s::%s:%s" % (pmu, e.name, u.name) for u in e.umasks())
    lines = oracle.run_dump(pfmdump, ["encode"], stdin="".join(x + "\n" for x in strings))
    enc = {}
    for line in lines.splitlines():
        f = line.split("\t")
        n = f.index("N")
        if int(f[n + 1]) == 0:
            x = f.index("X")
            enc[f[0]] = lay.values([int(c, 16) for c in f[n + 3].split(",")], int(f[x + 2].split()[1], 16))
        else:
            enc[f[0]] = int(f[n + 1])
    out = []
    for e in events:
        bare = enc["%s::%s" % (pmu, e.name)]
        ums = {u.name: enc["%s::%s:%s" % (pmu, e.name, u.name)] for u in e.umasks()}
        seen = [v for v in [bare] + list(ums.values()) if isinstance(v, dict)]
        common = {k: v for k, v in seen[0].items() if all(s[k] == v for s in seen)}
        ev = {"name": e.name, "desc": "", "code": e.code, "set": {k: v for k, v in common.items() if v}}
        if e.equiv:
            ev["equiv"] = e.equiv
        ev["flags"] = ["compat"]
        if e.umasks():
            if bare == PFM_ERR_ATTR:
                ev["groups"] = [{"name": "default", "required": True, "missing": "attr"}]
            ev["umasks"] = []
            for u in e.umasks():
                um = {"name": u.name, "desc": "", "code": u.code,
                      "set": {k: v for k, v in ums[u.name].items() if k not in common and v}}
                if u.dfl:
                    um["default"] = True
                if u.equiv:
                    um["equiv"] = u.equiv
                um["flags"] = ["compat"]
                ev["umasks"].append(um)
        out.append(ev)
    return out


def strip_descs(desc):
    for ev in desc["events"]:
        ev.pop("desc", None)
        for u in ev.get("umasks", ()):
            u.pop("desc", None)


def build_one(pfmdump, spec, ov_root=layout.ARCH_ROOT):
    name = spec["name"]
    arch_ov = layout.arch_overlay()
    fam = arch_ov.family(spec["family"])
    lay = None if fam.raw_format else layout.Layout(fam)
    pid, max_enc, counters, fixed = pmu_line(pfmdump, name)
    plan = overlay.PmuPlan(
        name=name, id=pid, desc=spec["desc"], enum=None, unit=None, match=list(spec.get("match", [])),
        features=list(spec.get("features", [])), compat_modifiers=[], family=fam, counters=counters,
        fixed_counters=fixed, perf_pmu=fam.perf_pmu, extra_format={}, override=False, line=None,
        overlay=SPEC)
    desc = describe.build(plan, "x86", "libpfm4 4.13 (perf has no JSON for it)", [], {},
                          match_priority=spec.get("priority"), allow_empty=True)
    desc["pmu"]["perf_attrs"] = perf_attrs(pfmdump, name)
    desc["pmu"]["max_encoding"] = max_enc
    r = None
    if fam.raw_format:
        desc["events"] = split_events(pfmdump, name, fam)
    else:
        text, r = overlay_of(pfmdump, name, lay)
        ctx = transforms.Context("x86", None, name, None, [], ov_root, Warnings(), family=fam)
        with tempfile.NamedTemporaryFile("w", suffix=".yaml", dir=os.path.join(TOP, "build")) as f:
            f.write(text)
            f.flush()
            libpfm4_names.Renamer(desc, ctx, overlay.load_yaml(f.name), f.name).run()
    describe.finish(plan, desc)
    order = fstr_order(pfmdump, name, desc["pmu"].get("modifiers"))
    if order:
        desc["pmu"]["fstr_order"] = order
    probs = validate.validate(desc)
    if probs:
        raise SystemExit("legacy.py: %s: not valid schema v1:\n  %s" % (name, "\n  ".join(probs[:20])))
    strip_descs(desc)
    return desc, r


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--pfmdump", default=os.path.join(TOP, "build/bin/pfmdump"))
    ap.add_argument("--out", default=OUT)
    ap.add_argument("pmus", nargs="*")
    args = ap.parse_args()
    for spec in load_spec():
        if args.pmus and spec["name"] not in args.pmus:
            continue
        desc, r = build_one(args.pfmdump, spec)
        d = os.path.join(args.out, spec["vendor"])
        os.makedirs(d, exist_ok=True)
        path = os.path.join(d, spec["name"] + ".yaml")
        with open(path, "w") as f:
            f.write(emit.dumps(desc, HEADER % spec["name"]))
        st = r.stats if r else collections.Counter()
        print("%-24s id %3d: %3d events, %4d unit masks; %d pairs off the group model, %d rejected by libpfm4"
              % (spec["name"], desc["pmu"]["id"], len(desc["events"]),
                 sum(len(e.get("umasks", ())) for e in desc["events"]), st["pairs_mismatched"],
                 st["rejected"]))


if __name__ == "__main__":
    main()
