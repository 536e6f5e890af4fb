# SPDX-License-Identifier: MIT
"""tests/vendor/library.py — check-vendor's library half: a libpfm.so.4 made
from one route's converted descriptors of the new models (tablegen, the same
reader and generator as the build, linked with the build's library objects),
asked through its public API (pfmdump) under LIBPFM_CPUID on an empty
sysroot which PMUs each CPU presents and how every event of the vendor JSON
encodes; the expectation is computed here, from the JSON fields and the
kernel's sysfs format of the PMU (KERNEL_FORMATS), never from the converter."""
import glob
import json
import os
import re
import subprocess

# CPU identity (as perf's mapfile and LIBPFM_CPUID write it) -> the model
# directory perf's tree names for it; the PMUs each must present are the
# route's table rows of that model (check: at least one, and all present).
CPUS = [
    ("x86", "amdzen6", "AuthenticAMD-26-50-0"),
    ("x86", "arrowlake", "GenuineIntel-6-C5-0"),
    ("x86", "pantherlake", "GenuineIntel-6-CC-0"),
    ("x86", "clearwaterforest", "GenuineIntel-6-DD-0"),
    ("x86", "lunarlake", "GenuineIntel-6-BD-0"),
    ("arm64", "arm/neoverse-n3", "0x00000000410fd8e0"),
    ("arm64", "arm/neoverse-v3", "0x00000000410fd830"),      # perf's mapfile
    ("arm64", "arm/neoverse-v3", "0x00000000410fd840"),      # libpfm4's detection
    ("arm64", "fujitsu/monaka", "0x00000000460f0030"),
    ("s390", "cf_z17", "IBM,9175,703,A01,3.8,002f"),
    ("riscv", "sifive/bullet", "0x489-0x8000000000000007-0x0"),
    ("riscv", "sifive/bullet-07", "0x489-0x8000000000000107-0x7000"),
    ("riscv", "sifive/bullet-0d", "0x489-0x8000000000000107-0xd000"),
    ("riscv", "sifive/p550", "0x489-0x8000000000000008-0x0"),
    ("riscv", "sifive/p650", "0x489-0x8000000000000108-0x9000"),
    ("riscv", "openhwgroup/cva6", "0x602-0x3-0x0"),
]

# pfm_pmu_t a PMU must have: libpfm4's (upstream) where it has the CPU
IDS = {"amd64_fam1ah_zen6": 698, "arm_n3": 682, "arm_v3": 679, "arm_monaka": 683}

# The kernel's sysfs format/ of each core PMU (arch/x86/events/intel/core.c,
# amd/core.c, drivers/perf/arm_pmuv3.c, riscv_pmu_sbi.c, s390 cpum_cf):
# field -> bit ranges of attr.config (c) or attr.config1 (c1). Intel's
# `umask` is config:8-15,40-47 where the CPU has umask2 (arch perfmon v6,
# intel/core.c umask2_show: every Intel model here), so perf's UMask 0x111
# is umask 0x11 and umask2 0x1; UMaskExt is those high bits on their own.
KERNEL_FORMATS = {
    "intel": {"event": ("c", [(0, 7)]), "umask": ("c", [(8, 15), (40, 47)]), "edge": ("c", [(18, 18)]),
              "any": ("c", [(21, 21)]), "inv": ("c", [(23, 23)]), "cmask": ("c", [(24, 31)]),
              "umask2": ("c", [(40, 47)]), "eq": ("c", [(36, 36)]), "offcore_rsp": ("c1", [(0, 63)]), "ldlat": ("c1", [(0, 15)]),
              "frontend": ("c1", [(0, 23)])},
    "amd": {"event": ("c", [(0, 7), (32, 35)]), "umask": ("c", [(8, 15)]), "edge": ("c", [(18, 18)]),
            "inv": ("c", [(23, 23)]), "cmask": ("c", [(24, 31)])},
    "arm64": {"event": ("c", [(0, 15)])},
    "riscv": {"event": ("c", [(0, 47)]), "config": ("c", [(0, 63)])},
    "s390": {"event": ("c", [(0, 63)])},
}
# perf's Units that name a core PMU (x86 `cpu`, s390's counter facility)
CORE_UNITS = {"cpu", "CPU-M-CF"}
# perf's JSON key -> the format term jevents writes for it
TERMS = {"EventCode": "event", "UMask": "umask", "UMaskExt": "umask2", "EdgeDetect": "edge",
         "AnyThread": "any", "Invert": "inv", "CounterMask": "cmask", "ConfigCode": "config", "Equal": "eq"}
