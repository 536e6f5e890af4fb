# SPDX-License-Identifier: MIT
"""The transform hooks: order, missing modules skipped, what ctx holds, that
a transform's result is validated, and how its errors and crashes read."""
import os
import shutil
import subprocess
import sys
import types
import unittest

from helpers import JSONTOYAML, OVERLAYS, TestCase, convert_tree, error_of, fixture, mkdtemp

import transforms

OK = fixture("arch-ok")


def fake(name, fn):
    m = types.ModuleType("transforms." + name)
    m.apply = fn
    sys.modules["transforms." + name] = m
    return m


class HookTest(TestCase):
    def tearDown(self):
        for k in [k for k in sys.modules if k.startswith("transforms.t_")]:
            del sys.modules[k]

    def test_documented_order(self):
        self.assertEqual(transforms.ORDER, ("offcore", "libpfm4_names", "libpfm4_upstream"))

    def test_missing_modules_are_skipped_and_order_kept(self):
        a = fake("t_a", lambda d, c: None)
        b = fake("t_b", lambda d, c: None)
        self.assertEqual(transforms.load(("t_b", "t_missing", "t_a")), [b, a])

    def test_context_and_order_of_calls(self):
        calls = []

        def first(desc, ctx):
            calls.append(("first", ctx.pmu, desc["pmu"]["name"]))
            desc["events"][0]["desc"] = "changed by first"

        def second(desc, ctx):
            calls.append(("second", ctx.pmu, desc["events"][0]["desc"]))
            if ctx.pmu == "tiny":
                self.ctx = ctx
        fake("t_first", first)
        fake("t_second", second)
        run = convert_tree(OK, tmods=transforms.load(("t_first", "t_second")))
        self.assertEqual(calls[:2], [("first", "core1_a", "core1_a"), ("second", "core1_a", "changed by first")])
        c = self.ctx
        self.assertEqual((c.arch, c.model_dir, c.unit, c.overlay_root), ("x86", "tiny", None, OVERLAYS))
        names = sorted(e["EventName"] for e in c.perf_events)
        self.assertEqual(len(names), 14)
        self.assertNotIn("UNC_CBO_SNOOPS", names)
        ofc = next(e for e in c.perf_events if e["EventName"] == "OFFCORE_RESPONSE.DEMAND_DATA_RD.ANY_RESPONSE")
        self.assertEqual((ofc["EventCode"], ofc["MSRIndex"], ofc["MSRValue"]), ([0xb7, 0xbb], [0x1a6, 0x1a7], 0x10001))
        self.assertEqual((ofc["_file"], ofc["_line"]), (fixture("arch-ok", "x86", "tiny", "cache.json"), 9))
        self.assertEqual(run.desc["tiny"]["events"][0]["desc"], "changed by first")

    def test_hybrid_context_names_the_unit(self):
        units = {}
        fake("t_u", lambda d, c: units.__setitem__(c.pmu, (c.unit, len(c.perf_events))))
        convert_tree(OK, only=["hybrid"], tmods=transforms.load(("t_u",)))
        self.assertEqual(units, {"hyb_big": ("cpu_core", 1), "hyb_small": ("cpu_atom", 2)})

    def test_ctx_error_stops_with_file_and_line(self):
        fake("t_err", lambda d, c: c.error("cannot place X", "ov.yaml", 7))
        self.assertEqual(error_of(convert_tree, OK, tmods=transforms.load(("t_err",))),
                         "ov.yaml:7: core1_a: cannot place X")

    def test_invalid_result_is_refused_with_the_reason(self):
        fake("t_bad", lambda d, c: d["events"][0]["set"].update(nosuch=1))
        msg = error_of(convert_tree, OK, tmods=transforms.load(("t_bad",)))
        self.assertIn("model vendor/core1: descriptor is not valid schema v1:", msg)
        self.assertIn("core1_a: event BR_COND: set: no format field 'nosuch'", msg)

    def test_crash_is_reported_where_it_happened(self):
        def boom(desc, ctx):
            return {}["missing"]
        fake("t_crash", boom)
        msg = error_of(convert_tree, OK, tmods=transforms.load(("t_crash",)))
        self.assertRegex(msg, r"test_transforms\.py:\d+: transform t_crash crashed on PMU core1_a: KeyError: 'missing'")

    def test_ctx_warn_is_collected(self):
        fake("t_w", lambda d, c: c.warn("odd thing", "f.yaml", 2))
        run = convert_tree(OK, only=["tiny"], tmods=transforms.load(("t_w",)))
        self.assertIn("warning: f.yaml:2: tiny: odd thing", run.warnings)


