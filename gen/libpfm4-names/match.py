# SPDX-License-Identifier: MIT
# match.py - pair every libpfm4 event and unit mask of one PMU with the perf
# JSON event of the same encoding, or describe it as a compatibility entry,
# and say how its unit masks combine (groups.py). Produces the overlay
# structure that derive.py writes (facts only: names, codes, flags).
import collections
import itertools
import re

import groups as groups_mod
import layout
import oracle

PFM_ERR_UMASK = -6


def _offcore_names():
    """Event names of the offcore response MSRs (arch/x86/offcore/msrs.yaml):
    libpfm4's (OFFCORE_RESPONSE_0, ...) and perf's prefixes (OFFCORE_RESPONSE, OCR)."""
    msrs = layout.offcore_msrs()
    return {m.event.upper() for m in msrs.msrs} | {p.rstrip(".") for p in msrs.prefixes}


# libpfm4 events handled by the OFFCORE_RESPONSE transform, not by this one
# (OFFCORE_RE.match(name): name, or perf's NAME.REST, is one of them)
OFFCORE_NAMES = _offcore_names()
OFFCORE_RE = re.compile(r"^(%s)(\.|$)" % "|".join(re.escape(n) for n in sorted(OFFCORE_NAMES)), re.I)


def is_offcore(name):
    """Is name (an event, or perf's EVENT.REST) one of the offcore response events?"""
    return bool(OFFCORE_RE.match(name))


def _score(perf, ev_name, um_name):
    """Sort key: the perf name closest to libpfm4's spelling comes first."""
    pre, _, suf = perf.name.upper().partition(".")
    ev_name = ev_name.upper()
    um_name = (um_name or "").upper()
    full = ev_name + ("." + um_name if um_name else "")
    return (perf.name.upper() != full,
            not (pre == ev_name and suf == um_name),
            suf != um_name or not um_name,
            pre != ev_name,
            perf.deprecated)


class Matcher:
    """Perf events of a model indexed by encoding key."""

    def __init__(self, perf_events):
        self.bykey = collections.defaultdict(list)
        for p in perf_events:
            if not p.is_offcore():
                self.bykey[p.key()].append(p)
        self.msr_field = {}
        for p in perf_events:
            if p.msr_field and not p.is_offcore():
                self.msr_field.setdefault(p.event, p.msr_field)

    def normal(self, key):
        """The key without the second code libpfm4 4.13 adds to events perf
        gives no MSR (spr EXE:AMX_BUSY: event 0xb7 treated as offcore)."""
        if key[6] and key[0] not in self.msr_field and not self.bykey.get(key):
            return key[:6] + (0,)
        return key

    def lookup(self, key, ev_name, um_name):
        """(primary perf event, [other perf events with that encoding]) or (None, [])."""
        cands = sorted(self.bykey.get(self.normal(key), []),
                       key=lambda p: _score(p, ev_name, um_name))
        if key[0] == 0 and um_name is not None:
            # event select 0 names a fixed counter: a unit mask of another
            # event is not perf's event of that counter (libpfm4's glm
            # CPU_CLK_UNHALTED:REF encodes INST_RETIRED.ANY's counter)
            cands = [p for p in cands if p.name.upper().partition(".")[0] == ev_name.upper()]
        if not cands:
            return None, []
        return cands[0], cands[1:]

    def fields(self, key):
        return oracle.fields_of_key(self.normal(key), self.msr_field.get(key[0]))


# modifiers whose field a unit mask may lock at 0 (PFM_ERR_ATTR_SET when given
# another value: spr INST_RETIRED:ANY:i): the family's modifiers of config
# fields (layout.Layout.lockable()), tried with this value
LOCK_PROBE = "1"
PFM_ERR_ATTR_SET = -10


# modifiers whose value a unit mask may merely default (libpfm4 4.13: LOAD_LATENCY
# gets ldlat=3, skl IDQ_4_BUBBLES fe_thres=1, and the string may change it): the
# family's modifiers of fields inside an MSR value (layout.Layout.softable()),
# tried with this value
SOFT_PROBE = "77"


