#!/usr/bin/python3
"""upstream_uncore.py - upstream libpfm4's uncore event names on the boxes
pmuplug converts from perf's JSON (icx_unc_*, spr_unc_*,
amd64_fam1ah_zen5_l3, and the HiSilicon hip08 boxes hisi_sccl*_{ddrc,hha,l3c}*):
every event row of arch/x86/libpfm4-upstream-events.tsv and
arch/arm64/libpfm4-upstream-events.tsv for those PMUs resolves (pfm_find_event "PMU::EVENT") to an event of the same
PMU, its pfm_event_info.code is upstream's, an event found by
its name is spelled as upstream spells it (case included; a name that is a
PMU alias resolves to perf's event), and the PMU has upstream's pfm_pmu_t id. Upstream lists no unit masks for uncore PMUs, so names and
codes are what can be compared.

Runs our library through ctypes on the empty sysroot with
LIBPFM_ENCODE_INACTIVE=1 (the boxes are absent, their names still resolve).
Prints per PMU: rows, resolving on the PMU, of those with upstream's code,
spelled as upstream; fails a PMU below its floor (FLOOR percent of each), and appends
`upstream-uncore: N passed, N failed` (N: PMUs) with --results.

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


# the public API's structs, as the facts reader declares them
sys.path.insert(0, os.path.join(TOP, "jsontoyaml", "tools"))
from libpfm4_facts import EventInfo, PmuInfo  # noqa: E402


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
            out.setdefault(c[0], (int(c[1]), []))[1].append((c[3], int(c[5], 0)))
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
        for ev, code in rows:
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
            if info.code == code:
                same += 1
            elif a.v:
                print("  %s::%s: code 0x%x, upstream 0x%x" % (pmu, ev, info.code, code))
        n = len(rows)
        good = (ok_id and res * 100.0 >= FLOOR * n and same * 100.0 >= FLOOR * n and
                spelt * 100.0 >= FLOOR * n)
        print("%-26s id %3d %s  names %4d  resolving %4d  upstream code %4d  spelled %4d  %s"
              % (pmu, pid, "ok" if ok_id else "WRONG", n, res, same, spelt, "ok" if good else "BELOW FLOOR"))
        tot[0] += n
        tot[1] += res
        tot[2] += same
        tot[3] += spelt
        passed, failed = passed + good, failed + (not good)
    lib.pfm_terminate()
    print("all %d PMUs: %d upstream names, %d resolving, %d with upstream's code, %d spelled as upstream"
          % (passed + failed, tot[0], tot[1], tot[2], tot[3]))
    line = "upstream-uncore: %d passed, %d failed" % (passed, failed)
    print(line)
    if a.results:
        with open(a.results, "a", encoding="utf-8") as f:
            f.write(line + "\n")
    return 1 if failed or not passed else 0


if __name__ == "__main__":
    sys.exit(main())
