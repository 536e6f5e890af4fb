# SPDX-License-Identifier: MIT
"""Models that arch/<arch>/models.yaml does not name get their PMUs by rule
(jsontoyaml/identity.py, docs/jsontoyaml.md "Models without an entry"), on
the fixture tree tests/fixtures/jsontoyaml/currency: libpfm4's identity
where its facts have the CPU, else a new name and an id from a stable hash;
every identity form of perf's mapfiles."""
import os
import shutil
import unittest

from helpers import REPO, TestCase, convert_tree, error_of, fixture, mkdtemp

import identity
from errors import ConvertError
import overlay

CUR = fixture("currency", "arch")
CUR_OV = fixture("currency", "overlays")


class ByRuleTest(TestCase):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.r = convert_tree(CUR, CUR_OV)

    def pmu(self, name):
        return self.r.desc[name]["pmu"]

    def test_a_model_without_an_entry_is_converted_not_skipped(self):
        self.assertEqual(sorted(self.r.stats.by_rule["x86"]), ["novalake", "tricore", "zennew"])
        self.assertNotIn("models without an overlay entry", self.r.stats.skipped["x86"])
        self.assertEqual(self.r.stats.arch["x86"]["models"], 5)
        self.assertNotIn("no overlay entry", self.r.warnings)

    def test_a_hybrid_with_three_core_types_is_one_pmu_per_core_type(self):
        names = sorted(n for n in self.r.desc if n.startswith("tricore"))
        self.assertEqual(names, ["tricore_atom", "tricore_core", "tricore_lowpower"])
        for n, unit in (("tricore_atom", "cpu_atom"), ("tricore_core", "cpu_core"),
                        ("tricore_lowpower", "cpu_lowpower")):
            p = self.pmu(n)
            self.assertEqual((p["match_unit"], p["perf_pmu"], p["match"]), (unit, unit, ["GenuineIntel-6-C[56]"]))
            self.assertEqual(p["desc"], "Intel tricore (%s)" % unit)
            self.assertIn(p["id"], identity.RULE_IDS)
        self.assertEqual(len({self.pmu(n)["id"] for n in names}), 3)
        self.assertEqual(self.r.stats.skipped["x86"]["uncore unit not converted yet: Unit iMC"], 1)

    def test_a_umask_wider_than_8_bits_takes_the_familys_wide_layout(self):
        p = self.pmu("tricore_core")
        self.assertEqual(p["format"]["umask"], "config:8-15,40-47")
        self.assertEqual(self.r.umask("tricore_core", "MEM_LOAD_RETIRED", "L1_HIT")["set"], {"umask": 0x101})
        self.assertEqual(self.pmu("tricore_atom")["format"]["umask"], "config:8-15")

    def test_intel_family_18_identity_is_kept_verbatim(self):
        p = self.pmu("novalake")
        self.assertEqual((p["match"], p["desc"]), (["GenuineIntel-18-(1|3)"], "Intel novalake"))
        self.assertNotIn("match_unit", p)

    def test_amd_xdigit_classes_select_the_libpfm4_pmu_perf_gives_the_cpus(self):
        # zen_old's CPUs (models 0x30-0x3f) fall to zennew's row in perf's
        # order, but models.yaml's zenold produces zen_old: never taken again
        p = self.pmu("fam1ah_zen9")
        self.assertEqual((p["id"], p["desc"], p["match"]),
                         (698, "AMD64 Fam1Ah Zen9", ["AuthenticAMD-26-[[:xdigit:]]+"]))
        self.assertEqual(p["source"], "x86/zennew v1")
        self.assertEqual(self.pmu("zen_old")["id"], 931)

    def test_where_perf_and_libpfm4_disagree_on_the_identity_the_pmu_matches_both(self):
        p = self.pmu("arm_v9")
        self.assertEqual((p["id"], p["desc"]), (679, "Arm Neo V9"))
        self.assertEqual(p["match"], ["0x00000000410fd830", "0x00000000410fd840"])

    def test_arm_midr_riscv_triple_power_pvr_and_s390_machine_type_get_new_pmus(self):
        want = {"arm_cortex_z1": ("arm cortex-z1", ["0x00000000410fd990"]),
                "sifive_bullet": ("sifive bullet", ["0x489-0x8000000000000007-0x[[:xdigit:]]+"]),
                "powerpc_compat": ("POWER compat", ["0x00ffffff"]),
                "cpum_cf_z99": ("CPU-measurement counter facility (cf_z99)", ["^IBM.999[56].*$"])}
        for name, (desc, match) in want.items():
            p = self.pmu(name)
            self.assertEqual((p["desc"], p["match"]), (desc, match), name)
            self.assertIn(p["id"], identity.RULE_IDS, name)

    def test_new_ids_are_the_stable_hash_of_the_model_key(self):
        self.assertEqual(self.pmu("sifive_bullet")["id"], identity.hashed_id("riscv/sifive/bullet"))
        self.assertEqual(self.pmu("tricore_lowpower")["id"], identity.hashed_id("x86/tricore/cpu_lowpower"))
        # sha256: the same on every machine and build
        self.assertEqual(identity.hashed_id("riscv/sifive/bullet"), 3839)

    def test_the_same_tree_gives_the_same_ids_and_names_every_time(self):
        again = convert_tree(CUR, CUR_OV)
        self.assertEqual({n: d["pmu"]["id"] for n, d in again.desc.items()},
                         {n: d["pmu"]["id"] for n, d in self.r.desc.items()})

    def test_each_pmu_by_rule_is_a_note_of_the_report(self):
        notes = "\n".join(self.r.stats.notes.lines())
        self.assertIn("x86/tricore has no entry in %s: tricore_lowpower by rule, a new PMU"
                      % os.path.join(CUR_OV, "x86", "models.yaml"), notes)
        self.assertIn("x86/tricore/cpu_lowpower: PMU tricore_lowpower, id %d" % self.pmu("tricore_lowpower")["id"],
                      notes)


