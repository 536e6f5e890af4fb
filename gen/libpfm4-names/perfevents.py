# SPDX-License-Identifier: MIT
# perfevents.py - the core-PMU events of one perf x86 model directory (or of
# one model of Intel's perfmon repository), each with the encoding key that
# libpfm4's raw codes are matched against.
import csv
import glob
import json
import os

import layout

# perf JSON "Unit" values that still mean the core PMU (arch/x86/models.yaml)
CORE_UNITS = layout.core_units()

# MSRIndex values and the format field their MSRValue goes to (family files)
MSR_FIELDS = layout.msr_fields()


def _int(v, default=0):
    if v is None or v == "":
        return default
    if isinstance(v, int):
        return v
    v = v.strip()
    return int(v, 16) if v.lower().startswith("0x") else int(v)


class PerfEvent:
    """One perf JSON event: name, field values and the facts the overlay keeps."""

    def __init__(self, raw, fname):
        self.name = raw["EventName"]
        self.file = fname
        codes = [c for c in str(raw.get("EventCode", "0")).split(",") if c.strip()]
        self.event = _int(codes[0]) if codes else 0
        # every select perf lists (offcore events name both MSRs' selects)
        self.events = tuple(_int(c) for c in codes) or (0,)
        self.umask = _int(raw.get("UMask"))
        self.cmask = _int(raw.get("CounterMask"))
        self.inv = _int(raw.get("Invert"))
        self.edge = _int(raw.get("EdgeDetect"))
        self.any = _int(raw.get("AnyThread"))
        self.deprecated = raw.get("Deprecated") == "1"
        self.msr_field = None
        self.msr_value = 0
        idx = raw.get("MSRIndex")
        if idx:
            first = _int(idx.split(",")[0])
            self.msr_field = MSR_FIELDS.get(first, "msr_%x" % first)
            self.msr_value = _int(raw.get("MSRValue"))

    def is_offcore(self):
        return self.msr_field == "offcore_rsp"

    def key(self):
        """Encoding key comparable with oracle.key_of_codes()."""
        return (self.event, self.umask, self.cmask, self.inv, self.edge, self.any,
                self.msr_value)

    def raw(self, lay):
        """(config, config1) as the PMU's format holds it: lay is its
        layout.Layout, or true for AMD's layout and false for Intel's."""
        c = layout.of(lay).deposit({"event": self.event, "umask": self.umask, "edge": self.edge,
                                    "any": self.any, "inv": self.inv, "cmask": self.cmask})[0]
        return c, self.msr_value


def load_model(arch_root, model_dir, unit=None):
    """Core events of build/perf-arch/<model_dir> (e.g. x86/skylake), in file
    order; of one core type's perf Unit only when unit is given (hybrid parts)."""
    events = []
    seen = set()
    for path in sorted(glob.glob(os.path.join(arch_root, model_dir, "*.json"))):
        base = os.path.basename(path)
        if base.startswith("uncore") or "metric" in base:
            continue
        with open(path) as f:
            data = json.load(f)
        for raw in data:
            if "EventName" not in raw or raw.get("Unit") not in CORE_UNITS:
                continue
            if unit is not None and raw.get("Unit") != unit:
                continue
            if raw["EventName"].upper() in seen:
                continue
            seen.add(raw["EventName"].upper())
            events.append(PerfEvent(raw, base))
    return events


# Intel's Core Role Name of a hybrid core type -> perf's Unit for it
INTEL_ROLES = {"Core": "cpu_core", "Atom": "cpu_atom", "LowPower_Atom": "cpu_lowpower"}


def load_intel_model(intel_root, model_dir, unit=None):
    """Core events of a model of Intel's perfmon repository, named as the
    converter names it (x86/<stem>: the stem of its core files,
    graniterapids_core.json -> x86/graniterapids), in file order; of one
    core type (perf's Unit) when unit is given. Entries named in libpfm4's
    syntax (NAME:a=b) are not events."""
    stem = model_dir.split("/", 1)[-1]
    events, seen, files = [], set(), []
    with open(os.path.join(intel_root, "mapfile.csv"), newline="", encoding="utf-8") as f:
        for r in csv.DictReader(f):
            name = os.path.basename(r.get("Filename") or "")
            if r.get("EventType") not in ("core", "hybridcore") or not name.startswith(stem + "_"):
                continue
            role = INTEL_ROLES.get(r.get("Core Role Name")) if r["EventType"] == "hybridcore" else None
            if (unit is not None and role != unit) or r["Filename"] in [x for x, _ in files]:
                continue
            files.append((r["Filename"], role))
    for fname, _ in files:
        with open(os.path.join(intel_root, fname.lstrip("/")), encoding="utf-8") as f:
            data = json.load(f)
        for raw in data.get("Events", []) if isinstance(data, dict) else data:
            if not isinstance(raw, dict) or "EventName" not in raw or ":" in raw["EventName"]:
                continue
            raw = {k: v for k, v in raw.items() if not (isinstance(v, str) and v in ("null", ""))}
            # Intel lists both unit masks of a two-MSR event (the converter
            # takes the first: arch/x86/intel-perfmon.yaml, UMask `first`)
            if isinstance(raw.get("UMask"), str):
                raw["UMask"] = raw["UMask"].split(",")[0].strip()
            if raw["EventName"].upper() in seen:
                continue
            seen.add(raw["EventName"].upper())
            events.append(PerfEvent(raw, os.path.basename(fname)))
    return events
