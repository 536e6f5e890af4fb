# SPDX-License-Identifier: MIT
"""Upstream libpfm4's names of the arm64 and powerpc core PMUs pmuplug has
(arch/<arch>/libpfm4-upstream.yaml, facts of libpfm4's API): each must
resolve on its PMU (LIBPFM_ENCODE_INACTIVE=1) to libpfm4's code. Arm codes
carry libpfm4's privilege bits (31 exclude user, 30 exclude kernel, 27
exclude hypervisor) and are checked alone and with :u, :k, :k:u and :hv
(>= 99% of a PMU's names identical in all five); POWER codes are the event
code (>= 99%; libpfm4's spelling wins over a perf event of the same name and
another code, which stays as NAME_PERF, docs/archs.md). Also upstream
libpfm4's own arm64, 32-bit Arm and POWER validation cases (string -> code;
the 32-bit Arm and older POWER PMUs are arch/<arch>/upstream/'s), and the
native strings of PAPI's preset blocks for these PMUs."""
import os
import sys

import yaml

import harness as H

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "diff"))
import papi_presets  # noqa: E402

PAPI_CSV = "/usr/share/papi/7.0/papi_events.csv"

EXCL_USR, EXCL_PL1, EXCL_HYP = 1 << 31, 1 << 30, 1 << 27
# variant -> privilege bits libpfm4 adds (default levels k and u)
ARM_VARIANTS = {"": EXCL_HYP, ":u": EXCL_HYP | EXCL_PL1, ":k": EXCL_HYP | EXCL_USR, ":k:u": EXCL_HYP,
                ":hv": EXCL_USR | EXCL_PL1}
FLOOR = {"arm64": 99.0, "powerpc": 99.0}
# upstream libpfm4's tests/validate_arm64.c cases (string, codes[0], fstr)
VALIDATE_ARM64 = [
    ("arm_ac57::CPU_CYCLES", 0x8000011, "arm_ac57::CPU_CYCLES:k=1:u=1:hv=0"),
    ("arm_ac57::CPU_CYCLES:k", 0x88000011, "arm_ac57::CPU_CYCLES:k=1:u=0:hv=0"),
    ("arm_ac57::CPU_CYCLES:k:u", 0x8000011, "arm_ac57::CPU_CYCLES:k=1:u=1:hv=0"),
    ("arm_ac57::INST_RETIRED", 0x8000008, "arm_ac57::INST_RETIRED:k=1:u=1:hv=0"),
    ("arm_ac53::CPU_CYCLES", 0x8000011, "arm_ac53::CPU_CYCLES:k=1:u=1:hv=0"),
    ("arm_ac53::CPU_CYCLES:k", 0x88000011, "arm_ac53::CPU_CYCLES:k=1:u=0:hv=0"),
    ("arm_ac53::CPU_CYCLES:k:u", 0x8000011, "arm_ac53::CPU_CYCLES:k=1:u=1:hv=0"),
    ("arm_ac53::INST_RETIRED", 0x8000008, "arm_ac53::INST_RETIRED:k=1:u=1:hv=0"),
    ("arm_ac53::LD_RETIRED", 0x8000006, "arm_ac53::LD_RETIRED:k=1:u=1:hv=0"),
    ("arm_ac53::ST_RETIRED", 0x8000007, "arm_ac53::ST_RETIRED:k=1:u=1:hv=0"),
    ("arm_xgene::CPU_CYCLES", 0x8000011, "arm_xgene::CPU_CYCLES:k=1:u=1:hv=0"),
    ("arm_xgene::CPU_CYCLES:k", 0x88000011, "arm_xgene::CPU_CYCLES:k=1:u=0:hv=0"),
    ("arm_xgene::CPU_CYCLES:k:u", 0x8000011, "arm_xgene::CPU_CYCLES:k=1:u=1:hv=0"),
    ("arm_xgene::INST_RETIRED", 0x8000008, "arm_xgene::INST_RETIRED:k=1:u=1:hv=0"),
    ("arm_thunderx2::CPU_CYCLES", 0x8000011, "arm_thunderx2::CPU_CYCLES:k=1:u=1:hv=0"),
    ("arm_thunderx2::CPU_CYCLES:k", 0x88000011, "arm_thunderx2::CPU_CYCLES:k=1:u=0:hv=0"),
    ("arm_thunderx2::LD_RETIRED", 0x8000006, "arm_thunderx2::LD_RETIRED:k=1:u=1:hv=0"),
    ("arm_thunderx2::ST_RETIRED", 0x8000007, "arm_thunderx2::ST_RETIRED:k=1:u=1:hv=0"),
    ("arm_thunderx2::INST_RETIRED", 0x8000008, "arm_thunderx2::INST_RETIRED:k=1:u=1:hv=0"),
]


