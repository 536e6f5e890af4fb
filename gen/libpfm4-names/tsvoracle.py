# SPDX-License-Identifier: MIT
# tsvoracle.py - what upstream libpfm4 says about a PMU that libpfm4 4.13
# lacks, read from the reference file of its names and codes
# (libpfm4-upstream-events.tsv: pfm_get_event_info / pfm_get_event_attr_info
# through upstream's API), offered with oracle.py's interface (list_events,
# encode) so that derive.py matches upstream's names to perf's events by
# encoding as it does 4.13's. The file is per architecture (x86_64, arm64,
# powerpc builds); encodings are rebuilt from the codes by the PMU's family
# layout.
#
# The file holds codes, not encodings: a unit mask's code is read as
#   - the bits of an MSR value, on an event perf gives an MSR that is no
#     modifier's (FRONTEND_RETIRED, not MEM_TRANS_RETIRED's ldlat),
#   - a whole config value carrying its own event select (libpfm4's code
#     override: TOPDOWN:BAD_SPEC_SLOTS 0x4a4, CPU_CLK_UNHALTED:C01 0x10ec),
#   - or config bits 8 and up (umask, then edge/inv/cmask: STALL_CYCLES 0x18001;
#     it replaces the umask an event code carries: EXE 0x2b7:AMX_BUSY 0x2),
# whichever gives the encoding of a perf event of the model; otherwise by the
# shape of the code. Unit masks combine by OR (the file does not say which
# refuse each other), except MSR values: two different ones are
# PFM_ERR_FEATCOMB (the MSR holds one selection; libpfm4 4.13 refuses every
# such FRONTEND_RETIRED pair on skl, icl, icx and spr); and on the events of
# upstream_groups.py's facts (groups the file does not show) two unit masks of
# an exclusive group refuse each other (PFM_ERR_FEATCOMB) and a group the
# string leaves empty adds its defaults; an event's default unit masks are
# its encoding alone,
# a fixed counter's pseudo-encoding (event select 0) locks c, e and i at 0,
# and LOAD_LATENCY defaults ldlat (LDLAT_DEFAULT).
import collections
import os

import layout
import oracle
import upstream_groups

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(os.path.dirname(HERE))
DEFAULT_TSV = os.path.join(TOP, "arch", "x86", "libpfm4-upstream-events.tsv")

PFM_ERR_FEATCOMB = -5
PFM_ERR_UMASK = -6
PFM_ERR_ATTR = -8
PFM_ERR_ATTR_SET = -10
INT_MODS = {"c", "ldlat", "fe_thres", "period", "freq", "precise", "cpu"}
# libpfm4's load-latency threshold when the string gives none (4.13's overlays:
# LOAD_LATENCY `defaults: {ldlat: 0x3}`); a unit mask other unit masks'
# equivalents name with ldlat=N (LOAD_LATENCY_GT_4 = LOAD_LATENCY:ldlat=4) has it
LDLAT_DEFAULT = 3
# the fields of the modifiers a unit mask's equivalent may name (LOAD_LATENCY:ldlat=128)
MOD_FIELDS = {"c": "cmask", "i": "inv", "e": "edge", "t": "any", "ldlat": "ldlat", "fe_thres": "fe_thres"}
# config bits 16-23 a plain (non-override) code may set beside the umask:
# edge (18), any (21), inv (23)
PLAIN_HIGH = 0x04 | 0x20 | 0x80


def flags_of(s):
    """{flag: value or True} of a facts row's comma-separated flags (k=v or k)"""
    out = {}
    for f in s.split(",") if s else ():
        k, _, v = f.partition("=")
        out[k] = v if v else True
    return out


