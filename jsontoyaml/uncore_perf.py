# SPDX-License-Identifier: MIT
"""Uncore PMUs from perf's JSON: the entries of a model directory whose
`Unit` is an uncore box (CHA, iMC, UPI, L3PMC, hisi_sccl,ddrc, PAI-CRYPTO...)
and the entries of perf's system tables (`<dir>/sys/*.json`: Arm CMN, i.MX
DDR...) become one descriptor per Unit, with one PMU record per box
instance (`instances`) sharing its event table (box 0 a descriptor of its
own when other Units' events count only there: `box0_units`). Which Units,
their box counts, kernel PMU names, libpfm4 names, ids and bit layouts are
facts of arch/<arch>/uncore/perf-units.yaml; upstream libpfm4's event names
and codes come from arch/<arch>/libpfm4-upstream-events.tsv. A system
table's PMUs carry perf's `Compat` as their `identifier` pattern.
See docs/jsontoyaml.md ("Uncore Units") and docs/compat.md."""
import copy
import os
import re

import describe
import fmtbits
import overlay
import perffields
import restructure
from errors import ConvertError

FILE = os.path.join("uncore", "perf-units.yaml")
UPSTREAM_TSV = "libpfm4-upstream-events.tsv"
COMPAT_DESC = "upstream libpfm4 compatibility event (not in perf's tables)"
UNIT_KEYS = {"name", "perf_pmu", "boxes", "ids", "desc", "format", "perf_umask", "box0_units", "not_converted",
             "instances", "libpfm4", "perf_pmu_pattern"}
UNIT_TYPES = {"name": "str", "perf_pmu": "str", "boxes": "int", "ids": "str", "desc": "str?",
              "format": "map", "perf_umask": "str", "box0_units": "strs", "not_converted": "str",
              "instances": "strs", "libpfm4": "str", "perf_pmu_pattern": "str"}
# perf keys that tell an event apart (the others describe it): two entries of
# one name that agree on these are one event
ENCODING_KEYS = ("EventCode", "UMask", "UMaskExt", "EdgeDetect", "Invert", "CounterMask", "PortMask",
                 "FCMask", "Filter")
MODEL_KEYS = {"core", "family", "desc", "units"}
SYS_KEYS = {"family", "desc", "units"}
SYS_DIR = "sys"
NAME_RE = re.compile(r"^[a-z0-9_]+$")


def not_yet(unit):
    """The report's reason for the entries of a Unit no overlay converts."""
    return "uncore unit not converted yet: Unit %s" % unit


class Unit:
    """One perf Unit of one model: the boxes it becomes."""

    def __init__(self, model, unit, d, path, id_range):
        self.model, self.unit, self.path = model, unit, path
        self.line = getattr(d, "line", None)
        what = "model %s unit %s" % (model, unit)
        for k in d:
            if k not in UNIT_KEYS:
                raise ConvertError("%s: unknown key %r" % (what, k), path, self.line)
        overlay.check_types(d, UNIT_TYPES, path, what)
        self.skip = d.get("not_converted")
        self.box0_units = list(d.get("box0_units") or [])
        if self.skip is not None:
            if len(d) != 1:
                raise ConvertError("%s: not_converted stands alone" % what, path, self.line)
            return
        self.named = None
        self.libpfm4 = None
        self.pattern = d.get("perf_pmu_pattern")
        if self.pattern is not None:
            # kernel PMU names known at run time only: one PMU record whose
            # pattern the library matches against sysfs (a box per match)
            if set(d) & {"boxes", "perf_pmu", "instances", "libpfm4", "box0_units"}:
                raise ConvertError("%s: perf_pmu_pattern replaces boxes, perf_pmu and instances" % what,
                                   path, self.line)
            try:
                re.compile(self.pattern)
            except re.error as e:
                raise ConvertError("%s: perf_pmu_pattern: %s" % (what, e), path, self.line)
            d = dict(d, boxes=1, perf_pmu="")
        if "libpfm4" in d:
            # the unit's boxes are libpfm4 4.13's (arch/<arch>/uncore/<vendor>/):
            # perf's events are merged into those descriptors (uncore_merge.py)
            extra = set(d) - {"libpfm4", "format"}
            if extra or "format" not in d:
                raise ConvertError("%s: libpfm4 takes format alone (not %s)" % (what, ", ".join(sorted(extra))),
                                   path, self.line)
            self.libpfm4 = [x.strip() for x in d["libpfm4"].split(",")]
            if not all(NAME_RE.match(x) for x in self.libpfm4):
                raise ConvertError("%s: libpfm4: PMU names, comma-separated" % what, path, self.line)
            self.format, self.perf_umask, self.desc = self._format(d, what), None, None
            self.name, self.perf_pmu, self.boxes, self.ids = self.libpfm4[0], None, 1, [0]
            return
        if "instances" in d:
            # explicit box names (irregular numbering: hisi_sccl1_hha2, ...)
            if "boxes" in d or "perf_pmu" in d:
                raise ConvertError("%s: instances replaces boxes and perf_pmu" % what, path, self.line)
            self.named = []
            for x in d["instances"]:
                nm, colon, kp = x.partition(":")
                if not NAME_RE.match(nm) or (colon and not kp):
                    raise ConvertError("%s: instance %r: want name or name:kernel PMU" % (what, x), path, self.line)
                self.named.append((nm, kp if colon else nm))
            d = dict(d, boxes=len(self.named), perf_pmu=self.named[0][1] if self.named else "")
        for k in ("name", "perf_pmu", "boxes", "ids", "format"):
            if k not in d:
                raise ConvertError("%s: missing key %r" % (what, k), path, self.line)
        self.name, self.perf_pmu, self.boxes = d["name"], d["perf_pmu"], d["boxes"]
        self.desc = d.get("desc")
        if not NAME_RE.match(self.name) or not 1 <= self.boxes <= 256:
            raise ConvertError("%s: name must be [a-z0-9_]+ and boxes 1..256" % what, path, self.line)
        self.format = self._format(d, what)
        self.perf_umask = d.get("perf_umask")
        if self.perf_umask is not None and fmtbits.parse(self.perf_umask) is None:
            raise ConvertError("%s: perf_umask: bad format %r" % (what, self.perf_umask), path, self.line)
        self.ids = parse_ids(d["ids"], path, self.line, what)
        if len(self.ids) != self.boxes:
            raise ConvertError("%s: %d ids for %d boxes" % (what, len(self.ids), self.boxes), path, self.line)
        for i in self.ids:
            if not (1 <= i <= 767 or i in id_range):
                raise ConvertError("%s: id %d is neither libpfm4's (< 768) nor in the uncore ranges"
                                   % (what, i), path, self.line)

    def split_box0(self):
        """Box 0 is a descriptor of its own: it also counts the events of
        other perf Units (box0_units), the others do not."""
        return bool(self.box0_units) and self.boxes > 1

    def _format(self, d, what):
        fmt = dict(d["format"])
        for k, v in fmt.items():
            if fmtbits.parse(v) is None:
                raise ConvertError("%s: field %s: bad format %r" % (what, k, v), self.path, self.line)
        return fmt

    def box(self, n):
        """(PMU name, kernel PMU name) of box n: the listed instance, else
        <name><n> and <perf_pmu>_<n> (perf_pmu's {n} standing for n when it
        has one: imx8_ddr{n})."""
        if self.named:
            return self.named[n]
        if self.pattern is not None:
            return self.name, None
        if self.boxes == 1:
            return self.name, self.perf_pmu.replace("{n}", "0")
        if "{n}" in self.perf_pmu:
            return "%s%d" % (self.name, n), self.perf_pmu.replace("{n}", str(n))
        return "%s%d" % (self.name, n), "%s_%d" % (self.perf_pmu, n)


