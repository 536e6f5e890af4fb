# SPDX-License-Identifier: MIT
"""The kernel's sysfs format notation for PMU fields (`config:0-7,32-35`,
`config1:8`): parsing, field widths, and splitting a raw config value into
field values."""
import re

_FMT = re.compile(r"^config([12]?):(\d+(?:-\d+)?(?:,\d+(?:-\d+)?)*)$")


def parse(spec):
    """(register number, [(lo, hi), ...]) or None when spec is malformed."""
    if not isinstance(spec, str):
        return None
    m = _FMT.match(spec.replace(" ", ""))
    if not m:
        return None
    reg = int(m.group(1) or 0)
    ranges = []
    for part in m.group(2).split(","):
        lo, _, hi = part.partition("-")
        lo = int(lo)
        hi = int(hi) if hi else lo
        if hi < lo or hi > 63:
            return None
        ranges.append((lo, hi))
    return reg, ranges


def width(spec):
    reg_ranges = parse(spec)
    return sum(hi - lo + 1 for lo, hi in reg_ranges[1]) if reg_ranges else 0


def mask(spec):
    """Bits of the register the field occupies."""
    m = 0
    for lo, hi in parse(spec)[1]:
        m |= ((1 << (hi - lo + 1)) - 1) << lo
    return m


def extract(spec, raw):
    """The field value held by the raw register value (lowest range first)."""
    v, shift = 0, 0
    for lo, hi in parse(spec)[1]:
        n = hi - lo + 1
        v |= ((raw >> lo) & ((1 << n) - 1)) << shift
        shift += n
    return v


def deposit(spec, value):
    """The register bits holding value in the field (lowest range first)."""
    r, shift = 0, 0
    for lo, hi in parse(spec)[1]:
        n = hi - lo + 1
        r |= ((value >> shift) & ((1 << n) - 1)) << lo
        shift += n
    return r


def split_config(raw, fields, fmt):
    """{field: value} for the given config fields of fmt holding raw, or None
    when raw has bits outside those fields. Zero values are left out."""
    out, covered = {}, 0
    for name in fields:
        covered |= mask(fmt[name])
        v = extract(fmt[name], raw)
        if v:
            out[name] = v
    return None if raw & ~covered else out