class PlansTest(unittest.TestCase):
    class P:
        def __init__(self, key, name):
            self.rule_key, self.name, self.overlay, self.line = key, name, "f", 1

    def colliding_keys(self):
        seen = {}
        for n in range(1000):
            key = "x86/model%d" % n
            i = identity.hashed_id(key)
            if i in seen:
                return seen[i], key
            seen[i] = key

    def test_an_id_does_not_depend_on_the_other_models_of_the_tree(self):
        a = self.P("x86/a", "a")
        alone = identity.assign([a], set(), set())["x86/a"]
        others = [self.P("x86/other%d" % n, "o%d" % n) for n in range(40)]
        others = [o for o in others if identity.hashed_id(o.rule_key) != identity.hashed_id("x86/a")]
        self.assertEqual(identity.assign(others + [a], set(), set())["x86/a"], alone)
        self.assertEqual(alone[0], identity.hashed_id("x86/a"))

    def test_a_fixed_id_on_the_slot_sends_the_key_to_its_own_second_hash(self):
        slot = identity.hashed_id("x86/b")
        out = identity.assign([self.P("x86/b", "b")], {slot}, set())
        self.assertEqual(out["x86/b"][0], identity.hashed_id("x86/b", 1))
        self.assertNotEqual(identity.hashed_id("x86/b", 1), slot)

    def test_the_probe_sequence_is_pinned(self):
        # these values are ids users may have recorded: they never change
        self.assertEqual([identity.hashed_id("riscv/sifive/bullet", k) for k in range(3)], [3839, 3929, 3627])

    def test_two_keys_on_one_id_stop_the_conversion_naming_both(self):
        k1, k2 = self.colliding_keys()
        with self.assertRaises(ConvertError) as e:
            identity.assign([self.P(k2, "b"), self.P(k1, "a")], set(), set())
        self.assertIn("PMUs by rule %s and %s both take pfm_pmu_t id %d" % (min(k1, k2), max(k1, k2),
                                                                             identity.hashed_id(k1)), str(e.exception))
        self.assertIn("f:1:", str(e.exception))

    def test_each_key_alone_keeps_its_id_when_two_collide(self):
        k1, k2 = self.colliding_keys()
        self.assertEqual(identity.assign([self.P(k1, "a")], set(), set())[k1][0], identity.hashed_id(k1))
        self.assertEqual(identity.assign([self.P(k2, "b")], set(), set())[k2][0], identity.hashed_id(k2))

    def test_a_taken_name_gets_a_number(self):
        out = identity.assign([self.P("riscv/v/c", "v_c")], set(), {"v_c"})
        self.assertEqual(out["riscv/v/c"][1], "v_c_2")

    def test_range_templates_expand_to_perfs_hex_model_numbers(self):
        self.assertEqual(identity.expand("AuthenticAMD-26-{e-11}"),
                         ["AuthenticAMD-26-E", "AuthenticAMD-26-F", "AuthenticAMD-26-10", "AuthenticAMD-26-11"])
        self.assertEqual(identity.expand("0x00000000410fd840"), ["0x00000000410fd840"])


