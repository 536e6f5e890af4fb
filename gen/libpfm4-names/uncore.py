#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""uncore.py - write arch/x86/uncore/<vendor>/<model>.yaml: the uncore PMUs of
the installed libpfm4 4.13 as descriptors (facts only: PMU names and ids, box
instances, event and unit-mask names and codes, modifiers, bit layout, how
unit masks combine), read through its public API with pfmdump.

    gen/libpfm4-names/uncore.py [--pfmdump build/bin/pfmdump] [--out arch/x86/uncore]

Box instances whose event lists are the same become one descriptor with
`instances` (skx_unc_imc0 with skx_unc_imc1..5). The bit layout is measured:
each modifier's field by encoding an event with and without it (and per
event, where it puts a modifier elsewhere: `modifier_fields`), the event's
own bits as those every encoding of it shares, each unit mask's as the rest of
its encoding, split over `event`, `umask`, `ext` (other config bits), `filter0`
(config1) and `filter1` (config2). Groups come from encoding every pair of
unit masks (groups.py). Descriptions are neutral: libpfm4's prose is not
copied. jsontoyaml (jsontoyaml/uncore.py) completes them (match, priority).
"""
import argparse
import collections
import json
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import oracle  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(os.path.dirname(HERE))

# libpfm4 PMU name prefix -> (output file, vendor folder, libpfm4 core PMU whose
# host match makes the uncore PMUs eligible, or None: never detected, plus
# the perf_events PMU name pattern of a box: {unit} and {n})
MODELS = [
    ("nhm_unc", "intel", "nhm"), ("wsm_unc", "intel", "wsm"),
    ("snbep_unc", "intel", "snb_ep"), ("snb_unc", "intel", "snb"),
    ("ivbep_unc", "intel", "ivb_ep"), ("ivb_unc", "intel", "ivb"),
    ("hswep_unc", "intel", "hsw_ep"), ("bdx_unc", "intel", "bdw_ep"),
    ("knl_unc", "intel", "knl"), ("knm_unc", "intel", "knm"), ("skx_unc", "intel", "skx"),
    ("rapl", "intel", None), ("amd64_rapl", "amd", None),
    ("amd64_fam15h_nb", "amd", None), ("amd64_fam19h_zen3_l3", "amd", "amd64_fam19h_zen3"),
]

# the kernel's PMU (sysfs name) of a libpfm4 box: libpfm4 unit -> kernel unit
KERNEL_UNIT = {"cbo": "cbox", "ha": "ha", "imc": "imc", "pcu": "pcu", "qpi": "qpi", "ubo": "ubox",
               "r2pcie": "r2pcie", "r3qpi": "r3qpi", "irp": "irp", "sbo": "sbox", "cha": "cha",
               "iio": "iio", "m2m": "m2m", "m3upi": "m3upi", "upi": "upi", "m2pcie": "m2pcie",
               "edc_eclk": "edc_eclk", "edc_uclk": "edc_uclk", "imc_uclk": "imc_uclk"}
# libpfm4 4.13 PMUs whose third code (filter1) the kernel takes in config1's
# upper half (Linux's skx CHA format: filter_rem config1:32 ... filter_isoc
# config1:63), not in config2: PFM_OS_NONE keeps the codes apart, perf_events
# packs them into one config1, as libpfm4 4.13 does
CONFIG1_HIGH_FILTER1 = {"skx_unc_cha"}
# kernel PMUs that refuse every exclude_* bit (registered with PERF_PMU_CAP_NO_EXCLUDE)
NO_EXCLUDE_KERNEL_PMUS = {"power", "amd_l3", "amd_nb"}
# config bits the kernel PMU sets itself (AMD's uncore: the enable, interrupt
# and privilege bits of the event select): libpfm4 4.13 puts them in its
# PFM_OS_NONE codes only, perf_events' config never has them
KERNEL_SET_BITS = {"amd_l3": 0x530000, "amd_nb": 0x530000}
# config bits the kernel's format makes one field of values, a choice and not
# bits to OR (the PCU's occ_sel, config:14-15: C0 0x4000, C3 0x8000, C6
# 0xc000): the unit masks of a group that set bits there only exclude each
# other, where libpfm4 4.13 keeps the later one on some models
CHOICE_BITS = {"uncore_pcu": 0xc000}
SPECIAL_PERF_PMU = {"rapl": "power", "skx_unc_irp": "uncore_irp_0", "amd64_rapl": "power", "amd64_fam19h_zen3_l3": "amd_l3",
                    "amd64_fam15h_nb": "amd_nb", "nhm_unc": "uncore", "wsm_unc": "uncore"}

# modifier -> format field name (the kernel's where it has one)
FIELD_OF_MOD = {"e": "edge", "i": "inv", "t": "thresh", "c": "cmask", "o": "occ"}

# libpfm4 4.13 lists an event name twice (the second is unreachable by name);
# (PMU base, name, code) -> the name perf's JSON gives that code
DUPLICATE_RENAMES = {("hswep_unc_ha", "UNC_H_SBO0_CREDIT_OCCUPANCY", 0x6b): "UNC_H_SBO1_CREDIT_OCCUPANCY"}

PFM_ATTR_UMASK = 1
PFM_ATTR_MOD_BOOL = 2
PFM_ERR_ATTR_VAL = -9


def model_of(name):
    for pre, vendor, core in MODELS:
        if name == pre or name.startswith(pre + "_") or re.fullmatch(re.escape(pre) + r"\d*", name):
            return pre, vendor, core
    raise SystemExit("uncore.py: no model for libpfm4 PMU %s (add it to MODELS)" % name)


def perf_pmu_of(pre, member, base, many):
    """The kernel PMU of one box: uncore_<unit>[_<n>]."""
    if member in SPECIAL_PERF_PMU:
        return SPECIAL_PERF_PMU[member]
    if base in SPECIAL_PERF_PMU:
        return SPECIAL_PERF_PMU[base]
    unit = base[len(pre) + 1:]
    kunit = KERNEL_UNIT.get(unit, unit)
    n = member[len(base):]
    if not many and not n:
        return "uncore_" + kunit
    return "uncore_%s_%s" % (kunit, n or "0")


def runs(mask):
    """'lo-hi,lo-hi' of the set bits of mask."""
    out, b = [], 0
    while mask >> b:
        if mask >> b & 1:
            e = b
            while mask >> (e + 1) & 1:
                e += 1
            out.append("%d-%d" % (b, e) if e > b else "%d" % b)
            b = e + 1
        else:
            b += 1
    return ",".join(out)


def low_bit(mask):
    return (mask & -mask).bit_length() - 1


def value_field(one, full, reg, mask):
    """The register and bits an integer modifier's value takes, from the codes
    with the value 1 and with every bit of the modifier's width set (reg and
    mask, the modifier's usual field, when they do not tell)."""
    one, full = (list(one) + [0, 0, 0])[:3], (list(full) + [0, 0, 0])[:3]
    diff = [a ^ b for a, b in zip(one, full)]
    regs = [r for r in range(3) if diff[r]]
    width = bin(mask).count("1")
    if width == 1 or len(regs) != 1:
        return reg, mask
    r = regs[0]
    got = diff[r] | (1 << low_bit(diff[r])) >> 1
    if bin(got).count("1") != width or not one[r] >> low_bit(got) & 1:
        return reg, mask
    return r, got


