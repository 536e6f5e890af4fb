# SPDX-License-Identifier: MIT
"""results.py - the one way the tests/diff suites report: print the
"<suite>: N passed, N failed" line and append it to build/check/results;
and the options of the drivers that run both libraries through pfmdump and
report so (sweep.py, fuzz/fuzz_diff.py)."""
import os

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def driver_options(ap, out, suite):
    """The options every such driver takes, on the argparse parser ap: the
    libraries (--ours, the installed libpfm4 4.13 through --pfmdump), where
    it writes (--out, default out under the repository), its results line
    (--results, --suite, default suite) and the accepted differences."""
    ap.add_argument("--ours", default=os.path.join(TOP, "build/lib"))
    ap.add_argument("--pfmdump", default=os.path.join(TOP, "build/bin/pfmdump"))
    ap.add_argument("--out", default=os.path.join(TOP, out))
    ap.add_argument("--results", help="file to append the suite line to")
    ap.add_argument("--suite", default=suite)
    ap.add_argument("--accepted-file", default=os.path.join(TOP, "tests/diff/accepted-differences.tsv"))


def report(suite, passed, failed, results_path):
    line = "%s: %d passed, %d failed" % (suite, passed, failed)
    print(line)
    if results_path:
        os.makedirs(os.path.dirname(results_path), exist_ok=True)
        with open(results_path, "a") as f:
            f.write(line + "\n")
