# SPDX-License-Identifier: MIT
"""libpfm4_names.py - give a PMU descriptor libpfm4 4.13's event and unit-mask
names, from arch/<arch>/libpfm4-names/<pmu>.yaml (written by
gen/libpfm4-names/derive.py; see docs/compat.md).

Each libpfm4 event of the overlay becomes an event of the descriptor, in
libpfm4's order, built from the perf entries the overlay links it to (their
descriptions, counters, sample-after values; the encoding is the overlay's,
checked against perf's) or, for `compat` entries, from the overlay alone.
The perf entries so taken leave their perf event (which disappears once
empty) and stay reachable: perf's full name becomes a PMU alias of the
libpfm4 string, perf's unit-mask suffix an alias of the libpfm4 unit mask,
and perf's event name an alias of the libpfm4 event when all of it went
there. Perf events the overlay does not mention follow libpfm4's, unchanged
(a perf event named like a libpfm4 one gives it its remaining unit masks, or
is renamed NAME_PERF when it encodes differently: a known clash when
arch/<arch>/libpfm4-clashes.yaml lists it, a note of the report; otherwise a
warning). A perf entry the overlay names that perf's data no longer has, or
whose encoding changed, stops the conversion: re-run derive.py."""
import os

import fmtbits
import overlay as overlay_mod
import schema
from errors import ConvertError
from readfile import read_text

from transforms import upstream_names

COMPAT_EVENT_DESC = "libpfm4 compatibility event (not in perf's tables)"
COMPAT_UMASK_DESC = "libpfm4 compatibility unit mask (not in perf's tables)"
CLASHES_FILE = "libpfm4-clashes.yaml"

EVENT_KEY_ORDER = schema.order("event")
UMASK_KEY_ORDER = schema.order("umask")
# keys this transform sets itself from the overlay; other keys of perf's
# entries (sample_after, counters, hw_smpl, ...) are copied
EVENT_OWN = {"name", "desc", "code", "set", "equiv", "modifiers", "precise", "perf", "groups",
             "rules", "umasks", "aliases", "group", "default", "exclusive"}
UMASK_OWN = {"name", "desc", "code", "set", "defaults", "group", "default", "exclusive", "precise",
             "equiv", "aliases", "perf", "no_modifiers"}
# event-level keys a unit mask inherits from its perf event
UMASK_FROM_EVENT = {"sample_after", "hw_smpl"}


def apply(desc, ctx):
    # a variant table (the PMU over another perf directory) has names of its own: <pmu>@<dir>.yaml
    stem = desc["pmu"]["name"]
    if desc["pmu"].get("variant"):
        stem += "@" + ctx.model_dir.replace("/", "-")
    path = os.path.join(ctx.overlay_root, ctx.arch, "libpfm4-names", stem + ".yaml")
    if os.path.isfile(path):
        Renamer(desc, ctx, overlay_mod.load_yaml(path), path).run()
        return
    if not desc["pmu"].get("variant"):
        apply_upstream(desc, ctx)


def apply_upstream(desc, ctx):
    """A PMU perf's tree describes under upstream libpfm4's identity (a core
    PMU, or an uncore box such as a newer tree's Zen 6 L3): upstream's names
    from the overlay made of upstream's own descriptor (upstream_names.py)."""
    up = upstream_names.find(ctx.overlay_root, ctx.arch, desc["pmu"])
    if up is not None:
        Renamer(desc, ctx, upstream_names.overlay(desc, up[1]), up[0]).run()


_clashes = {}


def known_clashes(overlay_root, arch):
    """({pmu: {EVENT: why}}, path) of arch/<arch>/libpfm4-clashes.yaml: the
    perf events known to share their name with a libpfm4 event of another
    encoding (none when the file does not exist)."""
    path = os.path.join(overlay_root, arch, CLASHES_FILE)
    if path not in _clashes:
        out = {}
        doc = overlay_mod.load_yaml(path) if os.path.isfile(path) else []
        if not isinstance(doc, list):
            raise ConvertError("expected a list of {why: TEXT, PMU: [EVENT, ...], ...}", path, 1)
        for item in doc:
            line = getattr(item, "line", None)
            if not isinstance(item, dict) or not isinstance(item.get("why"), str) or len(item) < 2:
                raise ConvertError("each entry is {why: TEXT, PMU: [EVENT, ...], ...}", path, line)
            for pmu, names in item.items():
                if pmu == "why":
                    continue
                if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
                    raise ConvertError("%s: a list of perf event names" % pmu, path, line)
                for n in names:
                    if U(n) in out.setdefault(pmu, {}):
                        raise ConvertError("%s: %s is listed twice" % (pmu, n), path, line)
                    out[pmu][U(n)] = item["why"]
        _clashes[path] = (out, path)
    return _clashes[path]


