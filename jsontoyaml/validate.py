# SPDX-License-Identifier: MIT
"""Checks a descriptor (schema-v1 Python data, after transforms) against
docs/schema.md: keys and types (from schema/descriptor.yaml, through
schema.py), the keys jsontoyaml always writes, references (groups, umasks in
rules, modifiers, fields in sets) and values fitting their fields. Returns a
list of problems; the converter stops on the first PMU that has any."""
import re

import fmtbits
import schema

TYPES = set(schema.values("pmu", "type"))
ARCHES = set(schema.values("pmu", "arch"))
FLAGS = set(schema.values("umask", "flags"))
EVENT_FLAGS = set(schema.values("event", "flags"))
PERF_ATTRS = set(schema.values("pmu", "perf_attrs"))
PMU_NAME = re.compile(r"^[a-z0-9_]+$")
ATTR_NAME = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_\-]*$")
MAX_PMU_ID = 4095  # PFM_PMU_MAX - 1: an event index is (pfm_pmu_t << 19) | event
U32 = (1 << 32) - 1
U64 = (1 << 64) - 1


def _type_ok(v, t):
    if t == "str":
        return isinstance(v, str)
    if t == "int":
        return isinstance(v, int) and not isinstance(v, bool)
    if t == "bool":
        return isinstance(v, bool)
    if t in ("map", "mapping"):
        return isinstance(v, dict)
    if t == "list":
        return isinstance(v, list)
    if t == "strlist":
        return isinstance(v, list) and all(isinstance(x, str) for x in v)
    return False


def _keys(obj, kind, where, probs):
    """obj's keys against the schema's kind: known, typed, and the ones
    jsontoyaml always writes present. Returns obj, or a shallow copy without
    its wrongly typed keys so that the checks that follow see only values of
    the right type; None when obj is not a mapping."""
    if not isinstance(obj, dict):
        probs.append("%s: expected a mapping" % where)
        return None
    spec = schema.keys(kind)
    bad = set()
    for k, v in obj.items():
        if k not in spec:
            probs.append("%s: unknown key %r" % (where, k))
        elif not (_type_ok(v, spec[k]["type"]) or (v is None and spec[k].get("nullable"))):
            probs.append("%s: %s has the wrong type (%s expected)" % (where, k, spec[k]["type"]))
            bad.add(k)
    for k in schema.output_required(kind):
        if k not in obj:
            probs.append("%s: missing required key %r" % (where, k))
    return {k: v for k, v in obj.items() if k not in bad} if bad else obj


def _check_set(s, fields, where, probs):
    for f, v in s.items():
        if f not in fields:
            probs.append("%s: set: no format field %r" % (where, f))
        elif not isinstance(v, int) or isinstance(v, bool) or v < 0:
            probs.append("%s: set: %s must be an unsigned number" % (where, f))
        elif v >> fields[f]:
            probs.append("%s: set: %s=0x%x does not fit its %d bits" % (where, f, v, fields[f]))


