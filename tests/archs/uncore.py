# SPDX-License-Identifier: MIT
"""The non-x86 uncore entries of perf's JSON, each encoded by pmuplug under
perf's own name and checked against what the kernel driver expects: the
HiSilicon hip08 boxes (ConfigCode is config), the PMUs of perf's system
tables (Arm CMN: NodeType in config:0-15, EventidCode in config:16-26;
i.MX DDR: EventCode is config) and the s390 PAI PMUs (EventCode, the
counter number, is config). Each case runs on a tree of its own where the
box's kernel PMU exists with a type of its own (and, for a system table,
the identifier perf's Compat names), so attr.type must be that type; the
perf_events layer must set no exclude bit (these kernels refuse or ignore
them). The JSON is read here with json.load, not the converter's reader;
which perf Unit is which PMU is this file's own table. Units pmuplug does
not convert (kernel PMU names only known at run time) are counted, not
encoded."""
import glob
import json
import os

import harness

# (arch, perf directory, Unit) -> (PMU, kernel PMU, identifier or None, LIBPFM_CPUID, config of an entry)
KUNPENG = "0x00000000480fd010"
Z16 = "IBM,3931,703,A01,3.8,002f"
N1 = "0x00000000410fd0c0"


def _code(e, k):
    return int(str(e[k]), 0)


def cfg_code(e):
    return _code(e, "ConfigCode")


def ev_code(e):
    return _code(e, "EventCode")


def cmn_code(e):
    return _code(e, "NodeType") | _code(e, "EventidCode") << 16


UNITS = {
    ("arm64", "hisilicon/hip08", "hisi_sccl,ddrc"): ("hisi_sccl1_ddrc0", "hisi_sccl1_ddrc0", None, KUNPENG, cfg_code),
    ("arm64", "hisilicon/hip08", "hisi_sccl,hha"): ("hisi_sccl5_hha6", "hisi_sccl5_hha6", None, KUNPENG, cfg_code),
    ("arm64", "hisilicon/hip08", "hisi_sccl,l3c"): ("hisi_sccl7_l3c23", "hisi_sccl7_l3c23", None, KUNPENG, cfg_code),
    ("arm64", "arm/cmn/sys", "arm_cmn"): ("arm_cmn1", "arm_cmn_1", "43a01", N1, cmn_code),
    ("arm64", "freescale/imx8mm/sys", "imx8_ddr"): ("imx8mm_ddr", "imx8_ddr0", "i.MX8MM", N1, ev_code),
    ("arm64", "freescale/imx8mn/sys", "imx8_ddr"): ("imx8mn_ddr", "imx8_ddr0", "i.MX8MN", N1, ev_code),
    ("arm64", "freescale/imx8mp/sys", "imx8_ddr"): ("imx8mp_ddr", "imx8_ddr0", "i.MX8MP", N1, ev_code),
    ("arm64", "freescale/imx8mq/sys", "imx8_ddr"): ("imx8mq_ddr", "imx8_ddr0", "i.MX8MQ", N1, ev_code),
    ("arm64", "freescale/imx93/sys", "imx9_ddr"): ("imx93_ddr", "imx9_ddr0", "imx93", N1, ev_code),
    ("arm64", "freescale/imx95/sys", "imx9_ddr"): ("imx95_ddr", "imx9_ddr0", "imx95", N1, ev_code),
    ("s390", "cf_z16", "PAI-CRYPTO"): ("pai_crypto", "pai_crypto", None, Z16, ev_code),
    ("s390", "cf_z16", "PAI-EXT"): ("pai_ext", "pai_ext", None, Z16, ev_code),
}
# kernel PMUs named only at run time (ali_drw_<address>, hisi_sicl<n>_cpa<m>):
# the PMU is the one made for that kernel PMU, under its name
UNITS.update({
    ("arm64", "thead/yitian710/sys", "ali_drw"): ("ali_drw_1f0000000", "ali_drw_1f0000000", "ali_drw_pmu", N1,
                                                  cfg_code),
    ("arm64", "hisilicon/hip09/sys", "hisi_sicl,cpa"): ("hisi_sicl2_cpa0", "hisi_sicl2_cpa0", "0x00000030", N1,
                                                        cfg_code),
})
# Units of later perf trees (2025 on; a build from PMU_EVENTS_ARCH): checked
# where the tree has them; their PMUs are named by the converter's rule (the
# i.MX91/94 DDR boxes found through sysfs by perf's pattern: under the
# kernel PMU's name)
Z17 = "IBM,9175,703,A01,3.8,002f"
LATER = {
    ("arm64", "freescale/imx91/sys", "imx9_ddr"): ("imx9_ddr0", "imx9_ddr0", "imx91", N1, ev_code),
    ("arm64", "freescale/imx94/sys", "imx9_ddr"): ("imx9_ddr0", "imx9_ddr0", "imx94", N1, ev_code),
    ("s390", "cf_z17", "PAI-CRYPTO"): ("cpum_cf_z17_pai_crypto", "pai_crypto", None, Z17, ev_code),
    ("s390", "cf_z17", "PAI-EXT"): ("cpum_cf_z17_pai_ext", "pai_ext", None, Z17, ev_code),
}
NOT_CONVERTED = set()
CORE_UNITS = {"CPU-M-CF", None}


