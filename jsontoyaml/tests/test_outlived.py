# SPDX-License-Identifier: MIT
"""libpfm4-names overlay facts derived from an older perf table that a newer
one contradicts (docs/compat.md, "Overlays older than perf's data"): each is
a warning naming the overlay line, never a stop; perf's name gets perf's new
encoding; libpfm4's name keeps the overlay's encoding only where that is
libpfm4's own. Fixture: tests/fixtures/jsontoyaml/currency (x86/oldcore and
overlays/x86/libpfm4-names/oldc.yaml)."""
import os

from helpers import TestCase, convert_tree, fixture

import transforms

CUR = fixture("currency", "arch")
CUR_OV = fixture("currency", "overlays")
NAMES = os.path.join(CUR_OV, "x86", "libpfm4-names", "oldc.yaml")


class OutlivedOverlayTest(TestCase):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.r = convert_tree(CUR, CUR_OV, only=["oldcore"], tmods=transforms.load(("libpfm4_names",)))

    def test_the_conversion_does_not_stop_and_writes_the_pmu(self):
        # (and the fixture's upstream libpfm4 PMU, which no converted model names)
        self.assertEqual(sorted(self.r.desc), ["fam1ah_zen9", "oldc"])

    def test_libpfm4s_own_encoding_stays_and_perfs_name_gets_perfs_new_one(self):
        u = self.r.umask("oldc", "UOPS_ISSUED", "SLOW_LEA")
        self.assertEqual((u["set"], u["flags"]), ({"umask": 0x20}, ["compat"]))
        self.assertNotIn("perf", u)
        perf = self.r.umask("oldc", "UOPS_ISSUED", "SLOW_LEA_PERF")
        self.assertEqual((perf["set"], perf["perf"]), ({"umask": 0x40}, "UOPS_ISSUED.SLOW_LEA"))
        self.assertEqual(self.r.desc["oldc"]["pmu"]["aliases"]["UOPS_ISSUED.SLOW_LEA"], "UOPS_ISSUED:SLOW_LEA_PERF")

    def test_a_contradicted_encoding_is_a_warning_with_the_overlay_line(self):
        self.assertIn("%s:12: oldc: UOPS_ISSUED:SLOW_LEA: perf's UOPS_ISSUED.SLOW_LEA encodes {'event': 14, "
                      "'umask': 64}, the overlay {'event': 14, 'umask': 32}: libpfm4's name keeps libpfm4's "
                      "encoding, perf's name perf's" % NAMES, self.r.warnings)

    def test_an_encoding_the_overlay_took_from_perf_follows_perfs_newer_one(self):
        u = self.r.umask("oldc", "UOPS_ISSUED", "STALL_CYCLES")
        self.assertEqual((u["set"], u["perf"]), ({"umask": 0x1, "inv": 0x1, "cmask": 0x2}, "UOPS_ISSUED.STALL_CYCLES"))
        self.assertIn("%s:13: oldc: UOPS_ISSUED:STALL_CYCLES: " % NAMES, self.r.warnings)
        self.assertIn("which came from an older perf table (libpfm4's own code differs, %s:2): libpfm4's name "
                      "follows perf's" % os.path.join(CUR_OV, "x86", "libpfm4-names", "upstream-differences.tsv"),
                      self.r.warnings)

    def test_a_perf_event_that_is_gone_leaves_a_compatibility_entry_and_a_warning(self):
        u = self.r.umask("oldc", "UOPS_ISSUED", "FLAGS_MERGE")
        self.assertEqual((u["set"], u["flags"]), ({"umask": 0x10}, ["compat"]))
        self.assertIn("%s:14: oldc: UOPS_ISSUED:FLAGS_MERGE: perf event UOPS_ISSUED.FLAGS_MERGE is not in perf's "
                      "x86/oldcore tables any more: kept as a compatibility entry" % NAMES, self.r.warnings)

    def test_entries_perf_still_agrees_with_are_unchanged(self):
        u = self.r.umask("oldc", "UOPS_ISSUED", "ANY")
        self.assertEqual((u["set"], u["perf"], u.get("default")), ({"umask": 0x1}, "UOPS_ISSUED.ANY", True))
        self.assertNotIn("UOPS_ISSUED:ANY:", self.r.warnings)