def U(s):
    return s.upper()


DIFFERENCES_FILE = os.path.join("libpfm4-names", "upstream-differences.tsv")
CORRECTIONS_FILE = "libpfm4-corrections.yaml"
_perf_won = {}


def perf_won(overlay_root, arch):
    """{pmu: {STRING: where}}: the libpfm4 strings whose libpfm4-names
    encoding derive.py took from perf's JSON instead of libpfm4's code
    (arch/<arch>/libpfm4-names/upstream-differences.tsv: upstream libpfm4's
    code gives no perf encoding; arch/<arch>/libpfm4-corrections.yaml:
    libpfm4 4.13's encoding perf corrects). Every other linked string's
    encoding is libpfm4's own."""
    key = (overlay_root, arch)
    if key in _perf_won:
        return _perf_won[key]
    out = {}
    path = os.path.join(overlay_root, arch, DIFFERENCES_FILE)
    if os.path.isfile(path):
        for n, line in enumerate(read_text(path).splitlines(), 1):
            if not line.strip() or line.startswith("#"):
                continue
            cols = line.split("\t")
            if len(cols) < 2:
                raise ConvertError("expected pmu<TAB>string<TAB>reason", path, n)
            out.setdefault(cols[0], {})[U(cols[1])] = "%s:%d" % (path, n)
    path = os.path.join(overlay_root, arch, CORRECTIONS_FILE)
    if os.path.isfile(path):
        doc = overlay_mod.load_yaml(path)
        if not isinstance(doc, dict):
            raise ConvertError("expected a mapping: pmu -> [{string, perf, why}]", path, 1)
        for pmu, items in doc.items():
            for it in items if isinstance(items, list) else [None]:
                if not isinstance(it, dict) or not isinstance(it.get("string"), str):
                    raise ConvertError("%s: each entry is {string, perf, why}" % pmu, path,
                                       getattr(it, "line", getattr(doc, "line", None)))
                out.setdefault(pmu, {})[U(it["string"])] = "%s:%s" % (path, getattr(it, "line", "?"))
    _perf_won[key] = out
    return out


def _nz(s):
    """A set without zero values (zero and absent encode the same)."""
    return {k: v for k, v in s.items() if v}


def _perf_name(ev, u=None):
    if u is None:
        return ev.get("perf") or ev["name"]
    return u.get("perf") or "%s.%s" % (ev["name"], u["name"])