class OffcoreMsrsFileTest(TestCase):
    def msrs_file(self, text):
        root = mkdtemp()
        os.makedirs(os.path.join(root, "x86", "offcore"))
        path = os.path.join(root, "x86", "offcore", "msrs.yaml")
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        return root, path

    def test_a_malformed_msr_entry_is_reported_at_its_line(self):
        from transforms import offcore
        root, path = self.msrs_file("field: offcore_rsp\nperf_prefixes: [OCR.]\nrequest_bits: 0xffff\n"
                                    "msrs:\n  - {msr: 0x1a6, event: OFFCORE_RESPONSE_0}\n")
        self.assertEqual(error_of(offcore.load_msrs, root, "x86"),
                         path + ":5: an MSR is {msr: 0xN, event: NAME, desc: TEXT[, shared_code_umask: 0xN]}")

    def test_a_missing_key_is_an_error(self):
        from transforms import offcore
        root, path = self.msrs_file("field: offcore_rsp\nrequest_bits: 0xffff\nmsrs: []\n")
        self.assertEqual(error_of(offcore.load_msrs, root, "x86"),
                         path + ":1: keys must be field, msrs, perf_prefixes, request_bits")


# a libpfm4-names overlay whose INST_RETIRED (no unit masks, event 0xc0)
# clashes with perf's INST_RETIRED.ANY / .ANY_P of the fixture model tiny
TINY_NAMES = """pmu: tiny
perf: x86/tiny
events:
- name: INST_RETIRED
  code: 0xc0
  set: {event: 0xc0}
  compat: true
"""


