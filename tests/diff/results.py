# SPDX-License-Identifier: MIT
"""results.py - the one way the tests/diff suites report: print the
"<suite>: N passed, N failed" line and append it to build/check/results."""
import os


def report(suite, passed, failed, results_path):
    line = "%s: %d passed, %d failed" % (suite, passed, failed)
    print(line)
    if results_path:
        os.makedirs(os.path.dirname(results_path), exist_ok=True)
        with open(results_path, "a") as f:
            f.write(line + "\n")
