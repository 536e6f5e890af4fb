# SPDX-License-Identifier: MIT
"""Hostile inputs: whatever it is given, the converter stops with one line
naming the file (and line or key where known) and exit status 1; never a
Python traceback, never a hang. Special files (FIFOs, device links) are made
here at run time, in temp dirs removed with the test."""
import os
import resource
import shutil
import subprocess
import sys
import unittest
from unittest import mock

from helpers import JSONTOYAML, OVERLAYS, TestCase, error_of, fixture, mkdtemp

import convert
import mapfile
import perffields
import perfjson
from errors import Warnings

CLI = os.path.join(JSONTOYAML, "jsontoyaml.py")
MAPFILE_HEAD = "Family-model,Version,Filename,EventType\n"


def _limits():
    # a converter that reads /dev/zero to its end fails fast instead of
    # eating the machine's memory
    resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))


def cli(*args):
    """(exit status, stderr) of the converter run on args; a run that takes
    over 30 s counts as a hang (status None)."""
    try:
        p = subprocess.run([sys.executable, CLI] + list(args), capture_output=True, text=True,
                           timeout=30, stdin=subprocess.DEVNULL, preexec_fn=_limits)
    except subprocess.TimeoutExpired:
        return None, "hung"
    return p.returncode, p.stderr


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    return path


def tiny_tree(mapfile_rows="GenuineIntel-6-1A,v1,tiny,core\n"):
    """A one-model x86 tree (the fixtures' tiny pipeline.json) in a temp dir."""
    root = mkdtemp()
    os.makedirs(os.path.join(root, "x86", "tiny"))
    shutil.copy(fixture("arch-ok", "x86", "tiny", "pipeline.json"), os.path.join(root, "x86", "tiny"))
    write(os.path.join(root, "x86", "mapfile.csv"), MAPFILE_HEAD + mapfile_rows)
    return root


class HostileTestCase(TestCase):
    def assertOneLineError(self, rc, err, prefix):
        """Exit status 1 and a single `jsontoyaml: error: PREFIX...` line."""
        self.assertEqual(rc, 1, err)
        self.assertNotIn("Traceback", err)
        lines = [ln for ln in err.splitlines() if not ln.startswith("warning: ")]
        self.assertEqual(len(lines), 1, err)
        self.assertTrue(lines[0].startswith("jsontoyaml: error: " + prefix), err)

    def convert(self, root):
        return cli("--arch-root", root, "--overlay-root", OVERLAYS, "--out", mkdtemp(), "--no-transforms",
                   "--quiet")


