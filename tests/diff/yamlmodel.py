# SPDX-License-Identifier: MIT
# yamlmodel.py - a small model of how pmuplug resolves an event string over a
# schema-v1 descriptor and what raw PFM_OS_NONE codes it gives (docs/schema.md,
# "Name resolution"): aliases, event, EVENT.UMASK, unit-mask names and
# aliases, equivalents, group defaults, OR-combined sets and modifiers.
# Checks the descriptors before (and independently of) the C library.
import yaml

ERR_NOTFOUND, ERR_FEATCOMB, ERR_UMASK, ERR_ATTR, ERR_ATTR_SET = -4, -5, -6, -8, -10


class Error(Exception):
    def __init__(self, code):
        super().__init__(code)
        self.code = code


def _spec(s):
    reg, _, bits = s.partition(":")
    reg = int(reg[6:] or 0)
    ranges = []
    for part in bits.split(","):
        lo, _, hi = part.partition("-")
        ranges.append((int(lo), int(hi or lo)))
    return reg, ranges


def _deposit(raw, spec, val):
    reg, ranges = _spec(spec)
    shift = 0
    for lo, hi in ranges:
        n = hi - lo + 1
        raw[reg] |= ((val >> shift) & ((1 << n) - 1)) << lo
        shift += n


class Pmu:
    def __init__(self, path):
        with open(path) as f:
            d = yaml.safe_load(f)
        p = d["pmu"]
        self.name = p["name"]
        self.source = p.get("source") or ""
        self.format = p.get("format") or {}
        self.mods = {m["name"].upper(): m for m in p.get("modifiers") or []}
        self.aliases = {k.upper(): v for k, v in (p.get("aliases") or {}).items()}
        self.events = {e["name"].upper(): e for e in d["events"]}
        self.order = d["events"]

    def encode(self, s):
        """(config, config1) of an event string without modifiers beyond
        those an equivalent presets; raises Error."""
        if "::" in s:
            s = s.split("::", 1)[1]
        head, _, rest = s.partition(":")
        parts = rest.split(":") if rest else []
        exact = False
        if head.upper() in self.aliases:
            exp = self.aliases[head.upper()]
            exact = exp.startswith("=")        # "=EVENT:UMASK": no default unit masks
            exp = exp.lstrip("=").split(":")
            head, parts = exp[0], exp[1:] + parts
        ev = self.events.get(head.upper())
        if ev is None and "." in head:
            head, *dots = head.split(".")
            parts = dots + parts
            if head.upper() in self.aliases:
                # the event part may be an alias too (perf's event name of a libpfm4 event)
                exp = self.aliases[head.upper()].lstrip("=").split(":")
                head, parts = exp[0], exp[1:] + parts
            ev = self.events.get(head.upper())
        if ev is None:
            raise Error(ERR_NOTFOUND)
        if ev.get("equiv"):
            # one event equiv is followed, not the equivalent's own (libpfm4)
            head, *more = ev["equiv"].split(":")
            ev, parts = self.events.get(head.upper()), more + parts
            if ev is None:
                raise Error(ERR_NOTFOUND)
        return self.encode_event(ev, parts, exact=exact)

    def umask_named(self, ev, name):
        for u in ev.get("umasks") or []:
            if u["name"].upper() == name.upper() or \
                    name.upper() in (a.upper() for a in u.get("aliases") or []):
                return u
        return None

    def encode_event(self, ev, parts, depth=0, exact=False):
        sel, modv = [], {}
        for p in parts:
            n, eq, v = p.partition("=")
            u = self.umask_named(ev, n)
            if u is not None and not eq:
                if u.get("equiv") and depth == 0:
                    sub = u["equiv"].split(":")
                    parts2 = [x for x in parts if x != p] + sub
                    return self.encode_event(ev, parts2, depth + 1, exact)
                sel.append(u)
                continue
            m = self.mods.get(n.upper())
            if m is None:
                raise Error(ERR_ATTR)
            val = int(v, 0) if eq else 1
            if n.upper() in modv and modv[n.upper()] != val:
                raise Error(ERR_ATTR_SET)
            modv[n.upper()] = val
        named = list(sel)
        groups = ev.get("groups") or [{"name": "default"}]
        first = groups[0]["name"]
        by_group = {}
        for u in sel:
            by_group.setdefault(u.get("group", first), []).append(u)
        for g in groups:
            mine = by_group.get(g["name"], [])
            if not mine and not exact:
                mine = [u for u in ev.get("umasks") or []
                        if u.get("default") and u.get("group", first) == g["name"]]
                sel.extend(mine)
            if not mine and g.get("required"):
                raise Error(ERR_UMASK)
            names = {u["name"] for u in mine}
            if len(names) > 1 and (g.get("exclusive") or any(u.get("exclusive") for u in mine)):
                raise Error(ERR_FEATCOMB)
        fv = {}
        for s in [ev.get("set") or {}] + [u.get("set") or {} for u in sel]:
            for k, v in s.items():
                fv[k] = fv.get(k, 0) | v
        given = {self.mods[n].get("field") for n in modv}
        for u in named:           # soft defaults of named unit masks (ldlat=3)
            for k, v in (u.get("defaults") or {}).items():
                if k not in given:
                    fv[k] = fv.get(k, 0) | v
        for n, val in modv.items():
            m = self.mods[n]
            if m.get("field"):
                fv[m["field"]] = fv.get(m["field"], 0) | val
        raw = [0, 0, 0]
        for k, v in fv.items():
            _deposit(raw, self.format[k], v)
        return raw[0], raw[1]
