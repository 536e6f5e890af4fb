# SPDX-License-Identifier: MIT
# layout.py - the x86 facts the libpfm4-names scripts encode and decode with,
# read from arch/ (never copied here): each family's field layout (event
# select, umask, edge, inv, cmask, ... bit positions, arch/x86/family/*.yaml),
# which family a PMU has and the perf Units of the core PMU
# (arch/x86/models.yaml), and the offcore response MSRs
# (arch/x86/offcore/msrs.yaml). Uses jsontoyaml's own readers of those files.
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(os.path.dirname(HERE))
ARCH_ROOT = os.path.join(TOP, "arch")
ARCH = "x86"
sys.path.append(os.path.join(TOP, "jsontoyaml"))
import fmtbits  # noqa: E402
import overlay  # noqa: E402
from transforms import offcore  # noqa: E402

# the family file of each x86 vendor, for callers that know only whether a
# PMU is AMD's (PerfEvent.raw(amd)); derive.py takes a PMU's family from
# models.yaml
VENDOR_FAMILY = {False: "intel", True: "amd-zen"}

# the fields of the encoding key (perfevents.PerfEvent.key(), oracle.key_of_codes())
KEY_FIELDS = ("event", "umask", "cmask", "inv", "edge", "any")

_overlays = {}


def arch_overlay(models=None):
    """jsontoyaml's ArchOverlay of arch/x86 (models.yaml, or the file models)."""
    path = models or os.path.join(ARCH_ROOT, ARCH, "models.yaml")
    if path not in _overlays:
        _overlays[path] = overlay.ArchOverlay(ARCH_ROOT, ARCH, path=path)
    return _overlays[path]


class Layout:
    """The fields of one family ({name: sysfs format}: its format, features
    and MSR fields) and what the scripts ask of them."""

    def __init__(self, family):
        self.family = family
        self.fields = family.layout()

    def value_mask(self, name):
        """All bits a value of field name can have."""
        return (1 << fmtbits.width(self.fields[name])) - 1

    def extract(self, name, codes):
        """The value of field name in the raw codes (config, config1, ...); 0
        when the family has no such field."""
        spec = self.fields.get(name)
        if spec is None:
            return 0
        reg = fmtbits.parse(spec)[0]
        return fmtbits.extract(spec, codes[reg]) if reg < len(codes) else 0

    def deposit(self, values):
        """[config, config1, config2] holding the field values."""
        regs = [0, 0, 0]
        for name, v in values.items():
            if not v:
                continue
            spec = self.fields.get(name)
            if spec is None:
                raise ValueError("family %s has no field %s (value 0x%x)" % (self.family.name, name, v))
            regs[fmtbits.parse(spec)[0]] |= fmtbits.deposit(spec, v)
        return regs

    def lockable(self):
        """{modifier: (field, bits of config)}: the family's modifiers that set
        a field of config other than a privilege level (plm) or a field the
        kernel sets itself (raw_fields); a unit mask may hold such a field."""
        out = {}
        for m in self.family.modifiers:
            f = m.get("field")
            if f is None or "plm" in m or f in self.family.raw_fields or f not in self.fields:
                continue
            if fmtbits.parse(self.fields[f])[0] == 0:
                out[m["name"]] = (f, fmtbits.mask(self.fields[f]))
        return out

    def softable(self):
        """{modifier: (msr field, register, bits of the register, bits of the
        msr field's value)}: the family's modifiers whose field lies inside an
        MSR's value (ldlat, fe_thres inside frontend)."""
        out = {}
        for m in self.family.modifiers:
            f = m.get("field")
            for field, fmt, _ in self.family.msr_fields.values():
                if f in fmt and m["name"] not in out:
                    spec = self.fields[f]
                    reg, bits = fmtbits.parse(spec)[0], fmtbits.mask(spec)
                    out[m["name"]] = (field, reg, bits, fmtbits.extract(self.fields[field], bits))
        return out


_layouts = {}


def of_family(name):
    if name not in _layouts:
        _layouts[name] = Layout(arch_overlay().family(name))
    return _layouts[name]


def for_vendor(amd):
    """The layout of AMD's (amd true) or Intel's x86 core PMUs."""
    return of_family(VENDOR_FAMILY[bool(amd)])


def of(layout_or_amd):
    """A Layout, or for callers that pass a vendor flag, that vendor's."""
    return layout_or_amd if isinstance(layout_or_amd, Layout) else for_vendor(layout_or_amd)


def for_pmu(pmu, models=None):
    """The layout of the family arch/x86/models.yaml gives libpfm4 PMU pmu."""
    ov = arch_overlay(models)
    for mdir, m in ov.models.items():
        for p in m["pmus"]:
            if p["name"] == pmu:
                return of_family(p.get("family", m.get("family")))
    raise KeyError("%s: PMU %s is not in it" % (ov.path, pmu))


def core_units():
    """perf JSON Unit values of the core PMU (an absent Unit is one too)."""
    return (None,) + tuple(arch_overlay().core_units)


def msr_fields():
    """{MSRIndex: format field its MSRValue goes to} over the x86 families."""
    ov = arch_overlay()
    out = {}
    for name in sorted({p.get("family", m.get("family")) for m in ov.models.values() for p in m["pmus"]}):
        for idx, (field, _, _) in ov.family(name).msr_fields.items():
            if out.setdefault(idx, field) != field:
                raise ValueError("MSR 0x%x goes to %s and to %s" % (idx, out[idx], field))
    return out


def offcore_msrs():
    """arch/x86/offcore/msrs.yaml (jsontoyaml's transforms/offcore.py Msrs)."""
    return offcore.load_msrs(ARCH_ROOT, ARCH)
