# SPDX-License-Identifier: MIT
"""perf's events of an uncore Unit merged into the libpfm4 4.13 box that
already has them (arch/<arch>/uncore/<vendor>/*.yaml): libpfm4's strings
keep their 4.13 encoding and listing, perf's names resolve to perf's
encoding in the kernel's layout. See docs/jsontoyaml.md ("Uncore Units")
and docs/compat.md ("perf's events on libpfm4 4.13's boxes")."""
import copy

import fmtbits

SUFFIX = "_PERF"
KERNEL = "_kernel"


class Counts:
    """What one merge did, for the report."""

    def __init__(self):
        self.added = self.merged = self.umasks_added = self.renamed = self.lost = self.shadowed = 0
        self.lost_names = []

    def line(self, pmu):
        return ("uncore %s: perf's events merged: %d events added, %d unit masks the same as libpfm4's, "
                "%d unit masks added, %d kept as NAME_PERF (%d perf full names of them read as libpfm4 4.13 reads them), "
                "%d not expressible%s"
                % (pmu, self.added, self.merged, self.umasks_added, self.renamed, self.shadowed, self.lost,
                   (" (%s)" % ", ".join(self.lost_names)) if self.lost_names else ""))


def _fields_used(ev):
    used = set(ev.get("set", ()))
    for u in ev.get("umasks", ()):
        used.update(u.get("set", ()))
        used.update(u.get("defaults", ()))
    return used


def _rename_sets(ev, ren):
    ev["set"] = {ren[k]: v for k, v in ev.get("set", {}).items()}
    for u in ev.get("umasks", ()):
        u["set"] = {ren[k]: v for k, v in u.get("set", {}).items()}
        if "defaults" in u:
            u["defaults"] = {ren[k]: v for k, v in u["defaults"].items()}


def _layout(fmt, kfmt, used):
    """{kernel field: its name in the merged format}, growing fmt with the
    kernel's fields perf's events use: one of the same name and bits is
    shared, one libpfm4 lays out otherwise is added as <field>_kernel."""
    ren = {}
    for k in sorted(used):
        spec = kfmt[k]
        name = k
        if k in fmt and fmt[k] != spec:
            name = k + KERNEL
        if name in fmt and fmt[name] != spec:
            raise ValueError("field %s: %s and %s" % (name, fmt[name], spec))
        fmt[name] = spec
        ren[k] = name
    return ren


def _eff(fmt, ev, u):
    """{register: bits} of EVENT:UMASK (the event's and the unit mask's
    field values placed by fmt): libpfm4's and the kernel's layouts compare
    by the bits they set, whatever their fields are called."""
    out = {}
    for s in (ev.get("set", {}), (u or {}).get("set", {})):
        for k, v in s.items():
            reg = fmtbits.parse(fmt[k])[0]
            out[reg] = out.get(reg, 0) | fmtbits.deposit(fmt[k], v)
    return {r: v for r, v in out.items() if v}


def _find_umask(ev, name):
    up = name.upper()
    for u in ev.get("umasks", ()):
        if u["name"].upper() == up or any(a.upper() == up for a in u.get("aliases", ())):
            return u
    return None


def _plain(ev, group):
    """libpfm4's EVENT:UMASK (a unit mask of group) encodes as the event's
    and the unit mask's sets alone: no fallback, rules or defaults of other
    groups, no required group but this one."""
    if ev.get("fallback") or ev.get("rules"):
        return False
    groups = ev.get("groups") or [{"name": "default"}]
    first = groups[0]["name"]
    for g in groups:
        if g["name"] == group:
            continue
        if g.get("required"):
            return False
        if any(u.get("default") and u.get("group", first) == g["name"] for u in ev.get("umasks", ())):
            return False
    return True


def _plain_umask(u):
    return not any(k in u for k in ("defaults", "equiv", "required_modifiers"))


def _group_for(ev, u):
    """The group of libpfm4's event whose unit masks set the same fields as
    perf's unit mask, or None."""
    keys = set(u.get("set", {}))
    first = (ev.get("groups") or [{"name": "default"}])[0]["name"]
    for lu in ev.get("umasks", ()):
        if set(lu.get("set", {})) == keys:
            return lu.get("group", first)
    return None


