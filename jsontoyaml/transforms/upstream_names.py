# SPDX-License-Identifier: MIT
"""upstream_names.py - the libpfm4-names overlay of a PMU that a perf tree
describes under upstream libpfm4's identity (a model no models.yaml entry
names, taken by rule for upstream's PMU: a newer tree's amdzen6 is
amd64_fam1ah_zen6), made at conversion time from upstream libpfm4's own
descriptor of it (arch/<arch>/upstream/<vendor>/<pmu>.yaml, facts of its
API, gen/libpfm4-names/upstream_pmus.py).

Each upstream event and unit mask is linked to the perf entry that encodes
the same (its full set with the defaults of the event's other unit-mask
groups, zero fields left out; of several, the one whose name is
upstream's, else the first in perf's order), as derive.py links
libpfm4 4.13's names; one no perf entry encodes stays a compatibility
entry of upstream's encoding. libpfm4_names.py then applies it as it
applies a committed overlay, so upstream's strings resolve with upstream's
codes and perf's names stay perf's."""
import glob
import os

import overlay as overlay_mod

UPSTREAM_DIR = "upstream"


def _nz(s):
    return {k: v for k, v in (s or {}).items() if v}


def _full(ev, *us):
    """The set of ev with unit masks us (None: none) ORed in, zero fields left out."""
    s = dict(ev.get("set") or {})
    for u in us:
        for k, v in ((u or {}).get("set") or {}).items():
            s[k] = s.get(k, 0) | v
    return frozenset(_nz(s).items())


def _upstream_full(ue, uu):
    """The set upstream's EVENT:UMASK encodes: the unit mask's, with the
    defaults of every other group of the event, which that string leaves
    empty (Zen 6 RETIRED_SSE_AVX_FLOPS:FLOP_TYPE_BFLOAT16 adds ANY)."""
    groups = [g.get("name") for g in ue.get("groups") or ()]
    if len(groups) < 2:
        return _full(ue, uu)
    mine = uu.get("group") or groups[0]
    return _full(ue, uu, *(o for o in ue.get("umasks") or ()
                            if o.get("default") and (o.get("group") or groups[0]) != mine))


def _perf_name(ev, u):
    if u is not None and u.get("perf"):
        return u["perf"]
    if u is None and ev.get("perf"):
        return ev["perf"]
    return "%s.%s" % (ev["name"], u["name"]) if u is not None else ev["name"]


def find(overlay_root, arch, pmu):
    """(path, descriptor) of upstream libpfm4's descriptor of this PMU (same
    name and id), or None."""
    pattern = os.path.join(overlay_root, arch, UPSTREAM_DIR, "*", pmu["name"] + ".yaml")
    for path in sorted(glob.glob(pattern)):
        up = overlay_mod.load_yaml(path)
        if isinstance(up, dict) and (up.get("pmu") or {}).get("id") == pmu.get("id"):
            return path, up
    return None


def overlay(desc, up):
    """The overlay (libpfm4-names format) of upstream descriptor up over
    perf's descriptor desc."""
    fmt = desc["pmu"].get("format") or {}
    by_set = {}
    for ev in desc["events"]:
        for u in ev.get("umasks") or [None]:
            by_set.setdefault(_full(ev, u), []).append(_perf_name(ev, u))

    def link(name, key, out):
        # fields perf's layout lacks: no perf entry can encode it
        if any(k not in fmt for k, _ in key):
            return
        names = by_set.get(key) or []
        if not names:
            return
        same = [n for n in names if n.upper().replace(".", ":") == name.upper()]
        out["perf"] = (same or names)[0]

    events = []
    for ue in up.get("events") or ():
        oe = {"name": ue["name"], "code": ue.get("code", (ue.get("set") or {}).get("event", 0)),
              "set": dict(ue.get("set") or {})}
        for k in ("modifiers", "equiv", "precise", "groups"):
            if k in ue:
                oe[k] = ue[k]
        if ue.get("umasks"):
            oe["umasks"] = []
            for uu in ue["umasks"]:
                ou = {"name": uu["name"], "set": dict(uu.get("set") or {})}
                for k in ("code", "group", "exclusive", "default", "precise", "equiv", "defaults"):
                    if k in uu:
                        ou[k] = uu[k]
                link("%s:%s" % (ue["name"], uu["name"]), _upstream_full(ue, uu), ou)
                if "perf" not in ou:
                    ou["compat"] = True
                oe["umasks"].append(ou)
        else:
            link(ue["name"], _full(ue, None), oe)
            if "perf" not in oe:
                oe["compat"] = True
        events.append(oe)
    return {"pmu": desc["pmu"]["name"],
            "modifiers": [m["name"] for m in up["pmu"].get("modifiers") or ()],
            "events": events}