def soft_strings(pmu, events, lay):
    """EVENT:UMASK:m=77 for the softable modifiers each event offers."""
    soft = lay.softable()
    out = []
    for e in events:
        mods = [m for m in e.pmu_modifiers() if m in soft]
        for u in e.umasks():
            out.extend("%s::%s:%s:%s=%s" % (pmu, e.name, u.name, m, SOFT_PROBE) for m in mods)
    return out


def lock_strings(pmu, events, lay):
    """EVENT[:UMASK]:m=1 for the lockable modifiers each event offers."""
    lock = lay.lockable()
    out = []
    for e in events:
        if is_offcore(e.name):
            continue
        mods = [m for m in e.pmu_modifiers() if m in lock]
        for t in [e.name] + ["%s:%s" % (e.name, u.name) for u in e.umasks()]:
            out.extend("%s::%s:%s=%s" % (pmu, t, m, LOCK_PROBE) for m in mods)
    return out


def pair_strings(pmu, events):
    """EVENT:U1:U2 for every pair of unit masks of the events this module maps."""
    out = []
    for e in events:
        if not is_offcore(e.name):
            for a, b in itertools.combinations([u.name for u in e.umasks()], 2):
                out.append("%s::%s:%s:%s" % (pmu, e.name, a, b))
    return out