def parse_ids(text, path, line, what):
    out = []
    for part in text.split(","):
        lo, dash, hi = part.strip().partition("-")
        try:
            a = int(lo)
            b = int(hi) if dash else a
        except ValueError:
            raise ConvertError("%s: ids %r: want first-last ranges, comma-separated" % (what, text), path, line)
        if b < a or b - a > 4095:
            raise ConvertError("%s: ids %r: bad range %s" % (what, text, part), path, line)
        out.extend(range(a, b + 1))
    return out


class Model:
    """A model directory's Units (core: the core PMU whose host match the
    boxes take), or, with is_sys, a system table directory's (no core: its
    boxes are told apart by the kernel PMU's identifier)."""

    def __init__(self, name, d, path, id_range, is_sys=False):
        what = "%s %s" % ("system table" if is_sys else "model", name)
        keys = SYS_KEYS if is_sys else MODEL_KEYS
        if not isinstance(d, dict):
            raise ConvertError("%s: expected a mapping" % what, path)
        for k in d:
            if k not in keys:
                raise ConvertError("%s: unknown key %r" % (what, k), path, getattr(d, "line", None))
        overlay.check_types(d, {"core": "str", "family": "str", "desc": "str", "units": "map"}, path, what)
        for k in keys:
            if k not in d:
                raise ConvertError("%s: missing key %r" % (what, k), path, getattr(d, "line", None))
        self.name, self.core, self.family, self.desc = name, d.get("core"), d["family"], d["desc"]
        self.is_sys = is_sys
        self.units = {}
        for u, ud in d["units"].items():
            if not isinstance(ud, dict):
                raise ConvertError("%s unit %s: expected a mapping" % (what, u), path, getattr(d, "line", None))
            self.units[u] = Unit(name, u, ud, path, id_range)
        for u, x in self.units.items():
            for b in x.box0_units:
                if b in self.units or sum(b in y.box0_units for y in self.units.values() if y.skip is None) > 1:
                    raise ConvertError("%s unit %s: box0_units: %s is a unit of its own or another's"
                                       % (what, u, b), path, x.line)


class Kept:
    """The Units of a directory that become PMUs: `listed` ones, and with
    `by_rule` any other but the `skipped` (not_converted) ones."""

    def __init__(self, listed, skipped, by_rule):
        self.listed, self.skipped, self.by_rule = listed, skipped, by_rule

    def __contains__(self, unit):
        return unit in self.listed or (self.by_rule and unit is not None and unit not in self.skipped)

    def __bool__(self):
        return bool(self.listed)


RULES_KEYS = {"family", "format", "units"}
RULE_UNIT_KEYS = {"perf_pmu", "family", "format", "suffix", "single", "perf_umask"}
UPSTREAM_IDS = "libpfm4-upstream-pmu-ids.tsv"


