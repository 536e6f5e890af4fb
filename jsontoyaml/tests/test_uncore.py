# SPDX-License-Identifier: MIT
"""perf entries with an uncore Unit -> one descriptor per Unit with a PMU
record per box (uncore_perf.py): names, ids, kernel PMUs, the unit's
format, match from the core PMU, upstream libpfm4's names, the report's
reasons for Units left out, and the errors of arch/<arch>/uncore/perf-units.yaml."""
import os
import shutil

from helpers import OVERLAYS, TestCase, convert_tree, error_of, fixture, mkdtemp

OK = fixture("arch-ok")

FAMILY = """type: uncore
format: {event: "config:0-7", umask: "config:8-15"}
code_fields: [event, umask]
raw_umask: umask
perf_fields: {EventCode: event, UMask: umask, UMaskExt: umask, Invert: inv, CounterMask: thresh}
perf_attrs: [period, freq, excl, cpu, pinned]
modifiers:
  - {name: i, desc: invert, type: bool, field: inv}
  - {name: t, desc: threshold, type: int, field: thresh}
"""

UNITS = """ids: "881-889"
models:
  tiny:
    core: tiny
    family: test-uncore
    desc: Tiny
    units:
      CBOX: {name: tiny_unc_cbo, perf_pmu: uncore_cbox, boxes: 3, ids: "600,881-882",
             format: {event: "config:0-7", umask: "config:8-15,32-39", inv: "config:23",
                      thresh: "config:24-31"}}
"""

UPSTREAM = ("#pmu\tid\ttype\tevent\tumask\tcode\tucode\tflags\n"
            "tiny_unc_cbo0\t600\tuncore\tUNC_CBO_SNOOPS\t\t0x22\t\t\n"
            "tiny_unc_cbo0\t600\tuncore\tUNC_C_SNOOPS_ANY\t\t0x122\t\t\n"
            "tiny_unc_cbo0\t600\tuncore\tUNC_C_GONE\t\t0x33\t\t\n"
            "tiny_unc_cbo0\t600\tuncore\tUNC_CBO_Other\t\t0x44\t\t\n")

EXTRA = """[
    {"EventCode": "0x22", "EventName": "UNC_CBO_SNOOPS.WIDE", "Unit": "CBOX", "UMask": "0x3", "UMaskExt": "0x5",
     "BriefDescription": "Wide unit mask."},
    {"EventCode": "0x44", "EventName": "UNC_CBO_OTHER", "Unit": "CBOX", "CounterMask": "2", "Invert": "1"},
    {"EventCode": "0x01", "EventName": "UNC_ARB_X", "Unit": "ARB"}
]
"""


def tree(units=UNITS, upstream=UPSTREAM, extra=EXTRA, family=FAMILY):
    """(arch root, overlay root): the ok fixtures plus a CBOX Unit conversion."""
    d = mkdtemp()
    arch, ov = os.path.join(d, "arch"), os.path.join(d, "ov")
    shutil.copytree(OK, arch)
    shutil.copytree(OVERLAYS, ov)
    with open(os.path.join(arch, "x86", "tiny", "uncore.json"), "w") as f:
        f.write(extra)
    os.makedirs(os.path.join(ov, "x86", "uncore"))
    with open(os.path.join(ov, "x86", "family", "test-uncore.yaml"), "w") as f:
        f.write(family)
    with open(os.path.join(ov, "x86", "uncore", "perf-units.yaml"), "w") as f:
        f.write(units)
    with open(os.path.join(ov, "x86", "libpfm4-upstream-events.tsv"), "w") as f:
        f.write(upstream)
    return arch, ov


