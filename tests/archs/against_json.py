# SPDX-License-Identifier: MIT
"""Every converted event of every non-x86 core model, encoded through the
public API (pfmdump encode: PFM_OS_NONE and PFM_OS_PERF_EVENT_EXT, strings
`pmu::EVENT` with perf's spelling, LIBPFM_ENCODE_INACTIVE=1, on a sysfs tree
made here, SYSFS_TYPES), against what
perf's JSON says (perfjson.py): attr.type, attr.config, no config1/2, the
exclude_* bits each kernel driver expects, and the PFM_OS_NONE code; under
the callers' usual privilege levels (PFM_PLM0|PFM_PLM3) and user only
(PFM_PLM3, PAPI's default domain). Every JSON entry must be a converted
event or a skip with its reason, and every event a PMU lists must come from
perf's JSON. Model -> PMU names come from the overlays (arch/<arch>/models.yaml),
the only converter input this test reads; a model no overlay names (a newer
perf tree than the default build's: PMUs by rule) takes its PMUs from the
build's own table (--table, build/yaml/pmus.tsv), and it fails when the
build has none for it."""
import glob
import json
import os

import yaml

import harness as H
import perfjson

# What each kernel accepts (docs/archs.md has the sources):
#  sysfs  the PMU the descriptor must read attr.type from (None: PERF_TYPE_RAW)
#  raw_k  bits a k|u PFM_OS_NONE code adds (arm64, libpfm4's layout: bit 27,
#         hypervisor excluded)
#  raw_u  bits a user-only PFM_OS_NONE code adds (arm64: bits 27 and 30,
#         hypervisor and kernel excluded)
#  bits   perf_event_attr flags with (PLM0|PLM3, PLM3): arm64 filters EL2 too
#         (exclude_hv unless hv); s390 cpum_cf refuses any exclude_user,
#         exclude_kernel or exclude_hv on a raw counter, so none is ever set.
G, K, HV = H.EXCL_GUEST, H.EXCL_KERNEL, H.EXCL_HV
EXPECT = {
    "arm64":   {"sysfs": None, "raw_k": 1 << 27, "raw_u": 1 << 30 | 1 << 27, "bits": (HV | G, K | HV | G)},
    "riscv":   {"sysfs": "cpu",     "raw_k": 0, "raw_u": 0, "bits": (G, K | G)},
    "powerpc": {"sysfs": "cpu",     "raw_k": 0, "raw_u": 0, "bits": (G, K | G)},
    "s390":    {"sysfs": "cpum_cf", "raw_k": 0, "raw_u": 0, "bits": (G, G)},
    "nds32":   {"sysfs": None,      "raw_k": 0, "raw_u": 0, "bits": (G, K | G)},
}


# the sysfs every case is encoded on (LIBPFM_SYSROOT, made in run()): dynamic
# types unlike PERF_TYPE_RAW, so a type read from the wrong PMU shows
SYSFS_TYPES = {"cpu": 8, "cpum_cf": 12}


def want_type(sysfs):
    """attr.type the library must give on that sysfs: the PMU's, else RAW."""
    return SYSFS_TYPES.get(sysfs, H.PERF_TYPE_RAW)


def model_pmus(overlay_root, arch):
    with open(os.path.join(overlay_root, arch, "models.yaml")) as f:
        doc = yaml.safe_load(f)
    return {m: [p["name"] for p in spec.get("pmus", ())] for m, spec in (doc.get("models") or {}).items()}


def table_pmus(table, arch):
    """{model: [PMU]} of the build's table (pmus.tsv: arch, model, PMU, ...)."""
    out = {}
    if table and os.path.isfile(table):
        with open(table) as f:
            for line in f:
                c = line.rstrip("\n").split("\t")
                if len(c) >= 3 and c[0] == arch and c[1] != "-":
                    out.setdefault(c[1], []).append(c[2])
    return out


def upstream_codes(args, arch, pmu):
    """{NAME: code} upstream libpfm4 gives the PMU (arch/<arch>/libpfm4-upstream.yaml)."""
    path = os.path.join(args.overlay_root, arch, "libpfm4-upstream.yaml")
    if not os.path.isfile(path):
        return {}
    with open(path) as f:
        table = ((yaml.safe_load(f) or {}).get("pmus") or {}).get(pmu) or {}
    return {n.upper(): c for n, c in table.items()}


def added_names(args, arch, pmu):
    """Events a PMU may list beyond its model's JSON: upstream libpfm4's names
    (arch/<arch>/libpfm4-upstream.yaml, arch/<arch>/upstream/*/<pmu>.yaml) and, on arm64, perf's common events
    of the architecture (arch/arm64/common-events.yaml names the table)."""
    out = set()
    # upstream libpfm4's own descriptor of the PMU (a newer tree describes it)
    for path in glob.glob(os.path.join(args.overlay_root, arch, "upstream", "*", pmu + ".yaml")):
        with open(path) as f:
            out |= {e["name"].upper() for e in (yaml.safe_load(f) or {}).get("events") or ()}
    path = os.path.join(args.overlay_root, arch, "libpfm4-upstream.yaml")
    if os.path.isfile(path):
        with open(path) as f:
            out |= {n.upper() for n in ((yaml.safe_load(f) or {}).get("pmus") or {}).get(pmu) or ()}
    path = os.path.join(args.overlay_root, arch, "common-events.yaml")
    if os.path.isfile(path):
        with open(path) as f:
            spec = yaml.safe_load(f)
        with open(os.path.join(args.arch_root, arch, spec["table"])) as f:
            out |= {e["EventName"].upper() for e in json.load(f)
                    if int(e.get("EventCode", "0x0"), 16) <= spec.get("max_code", 0x3f)}
    return out