class UnitRules:
    """The `rules` section: how a Unit of a directory the file does not list
    (or a Unit a listed directory lacks) becomes PMUs. `units` holds the
    facts known of a Unit on any model (the kernel PMU perf's Unit name
    stands for, its sysfs format, its family, the PMU name's suffix); a
    Unit without facts takes perf's own rule, kernel PMU `uncore_<unit in
    lower case>`, with the section's family and format. The boxes are
    found at run time as perf finds them: every kernel PMU named the kernel
    PMU, or it followed by `_<number>` (perf_pmu_pattern), unless upstream
    libpfm4 has a PMU named `<core>_<suffix>`: then one box of that name
    and id on the kernel PMU itself."""

    def __init__(self, d, path):
        self.path, self.line = path, getattr(d, "line", None)
        if not isinstance(d, dict) or set(d) - RULES_KEYS or not {"family", "format"} <= set(d):
            raise ConvertError("rules: want family, format and units", path, self.line)
        self.family, self.format = d["family"], dict(d["format"])
        self.units = {}
        for u, ud in (d.get("units") or {}).items():
            ul = getattr(ud, "line", self.line)
            if not isinstance(ud, dict) or set(ud) - RULE_UNIT_KEYS or "perf_pmu" not in ud:
                raise ConvertError("rules: unit %s: want perf_pmu and optionally family, format, suffix" % u,
                                   path, ul)
            overlay.check_types(ud, {"perf_pmu": "str", "family": "str", "format": "map", "suffix": "str",
                                     "single": "bool", "perf_umask": "str"},
                                path, "rules: unit %s" % u)
            self.units[u] = (ud, ul)

    def kernel_pmu(self, uname):
        """The kernel PMU of perf Unit uname: the facts', else perf's rule."""
        ud = self.units.get(uname)
        return ud[0]["perf_pmu"] if ud else "uncore_" + uname.lower()

    def unit(self, model_dir, uname, base, upstream_ids, id_range):
        """(Unit, report note) of perf Unit uname of directory model_dir whose
        PMU names start with base."""
        ud, line = self.units.get(uname, (None, self.line))
        slug = "_".join(w for w in re.split(r"[^a-z0-9]+", uname.lower()) if w)
        kernel = self.kernel_pmu(uname)
        suffix = ud.get("suffix", "unc_" + slug) if ud else "unc_" + slug
        name = "%s_%s" % (base, suffix)
        d = {"name": name, "format": dict((ud or {}).get("format") or self.format)}
        if ud and "perf_umask" in ud:
            d["perf_umask"] = ud["perf_umask"]
        if name in upstream_ids:
            d.update(perf_pmu=kernel, boxes=1, ids=str(upstream_ids[name]))
            how = "upstream libpfm4's PMU %s (%d) on kernel PMU %s" % (name, upstream_ids[name], kernel)
        elif ud and ud.get("single"):
            d.update(perf_pmu=kernel, boxes=1, ids=str(min(id_range)))
            how = "PMU %s on kernel PMU %s" % (name, kernel)
        else:
            d.update(perf_pmu_pattern="%s(_?[0-9]+)?" % re.escape(kernel), ids=str(min(id_range)))
            how = "PMU %s, boxes found through sysfs by perf's name pattern %s" % (name, d["perf_pmu_pattern"])
        u = Unit(model_dir, uname, d, self.path, id_range)
        u.family = (ud or {}).get("family", self.family)
        if name not in upstream_ids:
            u.rule_key = "%s/uncore/%s" % (model_dir, uname)
        facts = ("kernel PMU %s from the rule's facts of Unit %s" % (kernel, uname) if ud else
                 "the kernel's PMU name for Unit %s is not among our facts: perf's rule, %s, with the "
                 "rules' format" % (uname, kernel))
        return u, "%s:%s: %s: Unit %s by rule (%s): %s" % (self.path, line, model_dir, uname, facts, how)


class UncoreUnits:
    """arch/<arch>/uncore/perf-units.yaml (empty when the file is absent)."""

    def __init__(self, overlay_root, arch):
        self.path = os.path.join(overlay_root, arch, FILE)
        self.models = {}
        self.field_aliases = {}
        self.sys = {}
        self.root, self.arch = overlay_root, arch
        self._upstream = None
        self.merges = {}        # libpfm4 PMU name -> [(perf descriptor, source, perf entries, perf directory)]
        self.rules = None
        self.id_range = set()
        if not os.path.isfile(self.path):
            return
        d = overlay.load_yaml(self.path)
        if not isinstance(d, dict) or set(d) - {"ids", "field_aliases", "formats", "models", "sys", "rules"}:
            raise ConvertError("expected a mapping of ids, field_aliases, formats, models, sys and rules",
                               self.path)
        self.field_aliases = d.get("field_aliases") or {}
        if not isinstance(self.field_aliases, dict) or not all(
                isinstance(k, str) and isinstance(v, str) for k, v in self.field_aliases.items()):
            raise ConvertError("field_aliases: want a mapping of kernel field: family field", self.path)
        if not isinstance(d.get("ids"), str):
            raise ConvertError("ids: want first-last ranges, comma-separated", self.path)
        self.id_range = set(parse_ids(d["ids"], self.path, None, "ids"))
        if not all(768 <= i <= 1022 or 1024 <= i <= 4095 for i in self.id_range):
            raise ConvertError("ids: the uncore ranges must lie in pmuplug's 768..1022 or 1024..4095", self.path)
        for name, md in (d.get("models") or {}).items():
            self.models[name] = Model(name, md, self.path, self.id_range)
        for name, md in (d.get("sys") or {}).items():
            self.sys[name] = Model(name, md, self.path, self.id_range, is_sys=True)
        self.rules = UnitRules(d["rules"], self.path) if d.get("rules") is not None else None

    def kept_units(self, model_dir, is_sys=False):
        """The Units of a model (or system table) directory that become PMUs:
        those the file lists and, when it has `rules`, every other uncore
        Unit but a `not_converted` one (Kept)."""
        m = (self.sys if is_sys else self.models).get(model_dir)
        listed, skipped = set(), set()
        if m is not None:
            listed = {u for u, x in m.units.items() if x.skip is None}
            listed |= {b for u in listed for b in m.units[u].box0_units}
            skipped = {u for u, x in m.units.items() if x.skip is not None}
        return Kept(listed, skipped, self.rules is not None)

    def skip_reason(self, model_dir, unit, is_sys=False):
        m = (self.sys if is_sys else self.models).get(model_dir)
        x = m.units.get(unit) if m else None
        if x is not None and x.skip is not None:
            return "uncore unit not converted: Unit %s of %s: %s" % (unit, model_dir, x.skip)
        return not_yet(unit)

    def upstream(self):
        """{pmu: [(event, code, modifiers)]}: the event rows of upstream
        libpfm4's uncore PMUs; modifiers: its `mods=` list, None when the row
        gives none. The file's unit-mask rows of those PMUs (few: most are
        left out) are in upstream_umasks()."""
        if self._upstream is None:
            self._upstream = {}
            self._upstream_umasks = {}
            path = os.path.join(self.root, self.arch, UPSTREAM_TSV)
            if os.path.isfile(path):
                with open(path, encoding="utf-8") as f:
                    for line in f:
                        if line.startswith("#"):
                            continue
                        c = line.rstrip("\n").split("\t")
                        if len(c) < 6 or c[2] != "uncore":
                            continue
                        flags = dict(f.partition("=")[::2] for f in (c[7] if len(c) > 7 else "").split(",") if f)
                        if c[4]:
                            self._upstream_umasks.setdefault(c[0], {}).setdefault(c[3].upper(), []).append(
                                (c[4], int(c[6], 0), "dfl" in flags))
                            continue
                        mods = flags["mods"].split("|") if flags.get("mods") else None
                        self._upstream.setdefault(c[0], []).append((c[3], int(c[5], 0), mods))
        return self._upstream

    def upstream_umasks(self):
        """{pmu: {EVENT: [(unit mask, code, is default)]}}: the unit-mask rows
        of upstream libpfm4's uncore PMUs in the file."""
        self.upstream()
        return self._upstream_umasks


