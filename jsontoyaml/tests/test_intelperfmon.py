# SPDX-License-Identifier: MIT
"""Intel's perfmon repository read directly (jsontoyaml/intelperfmon.py,
arch/x86/intel-perfmon.yaml), on the hand-written fixture
tests/fixtures/jsontoyaml/intel-perfmon (Intel's format: a 7-column
mapfile.csv, {"Header", "Events"} files of strings) beside the perf-style
currency tree of the same made-up models: one PMU per core type named as
the perf route names it, UMaskExt, ignored and unknown fields, the newer
version winning per model, and every malformed input stopping with its
file and line."""
import io
import json
import os
import shutil
import subprocess
import sys
from contextlib import redirect_stderr

from helpers import JSONTOYAML, REPO, TestCase, error_of, fixture, mkdtemp

import convert
import intelperfmon
from errors import Warnings

INTEL = fixture("intel-perfmon")
CUR = fixture("currency", "arch")
CUR_OV = fixture("currency", "overlays")
CLI = os.path.join(JSONTOYAML, "jsontoyaml.py")


def overlays():
    """The currency overlays with the real facts of Intel's format."""
    d = os.path.join(mkdtemp(), "overlays")
    shutil.copytree(CUR_OV, d)
    shutil.copy(os.path.join(REPO, "arch", "x86", intelperfmon.FACTS_FILE), os.path.join(d, "x86"))
    return d


class Run:
    def __init__(self, arch_root, intel_root, ov=None, only=()):
        self.out = mkdtemp()
        self.stats, self.warnings = convert.Stats(), Warnings()
        convert.convert_tree(arch_root, ov or overlays(), self.out, set(only), False, self.stats,
                             self.warnings, [], verify=True, intel_root=intel_root)
        import yaml
        self.desc = {}
        d = os.path.join(self.out, "x86")
        for name in sorted(os.listdir(d)) if os.path.isdir(d) else ():
            with open(os.path.join(d, name), encoding="utf-8") as f:
                self.desc[name[:-5]] = yaml.safe_load(f)

    def event(self, pmu, name):
        return next(e for e in self.desc[pmu]["events"] if e["name"] == name)

    def notes(self):
        return "\n".join(self.stats.notes.lines())

    def warned(self):
        return "\n".join(self.warnings.lines())


def intel_copy():
    d = os.path.join(mkdtemp(), "perfmon")
    shutil.copytree(INTEL, d)
    return d


def edit_event(root, rel, index, **fields):
    path = os.path.join(root, rel)
    with open(path, encoding="utf-8") as f:
        doc = json.load(f)
    doc["Events"][index].update(fields)
    with open(path, "w", encoding="utf-8") as f:
        json.dump(doc, f, indent=2)
    return path


class IntelAloneTest(TestCase):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.r = Run(None, INTEL)
        cls.p = Run(CUR, None, only=("tricore",))

    def test_one_pmu_per_core_type_named_as_the_perf_route_names_it(self):
        for name in ("tricore_core", "tricore_atom", "tricore_lowpower"):
            self.assertIn(name, self.r.desc)
            a, b = self.r.desc[name]["pmu"], self.p.desc[name]["pmu"]
            self.assertEqual((a["id"], a["match_unit"], a["perf_pmu"]), (b["id"], b["match_unit"], b["perf_pmu"]))
        self.assertEqual(self.r.desc["tricore_core"]["pmu"]["match"], ["GenuineIntel-6-C5", "GenuineIntel-6-C6"])
        self.assertEqual(self.r.desc["tricore_lowpower"]["pmu"]["match"], ["GenuineIntel-6-C5",
                                                                            "GenuineIntel-6-C6"])

    def test_umaskext_is_the_unit_mask_bits_above_the_low_8_as_perfs_umask(self):
        ours = self.r.event("tricore_core", "MEM_LOAD_RETIRED")
        perf = self.p.event("tricore_core", "MEM_LOAD_RETIRED")
        l1 = next(u for u in ours["umasks"] if u["name"] == "L1_HIT")
        self.assertEqual(l1["set"]["umask"], 0x101)
        self.assertEqual(l1["set"], next(u for u in perf["umasks"] if u["name"] == "L1_HIT")["set"])

    def test_fixed_counter_events_and_counter_counts_come_from_the_counter_strings(self):
        p = self.r.desc["tricore_atom"]["pmu"]
        self.assertEqual((p["counters"], p["fixed_counters"]), (8, 3))
        self.assertEqual(self.r.desc["tricore_core"]["pmu"]["counters"], 10)

    def test_ignored_fields_are_notes_unknown_ones_warnings_once(self):
        self.assertIn("Intel field CounterHTOff not used", self.r.notes())
        self.assertIn("Intel field RetirementLatencyMean not used", self.r.notes())
        self.assertIn("unknown Intel field 'NewIntelField' ignored", self.r.warned())
        self.assertEqual(self.r.warned().count("NewIntelField"), 1)

    def test_skipped_event_types_are_counted_and_never_read(self):
        skipped = self.r.stats.skipped["x86"]
        self.assertTrue(any(k.startswith("Intel mapfile rows of EventType offcore") for k in skipped))
        self.assertTrue(any(k.startswith("Intel mapfile rows of EventType metrics") for k in skipped))

    def test_the_report_says_where_each_model_came_from(self):
        report = self.r.stats.report()
        self.assertIn("source  tricore: Intel perfmon V1.02 (not in perf's tree)", report)
        self.assertIn("Intel perfmon x86/tricore V1.02", self.r.desc["tricore_core"]["pmu"]["source"])