class PmuMatch:
    """Builds the overlay events of one PMU. Call run(), then read the attributes."""

    def __init__(self, pmu, events, enc, matcher, lay):
        """lay: the PMU's layout.Layout"""
        self.pmu, self.events, self.enc, self.m, self.lay = pmu, events, enc, matcher, lay
        self.lockable, self.softable = lay.lockable(), lay.softable()
        self.stats = collections.Counter()
        self.unresolved = []
        self.skipped = []
        self.out = []
        self.raw0 = {}          # "EVENT[:UMASK]" -> libpfm4's first raw code
        mods = collections.Counter(tuple(e.pmu_modifiers()) for e in events)
        self.modifiers = list(mods.most_common(1)[0][0]) if mods else []

    def s(self, *names):
        return "%s::%s" % (self.pmu, ":".join(names))

    def link(self, d, key, ev_name, um_name):
        """Add perf/also (or compat) to an entry for the encoding key."""
        perf, others = self.m.lookup(key, ev_name, um_name)
        if perf:
            d["perf"] = perf.name
            if others:
                d["also"] = [p.name for p in others]
            self.stats["perf"] += 1
        else:
            d["compat"] = True
            self.stats["compat"] += 1

    def reject(self, string, why):
        self.unresolved.append((self.pmu, string, why))
        self.stats["rejected"] += 1

    def run(self):
        for e in self.events:
            if is_offcore(e.name):
                self.skipped.append(e.name)
                continue
            oe = self.event(e)
            if oe:
                self.out.append(oe)
        self.own_codes_of_equivs()
        return self

    def own_codes_of_equivs(self):
        """libpfm4 follows one event equiv only: snb LLC_MISSES (equiv
        LAST_LEVEL_CACHE_MISSES, itself equiv L3_LAT_CACHE:MISS) encodes as
        LAST_LEVEL_CACHE_MISSES' own codes, which only such a string shows.
        An event reached that way takes the set seen through it."""
        byname = {oe["name"]: oe for oe in self.out}
        for oe in self.out:
            target = byname.get(oe.get("equiv"))
            if target is not None and target.get("equiv") and not target.get("umasks") \
                    and not oe.get("umasks") and target["set"] != oe["set"]:
                target["set"] = dict(oe["set"])
                self.stats["equiv_own_codes"] += 1

    def event(self, e):
        bare = self.enc[self.s(e.name)]
        oe = {"name": e.name, "code": e.code}
        if e.equiv:
            oe["equiv"] = e.equiv
        if e.precise:
            oe["precise"] = True
        if e.pmu_modifiers() != self.modifiers:
            oe["modifiers"] = e.pmu_modifiers()
        if not e.umasks():
            if bare.rc == PFM_ERR_UMASK:
                # an event libpfm4 lists but always refuses for want of a unit
                # mask (snb MEM_LOAD_UOPS_LLC_MISS_RETIRED): same refusal here
                oe["set"] = {"event": e.code & self.lay.value_mask("event")}
                oe["compat"] = True
                oe["groups"] = [{"name": "default", "required": True}]
                self.stats["compat"] += 1
                return oe
            if bare.rc != 0:
                self.reject(e.name, "libpfm4 4.13 itself rejects it (error %d)" % bare.rc)
                return None
            key = oracle.key_of_codes(bare.codes, self.lay)
            self.raw0[e.name] = bare.codes[0]
            oe["set"] = self.m.fields(key)
            self.locks(e, e.name, oe["set"])
            self.link(oe, key, e.name, None)
            return oe
        keys = {}
        for u in e.umasks():
            x = self.enc[self.s(e.name, u.name)]
            if x.rc == 0:
                keys[u.name] = oracle.key_of_codes(x.codes, self.lay)
                self.raw0["%s:%s" % (e.name, u.name)] = x.codes[0]
            else:
                self.reject("%s:%s" % (e.name, u.name),
                            "libpfm4 4.13 itself rejects it (error %d)" % x.rc)
        if not keys:
            return None
        sels = collections.Counter(k[0] for k in keys.values())
        # unit masks may override the event select (icl CPU_CLK_UNHALTED:REF_TSC)
        oe["set"] = {"event": sels.most_common(1)[0][0]} if len(sels) == 1 else {}
        ums = [u for u in e.umasks() if u.name in keys]
        self.combine(e, oe, ums, keys, bare)
        oe["umasks"] = [self.umask(e, oe, u, keys) for u in ums]
        return oe

    def combine(self, e, oe, ums, keys, bare):
        """Groups and exclusive flags from the pair encodings."""
        names = [u.name for u in ums]
        dfl = {u.name for u in ums if u.dfl}
        single = {n: keys[n][1] for n in names}

        def rc(a, b):
            x = self.enc.get(self.s(e.name, a, b))
            return x.rc if x else 0

        def same(a, b):
            # libpfm4 lets even exclusive unit masks pair when their umask bits
            # are equal (skl UOPS_DISPATCHED_PORT:PORT_0:PORT_0_CORE), mostly
            return keys[a][1] == keys[b][1] and rc(a, b) != groups_mod.PFM_ERR_FEATCOMB

        umask = self.lay.value_mask("umask")
        grps, excl, bad = groups_mod.infer(names, rc, same, single, dfl,
                                           {u.name: u.code & umask for u in ums if u.dfl})
        bad = [(a, b) for a, b in bad if not self.equivs_explain(ums, grps, excl, a, b, rc(a, b))]
        self.stats["pairs_mismatched"] += len(bad)
        for a, b in bad:
            if rc(a, b) == groups_mod.PFM_ERR_FEATCOMB:
                why = "libpfm4 4.13 refuses this pair; groups and exclusive flags cannot say so"
            elif keys[a][1] == keys[b][1]:
                why = ("libpfm4 4.13 pairs these exclusive unit masks as their umask bits are "
                       "equal; pmuplug refuses the pair")
            else:
                why = "libpfm4 4.13 accepts this pair; groups and exclusive flags cannot say so"
            self.unresolved.append((self.pmu, "%s:%s:%s" % (e.name, a, b), why))
        self.group_of = {n: i for i, g in enumerate(grps) for n in g}
        self.own = dict(single)
        if len(grps) > 1:
            self.own_bits(ums, grps, keys)
        out = []
        for i, g in enumerate(grps):
            gd = {"name": "default" if i == 0 else "g%d" % i}
            if len(g) > 1 and all(n in excl for n in g):
                gd["exclusive"] = True
                excl -= set(g)
            if bare.rc == PFM_ERR_UMASK and not any(n in dfl for n in g):
                gd["required"] = True
            out.append(gd)
        self.excl = excl
        if len(out) > 1 or any(len(g) > 1 for g in out):
            oe["groups"] = out

    @staticmethod
    def equivs_explain(ums, grps, excl, a, b, got):
        """The pair a:b encodes as libpfm4 does once unit masks with an
        equivalent are replaced by it (as the encoder does): IDQ:MS_UOPS:
        MS_UOPS_CYCLES is MS_UOPS:c=1, one unit mask, not two exclusive ones."""
        equiv = {u.name: u.equiv for u in ums}
        parts = [a, b]
        for _ in range(4):      # equivalents of equivalents (snb L1D_PEND_MISS:EDGE)
            parts = [x for p in parts for x in ((equiv.get(p) or p).split(":"))]
        base = {p for p in parts if "=" not in p and p in equiv}
        mods = {}
        for p in parts:
            if p in equiv:
                continue
            k, _, v = p.partition("=")
            if mods.setdefault(k, v or "1") != (v or "1"):
                return got == PFM_ERR_ATTR_SET
        gid = {n: i for i, g in enumerate(grps) for n in g}
        base = sorted(base)
        refused = any(gid.get(x) == gid.get(y) and (x in excl or y in excl)
                      for i, x in enumerate(base) for y in base[i + 1:])
        return refused == (got == groups_mod.PFM_ERR_FEATCOMB) and got in (0, groups_mod.PFM_ERR_FEATCOMB)

    def own_bits(self, ums, grps, keys):
        """Umask field of each unit mask without the defaults of other groups."""
        dfl_bits = collections.defaultdict(int)
        umask = self.lay.value_mask("umask")
        for u in ums:
            if u.dfl:
                dfl_bits[self.group_of[u.name]] |= u.code & umask
        for u in ums:
            g = self.group_of[u.name]
            others = 0
            for h, bits in dfl_bits.items():
                if h != g:
                    others |= bits
            seen = keys[u.name][1]
            for cand in (u.code & umask, seen & ~others):
                if cand | others == seen:
                    self.own[u.name] = cand
                    break
            else:
                self.stats["own_bits_unknown"] += 1

    def umask(self, e, oe, u, keys):
        key = keys[u.name]
        ou = {"name": u.name}
        full = self.m.fields(key)
        if self.own[u.name] != key[1]:
            full["umask"] = self.own[u.name]
        ou["set"] = {k: v for k, v in full.items() if oe["set"].get(k) != v}
        if u.code != ou["set"].get("umask", 0):
            ou["code"] = u.code
        self.link(ou, key, e.name, u.name)
        if self.group_of[u.name]:
            ou["group"] = "g%d" % self.group_of[u.name]
        if u.name in self.excl:
            ou["exclusive"] = True
        if u.dfl:
            ou["default"] = True
        if u.precise:
            ou["precise"] = True
        if u.equiv:
            ou["equiv"] = u.equiv
        if getattr(u, "no_mods", False):
            ou["no_modifiers"] = True
        self.locks(e, "%s:%s" % (e.name, u.name), ou["set"])
        self.softs(e, u, ou)
        return ou

    def softs(self, e, u, ou):
        """A modifier value the unit mask only defaults (the string may give
        another: ldlat=77 encodes 77) leaves its set for `defaults`."""
        x = self.enc[self.s(e.name, u.name)]
        for m in e.pmu_modifiers():
            if m not in self.softable:
                continue
            field, reg, mask, in_field = self.softable[m]
            if len(x.codes) <= reg:
                continue
            shift = (mask & -mask).bit_length() - 1
            val = (x.codes[reg] & mask) >> shift
            y = self.enc.get(self.s(e.name, u.name, "%s=%s" % (m, SOFT_PROBE)))
            if not val or field not in ou["set"] or not y or y.rc != 0 or len(y.codes) <= reg \
                    or (y.codes[reg] & mask) >> shift != int(SOFT_PROBE):
                continue
            ou["set"][field] &= ~in_field
            if not ou["set"][field]:
                del ou["set"][field]
            ou.setdefault("defaults", {})[m] = val
            self.stats["soft"] += 1

    def locks(self, e, target, fields):
        """Fields a unit mask (or event) holds at 0 against their modifier:
        written as explicit 0, a preset the encoder then defends."""
        for m in e.pmu_modifiers():
            if m not in self.lockable:
                continue
            field, bits = self.lockable[m]
            x = self.enc.get(self.s(target, "%s=%s" % (m, LOCK_PROBE)))
            if x and x.rc == PFM_ERR_ATTR_SET and not self.raw0[target] & bits and field not in fields:
                fields[field] = 0
                self.stats["locked"] += 1
