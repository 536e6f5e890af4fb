# SPDX-License-Identifier: MIT
"""jsontoyaml --from SOURCE --plugins DIR: the source's kind told by its
layout, the models new or newer than the built-in ones written (and, with
--all, every one), the others left out with their reason, and the versions
file a full conversion writes (--versions). Fixtures: the perf-style
`currency` tree with its overlays, the Intel-format `intel-perfmon` tree
with the repository's overlays; the built-in versions are files written
here. Temporary files under the build directory."""
import os
import subprocess
import sys
import tempfile
import unittest

import yaml

from helpers import JSONTOYAML, fixture

import fromsource       # noqa: E402
from errors import ConvertError  # noqa: E402

CLI = os.path.join(JSONTOYAML, "jsontoyaml.py")
TOP = os.path.dirname(JSONTOYAML)
CUR, CUR_OV = fixture("currency", "arch"), fixture("currency", "overlays")
INTEL = fixture("intel-perfmon")
REPO_OV = os.path.join(TOP, "arch")


def cli(*args):
    p = subprocess.run([sys.executable, CLI, "--no-transforms"] + list(args), capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr


class FromSourceTest(unittest.TestCase):
    def setUp(self):
        base = os.path.join(TOP, "build", "check")
        os.makedirs(base, exist_ok=True)
        self._tmp = tempfile.TemporaryDirectory(prefix="jsontoyaml-from-", dir=base)
        self.tmp = self._tmp.name

    def tearDown(self):
        self._tmp.cleanup()

    def versions(self, rows):
        path = os.path.join(self.tmp, "builtin.tsv")
        with open(path, "w") as f:
            f.write("# pmu\tid\tversion\tmodel\n")
            for r in rows:
                f.write("\t".join(str(c) for c in r) + "\n")
        return path

    def plugins(self):
        return sorted(os.listdir(os.path.join(self.tmp, "out")))

    def test_source_kind_is_told_by_layout(self):
        self.assertEqual(fromsource.detect(CUR), ("perf", CUR))
        self.assertEqual(fromsource.detect(INTEL), ("intel", INTEL))
        # a kernel tree: tools/perf/pmu-events/arch inside it
        kernel = os.path.join(self.tmp, "linux")
        os.makedirs(os.path.join(kernel, "tools", "perf", "pmu-events"))
        os.symlink(CUR, os.path.join(kernel, "tools", "perf", "pmu-events", "arch"))
        self.assertEqual(fromsource.detect(kernel)[0], "perf")
        with self.assertRaisesRegex(ConvertError, "neither perf's pmu-events arch directory"):
            fromsource.detect(self.tmp)

    def test_perf_tree_writes_new_and_newer_models_and_says_why_others_are_left_out(self):
        vf = self.versions([("oldc", 930, "v8", "x86/oldcore"),          # fixture v9: newer
                            ("novalake", 3698, "v1", "x86/novalake"),    # same version
                            ("zen_old", 931, "v2", "x86/zenold"),        # fixture v1: older
                            ("arm_v9", 679, "-", "-"),                   # no version built in
                            ("sifive_bullet", 3100, "v0", "riscv/sifive/bullet")])  # other id
        out = os.path.join(self.tmp, "out")
        rc, so, err = cli("--from", CUR, "--overlay-root", CUR_OV, "--plugins", out, "--builtin-versions", vf)
        self.assertEqual(rc, 0, err)
        self.assertIn("source: perf's arch tree %s" % CUR, so)
        self.assertRegex(so, r"wrote +oldc +x86/oldcore v9 +newer: v9 over the built-in v8")
        self.assertRegex(so, r"wrote +tricore_core +x86/tricore v1 +new: no built-in PMU of this name")
        self.assertRegex(so, r"left out +novalake +x86/novalake v1 +v1 is not newer than the built-in v1")
        self.assertRegex(so, r"left out +zen_old +x86/zenold v1 +v1 is not newer than the built-in v2")
        self.assertRegex(so, r"left out +arm_v9 .*the built-in arm_v9 has no version to compare")
        self.assertRegex(so, r"left out +sifive_bullet .*the built-in sifive_bullet has id 3100")
        self.assertNotIn("novalake.yaml", self.plugins())
        self.assertIn("oldc.yaml", self.plugins())
        # what is written is the converter's plugin output: schema v1 with its version; readable by the loader
        d = yaml.safe_load(open(os.path.join(out, "oldc.yaml")))
        self.assertEqual((d["schema"], d["pmu"]["name"], d["pmu"]["version"]), (1, "oldc", "v9"))
        self.assertEqual(os.stat(os.path.join(out, "oldc.yaml")).st_mode & 0o777, 0o644)
        self.assertFalse([f for f in os.listdir(out) if f.startswith(".")], "no temporary left behind")

    def test_a_newer_model_takes_the_built_in_models_match_priority(self):
        # the library presents a host's PMUs of the lowest priority; the
        # source's mapfile line means nothing beside the build's
        vf = self.versions([("oldc", 930, "v8", "x86/oldcore", "7")])
        out = os.path.join(self.tmp, "out")
        rc, so, err = cli("--from", CUR, "--overlay-root", CUR_OV, "--plugins", out, "--builtin-versions", vf)
        self.assertEqual(rc, 0, err)
        self.assertRegex(so, r"wrote +oldc +x86/oldcore v9 +newer: v9 over the built-in v8; match_priority 7")
        self.assertEqual(yaml.safe_load(open(os.path.join(out, "oldc.yaml")))["pmu"]["match_priority"], 7)

    def test_a_newer_uncore_pmu_with_box_instances_replaces_the_built_in_boxes(self):
        # the loader replaces every box under its name and id: written, unless
        # an instance's built-in box has another id or its id is another PMU's
        builtin = {"qk_unc_cbo0": (1500, "v1", "x86/qk", 5), "qk_unc_cbo1": (1501, "v1", "x86/qk", 5),
                   "qk_other": (1503, "v1", "x86/qk", 5)}
        ids = {v[0]: [n] for n, v in builtin.items()}

        def desc(*inst):
            return {"pmu": {"name": "qk_unc_cbo0", "id": 1500, "version": "v2",
                            "instances": [{"name": n, "id": i} for n, i in inst]}}
        src = object()
        self.assertEqual(fromsource.decide(desc(("qk_unc_cbo1", 1501), ("qk_unc_cbo2", 1502)), src, builtin, ids,
                                           False), (True, "newer: v2 over the built-in v1"))
        ok, why = fromsource.decide(desc(("qk_unc_cbo1", 1509)), src, builtin, ids, False)
        self.assertEqual((ok, why), (False, "the built-in qk_unc_cbo1 has id 1501, this instance 1509"))
        ok, why = fromsource.decide(desc(("qk_unc_cbo1", 1501), ("qk_unc_cbo2", 1503)), src, builtin, ids, False)
        self.assertEqual((ok, why), (False, "id 1503 (instance qk_unc_cbo2) is the built-in qk_other's"))
        ok, why = fromsource.decide({"pmu": dict(desc(("qk_unc_cbo1", 1501))["pmu"], version="v1")}, src, builtin,
                                    ids, False)
        self.assertEqual((ok, why), (False, "v1 is not newer than the built-in v1"))

    def test_versions_file_with_a_bad_priority_is_refused_with_its_line(self):
        vf = self.versions([("oldc", 930, "v8", "x86/oldcore", "x")])
        with self.assertRaisesRegex(ConvertError, r":2: expected pmu<TAB>id<TAB>version<TAB>model"):
            fromsource.read_versions(vf)

    def test_all_writes_every_model_of_the_source(self):
        vf = self.versions([("novalake", 3698, "v1", "x86/novalake"), ("zen_old", 931, "v2", "x86/zenold")])
        out = os.path.join(self.tmp, "out")
        rc, so, err = cli("--from", CUR, "--overlay-root", CUR_OV, "--plugins", out, "--builtin-versions", vf,
                          "--all")
        self.assertEqual(rc, 0, err)
        self.assertIn("novalake.yaml", self.plugins())
        self.assertIn("zen_old.yaml", self.plugins())
        self.assertRegex(so, r"wrote +zen_old .*--all \(built-in v2; the library ignores a version not newer\)")

    def test_intel_repository_writes_its_new_models(self):
        vf = self.versions([("tricore_atom", 3429, "V1.02", "x86/tricore")])
        out = os.path.join(self.tmp, "out")
        rc, so, err = cli("--from", INTEL, "--overlay-root", REPO_OV, "--plugins", out, "--builtin-versions", vf)
        self.assertEqual(rc, 0, err)
        self.assertIn("source: Intel's perfmon repository %s" % INTEL, so)
        self.assertRegex(so, r"wrote +oldcore +x86/oldcore V8 +new: no built-in PMU of this name")
        self.assertRegex(so, r"left out +tricore_atom +x86/tricore V1.02 +V1.02 is not newer than the built-in V1.02")
        # tricore's iMC Unit, which no fact names for it, by the uncore rule
        self.assertEqual(self.plugins(),
                         ["oldcore.yaml", "tricore_core.yaml", "tricore_lowpower.yaml", "tricore_unc_imc.yaml"])
        u = yaml.safe_load(open(os.path.join(out, "tricore_unc_imc.yaml")))
        self.assertEqual(u["pmu"]["perf_pmu_pattern"], "uncore_imc(_?[0-9]+)?")
        d = yaml.safe_load(open(os.path.join(out, "oldcore.yaml")))
        self.assertEqual(d["pmu"]["version"], "V8")
        self.assertIn("Intel perfmon", d["pmu"]["source"])

    def test_versions_file_lists_every_pmu_of_a_full_conversion(self):
        out, vf = os.path.join(self.tmp, "yaml"), os.path.join(self.tmp, "v.tsv")
        rc, _, err = cli("--arch-root", CUR, "--overlay-root", CUR_OV, "--out", out, "--quiet", "--versions", vf)
        self.assertEqual(rc, 0, err)
        rows = fromsource.read_versions(vf)
        self.assertEqual(rows["oldc"][1], "v9")
        self.assertEqual(rows["cpum_cf_z99"][1], "3")

    def test_from_without_plugins_is_a_usage_error(self):
        rc, _, err = cli("--from", CUR)
        self.assertEqual(rc, 2)
        self.assertIn("--from and --plugins go together", err)
        rc, _, err = cli("--from", CUR, "--plugins", self.tmp, "--out", self.tmp)
        self.assertEqual(rc, 2)

    def test_missing_versions_file_is_an_error_naming_it(self):
        rc, _, err = cli("--from", CUR, "--overlay-root", CUR_OV, "--plugins", os.path.join(self.tmp, "out"),
                         "--builtin-versions", os.path.join(self.tmp, "none.tsv"))
        self.assertEqual(rc, 1)
        self.assertIn("cannot read the built-in versions", err)


if __name__ == "__main__":
    unittest.main()
