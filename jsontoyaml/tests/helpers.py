"""Shared helpers of jsontoyaml's tests: paths, temporary directories removed
when the tests end, and running a conversion of a fixture tree in-process
(transforms off unless asked) into a temp dir."""
import atexit
import io
import os
import shutil
import sys
import tempfile

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


def tmpdir():
    """A new directory jsontoyaml-test-*, removed with its content at exit."""
    d = tempfile.mkdtemp(prefix="jsontoyaml-test-")
    atexit.register(shutil.rmtree, d, True)
    return d


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
    out = out or tmpdir()
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
