# SPDX-License-Identifier: MIT
"""The tests' temp dirs: gone after the test that made them, passed or
failed, and after the class whose setUpClass made them."""
import os
import unittest

import helpers
from helpers import TestCase, mkdtemp


class TempDirTest(TestCase):
    def run_inner(self, case):
        result = unittest.TestResult()
        unittest.TestSuite([case]).run(result)
        return result

    def test_failing_and_passing_tests_leave_no_temp_dir(self):
        made = []

        class Inner(TestCase):
            def test_fails(self):
                made.append(mkdtemp())
                self.fail("on purpose")

            def test_errors(self):
                made.append(mkdtemp())
                raise RuntimeError("on purpose")

            def test_passes(self):
                made.append(mkdtemp())
        for name in ("test_fails", "test_errors", "test_passes"):
            self.run_inner(Inner(name))
        self.assertEqual(len(made), 3)
        self.assertEqual([d for d in made if os.path.exists(d)], [])

    def test_class_dirs_live_until_the_class_is_done(self):
        seen = {}

        class Inner(TestCase):
            @classmethod
            def setUpClass(cls):
                super().setUpClass()
                cls.d = mkdtemp()

            def test_sees_it(self):
                seen["during"] = os.path.isdir(self.d)
        self.run_inner(Inner("test_sees_it"))
        self.assertTrue(seen["during"])
        self.assertFalse(os.path.exists(Inner.d))

    def test_own_dirs_go_after_this_test(self):
        d = mkdtemp()
        self.assertIn(d, helpers._made)
        self.addCleanup(lambda: self.assertTrue(os.path.isdir(d)))


if __name__ == "__main__":
    unittest.main()
