# SPDX-License-Identifier: MIT
"""Transform hooks of the converter.

After the generic restructuring of perf's events, jsontoyaml runs these
modules, in this order, on every PMU descriptor it produces:

    1. transforms/offcore.py        OFFCORE_RESPONSE unit-mask categories
                                    (from arch/x86/offcore/*.yaml)
    2. transforms/libpfm4_names.py  libpfm4 spellings and compatibility entries
                                    (from arch/<arch>/libpfm4-names/<pmu>.yaml)
    3. transforms/libpfm4_upstream.py  upstream libpfm4's names of arm64 and
                                    powerpc PMUs, arm64 common events (from
                                    arch/<arch>/libpfm4-upstream.yaml,
                                    arch/arm64/common-events.yaml)

A module that does not exist is skipped. Each module defines

    apply(desc: dict, ctx: Context) -> None

and mutates `desc`, the schema-v1 document (docs/schema.md) as Python data:
{"schema": 1, "pmu": {...}, "events": [{...}, ...]}. Numbers are ints, names
are str, lists and dicts are plain Python ones. After all transforms the
result is validated against the schema (jsontoyaml/validate.py); a transform
does not need to re-sort anything, but the writer keeps list order as given,
so append in a deterministic order.

`ctx` (a Context) offers:
    ctx.arch          perf/our architecture name: "x86", "arm64", "riscv", ...
    ctx.model_dir     perf's model directory relative to the arch dir
                      ("skylake", "arm/cortex-a57-a72")
    ctx.pmu           the PMU name of this descriptor (desc["pmu"]["name"])
    ctx.unit          the perf Unit this PMU takes events of (hybrid parts:
                      "cpu_core"/"cpu_atom"), else None
    ctx.perf_events   list of perf's event entries for this PMU: dicts after
                      ArchStdEvent resolution and Unit filtering, values
                      normalised (numbers are ints, EventCode and MSRIndex
                      are lists of ints), each with "_file" and "_line" (where
                      the entry starts) for error messages. Read-only: PMUs
                      made from one directory (knl/knm) share these dicts
    ctx.overlay_root  path of our arch/ overlay tree
    ctx.arch_std      perf's standard events of the architecture
                      ({lowercased EventName: (entry, file, line)}, the JSON
                      files of the arch directory itself), or None
    ctx.family        the PMU's family (overlay.Family: arch/<arch>/family/
                      <name>.yaml); family.layout() is every field name the
                      family knows with its format
    ctx.error(msg, file=None, line=None)
                      stops the conversion with `file:line: msg` (raises)
    ctx.warn(msg, file=None, line=None)
                      reports a non-fatal finding and continues
    ctx.note(msg, file=None, line=None)
                      records a known, accepted finding (one an arch/ file
                      lists): in the --report file and, with --verbose, on
                      stderr; never a warning
"""
import importlib
import traceback

from errors import ConvertError, Warnings, where

ORDER = ("offcore", "libpfm4_names", "libpfm4_upstream")


class Context:
    """What a transform gets to know about the PMU it works on."""

    def __init__(self, arch, model_dir, pmu, unit, perf_events, overlay_root, warnings, family=None,
                 notes=None, arch_std=None):
        self.arch = arch
        self.model_dir = model_dir
        self.pmu = pmu
        self.unit = unit
        self.perf_events = perf_events
        self.overlay_root = overlay_root
        self.family = family
        self.arch_std = arch_std
        self._warnings = warnings
        self._notes = notes if notes is not None else Warnings(kind="note")

    def error(self, msg, file=None, line=None):
        raise ConvertError("%s: %s" % (self.pmu, msg), file, line)

    def warn(self, msg, file=None, line=None):
        text = "%s%s: %s" % (where(file, line), self.pmu, msg)
        self._warnings.add(("transform", text), text)

    def note(self, msg, file=None, line=None):
        text = "%s%s: %s" % (where(file, line), self.pmu, msg)
        self._notes.add(("transform", text), text)


def load(names=ORDER):
    """The transform modules that exist, in order."""
    mods = []
    for n in names:
        full = "transforms." + n
        try:
            mods.append(importlib.import_module(full))
        except ModuleNotFoundError as e:
            if e.name != full:
                raise
    return mods


def run(mods, desc, ctx):
    """Apply each module; a crash in one is reported where it happened."""
    for m in mods:
        try:
            m.apply(desc, ctx)
        except ConvertError:
            raise
        except Exception as e:
            tb = traceback.extract_tb(e.__traceback__)[-1]
            raise ConvertError("transform %s crashed on PMU %s: %s: %s" % (
                m.__name__.split(".")[-1], ctx.pmu, type(e).__name__, e), tb.filename, tb.lineno) from e