MSR_TERMS = {0x1a6: "offcore_rsp", 0x1a7: "offcore_rsp", 0x3f6: "ldlat", 0x3f7: "frontend"}
# bits the kernel sets itself in the event select (usr, os, int, en): not
# the library's to give, left out of the comparison
X86_KERNEL_BITS = (1 << 16) | (1 << 17) | (1 << 20) | (1 << 22)


def num(v):
    if isinstance(v, int):
        return v
    if isinstance(v, str):
        v = v.split(",")[0].strip()
        try:
            return int(v, 0)
        except ValueError:
            return None
    return None


def deposit(value, ranges):
    out, shift = 0, 0
    for lo, hi in ranges:
        width = hi - lo + 1
        out |= ((value >> shift) & ((1 << width) - 1)) << lo
        shift += width
    return out


def expected(ev, fmt):
    """(config, config1) the kernel programs for a JSON entry: each term
    deposited into its sysfs field, as perf's parser does; None when a
    term has no field in the format (the case is then left out, counted)."""
    regs = {"c": 0, "c1": 0}
    for key, term in TERMS.items():
        v = num(ev.get(key))
        if not v:
            continue
        if term not in fmt:
            return None
        reg, ranges = fmt[term]
        regs[reg] |= deposit(v, ranges)
    idx = num(ev.get("MSRIndex"))
    if idx and idx in MSR_TERMS:
        v = num(ev.get("MSRValue")) or 0
        if v:
            reg, ranges = fmt[MSR_TERMS[idx]]
            regs[reg] |= deposit(v, ranges)
    return regs["c"], regs["c1"]


def load_json(path):
    with open(path, encoding="utf-8") as f:
        d = json.load(f)
    return d.get("Events", []) if isinstance(d, dict) else d


def std_events(arch_dir):
    """perf's standard events of an architecture (arm64 common, riscv SBI):
    name (upper) -> entry."""
    out = {}
    for p in sorted(glob.glob(os.path.join(arch_dir, "*.json"))):
        for e in load_json(p):
            if isinstance(e, dict) and "EventName" in e:
                out[e["EventName"].upper()] = e
    return out


def perf_events(arch_root, arch, model):
    """[(Unit or None, entry)]: the core events of a perf model directory,
    ArchStdEvent resolved (the standard event's fields, the entry's own win)."""
    std = std_events(os.path.join(arch_root, arch))
    out = []
    for p in sorted(glob.glob(os.path.join(arch_root, arch, model, "*.json"))):
        if p.endswith("metrics.json") or os.path.basename(p) == "metricgroups.json":
            continue
        for e in load_json(p):
            if not isinstance(e, dict):
                continue
            if "ArchStdEvent" in e:
                base = dict(std.get(e["ArchStdEvent"].upper(), {}))
                base.update({k: v for k, v in e.items() if k != "ArchStdEvent"})
                base.setdefault("EventName", e["ArchStdEvent"])
                e = base
            if "EventName" not in e or "MetricName" in e:
                continue
            out.append((e.get("Unit"), e))
    return out


# Intel's mapfile Core Role Name -> the kernel's hybrid PMU (perf's Unit)
ROLE_UNITS = {"Core": "cpu_core", "Atom": "cpu_atom", "LowPower_Atom": "cpu_lowpower"}


