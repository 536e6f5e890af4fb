# SPDX-License-Identifier: MIT
"""Reads Intel's perfmon repository (its mapfile.csv and <PLATFORM>/events/
*.json) as the models of a perf-style x86 tree: each model is a perf model
directory name, the CPU identities it serves, a version and the event
entries of its files turned into perf's form (string values as perf writes
them; perffields.normalise types them afterwards). What Intel's columns and
fields mean is data (arch/x86/intel-perfmon.yaml, Facts): which perf field
each Intel field is, which are ignored (reported once) and which must be 0.
Every problem names the file and line; see docs/jsontoyaml.md."""
import csv
import json
import os
import re

import mapfile as mapfile_mod
import overlay
import perfjson
from errors import ConvertError
from perffields import parse_num
from readfile import read_text

FACTS_FILE = "intel-perfmon.yaml"
HEADER = ("Family-model", "Version", "Filename", "EventType", "Core Type", "Native Model ID",
          "Core Role Name")
# Intel's spellings of "no value"
_NONE = {"null", "na", "NA", ""}
_FIXED = re.compile(r"fixed counter\s*(\d+)$", re.I)


def is_perfmon_dir(path):
    """True when path is Intel's perfmon repository (its mapfile.csv has
    Intel's header), not a perf arch directory."""
    mf = os.path.join(path, "mapfile.csv")
    if not os.path.isfile(mf):
        return False
    try:
        with open(mf, encoding="utf-8", errors="replace") as f:
            first = f.readline(4096)
    except OSError:
        return False
    return first.strip().startswith(",".join(HEADER[:5]))


class Facts:
    """arch/<arch>/intel-perfmon.yaml."""

    def __init__(self, overlay_root, arch="x86"):
        self.arch = arch
        self.path = os.path.join(overlay_root, arch, FACTS_FILE)
        if not os.path.isfile(self.path):
            raise ConvertError("no facts of Intel's perfmon format (%s)" % FACTS_FILE, self.path)
        d = overlay.load_yaml(self.path)
        allowed = {"model_dirs", "roles", "event_types", "uncore_units", "uncore_units_of", "uncore_umask_filter",
                   "uncore_fixed", "uncore_ext_repeats", "fields", "filter_registers"}
        if not isinstance(d, dict):
            raise ConvertError("expected a mapping", self.path, 1)
        for k in d:
            if k not in allowed:
                raise ConvertError("unknown key %r" % k, self.path, getattr(d, "line", None))
        for k in allowed - {"uncore_ext_repeats"}:
            v = d.get(k) or {}
            if not isinstance(v, dict):
                raise ConvertError("%s: expected a mapping" % k, self.path, getattr(d, "line", None))
        self.model_dirs = dict(d.get("model_dirs") or {})
        # Intel's `Filter` register name -> where its value sits in config1
        self.filter_registers = dict(d.get("filter_registers") or {})
        if not all(isinstance(v, int) and 0 <= v < 64 for v in self.filter_registers.values()):
            raise ConvertError("filter_registers: expected {register name: bit offset in config1}", self.path,
                               getattr(d.get("filter_registers"), "line", None))
        self.roles = dict(d.get("roles") or {})
        self.uncore_units = dict(d.get("uncore_units") or {})
        self.uncore_units_of = {}
        for k, v in (d.get("uncore_units_of") or {}).items():
            if not isinstance(v, dict):
                raise ConvertError("uncore_units_of.%s: expected a mapping" % k, self.path, getattr(d, "line", None))
            self.uncore_units_of[k] = dict(v)
        fx = d.get("uncore_fixed") or {}
        if set(fx) - {"counter", "event"} or (fx and set(fx) != {"counter", "event"}):
            raise ConvertError("uncore_fixed: expected {counter, event}", self.path, getattr(fx, "line", None))
        self.uncore_fixed = dict(fx)
        rep = d.get("uncore_ext_repeats") or []
        if not isinstance(rep, list) or not all(isinstance(u, str) for u in rep):
            raise ConvertError("uncore_ext_repeats: expected a list of Units", self.path, getattr(d, "line", None))
        self.uncore_ext_repeats = set(rep)
        self.uncore_umask_filter = {}
        for k, v in (d.get("uncore_umask_filter") or {}).items():
            ok = isinstance(v, dict) and all(isinstance(f, dict) and set(f) == {"field", "shift"} and
                                             isinstance(f["shift"], int) for f in v.values())
            if not ok:
                raise ConvertError("uncore_umask_filter.%s: expected {Unit: {field, shift}}" % k, self.path,
                                   getattr(v, "line", None))
            self.uncore_umask_filter[k] = dict(v)
        self.event_types = {}
        for k, v in (d.get("event_types") or {}).items():
            if not isinstance(v, dict) or not (set(v) <= {"kind", "experimental", "skip"}) or \
                    ("skip" in v) == ("kind" in v) or v.get("kind", "core") not in ("core", "uncore"):
                raise ConvertError("event_types.%s: expected {kind: core|uncore[, experimental]} or "
                                   "{skip: reason}" % k, self.path, getattr(v, "line", None))
            self.event_types[k] = v
        self.fields = {}
        for k, v in (d.get("fields") or {}).items():
            ok = isinstance(v, dict) and len(set(v) & {"perf", "ignore", "zero_only"}) == 1 and \
                set(v) <= {"perf", "how", "ignore", "zero_only"} and ("how" not in v or "perf" in v) and \
                v.get("how") in (None, "umask_ext", "msr", "filter_value", "unit", "first")
            if not ok:
                raise ConvertError("fields.%s: expected {perf: KEY[, how: umask_ext|msr|filter_value|unit|first]},"
                                   " {ignore: reason} or {zero_only: reason}" % k, self.path,
                                   getattr(v, "line", None))
            self.fields[k] = v

    def uncore_unit(self, model_dir, unit):
        """perf's Unit of Intel's uncore Unit in model_dir."""
        return self.uncore_units_of.get(model_dir, {}).get(unit) or self.uncore_units.get(unit, unit)

    def unit_of_role(self, role):
        return self.roles.get(role) or "cpu_" + re.sub(r"[^a-z0-9]+", "_", role.lower()).strip("_")


