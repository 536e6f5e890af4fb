# SPDX-License-Identifier: MIT
"""test_accepted.py - the list of accepted differences from libpfm4 4.13
(tests/diff/accepted.py) refuses a row whose reason admits pmuplug is wrong:
such a difference is a bug to fix, not a difference to accept."""
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import accepted  # noqa: E402


class AcceptedReasons(unittest.TestCase):
    def load(self, row):
        with tempfile.NamedTemporaryFile("w", suffix=".tsv", delete=False) as f:
            f.write("# a comment\n" + row + "\n")
        self.addCleanup(os.unlink, f.name)
        return accepted.Accepted(path=f.name, derived=None)

    def test_reason_saying_pmuplug_is_wrong_is_refused(self):
        for why in ("pmuplug is wrong: libpfm4 4.13 puts ff in the band's byte",
                    "libpfm4 keeps the value; pmuplug encodes it wrong",
                    "a pmuplug bug: the field is misplaced"):
            with self.subTest(why=why), self.assertRaises(SystemExit) as cm:
                self.load("x_pcu\tEV*\t" + why)
            self.assertIn("pmuplug is wrong", str(cm.exception))

    def test_reason_saying_libpfm4_is_wrong_is_accepted(self):
        a = self.load("x_pcu\tEV*\tlibpfm4 4.13 is wrong; pmuplug follows perf")
        self.assertEqual(a.reason("x_pcu", "ev:ff=1"), "libpfm4 4.13 is wrong; pmuplug follows perf")

    def kind(self, kind, reason, lib, ours, umask_key=None, equivs=None):
        """explain(pmu, string[, lib, ours]) of the list holding the one row
        `*  @kind  reason`, libpfm4's answer lib and ours (pfmdump's lines) unless
        given; umask_key: a unit mask's value by its name, for the repeat kinds;
        equivs: an event's equivalent's unit-mask terms by the event's name."""
        from rundiff import Result
        a = self.load("*\t@%s\t%s" % (kind, reason))
        if umask_key:
            a.umask_key = lambda pmu, ev, t: umask_key.get(t.upper())
        if equivs:
            a.equiv_terms = lambda pmu, ev: equivs.get(ev.upper(), [])
        return lambda pmu, s, lib=lib, ours=ours: a.explain(pmu, s, Result(lib), Result(ours))

    def test_value_past_64_bits_refused_by_pmuplug_alone_is_the_overflow_kind(self):
        explain = self.kind("value-overflow", "libpfm4 4.13 ignores strtoull's ERANGE",
                            "s\tN\t-8\tX\t0\t4 c0 0 0 40420 18446744073709551615 0 -1\t-", "s\tN\t-8\tX\t-9")
        self.assertTrue(explain("skx", "INST_RETIRED:ANY_P:period=0x10000000000000000"))
        self.assertIsNone(explain("skx", "INST_RETIRED:ANY_P:period=0xffffffffffffffff"))

    def test_unit_mask_named_three_times_refused_by_libpfm4_alone_is_the_repeat_kind(self):
        explain = self.kind("repeated-umask", "libpfm4 4.13 removes one repetition only", "s\tN\t-5\tX\t-5",
                            "s\tN\t0\t1\t5100c0\t-\tX\t0\t4 c0 0 0 40020 0 0 -1\t-")
        self.assertTrue(explain("skx", "INST_RETIRED:ANY_P:ANY_P:any_p"))
        self.assertIsNone(explain("skx", "INST_RETIRED:ANY_P:ANY_P"))

    def test_unit_mask_of_the_events_equivalent_named_twice_more_is_the_repeat_kind(self):
        explain = self.kind("repeated-umask", "libpfm4 4.13 removes one repetition only", "s\tN\t-5\tX\t-5",
                            "s\tN\t0\t1\t5300c4\t-\tX\t0\t4 c4 0 0 40000 0 0 -1\t-",
                            equivs={"BRANCH_INSTRUCTIONS_RETIRED": ["ANY"]})
        self.assertTrue(explain("slm", "BRANCH_INSTRUCTIONS_RETIRED:ANY:ANY"))
        self.assertIsNone(explain("slm", "BR_INST_RETIRED:ANY:ANY"))

    def test_extra_zero_codes_of_libpfm4_alone_are_the_zero_code_kind(self):
        explain = self.kind("zero-code", "libpfm4 returns its register whole", "s\tN\t0\t2\t805,0\t-\tX\t-1",
                            "s\tN\t0\t1\t805\t-\tX\t-1")
        self.assertTrue(explain("skx_unc_upi0", "UNC_UPI_RXL_BASIC_HDR_MATCH:REQ"))
        self.assertIsNone(explain("skx_unc_upi0", "UNC_UPI_RXL_BASIC_HDR_MATCH:REQ:dnid=1",
                                  "s\tN\t0\t2\t805,42100\t-\tX\t-1", "s\tN\t0\t2\t805,2100\t-\tX\t-1"))
        self.assertIsNone(explain("skx_unc_upi0", "UNC_UPI_RXL_BASIC_HDR_MATCH:REQ",
                                  "s\tN\t0\t2\t806,0\t-\tX\t-1"))
        # on a host with the kernel PMU, the cpu may differ as @cpu too
        self.assertTrue(explain("skx_unc_upi0", "UNC_UPI_RXL_BASIC_HDR_MATCH:REQ",
                                "s\tN\t0\t2\t805,0\t-\tX\t0\t20 805 0 0 0 0 0 -1\t-",
                                "s\tN\t0\t1\t805\t-\tX\t0\t20 805 0 0 0 0 0 0\t-"))
        self.assertIsNone(explain("skx_unc_upi0", "UNC_UPI_RXL_BASIC_HDR_MATCH:REQ",
                                  "s\tN\t0\t2\t805,0\t-\tX\t0\t20 805 0 0 0 0 0 -1\t-",
                                  "s\tN\t0\t1\t805\t-\tX\t0\t20 806 0 0 0 0 0 0\t-"))

    def test_three_unit_masks_of_one_umask_value_refused_by_libpfm4_alone_is_the_repeat_kind(self):
        explain = self.kind("repeated-umask", "libpfm4 4.13 removes one repetition only", "s\tN\t-5\tX\t-5",
                            "s\tN\t0\t1\t5101c0\t-\tX\t0\t4 1c0 0 0 40020 0 0 -1\t-",
                            umask_key={"ALL": 1, "PREC_DIST": 1, "ANY_P": 0})
        self.assertTrue(explain("skx", "INST_RETIRED:ALL:ALL:PREC_DIST"))
        self.assertIsNone(explain("skx", "INST_RETIRED:ALL:ANY_P:PREC_DIST"))

    def test_modifier_given_three_times_refused_by_one_side_is_the_repeated_modifier_kind(self):
        explain = self.kind("repeated-modifier", "libpfm4 4.13 checks the first repetition only",
                            "s\tN\t0\t1\t25100c0\t-\tX\t0\t4 20000c0 0 0 40020 0 0 -1\t-", "s\tN\t-10\tX\t-10")
        self.assertTrue(explain("skx", "INST_RETIRED:ANY_P:c=1:c=1:c=2"))
        self.assertIsNone(explain("skx", "INST_RETIRED:ANY_P:c=1:c=2"))
        freq_ours = "s\tN\t-8\tX\t0\t4 c0 0 0 40420 16 0 -1\t-"
        self.assertTrue(explain("skl", "INST_RETIRED:ANY_P:freq=16:freq=16:freq=16", "s\tN\t-8\tX\t-9", freq_ours))
        other = "s\tN\t-8\tX\t0\t4 c1 0 0 40420 16 0 -1\t-"
        self.assertIsNone(explain("skl", "INST_RETIRED:ANY_P:freq=16:freq=16:freq=16", other, freq_ours))

    def test_value_against_an_unchecked_preset_is_the_preset_kind(self):
        explain = self.kind("preset-unchecked", "libpfm4 4.13 checks a named unit mask's preset only",
                            "s\tN\t0\t1\t3510114\t-\tX\t0\t4 3000114 0 0 40020 0 0 -1\t-", "s\tN\t-10\tX\t-10",
                            umask_key={"DIVIDER_ACTIVE": 1, "A": 1, "B": 2, "C": 4})
        self.assertTrue(explain("skx", "ARITH:c=2"))
        self.assertTrue(explain("bdw", "IDQ:A:B:C"))
        self.assertTrue(explain("atom", "UOPS_RETIRED:STALLS:c=3"))
        self.assertIsNone(explain("skx", "ARITH:c=2", lib="s\tN\t-9\tX\t-9"))

    def test_row_starting_with_a_tilde_is_a_regular_expression_of_the_whole_string(self):
        a = self.load("spr\t~INST_RETIRED([:.](u|c)(=[^:.]*)?)*\tlibpfm4 4.13's default unit mask differs")
        self.assertTrue(a.reason("spr", "INST_RETIRED:c=1:u"))
        self.assertTrue(a.reason("spr", "inst_retired"))
        self.assertIsNone(a.reason("spr", "INST_RETIRED:ANY_P:c=1"))

    def test_committed_list_admits_no_pmuplug_bug(self):
        rows = accepted.Accepted().rows
        self.assertTrue(rows)
        self.assertEqual([r for r in rows if accepted.pmuplug_wrong(r[2])], [])


if __name__ == "__main__":
    unittest.main()