class KnownClashTest(TestCase):
    def overlays(self, clashes=None):
        root = os.path.join(mkdtemp(), "arch")
        shutil.copytree(OVERLAYS, root)
        os.makedirs(os.path.join(root, "x86", "libpfm4-names"))
        with open(os.path.join(root, "x86", "libpfm4-names", "tiny.yaml"), "w", encoding="utf-8") as f:
            f.write(TINY_NAMES)
        if clashes is not None:
            with open(os.path.join(root, "x86", "libpfm4-clashes.yaml"), "w", encoding="utf-8") as f:
                f.write(clashes)
        return root

    def convert(self, root):
        return convert_tree(OK, overlay_root=root, only=["tiny"], tmods=transforms.load(("libpfm4_names",)))

    def test_an_unlisted_clash_is_a_warning(self):
        root = self.overlays()
        run = self.convert(root)
        self.assertIn("warning: tiny: perf event INST_RETIRED encodes unlike libpfm4's event of that name:"
                      " kept as INST_RETIRED_PERF (not a known clash: if it is right, list it with the"
                      " reason in %s/x86/libpfm4-clashes.yaml)" % root, run.warnings)
        self.assertEqual(run.stats.notes_text(), "")
        self.assertIn("INST_RETIRED_PERF", [e["name"] for e in run.desc["tiny"]["events"]])

    def test_a_listed_clash_is_a_note_not_a_warning(self):
        root = self.overlays("- why: test\n  tiny: [inst_retired]\n")
        run = self.convert(root)
        self.assertEqual(run.warnings, "")
        self.assertEqual(run.stats.notes_text(),
                         "note: tiny: perf event INST_RETIRED encodes unlike libpfm4's event of that name: kept as"
                         " INST_RETIRED_PERF (a known clash, %s/x86/libpfm4-clashes.yaml)\n" % root)

    def test_a_listed_clash_that_no_longer_happens_is_a_warning(self):
        root = self.overlays("- why: test\n  tiny: [INST_RETIRED, BR_INST_RETIRED]\n")
        run = self.convert(root)
        self.assertEqual(run.warnings, "warning: tiny: %s/x86/libpfm4-clashes.yaml lists perf event"
                         " BR_INST_RETIRED, which no longer clashes with libpfm4's event of that name:"
                         " remove it\n" % root)
        self.assertEqual(len(run.stats.notes.lines()), 1)

    def test_a_malformed_list_is_an_error(self):
        root = self.overlays("- tiny: [INST_RETIRED]\n")
        self.assertEqual(error_of(self.convert, root), "%s/x86/libpfm4-clashes.yaml:1: each entry is"
                         " {why: TEXT, PMU: [EVENT, ...], ...}" % root)

    def test_notes_go_to_the_report_and_with_verbose_to_stderr(self):
        root = self.overlays("- why: test\n  tiny: [INST_RETIRED]\n")
        out = mkdtemp()
        report = os.path.join(out, "report.txt")
        args = [sys.executable, os.path.join(JSONTOYAML, "jsontoyaml.py"), "--arch-root", OK,
                "--overlay-root", root, "--out", out, "--only", "tiny", "--quiet", "--report", report]
        quiet = subprocess.run(args, capture_output=True, text=True)
        self.assertEqual((quiet.returncode, quiet.stdout, quiet.stderr), (0, "", ""))
        self.assertIn("\nnote: tiny: perf event INST_RETIRED encodes unlike", open(report).read())
        loud = subprocess.run(args + ["--verbose"], capture_output=True, text=True)
        self.assertTrue(loud.stderr.startswith("note: tiny: perf event INST_RETIRED encodes unlike"), loud.stderr)


if __name__ == "__main__":
    unittest.main()


class UpstreamNamesTest(TestCase):
    """transforms/libpfm4_upstream.py on a descriptor of its own: upstream
    libpfm4 names resolve to their codes, common events come from perf's
    common table, CPU_CYCLES is added where the core's JSON lacks it."""

    def run_on(self, events, names, std):
        from transforms import libpfm4_upstream as up
        root = mkdtemp()
        os.makedirs(os.path.join(root, "arm64"))
        with open(os.path.join(root, "arm64", "common-events.yaml"), "w") as f:
            f.write("table: common-and-microarch.json\nmax_code: 0x3f\nrequired: [0x11]\n")
        with open(os.path.join(root, "arm64", "libpfm4-upstream.yaml"), "w") as f:
            f.write("pmus:\n  arm_t:\n" + "".join("    %s: 0x%x\n" % kv for kv in names.items()))
        up._cache.clear()
        desc = {"pmu": {"name": "arm_t"}, "events": [dict(e) for e in events]}
        ctx = transforms.Context("arm64", "t", "arm_t", None, [], root, None, arch_std=std)
        up.apply(desc, ctx)
        up._cache.clear()
        return desc

    STD = {"cpu_cycles": ({"EventName": "CPU_CYCLES", "EventCode": "0x11", "BriefDescription": "Cycle"},
                          "/x/common-and-microarch.json", 1),
           "l1d_cache": ({"EventName": "L1D_CACHE", "EventCode": "0x04", "BriefDescription": "L1D access"},
                         "/x/common-and-microarch.json", 2),
           "sample_pop": ({"EventName": "SAMPLE_POP", "EventCode": "0x4000", "BriefDescription": "SPE"},
                          "/x/common-and-microarch.json", 3)}

    def test_cpu_cycles_is_added_from_the_common_table_where_the_json_lacks_it(self):
        d = self.run_on([{"name": "EV", "desc": "e", "set": {"event": 0x70}}], {}, self.STD)
        self.assertIn({"name": "CPU_CYCLES", "desc": "Cycle", "set": {"event": 0x11}}, d["events"])

    def test_an_upstream_name_of_a_listed_code_becomes_an_alias(self):
        d = self.run_on([{"name": "L1D_CACHE", "desc": "e", "set": {"event": 0x4}},
                         {"name": "CPU_CYCLES", "desc": "c", "set": {"event": 0x11}}],
                        {"L1D_CACHE_ACCESS": 0x4}, self.STD)
        self.assertEqual(d["pmu"]["aliases"], {"L1D_CACHE_ACCESS": "L1D_CACHE"})
        self.assertEqual(len(d["events"]), 2)

    def test_a_common_code_comes_under_perfs_name_with_libpfm4s_as_alias(self):
        d = self.run_on([{"name": "CPU_CYCLES", "desc": "c", "set": {"event": 0x11}}],
                        {"L1D_CACHE_ACCESS": 0x4}, self.STD)
        self.assertEqual([e["name"] for e in d["events"]], ["CPU_CYCLES", "L1D_CACHE"])
        self.assertEqual(d["pmu"]["aliases"], {"L1D_CACHE_ACCESS": "L1D_CACHE"})

    def test_any_other_code_is_a_compat_event_under_the_upstream_name(self):
        d = self.run_on([{"name": "CPU_CYCLES", "desc": "c", "set": {"event": 0x11}}],
                        {"IMPL_THING": 0xc0}, self.STD)
        ev = d["events"][-1]
        self.assertEqual((ev["name"], ev["set"], ev["flags"]), ("IMPL_THING", {"event": 0xc0}, ["compat"]))
        self.assertNotIn("aliases", d["pmu"])