class HostileInputTest(HostileTestCase):
    def test_deeply_nested_json_is_an_error_not_a_recursion(self):
        for depth in (100, 100000):
            path = write(os.path.join(mkdtemp(), "deep.json"),
                         '[\n  {"EventName": "X",\n   "Z": %s%s}\n]\n' % ("[" * depth, "]" * depth))
            self.assertEqual(error_of(perfjson.load_entries, path),
                             path + ":2:3: invalid JSON: entry nested more than %d levels deep" % perfjson.MAX_DEPTH)
        root = tiny_tree()
        deep = write(os.path.join(root, "x86", "tiny", "deep.json"), "[{\"A\": %s%s}]" % ("[" * 100000, "]" * 100000))
        self.assertOneLineError(*self.convert(root), prefix=deep + ":1:2: invalid JSON: entry nested")

    def test_integer_of_over_4300_digits_is_an_error(self):
        path = write(os.path.join(mkdtemp(), "big.json"),
                     '[\n  {"EventName": "X",\n   "EventCode": %s}\n]\n' % ("9" * 5000))
        self.assertEqual(error_of(perfjson.load_entries, path),
                         path + ":3:17: invalid JSON: a number of more than 4300 digits")
        # the same digits in a string: not a number perf could mean
        self.assertIsNone(perffields.parse_num("9" * 5000))
        msg = error_of(perffields.normalise, {"EventName": "X", "UMask": "9" * 5000}, "f.json", 3, Warnings(), "X")
        self.assertTrue(msg.startswith("f.json:3: X: field UMask must be an unsigned number, not '9999"), msg)
        self.assertLess(len(msg), 120)
        root = tiny_tree()
        big = write(os.path.join(root, "x86", "tiny", "big.json"), '[{"EventName": "X", "EventCode": %s}]' % ("1" * 5000))
        self.assertOneLineError(*self.convert(root), prefix=big + ":1:34: invalid JSON: a number of more")

    def test_pathological_identity_regexes_are_refused_and_perfs_are_kept(self):
        for pattern, col, reason in (
                ("(a*)*b", 1, "a repeated group holds a repetition or an alternation (exponential matching)"),
                ("GenuineIntel-(6|6-1)+$", 14, "a repeated group holds a repetition"),
                (".*" * 9 + "x", 18, "more than 8 repetitions"),
                ("(" * 9 + ")" * 9, 9, "groups nested more than 8 deep"),
                ("(" * 5000 + ")" * 5000, 257, "longer than 256 characters"),
                ("x{1000}", 2, "repetition count above 255"),
                ("(a)\\1", 4, "back-references are not supported"),
                ("a" * 300, 257, "longer than 256 characters")):
            root = tiny_tree("%s,v1,tiny,core\n" % pattern)
            path = os.path.join(root, "x86", "mapfile.csv")
            msg = error_of(mapfile.read_mapfile, path)
            self.assertTrue(msg.startswith("%s:2:%d: invalid identity regex: %s" % (path, col, reason)), msg)
        # the shapes of perf's own patterns (every arch's mapfile.csv)
        for pattern in ("GenuineIntel-6-(1A|1E|1F|2E)", "GenuineIntel-6-9[7A]", "AuthenticAMD-25-([245][[:xdigit:]]|[[:xdigit:]])",
                        "0x00000000410fd030", "0x[[:xdigit:]]+", "^IBM.209[78].*[13]\\.[1-5].[[:xdigit:]]+$",
                        "0x004[bcd][[:xdigit:]]{4}", "0x489-0x8000000000007007-0x[[:xdigit:]]+",
                        "GenuineIntel-6-(3C|45|46)", "0x000000000000f[a-f]0[0-9a-f]"):
            self.assertIsNone(mapfile.check_regex(pattern), pattern)

    def test_overlay_key_of_the_wrong_type_is_an_error(self):
        d = mkdtemp()
        for text, prefix in (
                ("arch: x86\nfamily: intel\nfeatures: 5\npmus:\n  - {name: a, id: 990, desc: x}\n",
                 ":1: model mycore: 'features' must be a list of strings"),
                ("arch: [x86]\nfamily: intel\npmus:\n  - {name: a, id: 990, desc: x}\n",
                 ":1: overlay: 'arch' must be a string or null"),
                ("arch: x86\nfamily: intel\npmus:\n  - {name: a, id: 990, desc: x, match: GenuineIntel}\n",
                 ":4: model mycore pmu a: 'match' must be a list of strings"),
                ("arch: x86\nfamily: intel\ncore_units: {a: 1}\npmus:\n  - {name: a, id: 990, desc: x}\n",
                 ":1: overlay: 'core_units' must be a list of strings or null")):
            ov = write(os.path.join(d, "ov.yaml"), text)
            rc, err = cli("--model-dir", fixture("plugin", "mycore"), "--overlay", ov, "--overlay-root", OVERLAYS,
                          "--out", mkdtemp(), "--no-transforms")
            self.assertOneLineError(rc, err, ov + prefix)
        # and in an arch/<arch>/models.yaml
        root = mkdtemp()
        shutil.copytree(OVERLAYS, os.path.join(root, "ov"))
        models = os.path.join(root, "ov", "x86", "models.yaml")
        write(models, "arch: x86\nmodels:\n  tiny:\n    family: intel\n    compat_modifiers: t\n"
                      "    pmus:\n      - {name: tiny, id: 900, desc: x}\n")
        rc, err = cli("--arch-root", tiny_tree(), "--overlay-root", os.path.join(root, "ov"), "--out", mkdtemp(),
                      "--no-transforms", "--quiet")
        self.assertOneLineError(rc, err, models + ":4: model tiny: 'compat_modifiers' must be a list of strings")

    def test_missing_model_dir_is_an_error(self):
        gone = os.path.join(mkdtemp(), "gone")
        rc, err = cli("--model-dir", gone, "--overlay", fixture("plugin", "mycore.yaml"), "--overlay-root", OVERLAYS,
                      "--out", mkdtemp())
        self.assertOneLineError(rc, err, gone + ": --model-dir: no such directory")
        rc, err = cli("--arch-root", gone, "--overlay-root", OVERLAYS, "--out", mkdtemp())
        self.assertOneLineError(rc, err, gone + ": --arch-root: no such directory")

    def test_fifo_and_device_inputs_are_refused_without_blocking(self):
        # a topic file that is a FIFO (opening it for reading would wait for
        # a writer), one that is a symlink to /dev/zero (endless), and
        # mapfiles that are either
        for kind in ("fifo-topic", "zero-topic", "fifo-mapfile", "zero-mapfile"):
            root = tiny_tree()
            target = os.path.join(root, "x86", "tiny", "odd.json") if kind.endswith("topic") else \
                os.path.join(root, "x86", "mapfile.csv")
            if os.path.exists(target):
                os.remove(target)
            if kind.startswith("fifo"):
                os.mkfifo(target)
                what = "a FIFO"
            else:
                os.symlink("/dev/zero", target)
                what = "a character device"
            rc, err = self.convert(root)
            self.assertOneLineError(rc, err, "%s: cannot read: %s, not a regular file" % (target, what))
        # a regular file over the cap is refused before it is read
        import readfile
        path = os.path.join(mkdtemp(), "huge.json")
        with open(path, "wb") as f:
            f.truncate(readfile.MAX_BYTES + 1)
        self.assertEqual(error_of(perfjson.load_entries, path),
                         "%s: cannot read: larger than %d bytes (%d)" % (path, readfile.MAX_BYTES, readfile.MAX_BYTES + 1))

    def test_value_too_wide_for_its_field_names_the_json_entry(self):
        root = tiny_tree()
        p = write(os.path.join(root, "x86", "tiny", "wide.json"),
                  '[\n  {"EventName": "WIDE.X",\n   "EventCode": "0x3c",\n   "UMask": "0x1ff"}\n]\n')
        rc, err = self.convert(root)
        self.assertOneLineError(rc, err, p + ":2: WIDE.X: UMask=0x1ff does not fit field umask (8 bits)")
        write(p, '[\n  {"EventName": "WIDE2", "EventCode": "0x13c"}\n]\n')
        rc, err = self.convert(root)
        self.assertOneLineError(rc, err, p + ":2: WIDE2: EventCode=0x13c does not fit field event (8 bits)")


class CountingStr(str):
    """A str that counts how often it is compared for equality."""
    calls = 0
    __hash__ = str.__hash__

    def __eq__(self, other):
        CountingStr.calls += 1
        return str.__eq__(self, other)


class MapfileScaleTest(HostileTestCase):
    def test_mapfile_rows_are_grouped_in_linear_time(self):
        # 2000 rows for one model directory: grouping them must not compare
        # each row's regex with every earlier one (2 million comparisons)
        n = 2000
        rows = [mapfile.MapRow(CountingStr("GenuineIntel-6-%X" % i), "v1", "tiny", "core", i + 2) for i in range(n)]
        real = mapfile.read_mapfile

        def fake(path):
            return list(rows) if os.sep + "x86" + os.sep in path else real(path)
        CountingStr.calls = 0
        with mock.patch.object(convert.mapfile_mod, "read_mapfile", fake):
            run = convert.convert_tree(fixture("arch-ok"), OVERLAYS, mkdtemp(), {"no-such-model"}, False,
                                       convert.Stats(), Warnings(), [])
        self.assertEqual(run, [])
        self.assertLess(CountingStr.calls, 3 * n)


if __name__ == "__main__":
    unittest.main()