def _full(ev, u):
    """{field: value} of EVENT:UMASK (the event's set, the unit mask's OR-ed in)."""
    out = dict(ev.get("set", {}))
    for k, v in (u or {}).get("set", {}).items():
        out[k] = out.get(k, 0) | v
    return out


def _extend(fmt, have, pev):
    """Add perf's unit masks to an event perf's tables already gave (another
    perf directory of the same box), each set to what it adds to that
    event's: None when the events do not match, else the names of the unit
    masks that encode otherwise there (left out)."""
    if bool(have.get("umasks")) != bool(pev.get("umasks")):
        return None
    if not pev.get("umasks"):
        return [] if _eff(fmt, have, None) == _eff(fmt, pev, None) else None
    first = (have.get("groups") or [{"name": "default"}])[0]["name"]
    clash = []
    for u in pev["umasks"]:
        hu = _find_umask(have, u["name"])
        if hu is not None:
            if _eff(fmt, have, hu) != _eff(fmt, pev, u):
                clash.append(u["name"])
            continue
        full = _full(pev, u)
        if any(full.get(k) != v for k, v in have.get("set", {}).items()) or not _plain_umask(u):
            clash.append(u["name"])
            continue
        nu = dict(u)
        nu.pop("default", None)
        nu["set"] = {k: v for k, v in full.items() if k not in have.get("set", {})}
        nu["group"] = first
        have.setdefault("umasks", []).append(nu)
    return clash


def _bits(spec):
    """[(register, bit), ...] of a format spec, lowest range first."""
    reg, ranges = fmtbits.parse(spec)
    return [(reg, b) for lo, hi in ranges for b in range(lo, hi + 1)]


def _raw_positions(pmu):
    """A kernel field added beside libpfm4's that lies on bits libpfm4's
    PFM_OS_NONE codes hold elsewhere (libpfm4's fields' raw_format) is held
    there too, bit for bit: a perf event's filter reaches the code libpfm4's
    own spelling of it does (skx CHA: config1's upper half is the third code)."""
    raw = pmu.get("raw_format")
    if not raw:
        return
    fmt = pmu["format"]
    where = {}
    for f, rspec in list(raw.items()):
        if f in fmt and fmtbits.parse(fmt[f]) and fmtbits.parse(rspec):
            where.update(zip(_bits(fmt[f]), _bits(rspec)))
    for f, spec in fmt.items():
        if f in raw or not fmtbits.parse(spec):
            continue
        bits = _bits(spec)
        mapped = [where.get(b) for b in bits]
        if not bits or None in mapped or len({r for r, _ in mapped}) != 1:
            continue
        reg, rb = mapped[0][0], [b for _, b in mapped]
        if rb != sorted(rb) or len(set(rb)) != len(rb):
            continue
        runs = []
        for b in rb:
            if runs and runs[-1][1] == b - 1:
                runs[-1][1] = b
            else:
                runs.append([b, b])
        raw[f] = "config%s:%s" % ("" if reg == 0 else reg,
                                  ",".join("%d" % lo if lo == hi else "%d-%d" % (lo, hi) for lo, hi in runs))