class UncoreUnitTest(TestCase):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.r = convert_tree(*tree())

    def test_a_unit_is_one_descriptor_with_a_pmu_record_per_box(self):
        p = self.r.desc["tiny_unc_cbo0"]["pmu"]
        self.assertEqual((p["id"], p["type"], p["perf_pmu"]), (600, "uncore", "uncore_cbox_0"))
        self.assertEqual([(i["name"], i["id"], i["perf_pmu"]) for i in p["instances"]],
                         [("tiny_unc_cbo1", 881, "uncore_cbox_1"), ("tiny_unc_cbo2", 882, "uncore_cbox_2")])
        self.assertEqual(p["counters"], 2)     # counter.json of the Unit

    def test_boxes_take_the_match_of_their_core_pmu(self):
        core, p = self.r.desc["tiny"]["pmu"], self.r.desc["tiny_unc_cbo0"]["pmu"]
        self.assertEqual((p["match"], p["match_priority"]), (core["match"], core["match_priority"]))

    def test_the_format_is_the_units_and_umask_ext_goes_above_the_low_byte(self):
        p = self.r.desc["tiny_unc_cbo0"]["pmu"]
        self.assertEqual(p["format"]["umask"], "config:8-15,32-39")
        self.assertEqual(self.r.umask("tiny_unc_cbo0", "UNC_CBO_SNOOPS", "WIDE")["set"], {"umask": 0x503})
        self.assertEqual(self.r.event("tiny_unc_cbo0", "UNC_CBO_Other")["set"],
                         {"event": 0x44, "inv": 1, "thresh": 2})
        self.assertEqual([m["name"] for m in p["modifiers"]], ["i", "t"])

    def test_upstream_names_resolve_with_upstream_codes(self):
        d = self.r.desc["tiny_unc_cbo0"]
        # same name: perf's event keeps its encoding, the code is upstream's
        snoops = self.r.event("tiny_unc_cbo0", "UNC_CBO_SNOOPS")
        self.assertEqual((snoops["set"], snoops.get("code", 0x22)), ({"event": 0x22}, 0x22))
        # another name with that select and code: a copy under upstream's name
        self.assertEqual(self.r.event("tiny_unc_cbo0", "UNC_C_SNOOPS_ANY")["code"], 0x122)
        # a select perf lacks: a compatibility event
        gone = self.r.event("tiny_unc_cbo0", "UNC_C_GONE")
        self.assertEqual((gone["set"], gone["flags"]), ({"event": 0x33}, ["compat"]))
        self.assertNotIn("UNC_C_GONE", [e.get("perf") for e in d["events"]])
        # a name perf spells in another case takes upstream's spelling
        self.assertEqual(self.r.event("tiny_unc_cbo0", "UNC_CBO_Other")["perf"], "UNC_CBO_OTHER")
        self.assertIn(("tiny_unc_cbo0", 4, 2, 1, 1), self.r.stats.uncore_upstream)

    def test_units_not_converted_are_reported_with_a_reason(self):
        skipped = self.r.stats.skipped["x86"]
        self.assertEqual(skipped["uncore unit not converted yet: Unit ARB"], 1)
        self.assertNotIn("uncore unit not converted yet: Unit CBOX", skipped)


# upstream's name for perf's UNC_CBO_SNOOPS, with its unit masks: WIDE's
# umask under another name, one perf lacks, and one named as perf's ALL with
# another umask (perf's keeps its name)
UPSTREAM_UMASKS = ("#pmu\tid\ttype\tevent\tumask\tcode\tucode\tflags\n"
                   "tiny_unc_cbo0\t600\tuncore\tUNC_C_REQUESTS\t\t0x22\t\t\n"
                   "tiny_unc_cbo0\t600\tuncore\tUNC_C_REQUESTS\tEVERY\t0x22\t0x503\tidx=0,dfl\n"
                   "tiny_unc_cbo0\t600\tuncore\tUNC_C_REQUESTS\tFEW\t0x22\t0x7\tidx=1\n"
                   "tiny_unc_cbo0\t600\tuncore\tUNC_C_REQUESTS\tALL\t0x22\t0x9\tidx=2\n")


