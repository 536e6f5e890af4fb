# SPDX-License-Identifier: MIT
"""A newer perf tree that renames what an overlay already names keeps the
overlay's names (docs/jsontoyaml.md, "Models without an entry"): a model
directory whose mapfile identity is that of an entry's directory the tree
no longer has converts under that entry (perf's sifive/u74, later
sifive/bullet), and a PMU perf describes under upstream libpfm4's identity
gets upstream's event names with upstream's codes (libpfm4_names.py with
upstream_names.py). Fixture: tests/fixtures/jsontoyaml/currency."""
import os
import shutil

from helpers import TestCase, convert_tree, fixture, mkdtemp

import transforms

CUR = fixture("currency", "arch")
CUR_OV = fixture("currency", "overlays")


class RenamedDirectoryTest(TestCase):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        d = mkdtemp()
        cls.ov = os.path.join(d, "ov")
        shutil.copytree(CUR_OV, cls.ov)
        cls.models = os.path.join(cls.ov, "riscv", "models.yaml")
        with open(cls.models) as f:
            text = f.read()
        with open(cls.models, "w") as f:
            f.write(text.replace("models: {}", "models:\n"
                                 "  sifive/u74:\n"
                                 "    family: riscv-sbi\n"
                                 "    identity: [\"0x489-0x8000000000000007-0x[[:xdigit:]]+\"]\n"
                                 "    pmus:\n"
                                 "      - {name: sifive_u74, id: 840, desc: \"SiFive U74\"}\n"))
        cls.r = convert_tree(CUR, cls.ov)

    def test_the_renamed_directory_keeps_the_entrys_name_and_id(self):
        self.assertNotIn("sifive_bullet", self.r.desc)
        p = self.r.desc["sifive_u74"]["pmu"]
        self.assertEqual((p["id"], p["desc"], p["source"]), (840, "SiFive U74", "riscv/sifive/bullet v1"))
        self.assertEqual(p["match"], ["0x489-0x8000000000000007-0x[[:xdigit:]]+"])

    def test_the_report_says_which_entry_it_took_and_no_stale_entry_warning(self):
        self.assertIn("riscv/sifive/bullet: converted under the entry of sifive/u74 (%s:" % self.models,
                      self.r.stats.notes_text())
        self.assertNotIn("overlay model sifive/u74 is not in", self.r.warnings)


class UpstreamNamesTest(TestCase):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.r = convert_tree(CUR, CUR_OV, tmods=transforms.load(("libpfm4_names",)))
        cls.events = {e["name"]: e for e in cls.r.desc["fam1ah_zen9"]["events"]}

    def test_an_upstream_name_perf_encodes_is_that_perf_event_under_upstreams_name(self):
        e = self.events["RETIRED_INSTRUCTIONS"]
        self.assertEqual((e["set"], e["perf"]), ({"event": 0xc0}, "ex_ret_instr"))
        self.assertNotIn("flags", e)

    def test_an_upstream_unit_mask_perf_encodes_links_and_one_it_lacks_is_compat(self):
        us = {u["name"]: u for u in self.events["RETIRED_BRANCHES"]["umasks"]}
        self.assertEqual(us["ALL"].get("perf"), "ex_ret_brn")
        self.assertEqual((us["TAKEN"]["set"].get("umask"), us["TAKEN"]["flags"]), (0x1, ["compat"]))

    def test_an_upstream_event_perf_lacks_is_a_compatibility_event_of_upstreams_code(self):
        e = self.events["OLD_ONLY"]
        self.assertEqual((e["set"], e["flags"]), ({"event": 0x99}, ["compat"]))


class UpstreamGroupDefaultsTest(TestCase):
    """An upstream unit mask links to the perf entry that encodes what
    upstream's EVENT:UMASK encodes: with the defaults of the event's other
    groups, which that string leaves empty (Zen 6's FLOP_TYPE_BFLOAT16 adds
    ANY; perf's bfloat16_flops does not)."""

    def test_a_unit_mask_whose_other_group_default_sets_bits_is_not_perfs_entry(self):
        from transforms import upstream_names
        perf = {"pmu": {"name": "p", "format": {"event": "config:0-7", "umask": "config:8-15"}},
                "events": [{"name": "FLOPS", "set": {"event": 3},
                            "umasks": [{"name": "MULT", "set": {"umask": 0x2}, "perf": "flops.mult"},
                                       {"name": "BF16", "set": {"umask": 0x20}, "perf": "flops.bf16"}]}]}
        up = {"pmu": {"name": "p", "modifiers": []},
              "events": [{"name": "FLOPS", "set": {"event": 3},
                          "groups": [{"name": "default"}, {"name": "g1", "exclusive": True}],
                          "umasks": [{"name": "MULT_FLOPS", "set": {"umask": 0x2}},
                                     {"name": "ANY", "set": {"umask": 0xf}, "default": True},
                                     {"name": "ALL_TYPE", "set": {"umask": 0}, "group": "g1", "default": True},
                                     {"name": "FLOP_TYPE_BF16", "set": {"umask": 0x20}, "group": "g1"}]}]}
        us = {u["name"]: u for u in upstream_names.overlay(perf, up)["events"][0]["umasks"]}
        self.assertEqual(us["MULT_FLOPS"].get("perf"), "flops.mult")
        self.assertNotIn("perf", us["FLOP_TYPE_BF16"])
        self.assertTrue(us["FLOP_TYPE_BF16"].get("compat"))