def field_keys(fam):
    """{format field: the perf key that fills it}: the family's first key
    for a field (UMask, not UMaskExt, for umask)"""
    back = {}
    for k, f in fam.perf_fields.items():
        back.setdefault(f, k)
    return back


RAW_TERMS = ("config1", "config2")


def _split_raw(field, num, fmt):
    """perf's raw `config1=`/`config2=` value over fmt's fields of that
    register (not the whole-register field of perf's term itself), or None
    when it has bits none of them holds."""
    reg = int(field[-1])
    fields = [f for f, spec in fmt.items() if fmtbits.parse(spec)[0] == reg and f not in RAW_TERMS]
    return fmtbits.split_config(fmtbits.deposit("%s:0-63" % field, num), fields, fmt)


def raw_terms(evs, u):
    """{term: "configN:0-63"}: perf's raw configN terms some entry's Filter
    writes with bits no field of the unit's format holds (Cascade Lake-X
    CHA's LLC_MISSES.MMIO_READ: config1=0x40040e33). perf writes attr.configN
    whole there (the kernel uses the bits it knows), so the entry sets a
    field of that name covering the register, and encodes as perf does."""
    out = {}
    for ev in evs:
        for term in (ev.get("Filter") or "").split(","):
            field, eq, val = term.strip().partition("=")
            num = perffields.parse_num(val) if eq else None
            if num is not None and field in RAW_TERMS and field not in u.format and \
                    _split_raw(field, num, u.format) is None:
                out[field] = "%s:0-63" % field
    return out


def apply_filter(evs, u, fam):
    """perf's `Filter` of an uncore event: "field=value[,field=value]" terms
    naming fields of the unit's kernel format, which perf appends to the
    event string, so each wins over the perf key that maps to that field
    (SNR IIO's LLC_MISSES.PCIE_READ: ch_mask=0x1f over PortMask). A field
    no perf key maps to (filter_opc, occ_sel) goes to the event's fields
    directly (`_set`); perf's raw `config1=`/`config2=` term (SKX CHA) is
    split over the format's fields of that register, or, with bits none of
    them holds, set whole into perf's term's own field when the family's
    format has it (raw_terms). A term that names no field of the format, or
    raw bits no field holds, is an error at the entry."""
    back = field_keys(fam)
    ffmt = fam.format
    out = []
    for ev in evs:
        text = ev.get("Filter")
        if not text:
            out.append(ev)
            continue
        ev = dict(ev)
        del ev["Filter"]
        for term in text.split(","):
            field, eq, val = term.strip().partition("=")
            num = perffields.parse_num(val) if eq else None
            if num is not None and field in RAW_TERMS:
                parts = _split_raw(field, num, u.format)
                if parts is None and field in ffmt:
                    parts = {field: num}
                if parts is None:
                    raise ConvertError("%s: Filter %r: %s has bits no field of the unit's format holds"
                                       % (ev["EventName"], text, field), ev["_file"], ev["_line"])
                ev["_set"] = dict(ev.get("_set") or {}, **parts)
                continue
            if num is not None and field in u.format and field not in back:
                ev["_set"] = dict(ev.get("_set") or {}, **{field: num})
                continue
            if num is None or field not in u.format or field not in back:
                raise ConvertError("%s: Filter %r: %r is not field=number for a field of the unit's format "
                                   "that a perf key maps to" % (ev["EventName"], text, term),
                                   ev["_file"], ev["_line"])
            ev[back[field]] = num
        out.append(ev)
    return out


def split_umask(evs, u, fam):
    """perf's events of a unit whose UMask is laid out wider than the
    kernel's umask field (u.perf_umask: SPR IIO's UMask also holds the port
    and FC masks): the value is placed in that layout and split over the
    unit's format fields, which must agree with perf's own keys for them: a
    key may also set more bits than the UMask holds for its field (GNR IIO's
    UNC_IIO_NUM_OUTSTANDING_REQ_OF_CPU.*: PortMask 0xff over a UMask with
    ports 0x0f), as perf ORs each term of the event string into config, so
    the key's value stands; a UMask bit the key lacks is an error."""
    if u.perf_umask is None:
        return evs
    back = field_keys(fam)
    fields = [f for f, spec in u.format.items() if fmtbits.parse(spec)[0] == 0 and f in back]
    out = []
    for ev in evs:
        if not ev.get("UMask"):
            out.append(ev)
            continue
        raw = fmtbits.deposit(u.perf_umask, ev["UMask"])
        parts = fmtbits.split_config(raw, fields, u.format)
        if parts is None or fmtbits.extract(u.perf_umask, raw) != ev["UMask"]:
            raise ConvertError("%s: UMask=0x%x does not fit %s over the fields %s"
                               % (ev["EventName"], ev["UMask"], u.perf_umask, ", ".join(fields)),
                               ev["_file"], ev["_line"])
        ev, wide = dict(ev), ev["UMask"]
        for f, v in parts.items():
            key = back[f]
            if f == "umask":
                continue
            if ev.get(key, v) != v:
                if not v & ~ev[key]:
                    continue
                raise ConvertError("%s: UMask=0x%x puts 0x%x in %s, %s says 0x%x"
                                   % (ev["EventName"], wide, v, f, key, ev[key]), ev["_file"], ev["_line"])
            ev[key] = v
        ev["UMask"] = parts.get("umask", 0)
        out.append(ev)
    return out