def merge(desc, pdesc, note, counts, model=None):
    """Merge perf's descriptor pdesc (one Unit, the kernel's format) into
    libpfm4's descriptor desc in place; note(text) records a report note.
    model: the perf directory pdesc comes from (its last component names
    the event that keeps unit masks another directory's encode otherwise)."""
    pmu, ppmu = desc["pmu"], pdesc["pmu"]
    name = pmu["name"]
    fmt = dict(pmu["format"])
    kfmt = ppmu["format"]
    used = set()
    for ev in pdesc["events"]:
        used |= _fields_used(ev)
    ren = _layout(fmt, kfmt, used)
    pmu["format"] = fmt
    _raw_positions(pmu)
    regs = max(fmtbits.parse(fmt[f])[0] for f in ren.values()) + 1 if ren else 1
    pmu["max_encoding"] = max(pmu.get("max_encoding", 1), regs)
    # modifiers: libpfm4's whose field (and enable field) the kernel lays out alike
    mods = []
    for m in pmu.get("modifiers", ()):
        fields = [m[k] for k in ("field", "enable") if k in m]
        if fields and all(kfmt.get(f) == fmt.get(f) for f in fields) and not m.get("none_only"):
            mods.append(m["name"])
    events = desc["events"]
    by_name = {e["name"].upper(): e for e in events}
    aliases = dict(pmu.get("aliases") or {})
    place = {}                  # (perf event, unit mask or "") -> the event it now lives in

    def put(ev_name, umasks, where):
        for u in umasks:
            place[(ev_name.upper(), u["name"].upper())] = where
        place[(ev_name.upper(), "")] = where

    own = set(by_name)          # libpfm4 4.13's event names (and earlier merges')
    pmods = [m["name"].upper() for m in pmu.get("modifiers", ())]
    attrs = {}                  # event -> the attribute names libpfm4 reads after it
    for e in events:
        a = {m.upper() for m in e.get("modifiers", pmods)}
        for u in e.get("umasks", ()):
            a.add(u["name"].upper())
            a.update(x.upper() for x in u.get("aliases", ()))
        attrs[e["name"].upper()] = a

    def alias(perf_name, target):
        # libpfm4 4.13 reads NAME.X as NAME:X: a perf name starting with one
        # of its events whose X is one of that event's unit masks or
        # modifiers stays libpfm4's (NAME_PERF:X is perf's encoding); one
        # libpfm4 refuses for an unknown X is perf's
        if not perf_name or perf_name in aliases:
            return
        head, *rest = perf_name.upper().split(".")
        if head in own and (not rest or any(x.split("=")[0] in attrs.get(head, ()) for x in rest)):
            # libpfm4 4.13 reads this string (or refuses it naming one of
            # its own attributes): it stays libpfm4's
            counts.shadowed += 1
            return
        aliases[perf_name] = target

    def keep_perf(pev, why):
        orig = pev["name"]
        nn = orig + SUFFIX
        have = by_name.get(nn.upper())
        clash = _extend(fmt, have, pev) if have is not None else None
        if clash is not None:
            # another perf directory's event of that name (Cascade Lake's on skx boxes)
            for u in pev.get("umasks", ()):
                if u["name"] not in clash:
                    alias(u.get("perf"), "=%s:%s" % (nn, u["name"]))
            counts.merged += 1
            put(orig, [u for u in pev.get("umasks", ()) if u["name"] not in clash], nn)
            # the unit masks that clash: an event of their own, NAME_PERF_<MODEL>
            # (perf's names stay the first directory's)
            mn = "%s_%s" % (nn, model.rsplit("/", 1)[-1].upper()) if model else None
            if clash and mn and mn.upper() not in by_name:
                mev = copy.deepcopy(pev)
                mev["name"] = mn
                mev["umasks"] = [u for u in mev["umasks"] if u["name"] in clash]
                for u in mev["umasks"]:
                    u.pop("perf", None)
                events.append(mev)
                by_name[mn.upper()] = mev
                counts.renamed += 1
                for c in clash:
                    note("%s: perf's %s.%s of %s is %s:%s: another perf directory's %s:%s on this box encodes "
                         "otherwise" % (name, orig, c, model, mn, c, nn, c))
                return
            for c in clash:
                counts.lost += 1
                counts.lost_names.append("%s.%s" % (pev["name"], c))
                note("%s: perf's %s.%s not added: another perf directory's %s:%s on this box encodes otherwise"
                     % (name, pev["name"], c, nn, c))
            return
        if have is not None:
            counts.lost += 1
            counts.lost_names.append(pev["name"])
            note("%s: perf's %s not added: %s, and %s (another perf directory's) encodes otherwise"
                 % (name, pev["name"], why, nn))
            return
        put(orig, pev.get("umasks", ()), nn)
        note("%s: perf's %s is %s: %s" % (name, pev["name"], nn, why))
        pev["name"] = nn
        for u in pev.get("umasks", ()):
            alias(u.get("perf"), "=%s:%s" % (nn, u["name"]))
        events.append(pev)
        by_name[nn.upper()] = pev
        counts.renamed += 1

    for src in pdesc["events"]:
        pev = copy.deepcopy(src)
        _rename_sets(pev, ren)
        pev["modifiers"] = list(mods)
        if ren.get("event", "event") != "event" and "code" not in pev:
            # pfm_event_info.code: the event select, wherever the kernel puts it
            pev["code"] = pev["set"].get(ren["event"], 0)
        lev = by_name.get(pev["name"].upper())
        # an event libpfm4 encodes as its equivalent event of the box (hswep
        # HA UNC_H_SNP_RESP_RECV_LOCAL is UNC_H_SNOOP_RESP_RECV_LOCAL): perf's
        # unit masks go to that one, where libpfm4's parser reads them
        eq = (lev or {}).get("equiv") or ""
        if eq and ":" not in eq and eq.upper() in by_name:
            lev = by_name[eq.upper()]
        if lev is None:
            put(pev["name"], pev.get("umasks", ()), pev["name"])
            events.append(pev)
            by_name[pev["name"].upper()] = pev
            counts.added += 1
            continue
        pf = ren.get("event", "event")
        psel, lsel = pev["set"].get(pf, 0), lev.get("set", {}).get("event", 0)
        if _eff(fmt, {"set": {pf: psel}}, None) != _eff(fmt, {"set": {"event": lsel}}, None):
            keep_perf(pev, "libpfm4 4.13's event of that name has select 0x%x, perf's 0x%x"
                      % (lsel or 0, psel or 0))
            continue
        if not pev.get("umasks"):
            if _eff(fmt, lev, None) == _eff(fmt, pev, None) and _plain(lev, None) and not lev.get("umasks"):
                counts.merged += 1
                put(pev["name"], (), lev["name"])
            else:
                keep_perf(pev, "libpfm4 4.13's event of that name encodes otherwise")
            continue
        left = []
        for u in pev["umasks"]:
            lu = _find_umask(lev, u["name"])
            if lu is not None:
                first = (lev.get("groups") or [{"name": "default"}])[0]["name"]
                if (_eff(fmt, lev, lu) == _eff(fmt, pev, u) and _plain(lev, lu.get("group", first))
                        and _plain_umask(lu)):
                    counts.merged += 1
                    put(pev["name"], [u], lev["name"])
                    if u.get("perf") and u["perf"].upper() != ("%s.%s" % (lev["name"], lu["name"])).upper():
                        alias(u["perf"], "=%s:%s" % (lev["name"], lu["name"]))
                else:
                    note("%s: perf's %s.%s encodes otherwise than libpfm4 4.13's %s:%s"
                         % (name, pev["name"], u["name"], lev["name"], lu["name"]))
                    left.append(u)
                continue
            g = _group_for(lev, u)
            if (g is not None and _eff(fmt, pev, None) == _eff(fmt, lev, None) and _plain(lev, g)
                    and _plain_umask(u)):
                nu = dict(u)
                nu.pop("default", None)
                nu["group"] = g
                lev.setdefault("umasks", []).append(nu)
                counts.umasks_added += 1
                put(pev["name"], [u], lev["name"])
            else:
                left.append(u)
        if left:
            keep = {id(u) for u in left}
            pev["umasks"] = [u for u in pev["umasks"] if id(u) in keep]
            gl = {u.get("group", pev["groups"][0]["name"]) for u in pev["umasks"]} if pev.get("groups") else None
            if gl is not None:
                pev["groups"] = [g for g in pev["groups"] if g["name"] in gl]
            keep_perf(pev, "unit masks libpfm4 4.13's event of that name lacks or encodes otherwise")
    for k, v in (ppmu.get("aliases") or {}).items():
        # perf's aliases follow their unit masks to where they now live
        exact = "=" if v.startswith("=") else ""
        head, *parts = v.lstrip("=").split(":")
        keys = [(head.upper(), x.upper()) for x in parts if "=" not in x] or [(head.upper(), "")]
        where = {place.get(key) for key in keys}
        if len(where) != 1 or None in where:
            note("%s: perf's alias %s (%s) not kept: its unit masks went to different events or none"
                 % (name, k, v))
            continue
        alias(k, exact + ":".join([where.pop()] + parts))
    if aliases:
        pmu["aliases"] = dict(sorted(aliases.items()))
    return counts