class Row:
    __slots__ = ("ident", "version", "file", "type", "core_type", "native", "role", "line")

    def __init__(self, *a):
        for k, v in zip(self.__slots__, a):
            setattr(self, k, v)


def read_mapfile(path):
    """The data rows of Intel's mapfile.csv (7 columns, header first)."""
    rows = []
    for lineno, text in enumerate(read_text(path, universal_newlines=False).split("\n"), 1):
        text = text.rstrip("\r")
        if not text.strip() or text.lstrip().startswith("#"):
            continue
        try:
            cells = next(csv.reader([text]))
        except csv.Error as e:
            raise ConvertError("malformed CSV: %s" % e, path, lineno, 1)
        if lineno == 1:
            if tuple(c.strip() for c in cells[:5]) != HEADER[:5]:
                raise ConvertError("not Intel's mapfile header (%s)" % ",".join(HEADER), path, 1, 1)
            continue
        if len(cells) != len(HEADER):
            raise ConvertError("expected %d comma-separated fields (%s), found %d"
                               % (len(HEADER), ",".join(HEADER), len(cells)), path, lineno, 1)
        cells = [c.strip() for c in cells]
        cols, pos = [], 1
        for c in cells:
            cols.append(pos)
            pos += len(c) + 1
        for i, what in ((0, "Family-model"), (2, "Filename"), (3, "EventType")):
            if not cells[i]:
                raise ConvertError("empty %s field" % what, path, lineno, cols[i])
        bad = mapfile_mod.check_regex(cells[0])
        if bad:
            raise ConvertError("invalid identity regex: %s" % bad[1], path, lineno, cols[0] + bad[0])
        fname = cells[2].lstrip("/")
        if not fname or ".." in fname.split("/") or "\\" in fname:
            raise ConvertError("Filename must be a path inside the repository: %r" % cells[2], path,
                               lineno, cols[2])
        if cells[3] == "hybridcore" and not cells[6]:
            raise ConvertError("a hybridcore row needs its Core Role Name", path, lineno, cols[6])
        rows.append(Row(cells[0], cells[1], fname, cells[3], cells[4], cells[5], cells[6], lineno))
    return rows


def version_key(v):
    """A comparable form of a mapfile version (perf's v1.35, Intel's V1.40,
    V59): the numbers in it; () when it has none."""
    return tuple(int(n) for n in re.findall(r"\d+", v or ""))


class Model:
    """One perf model directory as Intel's repository describes it."""

    def __init__(self, model_dir, line, version):
        self.model_dir, self.line, self.version = model_dir, line, version
        self.match = []
        self.files = []         # (relative path, kind, unit or None, experimental, mapfile line)
        self.idents = set()