def pext(v, mask):
    out, k = 0, 0
    for b in range(64):
        if mask >> b & 1:
            out |= (v >> b & 1) << k
            k += 1
    return out


class Fields:
    """The descriptor's format: (name, reg, mask) in order; values split over them."""

    def __init__(self):
        self.f = []

    def add(self, name, reg, mask):
        if mask:
            self.f.append((name, reg, mask))

    def names(self):
        return [n for n, _, _ in self.f]

    def taken(self, reg):
        m = 0
        for _, r, k in self.f:
            if r == reg:
                m |= k
        return m

    def split(self, codes):
        """{field: value} of a codes vector (fields in order; a bit goes to the first that has it)."""
        out = {}
        for reg, v in enumerate(codes):
            for name, r, mask in self.f:
                if r != reg or not v & mask:
                    continue
                out[name] = pext(v & mask, mask)
                v &= ~mask
            if v:
                raise ValueError("bits 0x%x of code %d have no field" % (v, reg))
        return out

    def format(self):
        return {n: "config%s:%s" % ("" if r == 0 else r, runs(m)) for n, r, m in self.f}


def enable_name(enable):
    """The field of an enable bit: en<bit>, or f<reg>en<bit> outside config."""
    reg, bit = enable
    return "en%d" % bit if reg == 0 else "f%den%d" % (reg, bit)


def measure_modifiers(pd, rep, events, mins=None, maxes=None, given=None):
    """[(name, type, code, reg, lo, width)] of the PMU's modifiers, in code order:
    on the first string (an event alone or with one unit mask) that encodes
    with and without the modifier set to 1. mins (a dict) gets the integer
    modifiers libpfm4 refuses at 0 (PFM_ERR_ATTR_VAL) where 1 encodes: the
    C-box nf, whose node mask must not be empty. maxes (a dict) gets the
    integer modifiers libpfm4 takes past their field's bits, cutting the value
    to them (a bitfield: the hswep/bdx C-box cf, 5 bits, takes 0..63): their
    largest accepted value. given (a set) gets the modifiers whose enable bit
    libpfm4 sets at value 0 too (the snbep..bdx C-box tf and cf)."""
    mods = collections.OrderedDict()
    cands = collections.defaultdict(list)
    for e in events:
        strs = ["%s::%s" % (rep, e.name)] + ["%s::%s:%s" % (rep, e.name, u.name) for u in e.umasks()]
        for a in e.attrs:
            if a.type != PFM_ATTR_UMASK:
                mods.setdefault(a.name, (a.type, a.code))
                if len(cands[a.name]) < 400:
                    cands[a.name] += strs
    probes = []
    for m in mods:
        for b in cands[m]:
            probes += [b, "%s:%s=1" % (b, m), "%s:%s=2" % (b, m), "%s:%s=0" % (b, m)]
    enc = oracle.encode(pd, probes)
    out = []
    for m, (t, code) in mods.items():
        # an integer: its value 2 against its value 1 (bits libpfm4 sets for any
        # value, a filter's enable bit, cancel out); else with against without
        b = next((b for b in cands[m] if t != PFM_ATTR_MOD_BOOL and enc["%s:%s=1" % (b, m)].rc == 0
                  and enc["%s:%s=2" % (b, m)].rc == 0), None)
        if b is not None:
            c0 = enc["%s:%s=2" % (b, m)].codes
        else:
            b = next((b for b in cands[m] if enc[b].rc == 0 and enc["%s:%s=1" % (b, m)].rc == 0), None)
            if b is not None:
                c0 = enc[b].codes
            else:
                # libpfm4 refuses every use of it (knl_unc_cha's nf): a modifier without a field
                print("%s: modifier %s: no string encodes with it; kept without a field" % (rep, m))
                out.append((m, t, code, None, None, None, None))
                continue
        one = enc["%s:%s=1" % (b, m)]
        if mins is not None and t != PFM_ATTR_MOD_BOOL and one.rc == 0 and \
                enc["%s:%s=0" % (b, m)].rc == PFM_ERR_ATTR_VAL:
            mins[m] = 1
        reg, lo = None, None
        # the value goes to the last register that changes (an enable bit in config
        # goes with a value in a filter register)
        for r, (x, y) in enumerate(zip(c0 + [0] * 3, one.codes + [0] * 3)):
            if x ^ y:
                # the bits it adds; when it also removes bits (a default filter
                # libpfm4 drops once any filter is given: skx_unc_cha), its own
                # are those another modifier of the register does not set
                d = y & ~x
                if x & ~y:
                    for h in mods:
                        z = enc.get("%s:%s=1" % (b, h))
                        if h != m and z is not None and z.rc == 0 and len(z.codes) > r:
                            alt = y & ~z.codes[r]
                            if alt:
                                d = alt
                                break
                reg, d = r, d or (x ^ y)
                lo = (d & -d).bit_length() - 1
        if reg is None:
            raise SystemExit("%s: modifier %s=1 changes nothing" % (rep, m))
        width = 1
        if t != PFM_ATTR_MOD_BOOL:
            w = oracle.encode(pd, ["%s:%s=%d" % (b, m, (1 << k) - 1) for k in range(1, 65)])
            for k in range(1, 65):
                if w["%s:%s=%d" % (b, m, (1 << k) - 1)].rc:
                    break
                width = k
            # the bits the largest value sets: fewer than its own, libpfm4 cuts
            # the value to the field (the rest of its range is kept in max)
            top = w["%s:%s=%d" % (b, m, (1 << width) - 1)].codes + [0] * 3
            kept = 0
            while kept < width and top[reg] >> (lo + kept) & 1:
                kept += 1
            if kept < width:
                if maxes is not None:
                    maxes[m] = (1 << width) - 1
                width = kept
        # bits the modifier sets beyond its value (a filter's enable bit): E
        # against E:m=1 where E encodes alone, outside the value's own bits
        enable = None
        if enc[b].rc == 0:
            vmask = ((1 << width) - 1) << lo
            for r, (x, y) in enumerate(zip(enc[b].codes + [0] * 3, one.codes + [0] * 3)):
                d = (x ^ y) & ~(vmask if r == reg else 0)
                if d and not d & (d - 1):
                    enable = (r, d.bit_length() - 1)
            # the enable bit set by the modifier given at 0 as well
            zero = enc["%s:%s=0" % (b, m)]
            if enable and given is not None and zero.rc == 0 and \
                    (zero.codes + [0] * 3)[enable[0]] >> enable[1] & 1:
                given.add(m)
        out.append((m, t, code, reg, lo, width, enable))
    return out


