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

    def test_value_past_64_bits_refused_by_pmuplug_alone_is_the_overflow_kind(self):
        from rundiff import Result
        a = self.load("*\t@value-overflow\tlibpfm4 4.13 ignores strtoull's ERANGE")
        lib = Result("s\tN\t-8\tX\t0\t4 c0 0 0 40420 18446744073709551615 0 -1\t-")
        ours = Result("s\tN\t-8\tX\t-9")
        self.assertTrue(a.explain("skx", "INST_RETIRED:ANY_P:period=0x10000000000000000", lib, ours))
        self.assertIsNone(a.explain("skx", "INST_RETIRED:ANY_P:period=0xffffffffffffffff", lib, ours))

    def test_unit_mask_named_three_times_refused_by_libpfm4_alone_is_the_repeat_kind(self):
        from rundiff import Result
        a = self.load("*\t@repeated-umask\tlibpfm4 4.13 removes one repetition only")
        lib = Result("s\tN\t-5\tX\t-5")
        ours = Result("s\tN\t0\t1\t5100c0\t-\tX\t0\t4 c0 0 0 40020 0 0 -1\t-")
        self.assertTrue(a.explain("skx", "INST_RETIRED:ANY_P:ANY_P:any_p", lib, ours))
        self.assertIsNone(a.explain("skx", "INST_RETIRED:ANY_P:ANY_P", lib, ours))

    def test_committed_list_admits_no_pmuplug_bug(self):
        rows = accepted.Accepted().rows
        self.assertTrue(rows)
        self.assertEqual([r for r in rows if accepted.pmuplug_wrong(r[2])], [])


if __name__ == "__main__":
    unittest.main()
