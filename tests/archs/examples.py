# SPDX-License-Identifier: MIT
"""One example event of each non-x86 architecture (Arm Neoverse N1, SiFive
U74 with an SBI firmware event, T-Head, StarFive and Andes firmware events,
POWER8 and POWER9, s390 cpum_cf) through build/bin/check_events -P: encoded
from any host (LIBPFM_ENCODE_INACTIVE=1, pmu:: prefix) and on its own host
(LIBPFM_CPUID, no prefix), with the exact attr.type/config and exclude bits
the kernel expects; Arm PFM_OS_NONE codes carrying libpfm4's privilege
filters; and which sysfs PMU each architecture's attr.type is read from
(LIBPFM_SYSROOT trees made here)."""
import os
import re

import harness as H

RAW = H.PERF_TYPE_RAW
# (string, PMU that must encode it, attr.type, attr.config, PFM_OS_NONE code,
#  exclude_user, exclude_kernel, exclude_hv)
ANY_HOST = [
    ("arm_n1::L1D_CACHE_REFILL", "arm_n1", RAW, 0x3, 0x08000003, 0, 0, 1),
    ("sifive_u74::INTEGER_LOAD_RETIRED", "sifive_u74", RAW, 0x200, 0x200, 0, 0, 0),
    ("sifive_u74::FW_ILLEGAL_INSN", "sifive_u74", RAW, 0x8000000000000004, 0x8000000000000004, 0, 0, 0),
    ("thead_c900::FW_ILLEGAL_INSN", "thead_c900", RAW, 0x8000000000000004, 0x8000000000000004, 0, 0, 0),
    ("starfive_dubhe80::FW_ILLEGAL_INSN", "starfive_dubhe80", RAW, 0x8000000000000004, 0x8000000000000004, 0, 0, 0),
    ("andes_ax45::FW_ILLEGAL_INSN", "andes_ax45", RAW, 0x8000000000000004, 0x8000000000000004, 0, 0, 0),
    ("power9::PM_THRD_CONC_RUN_INST", "power9", RAW, 0x300f4, 0x300f4, 0, 0, 0),
    ("power8::pm_1plus_ppc_cmpl", "power8", RAW, 0x100f2, 0x100f2, 0, 0, 0),
    ("cpum_cf::CPU_CYCLES", "cpum_cf", RAW, 0x0, 0x0, 0, 0, 0),
]
# the same events on their own hosts, found without a prefix
OWN_HOST = [
    ("0x00000000413fd0c1", "L1D_CACHE_REFILL", "arm_n1", 0x3),
    ("0x489-0x8000000000000007-0x4210427", "INTEGER_LOAD_RETIRED", "sifive_u74", 0x200),
    ("0x489-0x8000000000000007-0x4210427", "FW_ILLEGAL_INSN", "sifive_u74", 0x8000000000000004),
    ("0x004e1202", "PM_THRD_CONC_RUN_INST", "power9", 0x300f4),
    ("0x004d0200", "pm_1plus_ppc_cmpl", "power8", 0x100f2),
    ("IBM,3931,703,A01,3.8,002f", "CPU_CYCLES", "cpum_cf", 0x0),
]
# Arm PFM_OS_NONE codes: libpfm4's layout, bit 31 = exclude user (not u),
# bit 30 = exclude kernel (not k), bit 27 = exclude hypervisor (not hv);
# fstr shows the levels
ARM_RAW = [
    ("arm_n1::L1D_CACHE_REFILL", 0x08000003, "k=1:u=1:hv=0"),
    ("arm_n1::L1D_CACHE_REFILL:u", 0x48000003, "k=0:u=1:hv=0"),
    ("arm_n1::L1D_CACHE_REFILL:k", 0x88000003, "k=1:u=0:hv=0"),
    ("arm_n1::L1D_CACHE_REFILL:hv", 0xc0000003, "k=0:u=0:hv=1"),
    ("arm_n1::L1D_CACHE_REFILL:u:k", 0x08000003, "k=1:u=1:hv=0"),
    ("arm_n1::L1D_CACHE_REFILL:u:k:hv", 0x3, "k=1:u=1:hv=1"),
    ("arm_n1::L1D_CACHE_REFILL:u=0", 0xc8000003, "k=0:u=0:hv=0"),
    ("arm_v1::SVE_INST_SPEC:u", 0x48008006, "k=0:u=1:hv=0"),
]
# sysfs PMU each architecture's attr.type comes from: (string, type wanted)
# in a tree where cpum_cf is 11, cpu is 7 and the Arm PMUs 9 and 10
SYSFS_TYPES = {"cpum_cf": 11, "cpu": 7, "armv8_pmuv3_0": 10, "armv8_neoverse_n1": 9}
SYSFS_CASES = [
    ("cpum_cf::CPU_CYCLES", 11, "s390 reads cpum_cf's dynamic type"),
    ("cpum_cf_z13::PROBLEM_STATE_CPU_CYCLES", 11, "every s390 model reads cpum_cf"),
    ("power9::PM_RUN_CYC", 7, "POWER reads cpu (core-book3s registers `cpu`)"),
    ("sifive_u74::FW_ILLEGAL_INSN", 7, "RISC-V reads cpu (riscv_pmu_sbi registers `cpu`)"),
    ("arm_n1::CPU_CYCLES", RAW, "arm64 stays PERF_TYPE_RAW whatever the PMU's sysfs name"),
    ("andes_n13::cond_br", RAW, "nds32 is PERF_TYPE_RAW"),
]