class UncoreUpstreamUnitMasksTest(TestCase):
    def test_upstream_unit_masks_rename_perfs_event_and_keep_perfs_names_as_aliases(self):
        r = convert_tree(*tree(upstream=UPSTREAM_UMASKS))
        d = r.desc["tiny_unc_cbo0"]
        names = [e["name"] for e in d["events"]]
        self.assertIn("UNC_C_REQUESTS", names)
        self.assertNotIn("UNC_CBO_SNOOPS", names)
        self.assertEqual(d["pmu"]["aliases"].get("UNC_CBO_SNOOPS"), "UNC_C_REQUESTS")
        wide = r.umask("tiny_unc_cbo0", "UNC_C_REQUESTS", "EVERY")
        self.assertEqual((wide["set"], wide.get("aliases")), ({"umask": 0x503}, ["WIDE"]))
        few = r.umask("tiny_unc_cbo0", "UNC_C_REQUESTS", "FEW")
        self.assertEqual((few["set"], few["flags"]), ({"umask": 0x7}, ["compat"]))
        self.assertEqual([u["set"] for u in r.event("tiny_unc_cbo0", "UNC_C_REQUESTS")["umasks"]
                          if u["name"] == "ALL"], [{"umask": 0x1}])

    def test_without_unit_mask_rows_upstreams_name_is_an_alias_of_perfs_event(self):
        r = convert_tree(*tree(upstream=UPSTREAM_UMASKS.split("\n", 2)[0] + "\n" +
                               UPSTREAM_UMASKS.split("\n")[1] + "\n"))
        d = r.desc["tiny_unc_cbo0"]
        self.assertIn("UNC_CBO_SNOOPS", [e["name"] for e in d["events"]])
        self.assertEqual(d["pmu"]["aliases"].get("UNC_C_REQUESTS"), "UNC_CBO_SNOOPS")


class UncoreUnitSkipTest(TestCase):
    def test_not_converted_gives_its_reason_in_the_report(self):
        units = UNITS.replace("CBOX: {name", "ARB: {not_converted: no boxes yet}\n      CBOX: {name")
        r = convert_tree(*tree(units))
        self.assertEqual(r.stats.skipped["x86"]["uncore unit not converted: Unit ARB of tiny: no boxes yet"], 1)


class UncoreUnitErrorTest(TestCase):
    def test_an_id_outside_libpfm4s_and_the_uncore_ranges_is_refused(self):
        e = error_of(convert_tree, *tree(UNITS.replace('"600,881-882"', '"600,881,890"')))
        self.assertIn("id 890 is neither libpfm4's (< 768) nor in the uncore ranges", e)

    def test_ids_must_match_the_box_count(self):
        e = error_of(convert_tree, *tree(UNITS.replace('"600,881-882"', '"600,881"')))
        self.assertIn("model tiny unit CBOX: 2 ids for 3 boxes", e)

    def test_a_unit_perf_no_longer_has_is_a_warning_and_not_converted(self):
        r = convert_tree(*tree(UNITS.replace("CBOX: {name", "NOPE: {name")))
        self.assertIn("model tiny unit NOPE: perf's tables have no event of that Unit: not converted", r.warnings)
        self.assertIn("perf-units.yaml:", r.warnings)
        self.assertIn("tiny", r.desc)
        self.assertFalse([n for n in r.desc if n.startswith("tiny_unc")])

    def test_a_filter_that_names_no_field_of_the_format_stops_the_conversion(self):
        extra = EXTRA.replace('"Unit": "CBOX", "CounterMask"',
                              '"Unit": "CBOX", "Filter": "CBoFilter0[23:17]=0x3f", "CounterMask"')
        e = error_of(convert_tree, *tree(extra=extra))
        self.assertIn("UNC_CBO_OTHER: Filter 'CBoFilter0[23:17]=0x3f': 'CBoFilter0[23:17]=0x3f' is not "
                      "field=number for a field of the unit's format", e)

    def test_a_filter_on_a_format_field_wins_over_perfs_key_for_it(self):
        # perf appends the filter to the event string: thresh=5 replaces CounterMask 2
        extra = EXTRA.replace('"Unit": "CBOX", "CounterMask"',
                              '"Unit": "CBOX", "Filter": "thresh=0x5", "CounterMask"')
        r = convert_tree(*tree(extra=extra))
        self.assertEqual(r.event("tiny_unc_cbo0", "UNC_CBO_Other")["set"], {"event": 0x44, "inv": 1, "thresh": 5})

    def test_an_unknown_key_is_refused(self):
        e = error_of(convert_tree, *tree(UNITS.replace("boxes: 3,", "boxes: 3, colour: red,")))
        self.assertIn("model tiny unit CBOX: unknown key 'colour'", e)

    def test_box_ids_clashing_with_a_core_pmu_are_refused(self):
        e = error_of(convert_tree, *tree(UNITS.replace('"600,881-882"', '"900,881-882"').replace(
            'ids: "881-889"', 'ids: "881-900"')))
        self.assertIn("reuses the id", e)


