#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""check-archs: every non-x86 architecture perf ships, encoded by pmuplug and
checked against perf's JSON (against_json.py) plus one example event per
architecture, Arm raw codes and sysfs attr.type sources (examples.py) and the
descriptor keys `invert` (invert.py) and `raw_format`, `also`, `missing`
(raw_format.py) through plugins, upstream libpfm4's
arm64 and powerpc names and codes (upstream.py), and the arm64 and s390
uncore entries on their uncore PMUs (uncore.py). Prints the
per-architecture figures and appends `archs: N passed, N failed` to the
results file."""
import argparse
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import against_json as enc  # noqa: E402
import examples  # noqa: E402
import harness  # noqa: E402
import invert  # noqa: E402
import raw_format  # noqa: E402
import uncore  # noqa: E402
import upstream  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--arch-root", required=True, help="perf's pmu-events/arch tree")
    ap.add_argument("--overlay-root", default="arch", help="our overlays (model -> PMU names)")
    ap.add_argument("--table", help="the build's PMU table (build/yaml/pmus.tsv): PMUs of models no overlay names")
    ap.add_argument("--pfmdump", required=True)
    ap.add_argument("--check-events", required=True)
    ap.add_argument("--libdir", required=True, help="directory of libpfm.so.4")
    ap.add_argument("--results", help="file to append the summary line to")
    ap.add_argument("-v", "--verbose", action="store_true", help="print every case")
    args = ap.parse_args()

    tally = harness.Tally(args.verbose)
    # trees and plugin files the cases make: beside the results, removed whatever happens
    where = os.path.dirname(os.path.abspath(args.results)) if args.results else None
    with tempfile.TemporaryDirectory(prefix="archs-", dir=where) as tmp:
        args.tmp = tmp
        figures = enc.run(args, tally)
        examples.run(args, tally)
        invert.run(args, tally)
        raw_format.run(args, tally)
        ups = upstream.run(args, tally)
        unc = uncore.run(args, tally)
    enc.print_figures(figures)
    upstream.print_figures(ups)
    uncore.print_figures(unc)
    line = "archs: %d passed, %d failed" % (tally.passed, tally.failed)
    print(line)
    if args.results:
        with open(args.results, "a") as f:
            f.write(line + "\n")
    return 1 if tally.failed else 0


if __name__ == "__main__":
    sys.exit(main())