def validate(doc):
    probs = []
    if not isinstance(doc, dict):
        return ["document: expected a mapping"]
    doc = _keys(doc, "document", "document", probs)
    if doc.get("schema") != schema.VERSION:
        probs.append("document: schema must be %d" % schema.VERSION)
    pmu = _keys(doc.get("pmu"), "pmu", "pmu", probs)
    if pmu is None:
        return probs
    pname = pmu.get("name", "?")
    if isinstance(pmu.get("name"), str) and not PMU_NAME.match(pmu["name"]):
        probs.append("pmu: name %r is not [a-z0-9_]+" % pmu["name"])
    if _type_ok(pmu.get("id"), "int") and not 1 <= pmu["id"] <= MAX_PMU_ID:
        probs.append("pmu: id %d outside 1..%d" % (pmu["id"], MAX_PMU_ID))
    if pmu.get("type") not in TYPES:
        probs.append("pmu: type must be one of %s" % ", ".join(sorted(TYPES)))
    if pmu.get("arch") not in ARCHES:
        probs.append("pmu: arch must be one of %s" % ", ".join(sorted(ARCHES)))
    for k in ("counters", "fixed_counters", "max_encoding"):
        if _type_ok(pmu.get(k), "int") and not 0 <= pmu[k] <= 255:
            probs.append("pmu: %s out of range" % k)
    fields = {}
    for f, spec in (pmu.get("format") or {}).items():
        if not isinstance(f, str) or not ATTR_NAME.match(f) or fmtbits.parse(spec) is None:
            probs.append("pmu: format: bad field %r: %r" % (f, spec))
        else:
            fields[f] = fmtbits.width(spec)
    for a in pmu.get("perf_attrs") or []:
        if a not in PERF_ATTRS:
            probs.append("pmu: perf_attrs: unknown attribute %r" % a)
    for f in pmu.get("raw_fields") or []:
        if f not in fields:
            probs.append("pmu: raw_fields: no format field %r" % f)
    for f, spec in (pmu.get("raw_format") or {}).items() if isinstance(pmu.get("raw_format"), dict) else ():
        if f not in fields:
            probs.append("pmu: raw_format: no format field %r" % f)
        elif spec != "none" and (fmtbits.parse(spec) is None or fmtbits.width(spec) != fields[f]):
            probs.append("pmu: raw_format: field %r: want none or a position of %d bits, not %r"
                         % (f, fields[f], spec))
    if isinstance(pmu.get("raw_bits"), dict):
        _check_set(pmu["raw_bits"], fields, "pmu: raw_bits", probs)
    inames, iids = {pmu.get("name")}, {pmu.get("id")}
    for i, inst in enumerate(pmu.get("instances") or []):
        w = "pmu: instance %s" % (inst.get("name", i) if isinstance(inst, dict) else i)
        inst = _keys(inst, "instance", w, probs)
        if inst is None:
            continue
        if isinstance(inst.get("name"), str) and not PMU_NAME.match(inst["name"]):
            probs.append("%s: name is not [a-z0-9_]+" % w)
        if _type_ok(inst.get("id"), "int") and not 1 <= inst["id"] <= MAX_PMU_ID:
            probs.append("%s: id outside 1..%d" % (w, MAX_PMU_ID))
        if inst.get("name") in inames or inst.get("id") in iids:
            probs.append("%s: name or id used twice in this descriptor" % w)
        inames.add(inst.get("name"))
        iids.add(inst.get("id"))
    modnames, modfields = [], set()
    for i, m in enumerate(pmu.get("modifiers") or []):
        w = "pmu: modifier %s" % (m.get("name", i) if isinstance(m, dict) else i)
        m = _keys(m, "modifier", w, probs)
        if m is None:
            continue
        if m.get("type") not in schema.values("modifier", "type"):
            probs.append("%s: type must be bool or int" % w)
        if "field" in m and m["field"] not in fields:
            probs.append("%s: no format field %r" % (w, m["field"]))
        if "enable" in m and m["enable"] not in fields:
            probs.append("%s: enable: no format field %r" % (w, m["enable"]))
        if _type_ok(m.get("plm"), "int") and not 0 < m["plm"] <= 0x1f:
            probs.append("%s: plm must be PFM_PLM* bits" % w)
        if "min" in m and "max" in m and m["min"] > m["max"]:
            probs.append("%s: min > max" % w)
        if m.get("invert") and (m.get("type") != "bool" or "field" not in m):
            probs.append("%s: invert needs a bool modifier with a field" % w)
        if m.get("perf_plm") and ("plm" not in m or "field" not in m):
            probs.append("%s: perf_plm needs a modifier with plm and a field" % w)
        if m.get("enable_given") and "enable" not in m:
            probs.append("%s: enable_given needs enable" % w)
        if m.get("written_unset") and (m.get("with_umask") != "required" or m.get("type") != "int"
                                       or not isinstance(m.get("min"), int) or m["min"] < 1):
            probs.append("%s: written_unset needs an int with_umask: required, min 1 or more" % w)
        if "enable" in m and m["enable"] not in fields:
            probs.append("%s: enable: no format field %r" % (w, m["enable"]))
        if "with_umask" in m and (m["with_umask"] not in schema.values("modifier", "with_umask") or "field" not in m):
            probs.append("%s: with_umask must be required or ignored, on a modifier with a field" % w)
        if isinstance(m.get("name"), str):
            if m["name"].lower() in (n.lower() for n in modnames):
                probs.append("%s: duplicate modifier" % w)
            modnames.append(m["name"])
            if "field" in m:
                modfields.add(m["name"])
    events = doc.get("events", ())
    if events is None:      # null: no events
        events = []
    if not isinstance(events, list):
        probs.append("events: expected a list")
        return probs
    names = {}
    for m in pmu.get("modifiers") or []:
        if isinstance(m, dict) and "requires" in m and m["requires"] not in modnames:
            probs.append("pmu: modifier %s: requires unknown modifier %r" % (m.get("name"), m["requires"]))
    for i, ev in enumerate(events):
        w = "event %s" % (ev.get("name", "#%d" % i) if isinstance(ev, dict) else "#%d" % i)
        ev = _keys(ev, "event", w, probs)
        if ev is None:
            continue
        n = ev.get("name")
        if isinstance(n, str):
            if not ATTR_NAME.match(n):
                probs.append("%s: name has characters other than letters, digits, _ and -" % w)
            if n.upper() in names:
                probs.append("%s: duplicate event name" % w)
            names[n.upper()] = w
        if isinstance(ev.get("set"), dict):
            _check_set(ev["set"], fields, w, probs)
        if isinstance(ev.get("fallback"), dict):
            _check_set(ev["fallback"], fields, w + " fallback", probs)
        for k in ("code",):
            if _type_ok(ev.get(k), "int") and not 0 <= ev[k] <= U64:
                probs.append("%s: %s out of range" % (w, k))
        if _type_ok(ev.get("sample_after"), "int") and not 0 <= ev["sample_after"] <= U32:
            probs.append("%s: sample_after does not fit 32 bits" % w)
        for key in ("modifiers", "required_modifiers"):
            for mn in ev.get(key) or []:
                if mn not in modnames:
                    probs.append("%s: %s: %r is not a PMU modifier" % (w, key, mn))
        for mn, f in (ev.get("modifier_fields") or {}).items():
            if mn not in modnames or mn not in modfields:
                probs.append("%s: modifier_fields: %r is not a PMU modifier with a field" % (w, mn))
            elif ev.get("modifiers") is not None and mn not in ev["modifiers"]:
                probs.append("%s: modifier_fields: %r is not among its modifiers" % (w, mn))
            if f not in fields:
                probs.append("%s: modifier_fields: %r is not a field of the PMU's format" % (w, f))
        for f in ev.get("flags") or []:
            if f not in EVENT_FLAGS:
                probs.append("%s: unknown flag %r" % (w, f))
        for a in ev.get("perf_attrs") or []:
            if a not in PERF_ATTRS:
                probs.append("%s: perf_attrs: unknown attribute %r" % (w, a))
        _check_umasks(ev, fields, w, probs, modfields)
    for a, exp in (pmu.get("aliases") or {}).items():
        if not isinstance(a, str) or not isinstance(exp, str) or not a or not exp:
            probs.append("pmu: aliases: %r -> %r must be non-empty strings" % (a, exp))
            continue
        if a.upper() in names:
            probs.append("pmu: alias %s has the name of an event" % a)
        # a leading '=' marks an exact alias (the parser adds no default unit masks)
        target = exp.lstrip("=").split("::")[-1].replace(".", ":").split(":")[0]
        if target.upper() not in names:
            probs.append("pmu: alias %s -> %s: no event %s" % (a, exp, target))
        names.setdefault(a.upper(), "alias")
    return ["%s: %s" % (pname, p) for p in probs]