def model_dir_of(row, facts):
    """The perf model directory a core row's CPU belongs to."""
    if row.ident in facts.model_dirs:
        return facts.model_dirs[row.ident]
    return os.path.basename(row.file).split("_")[0].lower()


def models(root, facts, skip=None, warn=None):
    """{model dir: Model} of Intel's repository at root, in mapfile order.
    skip(reason, n) counts what is not converted; warn(key, msg) reports."""
    path = os.path.join(root, "mapfile.csv")
    rows = read_mapfile(path)
    out, by_ident = {}, {}
    for r in rows:
        et = facts.event_types.get(r.type)
        if et is None:
            if warn:
                warn(("intel-event-type", r.type), "%s:%d: EventType %r is not in %s: its rows are skipped"
                     % (path, r.line, r.type, facts.path))
            if skip:
                skip("Intel mapfile rows of EventType %s (unknown)" % r.type)
            continue
        if "skip" in et:
            if skip:
                skip("Intel mapfile rows of EventType %s: %s" % (r.type, et["skip"]))
            continue
        if et["kind"] != "core":
            continue
        d = model_dir_of(r, facts)
        m = out.get(d)
        if m is None:
            m = out[d] = Model(d, r.line, r.version)
        elif version_key(r.version) > version_key(m.version):
            m.version = r.version
        if r.ident not in m.idents:
            m.idents.add(r.ident)
            m.match.append(r.ident)
        other = by_ident.setdefault(r.ident, d)
        if other != d:
            raise ConvertError("CPU %s has core files of two models (%s, %s)" % (r.ident, other, d), path, r.line)
        unit = facts.unit_of_role(r.role) if r.type == "hybridcore" else None
        item = (r.file, "core", unit, bool(et.get("experimental")), r.line)
        if not any(f[:3] == item[:3] for f in m.files):
            m.files.append(item)
    for r in rows:
        et = facts.event_types.get(r.type)
        if not et or "skip" in et or et["kind"] != "uncore":
            continue
        d = by_ident.get(r.ident)
        if d is None:
            if skip:
                skip("Intel mapfile rows of EventType %s for a CPU without core events" % r.type)
            continue
        item = (r.file, "uncore", None, bool(et.get("experimental")), r.line)
        if not any(f[0] == item[0] for f in out[d].files):
            out[d].files.append(item)
    for m in out.values():
        if any(f[2] for f in m.files if f[1] == "core") and any(not f[2] for f in m.files if f[1] == "core"):
            raise ConvertError("model %s mixes hybridcore and core rows (give one of its CPUs its own "
                               "directory in %s model_dirs)" % (m.model_dir, facts.path), path, m.line)
    return out


def load_events(path):
    """(header dict, [(entry, line)]) of an Intel events file:
    {"Header": {...}, "Events": [ {...}, ... ]}."""
    text = read_text(path)
    dec = json.JSONDecoder()
    i = perfjson._skip_ws(text, 0)
    if i >= len(text) or text[i] != "{":
        raise ConvertError("expected a JSON object {\"Header\": ..., \"Events\": [...]}", path,
                           *perfjson._linecol(text, i))
    header, events, seen = None, None, set()
    i = perfjson._skip_ws(text, i + 1)
    while i < len(text) and text[i] != "}":
        at = perfjson._linecol(text, i)
        if text[i] != '"':
            raise ConvertError("invalid JSON: expected a key", path, *at)
        try:
            key, i = dec.raw_decode(text, i)
        except json.JSONDecodeError as e:
            raise ConvertError("invalid JSON: %s" % e.msg, path, e.lineno, e.colno)
        i = perfjson._skip_ws(text, i)
        if i >= len(text) or text[i] != ":":
            raise ConvertError("invalid JSON: expected ':' after a key", path, *perfjson._linecol(text, i))
        i = perfjson._skip_ws(text, i + 1)
        if key in seen:
            raise ConvertError("key %r given twice" % key, path, *at)
        seen.add(key)
        if key == "Events":
            if i >= len(text) or text[i] != "[":
                raise ConvertError("Events must be an array of entries", path, *perfjson._linecol(text, i))
            events, i = perfjson.parse_array(text, i, path)
        else:
            try:
                val, i = dec.raw_decode(text, i)
            except json.JSONDecodeError as e:
                raise ConvertError("invalid JSON: %s" % e.msg, path, e.lineno, e.colno)
            except (RecursionError, ValueError):
                raise ConvertError("invalid JSON: value of %r nested too deeply or too long a number" % key,
                                   path, *at)
            if key == "Header":
                if not isinstance(val, dict) or any(not isinstance(v, str) for v in val.values()):
                    raise ConvertError("Header must be an object of strings", path, *at)
                header = val
        i = perfjson._skip_ws(text, i)
        if i < len(text) and text[i] == ",":
            i = perfjson._skip_ws(text, i + 1)
            if i < len(text) and text[i] == "}":
                raise ConvertError("invalid JSON: trailing comma before '}'", path, *perfjson._linecol(text, i))
            continue
        if i < len(text) and text[i] == "}":
            break
        raise ConvertError("invalid JSON: expected ',' or '}'", path, *perfjson._linecol(text, i))
    if i >= len(text):
        raise ConvertError("invalid JSON: unterminated object", path, *perfjson._linecol(text, i))
    i = perfjson._skip_ws(text, i + 1)
    if i != len(text):
        raise ConvertError("invalid JSON: extra data after the object", path, *perfjson._linecol(text, i))
    if events is None:
        raise ConvertError("no Events array", path, 1)
    return header or {}, events


