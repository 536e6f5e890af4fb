# SPDX-License-Identifier: MIT
"""corrections.py - apply arch/x86/libpfm4-corrections.yaml to a derived
overlay: each listed libpfm4 string is linked to the perf event named there
and takes that event's encoding (event, umask, cmask, inv, edge, any; the
fields the string's unit mask locks at 0 stay locked), in place of libpfm4
4.13's wrong one. The perf event must exist in the model."""
import os

import yaml

HERE = os.path.dirname(os.path.abspath(__file__))
FILE = os.path.join(os.path.dirname(os.path.dirname(HERE)), "arch", "x86", "libpfm4-corrections.yaml")
FIELDS = ("event", "umask", "cmask", "inv", "edge", "any")


def load(path=FILE):
    with open(path) as f:
        return yaml.safe_load(f) or {}


def by_perf_name(pmu, out, perf):
    """Upstream libpfm4 names whose code no perf event has, or another perf
    event has, where perf has an event of that very name (EVENT.UMASK) with
    another encoding: perf's JSON wins. Corrects them as apply() does;
    returns [{string, perf, why}]."""
    byname = {p.name.upper(): p for p in perf}
    rows = []
    for e in out:
        for u in [None] + list(e.get("umasks") or []):
            node = u or e
            s = e["name"] + (":" + u["name"] if u else "")
            p = byname.get(s.replace(":", ".").upper())
            if node.get("equiv") or p is None or p.is_offcore():
                continue
            if not node.get("compat") and (node.get("perf") or "").upper() == p.name.upper():
                continue
            was = dict(node.get("set") or {})
            rows.append({"string": s, "perf": p.name,
                         "why": "upstream libpfm4's code (0x%x) gives %s's encoding (read as %s); "
                                "perf's JSON %s is %s: perf wins" % (
                                    node.get("code", was.get("umask", 0)) if u else e.get("code", 0),
                                    "perf's %s" % node["perf"] if node.get("perf") else "no perf event",
                                    _fmt(dict(e.get("set") or {}, **was)), p.name, _fmt(_fields(p)))})
    apply(pmu, out, perf, {pmu: rows})
    return rows


def one_owner(out):
    """A perf name in the `also` of several entries (L2_REQUEST.ALL under both
    L2_REQUEST:REFERENCES and its equivalent L2_RQSTS:REFERENCES) stays with
    the event without an equivalent (the one encoded), the one it names
    first; returns how many moved."""
    owners = {}
    for e in out:
        for n in [e] + list(e.get("umasks") or []):
            for a in n.get("also") or []:
                owners.setdefault(a.upper(), []).append((e, n))
    moved = 0
    for a, lst in owners.items():
        if len(lst) < 2:
            continue
        # an event with an equivalent is encoded as that one: the equivalent keeps it
        ranked = sorted(lst, key=lambda en: (bool(en[0].get("equiv")), en[0]["name"].upper() != a.partition(".")[0]))
        keep = ranked[0]
        for e, n in lst:
            if (e, n) is keep or n is keep[1]:
                continue
            n["also"] = [x for x in n["also"] if x.upper() != a]
            if not n["also"]:
                del n["also"]
            moved += 1
    return moved


def _fields(p):
    out = {"event": p.event, "umask": p.umask}
    for f in ("cmask", "inv", "edge", "any"):
        if getattr(p, f):
            out[f] = getattr(p, f)
    if p.msr_value:
        out[p.msr_field] = p.msr_value
    return out


def _fmt(d):
    return "{%s}" % ", ".join("%s: 0x%x" % (k, v) for k, v in d.items())


def apply(pmu, out, perf, table=None):
    """Correct the overlay events `out` (derive's dicts) of pmu in place;
    returns the corrections applied. Raises KeyError naming what is missing."""
    rows = (table if table is not None else load()).get(pmu) or []
    byname = {p.name.upper(): p for p in perf}
    done = []
    for row in rows:
        ev_name, _, um_name = row["string"].partition(":")
        p = byname.get(row["perf"].upper())
        if p is None:
            raise KeyError("%s %s: perf event %s not in the model" % (pmu, row["string"], row["perf"]))
        ev = next((e for e in out if e["name"] == ev_name), None)
        node = ev if ev is not None and not um_name else \
            next((u for u in (ev or {}).get("umasks") or [] if u["name"] == um_name), None)
        if node is None:
            raise KeyError("%s: %s not in the overlay" % (pmu, row["string"]))
        new = _fields(p)
        if um_name and "event" in (ev.get("set") or {}) and ev["set"]["event"] != new["event"]:
            # the unit mask now overrides the event select: each unit mask says its own
            for u in ev.get("umasks") or []:
                u.setdefault("set", {}).setdefault("event", ev["set"]["event"])
                u["set"] = dict([("event", u["set"].pop("event"))] + list(u["set"].items()))
            del ev["set"]["event"]
        locks = {k: v for k, v in (node.get("set") or {}).items() if k not in FIELDS or (v == 0 and k not in new)}
        node["set"] = dict(new, **{k: v for k, v in locks.items() if k not in new})
        node["perf"] = p.name
        node.pop("compat", None)
        node.pop("code", None)
        # the perf event is this string's now: no other entry names it
        for e in out:
            for n in [e] + list(e.get("umasks") or []):
                if n is not node and n.get("also") and p.name in n["also"]:
                    n["also"] = [a for a in n["also"] if a != p.name]
                    if not n["also"]:
                        del n["also"]
        done.append(row)
    return done