class NewestWinsTest(TestCase):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.r = Run(CUR, INTEL)

    def test_a_newer_intel_version_replaces_perfs_model(self):
        self.assertIn("source  tricore: Intel perfmon V1.02 (perf v1 older)", self.r.stats.report())
        self.assertIn("L2_HIT", [u["name"] for u in self.r.event("tricore_core", "MEM_LOAD_RETIRED")["umasks"]])
        self.assertEqual(self.r.desc["tricore_core"]["pmu"]["match"], ["GenuineIntel-6-C[56]"])

    def test_an_older_or_equal_intel_version_leaves_perfs_model(self):
        self.assertIn("source  oldcore: perf v9 (Intel perfmon V8 not newer)", self.r.stats.report())
        self.assertIn("x86/oldcore v9", self.r.desc["oldc"]["pmu"]["source"])
        self.assertNotIn("Intel", self.r.desc["oldc"]["pmu"]["source"])

    def test_other_architectures_still_come_from_the_perf_tree(self):
        self.assertGreater(self.r.stats.arch["arm64"]["pmus"], 0)


class BrokenIntelTest(TestCase):
    """Each malformed input: one ConvertError naming the file and line."""

    def err(self, root):
        return error_of(Run, None, root)

    def test_malformed_json_names_file_line_and_column(self):
        root = intel_copy()
        path = os.path.join(root, "TRI", "events", "tricore_uncore.json")
        with open(path, "w") as f:
            f.write('{"Header": {}, "Events": [\n  {"EventName": "A",}\n]}\n')
        self.assertRegex(self.err(root), r"tricore_uncore\.json:2:\d+: invalid JSON")

    def test_not_an_object_trailing_comma_missing_events(self):
        root = intel_copy()
        path = os.path.join(root, "TRI", "events", "tricore_uncore.json")
        for text, why in (("[]", "expected a JSON object"),
                          ('{"Header": {},\n "Events": [],\n}', ":3:1: invalid JSON: trailing comma"),
                          ('{"Header": {}}', "no Events array"),
                          ('{"Header": [1], "Events": []}', "Header must be an object of strings"),
                          ('{"Events": [], "Events": []}', "key 'Events' given twice"),
                          ('{"Events": [[1]]}', "array element is not an object"),
                          ('{"Events": []} x', "extra data after the object")):
            with open(path, "w") as f:
                f.write(text)
            self.assertIn(why, self.err(root), text)

    def test_a_value_that_is_not_a_string_names_its_entry(self):
        root = intel_copy()
        edit_event(root, "TRI/events/tricore_lioncove_core.json", 1, UMask=5)
        self.assertRegex(self.err(root), r"tricore_lioncove_core\.json:\d+: CPU_CLK_UNHALTED.THREAD_P: field UMask "
                                         r"must be a string")

    def test_a_bad_number_names_its_entry(self):
        root = intel_copy()
        edit_event(root, "TRI/events/tricore_lioncove_core.json", 2, UMaskExt="0xZZ")
        self.assertRegex(self.err(root), r"tricore_lioncove_core\.json:\d+: MEM_LOAD_RETIRED.L1_HIT: field UMaskExt")

    def test_a_field_that_would_change_the_encoding_stops_the_conversion(self):
        root = intel_copy()
        path = edit_event(root, "TRI/events/tricore_lioncove_core.json", 1, Equal="1")
        e = self.err(root)
        self.assertIn(path, e)
        self.assertIn("field Equal=1 would change the encoding", e)

    def test_msrvalue_without_msrindex(self):
        root = intel_copy()
        edit_event(root, "TRI/events/tricore_lioncove_core.json", 1, MSRValue="0x10")
        self.assertIn("MSRValue 0x10 without an MSRIndex", self.err(root))

    def test_mapfile_rows(self):
        root = intel_copy()
        mf = os.path.join(root, "mapfile.csv")
        with open(mf) as f:
            head = f.readline()
        for row, why in (("GenuineIntel-6-C7,V1,/X/a.json,core\n", ":2:1: expected 7 comma-separated fields"),
                         ("GenuineIntel-6-(C7,V1,/X/a.json,core,,,\n", ":2:16: invalid identity regex"),
                         ("GenuineIntel-6-C7,V1,/../a.json,core,,,\n", ":2:22: Filename must be a path inside"),
                         ("GenuineIntel-6-C7,V1,/X/a_core.json,core,,,\n", ":2: events file X/a_core.json does "
                                                                            "not exist"),
                         ("GenuineIntel-6-C7,V1,/X/a.json,hybridcore,0x20,0x1,\n", "needs its Core Role Name")):
            with open(mf, "w") as f:
                f.write(head + row)
            self.assertIn(why, self.err(root), row)
        with open(mf, "w") as f:
            f.write("Family-model,Version,Filename,EventType\n")
        self.assertIn("not Intel's mapfile header", self.err(root))

    def test_an_unknown_event_type_is_a_warning_not_an_error(self):
        root = intel_copy()
        with open(os.path.join(root, "mapfile.csv"), "a") as f:
            f.write("GenuineIntel-6-C5,V1.02,/TRI/events/x.json,someday,,,\n")
        r = Run(None, root)
        self.assertIn("EventType 'someday' is not in", r.warned())

    def test_fuzzed_event_files_never_raise_anything_but_a_convert_error(self):
        # every truncation and every one-byte change of a small event file
        import random
        from errors import ConvertError
        src = os.path.join(INTEL, "TRI", "events", "tricore_skymont_core.json")
        with open(src, "rb") as f:
            data = f.read()
        d = mkdtemp()
        path = os.path.join(d, "f.json")
        rnd = random.Random(25)
        facts = intelperfmon.Facts(os.path.join(REPO, "arch"))
        cases = [data[:n] for n in range(0, len(data), 7)]
        cases += [data[:i] + bytes([rnd.choice(b'{}[]",:0x\\ \n\xff')]) + data[i + 1:]
                  for i in (rnd.randrange(len(data)) for _ in range(300))]
        for case in cases:
            with open(path, "wb") as f:
                f.write(case)
            try:
                _, events = intelperfmon.load_events(path)
                for e, line in events:
                    intelperfmon.to_perf(e, path, line, "core", "cpu_atom", False, facts, lambda k, m: None)
            except ConvertError as e:
                self.assertTrue(str(e).startswith(path), str(e))