def _num(entry, key, path, line, first=False):
    v = entry.get(key)
    if first and isinstance(v, str):
        v = v.split(",")[0]
    n = parse_num(v) if isinstance(v, str) else None
    if n is None:
        raise ConvertError("%s: field %s must be a number in a string, not %r"
                           % (entry.get("EventName", "entry"), key, v), path, line)
    return n


def to_perf(entry, path, line, kind, unit, experimental, facts, report, model_dir=None):
    """entry of an Intel events file as perf's JSON entry. report(key, msg):
    an Intel field the facts ignore or do not know (each reported once)."""
    name = entry.get("EventName")
    label = name if isinstance(name, str) else "entry"
    out = {}
    for key, val in entry.items():
        if not isinstance(val, str):
            raise ConvertError("%s: field %s must be a string (Intel writes every value as one), not %s"
                               % (label, key, type(val).__name__ if val is not None else "null"), path, line)
        f = facts.fields.get(key)
        if f is None:
            report(("intel-unknown", key), "%s:%d: %s: unknown Intel field %r ignored (not in %s)"
                   % (path, line, label, key, facts.path))
            continue
        if "ignore" in f:
            report(("intel-ignored", key), "%s:%d: Intel field %s not used: %s" % (path, line, key, f["ignore"]))
            continue
        if "zero_only" in f:
            if val.strip() not in _NONE and _num(entry, key, path, line) != 0:
                raise ConvertError("%s: field %s=%s would change the encoding and no family lays it out (%s)"
                                   % (label, key, val, f["zero_only"]), path, line)
            continue
        if val.strip() in _NONE:
            continue
        how = f.get("how")
        if how == "umask_ext":
            ext = _num(entry, key, path, line)
            unit_name = facts.uncore_unit(model_dir, entry.get("Unit", ""))
            if ext and not (kind == "uncore" and unit_name in facts.uncore_ext_repeats):
                out["UMask"] = "0x%x" % (_num(entry, "UMask", path, line, True) | ext << 8)
            continue
        elif how == "msr":
            idx = entry.get("MSRIndex", "")
            first = parse_num(idx.split(",")[0]) if isinstance(idx, str) else None
            if idx.strip() not in _NONE and first is None:
                raise ConvertError("%s: field MSRIndex must be numbers in a string, not %r" % (label, idx),
                                   path, line)
            if idx.strip() in _NONE or first == 0:
                if key == "MSRValue" and _num(entry, key, path, line):
                    raise ConvertError("%s: MSRValue %s without an MSRIndex" % (label, val), path, line)
                continue
        elif how == "filter_value":
            n = _num(entry, key, path, line)
            if not n:
                continue
            reg = entry.get("Filter")
            if reg not in facts.filter_registers:
                raise ConvertError("%s: FILTER_VALUE of filter register %r, which %s does not place in config1"
                                   % (label, reg, facts.path), path, line)
            val = "config1=0x%x" % (n << facts.filter_registers[reg])
        elif how == "first":
            val = val.split(",")[0].strip()
        elif how == "unit":
            if kind == "core":
                raise ConvertError("%s: a core event with a Unit (%s)" % (label, val), path, line)
            val = facts.uncore_unit(model_dir, val)
        if key == "UMask" and "UMask" in out:
            continue        # already UMask | UMaskExt << 8
        out[f["perf"]] = val
    if unit:
        out["Unit"] = unit
    uf = facts.uncore_umask_filter.get(model_dir, {}).get(out.get("Unit")) if kind == "uncore" else None
    if uf and "UMask" in out:
        n = _num(out, "UMask", path, line, True)
        del out["UMask"]
        if n:
            term = "%s=0x%x" % (uf["field"], n >> uf["shift"])
            out["Filter"] = out["Filter"] + "," + term if "Filter" in out else term
    fx = facts.uncore_fixed
    if kind == "uncore" and fx and out.get("Counter", "").strip().lower() == fx["counter"].lower():
        out["EventCode"] = fx["event"]
        out.pop("UMask", None)
    if experimental:
        out["Experimental"] = "1"
    if kind == "uncore" and "Unit" not in out:
        raise ConvertError("%s: an uncore event without a Unit" % label, path, line)
    return out


