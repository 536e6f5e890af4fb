# SPDX-License-Identifier: MIT
"""Assembles the schema-v1 descriptor of one PMU: identity from the overlay,
format/raw bits/modifiers from its family, events from perf's JSON; finish()
adds the family's per-event facts once the transforms have run."""
import fmtbits
import restructure
import schema
from encode import Encoder
from errors import ConvertError


# perf_events attributes in libpfm4's code order (docs/schema.md)
PERF_ATTR_ORDER = ("u", "k", "h", "period", "freq", "precise", "excl", "mg", "mh", "cpu", "pinned",
                   "hw_smpl")


def build(plan, arch, source, perf_events, counter_info, match_priority=None, allow_empty=False, version=None):
    """The descriptor dict (schema v1 as Python data) of one PMU plan;
    allow_empty: no perf events (a PMU whose events a transform supplies)."""
    enc = Encoder(plan)
    pevs = []
    for ev in perf_events:
        s, code = enc.encode(ev)
        pevs.append(restructure.PerfEvent(ev, s, code))
    events, aliases = restructure.build_events(pevs, "umask" in enc.format)
    fmt = enc.format
    fam = plan.family
    pmu = {"name": plan.name, "id": plan.id, "desc": plan.desc, "type": fam.type, "arch": arch,
           "source": source}
    if version:
        pmu["version"] = version
    if plan.override:
        pmu["override"] = True
    if getattr(plan, "variant", False):
        pmu["variant"] = True
    if plan.match:
        pmu["match"] = list(plan.match)
    if plan.match and match_priority is not None:
        pmu["match_priority"] = match_priority
    if plan.unit:
        pmu["match_unit"] = plan.unit
    if plan.perf_pmu:
        pmu["perf_pmu"] = plan.perf_pmu
    if fam.perf_type is not None:
        pmu["perf_type"] = fam.perf_type
    counters = plan.counters if plan.counters is not None else counter_info.get("generic")
    fixed = plan.fixed_counters if plan.fixed_counters is not None else counter_info.get("fixed")
    if counters is not None:
        pmu["counters"] = counters
    if fixed is not None:
        pmu["fixed_counters"] = fixed
    regs = max(fmtbits.parse(v)[0] for v in fmt.values()) if fmt else 0
    pmu["max_encoding"] = regs + 1
    pmu["format"] = {k: fmt[k] for k in sorted(fmt, key=lambda k: _fmt_order(fmt[k], k))}
    raw = {k: v for k, v in fam.raw_bits.items() if k in fmt}
    if raw:
        pmu["raw_bits"] = raw
    rawf = [f for f in fam.raw_fields if f in fmt]
    if rawf:
        pmu["raw_fields"] = rawf
    rawfmt = {k: v for k, v in fam.raw_format.items() if k in fmt}
    if rawfmt:
        pmu["raw_format"] = rawfmt
    if fam.code_fields:
        pmu["code_fields"] = [f for f in fam.code_fields if f in fmt]
    if fam.raw_umask in fmt and not any(f in fam.feature_no_raw_umask for f in plan.features):
        pmu["raw_umask"] = fam.raw_umask
        # the bits a number may set in the MSRs its events program (a model's
        # feature says otherwise: Westmere's)
        bits = [fam.msr_raw_bits[i] for i in sorted(enc.msr_used) if i in fam.msr_raw_bits]
        bits = [fam.feature_raw_msr_bits[f] for f in plan.features if f in fam.feature_raw_msr_bits] or bits
        if bits and enc.msr_used:
            pmu["raw_msr_bits"] = min(bits)
    if fam.perf_attrs is not None:
        added = {a for f in plan.features for a in fam.feature_perf_attrs.get(f, ())}
        pmu["perf_attrs"] = [a for a in PERF_ATTR_ORDER if a in set(fam.perf_attrs) | added]
    mods, restricted = [], {}
    for m in fam.modifiers:
        if "field" in m and m["field"] not in fmt:
            continue
        out = {"name": m["name"], "desc": m.get("desc", ""), "type": m.get("type", "bool")}
        for k in schema.order("modifier"):      # the family's other descriptor keys
            if k in m and k not in out:
                out[k] = m[k]
        mods.append(out)
        if "events_using" in m:
            restricted[m["name"]] = m["events_using"]
    kept = {m["name"] for m in mods}
    dropped = {n for f in plan.features for n in fam.feature_drops.get(f, ())}
    for m in mods:
        if "requires" in m and (m["requires"] not in kept or m["name"] in dropped):
            del m["requires"]
    if mods:
        pmu["modifiers"] = mods
    if aliases:
        pmu["aliases"] = dict(sorted(aliases.items()))
    compat = set(plan.compat_modifiers)
    if restricted or compat:
        names = [m["name"] for m in mods]
        for ev in events:
            used = set(ev["set"])
            for u in ev.get("umasks", ()):
                used.update(u["set"])
            allowed = [n for n in names if n not in compat and (n not in restricted or restricted[n] in used)]
            if allowed != names:
                ev["modifiers"] = allowed
    if not events and not allow_empty:
        raise ConvertError("PMU %s: no core events left after filtering" % plan.name, plan.overlay, plan.line)
    return {"schema": 1, "pmu": pmu, "events": events}


def finish(plan, desc):
    """What the family says of every event, applied after the transforms
    (so the events they build get it too): hw_smpl_all."""
    if any(f in plan.family.feature_hw_smpl_all for f in plan.features):
        for ev in desc["events"]:
            ev["hw_smpl"] = True
            for u in ev.get("umasks") or ():
                u["hw_smpl"] = True


def _fmt_order(spec, name):
    reg, ranges = fmtbits.parse(spec)
    return (reg, ranges[0][0], -sum(h - l for l, h in ranges), name)
