# SPDX-License-Identifier: MIT
"""offcore.py - OFFCORE_RESPONSE_0/1 as libpfm4 has them, on every PMU
whose perf events program the offcore response MSRs that
arch/<arch>/offcore/msrs.yaml lists (x86: MSRIndex 0x1a6/0x1a7; that file
also gives perf's name prefixes, the libpfm4 event names and descriptions,
the format field and the request-type bits).

perf lists one event per MSR value (OFFCORE_RESPONSE.DEMAND_DATA_RD.L2_HIT,
OCR.DEMAND_DATA_RD.L3_HIT, ...). libpfm4 has two events whose unit masks set
the MSR. The overlay arch/x86/offcore/<file>.yaml that names the PMU says how:

  style: categories   unit masks are MSR bit categories (request types,
                      responses/suppliers, snoops, OUTSTANDING) with groups,
                      defaults and rules (overlay data, from libpfm4 4.13);
                      each perf event must decompose exactly into them and
                      becomes an alias of OFFCORE_RESPONSE_n:UM1:UM2...
  style: combos       one exclusive unit mask per perf MSR value, named like
                      libpfm4 does on icl/icx/spr (perf's name after the
                      event, '.' -> '_'); perf's name becomes an alias.

Event codes come from perf (EventCode: one code per MSR, or one code and the
MSR's shared_code_umask from msrs.yaml on Atom cores). The perf-derived events/unit masks that carried
those MSR values are removed, and so are their aliases. Perf's spelling of a
request type (the first part after the event name) becomes an alias of the
unit mask it decomposes to. An alias whose unit masks libpfm4's defaults
would complete with more bits than perf's value is written exact ("=EVENT:UM...":
the parser then adds no default unit masks), so perf's names always encode
perf's MSR value."""
import os

import overlay as overlay_mod
from errors import ConvertError

MSRS_FILE = "msrs.yaml"


class Msr:
    """One offcore response MSR of msrs.yaml."""

    def __init__(self, d):
        self.msr, self.event, self.desc = d["msr"], d["event"], d["desc"]
        self.shared_code_umask = d.get("shared_code_umask")


class Msrs:
    """arch/<arch>/offcore/msrs.yaml (what each key means: see that file)."""

    KEYS = {"field", "perf_prefixes", "request_bits", "msrs"}
    MSR_KEYS = {"msr", "event", "desc", "shared_code_umask"}

    def __init__(self, path):
        self.path = path
        d = overlay_mod.load_yaml(path)
        if not isinstance(d, dict) or set(d) != self.KEYS:
            self._bad(d, "keys must be %s" % ", ".join(sorted(self.KEYS)))
        if not isinstance(d["field"], str) or not isinstance(d["request_bits"], int) or \
                not d["perf_prefixes"] or not all(isinstance(p, str) for p in d["perf_prefixes"]):
            self._bad(d, "field is a name, perf_prefixes a list of names, request_bits a number")
        self.field = d["field"]
        self.prefixes = tuple(p.upper() for p in d["perf_prefixes"])
        self.request_bits = d["request_bits"]
        if not isinstance(d["msrs"], list) or not d["msrs"]:
            self._bad(d, "msrs must list the MSRs")
        self.msrs = []
        for m in d["msrs"]:
            if not isinstance(m, dict) or not {"msr", "event", "desc"} <= set(m) <= self.MSR_KEYS or \
                    not isinstance(m["msr"], int) or not isinstance(m.get("shared_code_umask", 0), int):
                self._bad(m, "an MSR is {msr: 0xN, event: NAME, desc: TEXT[, shared_code_umask: 0xN]}")
            self.msrs.append(Msr(m))
        self.numbers = [m.msr for m in self.msrs]

    def _bad(self, node, msg):
        raise ConvertError(msg, self.path, getattr(node, "line", None))

    def programs(self, e):
        """Does perf event e program one of the MSRs?"""
        n = e.get("EventName", "")
        msr = e.get("MSRIndex") or []
        return n.upper().startswith(self.prefixes) and e.get("MSRValue") is not None and \
            any(m in msr for m in self.numbers)

    def suffix(self, name):
        """perf's name without its offcore prefix"""
        for p in self.prefixes:
            if name.upper().startswith(p):
                return name[len(p):]
        return name


_loaded = {}