class CliTest(TestCase):
    def test_cli_reads_an_intel_repository(self):
        ov = overlays()
        out = mkdtemp()
        p = subprocess.run([sys.executable, CLI, "--intel-perfmon", INTEL, "--overlay-root", ov, "--out", out,
                            "--verify"], capture_output=True, text=True, timeout=120)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertTrue(os.path.isfile(os.path.join(out, "x86", "tricore_lowpower.yaml")))
        self.assertNotIn("Traceback", p.stderr)

    def test_detects_intels_layout(self):
        self.assertTrue(intelperfmon.is_perfmon_dir(INTEL))
        self.assertFalse(intelperfmon.is_perfmon_dir(os.path.join(CUR, "x86")))


class Libpfm4SyntaxNamesTest(TestCase):
    """Cascade Lake-X's OFFCORE_RESPONSE:request=...:response=... entries:
    Intel's deprecated names of the OCR events their description refers to."""

    NEW = {"EventName": "OCR.DEMAND_DATA_RD.ANY", "EventCode": "0xB7, 0xBB", "UMask": "0x01",
           "MSRIndex": "0x1a6,0x1a7", "MSRValue": "0x10001"}

    def old(self, **kw):
        e = {"EventName": "OFFCORE_RESPONSE:request=DEMAND_DATA_RD:response=ANY", "EventCode": "0xB7,0xBB",
             "UMask": "0x01", "MSRIndex": "0x1a6, 0x1a7", "MSRValue": "0x10001",
             "BriefDescription": "This event is deprecated. Refer to new event OCR.DEMAND_DATA_RD.ANY"}
        e.update(kw)
        return e

    def test_a_deprecated_name_of_an_event_with_the_same_encoding_is_that_event(self):
        self.assertTrue(intelperfmon.duplicate_of_new(self.old(), {self.NEW["EventName"]: self.NEW}))

    def test_a_deprecated_name_encoding_otherwise_is_not(self):
        self.assertFalse(intelperfmon.duplicate_of_new(self.old(MSRValue="0x20001"),
                                                       {self.NEW["EventName"]: self.NEW}))

    def test_a_deprecated_name_whose_new_event_is_missing_is_not(self):
        self.assertFalse(intelperfmon.duplicate_of_new(self.old(), {}))
        self.assertFalse(intelperfmon.duplicate_of_new(self.old(BriefDescription="x"),
                                                       {self.NEW["EventName"]: self.NEW}))