def read(path=DEFAULT_TSV):
    """{pmu: [oracle.Event]} of the file (core PMUs), events and unit masks in file order."""
    out = collections.OrderedDict()
    with open(path) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            c = line.rstrip("\n").split("\t")
            pmu, _, ptype, ev, um, ecode, ucode, flags = (c + [""] * 8)[:8]
            if ptype != "core":
                continue
            fl = flags_of(flags)
            evs = out.setdefault(pmu, [])
            if not um:
                e = oracle.Event(["E", pmu, ev, ecode, "0", fl.get("equiv", "-"),
                                  "1" if "precise" in fl else "0", "0", "0"])
                for m in (fl.get("mods") or "").split("|"):
                    if m:
                        e.attrs.append(_attr(pmu, ev, m, 3 if m in INT_MODS else 2, 0, False, False, None, 1))
                evs.append(e)
                continue
            e = evs[-1]
            a = _attr(pmu, ev, um, oracle.PFM_ATTR_UMASK, int(ucode, 16), "dfl" in fl, "precise" in fl,
                      fl.get("equiv"), 0)
            a.no_mods = "no_mods" in fl
            e.attrs.insert(len(e.umasks()), a)
    return out


def _attr(pmu, ev, name, typ, code, dfl, precise, equiv, ctrl):
    return oracle.Attr(["A", pmu, ev, "0", str(typ), name, "%x" % code, str(ctrl), "1" if dfl else "0",
                        "1" if precise else "0", "0", "0", "0", equiv or "-"])


