"""The transform hooks: order, missing modules skipped, what ctx holds, that
a transform's result is validated, and how its errors and crashes read."""
import os
import sys
import types
import unittest

from helpers import OVERLAYS, TestCase, convert_tree, error_of, fixture, mkdtemp

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
        self.assertEqual(transforms.ORDER, ("offcore", "libpfm4_names"))

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


if __name__ == "__main__":
    unittest.main()