class RuleErrorsTest(TestCase):
    def tree(self, models):
        d = mkdtemp()
        shutil.copytree(CUR_OV, os.path.join(d, "ov"))
        with open(os.path.join(d, "ov", "riscv", "models.yaml"), "w") as f:
            f.write(models)
        return os.path.join(d, "ov")

    def test_strict_still_wants_an_entry(self):
        self.assertIn("no overlay entry for arm64/arm/neo-v9", error_of(convert_tree, CUR, CUR_OV, strict=True))

    def test_no_rule_section_names_the_model_and_the_file(self):
        ov = self.tree("arch: riscv\ncore_units: []\nmodels: {}\n")
        self.assertEqual(error_of(convert_tree, CUR, ov),
                         "%s:2: no overlay entry for riscv/sifive/bullet, and %s has no `rule` section to name it by"
                         % (os.path.join(CUR, "riscv", "mapfile.csv"), os.path.join(ov, "riscv", "models.yaml")))

    def test_a_malformed_rule_is_reported_with_file_and_line(self):
        ov = self.tree("arch: riscv\ncore_units: []\nrule:\n  name: x\n  familes: []\nmodels: {}\n")
        self.assertEqual(error_of(convert_tree, CUR, ov),
                         "%s:4: rule: unknown key 'familes'" % os.path.join(ov, "riscv", "models.yaml"))


class RepositoryRuleTest(unittest.TestCase):
    """The repository's arch/: the rule sections and libpfm4 facts load, and
    the reserved range is disjoint from every id arch/ assigns."""

    ARCH = os.path.join(REPO, "arch")

    def test_every_arch_has_a_rule_and_its_facts_load(self):
        for arch in ("arm64", "nds32", "powerpc", "riscv", "s390", "x86"):
            ov = overlay.ArchOverlay(self.ARCH, arch)
            rule = identity.Rule(ov.rule_doc, ov.path)
            for _, fam, _, _ in rule.families:
                ov.family(fam)
            facts, _ = identity.load_facts(self.ARCH, arch)
            for f in facts:
                self.assertLess(f.id, 768, f.name)

    def test_the_rule_range_holds_no_id_of_arch(self):
        import re
        ids = set()
        for root, _, files in os.walk(self.ARCH):
            for name in (n for n in files if n.endswith(".yaml")):
                with open(os.path.join(root, name), encoding="utf-8") as f:
                    text = f.read()
                ids.update(int(x) for x in re.findall(r"\bid: (\d+)", text))
                # box ids and the uncore files' own ranges ("881-899,1024-2599")
                for spec in re.findall(r'\bids: "([\d,-]+)"', text):
                    for part in spec.split(","):
                        lo, _, hi = part.partition("-")
                        ids.update(range(int(lo), int(hi or lo) + 1))
        self.assertTrue({2572, 2999, 880} <= ids)
        self.assertFalse(ids & set(identity.RULE_IDS), sorted(ids & set(identity.RULE_IDS))[:10])

if __name__ == "__main__":
    unittest.main()