# a unit whose perf UMask also carries the port mask (config:36-47 of the
# wider layout config:8-15,32-55), with perf's PortMask key for that field
WIDE_FAMILY = FAMILY.replace("CounterMask: thresh}", "CounterMask: thresh, PortMask: ch_mask}")
WIDE_UNITS = UNITS.replace('''format: {event: "config:0-7", umask: "config:8-15,32-39", inv: "config:23",
                      thresh: "config:24-31"}}''', '''format: {event: "config:0-7", umask: "config:8-15", ch_mask: "config:36-47"},
             perf_umask: "config:8-15,32-55"}''')
WIDE_EXTRA = """[
    {"EventCode": "0x88", "EventName": "UNC_CBO_PORTS.ALL", "Unit": "CBOX", "UMask": "0xf020", "PortMask": "0xff"},
    {"EventCode": "0x88", "EventName": "UNC_CBO_PORTS.P4", "Unit": "CBOX", "UMask": "0x10020", "PortMask": "0x10"}
]
"""


class UncoreWideUmaskTest(TestCase):
    def test_a_perf_key_that_covers_the_umasks_bits_for_its_field_stands(self):
        # UMask 0xf020 puts ports 0xf in ch_mask; PortMask 0xff holds them: perf ORs the terms
        r = convert_tree(*tree(WIDE_UNITS, "", WIDE_EXTRA, WIDE_FAMILY))
        self.assertEqual(r.umask("tiny_unc_cbo0", "UNC_CBO_PORTS", "ALL")["set"], {"umask": 0x20, "ch_mask": 0xff})
        self.assertEqual(r.umask("tiny_unc_cbo0", "UNC_CBO_PORTS", "P4")["set"], {"umask": 0x20, "ch_mask": 0x10})

    def test_a_umask_bit_the_perf_key_lacks_stops_the_conversion(self):
        extra = WIDE_EXTRA.replace('"UMask": "0x10020", "PortMask": "0x10"', '"UMask": "0x10020", "PortMask": "0x0f"')
        e = error_of(convert_tree, *tree(WIDE_UNITS, "", extra, WIDE_FAMILY))
        self.assertIn("UNC_CBO_PORTS.P4: UMask=0x10020 puts 0x10 in ch_mask, PortMask says 0xf", e)


RULES = """rules:
  family: test-uncore
  format: {event: "config:0-7", umask: "config:8-15"}
  units:
    ARB: {perf_pmu: uncore_arb, single: true}
    CBO2: {perf_pmu: uncore_cbox}
"""


class UncoreUnitRenamedTest(TestCase):
    """A newer tree that calls a listed Unit otherwise (Meteor Lake's CLOCK,
    perf's CNCU later) keeps the listed Unit's PMU; one kernel PMU is one
    table."""

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        units = UNITS + ('      OLDARB: {name: tiny_unc_arb, perf_pmu: uncore_arb, boxes: 1, ids: "883",\n'
                         '               format: {event: "config:0-7", umask: "config:8-15"}}\n') + RULES
        extra = EXTRA.replace('"Unit": "ARB"}', '"Unit": "ARB"},\n    {"EventCode": "0x55", '
                              '"EventName": "UNC_CBO_TWIN", "Unit": "CBO2"}')
        cls.r = convert_tree(*tree(units, extra=extra))

    def test_a_renamed_unit_on_the_same_kernel_pmu_is_the_listed_units_pmu(self):
        p = self.r.desc["tiny_unc_arb"]["pmu"]
        self.assertEqual((p["id"], p["perf_pmu"]), (883, "uncore_arb"))
        self.assertEqual([e["name"] for e in self.r.desc["tiny_unc_arb"]["events"]], ["UNC_ARB_X"])
        self.assertIn("tiny: perf's Unit ARB is the Unit OLDARB listed here (kernel PMU uncore_arb): converted as "
                      "tiny_unc_arb", self.r.stats.notes_text())
        self.assertNotIn("perf's tables have no event of that Unit", self.r.warnings)

    def test_a_unit_on_the_kernel_pmu_of_a_listed_unit_with_events_is_not_a_second_table(self):
        self.assertFalse([n for n in self.r.desc if "cbo2" in n])
        self.assertIn("tiny: Unit CBO2 is on kernel PMU uncore_cbox, Unit CBOX's (listed): its 1 events are not "
                      "converted", self.r.stats.notes_text())