# upstream libpfm4's tests/validate_arm.c cases of its 32-bit Arm PMUs
# (arch/arm/upstream/): (string, return code, codes[0], fstr); the PMUs that
# filter no privilege level refuse k and u (PFM_ERR_ATTR, -8); an event the
# PMU lacks is PFM_ERR_NOTFOUND (-4)
VALIDATE_ARM = [
    ("arm_ac7::CPU_CYCLES", 0, 0x8000011, "arm_ac7::CPU_CYCLES:k=1:u=1:hv=0"),
    ("arm_ac7::CPU_CYCLES:k", 0, 0x88000011, "arm_ac7::CPU_CYCLES:k=1:u=0:hv=0"),
    ("arm_ac7::CPU_CYCLES:k:u", 0, 0x8000011, "arm_ac7::CPU_CYCLES:k=1:u=1:hv=0"),
    ("arm_ac7::INST_RETIRED", 0, 0x8000008, "arm_ac7::INST_RETIRED:k=1:u=1:hv=0"),
    ("arm_ac8::NEON_CYCLES", 0, 0x5a, "arm_ac8::NEON_CYCLES"),
    ("arm_ac8::NEON_CYCLES:k", -8, None, None),
    ("arm_ac8::CPU_CYCLES", 0, 0xff, "arm_ac8::CPU_CYCLES"),
    ("arm_ac8::CPU_CYCLES_HALTED", -4, None, None),
    ("arm_ac9::CPU_CYCLES", 0, 0xff, "arm_ac9::CPU_CYCLES"),
    ("arm_ac9::DMB_DEP_STALL_CYCLES", 0, 0x86, "arm_ac9::DMB_DEP_STALL_CYCLES"),
    ("arm_ac9::CPU_CYCLES:u", -8, None, None),
    ("arm_ac9::JAVA_HW_BYTECODE_EXEC", 0, 0x40, "arm_ac9::JAVA_HW_BYTECODE_EXEC"),
    ("arm_ac15::CPU_CYCLES", 0, 0x8000011, "arm_ac15::CPU_CYCLES:k=1:u=1:hv=0"),
    ("arm_ac15::CPU_CYCLES:k", 0, 0x88000011, "arm_ac15::CPU_CYCLES:k=1:u=0:hv=0"),
    ("arm_ac15::CPU_CYCLES:k:u", 0, 0x8000011, "arm_ac15::CPU_CYCLES:k=1:u=1:hv=0"),
    ("arm_ac15::INST_RETIRED", 0, 0x8000008, "arm_ac15::INST_RETIRED:k=1:u=1:hv=0"),
    ("arm_1176::CPU_CYCLES", 0, 0xff, "arm_1176::CPU_CYCLES"),
    ("arm_1176::CPU_CYCLES:k", -8, None, None),
    ("arm_1176::INSTR_EXEC", 0, 0x07, "arm_1176::INSTR_EXEC"),
    ("qcom_krait::CPU_CYCLES", 0, 0x80000ff, "qcom_krait::CPU_CYCLES:k=1:u=1:hv=0"),
    ("qcom_krait::CPU_CYCLES:k:u", 0, 0x80000ff, "qcom_krait::CPU_CYCLES:k=1:u=1:hv=0"),
    ("qcom_krait::CPU_CYCLES:u", 0, 0x480000ff, "qcom_krait::CPU_CYCLES:k=0:u=1:hv=0"),
]


