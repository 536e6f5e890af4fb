# SPDX-License-Identifier: MIT
"""Reads perf's JSON event files: arrays of entries, each remembered with the
file and line where it starts (for error messages). Also builds the
architecture-level standard events and resolves `ArchStdEvent` references
the way perf does: the standard entry's fields, overridden by local ones."""
import json
import os
import re
import sys

from errors import ConvertError
from readfile import read_text

# perf's entries are flat (an array of objects of strings and numbers); values
# nested deeper than this are refused (Python's json recursion stops at ~1000)
MAX_DEPTH = 32

_WS = " \t\r\n"


def _skip_ws(text, i):
    n = len(text)
    while i < n and text[i] in _WS:
        i += 1
    return i


def _linecol(text, pos):
    line = text.count("\n", 0, pos) + 1
    return line, pos - (text.rfind("\n", 0, pos) + 1) + 1


def _max_digits():
    """The longest integer literal Python converts (0: no limit, before 3.11)."""
    return getattr(sys, "get_int_max_str_digits", lambda: 0)() or 4300


def _depth(obj):
    """How deeply obj nests arrays and objects (1: a flat object), without
    recursion."""
    deepest, todo = 0, [(obj, 1)]
    while todo:
        o, d = todo.pop()
        if d > deepest:
            deepest = d
            if d > MAX_DEPTH:
                break
        kids = o.values() if isinstance(o, dict) else o
        todo.extend((k, d + 1) for k in kids if isinstance(k, (dict, list)))
    return deepest


def load_entries(path):
    """[(entry dict, line)] of a JSON file holding an array of objects."""
    text = read_text(path)
    i = _skip_ws(text, 0)
    if i >= len(text) or text[i] != "[":
        line, col = _linecol(text, i)
        raise ConvertError("expected a JSON array of entries", path, line, col)
    out, i = parse_array(text, i, path)
    i = _skip_ws(text, i)
    if i != len(text):
        l2, c2 = _linecol(text, i)
        raise ConvertError("invalid JSON: extra data after the array", path, l2, c2)
    return out


def parse_array(text, i, path):
    """([(entry dict, line)], offset just past the array) of the array of
    objects starting at text[i] == '['."""
    dec = json.JSONDecoder()
    out = []
    line, last = text.count("\n", 0, i) + 1, i
    i = _skip_ws(text, i + 1)
    if i < len(text) and text[i] == "]":
        i += 1
    else:
        while True:
            try:
                obj, end = dec.raw_decode(text, i)
            except json.JSONDecodeError as e:
                raise ConvertError("invalid JSON: %s" % e.msg, path, e.lineno, e.colno)
            except RecursionError:
                raise ConvertError("invalid JSON: entry nested more than %d levels deep" % MAX_DEPTH,
                                   path, *_linecol(text, i))
            except ValueError:
                # int() refuses literals longer than sys.get_int_max_str_digits()
                limit = _max_digits()
                m = re.compile(r"\d{%d,}" % (limit + 1)).search(text, i)
                raise ConvertError("invalid JSON: a number of more than %d digits" % limit,
                                   path, *_linecol(text, m.start() if m else i))
            line += text.count("\n", last, i)
            last = i
            if not isinstance(obj, dict):
                raise ConvertError("array element is not an object", path, line, _linecol(text, i)[1])
            if _depth(obj) > MAX_DEPTH:
                raise ConvertError("invalid JSON: entry nested more than %d levels deep" % MAX_DEPTH,
                                   path, line, _linecol(text, i)[1])
            out.append((obj, line))
            i = _skip_ws(text, end)
            if i < len(text) and text[i] == ",":
                i = _skip_ws(text, i + 1)
                if i < len(text) and text[i] == "]":
                    l2, c2 = _linecol(text, i)
                    raise ConvertError("invalid JSON: trailing comma before ']'", path, l2, c2)
                continue
            if i < len(text) and text[i] == "]":
                i += 1
                break
            l2, c2 = _linecol(text, i)
            raise ConvertError("invalid JSON: expected ',' or ']' after an entry", path, l2, c2)
    return out, i


def is_metric_file(name):
    return name.endswith("metrics.json") or name == "metricgroups.json"


def is_metric(entry):
    return "EventName" not in entry and "ArchStdEvent" not in entry and (
        "MetricName" in entry or "MetricExpr" in entry)


def load_arch_std(arch_dir):
    """{lowercased EventName: (entry, file, line)} from the JSON files directly
    in the architecture directory (perf's standard events)."""
    std = {}
    for name in sorted(os.listdir(arch_dir)):
        path = os.path.join(arch_dir, name)
        # not a directory: anything else named *.json is read (a FIFO or a
        # device is refused by read_text, never skipped)
        if not name.endswith(".json") or os.path.isdir(path) or is_metric_file(name):
            continue
        for entry, line in load_entries(path):
            ev = entry.get("EventName")
            if ev is None:
                continue
            if not isinstance(ev, str):
                raise ConvertError("EventName must be a string", path, line)
            std.setdefault(ev.lower(), (entry, path, line))
    return std


def resolve_std(entry, std, file, line):
    """entry with its ArchStdEvent reference expanded (local fields win)."""
    ref = entry.get("ArchStdEvent")
    if ref is None:
        return entry
    if not isinstance(ref, str):
        raise ConvertError("ArchStdEvent must be a string", file, line)
    hit = std.get(ref.lower())
    if hit is None:
        raise ConvertError("ArchStdEvent %r is not a standard event of this architecture" % ref,
                           file, line)
    merged = dict(hit[0])
    merged.update(entry)
    return merged