def check_events(args, strings, perf=True, **extra):
    """{requested string: {field: value}} from check_events [-P]."""
    rc, out, err = H.run([args.check_events] + (["-P"] if perf else []) + strings, args.libdir, **extra)
    blocks, cur = {}, None
    for line in out.splitlines():
        m = re.match(r"^\s*([A-Za-z0-9_ ]+?)\s*:\s*(.*)$", line)
        if not m:
            continue
        key, val = m.group(1).strip(), m.group(2).strip()
        if key == "Requested Event":
            cur = blocks.setdefault(val, {})
        elif cur is not None:
            cur.setdefault(key, val)
    return rc, blocks, err


def _int(v):
    try:
        return int(v, 0)
    except (TypeError, ValueError):
        return None


def run(args, tally):
    rc, got, err = check_events(args, [c[0] for c in ANY_HOST], LIBPFM_ENCODE_INACTIVE=1)
    tally.check(rc == 0, "check_events -P encodes every target from this host", err.strip())
    for s, pmu, typ, config, code, eu, ek, eh in ANY_HOST:
        b = got.get(s, {})
        have = (b.get("Actual    Event", "").split("::")[0], _int(b.get("type")), _int(b.get("config")),
                _int(b.get("Codes")), _int(b.get("exclude_user")), _int(b.get("exclude_kernel")),
                _int(b.get("exclude_hv")), _int(b.get("config1")))
        want = (pmu, typ, config, code, eu, ek, eh, 0)
        tally.check(have == want, "any host: %s" % s, "got %s, want %s" % (have, want))

    for cpuid, s, pmu, config in OWN_HOST:
        rc, got, err = check_events(args, [s], LIBPFM_CPUID=cpuid)
        b = got.get(s, {})
        have = (rc, b.get("Actual    Event", "").split("::")[0], _int(b.get("type")), _int(b.get("config")))
        want = (0, pmu, RAW, config)
        tally.check(have == want, "own host %s: %s" % (cpuid, s), "got %s, want %s" % (have, want))

    # PFM_OS_NONE only (check_events without -P): hv is perf's h under perf_events
    rc, got, err = check_events(args, [c[0] for c in ARM_RAW], perf=False, LIBPFM_ENCODE_INACTIVE=1)
    for s, code, levels in ARM_RAW:
        b = got.get(s, {})
        have = (_int(b.get("Codes")), b.get("Actual    Event", "").split(":", 3)[-1])
        want = (code, levels)
        tally.check(have == want, "arm raw code: %s" % s, "got %s, want %s" % (have, want))

    root = H.make_sysroot(os.path.join(args.tmp, "sysroot-types"), SYSFS_TYPES)
    res = H.encode(args.pfmdump, args.libdir, [c[0] for c in SYSFS_CASES],
                   LIBPFM_ENCODE_INACTIVE=1, LIBPFM_SYSROOT=root)
    for s, typ, why in SYSFS_CASES:
        (nrc, _), (xrc, a) = res[s]
        have = a["type"] if xrc == 0 else "rc %d" % xrc
        tally.check(have == typ, "attr.type: %s (%s)" % (s, why), "got %s, want %d" % (have, typ))
