#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""gen/papi/test_presets.py - unit tests of gen/papi/presets.py: the preset data's
forms become PAPI's csv lines, malformed data is refused with the file and
group, a merge keeps PAPI's table byte for byte and adds only blocks for
CPU names it lacks, a papi_events.csv is read as PAPI's loader reads it, and
a newer PAPI's blocks (facts) enter our table by the rules of papi/README.md
(tests/papi/upstream_facts.py writes those facts). Run by make check-papi-data
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

