"""Writes a descriptor as YAML, byte-for-byte deterministic: keys in the
order of docs/schema.md, codes and field values in hex, strings plain when
that is unambiguous and double-quoted otherwise. Output is plain YAML 1.1
that libyaml (the C loader) and PyYAML read back to the same data."""
import re

PMU_ORDER = ("name", "id", "desc", "type", "arch", "source", "override", "match", "match_priority",
             "match_unit", "perf_pmu", "perf_type", "counters", "fixed_counters", "max_encoding",
             "format", "raw_bits", "raw_fields", "perf_attrs", "modifiers", "aliases")
MOD_ORDER = ("name", "desc", "type", "plm", "field", "code", "max", "min", "requires", "invert",
             "with_umask")
EVENT_ORDER = ("name", "desc", "code", "set", "equiv", "modifiers", "required_modifiers", "perf_type",
               "counters",
               "sample_after", "precise", "hw_smpl", "perf_attrs", "flags", "perf", "groups",
               "rules", "umasks")
GROUP_ORDER = ("name", "required", "exclusive", "conflict")
RULE_ORDER = ("when", "when_none_of", "forbid_groups", "only_groups", "add")
UMASK_ORDER = ("name", "desc", "code", "set", "defaults", "group", "default", "exclusive", "precise",
               "hw_smpl", "equiv", "aliases", "perf", "sample_after", "flags")
HEX_KEYS = {"code", "plm"}
HEX_MAPS = {"set", "defaults", "raw_bits"}

_WORD = re.compile(r"^[A-Za-z_][A-Za-z0-9_.\-]*$")
_BLOCK = re.compile(r"^[A-Za-z_][A-Za-z0-9_.\-]*(?::[A-Za-z0-9_.\-,]+)?$")
_TEXT = re.compile(r"^[A-Za-z][A-Za-z0-9 _.()/+=;\-]*[A-Za-z0-9_.)]$")
_SPECIAL = {"y", "n", "yes", "no", "on", "off", "true", "false", "null", "nan", "inf"}


def _quote(s):
    out = ['"']
    for ch in s:
        o = ord(ch)
        if ch == '"':
            out.append('\\"')
        elif ch == "\\":
            out.append("\\\\")
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\t":
            out.append("\\t")
        elif o < 0x20 or 0x7f <= o <= 0x9f or 0xd800 <= o <= 0xdfff or o in (0xfeff, 0xfffe, 0xffff):
            out.append("\\u%04x" % o if o <= 0xffff else "\\U%08x" % o)
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


def scalar(v, hexa=False, flow=True):
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return "0x%x" % v if hexa and v >= 0 else str(v)
    if isinstance(v, str):
        low = v.lower()
        if low not in _SPECIAL and not (low.startswith("0x") or low[:1].isdigit()):
            if _WORD.match(v) or (not flow and _BLOCK.match(v)) or \
                    (not flow and _TEXT.match(v) and "  " not in v):
                return v
        return _quote(v)
    raise TypeError("cannot write %r" % (v,))


def _ordered(d, order):
    keys = [k for k in order if k in d]
    keys += sorted(k for k in d if k not in order)
    return keys


def _flow_map(d, hexa):
    return "{" + ", ".join("%s: %s" % (scalar(k), scalar(d[k], hexa)) for k in d) + "}"


def _flow_list(lst):
    return "[" + ", ".join(scalar(x) for x in lst) + "]"


def _mapping(out, d, order, ind, first_prefix=None):
    """Block mapping at indentation ind; the first line may carry a '- ' prefix."""
    for i, k in enumerate(_ordered(d, order)):
        pre = first_prefix if (i == 0 and first_prefix is not None) else " " * ind
        v = d[k]
        key = scalar(k)
        if isinstance(v, dict):
            if k in HEX_MAPS or not v:
                out.append("%s%s: %s\n" % (pre, key, _flow_map(v, k in HEX_MAPS)))
            else:
                out.append("%s%s:\n" % (pre, key))
                sub = " " * (ind + 2)
                for kk in (v if k == "format" else sorted(v)):
                    out.append("%s%s: %s\n" % (sub, scalar(kk), scalar(v[kk], flow=False)))
        elif isinstance(v, list):
            if not v or not isinstance(v[0], dict):
                if k == "match" and v:
                    out.append("%s%s:\n" % (pre, key))
                    for x in v:
                        out.append("%s  - %s\n" % (" " * ind, scalar(x, flow=False)))
                else:
                    out.append("%s%s: %s\n" % (pre, key, _flow_list(v)))
            else:
                out.append("%s%s:\n" % (pre, key))
                sub_order = {"modifiers": MOD_ORDER, "events": EVENT_ORDER, "groups": GROUP_ORDER,
                             "rules": RULE_ORDER, "umasks": UMASK_ORDER}.get(k, ())
                for item in v:
                    _mapping(out, item, sub_order, ind + 4, " " * (ind + 2) + "- ")
        else:
            out.append("%s%s: %s\n" % (pre, key, scalar(v, k in HEX_KEYS, flow=False)))


def dumps(doc, header=None):
    """YAML text of a descriptor document."""
    out = []
    if header:
        for line in header.splitlines():
            out.append(("# " + line).rstrip() + "\n")
    out.append("schema: %s\n" % scalar(doc.get("schema")))
    out.append("pmu:\n")
    _mapping(out, doc["pmu"], PMU_ORDER, 2)
    if doc.get("events"):
        out.append("events:\n")
        for ev in doc["events"]:
            _mapping(out, ev, EVENT_ORDER, 4, "  - ")
    else:
        out.append("events: []\n")
    return "".join(out)