def counters_of(entries):
    """perf's counter.json entry for core events, from their Counter strings:
    the highest programmable and fixed counter numbers plus one."""
    gen = fixed = 0
    for e, _ in entries:
        for part in (e.get("Counter") or "").split(","):
            part = part.strip()
            m = _FIXED.match(part)
            if m:
                fixed = max(fixed, int(m.group(1)) + 1)
            elif part.isdigit():
                gen = max(gen, int(part) + 1)
    out = {}
    if gen:
        out["CountersNumGeneric"] = str(gen)
    if fixed:
        out["CountersNumFixed"] = str(fixed)
    return out


REFER_NEW = re.compile(r"Refer to new event (\S+?)\.?(?:\s|$)")
# the fields that make an Intel entry's encoding
ENCODING_FIELDS = ("EventCode", "UMask", "UMaskExt", "CounterMask", "Invert", "AnyThread", "EdgeDetect",
                   "MSRIndex", "MSRValue")


def duplicate_of_new(e, by_name):
    """An entry of a name in libpfm4's syntax that Intel deprecated for the
    event its description names, which the file has with the same encoding."""
    m = REFER_NEW.search(e.get("BriefDescription") or "")
    new = by_name.get(m.group(1)) if m else None
    if new is None:
        return False
    norm = lambda v: "".join(str(v).split()).lower() if v is not None else "0"  # noqa: E731
    return all(norm(e.get(k, "0")) == norm(new.get(k, "0")) for k in ENCODING_FIELDS)


def model_files(root, model, facts, report, skip=None):
    """[(path, [(perf-style entry, line)])]: the events of a Model's files,
    with one counter entry per core Unit (counters_of). An event whose name
    holds a `:` (Cascade Lake-X's OFFCORE_RESPONSE:request=...:response=...,
    libpfm4's event-string syntax, not an event name) is a report note when
    it is Intel's deprecated name of an event of the file with the same
    encoding (duplicate_of_new), else counted by skip (perf's tables leave
    them out too)."""
    out = []
    for rel, kind, unit, experimental, mline in model.files:
        path = os.path.join(root, rel)
        if not os.path.lexists(path):
            raise ConvertError("events file %s does not exist" % rel, os.path.join(root, "mapfile.csv"), mline)
        _, events = load_events(path)
        conv = []
        by_name = {e.get("EventName"): e for e, _ in events if isinstance(e.get("EventName"), str)}
        same_as_new = 0
        for e, line in events:
            if "EventName" not in e:
                raise ConvertError("entry has no EventName", path, line)
            if isinstance(e["EventName"], str) and ":" in e["EventName"]:
                if duplicate_of_new(e, by_name):
                    same_as_new += 1
                elif skip:
                    skip("Intel events named in libpfm4's event syntax (NAME:a=b:...), not NAME.UNITMASK")
                continue
            conv.append((to_perf(e, path, line, kind, unit, experimental, facts, report, model.model_dir), line))
        if same_as_new:
            report(("intel-ignored", "libpfm4-syntax", path),
                   "%s: %d events named in libpfm4's event syntax (OFFCORE_RESPONSE:request=...:response=...) are "
                   "Intel's deprecated names of the events their description refers to (\"Refer to new event "
                   "X\"), which the file has with the same encoding: converted as those" % (path, same_as_new))
        if kind == "core":
            c = counters_of(conv)
            if c:
                if unit:
                    c["Unit"] = unit
                conv.append((c, 1))
        out.append((path, conv))
    return out