class TsvOracle:
    """oracle.py's interface over one PMU of the file, given the perf events
    of its model (to tell the readings of a code apart)."""

    def __init__(self, pmu, events, perf, lay):
        self.pmu, self.events, self.lay = pmu, events, layout.of(lay)
        self.byname = {e.name.upper(): e for e in events}
        self.perfkeys = {p.key() for p in perf}
        # events whose unit masks are an MSR value (FRONTEND_RETIRED), not a
        # modifier's MSR (MEM_TRANS_RETIRED's ldlat)
        mods = set(self.lay.softable()) | set(self.lay.lockable())
        self.msr_events = {p.event for p in perf if p.msr_field and not p.is_offcore() and p.msr_field not in mods}
        self.amd = pmu.startswith("amd64")
        # unit-mask groups the file does not show (upstream_groups.py): {EVENT: [(exclusive, {UMASK})]}
        self.groups = {}
        for (p, ev), grps in upstream_groups.load().items():
            if p == pmu:
                self.groups[ev.upper()] = [(excl, {n.upper() for n in names}) for _, excl, names in grps]

    def list_events(self):
        return self.events

    # --- codes of one unit mask ---
    def _cands(self, e, u):
        """(config, msr) readings of unit mask u of event e, best first."""
        ev = e.code
        if self.amd:
            return [(self._amd(ev, u.code), None)]
        # a unit mask's umask replaces the one an event code carries (EXE 0x2b7:AMX_BUSY 0x2)
        plain = ((ev & ~0xff00) | (u.code << 8)) & 0xffffffff
        override = u.code & 0xffffffff
        msr = (ev, u.code)
        cands = []
        if (ev & 0xff) in self.msr_events:
            cands.append(msr)
        if u.code > 0xff:
            cands.append((override, None))
        cands.append((plain, None))
        seen = [c for c in cands if self._key(c) in self.perfkeys]
        if seen:
            return seen + [c for c in cands if c not in seen]
        # no perf event has either: by the shape of the code
        if (ev & 0xff) in self.msr_events:
            return [msr]
        if u.code > 0xff and (u.code >> 8) & 0xff & ~PLAIN_HIGH:
            return [(override, None)]
        return [(plain, None)]

    @staticmethod
    def _ldlat_umasks(e):
        """names of the unit masks of e that default ldlat: those other unit
        masks' equivalents name with ldlat=N, and on an event with the ldlat
        modifier the one named LOAD_LATENCY"""
        out = {u.equiv.split(":")[0].upper() for u in e.umasks() if u.equiv and ":ldlat=" in u.equiv.lower()}
        if "ldlat" in e.pmu_modifiers():
            out |= {u.name.upper() for u in e.umasks() if u.name.upper() == "LOAD_LATENCY" and not u.equiv}
        return out

    def _amd(self, ev, um):
        return self.lay.deposit({"event": ev, "umask": um})[0]

    def _key(self, c):
        cfg, msr = c
        return oracle.key_of_codes([cfg] if msr is None else [cfg, msr], self.lay)

    def _codes(self, e, names):
        """codes of event e with unit masks names (none: its defaults);
        a unit mask's equivalent is expanded, its modifiers set their fields."""
        ums = {u.name.upper(): u for u in e.umasks()}
        mods = {}
        for n in names:
            if n.upper() in self._ldlat_umasks(e):
                mods["ldlat"] = LDLAT_DEFAULT
        for _ in range(4):
            out = []
            for n in names:
                u = ums.get(n.upper())
                if u is not None and u.equiv:
                    out.extend(u.equiv.split(":"))
                elif "=" in n:
                    k, _, v = n.partition("=")
                    mods[k] = int(v, 0)
                else:
                    out.append(n)
            names = out
        grps = self.groups.get(e.name.upper())
        if grps and names:
            given = [n.upper() for n in names if "=" not in n]
            for excl, members in grps:
                mine = [n for n in given if n in members]
                if excl and len(set(mine)) > 1:
                    return PFM_ERR_FEATCOMB, []
                if not mine:
                    # a group the string leaves empty takes its defaults
                    names = names + [u.name for u in e.umasks() if u.dfl and u.name.upper() in members]
        if not names:
            names = [u.name for u in e.umasks() if u.dfl]
            if e.umasks() and not names:
                return PFM_ERR_UMASK, []
        if not e.umasks():
            cfg = self._amd(e.code, 0) if self.amd else e.code
            return 0, [cfg]
        cfg, msr = 0, None
        msrs = set()
        for n in names:
            u = ums.get(n.upper())
            if u is None:
                return PFM_ERR_ATTR, []
            c, m = self._cands(e, u)[0]
            cfg |= c
            if m is not None:
                msr = (msr or 0) | m
                msrs.add(m)
        # an MSR-valued event's register holds one selection (FRONTEND_RETIRED's
        # frontend MSR): unit masks with different values do not combine, as
        # libpfm4 4.13 refuses every such pair on skl, icl, icx and spr
        if len(msrs) > 1:
            return PFM_ERR_FEATCOMB, []
        for k, v in mods.items():
            field = MOD_FIELDS.get(k)
            if field not in self.lay.fields:
                return PFM_ERR_ATTR, []
            regs = self.lay.deposit({field: v})
            cfg |= regs[0]
            if regs[1]:
                msr = (msr or 0) | regs[1]
        return 0, [cfg] if msr is None else [cfg, msr]

    def encode(self, strings):
        out = {}
        for s in strings:
            body = s.split("::", 1)[-1]
            parts = body.split(":")
            e = self.byname.get(parts[0].upper())
            rc, codes = PFM_ERR_ATTR, []
            depth = 0
            names = parts[1:]
            while e is not None and e.equiv and not names and depth < 4:
                eq = e.equiv.split(":")
                e, names = self.byname.get(eq[0].upper()), eq[1:]
                depth += 1
            probes = [n for n in parts[1:] if "=" in n]
            if e is not None and (not probes or all(n.lower().startswith("ldlat=") for n in probes)):
                rc, codes = self._codes(e, names)
            elif e is not None and not self.amd:
                # a fixed counter's pseudo-encoding (event select 0) takes no
                # counter mask, edge or invert: libpfm4 refuses them (ATTR_SET,
                # as 4.13's INST_RETIRED:ANY:c=1); of other probes nothing is known
                base_rc, base = self._codes(e, [n for n in names if "=" not in n])
                fixed = base_rc == 0 and base and not base[0] & 0xff and base[0] & 0xff00
                rc = PFM_ERR_ATTR_SET if fixed and any(n.split("=")[0] in ("c", "e", "i") for n in probes) \
                    else PFM_ERR_ATTR
            elif e is not None:
                rc = PFM_ERR_ATTR
            x = oracle.Encoding.__new__(oracle.Encoding)
            x.string, x.rc, x.codes, x.fstr = s, rc, codes, None
            out[s] = x
        return out