class PerfOnlyUnitsTest(TestCase):
    """A model Intel's repository gives keeps the uncore Units only perf's
    directory of it has (convert._with_perf_units): Alder Lake's free-running
    memory counters; of a Unit perf alone has that the uncore overlay does
    not list, an event Intel has under another Unit stays Intel's."""

    def files(self, listed):
        d = mkdtemp()
        os.makedirs(os.path.join(d, "x86", "m"))
        with open(os.path.join(d, "x86", "m", "uncore.json"), "w") as f:
            json.dump([{"EventName": "UNC_FREE", "EventCode": "0xff", "UMask": "0x20", "Unit": "imc_free_running_0"},
                       {"EventName": "UNC_CLOCK.SOCKET", "EventCode": "0xff", "Unit": "cbox_0"},
                       {"EventName": "UNC_OWN", "EventCode": "0x1", "Unit": "cbox_0"},
                       {"EventName": "UNC_M_X", "EventCode": "0x5", "Unit": "iMC"},
                       {"EventName": "CORE_X", "EventCode": "0x3c"}], f)
        intel = [("intel.json", [({"EventName": "UNC_CLOCK.SOCKET", "EventCode": "0x0", "Unit": "CLOCK"}, 3),
                                 ({"EventName": "UNC_FREE", "EventCode": "0x0", "Unit": "IMC"}, 4)])]
        fn = convert._with_perf_units(lambda: list(intel), "x86", os.path.join(d, "x86"), "m",
                                      lambda u: u in (None, "cpu"), listed, convert.Stats())
        return [e["EventName"] + "/" + e["Unit"] for _, es in fn()[1:] for e, _ in es]

    def test_perfs_own_units_are_kept_beside_intels_files(self):
        self.assertEqual(self.files({"imc_free_running_0"}), ["UNC_FREE/imc_free_running_0", "UNC_OWN/cbox_0"])

    def test_an_event_intel_has_under_another_unit_is_intels_unless_the_unit_is_listed(self):
        self.assertEqual(self.files(set()), ["UNC_OWN/cbox_0"])


class FilterRegisterTest(TestCase):
    """An uncore event's FILTER_VALUE goes to config1 where its filter
    register sits (arch/x86/intel-perfmon.yaml filter_registers): Skylake-X
    CHA's Filter1 is config1:32-63, as the kernel lays it out."""

    def convert(self, reg):
        facts = intelperfmon.Facts(os.path.join(REPO, "arch"))
        e = {"EventName": "UNC_CHA_TOR_INSERTS.IA_HIT_RFO", "EventCode": "0x35", "UMask": "0x11", "Unit": "CHA",
             "Filter": reg, "FILTER_VALUE": "0x40033"}
        return intelperfmon.to_perf(e, "x.json", 7, "uncore", None, False, facts, lambda k, m: None, "skylakex")

    def test_filter1_is_the_high_half_of_config1(self):
        self.assertEqual(self.convert("Filter1")["Filter"], "config1=0x4003300000000")

    def test_filter0_is_the_low_half(self):
        self.assertEqual(self.convert("Filter0")["Filter"], "config1=0x40033")

    def test_a_register_the_facts_do_not_place_stops_with_file_and_line(self):
        self.assertIn("x.json:7", error_of(self.convert, "Filter7"))