# libpfm4's privilege levels PFM_PLM0..PFM_PLM3 and the names of hidden
# modifiers standing for them (PFM_PLMH aside: a modifier for it would make
# the PMU filter the hypervisor level under perf_events, exclude_hv)
PLM_BITS = (0x1, 0x2, 0x4, 0x8)
PLM_MOD_NAMES = {0x1: ("k", "os"), 0x8: ("u", "usr")}


def measure_plm(pd, rep, events, mods):
    """[(name, plm, reg, mask)]: config bits libpfm4 sets from the privilege
    levels given to pfm_get_os_event_encoding although the PMU lists no
    privilege modifier (amd64_fam15h_nb, amd64_fam19h_zen3_l3: bits 16 and
    17), grouped by the levels that set them; measured on the first string
    that encodes, at each level alone against none."""
    if any(m[0] in ("u", "k") for m in mods):
        return []
    strs = []
    for e in events:
        strs += ["%s::%s" % (rep, e.name)] + ["%s::%s:%s" % (rep, e.name, u.name) for u in e.umasks()]
        if len(strs) > 50:
            break
    base = oracle.encode(pd, strs, plm=0)
    s = next((s for s in strs if base[s].rc == 0), None)
    if s is None:
        return []
    c0 = base[s].codes + [0] * 3
    on = collections.defaultdict(int)      # (reg, bit) -> levels that set it
    for p in PLM_BITS:
        c = oracle.encode(pd, [s], plm=p)[s].codes + [0] * 3
        for r in range(3):
            d = c[r] & ~c0[r]
            while d:
                b = d & -d
                on[(r, b)] |= p
                d &= d - 1
    groups = collections.OrderedDict()
    for (r, b), p in sorted(on.items()):
        groups.setdefault((p, r), 0)
        groups[(p, r)] |= b
    out = []
    for (p, r), mask in groups.items():
        name, field = PLM_MOD_NAMES.get(p, ("plm%x" % p, "plm%x" % p))
        out.append((name, field, p, r, mask))
    return out


def applied_umasks(fstr, e):
    """The unit masks libpfm4 applied, from its fstr (PMU::EVENT:U1:U2:mod=v...)."""
    names = {u.name for u in e.umasks()}
    return [t for t in fstr.split("::", 1)[-1].split(":")[1:] if t in names]


class Union:
    def __init__(self, names):
        self.p = {n: n for n in names}

    def find(self, n):
        while self.p[n] != n:
            self.p[n] = self.p[self.p[n]]
            n = self.p[n]
        return n

    def join(self, a, b):
        self.p[self.find(a)] = self.find(b)


PERF_ATTRS = ("u", "k", "h", "period", "freq", "precise", "excl", "mg", "mh", "cpu", "pinned", "hw_smpl")
PFM_ATTR_CTRL_PERF_EVENT = 2


def perf_view(pd, rep, events):
    """(perf_attrs, none_only): the perf_events attributes libpfm4 offers on the
    PMU's events under PFM_OS_PERF_EVENT_EXT, in code order, and the PMU
    modifiers it lists under PFM_OS_NONE but not there."""
    ext = {e.name: e for e in oracle.list_events(pd, rep, os_layer="ext")}
    attrs, hidden, shown = set(), set(), set()
    for e in events:
        x = ext.get(e.name)
        if x is None:
            continue
        names = {a.name for a in x.attrs}
        attrs |= {a.name for a in x.attrs if a.ctrl == PFM_ATTR_CTRL_PERF_EVENT and a.name in PERF_ATTRS}
        for a in e.attrs:
            if a.type != PFM_ATTR_UMASK:
                (shown if a.name in names else hidden).add(a.name)
    return [a for a in PERF_ATTRS if a in attrs], hidden - shown


def moved_flags(pd, rep, events, enc, mods):
    """{event: [(modifier, reg, mask)]}: the flag modifiers an event sets in
    another bit than the PMU's field for them (libpfm4 4.13's PCU occupancy
    events put e and i on the occupancy edge-detect and invert bits, 31 and
    30), measured on the event's first string that encodes (alone, or with
    its first unit mask that does) with and without the flag. enc: the
    encodings of those strings."""
    flags = {m: (reg, ((1 << width) - 1) << lo) for m, t, code, reg, lo, width, enable in mods
             if reg is not None and t == PFM_ATTR_MOD_BOOL and not enable}
    bases, probes = {}, []
    for e in events:
        s0 = "%s::%s" % (rep, e.name)
        b = s0 if enc[s0].rc == 0 else next(("%s:%s" % (s0, u.name) for u in e.umasks()
                                             if enc["%s:%s" % (s0, u.name)].rc == 0), None)
        names = {a.name for a in e.attrs}
        if b:
            bases[e.name] = b
            probes += ["%s:%s=1" % (b, m) for m in flags if m in names]
    got = oracle.encode(pd, probes) if probes else {}
    out = {}
    for e in events:
        b = bases.get(e.name)
        for m in flags:
            y = got.get("%s:%s=1" % (b, m))
            if b is None or y is None or y.rc:
                continue
            diff = [x ^ z for x, z in zip(enc[b].codes + [0] * 3, y.codes + [0] * 3)]
            regs = [r for r in range(3) if diff[r]]
            if len(regs) == 1 and bin(diff[regs[0]]).count("1") == 1 and (regs[0], diff[regs[0]]) != flags[m]:
                out.setdefault(e.name, []).append((m, regs[0], diff[regs[0]]))
    return out


