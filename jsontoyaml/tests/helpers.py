# SPDX-License-Identifier: MIT
"""Shared helpers of jsontoyaml's tests: paths, temp dirs that go away with
the test that made them, and running a conversion of a fixture tree
in-process (transforms off unless asked) into a temp dir."""
import atexit
import io
import os
import shutil
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
JSONTOYAML = os.path.dirname(HERE)
REPO = os.path.dirname(JSONTOYAML)
FIX = os.path.join(REPO, "tests", "fixtures", "jsontoyaml")
OVERLAYS = os.path.join(FIX, "overlays")
sys.path.insert(0, JSONTOYAML)

import convert          # noqa: E402
import yaml             # noqa: E402
from errors import ConvertError, Warnings  # noqa: E402


def fixture(*parts):
    return os.path.join(FIX, *parts)


_made = []      # temp dirs made and not removed yet, oldest first


def mkdtemp():
    """A new temp dir, removed when the test (or the test class's setUpClass)
    that made it is over, passed or failed, at the latest when Python exits."""
    d = tempfile.mkdtemp(prefix="jsontoyaml-test-")
    _made.append(d)
    return d


def _remove_since(n):
    while len(_made) > n:
        shutil.rmtree(_made.pop(), ignore_errors=True)


atexit.register(_remove_since, 0)


class TestCase(unittest.TestCase):
    """A test case whose temp dirs (mkdtemp) are removed after each test, and
    those of setUpClass after the class (subclasses call super().setUpClass())."""

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.addClassCleanup(_remove_since, len(_made))

    def run(self, result=None):
        mark = len(_made)
        try:
            return super().run(result)
        finally:
            _remove_since(mark)


class Run:
    """Result of one conversion: files, descriptors by PMU name, figures, warnings."""

    def __init__(self, out, written, stats, warnings):
        self.out, self.written, self.stats = out, written, stats
        buf = io.StringIO()
        warnings.stream = buf
        warnings.flush()
        self.warnings = buf.getvalue()
        self.desc = {}
        for path in written:
            with open(path, encoding="utf-8") as f:
                d = yaml.safe_load(f)
            self.desc[d["pmu"]["name"]] = d

    def event(self, pmu, name):
        return next(e for e in self.desc[pmu]["events"] if e["name"] == name)

    def umask(self, pmu, event, name):
        return next(u for u in self.event(pmu, event)["umasks"] if u["name"] == name)


def convert_tree(arch_root, overlay_root=OVERLAYS, only=(), strict=False, tmods=(), out=None):
    """Convert arch_root; raises ConvertError like the CLI would report it."""
    out = out or mkdtemp()
    stats, warnings = convert.Stats(), Warnings()
    written = convert.convert_tree(arch_root, overlay_root, out, set(only), strict, stats,
                                   warnings, list(tmods), verify=True)
    return Run(out, written, stats, warnings)


def error_of(fn, *args, **kw):
    """The text of the ConvertError fn raises (fails the test if none)."""
    try:
        fn(*args, **kw)
    except ConvertError as e:
        return str(e)
    raise AssertionError("no ConvertError raised")