# upstream libpfm4's tests/validate_power.c cases of the PMUs pmuplug has
# (string, codes[0]); the first three are names perf's JSON gives another
# code (perf's events are NAME_PERF there)
VALIDATE_POWER = [
    ("power8::PM_L1MISS_LAT_EXC_1024", 0x67200301ea), ("power8::PM_RC_LIFETIME_EXC_32", 0xde200201e6),
    ("power9::PM_CYC", 0x1001e), ("power9::PM_INST_DISP", 0x200f2),
    ("power9::PM_CYC_ALT", 0x2001e), ("power9::PM_CYC_ALT2", 0x3001e),
    ("power9::PM_INST_CMPL_ALT", 0x20002), ("power9::PM_L2_INST_MISS_ALT", 0x4609e),
    ("power9::PM_L2_INST_MISS", 0x36880), ("power10::PM_CYC", 0x100f0),
    ("power10::PM_CYC_ALT2", 0x2001e), ("power10::PM_CYC_ALT3", 0x3001e),
    ("power10::PM_INST_CMPL", 0x100fe), ("power10::PM_INST_CMPL_ALT2", 0x20002),
    ("power10::PM_L2_INST", 0x36080),
    # the older PMUs of arch/powerpc/upstream/
    ("ppc970::PM_CYC", 0x7), ("ppc970::PM_INST_DISP", 0x320),
    ("ppc970mp::PM_CYC", 0x7), ("ppc970mp::PM_INST_DISP", 0x320),
    ("power4::PM_CYC", 0x7), ("power4::PM_INST_DISP", 0x221),
    ("power5::PM_CYC", 0xf), ("power5::PM_INST_DISP", 0x300009),
    ("power5p::PM_CYC", 0xf), ("power5p::PM_INST_DISP", 0x300009),
    ("power6::PM_INST_CMPL", 0x2), ("power6::PM_THRD_CONC_RUN_INST", 0x300026),
    ("power7::PM_CYC", 0x1e), ("power7::PM_INST_DISP", 0x200f2),
    ("powerpc_nest_mcs_read::MCS_00", 0x118), ("powerpc_nest_mcs_write::MCS_00", 0x198),
]
# perf's own events behind those three names, still reachable
PERF_KEPT = [("power8::PM_L1MISS_LAT_EXC_1024_PERF", 0x200301ea), ("power9::PM_CYC_PERF", 0x1e)]


def names(overlay_root, arch):
    path = os.path.join(overlay_root, arch, "libpfm4-upstream.yaml")
    with open(path) as f:
        return (yaml.safe_load(f) or {}).get("pmus") or {}


