#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""host-pmus.py - the core PMUs a libpfm-compatible library presents on this
host, read through its public API (pfm_initialize, pfm_get_pmu_info) with
ctypes: one line per present core PMU, "name<TAB>id<TAB>role<TAB>nevents<TAB>desc",
role `model` for a CPU model's PMU (one per core type on a hybrid part) and
`architectural` for the one libpfm4 flags as the architecture's default
(is_dfl: ix86arch, the events every Intel CPU counts alike), listed last.
With --uncore: the present uncore PMUs instead, one name per line.

    host-pmus.py [--uncore] LIBRARY    (e.g. build/lib/libpfm.so.4)
"""
import ctypes
import os
import sys

# the public API's pfm_pmu_info_t, as the facts reader declares it
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "jsontoyaml", "tools"))
from libpfm4_facts import PmuInfo  # noqa: E402

PFM_PMU_TYPE_CORE = 1
PFM_PMU_TYPE_UNCORE = 2
PFM_PMU_MAX = 4096


def main():
    uncore = sys.argv[1] == "--uncore"
    lib = ctypes.CDLL(sys.argv[-1])
    if lib.pfm_initialize() != 0:
        sys.exit("host-pmus: pfm_initialize failed")
    rows = []
    for pid in range(PFM_PMU_MAX):
        info = PmuInfo()
        info.size = ctypes.sizeof(info)
        if lib.pfm_get_pmu_info(pid, ctypes.byref(info)) != 0:
            continue
        present, dfl = info.flags & 1, info.flags >> 1 & 1
        if present and uncore and info.type == PFM_PMU_TYPE_UNCORE:
            print(info.name.decode())
        elif present and not uncore and info.type == PFM_PMU_TYPE_CORE:
            rows.append((dfl, info.pmu, info.name.decode(), info.nevents, info.desc.decode()))
    for dfl, pid, name, nevents, desc in sorted(rows):
        print("%s\t%d\t%s\t%d\t%s" % (name, pid, "architectural" if dfl else "model", nevents, desc))


if __name__ == "__main__":
    main()