class Renamer:
    def __init__(self, desc, ctx, ov, path):
        self.desc, self.ctx, self.ov, self.path = desc, ctx, ov, path
        self.pmu = desc["pmu"]
        self.format = self.pmu.get("format") or {}
        # what the field names of the overlay mean: the PMU family's layout
        # (arch/<arch>/family/<name>.yaml, with its features and MSR fields)
        self.overlay_fields = ctx.family.layout() if ctx.family is not None else dict(self.format)
        self.mods = self.pmu.get("modifiers") or []
        self.aliases = dict(self.pmu.get("aliases") or {})
        self.claims = {}     # perf full name (upper) -> [(libpfm4 event, umask or None)]
        self.spelling = {}   # upper -> perf's own spelling
        self.byperf = {}     # perf full name (upper) -> (event, umask or None)
        self.splits = self.find_splits()
        clashes, self.clashes_path = known_clashes(ctx.overlay_root, ctx.arch)
        self.known_clashes = clashes.get(self.pmu["name"], {})
        self.clashed = set()     # perf events renamed NAME_PERF (upper case)
        # libpfm4 strings whose overlay encoding is perf's (older) one, not
        # libpfm4's own: {STRING: where that is said}
        self.perf_won = perf_won(ctx.overlay_root, ctx.arch).get(self.pmu["name"], {})
        self.detached = set()    # perf names an overlay linked that now encode otherwise
        for ev in desc["events"]:
            self.spelling[U(ev["name"])] = ev["name"]
            for u in ev.get("umasks") or [None]:
                n = _perf_name(ev, u)
                self.byperf[U(n)] = (ev, u)
                self.spelling[U(n)] = n

    def fail(self, node, msg):
        self.ctx.error("%s (re-run gen/libpfm4-names/derive.py)" % msg, self.path,
                       getattr(node, "line", None))

    def run(self):
        built = [self.event(oe) for oe in self.ov.get("events") or []]
        self.byname = byname = {U(e["name"]): e for e in built}
        extra = []
        for ev in self.perf_leftovers():
            lev = byname.get(U(ev["name"]))
            home = self.partial.get(U(ev["name"]))
            # (not when perf also names the event alone: that name keeps perf's meaning)
            if lev is None and home in byname and U(ev["name"]) not in self.bare_perf and \
                    self.merge(byname[home], ev):
                # the rest of a perf event whose other entries are libpfm4's event
                # home: one event listed, perf's name an alias of it
                hev = byname[home]
                names = {U(u["name"]) for u in hev["umasks"]}
                for u in ev["umasks"]:
                    if U(u["name"]) in names:
                        self.retarget("%s:%s" % (ev["name"], u["name"]), "%s:%s" % (hev["name"], u["name"]))
                self.aliases.setdefault(self.spelling.get(U(ev["name"]), ev["name"]), hev["name"])
                continue
            if lev is None:
                extra.append(ev)
            elif not self.merge(lev, ev):
                self.rename(ev, ev["name"] + "_PERF", byname)
                extra.append(ev)
        self.desc["events"] = built + extra
        self.make_aliases(built, byname)
        if self.aliases:
            self.pmu["aliases"] = self.aliases
        else:
            self.pmu.pop("aliases", None)
        for name in sorted(set(self.known_clashes) - self.clashed):
            self.ctx.warn("%s lists perf event %s, which no longer clashes with libpfm4's event of that"
                          " name: remove it" % (self.clashes_path, name))

    # ---- encodings ----

    @staticmethod
    def full_set(ev, u):
        """What an event (with unit mask u) encodes: values OR-combine, as the
        encoder does."""
        s = dict(ev.get("set") or {})
        for k, v in ((u or {}).get("set") or {}).items():
            s[k] = s.get(k, 0) | v
        return _nz(s)

    def translate(self, fields, node):
        """Overlay field values -> this PMU's format fields (matched by bits)."""
        raw = [0, 0, 0]
        for name, val in (fields or {}).items():
            spec = self.overlay_fields.get(name)
            if spec is None:
                self.fail(node, "unknown overlay field %r" % name)
            if val >> fmtbits.width(spec):
                self.fail(node, "%s: %s=0x%x does not fit field %s (%s)"
                          % (node.get("name", "?"), name, val, name, spec))
            reg, ranges = fmtbits.parse(spec)
            shift = 0
            for lo, hi in ranges:
                n = hi - lo + 1
                raw[reg] |= ((val >> shift) & ((1 << n) - 1)) << lo
                shift += n
        out = {}
        # fields of the same name first (config1 holds several overlapping ones)
        order = [n for n in (fields or {}) if n in self.format] + \
                [n for n in self.format if n not in (fields or {})]
        for name in order:
            spec = self.format[name]
            reg = fmtbits.parse(spec)[0]
            m = fmtbits.mask(spec)
            if raw[reg] & m or name in (fields or {}):
                out[name] = fmtbits.extract(spec, raw[reg])
                raw[reg] &= ~m
        if any(raw):
            self.fail(node, "%s: %s has bits outside PMU %s's format"
                      % (node.get("name", "?"), dict(fields), self.pmu["name"]))
        return self.split_modifier_fields(out)

    def split_modifier_fields(self, out):
        """Bits of a value that fall in a sub-field the converter splits out
        of it (frontend's fe_thres: a modifier's field) go to that sub-field,
        as in perf's entries of this descriptor."""
        for g, subs in self.splits.items():
            if g not in out:
                continue
            reg = fmtbits.parse(self.format[g])[0]
            graw = self.raw({g: out[g]})[reg]
            for f in subs:
                fmask = fmtbits.mask(self.format[f])
                if graw & fmask:
                    out[f] = out.get(f, 0) | fmtbits.extract(self.format[f], graw & fmask)
                    graw &= ~fmask
            out[g] = fmtbits.extract(self.format[g], graw)
        return out

    def find_splits(self):
        """{field: [sub-fields]}: pairs perf's entries set together where the
        second lies inside the first (the converter's split of an MSR value)."""
        splits = {}
        for ev in self.desc["events"]:
            for u in ev.get("umasks") or [None]:
                s = self.full_set(ev, u)
                for g in s:
                    for f in s:
                        if f == g or f in splits.get(g, ()):
                            continue
                        pg, pf = fmtbits.parse(self.format[g]), fmtbits.parse(self.format[f])
                        mg, mf = fmtbits.mask(self.format[g]), fmtbits.mask(self.format[f])
                        if pg[0] == pf[0] and mf & mg == mf and mf != mg:
                            splits.setdefault(g, []).append(f)
        return splits

    # ---- libpfm4's events ----

    def linked(self, node, ev_name, um_name):
        """The perf entry behind an overlay entry (None for compat); claims
        every perf name it stands for. A name perf's tables no longer have
        (the overlay was derived from an older table) is reported and left
        out; without its perf event the libpfm4 string is a compatibility
        entry of the overlay's encoding."""
        if node.get("compat"):
            return None
        names = [node["perf"]] + list(node.get("also") or [])
        label = "%s:%s" % (ev_name, um_name) if um_name else ev_name
        for n in names:
            if U(n) not in self.byperf:
                self.stale(node, "%s: perf event %s is not in perf's %s/%s tables any more%s"
                           % (label, n, self.ctx.arch, self.ctx.model_dir,
                              ": kept as a compatibility entry" if n == names[0] else ""))
                continue
            self.claims.setdefault(U(n), []).append((ev_name, um_name))
        return self.byperf.get(U(names[0]))

    def stale(self, node, msg):
        """An overlay fact newer perf data contradicts: a warning naming the
        overlay line, never a stop (docs/compat.md, "Overlays older than
        perf's data")."""
        self.ctx.warn("%s (re-run gen/libpfm4-names/derive.py)" % msg, self.path, getattr(node, "line", None))

    def unclaim(self, node, ev_name, um_name):
        """Withdraw the claims an overlay entry made (linked)."""
        for n in [node["perf"]] + list(node.get("also") or []):
            c = self.claims.get(U(n))
            if c and (ev_name, um_name) in c:
                c.remove((ev_name, um_name))
                if not c:
                    del self.claims[U(n)]

    def contradicted(self, node, label, hit, mine, ev_set):
        """perf's linked entry no longer encodes as the overlay says. Newer
        vendor data wins for perf's name; libpfm4's name keeps the overlay's
        encoding only where that is libpfm4's own (docs/compat.md), i.e. not
        where derive.py took it from perf's older table (the strings of
        perf_won). Returns the set libpfm4's name gets, or None when it
        keeps its own encoding as a compatibility entry (perf's entry then
        stays perf's, under its full name)."""
        theirs = self.full_set(*hit)
        what = "%s: perf's %s encodes %s, the overlay %s" % (label, node["perf"], theirs, _nz(mine))
        if U(label) in self.perf_won and self.expressible(theirs, ev_set, node):
            self.stale(node, "%s, which came from an older perf table (libpfm4's own code differs, %s):"
                             " libpfm4's name follows perf's" % (what, self.perf_won[U(label)]))
            return {k: v for k, v in theirs.items() if ev_set.get(k) != v}
        self.stale(node, "%s: libpfm4's name keeps libpfm4's encoding, perf's name perf's" % what)
        perf = self.spelling.get(U(node["perf"]), node["perf"])
        pev, pu = hit
        self.aliases[perf] = "%s:%s" % (pev["name"], pu["name"]) if pu else pev["name"]
        self.detached.add(U(perf))
        return None

    def expressible(self, theirs, ev_set, node):
        """Can a unit mask of an event of set ev_set encode theirs (values OR)?"""
        return all(theirs.get(k, 0) & v == v for k, v in ev_set.items() if v)

    def raw(self, fields):
        """(config, config1, config2) of field values under the PMU's format."""
        regs = [0, 0, 0]
        for name, val in fields.items():
            reg, ranges = fmtbits.parse(self.format[name])
            shift = 0
            for lo, hi in ranges:
                n = hi - lo + 1
                regs[reg] |= ((val >> shift) & ((1 << n) - 1)) << lo
                shift += n
        return tuple(regs)

    def check(self, node, label, hit, mine):
        """perf's entry still encodes as libpfm4's string (compared as
        register values: the format may split a value over several fields)."""
        return self.raw(self.full_set(*hit)) == self.raw(mine)

    def event(self, oe):
        name = oe["name"]
        ev = {"name": name, "code": oe["code"], "set": self.translate(oe.get("set"), oe)}
        if oe.get("equiv"):
            ev["equiv"] = oe["equiv"]
        # the event's own list, else the overlay's usual one (libpfm4 offers
        # ldlat and fe_thres only where it says so, snb L3_LAT_CACHE has none)
        allowed = set(oe["modifiers"] if "modifiers" in oe else self.ov.get("modifiers") or
                      [m["name"] for m in self.mods])
        if "modifiers" in oe or len(allowed) != len(self.mods):
            ev["modifiers"] = [m["name"] for m in self.mods if m["name"] in allowed]
        if oe.get("precise"):
            ev["precise"] = True
        if oe.get("umasks"):
            groups = [dict(g) for g in oe.get("groups") or []]
            ev["umasks"] = [self.umask(oe, ev, ou, len(groups) <= 1) for ou in oe["umasks"]]
            ev["desc"] = self.event_desc(name, ev["umasks"])
            if all("compat" in u.get("flags", ()) for u in ev["umasks"]):
                ev["flags"] = ["compat"]
            used = {u.get("group", groups[0]["name"] if groups else None) for u in ev["umasks"]}
            groups = [g for g in groups if g["name"] in used]
            if groups:
                ev["groups"] = groups
        else:
            hit = self.linked(oe, name, None)
            if hit is None:
                ev["desc"] = COMPAT_EVENT_DESC
                ev["flags"] = ["compat"]
                if oe.get("groups"):          # refused without a unit mask, as in libpfm4
                    ev["groups"] = [dict(g) for g in oe["groups"]]
            elif not self.check(oe, name, hit, ev["set"]) and \
                    self.contradicted(oe, name, hit, ev["set"], {}) is None:
                self.unclaim(oe, name, None)
                ev["desc"] = COMPAT_EVENT_DESC
                ev["flags"] = ["compat"]
            else:
                if not self.check(oe, name, hit, ev["set"]):
                    ev["set"] = self.full_set(*hit)
                src = hit[1] or hit[0]
                for k, v in self.perf_keys(hit[0], EVENT_OWN).items():
                    ev.setdefault(k, v)
                for k, v in self.perf_keys(src, EVENT_OWN).items():
                    ev[k] = v
                ev["desc"] = src.get("desc") or name
                ev["perf"] = oe["perf"]
        return {k: ev[k] for k in EVENT_KEY_ORDER if k in ev}

    def event_desc(self, name, umasks):
        """perf's description of the event of that name, else that of the
        default (or first) unit mask perf describes."""
        for e in self.desc["events"]:
            if U(e["name"]) == U(name) and e.get("desc"):
                return e["desc"]
        linked = [u for u in umasks if "compat" not in u.get("flags", ())]
        for u in [u for u in linked if u.get("default")] + linked:
            return u["desc"]
        return COMPAT_EVENT_DESC

    def umask(self, oe, ev, ou, single_group):
        u = {"name": ou["name"]}
        hit = self.linked(ou, oe["name"], ou["name"])
        u["set"] = self.translate(ou.get("set"), ou)
        if "umask" in self.format:
            u["set"].setdefault("umask", 0)
        if ou.get("defaults"):
            # modifier values the string may replace (ldlat=3, fe_thres=1)
            for f in ou["defaults"]:
                if f not in self.format:
                    self.fail(ou, "%s: defaults: %s is not a field of PMU %s"
                              % (ou["name"], f, self.pmu["name"]))
            u["defaults"] = dict(ou["defaults"])
        if hit is not None and single_group:   # with several groups, other groups' defaults add bits
            mine = self.full_set(ev, u)
            for f, v in (u.get("defaults") or {}).items():
                mine[f] = mine.get(f, 0) | v
            label = "%s:%s" % (oe["name"], ou["name"])
            if not self.check(ou, label, hit, mine):
                new = self.contradicted(ou, label, hit, mine, _nz(ev.get("set") or {}))
                if new is None:
                    self.unclaim(ou, oe["name"], ou["name"])
                    hit = None
                else:
                    # modifier defaults stay defaults where perf's value is theirs
                    dfl = u.pop("defaults", {})
                    keep = {f: v for f, v in dfl.items() if new.get(f) == v}
                    u["set"] = {f: v for f, v in new.items() if f not in keep}
                    if "umask" in self.format:
                        u["set"].setdefault("umask", 0)
                    if keep:
                        u["defaults"] = keep
        if hit is None:
            u["desc"] = COMPAT_UMASK_DESC
        else:
            u["desc"] = (hit[1] or hit[0]).get("desc") or ou["name"]
        for k in ("code", "group", "exclusive", "default", "precise", "equiv", "no_modifiers"):
            if k in ou:
                u[k] = ou[k]
        if hit is None:
            u["flags"] = ["compat"]
        else:
            u["perf"] = ou["perf"]
            for k, v in self.perf_keys(hit[0], UMASK_OWN).items():
                if k in UMASK_FROM_EVENT:
                    u.setdefault(k, v)
            for k, v in self.perf_keys(hit[1] or {}, UMASK_OWN).items():
                u[k] = v
        return {k: u[k] for k in UMASK_KEY_ORDER if k in u}

    @staticmethod
    def perf_keys(d, own):
        """What a perf entry says that this transform does not decide itself
        (sample_after, counters, hw_smpl, ...); perf's `deprecated` flag does
        not carry over to libpfm4's name."""
        out = {k: v for k, v in d.items() if k not in own}
        if "flags" in out:
            out["flags"] = [f for f in out["flags"] if f != "deprecated"]
            if not out["flags"]:
                del out["flags"]
        return out

    # ---- what stays of perf's events ----

    def perf_leftovers(self):
        """perf's events without the entries libpfm4's took; emptied ones go
        (self.emptied: their upper-case name -> the perf names they held)."""
        self.emptied = {}
        self.partial = {}       # perf event partly claimed by one libpfm4 event: its name
        self.bare_perf = {U(e["EventName"]) for e in self.ctx.perf_events if "." not in e["EventName"]}
        rest = []
        for ev in self.desc["events"]:
            if not ev.get("umasks"):
                if U(_perf_name(ev)) not in self.claims:
                    rest.append(ev)
                continue
            keep = [u for u in ev["umasks"] if U(_perf_name(ev, u)) not in self.claims]
            if not keep:
                self.emptied[U(ev["name"])] = [U(_perf_name(ev, u)) for u in ev["umasks"]]
                continue
            if len(keep) != len(ev["umasks"]):
                homes = {c[0] for u in ev["umasks"] for c in self.claims.get(U(_perf_name(ev, u)), [])}
                if len(homes) == 1:
                    self.partial[U(ev["name"])] = U(homes.pop())
                ev = dict(ev, umasks=keep)
                first = (ev.get("groups") or [{"name": "default"}])[0]["name"]
                used = {u.get("group", first) for u in keep}
                if "groups" in ev:
                    ev["groups"] = [g for g in ev["groups"] if g["name"] in used]
            rest.append(ev)
        return rest

    def merge(self, lev, pev):
        """Unit masks perf keeps for an event libpfm4 also names join libpfm4's
        first group (exclusive there when they encode another event select);
        False when the two cannot be one event: when a default of another
        group sets bits, which would add to perf's encodings (a default that
        sets none, upstream Zen 5's VECTOR_NONE, adds nothing)."""
        if not lev.get("umasks") or not pev.get("umasks"):
            return False
        first = (lev.get("groups") or [{"name": "default"}])[0]["name"]
        if any(u.get("default") and u.get("group", first) != first and _nz(u.get("set"))
               for u in lev["umasks"]):
            return False       # (other groups' defaults would add to perf's encodings)
        fulls = [self.full_set(pev, u) for u in pev["umasks"]]
        lset = lev.get("set") or {}
        if any(lset.get(k, 0) & ~f.get(k, 0) for f in fulls for k in lset):
            # an event-level value some perf unit mask lacks: the unit masks carry it
            for u in lev["umasks"]:
                for k, v in lset.items():
                    u["set"][k] = u["set"].get(k, 0) | v
            lev["set"] = lset = {}
        taken = set()
        for u in lev["umasks"]:
            taken.add(U(u["name"]))
            taken.update(U(a) for a in u.get("aliases") or [])
        sel = {u["set"].get("event", lset.get("event")) for u in lev["umasks"]}
        for u, full in zip(pev["umasks"], fulls):
            u = {k: v for k, v in u.items() if k not in ("group", "default")}
            u["set"] = {k: v for k, v in full.items() if lset.get(k) != v}
            if "umask" in self.format:
                u["set"].setdefault("umask", 0)
            if full.get("event", 0) not in sel:
                u["exclusive"] = True
            if U(u["name"]) in taken:
                # perf's EVENT.UMASK is libpfm4's EVENT:UMASK, which wins
                old = u["name"]
                u["name"] = old + "_PERF"
                self.retarget("%s:%s" % (pev["name"], old), "%s:%s" % (lev["name"], u["name"]))
            lev["umasks"].append(u)
        return True

    def retarget(self, old, new):
        """Aliases (the converter's) that expanded to old now expand to new."""
        for k, v in self.aliases.items():
            if U(v.lstrip("=")) == U(old):
                self.aliases[k] = v[:len(v) - len(v.lstrip("="))] + new

    def libpfm4_reads(self, name):
        """libpfm4 reads this perf name as a string of its own ('.' is a
        delimiter there): PRE is a libpfm4 event with a unit mask SUF."""
        pre, dot, suf = U(name).partition(".")
        if pre not in self.byname:
            return False
        return not dot or self.finds(self.byname[pre], suf, None)

    def rename(self, ev, new, byname):
        """Rename a perf event that clashes with a libpfm4 one; perf's names
        of it become aliases, except those libpfm4 reads as its own strings."""
        old = ev["name"]
        ev["name"] = new
        for u in ev.get("umasks") or []:
            self.retarget("%s:%s" % (old, u["name"]), "%s:%s" % (new, u["name"]))
            name = _perf_name(dict(ev, name=old), u)
            if not self.libpfm4_reads(name):
                self.aliases[name] = "%s:%s" % (new, u["name"])
        if not ev.get("umasks"):
            self.retarget(old, new)
        msg = "perf event %s encodes unlike libpfm4's event of that name: kept as %s" % (old, new)
        self.clashed.add(U(old))
        if U(old) in self.known_clashes:
            self.ctx.note("%s (a known clash, %s)" % (msg, self.clashes_path))
        else:
            self.ctx.warn("%s (not a known clash: if it is right, list it with the reason in %s)"
                          % (msg, self.clashes_path))

    # ---- aliases ----

    def make_aliases(self, built, byname):
        for perf in sorted(self.claims):
            pre, _, suf = perf.partition(".")
            ev_name, um_name = sorted(self.claims[perf], key=lambda c: (
                U(c[0]) != pre, U(c[1] or "") != suf.replace(".", "_"), c[1] is None))[0]
            for key in [k for k in self.aliases if U(k) == perf]:
                del self.aliases[key]
            if um_name is None:
                # (libpfm4 reads atom's BR_INST_RETIRED.MISPRED as its own
                # BR_INST_RETIRED:MISPRED: that wins over perf's event)
                if U(ev_name) != perf and perf not in byname and not self.libpfm4_reads(perf):
                    self.aliases[self.spelling[perf]] = ev_name
                continue
            lev = byname[U(ev_name)]
            self.add_suffix_alias(lev, um_name, suf)
            if U(ev_name) == pre and self.finds(lev, suf, um_name):
                continue
            if self.libpfm4_reads(perf):
                continue        # libpfm4 reads PRE.SUF as its own PRE:SUF: that wins
            self.aliases[self.spelling[perf]] = "%s:%s" % (ev_name, um_name)
        for pre, members in sorted(self.emptied.items()):
            homes = {c[0] for m in members for c in self.claims.get(m, [])}
            if len(homes) == 1 and pre not in byname and \
                    not any(U(a) == pre for a in self.aliases):
                self.aliases[self.spelling[pre]] = homes.pop()

    @staticmethod
    def finds(lev, suf, um_name):
        """Does plain lookup of unit mask suf in lev give um_name (any unit
        mask when um_name is None)?"""
        for u in lev.get("umasks") or []:
            if U(u["name"]) == suf or suf in (U(a) for a in u.get("aliases") or []):
                return um_name is None or u["name"] == um_name
        return False

    @staticmethod
    def add_suffix_alias(lev, um_name, suf):
        """perf's unit-mask suffix as an alias, unless another unit mask has it."""
        suf = suf.replace(".", "_")
        if not suf:
            return
        for u in lev["umasks"]:
            if U(u["name"]) == suf or suf in (U(a) for a in u.get("aliases") or []):
                return
        for u in lev["umasks"]:
            if u["name"] == um_name:
                u.setdefault("aliases", []).append(suf)
                return