# upstream libpfm4's facts (names and codes through its API): the offcore
# unit masks' MSR values of the PMUs 4.13 lacks
UPSTREAM_FACTS = ("libpfm4-upstream-events.tsv", os.path.join("upstream", "libpfm4-events.tsv"))
OFFCORE_EVENTS = {"OCR", "OCR0", "OCR1", "OFFCORE_RESPONSE_0", "OFFCORE_RESPONSE_1"}
_upstream = {}


def upstream_values(overlay_root, arch, pmu):
    """{UNIT MASK: MSR value} upstream libpfm4 gives the offcore events of
    pmu (a name two events give different values is left out)."""
    key = (overlay_root, arch)
    if key not in _upstream:
        vals = {}
        for rel in UPSTREAM_FACTS:
            path = os.path.join(overlay_root, arch, rel)
            if not os.path.isfile(path):
                continue
            with open(path, encoding="utf-8") as f:
                for line in f:
                    c = line.rstrip("\n").split("\t")
                    if line.startswith("#") or len(c) < 7 or not c[4] or c[3] not in OFFCORE_EVENTS:
                        continue
                    vals.setdefault(c[0], {}).setdefault(c[4].upper(), set()).add(int(c[6], 16))
        _upstream[key] = {p: {n: min(v) for n, v in d.items() if len(v) == 1} for p, d in vals.items()}
    return dict(_upstream[key].get(pmu, {}))


def load_msrs(overlay_root, arch):
    """The Msrs of an architecture, or None when it has no msrs.yaml."""
    path = os.path.join(overlay_root, arch, "offcore", MSRS_FILE)
    if path not in _loaded:
        _loaded[path] = Msrs(path) if os.path.isfile(path) else None
    return _loaded[path]


def apply(desc, ctx):
    msrs = load_msrs(ctx.overlay_root, ctx.arch)
    if msrs is None:
        return
    perf = [e for e in ctx.perf_events if msrs.programs(e)]
    if not perf:
        return
    ov, path = _find_overlay(ctx)
    if ov is None:
        # overlays refine a PMU, never required: perf's events stay as perf has them
        ctx.note("perf has %d offcore response events (e.g. %s) and no arch/%s/offcore overlay"
                 " names this PMU: they stay as perf has them" % (len(perf), perf[0]["EventName"], ctx.arch))
        return
    Offcore(desc, ctx, ov, path, perf, msrs).run()


def _find_overlay(ctx):
    """the categories/combos overlay naming the PMU, with supplements merged in"""
    d = os.path.join(ctx.overlay_root, ctx.arch, "offcore")
    if not os.path.isdir(d):
        return None, None
    main, sups = (None, None), []
    for f in sorted(os.listdir(d)):
        if not f.endswith(".yaml") or f == MSRS_FILE:
            continue
        p = os.path.join(d, f)
        ov = overlay_mod.load_yaml(p)
        if ctx.pmu not in (ov.get("pmus") or []):
            continue
        if ov.get("style") == "supplement":
            sups.append((ov, p))
        elif main[0] is not None:
            ctx.error("two offcore overlays name this PMU: %s and %s" % (main[1], p))
        else:
            main = (ov, p)
    ov, p = main
    for sup, sp in sups:
        if ov is None or ov.get("style") != "categories":
            ctx.error("supplement %s needs a categories overlay for this PMU" % sp)
        evs = {e["name"]: e for e in ov.get("events") or []}
        for se in sup.get("events") or []:
            for name in se.get("to") or []:
                if name not in evs:
                    continue
                ev = evs[name]
                have = {u["name"] for u in ev["umasks"]}
                for u in se.get("umasks") or []:
                    if u["name"] in have:
                        ctx.error("%s: %s already has unit mask %s" % (sp, name, u["name"]))
                    ev["umasks"].append(dict(u))
                if se.get("groups"):
                    gn = {g["name"] for g in ev["groups"]}
                    ev["groups"].extend(dict(g) for g in se["groups"] if g["name"] not in gn)
                ev.setdefault("rules", []).extend(dict(r) for r in se.get("rules") or [])
    return ov, p