def run(args, tally):
    figures = []
    for arch in ("arm64", "powerpc"):
        variants = ARM_VARIANTS if arch == "arm64" else {"": 0}
        for pmu, table in sorted(names(args.overlay_root, arch).items()):
            strings = ["%s::%s%s" % (pmu, n, v) for n in table for v in variants]
            res = H.encode(args.pfmdump, args.libdir, strings, LIBPFM_ENCODE_INACTIVE=1)
            resolved = same = 0
            wrong = []
            for n, code in table.items():
                got = [res["%s::%s%s" % (pmu, n, v)][0] for v in variants]
                resolved += got[0][0] == 0
                if all(g == (0, [code | bits]) for g, bits in zip(got, variants.values())):
                    same += 1
                else:
                    wrong.append(n)
            share = 100.0 * same / len(table)
            figures.append((arch, pmu, len(table), resolved, same, share))
            tally.check(resolved == len(table), "%s: every upstream libpfm4 name resolves" % pmu,
                        "%d of %d" % (resolved, len(table)))
            tally.check(share >= FLOOR[arch], "%s: >= %.0f%% of upstream libpfm4's names give its codes%s"
                        % (pmu, FLOOR[arch], " (with :u :k :k:u :hv)" if arch == "arm64" else ""),
                        "%.1f%%, e.g. %s" % (share, ", ".join(wrong[:5])))
    res = H.encode(args.pfmdump, args.libdir, [c[0] for c in VALIDATE_ARM64], LIBPFM_ENCODE_INACTIVE=1)
    for s, code, _ in VALIDATE_ARM64:
        tally.check(res[s][0] == (0, [code]), "upstream libpfm4 validation: %s is %#x" % (s, code),
                    "got %s" % (res[s][0],))
    got = H.fstrs(args.pfmdump, args.libdir, [c[0] for c in VALIDATE_ARM64], LIBPFM_ENCODE_INACTIVE=1)
    for s, _, fstr in VALIDATE_ARM64:
        tally.check(got[s] == fstr, "upstream libpfm4 validation: %s prints %s" % (s, fstr), "got %s" % got[s])
    res = H.encode(args.pfmdump, args.libdir, [c[0] for c in VALIDATE_ARM], LIBPFM_ENCODE_INACTIVE=1)
    got = H.fstrs(args.pfmdump, args.libdir, [c[0] for c in VALIDATE_ARM], LIBPFM_ENCODE_INACTIVE=1)
    for s, rc, code, fstr in VALIDATE_ARM:
        want = (rc, [code] if rc == 0 else [])
        tally.check(res[s][0][0] == rc and (rc or res[s][0] == want),
                    "upstream libpfm4 validation: %s %s" % (s, "is %#x" % code if rc == 0 else "fails %d" % rc),
                    "got %s" % (res[s][0],))
        tally.check(got[s] == fstr, "upstream libpfm4 validation: %s prints %s" % (s, fstr), "got %s" % got[s])
    res = H.encode(args.pfmdump, args.libdir, [c[0] for c in VALIDATE_POWER], LIBPFM_ENCODE_INACTIVE=1)
    for s, code in VALIDATE_POWER:
        tally.check(res[s][0] == (0, [code]), "upstream libpfm4 validation: %s is %#x" % (s, code),
                    "got %s" % (res[s][0],))
    res = H.encode(args.pfmdump, args.libdir, [c[0] for c in PERF_KEPT], LIBPFM_ENCODE_INACTIVE=1)
    for s, code in PERF_KEPT:
        tally.check(res[s][0] == (0, [code]), "perf's event behind a libpfm4 name: %s is %#x" % (s, code),
                    "got %s" % (res[s][0],))
    tx2(args, tally)
    papi(args, tally)
    return figures


TX2 = "0x00000000430f0af0"
# libpfm4's ThunderX2 uncore boxes (arch/arm64/upstream/cavium/) -> the kernel PMU of each
TX2_BOXES = {"tx2_dmc0": "uncore_dmc_0", "tx2_dmc1": "uncore_dmc_1", "tx2_llc0": "uncore_l3c_0",
             "tx2_llc1": "uncore_l3c_1", "tx2_ccpi0": "uncore_ccpi2_0", "tx2_ccpi1": "uncore_ccpi2_1"}


