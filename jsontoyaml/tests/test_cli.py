# SPDX-License-Identifier: MIT
"""The command line: --help, exit status and message on errors, and the
one-model conversion a plugin author uses (overlay file or options)."""
import os
import subprocess
import sys
import unittest

import yaml

from helpers import JSONTOYAML, OVERLAYS, TestCase, fixture, mkdtemp

CLI = os.path.join(JSONTOYAML, "jsontoyaml.py")


def cli(*args):
    p = subprocess.run([sys.executable, CLI] + list(args), capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr


class CliTest(TestCase):
    def test_help_names_both_modes(self):
        rc, out, _ = cli("--help")
        self.assertEqual(rc, 0)
        for opt in ("--arch-root", "--overlay-root", "--out", "--only", "--model-dir", "--overlay", "--strict"):
            self.assertIn(opt, out)

    def test_error_exits_1_with_file_line_col(self):
        out = mkdtemp()
        rc, _, err = cli("--arch-root", fixture("bad-json"), "--overlay-root", OVERLAYS, "--out", out,
                         "--no-transforms")
        self.assertEqual(rc, 1)
        self.assertIn("jsontoyaml: error: %s:5:9: invalid JSON: Expecting ',' delimiter"
                      % fixture("bad-json", "x86", "tiny", "pipeline.json"), err)

    def test_tree_conversion_prints_figures(self):
        out = mkdtemp()
        rc, so, _ = cli("--arch-root", fixture("arch-ok"), "--overlay-root", OVERLAYS, "--out", out,
                        "--no-transforms", "--report", os.path.join(out, "r.txt"))
        self.assertEqual(rc, 0)
        self.assertIn("x86: 2 models, 3 PMUs, 11 events, 16 unit masks (from 17 perf events)", so)
        self.assertIn("  skipped      1  uncore unit not converted yet: Unit CBOX", open(os.path.join(out, "r.txt")).read())

    def test_plugin_from_overlay_file(self):
        out = os.path.join(mkdtemp(), "my_core.yaml")
        rc, _, err = cli("--model-dir", fixture("plugin", "mycore"), "--overlay", fixture("plugin", "mycore.yaml"),
                         "--overlay-root", OVERLAYS, "--out", out, "--no-transforms", "--verify")
        self.assertEqual(rc, 0, err)
        d = yaml.safe_load(open(out))
        self.assertEqual((d["pmu"]["name"], d["pmu"]["id"], d["pmu"]["match"]), ("my_core", 990, ["GenuineIntel-6-FF"]))
        self.assertNotIn("match_priority", d["pmu"])
        ev = d["events"][0]
        self.assertEqual((ev["name"], ev["set"]), ("CYCLES", {"event": 0x3c}))
        self.assertEqual({u["name"]: (u["set"], u.get("default", False), u.get("exclusive", False))
                          for u in ev["umasks"]},
                         {"ANY": ({"umask": 0}, True, True),
                          "STALLED": ({"umask": 0, "inv": 1, "cmask": 1}, False, True)})

    def test_plugin_from_options(self):
        out = mkdtemp()
        rc, _, err = cli("--model-dir", fixture("plugin", "mycore"), "--arch", "x86", "--family", "intel",
                         "--name", "cli_core", "--id", "991", "--desc", "From options", "--match", "X-1",
                         "--overlay-root", OVERLAYS, "--out", out, "--no-transforms")
        self.assertEqual(rc, 0, err)
        d = yaml.safe_load(open(os.path.join(out, "cli_core.yaml")))
        self.assertEqual((d["pmu"]["desc"], d["pmu"]["match"], d["pmu"]["source"]),
                         ("From options", ["X-1"], "x86/mycore plugin"))

    def test_model_mode_needs_an_identity(self):
        rc, _, err = cli("--model-dir", fixture("plugin", "mycore"), "--out", mkdtemp())
        self.assertEqual(rc, 2)
        self.assertIn("--model-dir needs --overlay FILE, or --arch, --family, --name, --id and --desc", err)


if __name__ == "__main__":
    unittest.main()