class Offcore:
    def __init__(self, desc, ctx, ov, path, perf, msrs):
        self.desc, self.ctx, self.ov, self.path, self.perf = desc, ctx, ov, path, perf
        self.msrs = msrs
        self.field = msrs.field
        self.pmu = desc["pmu"]

    def fail(self, msg, e=None):
        self.ctx.error(msg, e.get("_file") if e else self.path, e.get("_line") if e else None)

    # ---- event codes from perf ----
    def encodings(self):
        """{n: (event, umask)} as perf programs MSR n of msrs.yaml: the first
        always, the others when perf gives them an event code or an event uses
        them (Atom cores: one event code, the MSR's shared_code_umask)."""
        seen = {}
        for e in self.perf:
            codes, um, msr = e.get("EventCode") or [], e.get("UMask") or 0, e.get("MSRIndex") or []
            key = (tuple(codes), um, tuple(msr))
            seen[key] = seen.get(key, 0) + 1
        (codes, um, msr), _ = max(seen.items(), key=lambda kv: (kv[1], kv[0]))
        enc = {0: (codes[0], um)}
        for n, m in enumerate(self.msrs.msrs[1:], 1):
            if len(codes) > n:
                enc[n] = (codes[n], um)
            elif any(m.msr in (e.get("MSRIndex") or []) for e in self.perf):
                if m.shared_code_umask is None:
                    self.fail("perf programs MSR 0x%x with event code 0x%x alone: %s gives it no"
                              " shared_code_umask" % (m.msr, codes[0], self.msrs.path))
                enc[n] = (codes[0], m.shared_code_umask)
        return enc

    # ---- removal of perf's own offcore entries ----
    def strip(self):
        gone_events, gone_umasks = set(), set()
        keep = []
        self.mods = None
        for ev in self.desc["events"]:
            uses = self.field in (ev.get("set") or {}) or any(
                self.field in (u.get("set") or {}) for u in ev.get("umasks") or [])
            if uses and self.mods is None and ev.get("modifiers") is not None:
                # the modifiers the converter gave perf's offcore event
                self.mods = list(ev["modifiers"])
            if self.field in (ev.get("set") or {}):
                gone_events.add(ev["name"].upper())
                continue
            ums = ev.get("umasks")
            if ums:
                left = [u for u in ums if self.field not in (u.get("set") or {})]
                for u in ums:
                    if self.field in (u.get("set") or {}):
                        gone_umasks.add((ev["name"].upper(), u["name"].upper()))
                if not left:
                    gone_events.add(ev["name"].upper())
                    continue
                if len(left) != len(ums):
                    ev["umasks"] = left
                    if not any(u.get("default") for u in left) and len(left) == 1:
                        pass
            keep.append(ev)
        self.desc["events"] = keep
        al = self.pmu.get("aliases") or {}
        for k in list(al):
            parts = al[k].split(":")
            ev = parts[0].upper()
            if ev in gone_events or any((ev, p.upper()) in gone_umasks for p in parts[1:]):
                del al[k]
        if al:
            self.pmu["aliases"] = al
        elif "aliases" in self.pmu:
            del self.pmu["aliases"]

    # ---- categories ----
    def cat_event(self, oe, n):
        groups = [dict(g) for g in oe.get("groups") or []]
        rules = [dict(r) for r in oe.get("rules") or []]
        umasks = []
        for u in oe.get("umasks") or []:
            d = {"name": u["name"], "desc": u.get("desc") or u["name"], "code": u["bits"],
                 "set": {self.field: u["bits"]}, "group": u["group"]}
            for k in ("default", "exclusive"):
                if u.get(k):
                    d[k] = True
            if u.get("equiv"):
                d["equiv"] = u["equiv"]
            umasks.append(d)
        return groups, rules, umasks

    @staticmethod
    def effective(umasks):
        """bits a unit mask stands for when named: its equivalent's, else its own"""
        by = {u["name"].upper(): u for u in umasks}
        eff = {}
        for u in umasks:
            v = u["code"]
            if u.get("equiv"):
                parts = [by.get(t.upper()) for t in u["equiv"].split(":") if "=" not in t]
                if all(parts):
                    v = 0
                    for q in parts:
                        v |= q["code"]
            eff[u["name"]] = v
        return eff

    def decompose(self, value, groups, rules, umasks, e):
        """unit-mask names whose bits OR to value, group by group; error if none"""
        names, left = [], value
        eff = self.effective(umasks)
        umasks = [dict(u, code=eff[u["name"]]) for u in umasks]
        for g in groups:
            mem = [u for u in umasks if u["group"] == g["name"]]
            gmask = 0
            for u in mem:
                if not u.get("equiv"):
                    gmask |= u["code"]
            v = value & gmask
            left &= ~gmask
            if not v:
                continue
            exact = [u for u in mem if u["code"] == v]
            if exact:
                exact.sort(key=lambda u: (bool(u.get("equiv")), bool(u.get("exclusive"))))
                names.append(exact[0]["name"])
                continue
            if g.get("exclusive"):
                self.fail("%s: MSR value 0x%x: no single unit mask of exclusive group %s gives 0x%x"
                          % (e["EventName"], value, g["name"], v), e)
            cand = [u for u in mem if not u.get("exclusive") and not u.get("equiv")
                    and u["code"] and not u["code"] & ~v]
            cand.sort(key=lambda u: -bin(u["code"]).count("1"))
            got = 0
            for u in cand:
                if u["code"] & ~got:
                    names.append(u["name"])
                    got |= u["code"]
            if got != v:
                self.fail("%s: MSR value 0x%x: bits 0x%x of group %s are no union of unit masks"
                          % (e["EventName"], value, v & ~got, g["name"]), e)
        if left:
            self.fail("%s: MSR value 0x%x: bits 0x%x belong to no unit-mask group of %s"
                      % (e["EventName"], value, left, self.path), e)
        return names

    def completed(self, names, groups, rules, umasks):
        """the MSR value the encoder gives for these unit masks (defaults added, as libpfm4):
        a named unit mask gives its equivalent's bits, a default one its own"""
        by = {u["name"]: u for u in umasks}
        eff = self.effective(umasks)
        sel = set(names)

        def blocked(gname):
            for r in rules:
                w = r.get("when")
                if w not in sel or by[w]["group"] == gname:
                    continue
                if gname in (r.get("forbid_groups") or []):
                    return True
                if "only_groups" in r and gname not in r["only_groups"]:
                    return True
            return False
        v = 0
        for s in sel:
            v |= eff[s]
        for g in groups:
            if any(by[s]["group"] == g["name"] for s in sel) or blocked(g["name"]):
                continue
            for u in umasks:
                if u["group"] == g["name"] and u.get("default"):
                    sel.add(u["name"])
                    v |= u["code"]
        return v

    def req_aliases(self, umasks, groups, rules):
        """perf's spelling of a request type -> the unit mask it decomposes to"""
        names = {u["name"].upper() for u in umasks}
        req = [u for u in umasks if u["group"] == "request"]
        out = {}
        for e in self.perf:
            tok = self.msrs.suffix(e["EventName"]).split(".")[0].upper()
            if tok in names:
                continue
            rv = e["MSRValue"] & self.msrs.request_bits
            exact = [u for u in req if u["code"] == rv]
            if exact:
                out.setdefault(exact[0]["name"], set()).add(tok)
        return out

    # ---- combos ----
    def combo_umasks(self):
        """one unit mask per perf MSR value; where libpfm4 gives the name
        another value (4.13: `values:`; upstream: its facts, a newer tree's
        adl_grt OCR0:DEMAND_DATA_RD_L3_HIT, 0x3f803c0001 where perf now has
        0x1f803c0001), its name wins and perf's becomes NAME_PERF"""
        umasks, seen = [], {}
        theirs = upstream_values(self.ctx.overlay_root, self.ctx.arch, self.ctx.pmu)
        theirs.update({k.upper(): v for k, v in
                       ((self.ov.get("values") or {}).get(self.ctx.pmu) or {}).items()})
        for e in self.perf:
            name = self.msrs.suffix(e["EventName"]).replace(".", "_").upper()
            if name in theirs and theirs[name] != e["MSRValue"]:
                name += "_PERF"
            if name in seen:
                if seen[name]["code"] != e["MSRValue"]:
                    self.fail("%s: %s already stands for MSR value 0x%x"
                              % (e["EventName"], name, seen[name]["code"]), e)
                continue
            d = {"name": name, "desc": e.get("BriefDescription") or name, "code": e["MSRValue"],
                 "set": {self.field: e["MSRValue"]}, "perf": e["EventName"]}
            seen[name] = d
            umasks.append(d)
        for name, v in theirs.items():
            if name not in seen:
                umasks.append({"name": name, "desc": "libpfm4 compatibility unit mask (MSR value "
                               "0x%x; perf's %s_PERF has Intel's current one)" % (v, name),
                               "code": v, "set": {self.field: v}, "flags": ["compat"]})
        return umasks

    def run(self):
        enc = self.encodings()
        if self.field not in (self.pmu.get("format") or {}):
            self.fail("the PMU's format has no field %s (%s): its family's msr_fields must place"
                      " MSRs %s there" % (self.field, self.msrs.path,
                                         ", ".join("0x%x" % n for n in self.msrs.numbers)))
        self.strip()
        style = self.ov.get("style")
        if style not in ("categories", "combos"):
            self.fail("style must be categories or combos")
        first = self.perf[0]
        made, aliases, odd = [], {}, []
        ovev = {oe["name"]: oe for oe in self.ov.get("events") or []}
        names = (self.ov.get("names") or {}).get(self.ctx.pmu) or []
        for n in sorted(enc):
            msr = self.msrs.msrs[n]
            name = names[n] if n < len(names) else msr.event
            if name != msr.event:
                aliases[msr.event] = name
            code, um = enc[n]
            ev = {"name": name, "desc": msr.desc, "code": code | (um << 8),
                  "set": {"event": code, "umask": um}}
            if self.mods is not None:
                ev["modifiers"] = list(self.mods)
            if first.get("Counter"):
                ev["counters"] = str(first["Counter"])
            if first.get("SampleAfterValue"):
                ev["sample_after"] = int(first["SampleAfterValue"])
            if style == "categories":
                oe = ovev.get(name)
                if oe is None:
                    self.fail("%s has no %s" % (self.path, name))
                groups, rules, umasks = self.cat_event(oe, n)
                for tgt, toks in self.req_aliases(umasks, groups, rules).items():
                    for u in umasks:
                        if u["name"] == tgt:
                            u["aliases"] = sorted(toks)
                if n == 0:
                    for e in self.perf:
                        parts = self.decompose(e["MSRValue"], groups, rules, umasks, e)
                        exp = "%s:%s" % (name, ":".join(parts))
                        if self.completed(parts, groups, rules, umasks) != e["MSRValue"]:
                            # libpfm4's defaults would add bits perf's value has not:
                            # the alias is exact ('=': no default unit masks)
                            exp = "=" + exp
                            odd.append(e["EventName"])
                        aliases[e["EventName"]] = exp
                ev["groups"] = groups
                if rules:
                    ev["rules"] = rules
            else:
                umasks = self.combo_umasks()
                ev["groups"] = [{"name": "default", "required": True, "exclusive": True}]
                if n == 0:
                    for u in umasks:
                        if "perf" in u:
                            aliases[u["perf"]] = "%s:%s" % (name, u["name"])
                if n == 1:
                    umasks = [{k: v for k, v in u.items() if k != "perf"} for u in umasks]
            ev["umasks"] = umasks
            made.append(ev)
        # events libpfm4 4.13 encodes as another one, and its other names for them
        for ev in made:
            eq = ((self.ov.get("equivs") or {}).get(self.ctx.pmu) or {}).get(ev["name"])
            if eq:
                ev["equiv"] = eq
        # names libpfm4 lists as events of their own, equivalents of another
        # (spr OFFCORE_RESPONSE_0 = OCR): listed after it
        for name, tgt in ((self.ov.get("listed") or {}).get(self.ctx.pmu) or {}).items():
            i = next((k for k, e in enumerate(made) if e["name"] == tgt), None)
            if i is None:
                self.fail("listed: %s: no event %s" % (name, tgt))
            copy = dict(made[i], name=name, equiv=tgt,
                        umasks=[{k: v for k, v in u.items() if k != "perf"} for u in made[i]["umasks"]])
            made.insert(i + 1, copy)
        aliases.update((self.ov.get("aliases") or {}).get(self.ctx.pmu) or {})
        self.desc["events"].extend(made)
        al = self.pmu.get("aliases") or {}
        names = {e["name"].upper() for e in self.desc["events"]}
        for k in sorted(aliases):
            if k.upper() in names:
                continue
            al[k] = aliases[k]
        if al:
            self.pmu["aliases"] = al
        self.exact = len(odd)
