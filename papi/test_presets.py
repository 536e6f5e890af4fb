#!/usr/bin/python3
"""papi/test_presets.py - unit tests of papi/presets.py: the preset data's
forms become PAPI's csv lines, malformed data is refused with the file and
group, and a merge keeps PAPI's table byte for byte and adds only blocks for
CPU names it lacks. Run by make check-papi-terms; prints
"papi-data: N passed, N failed" and appends it to RESULTS (argument)."""
import os
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
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


if __name__ == "__main__":
    results = sys.argv[1] if len(sys.argv) > 1 else None
    r = unittest.TextTestRunner(verbosity=1).run(unittest.defaultTestLoader.loadTestsFromModule(sys.modules[__name__]))
    failed = len(r.failures) + len(r.errors)
    line = "papi-data: %d passed, %d failed" % (r.testsRun - failed, failed)
    print(line)
    if results:
        with open(results, "a") as f:
            f.write(line + "\n")
    sys.exit(1 if failed else 0)