def describe(pd, rep, base, members, ids, pre, core):
    events = oracle.list_events(pd, rep, os_layer="none")
    perf_attrs, none_only = perf_view(pd, rep, events)
    mins, maxes, at_zero = {}, {}, set()
    mods = measure_modifiers(pd, rep, events, mins, maxes, at_zero)
    plm_mods = measure_plm(pd, rep, events, mods)
    fields = Fields()
    modmask = [0, 0, 0]
    plm_bits = [0, 0, 0]
    for m, fname, p, reg, mask in plm_mods:
        modmask[reg] |= mask
        plm_bits[reg] |= mask
    intmods = {}
    for m, t, code, reg, lo, width, enable in mods:
        if reg is not None:
            modmask[reg] |= ((1 << width) - 1) << lo
            if t != PFM_ATTR_MOD_BOOL:
                intmods[m] = (reg, ((1 << width) - 1) << lo)
        if enable:
            modmask[enable[0]] |= 1 << enable[1]
    # every event alone and with each unit mask; a unit mask that does not
    # encode alone is tried with an integer modifier at 1 (libpfm4's NID unit
    # masks require nf) and then with each other unit mask
    strings = []
    for e in events:
        strings.append("%s::%s" % (rep, e.name))
        for u in e.umasks():
            strings.append("%s::%s:%s" % (rep, e.name, u.name))
    enc = oracle.encode(pd, strings)
    retry = []
    for e in events:
        names = {a.name for a in e.attrs}
        for u in e.umasks():
            s = "%s::%s:%s" % (rep, e.name, u.name)
            if enc[s].rc:
                retry += ["%s:%s=1" % (s, m) for m in intmods if m in names]
                retry += ["%s:%s" % (s, v.name) for v in e.umasks() if v is not u]
                retry += ["%s:%s:%s=1" % (s, v.name, m) for v in e.umasks() if v is not u
                          for m in intmods if m in names]
    # an event refused alone for a missing modifier (the PCU band events need ff)
    for e in events:
        s0 = "%s::%s" % (rep, e.name)
        if enc[s0].rc == -8:
            names = {a.name for a in e.attrs}
            retry += ["%s:%s=1" % (s0, m) for m in intmods if m in names]
            # and with every bit of it: where this event puts the value
            retry += ["%s:%s=%d" % (s0, m, intmods[m][1] >> low_bit(intmods[m][1]))
                      for m in intmods if m in names]
    renc = oracle.encode(pd, retry) if retry else {}
    pair_strings = []
    for e in events:
        us = e.umasks()
        for i, a in enumerate(us):
            for b in us[i + 1:]:
                pair_strings.append("%s::%s:%s:%s" % (rep, e.name, a.name, b.name))
    pairs = oracle.encode(pd, pair_strings) if pair_strings else {}

    # fallback: filter bits an event has until any filter modifier is given
    # (libpfm4's skx_unc_cha filter1 default)
    fmods = {m: reg for m, t, code, reg, lo, width, enable in mods if reg is not None and reg >= 1}
    fprobe = {}
    for e in events:
        s0 = "%s::%s" % (rep, e.name)
        b = s0 if enc[s0].rc == 0 else next(("%s:%s" % (s0, u.name) for u in e.umasks()
                                             if enc["%s:%s" % (s0, u.name)].rc == 0), None)
        names = {a.name for a in e.attrs}
        if b:
            fprobe[e.name] = (b, ["%s:%s=1" % (b, m) for m in fmods if m in names])
    fenc = oracle.encode(pd, [x for _, l in fprobe.values() for x in l]) if fmods else {}
    fallback = {}
    for e in events:
        if e.name not in fprobe:
            continue
        b, probes = fprobe[e.name]
        lost = [0, 0, 0]
        for x in probes:
            y = fenc.get(x)
            if y is None or y.rc:
                continue
            for r, (p0, p1) in enumerate(zip(enc[b].codes + [0] * 3, y.codes + [0] * 3)):
                if 1 <= r < 3:
                    lost[r] |= p0 & ~p1
        if any(lost):
            fallback[e.name] = lost[:3]

    flag_moved = moved_flags(pd, rep, events, enc, mods)
    for moved in flag_moved.values():
        for m, reg, mask in moved:
            modmask[reg] |= mask

    used = [0, 0, 0]
    nregs = 1
    per_event = []
    not_applied = set()     # (event, unit mask) listed as a default, not applied
    needed = set()
    for e in events:
        us = e.umasks()
        s0 = "%s::%s" % (rep, e.name)
        obs = []            # (codes, applied umask names) of direct encodings
        if enc[s0].rc == 0:
            obs.append((enc[s0].codes, applied_umasks(enc[s0].fstr, e)))
        ev_req = None
        ev_field = None     # (modifier, reg, mask) where this event puts its value instead
        if enc[s0].rc == -8:
            for m in intmods:
                y = renc.get("%s:%s=1" % (s0, m))
                if y is not None and y.rc == 0:
                    reg, mask = intmods[m]
                    yf = renc.get("%s:%s=%d" % (s0, m, mask >> low_bit(mask)))
                    if yf is not None and yf.rc == 0:
                        reg, mask = value_field(y.codes, yf.codes, reg, mask)
                        if (reg, mask) != intmods[m]:
                            ev_field = (m, reg, mask)
                            modmask[reg] |= mask
                    c = list(y.codes)
                    c[reg] &= ~mask
                    obs.append((c, applied_umasks(y.fstr, e)))
                    ev_req = m
                    break
        fb = fallback.get(e.name, [0, 0, 0])
        for r in range(3):
            used[r] |= fb[r]
        extra = {}          # umask -> codes measured with help (modifier or partner)
        req_mod = {}        # umask -> the modifier libpfm4 requires with it
        for u in us:
            s = "%s:%s" % (s0, u.name)
            x = enc[s]
            if x.rc == 0:
                # libpfm4's fstr may spell a unit mask as the ones it covers
                # (MEM_WRITE_ANY as MEM_WRITE_PART0...): the given one is applied
                a = applied_umasks(x.fstr, e)
                obs.append((x.codes, a if u.name in a else a + [u.name]))
                continue
            for m in intmods:
                y = renc.get("%s:%s=1" % (s, m))
                if y is not None and y.rc == 0:
                    reg, mask = intmods[m]
                    c = list(y.codes)
                    c[reg] &= ~mask
                    extra[u.name] = (c, applied_umasks(y.fstr, e), None)
                    req_mod[u.name] = m
                    needed.add(m)
                    break
            else:
                for v in us:
                    y = renc.get("%s:%s" % (s, v.name))
                    if v is not u and y is not None and y.rc == 0:
                        extra[u.name] = (y.codes, applied_umasks(y.fstr, e), v.name)
                        break
                else:
                    for v in us:
                        for m in intmods:
                            y = renc.get("%s:%s:%s=1" % (s, v.name, m))
                            if v is u or y is None or y.rc:
                                continue
                            reg, mask = intmods[m]
                            c = list(y.codes)
                            c[reg] &= ~mask
                            extra[u.name] = (c, applied_umasks(y.fstr, e), v.name)
                            req_mod[u.name] = m
                            needed.add(m)
                            break
                        if u.name in extra:
                            break
        if any(fb):
            obs = [([v & ~fb[r] if r < 3 else v for r, v in enumerate(c)], a) for c, a in obs]
            extra = {k: ([v & ~fb[r] if r < 3 else v for r, v in enumerate(c)], a, p)
                     for k, (c, a, p) in extra.items()}
        for c, _ in obs:
            nregs = max(nregs, len(c))
        for c, _, _ in extra.values():
            nregs = max(nregs, len(c))
        pad = lambda c: (list(c) + [0, 0, 0])[:3]  # noqa: E731
        if obs:
            ev_bits = pad(obs[0][0])
            for c, _ in obs[1:]:
                ev_bits = [a & b for a, b in zip(ev_bits, pad(c))]
        elif extra:
            ev_bits = [e.code & 0xff, 0, 0]
        else:
            ev_bits = [e.code, 0, 0]
        for c, _ in obs:
            for r, v in enumerate(pad(c)):
                used[r] |= v
        for c, _, _ in extra.values():
            for r, v in enumerate(pad(c)):
                used[r] |= v

        def candidate(name):
            cs = [pad(c) for c, a in obs if name in a]
            if not cs and name in extra:
                cs = [pad(extra[name][0])]
            if not cs:
                return [0, 0, 0]
            out = cs[0]
            for c in cs[1:]:
                out = [a & b for a, b in zip(out, c)]
            return [a & ~b for a, b in zip(out, ev_bits)]
        # the defaults libpfm4 lists but does not apply to the bare event
        # (wsm_unc's UNC_QMC_WRITES lists FULL_ANY and PARTIAL_ANY, applies
        # FULL_ANY) are no defaults
        if enc[s0].rc == 0:
            applied = set(applied_umasks(enc[s0].fstr, e))
            not_applied.update((e.name, u.name) for u in us if u.dfl and u.name not in applied)
        dfl = [u.name for u in us if u.dfl and (e.name, u.name) not in not_applied]
        # groups: a unit mask joins the defaults libpfm4 drops when it is given,
        # and the unit masks it refuses to combine with
        un = Union([u.name for u in us])
        refuses = collections.defaultdict(set)
        for c, a in obs:
            if len(a) >= 1:
                given = [n for n in a if n not in dfl] or a[:1]
                for g in given:
                    for d in dfl:
                        if d not in a:
                            un.join(g, d)
        for u in us:
            if u.name in extra:
                for d in dfl:
                    if d not in extra[u.name][1]:
                        un.join(u.name, d)
        # a unit mask that needs a companion (libpfm4's skx_unc_cha opcodes need
        # IRQ): its refusals are measured with the companion given
        needy = {n: x[2] for n, x in extra.items() if x[2]}
        solo_rc = {u.name: enc["%s:%s" % (s0, u.name)].rc for u in us}
        # (a pair with a unit mask that needs a companion is refused for the
        # missing companion when that one is refused alone with
        # PFM_ERR_FEATCOMB (skx_unc_cha opcodes); one refused alone with
        # PFM_ERR_UMASK reports a missing companion so, and a pair's
        # PFM_ERR_FEATCOMB is then the two conflicting: snbep_unc_cbo's
        # OPCODE and EVICTION, OPC_RFO and OPC_CRD)
        def pair_conflict(a, b):
            x = pairs.get("%s::%s:%s:%s" % (rep, e.name, a, b)) or pairs.get("%s::%s:%s:%s" % (rep, e.name, b, a))
            return x is not None and x.rc == -5 and not pair_only_needs(a) and not pair_only_needs(b)

        def pair_only_needs(n):
            return n in needy and solo_rc[n] != -6
        for i, a in enumerate(us):
            for b in us[i + 1:]:
                if pair_only_needs(a.name) or pair_only_needs(b.name):
                    continue
                x = pairs.get("%s::%s:%s:%s" % (rep, e.name, a.name, b.name))
                if x is not None and x.rc == -5:
                    un.join(a.name, b.name)
                    refuses[a.name].add(b.name)
                    refuses[b.name].add(a.name)
        rules = []
        if needy:
            mods_of = {n: ":%s=1" % req_mod[n] if n in req_mod else "" for n in needy}
            comp = {}
            for n in needy:
                ok = [v.name for v in us if v.name != n and v.name not in needy and
                      renc.get("%s:%s:%s%s" % (s0, n, v.name, mods_of[n]),
                               renc.get("%s:%s:%s" % (s0, n, v.name))) is not None and
                      (renc.get("%s:%s:%s%s" % (s0, n, v.name, mods_of[n])) or
                       renc.get("%s:%s:%s" % (s0, n, v.name))).rc == 0]
                comp[n] = ok
            probes = []
            names_n = [n for n in (u.name for u in us) if n in needy]
            for i, a in enumerate(names_n):
                if not comp[a]:
                    continue
                for b in names_n[i + 1:]:
                    if comp[a][0] in comp[b]:
                        probes.append("%s:%s:%s:%s%s" % (s0, comp[a][0], a, b, mods_of[a] or mods_of[b]))
                for q in us:
                    if q.name not in needy and q.name != comp[a][0]:
                        probes.append("%s:%s:%s:%s%s" % (s0, comp[a][0], q.name, a, mods_of[a]))
            penc = oracle.encode(pd, probes) if probes else {}
            forbid = collections.defaultdict(set)
            for i, a in enumerate(names_n):
                if not comp[a]:
                    continue
                for b in names_n[i + 1:]:
                    if comp[a][0] not in comp[b]:
                        continue    # no companion in common: nothing to learn
                    x = penc.get("%s:%s:%s:%s%s" % (s0, comp[a][0], a, b, mods_of[a] or mods_of[b]))
                    if x is not None and x.rc == -5:
                        un.join(a, b)
                        refuses[a].add(b)
                        refuses[b].add(a)
                for q in us:
                    x = penc.get("%s:%s:%s:%s%s" % (s0, comp[a][0], q.name, a, mods_of[a]))
                    if pair_conflict(comp[a][0], q.name):
                        continue    # the companion and q refuse each other: nothing of a's
                    if x is not None and x.rc == -5:
                        if solo_rc[a] == -6 and q.name in comp[a]:
                            pass        # two companions: their own group's business
                        elif solo_rc[a] == -6:
                            # a needs a unit mask of another group (PFM_ERR_UMASK
                            # alone: bdx OPCODE needs an OPC_*) and is in q's group
                            un.join(a, q.name)
                            refuses[a].add(q.name)
                            refuses[q.name].add(a)
                        else:
                            forbid[q.name].add(a)
            # the unit masks that work with exactly one companion: "any of
            # these groups needs it"
            by_comp = collections.OrderedDict()
            for n in names_n:
                if len(comp[n]) == 1:
                    by_comp.setdefault(comp[n][0], []).append(n)
            for c, ns in by_comp.items():
                rules.append(("require", [n for n in ns if solo_rc[n] != -6], c))
            for n in names_n:
                # refused alone (PFM_ERR_UMASK): needs one of the unit masks it
                # encodes with, companions that need one themselves included
                # (snbep_unc_cbo's OPCODE needs an OPC_*)
                pals = [v.name for v in us if v.name != n and any(
                    x is not None and x.rc == 0 for x in (renc.get("%s:%s:%s%s" % (s0, n, v.name, mods_of[n])),
                                                           renc.get("%s:%s:%s" % (s0, n, v.name))))]
                if solo_rc[n] == -6 and pals:
                    rules.append(("require_groups", n, pals))
            for q, xs in forbid.items():
                rules.append(("forbid", q, sorted(xs)))
        comps = collections.OrderedDict()
        for u in us:
            comps.setdefault(un.find(u.name), []).append(u.name)
        glist = []
        free = []
        # a unit mask refused alone (PFM_ERR_UMASK) that encodes with another
        # and conflicts with none: a group of its own, apart from the unit
        # masks it needs (bdx_unc_cbo's LLC_VICTIMS:NID needs a state)
        needs_other = []
        for members_ in comps.values():
            n0 = members_[0]
            if (len(members_) == 1 and n0 not in dfl and not refuses[n0] and n0 in needy
                    and solo_rc[n0] == -6):
                needs_other.append(n0)
            elif len(members_) == 1 and members_[0] not in dfl and not refuses[members_[0]]:
                free.append(members_[0])
            else:
                glist.append(members_)
        if free:
            # unit masks that replace no default and refuse nothing: with a
            # default-less group if there is one, else a group of their own
            # (not an exclusive one: they combine with each other)
            home = next((g for g in glist if not any(n in dfl for n in g) and
                         not all(b in refuses[a] for a in g for b in g if a != b)), None)
            if home is None:
                glist.append(free)
            else:
                home.extend(free)
        if needs_other:
            glist.append(needs_other)
        order = {u.name: i for i, u in enumerate(us)}
        for g in glist:
            g.sort(key=order.get)
        # a group whose unit masks fall into classes that combine within and
        # refuse each other across (wsm_unc's UNC_QMC_WRITES: FULL_CH0:FULL_CH1
        # encodes, FULL_CH0:PARTIAL_CH0 is PFM_ERR_FEATCOMB): a group per
        # class, a unit mask refusing them all with the first class, and
        # forbid_groups for what each refuses across
        split = []
        for g in glist:
            solo = [n for n in g if all(m in refuses[n] for m in g if m != n)]
            rest = [n for n in g if n not in solo]
            cls = []
            for n in rest:
                home_ = next((c for c in cls if any(m not in refuses[n] for m in c)), None)
                if home_ is None:
                    cls.append([n])
                else:
                    home_.append(n)
            if (len(cls) < 2 or any(m not in refuses[n] for a in cls for b in cls if a is not b
                                    for n in a for m in b)
                    or any(m in refuses[n] for c in cls for n in c for m in c if m != n)):
                split.append(g)
                continue
            cls[0][:0] = solo
            split.extend(cls)
        if len(split) != len(glist):
            glist[:] = split
            order_ = {n: i for i, g in enumerate(glist) for n in g}
            for n in order_:
                across = sorted({order_[m] for m in refuses[n] if order_.get(m, order_[n]) != order_[n]})
                if across:
                    rules.append(("split_forbid", n, across))
        for g in glist:
            g.sort(key=order.get)
        glist.sort(key=lambda g: order[g[0]])
        gid_ = {n: i for i, g in enumerate(glist) for n in g}
        own = {}
        for d in dfl:
            own[d] = candidate(d)
        for u in us:
            if u.name in own:
                continue
            c = candidate(u.name)
            applied = next((a for cc, a in obs if a and u.name in a), None)
            if applied is None and u.name in extra:
                applied = extra[u.name][1]
            for d in applied or ():
                # a default of another group libpfm4 added: its bits are not u's
                if d != u.name and d in dfl and gid_.get(d) != gid_.get(u.name):
                    c = [a & ~b for a, b in zip(c, own[d])]
            if u.name in extra and extra[u.name][2]:
                partner = extra[u.name][2]
                pc = next((pad(cc) for cc, a in obs if a == [partner] or set(a) == {partner} | set(dfl) - {partner}), None)
                if pc:
                    # the partner's encoding holds the defaults u replaces: keep those bits
                    for d in dfl:
                        if gid_.get(d) == gid_.get(u.name):
                            pc = [a & ~b for a, b in zip(pc, own[d])]
                    c = [a & ~b for a, b in zip(c, pc)]
            own[u.name] = c
        alone_ok = {u.name for u in us if enc["%s:%s" % (s0, u.name)].rc == 0 or
                    (u.name in extra and not extra[u.name][2])}
        per_event.append((e, ev_bits, own, glist, refuses, enc[s0].rc, dfl, req_mod, rules, fb, needy, ev_req,
                          ([ev_field] if ev_field else []) + flag_moved.get(e.name, []), alone_ok))
    fields.add("event", 0, 0xff & ~modmask[0])
    fields.add("umask", 0, 0xff00 & ~modmask[0])
    kpmu = perf_pmu_of(pre, members[0], base, len(members) > 1 or members[0] != base)
    kbits = KERNEL_SET_BITS.get(kpmu, 0)
    choice = CHOICE_BITS.get(kpmu, 0)
    fields.add("ext", 0, used[0] & ~0xffff & ~modmask[0] & ~kbits)
    fields.add("ctl", 0, used[0] & kbits & ~modmask[0])
    fields.add("filter0", 1, used[1] & ~modmask[1])
    fields.add("filter1", 2, used[2] & ~modmask[2])
    modifiers = []
    for m, t, code, reg, lo, width, enable in mods:
        fname = FIELD_OF_MOD.get(m, m)
        if reg is not None:
            fields.add(fname, reg, ((1 << width) - 1) << lo)
            nregs = max(nregs, reg + 1)
    # the fields of a modifier some events put elsewhere (libpfm4's PCU band
    # events: ff in the band's byte of the filter), named after it, numbered
    ev_fields = {}
    for pe in per_event:
        for m, reg, mask in pe[-2]:
            if (m, reg, mask) not in ev_fields:
                fname = "%s%d" % (FIELD_OF_MOD.get(m, m), 1 + sum(1 for k in ev_fields if k[0] == m))
                fields.add(fname, reg, mask)
                nregs = max(nregs, reg + 1)
                ev_fields[(m, reg, mask)] = fname
    for m, fname, p, reg, mask in plm_mods:
        fields.add(fname, reg, mask)
    for m, t, code, reg, lo, width, enable in mods:
        if enable and enable_name(enable) not in fields.names():
            fields.add(enable_name(enable), enable[0], 1 << enable[1])
    for m, t, code, reg, lo, width, enable in mods:
        fname = FIELD_OF_MOD.get(m, m)
        md = collections.OrderedDict()
        md["name"] = m
        md["desc"] = "libpfm4 modifier %s (%s)" % (m, "flag" if t == PFM_ATTR_MOD_BOOL else "%d-bit value" % (width or 0))
        md["type"] = "bool" if t == PFM_ATTR_MOD_BOOL else "int"
        if reg is not None:
            md["field"] = fname
        md["code"] = code
        if m in mins:
            md["min"] = mins[m]
        if m in maxes:
            md["max"] = maxes[m]
        if reg is not None and m in needed:
            md["with_umask"] = "required"
        if enable:
            md["enable"] = enable_name(enable)
            if m in at_zero:
                md["enable_given"] = True
        if m in none_only:
            md["none_only"] = True
        modifiers.append(md)
    # the privilege bits libpfm4 sets without listing a modifier: a modifier
    # with plm that no event lists (the string cannot name it; PFM_OS_NONE
    # codes still follow the levels, perf_events' config does not have them)
    for m, fname, p, reg, mask in plm_mods:
        modifiers.append(collections.OrderedDict(
            [("name", m), ("desc", "privilege levels 0x%x (set from the levels, not listed by libpfm4)" % p),
             ("type", "bool"), ("plm", p), ("field", fname)]))
    out_events = []
    all_mods = [m[0] for m in mods] + [m[0] for m in plm_mods]
    seen = set()
    for e, ev_bits, own, glist, refuses, rc_alone, dfl, req_mod, rules, fb, needy_of, ev_req, ev_field, alone_ok \
            in per_event:
        ev = collections.OrderedDict()
        ev["name"] = e.name
        if e.name in seen:
            if (base, e.name, e.code) not in DUPLICATE_RENAMES:
                raise SystemExit("%s: event %s listed twice (add it to DUPLICATE_RENAMES)" % (rep, e.name))
            ev["name"] = DUPLICATE_RENAMES[(base, e.name, e.code)]
        seen.add(ev["name"])
        ev["desc"] = "%s event %s (libpfm4 4.13)" % (base, e.name)
        ev["code"] = e.code
        # (the privilege bits every measured encoding has are the levels')
        ev["set"] = fields.split([b & ~plm_bits[r] for r, b in enumerate(ev_bits[:nregs])])
        if any(fb):
            ev["fallback"] = fields.split(fb[:nregs])
        emods = [a.name for a in e.attrs if a.type != PFM_ATTR_UMASK]
        if emods != all_mods:
            ev["modifiers"] = emods
        if ev_req:
            ev["required_modifiers"] = [ev_req]
        if ev_field:
            ev["modifier_fields"] = {m: ev_fields[(m, reg, mask)] for m, reg, mask in ev_field}
        # libpfm4's equivalent event (hswep's HA UNC_H_SNP_RESP_RECV_LOCAL is
        # UNC_H_SNOOP_RESP_RECV_LOCAL): encoded in its place, its name in the fstr
        if e.equiv:
            ev["equiv"] = e.equiv
        ev["flags"] = ["compat"]
        us = e.umasks()
        if us:
            gid = {n: i for i, g in enumerate(glist) for n in g}
            excl = set()
            gexcl = set()
            for i, g in enumerate(glist):
                if len(g) > 1 and all(b in refuses[a] for a in g for b in g if a != b):
                    gexcl.add(i)
                    continue
                if len(g) > 1 and choice and all(own[n][0] and not own[n][0] & ~choice for n in g):
                    gexcl.add(i)
                    continue
                for n in g:
                    others = [m for m in g if m != n]
                    if others and all(m in refuses[n] for m in others):
                        excl.add(n)
            if rules and len(glist) == 1:
                rules = []          # a rule needs groups to name
            # refused without a unit mask: PFM_ERR_UMASK, or PFM_ERR_ATTR that
            # no modifier cures (skx_unc_cha's UNC_C_TOR_INSERTS)
            needs_umask = rc_alone == -6 or (rc_alone == -8 and not ev_req)
            if len(glist) > 1 or needs_umask or gexcl:
                gl = []
                for i, g in enumerate(glist):
                    gd = collections.OrderedDict(name="g%d" % i)
                    # required: libpfm4 refuses the event without a unit mask
                    # and no unit mask of another group encodes alone
                    if (needs_umask and not any(n in dfl for n in g)
                            and not any(n in alone_ok for h in glist if h is not g for n in h)):
                        gd["required"] = True
                        if rc_alone == -8:
                            gd["missing"] = "attr"
                    if i in gexcl:
                        gd["exclusive"] = True
                    gl.append(gd)
                ev["groups"] = gl
            umasks = []
            for u in us:
                ud = collections.OrderedDict()
                ud["name"] = u.name
                ud["desc"] = "%s:%s (libpfm4 4.13)" % (e.name, u.name)
                ud["code"] = u.code
                ud["set"] = fields.split(own[u.name][:nregs])
                if u.name in req_mod:
                    ud["required_modifiers"] = [req_mod[u.name]]
                if "groups" in ev:
                    ud["group"] = "g%d" % gid[u.name]
                if u.dfl and (e.name, u.name) not in not_applied:
                    ud["default"] = True
                if u.name in excl:
                    ud["exclusive"] = True
                # libpfm4's equivalent string: the parser reads it in the unit
                # mask's place and the fstr names its parts (skx_unc_iio MEM_READ_ANY)
                if u.equiv:
                    ud["equiv"] = u.equiv
                ud["flags"] = ["compat"]
                umasks.append(ud)
            ev["umasks"] = umasks
            rl = []
            # rules only over groups made of unit masks that need a companion
            pure = {i for i, g in enumerate(glist) if all(n in needy_of for n in g)}
            for kind, a, b in rules:
                if kind == "split_forbid":
                    gs = sorted({gid[m] for m in refuses[a]} - {gid[a]})
                    if gs:
                        rl.append(collections.OrderedDict(when=a, forbid_groups=["g%d" % g for g in gs]))
                    continue
                if kind == "require_groups":
                    gs = sorted({gid[n] for n in b} - {gid[a]})
                    if gs:
                        rl.append(collections.OrderedDict(when=a, require_groups=["g%d" % g for g in gs]))
                    continue
                if kind == "require":
                    if not a:
                        continue
                    gs = sorted({gid[n] for n in a})
                    if gid[b] in gs or not set(gs) <= pure:
                        continue
                    rl.append(collections.OrderedDict(when_any_of=["g%d" % g for g in gs], require=b))
                else:
                    gs = sorted({gid[n] for n in b} - {gid[a]})
                    if gs and set(gs) <= pure:
                        rl.append(collections.OrderedDict(when=a, forbid_groups=["g%d" % g for g in gs]))
            if rl:
                ev["rules"] = rl
        out_events.append(ev)
    pmu = collections.OrderedDict()
    pmu["name"] = members[0]
    pmu["id"] = ids[0]
    pmu["desc"] = "libpfm4 uncore PMU %s%s" % (base, " (box %s)" % members[0][len(base):]
                                                if len(members[0]) > len(base) else "")
    pmu["type"] = "uncore"
    pmu["arch"] = "x86"
    many = len(members) > 1 or members[0] != base
    pmu["perf_pmu"] = perf_pmu_of(pre, members[0], base, many)
    if pmu["perf_pmu"] in NO_EXCLUDE_KERNEL_PMUS:
        pmu["perf_no_exclude"] = True
    if pre == "rapl":
        # libpfm4 4.13 encodes Intel's rapl under perf_events without sysfs
        # (attr.type PERF_TYPE_RAW), and refuses amd64_rapl there
        pmu["perf_type"] = 4
    if len(members) > 1:
        pmu["instances"] = [collections.OrderedDict(name=m, id=i, desc="libpfm4 uncore PMU %s (box %s)"
                                                    % (base, m[len(base):]),
                                                    perf_pmu=perf_pmu_of(pre, m, base, True))
                            for m, i in zip(members[1:], ids[1:])]
    pmu["max_encoding"] = nregs
    if perf_attrs:
        pmu["perf_attrs"] = perf_attrs
    pmu["format"] = fields.format()
    if base in CONFIG1_HIGH_FILTER1:
        raw = {n: f for n, f in pmu["format"].items() if f.startswith("config2:")}
        for n, f in raw.items():
            pmu["format"][n] = "config1:" + ",".join(
                "-".join(str(int(x) + 32) for x in part.split("-")) for part in f[len("config2:"):].split(","))
        pmu["raw_format"] = raw
    if kbits:
        # PFM_OS_NONE only: the control bits, and the privilege fields on them
        pmu["raw_fields"] = [n for n, r, m in fields.f if r == 0 and m & kbits]
    # a unit mask written as a number (UNC_M_CAS_COUNT:0x3): where libpfm4
    # takes one on the PMU's first event, ORed into the umask the event's code carries
    if "umask" in pmu["format"] and events:
        probe = "%s::%s:0x1" % (rep, events[0].name)
        if oracle.encode(pd, [probe])[probe].rc == 0:
            # an Intel event's code packs event select and unit mask (knl's
            # EDC 0x101), an AMD one the 12-bit event select alone
            pmu["code_fields"] = ["event"] if model_of(rep)[1] == "amd" else ["event", "umask"]
            pmu["raw_umask"] = "umask"
    if modifiers:
        pmu["modifiers"] = modifiers
        order = fstr_order(events, [m["name"] for m in modifiers])
        if order:
            pmu["fstr_order"] = order
    return {"core": core, "pmu": pmu, "events": out_events}


