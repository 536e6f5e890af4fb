# SPDX-License-Identifier: MIT
"""Turns one resolved perf JSON event into the format-field values it sets
(`set`), following the PMU family's mapping of perf's keys to fields, its
MSR table (MSRIndex/MSRValue -> offcore_rsp, ldlat, frontend...) and, for
ConfigCode events, the split of the raw config over the family's fields."""
import fmtbits
from errors import ConvertError

# perf keys that contribute to an encoding (besides EventCode, ConfigCode, MSR*)
ENCODING_KEYS = ("UMask", "UMaskExt", "CounterMask", "Invert", "EdgeDetect", "AnyThread", "ExtSel",
                 "EventidCode", "FCMask", "PortMask", "RdWrMask", "NodeType", "EnAllCores",
                 "EnAllSlices", "SliceId", "ThreadMask")


class Encoder:
    """Encodes the events of one PMU; grows the PMU's format with the MSR
    fields its events use."""

    def __init__(self, plan):
        fam = plan.family
        self.plan, self.fam = plan, fam
        self.format = dict(fam.format)
        for feat in plan.features:
            self.format.update(fam.features[feat])
        self.format.update(plan.extra_format)
        self.msr_used = set()

    def _fail(self, ev, msg):
        raise ConvertError("%s: %s" % (ev.get("EventName", "?"), msg), ev["_file"], ev["_line"])

    def _need_field(self, ev, key, field):
        if field not in self.format:
            feats = ", ".join(sorted(self.fam.features)) or "none"
            self._fail(ev, "%s needs format field %r, which PMU %s does not have (family %s; features "
                           "available: %s)" % (key, field, self.plan.name, self.fam.name, feats))

    def encode(self, ev):
        """(set dict, explicit code or None) of a normalised perf event."""
        fam, out, code = self.fam, {}, None
        keys = {}       # field -> the perf key whose value it holds
        if "ConfigCode" in ev:
            raw = ev["ConfigCode"]
            if not fam.config_fields:
                self._fail(ev, "ConfigCode is not supported by family %s" % fam.name)
            parts = fmtbits.split_config(raw, fam.config_fields, self.format)
            if parts is None:
                self._fail(ev, "ConfigCode 0x%x has bits outside fields %s" % (raw, ", ".join(fam.config_fields)))
            out.update(parts)
            if "event" in fam.config_fields:
                out.setdefault("event", 0)
            code = raw
        else:
            field = fam.perf_fields.get("EventCode")
            if field is None:
                self._fail(ev, "family %s maps no field to EventCode" % fam.name)
            self._need_field(ev, "EventCode", field)
            out[field] = ev.get("EventCode", [0])[0]
            keys[field] = "EventCode"
        for key in ENCODING_KEYS:
            val = ev.get(key)
            if not val:
                continue
            field = fam.perf_fields.get(key)
            if field is None:
                self._fail(ev, "%s=0x%x has no place in the format of family %s" % (key, val, fam.name))
            self._need_field(ev, "%s=%d" % (key, val), field)
            if key == "UMaskExt":
                # perf's unit-mask bits above the low 8 (SPR/ICX CHA): the
                # field's value holds UMask in its low byte, UMaskExt above
                out[field] = out.get(field, 0) | val << 8
            else:
                out[field] = val
            keys[field] = key
        if "MSRIndex" in ev:
            idx = ev["MSRIndex"][0]
            hit = fam.msr_fields.get(idx)
            if hit is None:
                self._fail(ev, "MSRIndex 0x%x is not known to family %s" % (idx, fam.name))
            field, fmt, split = hit
            if idx not in self.msr_used:
                self.msr_used.add(idx)
                for k, v in fmt.items():
                    if k in self.format and self.format[k] != v:
                        self._fail(ev, "MSR field %s conflicts with format %s" % (k, self.format[k]))
                    self.format[k] = v
            if ev.get("MSRValue"):
                val = ev["MSRValue"]
                if split:
                    # sub-fields a modifier controls (fe_thres) get their own
                    # bits, so the encoder sees them as that modifier's preset
                    reg = fmtbits.deposit(self.format[field], val)
                    for sf in split:
                        sv = fmtbits.extract(self.format[sf], reg)
                        if sv:
                            out[sf] = sv
                        reg &= ~fmtbits.mask(self.format[sf])
                    val = fmtbits.extract(self.format[field], reg)
                if val:
                    out[field] = val
                    keys[field] = "MSRValue"
        elif ev.get("MSRValue"):
            self._fail(ev, "MSRValue without MSRIndex")
        # fields an uncore Filter sets that no perf key maps to (uncore_perf.apply_filter)
        for field, val in (ev.get("_set") or {}).items():
            self._need_field(ev, "Filter %s" % field, field)
            out[field] = val
            keys[field] = "Filter"
        # a value too wide for its field is the JSON entry's mistake: say so
        # here, with its file and line, not later against the overlay
        for field, key in keys.items():
            bits = fmtbits.width(self.format[field])
            wide = fam.wide_fields.get(field)
            if out[field] >> bits and wide and field not in self.plan.extra_format and \
                    not out[field] >> fmtbits.width(wide):
                # the family's wider layout of the field (Intel UMASK2): the
                # PMU's format takes it from its first event that needs it
                self.format[field] = wide
                bits = fmtbits.width(wide)
            if out[field] >> bits:
                self._fail(ev, "%s=0x%x does not fit field %s (%d bits)" % (key, out[field], field, bits))
        return out, code
