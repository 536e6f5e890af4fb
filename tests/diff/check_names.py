#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""check_names.py - do the generated descriptors (build/yaml) give libpfm4
4.13's names libpfm4's encodings, and perf's names perf's? Resolves, with the
Python model of tests/diff/yamlmodel.py (no C library needed):
  - every libpfm4 string EVENT and EVENT:UMASK of each PMU with an overlay in
    arch/x86/libpfm4-names (OFFCORE_RESPONSE/OCR left to their own checks),
    compared with libpfm4's PFM_OS_NONE codes (privilege/enable bits aside);
  - every perf event name of the model, compared with perf's JSON encoding
    (Intel's, for a model the build took from Intel's perfmon repository);
  - for a PMU libpfm4 lacks (Zen 5), every libpfm4-style name its overlay
    inherits, compared with the perf event it stands for;
  - the same for each variant table (<pmu>@<dir>.yaml: libpfm4's PMU over
    another perf directory, docs/detection.md).
Prints one line per PMU and `compat-names: N passed, N failed` (one check per
PMU: libpfm4 coverage >= --min and every perf name resolving).

    check_names.py [--yaml build/yaml/x86] [--pfmdump build/bin/pfmdump]
                   [--arch build/perf-arch] [--intel-perfmon DIR] [--min 95] [-v] [PMU...]
