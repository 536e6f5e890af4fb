# SPDX-License-Identifier: MIT
"""Writes a descriptor as YAML, byte-for-byte deterministic: keys in the
order of schema/descriptor.yaml, codes and field values in hex (its `hex`
keys), strings plain when that is unambiguous and double-quoted otherwise.
Output is plain YAML 1.1 that libyaml (the C loader) and PyYAML read back to
the same data."""
import re

import schema

# key order and hex keys per mapping kind, from schema/descriptor.yaml
ORDER = {kind: schema.order(kind) for kind in schema.closed_kinds()}
HEX = {kind: schema.hex_keys(kind) for kind in schema.closed_kinds()}

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


def _mapping(out, d, kind, ind, first_prefix=None):
    """Block mapping of a schema kind at indentation ind; the first line may
    carry a '- ' prefix. Keys the schema does not know (kind None: the
    entries of such a key) follow in sorted order."""
    spec = schema.keys(kind) if kind else {}
    for i, k in enumerate(_ordered(d, ORDER.get(kind, ()))):
        pre = first_prefix if (i == 0 and first_prefix is not None) else " " * ind
        v = d[k]
        key = scalar(k)
        hexa = k in HEX.get(kind, ())
        if isinstance(v, dict):
            if hexa or not v:
                out.append("%s%s: %s\n" % (pre, key, _flow_map(v, hexa)))
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
                for item in v:
                    _mapping(out, item, spec.get(k, {}).get("of"), ind + 4, " " * (ind + 2) + "- ")
        else:
            out.append("%s%s: %s\n" % (pre, key, scalar(v, hexa, flow=False)))


def dumps(doc, header=None):
    """YAML text of a descriptor document."""
    out = []
    if header:
        for line in header.splitlines():
            out.append(("# " + line).rstrip() + "\n")
    out.append("schema: %s\n" % scalar(doc.get("schema")))
    out.append("pmu:\n")
    _mapping(out, doc["pmu"], "pmu", 2)
    if doc.get("events"):
        out.append("events:\n")
        for ev in doc["events"]:
            _mapping(out, ev, "event", 4, "  - ")
    else:
        out.append("events: []\n")
    return "".join(out)
