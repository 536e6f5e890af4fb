#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""gen/papi/test_presets.py - unit tests of gen/papi/presets.py: the preset data's
forms become PAPI's csv lines, malformed data is refused with the file and
group, a merge keeps PAPI's table byte for byte and adds only blocks for
CPU names it lacks, a papi_events.csv is read as PAPI's loader reads it, and
a newer PAPI's blocks (facts) enter our table by the rules of papi/README.md
(tests/papi/upstream_facts.py writes those facts), and the PMUs a build
names by rule get the presets of their family's rule groups whose terms
their own tables have. Run by make check-papi-data
(tests/lib/unittest_suite.py papi-data gen/papi/test_presets.py) or python3 -m unittest."""
import os
import sys
import tempfile
import unittest

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "..", "tests", "papi"))
import presets  # noqa: E402


def load_text(text):
    with tempfile.TemporaryDirectory() as root:
        os.makedirs(os.path.join(root, "x86", "papi"))
        with open(os.path.join(root, "x86", "papi", "t.yaml"), "w") as f:
            f.write(text)
        return presets.load(root)[0]


def table_text(blocks):
    with tempfile.TemporaryDirectory() as d:
        out = os.path.join(d, "t.csv")
        presets.write_table(blocks, out)
        with open(out) as f:
            return f.read()


class Forms(unittest.TestCase):
    def test_each_form_becomes_its_papi_kind(self):
        b = load_text("groups:\n- pmus: [p]\n  presets:\n"
                      "    PAPI_TOT_INS: E:U\n"
                      "    PAPI_L1_TCM: {add: [A, B]}\n"
                      "    PAPI_BR_NTK: {sub: [A, B, C]}\n"
                      "    PAPI_FP_OPS: {postfix: 'N0|N1|2|*|+|', terms: [A, B]}\n")
        t = table_text(b)
        self.assertIn("CPU,p\n", t)
        self.assertIn("PRESET,PAPI_TOT_INS,NOT_DERIVED,E:U\n", t)
        self.assertIn("PRESET,PAPI_L1_TCM,DERIVED_ADD,A,B\n", t)
        self.assertIn("PRESET,PAPI_BR_NTK,DERIVED_SUB,A,B,C\n", t)
        self.assertIn("PRESET,PAPI_FP_OPS,DERIVED_POSTFIX,N0|N1|2|*|+|,A,B\n", t)

    def test_a_pmu_of_two_groups_gets_the_union(self):
        b = load_text("groups:\n- pmus: [p, q]\n  presets: {PAPI_TOT_INS: A}\n"
                      "- pmus: [q]\n  presets: {PAPI_TOT_CYC: B}\n")
        self.assertEqual(sorted(b["q"]), ["PAPI_TOT_CYC", "PAPI_TOT_INS"])
        self.assertEqual(sorted(b["p"]), ["PAPI_TOT_INS"])


class Refusals(unittest.TestCase):
    BAD = {
        "a preset given twice for one PMU": "groups:\n- pmus: [p]\n  presets: {PAPI_X: A}\n"
                                            "- pmus: [p]\n  presets: {PAPI_X: B}\n",
        "a name that is not PAPI's": "groups:\n- pmus: [p]\n  presets: {TOT_INS: A}\n",
        "a comma in an event": "groups:\n- pmus: [p]\n  presets: {PAPI_X: 'A,B'}\n",
        "add with one event": "groups:\n- pmus: [p]\n  presets: {PAPI_X: {add: [A]}}\n",
        "an unknown form": "groups:\n- pmus: [p]\n  presets: {PAPI_X: {mul: [A, B]}}\n",
        "postfix using a term it lacks": "groups:\n- pmus: [p]\n  presets: {PAPI_X: {postfix: 'N0|N2|+|', terms: [A, B]}}\n",
        "more terms than PAPI takes": "groups:\n- pmus: [p]\n  presets: {PAPI_X: {add: [A, B, C, D, E, F, G, H, I]}}\n",
        "an unknown key": "groups:\n- pmus: [p]\n  presets: {PAPI_X: A}\n  note: x\n",
        "no groups": "presets: {}\n",
        "a PMU name with capitals": "groups:\n- pmus: [P]\n  presets: {PAPI_X: A}\n",
        "a rule and PMUs in one group": "groups:\n- pmus: [p]\n  rule: intel\n  presets: {PAPI_X: A}\n",
        "a rule that is no family of models.yaml": "groups:\n- rule: nosuch\n  presets: {PAPI_X: A}\n",
        "first with one form": "groups:\n- pmus: [p]\n  presets: {PAPI_X: {first: [A]}}\n",
        "first beside another key": "groups:\n- pmus: [p]\n  presets: {PAPI_X: {first: [A, B], add: [C, D]}}\n",
    }

    def test_malformed_data_is_refused_with_its_file(self):
        for why, text in self.BAD.items():
            with self.subTest(why):
                with self.assertRaises(presets.DataError) as cm:
                    load_text(text)
                self.assertIn("t.yaml", str(cm.exception))


class Merge(unittest.TestCase):
    PAPI = "# papi\nCPU,a\nCPU,b\nPRESET,PAPI_TOT_INS,NOT_DERIVED,X\n#\nCPU,c\nPRESET,PAPI_TOT_CYC,NOT_DERIVED,Y\n"
    OURS = ("# ours\nCPU,b\nPRESET,PAPI_TOT_INS,NOT_DERIVED,MINE\n#\n"
            "CPU,z\nPRESET,PAPI_TOT_INS,NOT_DERIVED,Z\n#\n")

    def test_papi_table_is_kept_and_only_missing_cpus_are_added(self):
        text, added = presets.merge(self.PAPI, self.OURS)
        self.assertTrue(text.startswith(self.PAPI))
        self.assertEqual(added, 1)
        tail = text[len(self.PAPI):]
        self.assertIn("CPU,z\nPRESET,PAPI_TOT_INS,NOT_DERIVED,Z\n", tail)
        self.assertNotIn("MINE", tail)

    def test_without_a_papi_table_all_our_blocks_are_written(self):
        text, added = presets.merge("", self.OURS)
        self.assertEqual(added, 2)
        self.assertIn("CPU,b\n", text)


class PapiLoader(unittest.TestCase):
    TABLE = ("# c\nCPU,a\nCPU,B\nPRESET,PAPI_TOT_INS,NOT_DERIVED, X:U\n"
             "PRESET,PAPI_FP_OPS,DERIVED_POSTFIX,N0|N1|+|,Y,Z,NOTE,\"n\"\n"
             "CPU,b\nPRESET,PAPI_TOT_CYC,NOT_DERIVED,\tC\n"
             "CPU,POWER\nCPU,power\nPRESET,PAPI_TOT_INS,NOT_DERIVED,P\n"
             "cuda,GH100\nPRESET,PAPI_CUDA_X,NOT_DERIVED,cuda:::k\n"
             "CPU,a\nPRESET,PAPI_TOT_INS,NOT_DERIVED,LATER\n")

    def test_blocks_naming_one_cpu_add_up_as_papi_loads_them(self):
        b = presets.papi_blocks(self.TABLE)
        self.assertEqual(b["a"], [("PAPI_TOT_INS", "NOT_DERIVED", "", ["X:U"]),
                                  ("PAPI_FP_OPS", "DERIVED_POSTFIX", "N0|N1|+|", ["Y", "Z"]),
                                  ("PAPI_TOT_INS", "NOT_DERIVED", "", ["LATER"])])
        self.assertEqual([r[0] for r in b["b"]], ["PAPI_TOT_INS", "PAPI_FP_OPS", "PAPI_TOT_CYC"])
        self.assertEqual(b["b"][2][3], ["C"])

    def test_cpu_names_differing_in_case_are_one_block_read_once(self):
        self.assertEqual(presets.papi_blocks(self.TABLE)["power"], [("PAPI_TOT_INS", "NOT_DERIVED", "", ["P"])])

    def test_another_components_section_is_no_cpus(self):
        b = presets.papi_blocks(self.TABLE)
        self.assertFalse(any(r[0] == "PAPI_CUDA_X" for rows in b.values() for r in rows))

    def test_effective_block_keeps_a_presets_last_definition_in_first_place(self):
        e = presets.effective(presets.papi_blocks(self.TABLE)["a"])
        self.assertEqual(list(e), ["PAPI_TOT_INS", "PAPI_FP_OPS"])
        self.assertEqual(e["PAPI_TOT_INS"], ("NOT_DERIVED", "", ["LATER"]))


class NewerBlocks(unittest.TestCase):
    FACTS = ("#pmu\tpapi70\tpreset\tkind\tformula\tterms\n"
             "p\tlacks\tPAPI_TOT_INS\tNOT_DERIVED\t\tUP_INS\n"
             "p\tlacks\tPAPI_BR_MSP\tNOT_DERIVED\t\tWRONG_EV\n"
             "p\tlacks\tPAPI_L1_DCM\tNOT_DERIVED\t\tWRONG_EV\n"
             "p\tlacks\tPAPI_L2_DCM\tDERIVED_POSTFIX\tN0|N1|-|\tA,core::B\n"
             "p\tlacks\tPAPI_TOT_INS\tNOT_DERIVED\t\tUP_INS_LATER\n"
             "q\tlacks\tPAPI_TOT_CYC\tNOT_DERIVED\t\tQ_CYC\n"
             "h\thas\tPAPI_TOT_INS\tNOT_DERIVED\t\tH_INS\n")
    ACCEPTED = ("#pmu\tterm\tvia\treason\n"
                "p\tWRONG_EV\t-\tperf's JSON: counts something else\n"
                "p\tA\tcore\tfound in the core PMU\n")
    DATA = ("groups:\n- pmus: [p, h]\n  presets:\n"
            "    PAPI_TOT_INS: OUR_INS\n    PAPI_BR_MSP: OUR_MSP\n    PAPI_TOT_CYC: OUR_CYC\n")

    def table(self, facts=FACTS, accepted=ACCEPTED):
        with tempfile.TemporaryDirectory() as root:
            os.makedirs(os.path.join(root, "x86", "papi"))
            with open(os.path.join(root, "x86", "papi", "t.yaml"), "w") as f:
                f.write(self.DATA)
            for name, text in (("f.tsv", facts), ("a.tsv", accepted)):
                with open(os.path.join(root, name), "w") as f:
                    f.write(text)
            blocks, notes = presets.build_table(root, os.path.join(root, "f.tsv"), os.path.join(root, "a.tsv"))
            out = os.path.join(root, "t.csv")
            presets.write_table(blocks, out, notes)
            with open(out) as f:
                return {k: presets.effective(v) for k, v in presets.papi_blocks(f.read()).items()}

    def test_the_newer_block_wins_with_its_last_definition_and_ours_fills_the_rest(self):
        p = self.table()["p"]
        self.assertEqual(p["PAPI_TOT_INS"], ("NOT_DERIVED", "", ["UP_INS_LATER"]))
        self.assertEqual(p["PAPI_L2_DCM"], ("DERIVED_POSTFIX", "N0|N1|-|", ["A", "core::B"]))
        self.assertEqual(p["PAPI_TOT_CYC"], ("NOT_DERIVED", "", ["OUR_CYC"]))

    def test_a_term_listed_wrong_upstream_gives_ours_or_no_preset(self):
        p = self.table()["p"]
        self.assertEqual(p["PAPI_BR_MSP"], ("NOT_DERIVED", "", ["OUR_MSP"]))
        self.assertNotIn("PAPI_L1_DCM", p)

    def test_a_pmu_of_the_newer_table_only_gets_its_block(self):
        self.assertEqual(self.table()["q"], {"PAPI_TOT_CYC": ("NOT_DERIVED", "", ["Q_CYC"])})

    def test_a_block_papi70_has_does_not_enter_our_table(self):
        self.assertEqual(self.table()["h"]["PAPI_TOT_INS"], ("NOT_DERIVED", "", ["OUR_INS"]))

    def test_without_facts_our_table_is_our_data(self):
        self.assertEqual(self.table(facts="", accepted="")["p"]["PAPI_TOT_INS"], ("NOT_DERIVED", "", ["OUR_INS"]))

    def test_malformed_facts_are_refused_with_their_line(self):
        for why, row in (("an unknown kind", "p\tlacks\tPAPI_X\tDERIVED_MUL\t\tA\n"),
                         ("postfix without a formula", "p\tlacks\tPAPI_X\tDERIVED_POSTFIX\t\tA\n"),
                         ("neither has nor lacks", "p\tmaybe\tPAPI_X\tNOT_DERIVED\t\tA\n"),
                         ("five fields", "p\tlacks\tPAPI_X\tNOT_DERIVED\tA\n")):
            with self.subTest(why):
                with self.assertRaises(presets.DataError) as cm:
                    self.table(facts="#c\n" + row)
                self.assertIn("f.tsv:2", str(cm.exception))

    def test_facts_are_written_only_for_pmus_whose_newer_block_differs(self):
        import upstream_facts
        old = "CPU,same\nPRESET,PAPI_TOT_INS,NOT_DERIVED,I\nCPU,changed\nPRESET,PAPI_TOT_INS,NOT_DERIVED,I\n"
        new = ("CPU,same\nPRESET,PAPI_TOT_INS,NOT_DERIVED,I\n#\nCPU,changed\nPRESET,PAPI_TOT_INS,NOT_DERIVED,J\n"
               "CPU,new\nCPU,other\nPRESET,PAPI_TOT_CYC,NOT_DERIVED,C\n")
        rows = upstream_facts.facts(old, new, ["same", "changed", "new"])
        self.assertEqual(rows, [("changed", "has", "PAPI_TOT_INS", "NOT_DERIVED", "", ["J"]),
                                ("new", "lacks", "PAPI_TOT_CYC", "NOT_DERIVED", "", ["C"])])



class ByRule(unittest.TestCase):
    """The PMUs a build names by rule (its report.txt) get the presets of the
    rule groups of their architecture and converter family (models.yaml's
    rule: families, by the PMU's first identity) whose terms their own
    converted tables have; PMUs the data names keep their blocks."""
    MODELS = ("rule:\n  name: '{model}'\n  families:\n"
              "    - {identity: GenuineIntel-, family: intel, desc: 'Intel {model}'}\n"
              "    - {identity: AuthenticAMD-, family: amd-zen, desc: 'AMD {model}'}\n"
              "models: {}\n")
    DATA = ("groups:\n"
            "- pmus: [named]\n  presets:\n    PAPI_TOT_INS: OWN_INS\n"
            "- rule: intel\n  presets:\n"
            "    PAPI_TOT_INS: INST_RETIRED:ANY_P\n"
            "    PAPI_BR_MSP: BR_MISP_RETIRED:ALL_BRANCHES\n"
            "    PAPI_L2_TCM: L2_RQSTS:MISS\n"
            "    PAPI_TOT_CYC: perf::PERF_COUNT_HW_CPU_CYCLES\n"
            "- rule: intel\n  presets:\n"
            "    PAPI_L2_TCM: LONGEST_LAT_CACHE:REFERENCE\n"
            "- rule: amd-zen\n  presets:\n    PAPI_TOT_INS: RETIRED_INSTRUCTIONS\n")
    REPORT = ("note: /t/x86/mapfile.csv:4: x86/newlake has no entry in arch/x86/models.yaml: newlake_core by rule,"
              " a new PMU\n"
              "note: /t/x86/mapfile.csv:4: x86/newlake has no entry in arch/x86/models.yaml: newlake_atom by rule,"
              " a new PMU\n"
              "note: /t/x86/mapfile.csv:5: x86/oldlake has no entry in arch/x86/models.yaml: named by rule,"
              " upstream libpfm4's PMU (arch/x86/libpfm4-cpus.yaml)\n"
              "note: x86/newlake/cpu_core: PMU newlake_core, id 3300 (by rule: docs/jsontoyaml.md)\n"
              "note: x86/newlake/cpu_atom: PMU newlake_atom, id 3301 (by rule: docs/jsontoyaml.md)\n"
              "note: x86/newlake/uncore/iMC: PMU newlake_unc_imc, id 3302 (by rule: docs/jsontoyaml.md)\n"
              "note: x86/zen9: PMU zen9, id 3303 (by rule: docs/jsontoyaml.md)\n")
    PMUS = {
        # name: (type, first identity, {event: [unit masks]})
        "newlake_core": ("core", "GenuineIntel-6-C6", {"INST_RETIRED": ["ANY_P"], "BR_MISP_RETIRED": ["ALL_BRANCHES"],
                                                      "L2_RQSTS": ["MISS"], "LONGEST_LAT_CACHE": ["REFERENCE"]}),
        "newlake_atom": ("core", "GenuineIntel-6-C6", {"INST_RETIRED": ["ANY_P"], "BR_MISP_RETIRED": ["COND"],
                                                      "LONGEST_LAT_CACHE": ["REFERENCE"]}),
        "named": ("core", "GenuineIntel-6-C5", {"INST_RETIRED": ["ANY_P"]}),
        "newlake_unc_imc": ("uncore", "GenuineIntel-6-C6", {"INST_RETIRED": ["ANY_P"]}),
        "zen9": ("core", "AuthenticAMD-30-[[:xdigit:]]+", {"RETIRED_INSTRUCTIONS": []}),
    }

    def table(self, report=REPORT):
        with tempfile.TemporaryDirectory() as root:
            arch, yml = os.path.join(root, "arch"), os.path.join(root, "yaml")
            os.makedirs(os.path.join(arch, "x86", "papi"))
            os.makedirs(os.path.join(yml, "x86"))
            with open(os.path.join(arch, "x86", "models.yaml"), "w") as f:
                f.write(self.MODELS)
            with open(os.path.join(arch, "x86", "papi", "t.yaml"), "w") as f:
                f.write(self.DATA)
            with open(os.path.join(yml, "report.txt"), "w") as f:
                f.write(report)
            for name, (kind, ident, events) in self.PMUS.items():
                with open(os.path.join(yml, "x86", name + ".yaml"), "w") as f:
                    f.write("schema: 1\npmu:\n  name: %s\n  type: %s\n  arch: x86\n  match:\n    - \"%s\"\n"
                            "events:\n" % (name, kind, ident))
                    for ev, umasks in events.items():
                        f.write("  - name: %s\n    modifiers: [u, k]\n" % ev)
                        if umasks:
                            f.write("    umasks:\n" + "".join("      - name: %s\n" % u for u in umasks))
            said = []
            blocks, notes = presets.build_table(arch, yaml_dir=yml, said=said)
            out = os.path.join(root, "t.csv")
            presets.write_table(blocks, out, notes)
            with open(out) as f:
                text = f.read()
            return ({k: presets.effective(v) for k, v in presets.papi_blocks(text).items()},
                    {s_[0]: s_ for s_ in said}, text)

    def test_a_pmu_by_rule_gets_the_rules_block(self):
        b, _, text = self.table()
        self.assertEqual(b["newlake_core"], {
            "PAPI_TOT_INS": ("NOT_DERIVED", "", ["INST_RETIRED:ANY_P"]),
            "PAPI_BR_MSP": ("NOT_DERIVED", "", ["BR_MISP_RETIRED:ALL_BRANCHES"]),
            "PAPI_L2_TCM": ("NOT_DERIVED", "", ["L2_RQSTS:MISS"]),
            "PAPI_TOT_CYC": ("NOT_DERIVED", "", ["perf::PERF_COUNT_HW_CPU_CYCLES"])})
        self.assertIn("CPU,newlake_core\n# by rule (x86 intel): 4 presets\n", text)

    def test_a_preset_whose_term_the_table_lacks_is_left_out_and_said(self):
        b, said, text = self.table()
        self.assertNotIn("PAPI_BR_MSP", b["newlake_atom"])
        self.assertEqual(said["newlake_atom"][4], [("PAPI_BR_MSP", ["BR_MISP_RETIRED:ALL_BRANCHES"])])
        self.assertIn("left out, a term its table lacks: PAPI_BR_MSP (BR_MISP_RETIRED:ALL_BRANCHES)", text)

    def test_a_later_rule_group_is_the_alternative_for_a_table_lacking_the_first(self):
        b, said, _ = self.table()
        self.assertEqual(b["newlake_atom"]["PAPI_L2_TCM"], ("NOT_DERIVED", "", ["LONGEST_LAT_CACHE:REFERENCE"]))
        self.assertEqual(b["newlake_core"]["PAPI_L2_TCM"], ("NOT_DERIVED", "", ["L2_RQSTS:MISS"]))
        self.assertNotIn("PAPI_L2_TCM", dict(said["newlake_atom"][4]))

    def test_an_explicitly_named_pmu_is_unaffected(self):
        b, said, _ = self.table()
        self.assertEqual(b["named"], {"PAPI_TOT_INS": ("NOT_DERIVED", "", ["OWN_INS"])})
        self.assertNotIn("named", said)

    def test_the_family_follows_the_pmus_identity(self):
        b, said, _ = self.table()
        self.assertEqual(b["zen9"], {"PAPI_TOT_INS": ("NOT_DERIVED", "", ["RETIRED_INSTRUCTIONS"])})
        self.assertEqual(said["zen9"][1:3], ("x86", "amd-zen"))

    def test_an_uncore_pmu_by_rule_gets_no_block(self):
        self.assertNotIn("newlake_unc_imc", self.table()[0])

    def test_first_takes_the_form_the_named_pmus_table_has(self):
        saved = self.DATA
        try:
            ByRule.DATA = saved.replace("    PAPI_TOT_INS: OWN_INS\n", "    PAPI_TOT_INS: OWN_INS\n"
                                        "    PAPI_BR_MSP: {first: [{add: [OLD_A, OLD_B]}, INST_RETIRED:ANY_P]}\n"
                                        "    PAPI_L1_DCM: {first: [OLD_A, OLD_C]}\n")
            b, said, _ = self.table()
        finally:
            ByRule.DATA = saved
        self.assertEqual(b["named"]["PAPI_BR_MSP"], ("NOT_DERIVED", "", ["INST_RETIRED:ANY_P"]))
        # none fits: the first form stays (check-papi-terms then says why)
        self.assertEqual(b["named"]["PAPI_L1_DCM"], ("NOT_DERIVED", "", ["OLD_A"]))
        self.assertEqual(load_text("groups:\n- pmus: [p]\n  presets: {PAPI_X: {first: [A, B]}}\n")["p"]["PAPI_X"],
                         ("NOT_DERIVED", ["A"], ["A"]))

    def test_a_build_without_pmus_by_rule_changes_nothing(self):
        b, said, _ = self.table(report="")
        self.assertEqual(set(b), {"named"})
        self.assertEqual(said, {})

    def test_a_name_the_rule_found_taken_is_not_the_pmu_by_rule(self):
        report = self.REPORT.replace("PMU newlake_atom, id", "PMU newlake_atom_2, id") + \
            "note: x86/newlake/cpu_atom: the rule's name newlake_atom is taken: newlake_atom_2\n"
        _, said, _ = self.table(report)
        self.assertNotIn("newlake_atom", said)