"""
import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(TOP, "gen", "libpfm4-names"))
import derive  # noqa: E402
import match  # noqa: E402
import oracle  # noqa: E402
import perfevents  # noqa: E402
import yamlmodel  # noqa: E402
import yaml  # noqa: E402
from accepted import Accepted  # noqa: E402
import results

# bits libpfm4's PFM_OS_NONE codes carry that are not the event's: usr, os,
# int, en (and AMD's guest/host)
IGNORED_BITS = (1 << 16) | (1 << 17) | (1 << 20) | (1 << 22) | (3 << 40)


def check_pmu(pmu, perf_dir, inherited, args, stem=None):
    path = os.path.join(args.yaml, (stem or pmu) + ".yaml")
    model = yamlmodel.Pmu(path)
    amd = pmu.startswith("amd64")
    res = {"lib": 0, "lib_ok": 0, "perf": 0, "perf_ok": 0, "shadowed": 0, "accepted": 0,
           "bad": []}
    libnames = set()
    if not inherited:
        events = oracle.list_events(args.pfmdump, pmu)
        strings = [s for s in derive.libpfm4_strings(pmu, events)
                   if not match.is_offcore(s.split("::")[1].split(":")[0])]
        libnames = {s.split("::")[1].upper().replace(":", ".") for s in strings}
        enc = oracle.encode(args.pfmdump, strings)
        for s in strings:
            x = enc[s]
            if x.rc != 0:
                continue
            res["lib"] += 1
            want = (x.codes[0] & ~IGNORED_BITS, x.codes[1] if len(x.codes) > 1 else 0)
            try:
                got = model.encode(s)
                got = (got[0] & ~IGNORED_BITS, got[1])
            except yamlmodel.Error as e:
                got = "error %d" % e.code
            if got == want:
                res["lib_ok"] += 1
            elif args.accepted.reason(pmu, s.split("::")[1]):
                res["accepted"] += 1
            else:
                res["bad"].append((s, want, got))
    unit = derive.models_yaml_unit(os.path.join(TOP, "arch/x86/models.yaml"), pmu)
    if model.source.startswith("Intel perfmon "):
        # the build's table of this model is Intel's (INTEL_PERFMON)
        if not args.intel:
            raise SystemExit("%s: the table is from Intel's perfmon repository (%s): give --intel-perfmon"
                             % (path, model.source))
        perf = perfevents.load_intel_model(args.intel, perf_dir, unit)
    else:
        perf = perfevents.load_model(args.arch, perf_dir, unit)
    if inherited:
        inherited_names(pmu, perf, model, amd, res)
    for p in perf:
        if p.is_offcore() or match.is_offcore(p.name):
            continue
        res["perf"] += 1
        want = p.raw(amd)
        try:
            got = model.encode(p.name)
        except yamlmodel.Error as e:
            got = "error %d" % e.code
        if got == want:
            res["perf_ok"] += 1
        elif p.name.upper() in libnames:
            res["shadowed"] += 1    # libpfm4's name, libpfm4's meaning
        else:
            res["bad"].append((p.name, want, got))
    return res


def inherited_names(pmu, perf, model, amd, res):
    """A PMU libpfm4 lacks: each libpfm4-style name of its overlay must give
    the encoding of the perf event the overlay links it to."""
    byname = {p.name.upper(): p for p in perf}
    with open(os.path.join(TOP, "arch/x86/libpfm4-names", pmu + ".yaml")) as f:
        ov = yaml.safe_load(f)
    for e in ov["events"]:
        for u in e.get("umasks") or [None]:
            node = u or e
            if "perf" not in node or (u and u.get("group")):
                continue
            s = e["name"] + (":" + u["name"] if u else "")
            res["lib"] += 1
            if node["perf"].upper() not in byname:
                # perf's tree no longer has the event: the string stays a
                # compatibility entry of the overlay's encoding (docs/compat.md)
                try:
                    model.encode(s)
                    res["lib_ok"] += 1
                except yamlmodel.Error as err:
                    res["bad"].append((s, "compat entry", "error %d" % err.code))
                continue
            want = byname[node["perf"].upper()].raw(amd)
            try:
                got = model.encode(s)
            except yamlmodel.Error as err:
                got = "error %d" % err.code
            if got == want:
                res["lib_ok"] += 1
            else:
                res["bad"].append((s, want, got))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--yaml", default=os.path.join(TOP, "build/yaml/x86"))
    ap.add_argument("--pfmdump", default=os.path.join(TOP, "build/bin/pfmdump"))
    ap.add_argument("--arch", default=os.path.join(TOP, "build/perf-arch"))
    ap.add_argument("--intel-perfmon", dest="intel", help="Intel's perfmon repository the build read (INTEL_PERFMON)")
    ap.add_argument("--min", type=float, default=95.0)
    ap.add_argument("--results", help="file to append the `compat-names:` line to")
    ap.add_argument("--accepted-file", default=os.path.join(HERE, "accepted-differences.tsv"))
    ap.add_argument("-v", action="store_true", help="list what does not resolve")
    ap.add_argument("pmus", nargs="*")
    args = ap.parse_args()
    args.accepted = Accepted(args.accepted_file)
    rows = [r + (None,) for r in derive.read_pmu_table(os.path.join(TOP, "gen/libpfm4-names/pmus.tsv"))]
    # variant tables (libpfm4's PMU over another perf directory): <pmu>@<dir>.yaml
    _, variants = derive.models_yaml_dirs(os.path.join(TOP, "arch/x86/models.yaml"))
    rows += [(pmu, d, None, "%s@%s" % (pmu, d.split("/", 1)[1])) for pmu, d in variants]
    passed = failed = 0
    for pmu, perf_dir, parent, stem in rows:
        if args.pmus and pmu not in args.pmus:
            continue
        r = check_pmu(pmu, perf_dir, bool(parent), args, stem)
        cov = 100.0 * r["lib_ok"] / r["lib"] if r["lib"] else 100.0
        unlisted = r["lib"] - r["lib_ok"] - r["accepted"]
        ok = cov >= args.min and not unlisted and r["perf_ok"] + r["shadowed"] == r["perf"]
        passed += ok
        failed += not ok
        print("%-18s libpfm4 names %4d/%4d (%5.1f%%, %d listed)  perf names %4d/%4d"
              " (%d taken by libpfm4's)  %s"
              % (stem or pmu, r["lib_ok"], r["lib"], cov, r["accepted"], r["perf_ok"], r["perf"],
                 r["shadowed"], "ok" if ok else "FAIL"))
        if args.v:
            for s, want, got in r["bad"]:
                print("    %-60s want %s got %s" % (s, _fmt(want), _fmt(got)))
    results.report("compat-names", passed, failed, args.results)
    return 1 if failed or not passed else 0


def _fmt(v):
    return "%x,%x" % v if isinstance(v, tuple) else v


if __name__ == "__main__":
    sys.exit(main())
