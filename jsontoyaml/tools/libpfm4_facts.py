#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""Ask the installed libpfm4 (4.13) for facts about its PMUs: enumerator
values from <perfmon/pfmlib.h>, and through the library's API each PMU's
name, id, counters, max_encoding and the PMU modifiers (non-umask attributes
of its first event, in the library's order). Used to write and check the
overlays in arch/; prints YAML on stdout.

    jsontoyaml/tools/libpfm4_facts.py [--header H] [--lib L] [PMU_NAME...]
"""
import argparse
import ctypes
import os
import re
import sys

import yaml

HEADER = "/usr/include/perfmon/pfmlib.h"
LIB = "libpfm.so.4"

ATTR_TYPES = {0: "none", 1: "umask", 2: "bool", 3: "int", 4: "raw_umask"}
PMU_TYPES = {0: "unknown", 1: "core", 2: "uncore", 3: "os_generic"}


def header_enum(path):
    """pfm_pmu_t enumerators of the header: {NAME: value} (implicit values counted)."""
    text = open(path, encoding="utf-8").read()
    m = re.search(r"typedef enum\s*{(.*?)}\s*pfm_pmu_t;", text, re.S)
    if not m:
        raise SystemExit("%s: pfm_pmu_t not found" % path)
    body = re.sub(r"/\*.*?\*/", "", m.group(1), flags=re.S)
    out, nxt = {}, 0
    for item in body.split(","):
        item = item.strip()
        if not item or item.startswith("#"):
            continue
        name, _, val = item.partition("=")
        name = name.strip()
        if val.strip():
            nxt = int(val.strip(), 0)
        out[name] = nxt
        nxt += 1
    return out


class PmuInfo(ctypes.Structure):
    _fields_ = [("name", ctypes.c_char_p), ("desc", ctypes.c_char_p), ("size", ctypes.c_size_t),
                ("pmu", ctypes.c_int), ("type", ctypes.c_int), ("nevents", ctypes.c_int),
                ("first_event", ctypes.c_int), ("max_encoding", ctypes.c_int),
                ("num_cntrs", ctypes.c_int), ("num_fixed_cntrs", ctypes.c_int),
                ("flags", ctypes.c_uint)]


class EventInfo(ctypes.Structure):
    _fields_ = [("name", ctypes.c_char_p), ("desc", ctypes.c_char_p), ("equiv", ctypes.c_char_p),
                ("size", ctypes.c_size_t), ("code", ctypes.c_uint64), ("pmu", ctypes.c_int),
                ("dtype", ctypes.c_int), ("idx", ctypes.c_int), ("nattrs", ctypes.c_int),
                ("reserved", ctypes.c_int), ("flags", ctypes.c_uint)]


class AttrInfo(ctypes.Structure):
    _fields_ = [("name", ctypes.c_char_p), ("desc", ctypes.c_char_p), ("equiv", ctypes.c_char_p),
                ("size", ctypes.c_size_t), ("code", ctypes.c_uint64), ("type", ctypes.c_int),
                ("idx", ctypes.c_int), ("ctrl", ctypes.c_int), ("flags", ctypes.c_uint),
                ("dfl", ctypes.c_uint64)]


class EncodeArg(ctypes.Structure):
    """pfm_pmu_encode_arg_t, pfm_get_os_event_encoding's argument under PFM_OS_NONE"""
    _fields_ = [("codes", ctypes.POINTER(ctypes.c_uint64)), ("fstr", ctypes.POINTER(ctypes.c_char_p)),
                ("size", ctypes.c_size_t), ("count", ctypes.c_int), ("idx", ctypes.c_int)]


def s(b):
    return b.decode() if b is not None else None


def query(lib_path, ids):
    os.environ.setdefault("LIBPFM_ENCODE_INACTIVE", "1")
    lib = ctypes.CDLL(lib_path)
    if lib.pfm_initialize() != 0:
        raise SystemExit("pfm_initialize failed")
    out = []
    for pid in sorted(set(ids)):
        info = PmuInfo(size=ctypes.sizeof(PmuInfo))
        if lib.pfm_get_pmu_info(pid, ctypes.byref(info)) != 0:
            continue
        rec = {"id": pid, "name": s(info.name), "desc": s(info.desc),
               "type": PMU_TYPES.get(info.type, info.type), "nevents": info.nevents,
               "max_encoding": info.max_encoding, "counters": info.num_cntrs,
               "fixed_counters": info.num_fixed_cntrs, "modifiers": []}
        mods = {}
        idx = info.first_event
        for n in range(info.nevents):
            if n:
                idx = lib.pfm_get_event_next(idx)
            if idx < 0:
                break
            ev = EventInfo(size=ctypes.sizeof(EventInfo))
            if lib.pfm_get_event_info(idx, 0, ctypes.byref(ev)) != 0:
                continue
            for a in range(ev.nattrs):
                at = AttrInfo(size=ctypes.sizeof(AttrInfo))
                if lib.pfm_get_event_attr_info(idx, a, 0, ctypes.byref(at)) != 0:
                    continue
                if ATTR_TYPES.get(at.type) in ("umask", "raw_umask"):
                    continue
                m = mods.setdefault(s(at.name), {"name": s(at.name), "type": ATTR_TYPES.get(at.type),
                                                  "code": at.code, "events": 0})
                m["events"] += 1
        rec["modifiers"] = sorted(mods.values(), key=lambda m: m["code"])
        out.append(rec)
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--header", default=HEADER)
    ap.add_argument("--lib", default=LIB)
    ap.add_argument("names", nargs="*", help="only these PMU names")
    a = ap.parse_args()
    enum = header_enum(a.header)
    pmus = query(a.lib, [v for k, v in enum.items() if k != "PFM_PMU_MAX"])
    byid = {v: k for k, v in enum.items()}
    for p in pmus:
        p["enumerator"] = byid.get(p["id"])
    if a.names:
        pmus = [p for p in pmus if p["name"] in a.names]
    yaml.safe_dump({"pfm_pmu_max": enum.get("PFM_PMU_MAX"), "enum": enum if not a.names else None,
                    "pmus": pmus}, sys.stdout, sort_keys=False, width=200)


if __name__ == "__main__":
    main()
