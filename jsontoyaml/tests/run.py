#!/usr/bin/python3
"""Runs jsontoyaml's unit tests (python unittest) and reports them the way
`make check` expects: prints and, with --results FILE, appends
`jsontoyaml: N passed, N failed`; exits non-zero when anything failed."""
import argparse
import os
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--results", metavar="FILE", help="append the summary line to FILE")
    ap.add_argument("-v", "--verbose", action="store_true")
    ap.add_argument("pattern", nargs="?", default="test_*.py")
    a = ap.parse_args()
    sys.path.insert(0, HERE)
    sys.path.insert(0, os.path.dirname(HERE))
    suite = unittest.defaultTestLoader.discover(HERE, pattern=a.pattern, top_level_dir=HERE)
    res = unittest.TextTestRunner(verbosity=2 if a.verbose else 1, stream=sys.stderr).run(suite)
    failed = len(res.failures) + len(res.errors) + len(res.unexpectedSuccesses)
    passed = res.testsRun - failed - len(res.skipped)
    line = "jsontoyaml: %d passed, %d failed" % (passed, failed)
    print(line)
    if a.results:
        os.makedirs(os.path.dirname(a.results) or ".", exist_ok=True)
        with open(a.results, "a", encoding="utf-8") as f:
            f.write(line + "\n")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