def _check_umasks(ev, fields, w, probs, modfields=frozenset()):
    groups = ev.get("groups")
    gnames = []
    if groups is not None:
        if not groups:
            probs.append("%s: groups: empty list" % w)
        for g in groups:
            g = _keys(g, "group", "%s: group" % w, probs)
            if g is not None and isinstance(g.get("name"), str):
                if g["name"] in gnames:
                    probs.append("%s: duplicate group %s" % (w, g["name"]))
                if g.get("conflict", "featcomb") not in schema.values("group", "conflict"):
                    probs.append("%s: group %s: conflict must be featcomb or umask" % (w, g["name"]))
                if g.get("missing", "umask") not in schema.values("group", "missing"):
                    probs.append("%s: group %s: missing must be umask or attr" % (w, g["name"]))
                gnames.append(g["name"])
        if len(gnames) > 32:
            probs.append("%s: more than 32 groups" % w)
    else:
        gnames = ["default"]
    umasks = ev.get("umasks") or []
    if len(umasks) > 0xffff:
        probs.append("%s: too many unit masks" % w)
    unames = {}
    for u in umasks:
        uw = "%s: umask %s" % (w, u.get("name", "?") if isinstance(u, dict) else "?")
        u = _keys(u, "umask", uw, probs)
        if u is None:
            continue
        for n in [u.get("name")] + list(u.get("aliases") or []):
            if not isinstance(n, str):
                continue
            if not ATTR_NAME.match(n):
                probs.append("%s: name %r has characters other than letters, digits, _ and -" % (uw, n))
            if n.upper() in unames:
                probs.append("%s: name %s already used in this event" % (uw, n))
            unames[n.upper()] = u
        if isinstance(u.get("set"), dict):
            _check_set(u["set"], fields, uw, probs)
        if isinstance(u.get("defaults"), dict):
            _check_set(u["defaults"], fields, uw + " defaults", probs)
        for mn in u.get("required_modifiers") or []:
            if mn not in modfields:
                probs.append("%s: required_modifiers: %r is not a PMU modifier with a field" % (uw, mn))
        if "group" in u and u["group"] not in gnames:
            probs.append("%s: no group %r" % (uw, u["group"]))
        if _type_ok(u.get("sample_after"), "int") and not 0 <= u["sample_after"] <= U32:
            probs.append("%s: sample_after does not fit 32 bits" % uw)
        for f in u.get("flags") or []:
            if f not in FLAGS:
                probs.append("%s: unknown flag %r" % (uw, f))
    for r in ev.get("rules") or []:
        rw = "%s: rule" % w
        r = _keys(r, "rule", rw, probs)
        if r is None:
            continue
        kinds = [k for k in ("forbid_groups", "only_groups", "require_groups") if k in r]
        if "when" in r:
            if len(kinds) != 1 or "when_none_of" in r or "add" in r or "when_any_of" in r or "require" in r:
                probs.append("%s: `when` takes exactly one of forbid_groups, only_groups, require_groups" % rw)
            if isinstance(r["when"], str) and r["when"].upper() not in unames:
                probs.append("%s: when: no umask %s" % (rw, r["when"]))
        elif "when_any_of" in r:
            if "require" not in r or kinds or "when_none_of" in r or "add" in r:
                probs.append("%s: when_any_of needs require (and nothing else)" % rw)
            elif isinstance(r["require"], str) and r["require"].upper() not in unames:
                probs.append("%s: require: no umask %s" % (rw, r["require"]))
        elif "when_none_of" in r:
            if "add" not in r or kinds or "require" in r:
                probs.append("%s: when_none_of needs add (and nothing else)" % rw)
            elif isinstance(r["add"], str) and r["add"].upper() not in unames:
                probs.append("%s: add: no umask %s" % (rw, r["add"]))
        else:
            probs.append("%s: needs `when`, `when_none_of` or `when_any_of`" % rw)
        for k in kinds + [k for k in ("when_none_of", "when_any_of") if k in r]:
            for g in r.get(k) or []:
                if g not in gnames:
                    probs.append("%s: %s: no group %r" % (rw, k, g))