def entries(arch_root):
    """{(arch, dir, Unit): [entry]} of the uncore entries of arm64 and s390."""
    out = {}
    for arch in ("arm64", "s390"):
        base = os.path.join(arch_root, arch)
        for path in sorted(glob.glob(os.path.join(base, "**", "*.json"), recursive=True)):
            rel = os.path.relpath(os.path.dirname(path), base)
            if rel == "." or os.path.basename(path).endswith("metrics.json"):
                continue
            with open(path, encoding="utf-8") as f:
                for e in json.load(f):
                    if "EventName" not in e or e.get("Unit") in CORE_UNITS:
                        continue
                    out.setdefault((arch, rel, e["Unit"]), []).append(e)
    return out


def run(args, tally):
    """Figures: [(arch, dir, Unit, PMU, entries, agreeing)]."""
    figures = []
    found = entries(args.arch_root)
    for key in sorted(set(found) - set(UNITS) - set(LATER) - NOT_CONVERTED):
        tally.check(False, "uncore %s/%s Unit %s" % key, "perf has this Unit; this check does not know it")
    units = dict(UNITS)
    units.update((k, v) for k, v in LATER.items() if k in found)
    for key, (pmu, kpmu, ident, cpuid, want) in sorted(units.items()):
        evs = found.get(key, [])
        if not tally.check(bool(evs), "uncore %s/%s Unit %s" % key, "perf has no entry of it"):
            continue
        root = os.path.join(args.tmp, "uncore-%s" % kpmu)
        n = 0
        while os.path.exists(root + ("" if not n else "-%d" % n)):
            n += 1
        root += "" if not n else "-%d" % n
        typ = 60 + len(figures)
        harness.make_sysroot(root, {kpmu: typ})
        if ident:
            with open(os.path.join(root, "sys/bus/event_source/devices", kpmu, "identifier"), "w") as f:
                f.write(ident + "\n")
        strings = ["%s::%s" % (pmu, e["EventName"]) for e in evs]
        res = harness.encode(args.pfmdump, args.libdir, strings, plm=harness.PFM_PLM0 | harness.PFM_PLM3,
                             LIBPFM_SYSROOT=root, LIBPFM_CPUID=cpuid)
        good = 0
        for s, e in zip(strings, evs):
            (nrc, codes), (xrc, attr) = res.get(s, ((-1, []), (-1, None)))
            cfg = want(e)
            bad = []
            if nrc != 0 or not codes or codes[0] != cfg:
                bad.append("PFM_OS_NONE rc %d codes %s, want 0x%x" % (nrc, [hex(c) for c in codes], cfg))
            if xrc != 0 or attr is None:
                bad.append("PFM_OS_PERF_EVENT_EXT rc %d" % xrc)
            else:
                excl = harness.EXCL_USER | harness.EXCL_KERNEL | harness.EXCL_HV
                if (attr["type"], attr["config"], attr["config1"], attr["config2"]) != (typ, cfg, 0, 0):
                    bad.append("attr type %d config 0x%x/0x%x/0x%x, want %d 0x%x/0/0"
                               % (attr["type"], attr["config"], attr["config1"], attr["config2"], typ, cfg))
                if attr["bits"] & excl:
                    bad.append("exclude bits 0x%x" % (attr["bits"] & excl))
            good += tally.check(not bad, "uncore %s" % s, "; ".join(bad))
        figures.append(key + (pmu, len(evs), good))
    for key in sorted(NOT_CONVERTED):
        figures.append(key + ("-", len(found.get(key, [])), 0))
    return figures


def print_figures(figures):
    print("uncore entries of perf's JSON: arch, directory, Unit, PMU, entries, agreeing")
    for arch, d, unit, pmu, n, good in figures:
        print("  %-6s %-22s %-16s %-18s %4d %4d%s" % (arch, d, unit, pmu, n, good,
                                                      "  (not converted)" if pmu == "-" else ""))