def tx2(args, tally):
    """libpfm4 4.13's ThunderX2 uncore boxes on a ThunderX2 whose kernel
    registers them: each present under libpfm4's id, every event of
    upstream's facts encoding its code as PFM_OS_NONE code and attr.config,
    attr.type its kernel PMU's, no exclude bit (the driver counts the whole
    socket); absent where the kernel PMU is."""
    rows = [line.rstrip("\n").split("\t")
            for line in open(os.path.join(args.overlay_root, "arm64", "upstream", "libpfm4-events.tsv"))
            if line.startswith("tx2_")]
    root = os.path.join(args.tmp, "tx2")
    types = {k: 70 + i for i, k in enumerate(sorted(TX2_BOXES.values()))}
    H.make_sysroot(root, types)
    strings = ["%s::%s" % (r[0], r[3]) for r in rows]
    for plm in (H.PFM_PLM0 | H.PFM_PLM3, H.PFM_PLM3):
        res = H.encode(args.pfmdump, args.libdir, strings, plm=plm, LIBPFM_SYSROOT=root, LIBPFM_CPUID=TX2)
        bad = []
        for r, st in zip(rows, strings):
            (nrc, codes), (xrc, attr) = res.get(st, ((-1, []), (-1, None)))
            code, kt = int(r[5], 16), types[TX2_BOXES[r[0]]]
            excl = H.EXCL_USER | H.EXCL_KERNEL | H.EXCL_HV
            if nrc != 0 or codes != [code] or xrc != 0 or attr is None or \
                    (attr["type"], attr["config"], attr["bits"] & excl) != (kt, code, 0):
                bad.append("%s: %s %s" % (st, (nrc, codes), (xrc, attr and (attr["type"], hex(attr["config"])))))
        tally.check(not bad, "tx2: the %d events of libpfm4's 6 ThunderX2 uncore boxes encode their codes on "
                    "their kernel PMUs (plm %#x)" % (len(strings), plm), "; ".join(bad[:4]))
    want = {"tx2_dmc0": 438, "tx2_dmc1": 439, "tx2_llc0": 440, "tx2_llc1": 441, "tx2_ccpi0": 442, "tx2_ccpi1": 443}
    got = H.pmus(args.pfmdump, args.libdir, LIBPFM_SYSROOT=root, LIBPFM_CPUID=TX2)
    tally.check(all(got.get(p) == (i, True) for p, i in want.items()),
                "tx2: the boxes are present under libpfm4's ids on a ThunderX2", "%s" % {p: got.get(p) for p in want})
    # one socket: the kernel registers the node-0 boxes only
    one = os.path.join(args.tmp, "tx2-one-socket")
    H.make_sysroot(one, {k: v for k, v in types.items() if k.endswith("_0")})
    got = H.pmus(args.pfmdump, args.libdir, LIBPFM_SYSROOT=one, LIBPFM_CPUID=TX2)
    tally.check([p for p in sorted(want) if got.get(p, (0, False))[1]] == ["tx2_ccpi0", "tx2_dmc0", "tx2_llc0"],
                "tx2: a box whose kernel PMU is absent is not present", "%s" % {p: got.get(p) for p in want})


def papi(args, tally):
    """The native strings of PAPI's preset blocks for these PMUs give
    upstream libpfm4's codes (PAPI is a Debian dependency of the suite)."""
    if not os.path.isfile(PAPI_CSV):
        print("  skipped: PAPI's arm64/powerpc presets: %s is not installed" % PAPI_CSV)
        return
    table = papi_presets.presets(PAPI_CSV)
    for arch in ("arm64", "powerpc"):
        for pmu, codes in sorted(names(args.overlay_root, arch).items()):
            if pmu not in table:
                continue
            byname = {n.upper(): c for n, c in codes.items()}
            strings = sorted({n if "::" in n else "%s::%s" % (pmu, n) for _, ns in table[pmu] for n in ns})
            res = H.encode(args.pfmdump, args.libdir, strings, LIBPFM_ENCODE_INACTIVE=1)
            bad = []
            for s in strings:
                code = byname.get(s.split("::", 1)[1].split(":")[0].upper())
                want = None if code is None else code | (ARM_VARIANTS[""] if arch == "arm64" else 0)
                if res[s][0] != (0, [want]):
                    bad.append("%s %s" % (s, res[s][0]))
            tally.check(not bad, "%s: PAPI's %d preset natives give upstream libpfm4's codes" % (pmu, len(strings)),
                        "; ".join(bad[:5]))


def print_figures(figures):
    print("upstream libpfm4 names: PMU, names, resolving, giving libpfm4's codes")
    for arch, pmu, n, resolved, same, share in figures:
        print("  %-8s %-14s %5d %5d %5d (%5.1f%%)" % (arch, pmu, n, resolved, same, share))