# a libpfm4-names overlay whose L2_RQSTS has two groups: DEMAND_HIT (perf's
# L2_RQSTS.DEMAND_DATA_RD.HIT) in the first, and a second group whose
# default sets umask bits OTHER (0x80 in the second case, none in the first)
TWO_GROUPS = """pmu: tiny
perf: x86/tiny
events:
- name: L2_RQSTS
  code: 0x24
  set: {event: 0x24}
  groups: [{name: default}, {name: g1, exclusive: true}]
  umasks:
  - {name: DEMAND_HIT, set: {umask: 0x41}, perf: L2_RQSTS.DEMAND_DATA_RD.HIT}
  - {name: OTHER_DEFAULT, set: {%s}, compat: true, group: g1, default: true}
"""


class PerfUnitMasksJoinTest(TestCase):
    def convert(self, other_bits):
        root = os.path.join(mkdtemp(), "arch")
        shutil.copytree(OVERLAYS, root)
        os.makedirs(os.path.join(root, "x86", "libpfm4-names"))
        with open(os.path.join(root, "x86", "libpfm4-names", "tiny.yaml"), "w", encoding="utf-8") as f:
            f.write(TWO_GROUPS % ("umask: 0x%x" % other_bits if other_bits else ""))
        run = convert_tree(OK, overlay_root=root, only=["tiny"], tmods=transforms.load(("libpfm4_names",)))
        return run, {e["name"]: e for e in run.desc["tiny"]["events"]}

    def test_a_perf_unit_mask_joins_an_event_whose_other_groups_default_sets_no_bits(self):
        run, evs = self.convert(0)
        names = [u["name"] for u in evs["L2_RQSTS"]["umasks"]]
        self.assertIn("DEMAND_DATA_RD_MISS", names)
        joined = next(u for u in evs["L2_RQSTS"]["umasks"] if u["name"] == "DEMAND_DATA_RD_MISS")
        self.assertNotIn("group", joined)       # the first group's
        self.assertNotIn("L2_RQSTS_PERF", evs)
        self.assertEqual(run.warnings, "")

    def test_a_perf_unit_mask_does_not_join_where_another_groups_default_adds_bits(self):
        run, evs = self.convert(0x80)
        self.assertNotIn("DEMAND_DATA_RD_MISS", [u["name"] for u in evs["L2_RQSTS"]["umasks"]])
        self.assertIn("L2_RQSTS_PERF", evs)