def compare(arch, config, dfl, usr, typ, tally, label):
    exp = EXPECT[arch]
    why = []
    for (none, ext), plm, bits, raw in ((dfl, "plm=k|u", exp["bits"][0], config | exp["raw_k"]),
                                         (usr, "plm=u", exp["bits"][1], config | exp["raw_u"])):
        nrc, codes = none
        xrc, a = ext
        if nrc != 0 or codes != [raw]:
            why.append("%s PFM_OS_NONE rc=%d codes=%s, want [%#x]" % (plm, nrc, [hex(c) for c in codes], raw))
        if xrc != 0:
            why.append("%s PERF_EVENT_EXT rc=%d" % (plm, xrc))
            continue
        got = (a["type"], a["config"], a["config1"], a["config2"], a["bits"], a["period"], a["cpu"])
        want = (typ, config, 0, 0, bits, 0, -1)
        if got != want:
            why.append("%s attr (type config config1 config2 bits period cpu) = %s, want %s"
                       % (plm, _hex(got), _hex(want)))
    return tally.check(not why, label, "; ".join(why))


def _hex(t):
    return "(%d %#x %#x %#x %#x %d %d)" % t


def listed_events(pfmdump, libdir, pmus):
    rc, out, err = H.run([pfmdump, "list", "-O", "ext"] + pmus, libdir, LIBPFM_ENCODE_INACTIVE=1)
    names = {p: set() for p in pmus}
    for line in out.splitlines():
        f = line.split("\t")
        if f[0] == "E" and f[1] in names:
            names[f[1]].add(f[2].upper())
    return names


def run(args, tally):
    figures = []
    root = H.make_sysroot(os.path.join(args.tmp, "sysroot-json"), SYSFS_TYPES)
    for arch in perfjson.ARCHES:
        tree = perfjson.Tree(args.arch_root, arch)
        pmus_of = model_pmus(args.overlay_root, arch)
        built = table_pmus(getattr(args, "table", None), arch)
        exp = EXPECT[arch]
        typ = want_type(exp["sysfs"])
        for p in tree.problems:
            tally.check(False, "%s: JSON entry placed" % arch, p)
        tally.check(not tree.problems, "%s: every JSON entry is a core event or a skip with a reason" % arch)
        cases = []          # (model, pmu, perf name, config)
        for model in tree.models:
            pmus = pmus_of.get(model, [])
            if pmus:
                tally.check(True, "%s: model %s is converted (overlay entry)" % (arch, model))
            else:
                # no overlay entry: by rule, the PMUs the build's table gives it
                pmus = built.get(model, [])
                tally.check(bool(pmus), "%s: model %s is converted (by rule, build's table)" % (arch, model),
                            "no PMU in %s/%s/models.yaml nor in %s" % (args.overlay_root, arch, args.table))
            for pmu in pmus:
                theirs = upstream_codes(args, arch, pmu)
                for name, config in tree.events[model].values():
                    # libpfm4's spelling wins (docs/archs.md): perf's event is NAME_PERF
                    if theirs.get(name.upper(), config) != config:
                        name += "_PERF"
                    cases.append((model, pmu, name, config))
        strings = ["%s::%s" % (pmu, name) for _, pmu, name, _ in cases]
        dfl = H.encode(args.pfmdump, args.libdir, strings, H.PFM_PLM0 | H.PFM_PLM3, LIBPFM_ENCODE_INACTIVE=1,
                       LIBPFM_SYSROOT=root)
        usr = H.encode(args.pfmdump, args.libdir, strings, H.PFM_PLM3, LIBPFM_ENCODE_INACTIVE=1,
                       LIBPFM_SYSROOT=root)
        agree = 0
        for (model, pmu, name, config), s in zip(cases, strings):
            agree += compare(arch, config, dfl[s], usr[s], typ, tally,
                             "%s: %s encodes as perf's JSON says (config %#x)" % (arch, s, config))
        # the reverse: every event a PMU lists comes from perf's JSON
        pmu_list = sorted({pmu for _, pmu, _, _ in cases})
        listed = listed_events(args.pfmdump, args.libdir, pmu_list)
        for pmu in pmu_list:
            want = {n.upper() for _, p, n, _ in cases if p == pmu} | added_names(args, arch, pmu)
            extra = sorted(listed[pmu] - want)
            tally.check(not extra and listed[pmu], "%s: %s lists only perf's events" % (arch, pmu),
                        "not in perf's JSON: %s" % ", ".join(extra[:10]))
        core = sum(len(v) for v in tree.events.values())
        skipped = sum(tree.skipped.values())
        figures.append((arch, len(tree.models), len(pmu_list), tree.entries, core, skipped,
                        len(cases), agree, dict(tree.skipped), typ))
    return figures


def print_figures(figures):
    print("%-8s %6s %5s %8s %6s %8s %9s %9s %5s" % ("arch", "models", "PMUs", "entries", "core",
                                                    "skipped", "compared", "agreeing", "type"))
    for arch, models, pmus, entries, core, skipped, compared, agree, reasons, typ in figures:
        print("%-8s %6d %5d %8d %6d %8d %9d %9d %5d" % (arch, models, pmus, entries, core, skipped,
                                                       compared, agree, typ))
        for reason, n in sorted(reasons.items(), key=lambda kv: -kv[1]):
            print("%8s skipped %5d  %s" % ("", n, reason))
