# SPDX-License-Identifier: MIT
"""perf-units.yaml's box0_units (perf Units whose events only box 0 of a
unit counts: the client C-box's fixed counter, perf's cbox_0) and
field_aliases (the kernel's name of a family field: the client boxes'
cmask for thresh), in uncore_perf.py."""
from helpers import TestCase, convert_tree, error_of
from test_uncore import tree

UNITS = """ids: "881-889"
field_aliases: {cmask: thresh}
models:
  tiny:
    core: tiny
    family: test-uncore
    desc: Tiny
    units:
      CBOX: {name: tiny_unc_cbo, perf_pmu: uncore_cbox, boxes: 3, ids: "881-883",
             format: {event: "config:0-7", umask: "config:8-15", inv: "config:23", cmask: "config:24-28"},
             box0_units: [cbox_0, CLOCK]}
"""

EXTRA = """[
    {"EventCode": "0x22", "EventName": "UNC_CBO_SNOOPS.ANY", "Unit": "CBOX", "UMask": "0x3"},
    {"EventCode": "0x44", "EventName": "UNC_CBO_OTHER", "Unit": "CBOX", "CounterMask": "2"},
    {"EventCode": "0xff", "EventName": "UNC_CLOCK.SOCKET", "Unit": "cbox_0", "Counter": "FIXED"},
    {"EventCode": "0xff", "EventName": "UNC_CLOCK.SOCKET", "Unit": "CLOCK", "Counter": "FIXED",
     "BriefDescription": "Another description of the same counter."},
    {"EventCode": "0x01", "EventName": "UNC_ARB_X", "Unit": "ARB"}
]
"""


def names(r, pmu):
    return sorted(e["name"] for e in r.desc[pmu]["events"])


class UncoreBox0Test(TestCase):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.r = convert_tree(*tree(UNITS, upstream="", extra=EXTRA))

    def test_box_0_is_a_descriptor_of_its_own_with_the_events_of_its_box0_units(self):
        p0 = self.r.desc["tiny_unc_cbo0"]["pmu"]
        self.assertEqual((p0["id"], p0["perf_pmu"]), (881, "uncore_cbox_0"))
        self.assertNotIn("instances", p0)
        self.assertEqual(names(self.r, "tiny_unc_cbo0"), ["UNC_CBO_OTHER", "UNC_CBO_SNOOPS", "UNC_CLOCK"])
        self.assertIn("Unit CBOX, cbox_0, CLOCK", p0["source"])

    def test_the_other_boxes_share_one_descriptor_without_them(self):
        p1 = self.r.desc["tiny_unc_cbo1"]["pmu"]
        self.assertEqual((p1["id"], p1["perf_pmu"]), (882, "uncore_cbox_1"))
        self.assertEqual([(i["name"], i["id"], i["perf_pmu"]) for i in p1["instances"]],
                         [("tiny_unc_cbo2", 883, "uncore_cbox_2")])
        self.assertEqual(names(self.r, "tiny_unc_cbo1"), ["UNC_CBO_OTHER", "UNC_CBO_SNOOPS"])

    def test_an_event_two_box0_units_give_alike_is_kept_once_with_a_note(self):
        clock = self.r.event("tiny_unc_cbo0", "UNC_CLOCK")
        self.assertEqual([u["name"] for u in clock["umasks"]], ["SOCKET"])
        self.assertTrue(any("UNC_CLOCK.SOCKET of Unit CLOCK is the event of Unit cbox_0" in n
                            for n in self.r.stats.notes.lines()))

    def test_box0_units_are_converted_not_reported_as_skipped(self):
        skipped = self.r.stats.skipped["x86"]
        for u in ("cbox_0", "CLOCK", "CBOX"):
            self.assertNotIn("uncore unit not converted yet: Unit %s" % u, skipped)
        self.assertEqual(skipped["uncore unit not converted yet: Unit ARB"], 1)

    def test_a_kernel_field_alias_takes_perfs_key_and_the_modifier_of_the_family_field(self):
        p = self.r.desc["tiny_unc_cbo1"]["pmu"]
        self.assertEqual(self.r.event("tiny_unc_cbo1", "UNC_CBO_OTHER")["set"], {"event": 0x44, "cmask": 2})
        self.assertEqual([(m["name"], m["field"]) for m in p["modifiers"]], [("i", "inv"), ("t", "cmask")])
        self.assertNotIn("thresh", p["format"])


class UncoreBox0ErrorTest(TestCase):
    def test_the_same_name_with_another_encoding_is_an_error(self):
        extra = EXTRA.replace('"Unit": "CLOCK", "Counter"', '"Unit": "CLOCK", "UMask": "0x1", "Counter"')
        e = error_of(convert_tree, *tree(UNITS, upstream="", extra=extra))
        self.assertIn("UNC_CLOCK.SOCKET of Unit CLOCK encodes otherwise than the one of Unit cbox_0", e)

    def test_a_box0_unit_that_is_also_a_unit_is_refused(self):
        units = UNITS.replace("    units:\n", "    units:\n      CLOCK: {not_converted: elsewhere}\n")
        e = error_of(convert_tree, *tree(units, upstream="", extra=EXTRA))
        self.assertIn("box0_units: CLOCK is a unit of its own or another's", e)

    def test_a_box0_unit_perf_no_longer_has_is_a_warning_not_an_error(self):
        units = UNITS.replace("[cbox_0, CLOCK]", "[cbox_0, NOPE]")
        r = convert_tree(*tree(units, upstream="", extra=EXTRA))
        self.assertIn("box0_units: perf's tables have no event of Unit NOPE", r.warnings)
        self.assertIn("perf-units.yaml:", r.warnings)
