# SPDX-License-Identifier: MIT
"""A small reader of perf's JSON event tables for the non-x86 architectures,
written for this test only (it shares no code with jsontoyaml/, so the check
is independent of the converter). It says, for every JSON entry of an
architecture's tree, either which core event it is and the attr.config the
kernel expects for it, or why it is not a core event.

Facts it relies on (linux 6.12):
- mapfile.csv rows are `identity,version,directory,type`; `core` rows name
  the core model directories; `#` lines are comments.
- JSON files directly in the arch directory hold the standard events (and
  metrics, arm64 sbsa.json) an entry names with ArchStdEvent: the entry takes the standard event's
  fields, then its own (its own win).
- attr.config is EventCode (arm64 event number, POWER raw event code, s390
  counter number, nds32 counter<<8|event), or, on RISC-V, ConfigCode when
  the entry has one (SBI firmware events: bit 63 set) else EventCode.
- s390 entries carry a Unit; CPU-M-CF is the core counter facility, the
  other Units (PAI-CRYPTO, PAI-EXT) are separate PMUs. On the other arches
  an entry with a Unit belongs to an uncore PMU (hisi_sccl,... on arm64).
"""
import json
import os

ARCHES = ("arm64", "riscv", "powerpc", "s390", "nds32")
CORE_UNITS = {"s390": {"CPU-M-CF"}}
CONFIG_KEYS = {"riscv": ("ConfigCode", "EventCode")}


class Tree:
    """One architecture: models (core directories), their events, skips."""

    def __init__(self, root, arch):
        self.arch = arch
        self.dir = os.path.join(root, arch)
        self.events = {}        # model dir -> {NAME: (perf name, config)}
        self.skipped = {}       # reason -> count
        self.problems = []      # entries this reader cannot place
        self.entries = 0        # JSON entries in the tree, every file
        self.models = self._mapfile()
        self.std = self._standard()
        for m in self.models:
            self.events[m] = self._model(m)
        self._elsewhere()

    def _skip(self, reason, n=1):
        self.skipped[reason] = self.skipped.get(reason, 0) + n

    def _mapfile(self):
        models = []
        with open(os.path.join(self.dir, "mapfile.csv")) as f:
            for line in f:
                line = line.strip()
                if not line or line.startswith("#"):
                    continue
                cols = [c.strip() for c in line.split(",")]
                if len(cols) != 4 or cols[3] != "core":
                    continue
                if cols[2] not in models:
                    models.append(cols[2])
        return models

    def _standard(self):
        std = {}
        for fn in sorted(os.listdir(self.dir)):
            path = os.path.join(self.dir, fn)
            if fn.endswith(".json") and os.path.isfile(path):
                for e in _load(path):
                    self.entries += 1
                    name = e.get("EventName", e.get("MetricName"))
                    if name:
                        std[name.upper()] = e
                    self._skip("arch-level standard definition (used through ArchStdEvent)")
        return std

    def _model(self, model):
        out = {}
        d = os.path.join(self.dir, model)
        for fn in sorted(os.listdir(d)):
            path = os.path.join(d, fn)
            if not (fn.endswith(".json") and os.path.isfile(path)):
                continue
            for e in _load(path):
                self.entries += 1
                self._entry(model, fn, e, out)
        return out

    def _entry(self, model, fn, e, out):
        where = "%s/%s/%s" % (self.arch, model, fn)
        if "ArchStdEvent" in e:
            std = self.std.get(e["ArchStdEvent"].upper())
            if std is None:
                self.problems.append("%s: unknown ArchStdEvent %s" % (where, e["ArchStdEvent"]))
                return
            merged = dict(std)
            merged.update({k: v for k, v in e.items() if k != "ArchStdEvent"})
            e = merged
        if "EventName" not in e:
            if "MetricName" in e or "MetricExpr" in e:
                self._skip("metric")
            else:
                self.problems.append("%s: entry with neither EventName nor MetricName" % where)
            return
        unit = e.get("Unit")
        if unit is not None and unit not in CORE_UNITS.get(self.arch, ()):
            self._skip("Unit %s (not the core PMU)" % unit)
            return
        config = None
        for key in CONFIG_KEYS.get(self.arch, ("EventCode",)):
            if key in e:
                config = _number(e[key])
                break
        if config is None:
            self.problems.append("%s: %s has no event code" % (where, e["EventName"]))
            return
        name = e["EventName"]
        prev = out.get(name.upper())
        if prev and prev[1] != config:
            self.problems.append("%s: %s given twice with different codes" % (where, name))
        out[name.upper()] = (name, config)

    def _elsewhere(self):
        """Entries in directories no core mapfile row names (sys/ PMUs)."""
        for dp, dns, fns in os.walk(self.dir):
            dns.sort()
            rel = os.path.relpath(dp, self.dir)
            if rel == "." or rel in self.models:
                continue
            for fn in sorted(fns):
                if fn.endswith(".json"):
                    n = len(_load(os.path.join(dp, fn)))
                    self.entries += n
                    if "sys" in rel.split(os.sep):
                        self._skip("system PMU directory (sys/, matched by Compat)", n)
                    else:
                        self._skip("directory no core mapfile row names (%s)" % rel, n)


def _load(path):
    with open(path) as f:
        data = json.load(f)
    if not isinstance(data, list):
        raise ValueError("%s: expected a JSON array" % path)
    return data


def _number(v):
    """perf writes codes as JSON numbers or as decimal/0x strings."""
    if isinstance(v, int):
        return v
    return int(str(v).strip(), 0)
