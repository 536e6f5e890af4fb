# SPDX-License-Identifier: MIT
"""The fields perf's JSON event entries may carry, with the type each value
must have. Values are checked and normalised here (numbers to int), so the
rest of the converter works on clean data."""
from errors import ConvertError

# kinds: str (text), num (unsigned number: JSON int or "0x..."/decimal string),
# nums (comma-separated numbers in one string), any (kept, not interpreted)
FIELDS = {
    # identity and text
    "EventName": "str", "ArchStdEvent": "str", "BriefDescription": "str",
    "PublicDescription": "str", "Unit": "str", "Counter": "str", "Errata": "str",
    "Compat": "str", "Filter": "str", "ScaleUnit": "str",
    # encoding
    "EventCode": "nums", "UMask": "num", "CounterMask": "num", "Invert": "num",
    "EdgeDetect": "num", "AnyThread": "num", "MSRIndex": "nums", "MSRValue": "num",
    "ConfigCode": "num", "EventidCode": "num", "ExtSel": "num",
    # sampling and flags
    "SampleAfterValue": "num", "PEBS": "num", "Deprecated": "num", "Experimental": "num",
    "Data_LA": "num", "PerPkg": "num", "TakenAlone": "num", "CollectPEBSRecord": "num",
    # uncore-only encodings (never used for core PMUs, still type-checked)
    "FCMask": "num", "PortMask": "num", "UMaskExt": "num", "RdWrMask": "num", "NodeType": "num",
    "EnAllCores": "num", "EnAllSlices": "num", "SliceId": "num", "ThreadMask": "num",
    # counter.json: counter counts per Unit
    "CountersNumFixed": "num", "CountersNumGeneric": "num",
    # metrics (entries that are metrics are skipped before typing)
    "MetricName": "str", "MetricExpr": "str", "MetricGroup": "str", "MetricConstraint": "str",
    "MetricThreshold": "str", "DefaultMetricgroupName": "str", "MetricgroupNoGroup": "str",
}


def parse_num(text):
    """int of a JSON number or numeric string, or None when it is not one."""
    if isinstance(text, bool):
        return None
    if isinstance(text, int):
        return text if text >= 0 else None
    if not isinstance(text, str):
        return None
    t = text.strip()
    try:
        v = int(t, 0)
    except ValueError:
        if not t.isdigit():
            return None
        try:
            v = int(t, 10)         # decimal with leading zeros, e.g. "08"
        except ValueError:         # longer than sys.get_int_max_str_digits()
            return None
    return v if v >= 0 else None


def _show(v):
    """repr of a string value, cut short when it is long."""
    r = repr(v)
    return r if len(r) <= 40 else r[:36] + "...'"


def _kind_name(v):
    return {dict: "an object", list: "an array", bool: "a boolean", float: "a fraction",
            type(None): "null"}.get(type(v), type(v).__name__)


def normalise(entry, file, line, warnings, label, known=None):
    """A copy of entry with typed values; unknown keys are kept verbatim and
    reported as warnings (perf ignores them too), or as notes when known =
    ({field: reason}, notes) lists them (misspellings in perf's tables)."""
    typos, notes = known or ({}, None)
    out = {}
    for key, val in entry.items():
        kind = FIELDS.get(key)
        if kind is None:
            msg = "%s:%d: %s: unknown perf field %r ignored" % (file, line, label, key)
            if key in typos and notes is not None:
                notes.add(("unknown-field", key), "%s (a known misspelling: %s)" % (msg, typos[key]))
            else:
                warnings.add(("unknown-field", key), msg)
            out[key] = val
            continue
        if kind == "str":
            if not isinstance(val, str):
                raise ConvertError("%s: field %s must be a string, not %s" % (label, key, _kind_name(val)),
                                   file, line)
            out[key] = val
        elif kind == "num":
            n = parse_num(val)
            if n is None:
                raise ConvertError("%s: field %s must be an unsigned number, not %s" % (
                    label, key, _show(val) if isinstance(val, str) else _kind_name(val)), file, line)
            out[key] = n
        elif kind == "nums":
            parts = val.split(",") if isinstance(val, str) else [val]
            nums = [parse_num(p) for p in parts]
            if not nums or any(n is None for n in nums):
                raise ConvertError("%s: field %s must be a number or comma-separated numbers, not %s" % (
                    label, key, _show(val) if isinstance(val, str) else _kind_name(val)), file, line)
            out[key] = nums
        else:
            out[key] = val
    return out