def _family(ov, name, fmt, line, path, aliases=None):
    """The family with the unit's format in place of its own. aliases: the
    kernel's names of family fields ({cmask: thresh}); where the format has
    the kernel's name and not the family's, the perf keys and modifiers of
    the family's field go to the kernel's."""
    base = ov.family(name, line)
    doc = overlay.LDict(overlay.load_yaml(base.path))
    doc.line = 1
    doc["format"] = dict(fmt)
    for kernel, fam_field in (aliases or {}).items():
        if kernel not in fmt or fam_field in fmt:
            continue
        pf = doc.get("perf_fields") or {}
        for k, f in list(pf.items()):
            if f == fam_field:
                pf[k] = kernel
        for mod in doc.get("modifiers") or []:
            if mod.get("field") == fam_field:
                mod["field"] = kernel
    for f in list(doc.get("code_fields") or []):
        if f not in fmt:
            doc["code_fields"].remove(f)
    if doc.get("raw_umask") not in fmt:
        doc.pop("raw_umask", None)
    return overlay.Family(name, base.path, doc)


def join_box0(evs, extra, stats_note, where):
    """The events of a unit's box 0: its own and those of its box0_units;
    an entry whose name is already there with the same encoding is the same
    event (Haswell's UNC_CLOCK.SOCKET in Units cbox_0 and CLOCK) and is
    dropped with a note, one with another encoding is an error."""
    out = list(evs)
    seen = {e["EventName"].upper(): e for e in evs}
    for ev in extra:
        have = seen.get(ev["EventName"].upper())
        if have is None:
            seen[ev["EventName"].upper()] = ev
            out.append(ev)
            continue
        if any(have.get(k) != ev.get(k) for k in ENCODING_KEYS):
            raise ConvertError("%s: %s of Unit %s encodes otherwise than the one of Unit %s"
                               % (where, ev["EventName"], ev.get("Unit"), have.get("Unit")), ev["_file"], ev["_line"])
        stats_note("%s: %s of Unit %s is the event of Unit %s (same encoding): kept once"
                   % (where, ev["EventName"], ev.get("Unit"), have.get("Unit")))
    return out


def packed_code(ev):
    """pfm_event_info.code of an event as the table compiler gives it: its
    explicit code, else the event select of its set."""
    return ev["code"] if "code" in ev else ev["set"].get("event", 0)


def _select(ev):
    """The event select of an event (its own, or the one its unit masks share most)."""
    if "event" in ev["set"]:
        return ev["set"]["event"]
    sels = [u["set"].get("event") for u in ev.get("umasks", ()) if "event" in u["set"]]
    return max(set(sels), key=sels.count) if sels else None


def _common_prefix(a, b):
    n = 0
    for x, y in zip(a, b):
        if x != y:
            break
        n += 1
    return n


def _rename_upstream(ev, name, ums, aliases):
    """Perf's event ev takes upstream's name and, where a unit mask of
    upstream's has the umask of one of perf's, its name; perf's names stay
    as aliases (the event's in the PMU's, a unit mask's in its own). A unit
    mask of upstream's no perf unit mask has joins as a compatibility one;
    a name one of perf's other unit masks has is left to perf's."""
    old = ev["name"]
    ev["name"] = name
    aliases[old] = name
    by_code = {}
    for u in ev.get("umasks") or ():
        by_code.setdefault(u["set"].get("umask", 0), u)
    for uname, code, _ in ums:
        u = by_code.get(code)
        if any(o["name"].upper() == uname.upper() and o is not u for o in ev.get("umasks") or ()):
            continue
        if u is None:
            ev.setdefault("umasks", []).append({"name": uname, "desc": COMPAT_DESC, "set": {"umask": code},
                                                "flags": ["compat"]})
        elif u["name"].upper() != uname.upper():
            u["aliases"] = sorted(set(u.get("aliases") or []) | {u["name"]})
            u["name"] = uname