def intel_events(intel_root, ident):
    """[(Unit or None, entry)]: the core events of Intel's files for a CPU
    identity (mapfile rows whose Family-model matches it; core -> no Unit,
    hybridcore -> the Unit of its Core Role Name), and the number of
    entries named in libpfm4's syntax (NAME:a=b), which are not events."""
    import csv
    out, odd = [], 0
    with open(os.path.join(intel_root, "mapfile.csv"), encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    for r in rows:
        fm = r["Family-model"]
        if r["EventType"] not in ("core", "hybridcore") or not (ident == fm or ident.startswith(fm + "-")):
            continue
        unit = ROLE_UNITS.get(r["Core Role Name"]) if r["EventType"] == "hybridcore" else None
        for e in load_json(os.path.join(intel_root, r["Filename"].lstrip("/"))):
            if not isinstance(e, dict) or "EventName" not in e:
                continue
            if ":" in e["EventName"]:
                odd += 1
                continue
            e = {k: v for k, v in e.items() if not (isinstance(v, str) and v in ("null", ""))}
            out.append((unit, e))
    return out, odd


def family_of(arch, ident):
    if arch == "x86":
        return "amd" if ident.startswith("AuthenticAMD") else "intel"
    return arch


class Runner:
    def __init__(self, top, tablegen, objdir, pfmdump, work):
        self.top, self.tablegen, self.objdir, self.pfmdump, self.work = top, tablegen, objdir, pfmdump, work

    def build(self, route, yaml_files):
        """libpfm.so.4 of route's descriptors (and the generic perf PMUs):
        its directory, or raise with the compiler's words."""
        d = os.path.join(self.work, "lib-" + route)
        os.makedirs(d, exist_ok=True)
        gen = os.path.join(d, "pp_builtin.c")
        obj = os.path.join(d, "pp_builtin.o")
        so = os.path.join(d, "libpfm.so.4")
        objs = [o for o in glob.glob(os.path.join(self.objdir, "pfmlib", "*", "*.o"))]
        objs.append(os.path.join(self.objdir, "gen", "pp_hostdata.o"))
        steps = [
            [self.tablegen, "-o", gen] + sorted(yaml_files),
            ["cc", "-std=gnu11", "-w", "-I" + os.path.join(self.top, "include"), "-I" + os.path.join(self.top, "pfmlib"),
             "-I" + os.path.join(os.path.dirname(self.objdir), "gen"), "-O0", "-fPIC", "-c", "-o", obj, gen],
            ["cc", "-shared", "-nostartfiles", "-Wl,-soname,libpfm.so.4",
             "-Wl,--version-script=" + os.path.join(self.top, "pfmlib", "api", "libpfm.map"), "-o", so, obj] + objs,
        ]
        for cmd in steps:
            p = subprocess.run(cmd, capture_output=True, text=True)
            if p.returncode:
                raise RuntimeError("%s: %s" % (os.path.basename(cmd[0]), (p.stderr or p.stdout)[-1500:]))
        return d

    def env(self, libdir, ident, plugins=""):
        e = {k: v for k, v in os.environ.items() if not k.startswith("LIBPFM_")}
        e.update(LD_LIBRARY_PATH=libdir, LIBPFM_CPUID=ident, LIBPFM_PLUGIN_PATH=plugins, LIBPFM_PLUGIN_CACHE="0",
                 LIBPFM_SYSROOT=os.path.join(self.top, "tests", "fixtures", "sysroot", "empty"))
        return e

    def present(self, libdir, ident, plugins=""):
        """{PMU: (id, present, events)}"""
        p = subprocess.run([self.pfmdump, "pmus"], capture_output=True, text=True,
                           env=self.env(libdir, ident, plugins))
        out = {}
        for line in p.stdout.splitlines():
            c = line.split("\t")
            if c[0] == "P" and len(c) >= 10:
                out[c[1]] = (int(c[2]), c[8] == "1", int(c[4]))
        return out

    def replaced(self, libdir, ident, plugins):
        """{PMU: (plugin version, built-in version)}: the built-in PMUs the
        plugins replace, as the library says under LIBPFM_VERBOSE."""
        env = dict(self.env(libdir, ident, plugins), LIBPFM_VERBOSE="1")
        p = subprocess.run([self.pfmdump, "pmus"], capture_output=True, text=True, env=env)
        return {m.group(1): (m.group(2), m.group(3)) for m in
                re.finditer(r"PMU '([^']+)' version (\S+) replaces the built-in one's \(([^)]*)\)", p.stderr)}

    def encode(self, libdir, ident, strings, plugins=""):
        """{string: (rc, config, config1)} under PFM_OS_PERF_EVENT_EXT."""
        p = subprocess.run([self.pfmdump, "encode"], input="".join(s + "\n" for s in strings),
                           capture_output=True, text=True, env=self.env(libdir, ident, plugins))
        out = {}
        for line in p.stdout.splitlines():
            c = line.split("\t")
            if len(c) < 2:
                continue
            try:
                x = c.index("X")
            except ValueError:
                continue
            rc = int(c[x + 1])
            if rc == 0:
                attr = c[x + 2].split()
                out[c[0]] = (rc, int(attr[1], 16), int(attr[2], 16))
            else:
                out[c[0]] = (rc, None, None)
        return out


def table_rows(tsv):
    rows = []
    with open(tsv, encoding="utf-8") as f:
        for line in f:
            arch, model, pmu = line.rstrip("\n").split("\t")[:3]
            rows.append((arch, model, pmu))
    return rows


def check_route(check, run, route, out_dir, arch_root, figures, intel_root=None):
    """Build route's library of the new models, then check presence and
    every event's encoding against the route's own JSON: perf's tree
    (arch_root) or, with intel_root, Intel's files of that CPU."""
    rows = table_rows(out_dir + ".tsv")
    models = {(a, m) for a, m, _ in CPUS}
    pmus = {(a, m): [p for ra, rm, p in rows if ra == a and rm == m] for a, m in models}
    files = []
    for (a, m), names in sorted(pmus.items()):
        files += [os.path.join(out_dir, a, n + ".yaml") for n in names]
    files = [f for f in files if os.path.isfile(f)]
    files += sorted(glob.glob(os.path.join(out_dir, "generic", "*.yaml")))
    try:
        libdir = run.build(route, files)
    except RuntimeError as e:
        check("%s: a library of the new models builds" % route, False, str(e))
        return
    check("%s: a library of the new models builds (%d descriptors)" % (route, len(files)), True)
    for arch, model, ident in CPUS:
        want = pmus[(arch, model)]
        if not want:
            if route == "perf" or arch == "x86" and model != "amdzen6":
                check("%s: %s has PMUs" % (route, model), False, "none in %s.tsv" % out_dir)
            continue
        got = run.present(libdir, ident)
        missing = [p for p in want if not got.get(p, (0, False))[1] or got[p][0] != IDS.get(p, got[p][0])]
        check("%s: %s presents %s" % (route, ident, " ".join("%s (%d)" % (p, got.get(p, (0,))[0]) for p in want)),
              not missing, "not present: %s" % missing)
        # every event of the JSON on its PMU (hybrids: the PMU of its Unit)
        fmt = KERNEL_FORMATS[family_of(arch, ident)]
        by_unit = {}
        for p in want:
            with open(os.path.join(out_dir, arch, p + ".yaml"), encoding="utf-8") as f:
                head = f.read(4000)
            unit = None
            for line in head.splitlines():
                if line.strip().startswith("match_unit:"):
                    unit = line.split(":", 1)[1].strip().strip("'\"")
            by_unit[unit] = p
        cases, skipped = {}, 0
        if intel_root:
            evs, skipped = intel_events(intel_root, ident)
        else:
            evs = perf_events(arch_root, arch, model)
        for unit, ev in evs:
            if unit is not None and unit not in by_unit and unit not in CORE_UNITS:
                continue        # an uncore Unit: not a core event
            pmu = by_unit.get(unit) or (by_unit.get(None) if len(by_unit) == 1 else None)
            if pmu is None:
                continue
            exp = expected(ev, fmt)
            if exp is None:
                skipped += 1
                continue
            cases["%s::%s" % (pmu, ev["EventName"])] = exp
        if not cases:
            continue
        got = run.encode(libdir, ident, sorted(cases))
        bad = []
        mask = X86_KERNEL_BITS if arch == "x86" else 0
        for s, (c, c1) in sorted(cases.items()):
            rc, gc, gc1 = got.get(s, (None, None, None))
            if rc != 0 or (gc & ~mask) != c or gc1 != c1:
                bad.append("%s: want config %#x config1 %#x, library rc %s config %s config1 %s"
                           % (s, c, c1, rc, gc if gc is None else hex(gc), gc1 if gc1 is None else hex(gc1)))
        figures.append((route, model, ident, len(cases), len(cases) - len(bad), skipped))
        if (route, model) not in {(f[0], f[1]) for f in figures[:-1]}:
            check("%s: %s: %d events encode as the kernel programs them from the JSON"
                  % (route, model, len(cases)),
                  not bad, "%d differ: %s" % (len(bad), "; ".join(bad[:5])))


# the run-time route: plugins of Intel's repository on the default build
PLUGIN_CPUS = [("pantherlake", "GenuineIntel-6-CC-0", ("pantherlake_core", "pantherlake_atom")),
               ("lunarlake", "GenuineIntel-6-BD-0", ("lnl_lnc", "lnl_skt"))]


def check_plugins(check, run, default_lib, plugins, intel_lib, intel_root):
    """`jsontoyaml --from <perfmon> --plugins DIR` on the default build
    (default_lib) against the Intel-route build (intel_lib): the same core
    PMUs (ids, event counts) present, and every core event of Intel's files
    encoded alike; Lunar Lake's plugins replace the built-in lnl_* PMUs."""
    for model, ident, pmus in PLUGIN_CPUS:
        built = run.present(intel_lib, ident)
        if not any(os.path.isfile(os.path.join(plugins, p + ".yaml")) for p in pmus):
            # a build that took these models from Intel's repository already
            # (INTEL_PERFMON): --from writes no plugin for them
            base = run.present(default_lib, ident)
            check("plugins: %s: the build's own %s are those of Intel's files (no plugin written for them)"
                  % (ident, " ".join(pmus)), all(base.get(p) == built.get(p) and base.get(p) for p in pmus),
                  "build %s, from Intel's files %s" % ({p: base.get(p) for p in pmus}, {p: built.get(p) for p in pmus}))
            continue
        plug = run.present(default_lib, ident, plugins)
        base = run.present(default_lib, ident)
        same = [p for p in pmus if p in built and plug.get(p) == built[p] and plug[p][1]]
        check("plugins: %s presents %s as the build from Intel's files (ids, events: %s)"
              % (ident, " ".join(pmus), ", ".join("%s %s/%s" % (p, plug.get(p, ("-",) * 3)[0],
                                                                 plug.get(p, ("-",) * 3)[2]) for p in pmus)),
              len(same) == len(pmus), "plugins %s, build %s" % ({p: plug.get(p) for p in pmus},
                                                                {p: built.get(p) for p in pmus}))
        if model == "lunarlake":
            rep = run.replaced(default_lib, ident, plugins)
            check("plugins: Intel's newer Lunar Lake replaces the built-in lnl_* PMUs (%s; events %s -> %s)"
                  % (", ".join("%s %s -> %s" % (p, rep[p][1], rep[p][0]) for p in pmus if p in rep),
                     "/".join(str(base.get(p, (0, 0, 0))[2]) for p in pmus),
                     "/".join(str(plug.get(p, (0, 0, 0))[2]) for p in pmus)),
                  all(base.get(p) and plug.get(p) and plug[p][0] == base[p][0] and p in rep for p in pmus),
                  "built-in %s, with plugins %s, replaced %s" % (base, plug, rep))
        evs, _ = intel_events(intel_root, ident)
        units = {}
        for p in pmus:
            with open(os.path.join(plugins, p + ".yaml"), encoding="utf-8") as f:
                for line in f.read(4000).splitlines():
                    if line.strip().startswith("match_unit:"):
                        units[line.split(":", 1)[1].strip().strip("'\"")] = p
        strings = sorted({"%s::%s" % (units[u], e["EventName"]) for u, e in evs if u in units})
        a = run.encode(intel_lib, ident, strings)
        b = run.encode(default_lib, ident, strings, plugins)
        bad = [x for x in strings if a.get(x) != b.get(x) or a.get(x, (1,))[0] != 0]
        check("plugins: %s: %d events of Intel's files encode as in the build from them" % (model, len(strings)),
              not bad and strings, "%d differ: %s" % (len(bad), "; ".join("%s %s %s" % (x, a.get(x), b.get(x))
                                                                          for x in bad[:5])))
