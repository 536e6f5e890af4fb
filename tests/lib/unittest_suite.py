#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""tests/lib/unittest_suite.py - the one way a python unittest suite reports
to `make check`: runs the test files given (or discovers test_*.py in a
directory), prints unittest's output on stderr (or into --log), then prints
and appends to --results "<suite>: N passed, N failed", counting test
methods (a method with a failing subTest is one failure; a skipped one
counts neither way); exits 1 when anything failed or nothing ran.

    unittest_suite.py SUITE [--results FILE] [--log FILE]
                      [--with NAME=VALUE]... FILE.py|DIR...

--with runs every file once more for each setting, with NAME=VALUE in the
environment while it is imported and run (a module that reads its setting
at import, as tests/pinned/test_silent.py reads PMUPLUG_LIB); without it,
once with the environment as it is.
"""
import argparse
import importlib.util
import os
import sys
import unittest

sys.dont_write_bytecode = True  # no __pycache__ beside the tests



def report(suite, passed, failed, results):
    line = "%s: %d passed, %d failed" % (suite, passed, failed)
    print(line)
    if results:
        os.makedirs(os.path.dirname(results) or ".", exist_ok=True)
        with open(results, "a", encoding="utf-8") as f:
            f.write(line + "\n")


def load(path, tag):
    """the tests of one file or directory, imported afresh under a name of its own"""
    path = os.path.abspath(path)
    if os.path.isdir(path):
        sys.path.insert(0, path)
        return unittest.defaultTestLoader.discover(path, pattern="test_*.py", top_level_dir=path)
    sys.path.insert(0, os.path.dirname(path))
    name = "%s_%s" % (os.path.splitext(os.path.basename(path))[0], tag)
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    return unittest.defaultTestLoader.loadTestsFromModule(mod)


def method(test):
    """the test method a result is about (a subTest's own test case)"""
    return getattr(test, "test_case", test).id()


def run(paths, setting, tag, stream):
    """(passed, failed) of one run of every path, with setting (NAME, VALUE) or None"""
    saved = None
    if setting:
        saved = os.environ.get(setting[0])
        os.environ[setting[0]] = setting[1]
        print("== %s=%s" % setting, file=stream)
    try:
        suite = unittest.TestSuite(load(p, tag) for p in paths)
        res = unittest.TextTestRunner(stream=stream, verbosity=2).run(suite)
    finally:
        if setting:
            if saved is None:
                os.environ.pop(setting[0], None)
            else:
                os.environ[setting[0]] = saved
    failed = {method(t) for t, _ in res.failures + res.errors} | {method(t) for t in res.unexpectedSuccesses}
    skipped = {method(t) for t, _ in res.skipped} - failed
    return res.testsRun - len(failed) - len(skipped), len(failed)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("suite")
    ap.add_argument("paths", nargs="+", metavar="FILE.py|DIR")
    ap.add_argument("--results", metavar="FILE", help="append the results line to FILE")
    ap.add_argument("--log", metavar="FILE", help="unittest's output there instead of stderr")
    ap.add_argument("--with", dest="settings", action="append", default=[], metavar="NAME=VALUE")
    a = ap.parse_args()
    settings = [tuple(s.split("=", 1)) for s in a.settings] or [None]
    if a.log:
        os.makedirs(os.path.dirname(a.log) or ".", exist_ok=True)
    stream = open(a.log, "w", encoding="utf-8") if a.log else sys.stderr
    passed = failed = 0
    try:
        for i, setting in enumerate(settings):
            p, f = run(a.paths, setting, i, stream)
            passed, failed = passed + p, failed + f
    finally:
        if a.log:
            stream.close()
    if failed and a.log:
        with open(a.log, encoding="utf-8") as f:
            sys.stderr.write(f.read())
    if not passed and not failed:
        failed = 1  # nothing ran: a broken suite, not a clean one
    report(a.suite, passed, failed, a.results)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