def apply_upstream(desc, rows, stats_note, umasks=None):
    """Upstream libpfm4's event names resolve on the PMU with upstream's
    code and spelling: an event of that name (in any case) whose event
    select matches takes upstream's spelling, keeps perf's encoding and
    reports upstream's code; a name perf lacks becomes a PMU
    alias of perf's event with that code (the one whose name shares the
    longest start with it), or a copy of it under upstream's name and code
    when the codes differ in the unit-mask bits, or a compatibility event of
    upstream's code when perf has no event with that select. A modifier
    upstream gives some of the PMU's events and not others (icx PCU's occ_i
    and occ_e, on UNC_P_POWER_STATE_OCCUPANCY only) stays on those events
    only (event_specific_modifiers). Where the file also gives the unit
    masks of an event perf has under another name (umasks: {EVENT: [(unit
    mask, code, dfl)]}, Zen 5's L3 UNC_L3_REQUESTS), perf's event takes
    upstream's names, perf's becoming aliases (_rename_upstream), so that
    an fstr spells the event as upstream does. Returns (names, resolved by
    name, aliased, renamed or copied, compat)."""
    pmu = desc["pmu"]
    fmt = pmu["format"]
    events = desc["events"]
    by_name = {e["name"].upper(): e for e in events}
    aliases = pmu.setdefault("aliases", {})
    known = {a.upper() for a in aliases}
    counts = [len(rows), 0, 0, 0]
    low = fmtbits.width(fmt["event"]) if "event" in fmt else 8
    specific = event_specific_modifiers(rows)
    takes = {name.upper() for name, _, mods in rows if specific & set(mods or ())}
    for name, code, _ in rows:
        sel = code & ((1 << low) - 1)
        if name.upper() in known:
            counts[1] += 1
            continue
        have = by_name.get(name.upper())
        if have is not None and _select(have) == sel:
            if packed_code(have) != code:
                have["code"] = code
            have["name"] = name        # upstream's spelling (UNC_UPI_RxL_FLITS)
            counts[1] += 1
            continue
        if have is not None:
            renamed = have["name"] + "_PERF"
            if renamed.upper() in by_name:
                stats_note("%s: upstream libpfm4's %s (0x%x) not added: perf's %s has select 0x%x and %s is taken"
                           % (pmu["name"], name, code, have["name"], _select(have) or 0, renamed))
                continue
            have["name"] = renamed
            by_name[renamed.upper()] = have
            stats_note("%s: perf's %s has select 0x%x, upstream libpfm4's 0x%x: perf's event is %s"
                       % (pmu["name"], name, _select(have) or 0, sel, renamed))
        cands = [e for e in events if _select(e) == sel]
        if cands:
            best = max(cands, key=lambda e: (_common_prefix(e["name"].upper(), name.upper()), e["name"] < name))
            if packed_code(best) == code and (umasks or {}).get(name.upper()):
                del by_name[best["name"].upper()]
                _rename_upstream(best, name, umasks[name.upper()], aliases)
                by_name[name.upper()] = best
                known.add(name.upper())
            elif packed_code(best) == code:
                aliases[name] = best["name"]
                known.add(name.upper())
            else:
                ev = copy.deepcopy(best)
                ev["name"], ev["code"] = name, code
                ev.pop("perf", None)
                events.append(ev)
                by_name[name.upper()] = ev
            counts[2] += 1
            continue
        ev = {"name": name, "desc": COMPAT_DESC, "code": code, "set": {"event": sel}, "flags": ["compat"]}
        if code >> low and "umask" in fmt:
            ev["set"]["umask"] = code >> low
        events.append(ev)
        by_name[name.upper()] = ev
        counts[3] += 1
    if not aliases:
        del pmu["aliases"]
    else:
        pmu["aliases"] = dict(sorted(aliases.items()))
    pmu_mods = [m["name"] for m in pmu.get("modifiers") or ()]
    if specific & set(pmu_mods):
        for ev in events:
            if ev["name"].upper() not in takes:
                ev["modifiers"] = [m for m in ev.get("modifiers", pmu_mods) if m not in specific]
    events.sort(key=lambda e: (e["name"].upper(), e["name"]))
    return counts


def event_specific_modifiers(rows):
    """The modifiers upstream libpfm4 gives some events of a PMU and not
    others (its rows' `mods=` lists; none when a row gives no list)."""
    lists = [set(mods) for _, _, mods in rows if mods is not None]
    if not lists or len(lists) != len(rows):
        return set()
    return set.union(*lists) - set.intersection(*lists)


REFER_RE = re.compile(r"Refer to new event ([A-Za-z0-9_]+)\.([A-Za-z0-9_]+)")


def _trailing_dot_umask(ev, base, dot, rest, evs):
    """The unit mask UM an entry named NAME. (a dot, no unit mask: perf's
    Cascade Lake-X UNC_H_SNOOPS_SENT.) stands for: that of the event its
    description refers to ("Refer to new event X.UM"), when no other entry
    is NAME.UM; else None."""
    if not dot or rest or not restructure.NAME_RE.match(base):
        return None
    m = REFER_RE.search(ev.get("BriefDescription") or "")
    if not m:
        return None
    um = m.group(2)
    taken = {x["EventName"].upper() for x in evs}
    return None if ("%s.%s" % (base, um)).upper() in taken else um


def identifier_of(evs, what, path, line):
    """[pattern]: the one `Compat` of a system table Unit's events (perf
    applies an entry where the kernel PMU's `identifier` fully matches it,
    a POSIX extended regular expression)."""
    compat = sorted({ev.get("Compat") for ev in evs})
    if len(compat) != 1 or not isinstance(compat[0], str) or not compat[0]:
        raise ConvertError("%s: the Unit's events must share one Compat, they have %r" % (what, compat), path, line)
    return compat


def upstream_ids(root):
    """{PMU name: pfm_pmu_t} of upstream libpfm4 (arch/libpfm4-upstream-pmu-ids.tsv)."""
    out = {}
    path = os.path.join(root, UPSTREAM_IDS)
    if os.path.isfile(path):
        with open(path, encoding="utf-8") as f:
            for line in f:
                c = line.rstrip("\n").split("\t")
                if len(c) >= 3 and not line.startswith("#") and c[1].isdigit():
                    out[c[2]] = int(c[1])
    return out


def _with_rule_units(units, m, model_dir, by_unit, core_desc, is_sys, stats, base):
    """m (a Model, or None) with a Unit by rule (UnitRules) for each Unit of
    by_unit it does not list; each is a report note."""
    box0 = {b for x in m.units.values() for b in x.box0_units} if m is not None else set()
    extra = [u for u in sorted(by_unit, key=lambda u: u or "")
             if u is not None and u not in box0 and (m is None or u not in m.units)]
    # one table per kernel PMU: a Unit on the kernel PMU of a listed Unit that
    # has events is that Unit's (Intel's CNCU beside perf's CLOCK on Meteor Lake)
    listed = {x.perf_pmu: n for n, x in (m.units.items() if m is not None else ())
              if x.skip is None and x.perf_pmu and by_unit.get(n)}
    if units.rules is not None:
        for u in [u for u in extra if units.rules.kernel_pmu(u) in listed]:
            extra.remove(u)
            stats.notes.add(("uncore-same-pmu", model_dir, u), "%s: %s: Unit %s is on kernel PMU %s, Unit %s's "
                            "(listed): its %d events are not converted" % (
                                units.path, model_dir, u, units.rules.kernel_pmu(u),
                                listed[units.rules.kernel_pmu(u)], len(by_unit[u])))
    if not extra or units.rules is None:
        return m
    if base is None:
        base = core_desc["pmu"]["name"] if core_desc else "_".join(
            w for w in re.split(r"[^a-z0-9]+", model_dir.lower()) if w)
    if m is None:
        m = Model.__new__(Model)
        m.name, m.core, m.is_sys = model_dir, core_desc["pmu"]["name"] if core_desc else None, is_sys
        m.family, m.desc, m.units = units.rules.family, (core_desc["pmu"]["desc"] if core_desc else model_dir), {}
    else:
        m = copy.copy(m)
        m.units = dict(m.units)
    ids = upstream_ids(units.root)
    for uname in extra:
        u, note = units.rules.unit(model_dir, uname, base, ids, units.id_range or {1024})
        m.units[uname] = u
        stats.notes.add(("uncore-rule", model_dir, uname), note)
    return m


