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

    def test_committed_list_admits_no_pmuplug_bug(self):
        rows = accepted.Accepted().rows
        self.assertTrue(rows)
        self.assertEqual([r for r in rows if accepted.pmuplug_wrong(r[2])], [])


if __name__ == "__main__":
    unittest.main()
