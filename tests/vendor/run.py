#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""check-vendor (tests/vendor.mk): converts perf's arch tree and Intel's
perfmon repository of the vendor snapshots, each alone, and checks what the
two must give: no model skipped, Lunar Lake's P-core with Intel's 331 core
events, Arrow Lake and Panther Lake one PMU per core type, the same PMU names
and ids from both routes and every shared event encoded alike but for the
differences listed with their reason, and no uncore entry skipped; then a
library of each route's new models (tests/vendor/library.py): each CPU
presents its PMUs and every event encodes as the kernel programs it from the
JSON. Skipped, with the reason, when the snapshots are absent."""
import argparse
import os
import shutil
import subprocess
import sys
import tarfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
J2Y = os.path.join(TOP, "jsontoyaml", "jsontoyaml.py")
COMPARE = os.path.join(TOP, "jsontoyaml", "tools", "compare_sources.py")
ACCEPTED = os.path.join(TOP, "arch", "x86", "intel-perfmon-differences.tsv")
PERF_TAR = "perf-pmu-events-2026-02.tar.xz"
INTEL_TAR = "intel-perfmon-2026-08.tar.xz"

passed, failed = [], []


def check(name, ok, why=""):
    (passed if ok else failed).append(name)
    print("  %-4s %s%s" % ("ok" if ok else "FAIL", name, "" if ok else ": " + why))


def extract(tar, dest):
    stamp = os.path.join(dest, ".extracted-" + os.path.basename(tar))
    if os.path.isfile(stamp) and os.path.getmtime(stamp) >= os.path.getmtime(tar):
        return
    os.makedirs(dest, exist_ok=True)
    with tarfile.open(tar) as t:
        t.extractall(dest, filter="data") if hasattr(tarfile, "data_filter") else t.extractall(dest)
    open(stamp, "w").close()


def convert(args, out):
    report = out + ".report"
    p = subprocess.run([sys.executable, J2Y] + args + ["--out", out, "--quiet", "--report", report,
                                                        "--table", out + ".tsv"],
                       capture_output=True, text=True)
    if p.returncode:
        return None, p.stderr
    with open(report, encoding="utf-8") as f:
        return f.read(), p.stderr


def pmu_table(out):
    rows = {}
    with open(out + ".tsv", encoding="utf-8") as f:
        for line in f:
            arch, model, pmu, ev, um, perf = line.rstrip("\n").split("\t")
            rows[pmu] = (model, int(perf))
    return rows


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--vendor", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("--results")
    ap.add_argument("--tablegen", help="the build's tablegen (the library half runs when given)")
    ap.add_argument("--objdir", help="the build's object directory (build/obj)")
    ap.add_argument("--pfmdump")
    a = ap.parse_args()
    tars = [os.path.join(a.vendor, t) for t in (PERF_TAR, INTEL_TAR)]
    missing = [t for t in tars if not os.path.isfile(t)]
    if missing:
        print("vendor: skipped: no vendor snapshots (%s)" % ", ".join(os.path.basename(t) for t in missing))
        if a.results:
            with open(a.results, "a") as f:
                f.write("vendor: skipped (no ../shared/vendor snapshots)\n")
        return 0
    src = os.path.join(a.work, "src")
    extract(tars[0], src)
    extract(tars[1], src)
    perf_out, intel_out = os.path.join(a.work, "perf"), os.path.join(a.work, "intel")
    rp, errp = convert(["--arch-root", os.path.join(src, "arch")], perf_out)
    check("perf's tree converts", rp is not None, errp)
    ri, erri = convert(["--intel-perfmon", os.path.join(src, "intel-perfmon")], intel_out)
    check("Intel's repository converts", ri is not None, erri)
    if rp is None or ri is None:
        return finish(a)
    for name, r in (("perf", rp), ("Intel", ri)):
        check("%s: 0 models skipped" % name, "models without an overlay entry" not in r,
              [line for line in r.splitlines() if "models without" in line])
        # what may be left out are files and entries that are no events
        # (metrics, weights, offcore matrices, retire latency tables)
        left = [line.strip() for line in r.splitlines() if line.lstrip().startswith("skipped") and
                ("uncore unit not converted" in line or "uncore entry" in line or "event syntax" in line)]
        check("%s: 0 event entries skipped (every uncore Unit converted, by rule where no fact names it)" % name,
              not left, left)
    tp, ti = pmu_table(perf_out), pmu_table(intel_out)
    check("Lunar Lake P-core: Intel's 331 core events", ti.get("lnl_lnc", (0, 0))[1] == 331, ti.get("lnl_lnc"))
    for pmus in (("arrowlake_core", "arrowlake_atom", "arrowlake_lowpower"), ("pantherlake_core", "pantherlake_atom"),
                 ("lnl_lnc", "lnl_skt")):
        for p in pmus:
            check("%s from both routes" % p, p in tp and p in ti)
    c = subprocess.run([sys.executable, COMPARE, perf_out, intel_out, "--accepted", ACCEPTED],
                       capture_output=True, text=True)
    check("both routes: same ids, shared events encoded alike or listed (%s)" % c.stdout.strip().splitlines()[-1]
          if c.stdout.strip() else "compare", c.returncode == 0, c.stdout[-2000:] + c.stderr[-2000:])
    if a.tablegen and a.objdir and a.pfmdump:
        import library
        run = library.Runner(TOP, a.tablegen, a.objdir, a.pfmdump, a.work)
        figures = []
        library.check_route(check, run, "perf", perf_out, os.path.join(src, "arch"), figures)
        library.check_route(check, run, "intel", intel_out, os.path.join(src, "arch"), figures,
                            os.path.join(src, "intel-perfmon"))
        plugins = os.path.join(a.work, "plugins")
        shutil.rmtree(plugins, ignore_errors=True)
        p = subprocess.run([sys.executable, J2Y, "--from", os.path.join(src, "intel-perfmon"), "--plugins", plugins,
                            "--builtin-versions", os.path.join(os.path.dirname(a.objdir), "yaml",
                                                               "builtin-versions.tsv")],
                           capture_output=True, text=True)
        check("jsontoyaml --from Intel's repository --plugins writes plugins (%d)"
              % sum(line.startswith("wrote") for line in p.stdout.splitlines()), p.returncode == 0, p.stderr[-2000:])
        if p.returncode == 0:
            library.check_plugins(check, run, os.path.join(os.path.dirname(a.objdir), "lib"), plugins,
                                  os.path.join(a.work, "lib-intel"), os.path.join(src, "intel-perfmon"))
        print("  figures (route, model, identity, events checked, encoded as the JSON says, "
              "entries left out: libpfm4-syntax names or no field):")
        for f in figures:
            print("    %-5s %-18s %-32s %5d %5d %3d" % f)
    return finish(a)


def finish(a):
    print("vendor: %d passed, %d failed" % (len(passed), len(failed)))
    if a.results:
        with open(a.results, "a") as f:
            f.write("vendor: %d passed, %d failed\n" % (len(passed), len(failed)))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