def _renamed_units(units, m, model_dir, by_unit, stats):
    """by_unit with the events of a Unit perf renamed moved to the Unit the
    file lists: a listed Unit with no event in the tree takes the events of
    the one unlisted Unit of the tree whose kernel PMU (the rules' facts, or
    perf's uncore_<unit>) is the listed Unit's (Meteor Lake's CLOCK, perf's
    CNCU since 2025, both uncore_cncu). Each is a report note."""
    if m is None or units.rules is None:
        return by_unit
    box0 = {b for x in m.units.values() for b in x.box0_units}

    kernel = units.rules.kernel_pmu
    unlisted = [u for u in by_unit if u is not None and u not in m.units and u not in box0]
    out = by_unit
    for uname, u in sorted(m.units.items()):
        if u.skip is not None or by_unit.get(uname) or not u.perf_pmu:
            continue
        same = [x for x in unlisted if kernel(x) == u.perf_pmu]
        if len(same) != 1:
            continue
        out = dict(out)
        out[uname] = out.pop(same[0])
        unlisted.remove(same[0])
        stats.notes.add(("uncore-renamed", model_dir, uname), "%s:%s: %s: perf's Unit %s is the Unit %s listed "
                        "here (kernel PMU %s): converted as %s" % (units.path, u.line, model_dir, same[0], uname,
                                                                   u.perf_pmu, u.name))
    return out


def build(units, ov, src, model_dir, by_unit, counters, core_desc, stats, is_sys=False, warnings=None, base=None):
    """[(plan, desc)]: the uncore descriptors of one model directory (or,
    with is_sys, of the system table of directory model_dir). A Unit the
    file lists that perf's tables no longer have (a newer tree) is reported
    as a warning (warnings: errors.Warnings) and not converted."""
    m = (units.sys if is_sys else units.models).get(model_dir)
    out = []
    by_unit = _renamed_units(units, m, model_dir, by_unit, stats)
    m = _with_rule_units(units, m, model_dir, by_unit, core_desc, is_sys, stats, base)
    if m is None:
        return out
    if core_desc is None and not is_sys and any(u.skip is None and not u.libpfm4 for u in m.units.values()):
        raise ConvertError("model %s: core PMU %s is not converted" % (model_dir, m.core), units.path)
    upstream = units.upstream()

    def note(text):
        stats.notes.add(("uncore", text), text)
    cp = core_desc["pmu"] if core_desc else {}
    for uname in sorted(m.units):
        u = m.units[uname]
        if u.skip is not None:
            continue
        evs = by_unit.get(uname, [])
        if not evs:
            msg = "%s %s unit %s: perf's tables have no event of that Unit" % (
                "system table" if is_sys else "model", model_dir, uname)
            if warnings is None:
                raise ConvertError(msg, units.path, u.line)
            warnings.add(("uncore-gone", units.path, model_dir, uname),
                         "%s:%s: %s: not converted" % (units.path, u.line, msg))
            continue
        fam = _family(ov, getattr(u, "family", None) or m.family, dict(u.format, **raw_terms(evs, u)), u.line,
                      units.path, units.field_aliases)
        if u.libpfm4:
            kept = []
            renamed = {}        # (event, unit mask) -> perf's own name
            for ev in evs:
                base, dot, rest = ev["EventName"].partition(".")
                um = _trailing_dot_umask(ev, base, dot, rest, evs)
                if um:
                    # NAME. (a unit mask left out): the unit mask of the event
                    # its description refers to, NAME.UM; perf's spelling kept
                    renamed[(base.upper(), um.upper())] = ev["EventName"]
                    stats.notes.add(("uncore-name", model_dir, ev["EventName"]), "%s:%d: %s: perf's name lacks "
                                    "its unit mask; converted as %s.%s, the unit mask of the event its "
                                    "description refers to (perf's spelling kept as an alias)"
                                    % (ev["_file"], ev["_line"], ev["EventName"], base, um))
                    ev = dict(ev, EventName="%s.%s" % (base, um))
                    rest = um
                if not restructure.NAME_RE.match(base) or (dot and not rest):
                    stats.skip(src.arch, "uncore entry with a malformed name (not NAME or NAME.UNITMASK)")
                    stats.notes.add(("uncore-name", model_dir, ev["EventName"]), "%s:%d: %s: perf's entry has a "
                                    "malformed name, not converted" % (ev["_file"], ev["_line"], ev["EventName"]))
                    continue
                try:
                    kept.extend(apply_filter([ev], u, fam))
                except ConvertError as e:
                    # the kernel's format has no field for those bits: perf's
                    # string would lose them there too; listed, not converted
                    stats.skip(src.arch, "uncore entry not expressible in the kernel's format of Unit %s of %s: "
                               "Filter bits no field holds" % (uname, model_dir))
                    stats.notes.add(("uncore-filter", model_dir, ev["EventName"]), str(e))
            evs = kept
            plan = overlay.PmuPlan(name=u.name, id=0, desc=u.name, family=fam, features=[], extra_format={},
                                   unit=None, match=[], override=False, variant=False, perf_pmu=None,
                                   counters=None, fixed_counters=None, compat_modifiers=[],
                                   overlay=units.path, line=u.line)
            source = "%s/%s %s, Unit %s" % (src.arch, model_dir, src.version, uname)
            desc = describe.build(plan, src.arch, source.strip(), evs, counters.get(uname, {}),
                                  version=src.version)
            for e in desc["events"]:
                for x in e.get("umasks") or ():
                    if (e["name"].upper(), x["name"].upper()) in renamed:
                        x["perf"] = renamed[(e["name"].upper(), x["name"].upper())]
            for target in u.libpfm4:
                units.merges.setdefault(target, []).append((desc, source.strip(), len(evs), model_dir))
            stats.arch[src.arch]["perf_events"] += len(evs)
            continue
        evs = split_umask(apply_filter(evs, u, fam), u, fam)
        extra = []
        for b in u.box0_units:
            if not by_unit.get(b):
                msg = "model %s unit %s: box0_units: perf's tables have no event of Unit %s" % (model_dir, uname, b)
                if warnings is None:
                    raise ConvertError(msg, units.path, u.line)
                warnings.add(("uncore-gone", units.path, model_dir, b), "%s:%s: %s" % (units.path, u.line, msg))
                continue
            extra.extend(split_umask(apply_filter(by_unit[b], u, fam), u, fam))
        evs0 = join_box0(evs, extra, note, "%s/%s" % (model_dir, uname))
        ident = identifier_of(evs, "system table %s unit %s" % (model_dir, uname), units.path, u.line) \
            if is_sys else None
        src_units = ", ".join([uname] + u.box0_units)
        # box 0's counters: the unit's, and the fixed counter its box0_units count on
        cinfo = counters.get(uname, {})
        cinfo0 = dict(cinfo)
        for b in u.box0_units:
            for k, v in counters.get(b, {}).items():
                cinfo0[k] = max(cinfo0.get(k, 0), v)
        # (first box, last box + 1, events, the Units they come from, counters)
        # (the perf entries a part consumes are counted once, with box 0)
        used = len(evs) + len(extra)
        if u.split_box0():
            parts = [(0, 1, evs0, src_units, cinfo0, used), (1, u.boxes, evs, uname, cinfo, 0)]
        else:
            parts = [(0, u.boxes, evs0, src_units, cinfo0, used)]
        for first, end, part_evs, from_units, part_cinfo, n_perf in parts:
            out.append(_box_desc(m, u, uname, fam, cp, src, model_dir, (first, end), part_evs, from_units,
                                 part_cinfo, n_perf, upstream, stats, units.path, is_sys, ident,
                                 units.upstream_umasks()))
    return out


