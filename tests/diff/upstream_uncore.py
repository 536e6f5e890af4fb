#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""upstream_uncore.py - upstream libpfm4's uncore event names on the boxes
pmuplug converts from perf's JSON (icx_unc_*, spr_unc_*,
amd64_fam1ah_zen5_l3, and the HiSilicon hip08 boxes hisi_sccl*_{ddrc,hha,l3c}*):
every event row of arch/x86/libpfm4-upstream-events.tsv and
arch/arm64/libpfm4-upstream-events.tsv for those PMUs resolves (pfm_find_event "PMU::EVENT") to an event of the same
PMU, its pfm_event_info.code is upstream's, an event found by
its name is spelled as upstream spells it (case included; a name that is a
PMU alias resolves to perf's event), and the PMU has upstream's pfm_pmu_t id. Upstream lists no unit masks for uncore PMUs, so names and
codes are what can be compared; and the modifiers upstream gives only some
events of a PMU (icx PCU's occ_i and occ_e, UNC_P_POWER_STATE_OCCUPANCY's)
are those events' only, encoding into the kernel's fields (ENCODINGS).

Runs our library through ctypes on the empty sysroot with
LIBPFM_ENCODE_INACTIVE=1 (the boxes are absent, their names still resolve).
Prints per PMU: rows, resolving on the PMU, of those with upstream's code,
spelled as upstream (and whether the event-specific modifiers agree); fails
a PMU below its floor (FLOOR percent of each), then one line per ENCODINGS
string and one per FSTRS string, and appends `upstream-uncore: N passed,
N failed` (N: PMUs, ENCODINGS and FSTRS strings) with --results.

    upstream_uncore.py [--lib build/lib/libpfm.so.4] [--tsv FILE]... [--results FILE] [-v]
"""
import argparse
import collections
import ctypes
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(os.path.dirname(HERE))
TSVS = [os.path.join(TOP, "arch", a, "libpfm4-upstream-events.tsv") for a in ("x86", "arm64")]
EMPTY = os.path.join(TOP, "tests", "fixtures", "sysroot", "empty")
PMUS = re.compile(r"^(icx_unc_|spr_unc_|amd64_fam1ah_zen5_l3$|hisi_sccl\d+_(ddrc|hha|l3c)\d+$)")
# measured: every row resolves on its PMU with upstream's code; a drop fails
FLOOR = 100.0
PFM_OS_NONE = 0
PFM_ATTR_CTRL_PMU, PFM_ATTR_UMASK, PFM_ERR_ATTR = 1, 1, -8
# event-specific modifiers on their event, in the kernel's uncore_pcu format
# (occ_invert config:30, occ_edge_det config:31): string -> PFM_OS_NONE code,
# or the error where upstream does not offer the modifier
ENCODINGS = [
    ("icx_unc_pcu::UNC_P_POWER_STATE_OCCUPANCY:CORES_C0", 0x4080),
    ("icx_unc_pcu::UNC_P_POWER_STATE_OCCUPANCY:CORES_C0:occ_i", 0x40004080),
    ("icx_unc_pcu::UNC_P_POWER_STATE_OCCUPANCY:CORES_C6:occ_e", 0x8000c080),
    ("icx_unc_pcu::UNC_P_POWER_STATE_OCCUPANCY:CORES_C3:occ_i:occ_e", 0xc0008080),
    ("icx_unc_pcu::UNC_P_POWER_STATE_OCCUPANCY:CORES_C3:occ_i=0:occ_e=0", 0x8080),
    ("icx_unc_pcu::UNC_P_CLOCKTICKS:occ_i", PFM_ERR_ATTR),
    ("icx_unc_pcu::UNC_P_FREQ_MAX_POWER_CYCLES:occ_e", PFM_ERR_ATTR),
    # the CHA's thread id filter: upstream offers no tid (its CHA events list
    # e|i|t); pmuplug's needs a unit mask that sets filter_tid, which none does
    ("icx_unc_cha0::UNC_CHA_CLOCKTICKS:tid=1", PFM_ERR_ATTR),
    ("spr_unc_cha7::UNC_CHA_TOR_INSERTS:IO_MISS_PCIRDCUR:tid=0", PFM_ERR_ATTR),
]

# fully qualified strings as upstream writes them (PFM_OS_NONE, plm 0):
# string -> fstr. The CHA's tid is left out where no unit mask uses its
# filter (`with_umask: required`, arch/x86/family/intel-uncore.yaml)
FSTRS = [
    ("icx_unc_cha0::UNC_CHA_CLOCKTICKS", "icx_unc_cha0::UNC_CHA_CLOCKTICKS:e=0:i=0:t=0"),
    ("icx_unc_cha4::UNC_CHA_TOR_INSERTS:IO_MISS_PCIRDCUR:t=16:i",
     "icx_unc_cha4::UNC_CHA_TOR_INSERTS:IO_MISS_PCIRDCUR:e=0:i=1:t=16"),
    ("spr_unc_cha59::UNC_CHA_CLOCKTICKS:e", "spr_unc_cha59::UNC_CHA_CLOCKTICKS:e=1:i=0:t=0"),
]


# upstream's Zen 5 L3 box, pinned: (string, plm, PFM_OS_NONE code, fstr). Its
# event select carries the enable and interrupt bits (20, 22) and the levels
# given to the call (usr 16 for PLM3, os 17 for PLM0), though it lists no
# privilege modifier (u, k refused by name); the fstr spells the event and
# unit mask with upstream's names, perf's (l3_lookup_state.*) resolving to them
L3 = "amd64_fam1ah_zen5_l3::"
SPELLINGS = [
    (L3 + "UNC_L3_REQUESTS:L3_HIT", 0x9, 0x53fe04, L3 + "UNC_L3_REQUESTS:L3_HIT"),
    (L3 + "UNC_L3_REQUESTS", 0x1, 0x52ff04, L3 + "UNC_L3_REQUESTS:ALL"),
    (L3 + "UNC_L3_REQUESTS:L3_MISS", 0x8, 0x510104, L3 + "UNC_L3_REQUESTS:L3_MISS"),
    (L3 + "l3_lookup_state.all_coherent_accesses_to_l3", 0x9, 0x53ff04, L3 + "UNC_L3_REQUESTS:ALL"),
    (L3 + "L3_LOOKUP_STATE:L3_MISS", 0x9, 0x530104, L3 + "UNC_L3_REQUESTS:L3_MISS"),
    (L3 + "UNC_L3_REQUESTS:L3_MISS:u", 0x9, PFM_ERR_ATTR, None),
]


# the public API's structs, as the facts reader declares them
sys.path.insert(0, os.path.join(TOP, "jsontoyaml", "tools"))
from libpfm4_facts import AttrInfo, EncodeArg, EventInfo, PmuInfo  # noqa: E402


def read(paths):
    """{pmu: (id, [(event, code)])} of the uncore event rows of the PMUs checked."""
    out = collections.OrderedDict()
    for path in paths:
        with open(path, encoding="utf-8") as f:
            lines = f.readlines()
        for line in lines:
            if line.startswith("#"):
                continue
            c = line.rstrip("\n").split("\t")
            if len(c) < 6 or c[2] != "uncore" or c[4] or not PMUS.match(c[0]):
                continue
            flags = dict(f.partition("=")[::2] for f in (c[7] if len(c) > 7 else "").split(",") if f)
            mods = set(flags["mods"].split("|")) if flags.get("mods") else None
            out.setdefault(c[0], (int(c[1]), []))[1].append((c[3], int(c[5], 0), mods))
    return out


def specific(rows):
    """the modifiers upstream gives some of the rows' events and not others"""
    lists = [m for _, _, m in rows if m is not None]
    if not lists or len(lists) != len(rows):
        return set()
    return set.union(*lists) - set.intersection(*lists)


def pmu_modifiers(lib, idx, nattrs):
    """names of the PMU modifiers (not unit masks) of event idx"""
    out = set()
    for i in range(nattrs):
        ai = AttrInfo()
        ai.size = ctypes.sizeof(AttrInfo)
        if lib.pfm_get_event_attr_info(idx, i, PFM_OS_NONE, ctypes.byref(ai)) == 0 \
                and ai.ctrl == PFM_ATTR_CTRL_PMU and ai.type != PFM_ATTR_UMASK:
            out.add(ai.name.decode())
    return out


def encodings(lib):
    """[(string, want, got)] of ENCODINGS under PFM_OS_NONE (plm 0)"""
    out = []
    for s, want in ENCODINGS:
        codes = ctypes.POINTER(ctypes.c_uint64)()
        count = ctypes.c_int(0)
        rc = lib.pfm_get_event_encoding(s.encode(), 0, None, None, ctypes.byref(codes), ctypes.byref(count))
        got = rc if rc != 0 else codes[0]
        out.append((s, want, got))
    return out


def fstrs(lib):
    """[(string, want, got)] of FSTRS under PFM_OS_NONE (plm 0); got is the
    error code where the string does not encode"""
    out = []
    for s, want in FSTRS:
        fstr = ctypes.c_char_p()
        arg = EncodeArg()
        arg.size = ctypes.sizeof(EncodeArg)
        arg.fstr = ctypes.pointer(fstr)
        rc = lib.pfm_get_os_event_encoding(s.encode(), 0, PFM_OS_NONE, ctypes.byref(arg))
        out.append((s, want, rc if rc != 0 else fstr.value.decode()))
    return out


def spellings(lib):
    """[(string, want, got)] of SPELLINGS under PFM_OS_NONE: want and got
    (code, fstr), or the error"""
    out = []
    for s, plm, code, fstr in SPELLINGS:
        codes = ctypes.POINTER(ctypes.c_uint64)()
        count = ctypes.c_int(0)
        text = ctypes.c_char_p()
        rc = lib.pfm_get_event_encoding(s.encode(), plm, ctypes.byref(text), None, ctypes.byref(codes),
                                        ctypes.byref(count))
        got = rc if rc != 0 else (codes[0], text.value.decode())
        out.append((s, code if code < 0 else (code, fstr), got))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--lib", default=os.path.join(TOP, "build", "lib", "libpfm.so.4"))
    ap.add_argument("--tsv", action="append", help="facts file (default: the x86 and arm64 ones)")
    ap.add_argument("--results")
    ap.add_argument("-v", action="store_true")
    a = ap.parse_args()
    for k in [k for k in os.environ if k.startswith("LIBPFM_")]:
        del os.environ[k]
    os.environ.update(LIBPFM_ENCODE_INACTIVE="1", LIBPFM_SYSROOT=EMPTY)
    lib = ctypes.CDLL(os.path.abspath(a.lib))
    lib.pfm_find_event.argtypes = [ctypes.c_char_p]
    lib.pfm_get_event_info.argtypes = [ctypes.c_int, ctypes.c_int, ctypes.POINTER(EventInfo)]
    lib.pfm_get_pmu_info.argtypes = [ctypes.c_int, ctypes.POINTER(PmuInfo)]
    lib.pfm_get_event_attr_info.argtypes = [ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.POINTER(AttrInfo)]
    lib.pfm_get_os_event_encoding.argtypes = [ctypes.c_char_p, ctypes.c_int, ctypes.c_int, ctypes.c_void_p]
    lib.pfm_get_event_encoding.argtypes = [ctypes.c_char_p, ctypes.c_int, ctypes.c_void_p, ctypes.c_void_p,
                                           ctypes.POINTER(ctypes.POINTER(ctypes.c_uint64)),
                                           ctypes.POINTER(ctypes.c_int)]
    if lib.pfm_initialize() != 0:
        print("upstream-uncore: pfm_initialize failed")
        return 1
    passed = failed = 0
    tot = [0, 0, 0, 0]
    for pmu, (pid, rows) in read(a.tsv or TSVS).items():
        pi = PmuInfo()
        pi.size = ctypes.sizeof(PmuInfo)
        ok_id = lib.pfm_get_pmu_info(pid, ctypes.byref(pi)) == 0 and pi.name == pmu.encode()
        res = same = spelt = 0
        only = specific(rows)
        mods_wrong = []
        for ev, code, mods in rows:
            idx = lib.pfm_find_event(("%s::%s" % (pmu, ev)).encode())
            info = EventInfo()
            info.size = ctypes.sizeof(EventInfo)
            if idx < 0 or lib.pfm_get_event_info(idx, PFM_OS_NONE, ctypes.byref(info)) != 0 or info.pmu != pid:
                if a.v:
                    print("  %s::%s: does not resolve on the PMU (%d)" % (pmu, ev, idx))
                continue
            res += 1
            # a name resolved by name carries upstream's spelling; through
            # an alias it names perf's event (counted as spelled)
            spelt += info.name == ev.encode() or info.name.upper() != ev.upper().encode()
            if only and info.name == ev.encode() and pmu_modifiers(lib, idx, info.nattrs) & only != mods & only:
                mods_wrong.append(ev)
            if info.code == code:
                same += 1
            elif a.v:
                print("  %s::%s: code 0x%x, upstream 0x%x" % (pmu, ev, info.code, code))
        n = len(rows)
        good = (ok_id and res * 100.0 >= FLOOR * n and same * 100.0 >= FLOOR * n and
                spelt * 100.0 >= FLOOR * n and not mods_wrong)
        print("%-26s id %3d %s  names %4d  resolving %4d  upstream code %4d  spelled %4d  %s%s"
              % (pmu, pid, "ok" if ok_id else "WRONG", n, res, same, spelt, "ok" if good else "BELOW FLOOR",
                 "  event-specific modifiers %s: %s" % ("|".join(sorted(only)), "wrong on " + ", ".join(mods_wrong)
                                                        if mods_wrong else "ok") if only else ""))
        tot[0] += n
        tot[1] += res
        tot[2] += same
        tot[3] += spelt
        passed, failed = passed + good, failed + (not good)
    npmus = passed + failed
    for s_, want, got in encodings(lib):
        good = got == want
        passed, failed = passed + good, failed + (not good)
        print("%-66s %s  %s" % (s_, ("0x%x" % want) if want >= 0 else "error %d" % want,
                                "ok" if good else "WRONG: %s" % (("0x%x" % got) if got >= 0 else got)))
    for s_, want, got in fstrs(lib):
        good = got == want
        passed, failed = passed + good, failed + (not good)
        print("%s  %s" % (s_, "ok" if good else "WRONG: want %s, got %s" % (want, got)))
    for s_, want, got in spellings(lib):
        good = got == want
        passed, failed = passed + good, failed + (not good)
        print("%-66s %s  %s" % (s_, "0x%x %s" % want if isinstance(want, tuple) else "error %d" % want,
                                "ok" if good else "WRONG: %s" % (got,)))
    lib.pfm_terminate()
    print("all %d PMUs: %d upstream names, %d resolving, %d with upstream's code, %d spelled as upstream"
          % (npmus, tot[0], tot[1], tot[2], tot[3]))
    line = "upstream-uncore: %d passed, %d failed" % (passed, failed)
    print(line)
    if a.results:
        with open(a.results, "a", encoding="utf-8") as f:
            f.write(line + "\n")
    return 1 if failed or not passed else 0


if __name__ == "__main__":
    sys.exit(main())