def fstr_order(events, all_mods):
    """The PMU modifiers in the order libpfm4 4.13 writes them in an fstr
    (each event's attribute order: hswep's C-box UNC_C_TOR_INSERTS lists cf
    after nc, its other events right after tf), merged over the events, or
    None when that is the PMU's attribute order (or the events disagree)."""
    before = collections.defaultdict(set)
    for e in events:
        em = [a.name for a in e.attrs if a.type != PFM_ATTR_UMASK]
        for a, b in zip(em, em[1:]):
            before[b].add(a)
    out = []
    while len(out) < len(all_mods):
        ready = [m for m in all_mods if m not in out and before[m] <= set(out)]
        if not ready:
            return None
        out.append(ready[0])
    return out if out != all_mods else None


def dump(model_pre, descs):
    out = ["# libpfm4 4.13's uncore PMUs of %s: names, ids, box instances, event and" % model_pre,
           "# unit-mask names and codes, modifiers and bit layout, as its API shows them.",
           "# Generated by gen/libpfm4-names/uncore.py (facts only); re-run, don't edit.",
           "# core: the core PMU whose host match the PMUs take (jsontoyaml/uncore.py).",
           "descriptors:"]
    for d in descs:
        out.append("- core: %s" % (json.dumps(d["core"]) if d["core"] else "null"))
        out.append("  pmu: %s" % json.dumps(d["pmu"]))
        out.append("  events:")
        for e in d["events"]:
            us = e.pop("umasks", None)
            head = json.dumps(e)
            if us:
                out.append("  - " + head[:-1] + ', "umasks": [')
                for i, u in enumerate(us):
                    out.append("      " + json.dumps(u) + ("," if i + 1 < len(us) else ""))
                out.append("    ]}")
            else:
                out.append("  - " + head)
    return "\n".join(out) + "\n"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--pfmdump", default=os.path.join(TOP, "build/bin/pfmdump"))
    ap.add_argument("--out", default=os.path.join(TOP, "arch/x86/uncore"))
    a = ap.parse_args()
    pmus = oracle.list_pmus(a.pfmdump)
    unc = sorted([n for n, (i, t) in pmus.items() if t == 2], key=lambda n: pmus[n][0])
    sig = {}
    for n in unc:
        evs = oracle.list_events(a.pfmdump, n, os_layer="none")
        sig[n] = tuple((e.name, e.code, tuple((x.type, x.name, x.code, x.dfl) for x in e.attrs)) for e in evs)
    cnt = collections.Counter(re.sub(r"\d+$", "", n) for n in unc)
    grouped = collections.OrderedDict()
    for n in unc:
        b = re.sub(r"\d+$", "", n)
        b = b if cnt[b] > 1 else n
        grouped.setdefault((b, sig[n]), []).append(n)
    files = collections.OrderedDict()
    for (b, _), members in grouped.items():
        pre, vendor, core = model_of(members[0])
        d = describe(a.pfmdump, members[0], b, members, [pmus[m][0] for m in members], pre, core)
        files.setdefault((vendor, pre), []).append(d)
        print("%s: %d instance(s), %d events" % (members[0], len(members), len(d["events"])))
    for (vendor, pre), descs in files.items():
        d = os.path.join(a.out, vendor)
        os.makedirs(d, exist_ok=True)
        with open(os.path.join(d, pre + ".yaml"), "w") as f:
            f.write(dump(pre, descs))


if __name__ == "__main__":
    main()