def _box_desc(m, u, uname, fam, cp, src, model_dir, boxes, evs, from_units, cinfo, n_perf, upstream, stats, path,
              is_sys, ident, upstream_umasks=None):
    """(plan, desc) of boxes first..end-1 (boxes) of a unit, sharing the
    events evs made of n_perf perf entries not counted yet; a system
    table's (is_sys) carry their identifier patterns (ident)."""
    first, end = boxes
    name0, kernel0 = u.box(first)

    def box_desc(n):
        if u.named:     # listed boxes: each is told by its name
            return "%s (%s)" % (u.desc or "%s %s uncore" % (m.desc, uname), u.box(n)[0])
        if u.desc:
            return u.desc if u.boxes == 1 else "%s (box %d)" % (u.desc, n)
        return "%s %s uncore%s" % (m.desc, uname, "" if u.boxes == 1 else " box %d" % n)
    plan = overlay.PmuPlan(name=name0, id=u.ids[first], desc=box_desc(first), family=fam, features=[],
                           extra_format={}, unit=None, match=list(cp.get("match") or []),
                           override=False, variant=False, perf_pmu=kernel0, counters=None,
                           fixed_counters=None, compat_modifiers=[], overlay=path, line=u.line)
    if getattr(u, "rule_key", None):
        # an id by rule (identity.assign): the key is <arch>/<dir>/uncore/<Unit>
        plan.rule_key = "%s/%s" % (src.arch, u.rule_key)
    where = "%s/%s/%s" % (src.arch, model_dir, SYS_DIR) if is_sys else "%s/%s %s" % (src.arch, model_dir,
                                                                                 src.version)
    source = "%s, Unit %s" % (where.strip(), from_units)
    desc = describe.build(plan, src.arch, source, evs, cinfo, cp.get("match_priority"), version=src.version)
    desc["pmu"]["type"] = "uncore"
    if not cp.get("match"):
        desc["pmu"].pop("match", None)
        desc["pmu"].pop("match_priority", None)
    if ident:
        desc["pmu"]["identifier"] = ident
    if u.pattern is not None:
        desc["pmu"]["perf_pmu_pattern"] = u.pattern
    inst = []
    for n in range(first + 1, end):
        nm, kp = u.box(n)
        inst.append({"name": nm, "id": u.ids[n], "desc": box_desc(n), "perf_pmu": kp})
    if inst:
        desc["pmu"]["instances"] = inst
    rows = upstream.get(name0)
    if rows:
        n, byname, alias, compat = apply_upstream(desc, rows, lambda t: stats.notes.add(("uncore", t), t),
                                                  (upstream_umasks or {}).get(name0))
        stats.uncore_upstream.append((name0, n, byname, alias, compat))
    a = stats.arch[src.arch]
    a["pmus"] += end - first
    a["events"] += len(desc["events"])
    nu = sum(len(e.get("umasks", ())) for e in desc["events"])
    a["umasks"] += nu
    a["perf_events"] += n_perf
    label = "%s/%s/%s" % (model_dir, SYS_DIR, uname) if is_sys else model_dir + "/" + uname
    stats.pmus.append((src.arch, label, name0, len(desc["events"]), nu, n_perf))
    return plan, desc
