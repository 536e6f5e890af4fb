#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""gen_pmu_pages.py: writes one man page per PMU descriptor, libpfm_<pmu>.3,
from the YAML descriptors the converter produced (docs/schema.md).

usage: gen_pmu_pages.py -o OUTDIR [--header pfmlib.h] [--prune] [-q] PATH...
PATH is a descriptor or a directory searched for *.yaml. --prune removes
libpfm_*.3 pages in OUTDIR that this run did not write (PMUs that are gone).
"""
import argparse
import os
import re
import sys

import yaml

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pmu_page  # noqa: E402

LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
ENUM = re.compile(r"^\s*(PFM_PMU_[A-Z0-9_]+)\s*=\s*(\d+)", re.M)
NOT_A_PMU = {"PFM_PMU_MAX", "PFM_PMU_NONE", "PFM_PMU_PMUPLUG_FIRST"}


def enum_names(header):
    """pfm_pmu_t value -> enumerator name, from <perfmon/pfmlib.h>."""
    if not header:
        return {}
    with open(header, encoding="utf-8") as f:
        names = {}
        for name, val in ENUM.findall(f.read()):
            if name not in NOT_A_PMU:
                names.setdefault(int(val), name)
        return names


def descriptors(paths):
    for path in paths:
        if os.path.isdir(path):
            for root, dirs, files in os.walk(path):
                dirs.sort()
                for fn in sorted(files):
                    if fn.endswith(".yaml"):
                        yield os.path.join(root, fn)
        else:
            yield path


def page_name(pmu):
    return "libpfm_%s.3" % pmu


def write_if_changed(path, text):
    try:
        with open(path, encoding="utf-8") as f:
            if f.read() == text:
                return
    except OSError:
        pass
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(tmp, path)


def main(argv):
    ap = argparse.ArgumentParser(description="one man page per PMU descriptor")
    ap.add_argument("-o", "--out", required=True, help="output directory")
    ap.add_argument("--header", help="<perfmon/pfmlib.h>, for pfm_pmu_t enumerator names")
    ap.add_argument("--prune", action="store_true", help="remove pages of PMUs not seen")
    ap.add_argument("--date", default="", help="date field of .TH (default: none)")
    ap.add_argument("-q", "--quiet", action="store_true", help="no summary line")
    ap.add_argument("paths", nargs="+")
    a = ap.parse_args(argv)
    names = enum_names(a.header)
    os.makedirs(a.out, exist_ok=True)
    written = {}
    for path in descriptors(a.paths):
        with open(path, encoding="utf-8") as f:
            doc = yaml.load(f, Loader=LOADER)
        if ((doc or {}).get("pmu") or {}).get("variant"):
            continue    # another table of a PMU (docs/detection.md): the PMU's page describes its own
        pmu = str(((doc or {}).get("pmu") or {}).get("name", ""))
        if not re.fullmatch(r"[a-z0-9_]+", pmu):
            sys.exit("%s: no valid pmu.name" % path)
        if pmu in written:
            sys.exit("%s: PMU %s already described by %s" % (path, pmu, written[pmu]))
        written[pmu] = path
        text = pmu_page.render(doc, origin=os.path.relpath(path), date=a.date,
                               enum_name=names.get(doc["pmu"].get("id")))
        write_if_changed(os.path.join(a.out, page_name(pmu)), text)
    if a.prune:
        keep = {page_name(p) for p in written}
        for fn in os.listdir(a.out):
            if fn.startswith("libpfm_") and fn.endswith(".3") and fn not in keep:
                os.remove(os.path.join(a.out, fn))
    if not a.quiet:
        print("gen_pmu_pages: %d pages in %s" % (len(written), a.out))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
