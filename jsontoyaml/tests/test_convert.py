# SPDX-License-Identifier: MIT
"""End to end on the fixture tree: which files come out, what the
descriptors say (identity, hybrid split, format grown by MSRs, per-event
modifiers, counters), what is skipped and why, and errors of bad trees."""
import os
import unittest

from helpers import REPO, TestCase, convert, convert_tree, error_of, fixture, mkdtemp

OK = fixture("arch-ok")


class TreeTest(TestCase):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.r = convert_tree(OK)

    def test_one_file_per_pmu_under_its_arch(self):
        self.assertEqual(sorted(os.path.relpath(p, self.r.out) for p in self.r.written),
                         ["arm64/core1_a.yaml", "arm64/core1_b.yaml", "x86/hyb_big.yaml",
                          "x86/hyb_small.yaml", "x86/tiny.yaml"])

    def test_identity_from_overlay_and_mapfile(self):
        p = self.r.desc["tiny"]["pmu"]
        self.assertEqual((p["name"], p["id"], p["desc"], p["type"], p["arch"], p["source"]),
                         ("tiny", 900, "Tiny test core", "core", "x86", "x86/tiny v7"))
        self.assertEqual(p["match"], ["GenuineIntel-6-(1A|2B)", "GenuineIntel-6-3[CD]"])
        self.assertEqual(p["match_priority"], 3)
        self.assertEqual(p["perf_pmu"], "cpu")

    def test_counters_come_from_counter_json_unless_the_overlay_says(self):
        self.assertEqual((self.r.desc["tiny"]["pmu"]["counters"], self.r.desc["tiny"]["pmu"]["fixed_counters"]),
                         (4, 3))
        self.assertEqual(self.r.desc["hyb_big"]["pmu"]["counters"], 8)
        self.assertNotIn("counters", self.r.desc["hyb_small"]["pmu"])

    def test_format_gets_feature_and_msr_fields_and_max_encoding(self):
        p = self.r.desc["tiny"]["pmu"]
        self.assertEqual(p["format"]["any"], "config:21")
        self.assertEqual(p["format"]["offcore_rsp"], "config1:0-63")
        self.assertEqual(p["format"]["ldlat"], "config1:0-15")
        self.assertEqual(p["max_encoding"], 2)
        self.assertEqual(self.r.desc["hyb_big"]["pmu"]["max_encoding"], 1)
        self.assertNotIn("any", self.r.desc["hyb_big"]["pmu"]["format"])

    def test_modifiers_follow_fields_and_restricted_ones_only_where_used(self):
        self.assertEqual([m["name"] for m in self.r.desc["tiny"]["pmu"]["modifiers"]],
                         ["k", "u", "e", "c", "t", "ldlat"])
        self.assertEqual([m["name"] for m in self.r.desc["hyb_big"]["pmu"]["modifiers"]], ["k", "u", "e", "c"])
        self.assertNotIn("modifiers", self.r.event("tiny", "MEM_TRANS_RETIRED"))
        self.assertEqual(self.r.event("tiny", "UOPS_ISSUED")["modifiers"], ["k", "u", "e", "c", "t"])
        self.assertEqual(self.r.umask("tiny", "MEM_TRANS_RETIRED", "LOAD_LATENCY_GT_32")["set"],
                         {"umask": 1, "ldlat": 0x20})

    def test_offcore_msr_value_and_first_event_code(self):
        u = self.r.umask("tiny", "OFFCORE_RESPONSE", "DEMAND_DATA_RD_ANY_RESPONSE")
        self.assertEqual(u["set"], {"umask": 1, "offcore_rsp": 0x10001})
        self.assertEqual(self.r.event("tiny", "OFFCORE_RESPONSE")["set"], {"event": 0xb7})
        self.assertEqual(self.r.desc["tiny"]["pmu"]["aliases"]["OFFCORE_RESPONSE.DEMAND_DATA_RD.ANY_RESPONSE"],
                         "OFFCORE_RESPONSE:DEMAND_DATA_RD_ANY_RESPONSE")

    def test_hybrid_model_splits_by_unit(self):
        big, small = self.r.desc["hyb_big"], self.r.desc["hyb_small"]
        self.assertEqual((big["pmu"]["match_unit"], big["pmu"]["perf_pmu"]), ("cpu_core", "cpu_core"))
        self.assertEqual((small["pmu"]["match_unit"], small["pmu"]["perf_pmu"]), ("cpu_atom", "cpu_atom"))
        self.assertEqual(big["pmu"]["match"], small["pmu"]["match"])
        self.assertEqual(big["pmu"]["match_priority"], small["pmu"]["match_priority"])
        self.assertEqual([e["name"] for e in big["events"]], ["CPU_CLK_UNHALTED"])
        self.assertEqual([e["name"] for e in small["events"]], ["CPU_CLK_UNHALTED", "TOPDOWN_FE_BOUND"])
        self.assertEqual(self.r.event("hyb_small", "CPU_CLK_UNHALTED")["umasks"][0]["name"], "CORE_P")

    def test_arch_std_events_resolved_and_split_by_match(self):
        a, b = self.r.desc["core1_a"], self.r.desc["core1_b"]
        self.assertEqual(a["pmu"]["match"], ["0x00000000410fd070"])
        self.assertEqual(b["pmu"]["match"], ["0x00000000410fd080"])
        self.assertEqual(a["events"], b["events"])
        self.assertEqual(self.r.event("core1_a", "CPU_CYCLES"),
                         {"name": "CPU_CYCLES", "desc": "Cycle", "set": {"event": 0x11}, "perf": "CPU_CYCLES"})
        self.assertEqual(self.r.event("core1_a", "INST_RETIRED")["desc"], "Instructions retired (local wording)")
        self.assertNotIn("perf_pmu", a["pmu"])

    def test_skipped_entries_are_counted_by_reason(self):
        self.assertEqual(dict(self.r.stats.skipped["x86"]), {
            "mapfile rows of type uncore": 1, "metric entries": 1, "metric files": 1,
            "uncore unit not converted yet: Unit CBOX": 1})
        x = self.r.stats.arch["x86"]
        self.assertEqual((x["models"], x["pmus"], x["perf_events"]), (2, 3, 17))

    def test_same_input_gives_identical_bytes(self):
        again = convert_tree(OK)
        for p, q in zip(sorted(self.r.written), sorted(again.written)):
            with open(p, "rb") as f1, open(q, "rb") as f2:
                self.assertEqual(f1.read(), f2.read(), p)

    def test_only_converts_the_named_models_and_keeps_other_files(self):
        run = convert_tree(OK, only=["hybrid"], out=convert_tree(OK).out)
        self.assertEqual(sorted(run.desc), ["hyb_big", "hyb_small"])
        self.assertTrue(os.path.exists(os.path.join(run.out, "x86", "tiny.yaml")))

    def test_full_run_removes_files_of_pmus_no_longer_produced(self):
        run = convert_tree(OK)
        stale = os.path.join(run.out, "x86", "gone.yaml")
        open(stale, "w").close()
        convert_tree(OK, out=run.out)
        self.assertFalse(os.path.exists(stale))


class BadTreeTest(TestCase):
    def test_malformed_json(self):
        path = fixture("bad-json", "x86", "tiny", "pipeline.json")
        self.assertEqual(error_of(convert_tree, fixture("bad-json")),
                         path + ":5:9: invalid JSON: Expecting ',' delimiter")

    def test_wrong_field_type(self):
        path = fixture("bad-type", "x86", "tiny", "pipeline.json")
        self.assertEqual(error_of(convert_tree, fixture("bad-type")),
                         path + ":8: UOPS_ISSUED.SLOW_LEA: field UMask must be an unsigned number, not an array")

    def test_msr_unknown_to_the_family(self):
        path = fixture("bad-msr", "x86", "tiny", "frontend.json")
        self.assertEqual(error_of(convert_tree, fixture("bad-msr")),
                         path + ":2: FRONTEND_RETIRED.DSB_MISS: MSRIndex 0x3f7 is not known to family intel")

    def test_duplicate_event_across_files(self):
        d = fixture("bad-dup", "x86", "tiny")
        self.assertEqual(error_of(convert_tree, fixture("bad-dup")),
                         "%s/b.json:3: arith.divider_active: duplicate event name (first defined at %s/a.json:2)"
                         % (d, d))

    def test_bad_mapfile_row(self):
        self.assertEqual(error_of(convert_tree, fixture("bad-mapfile")),
                         fixture("bad-mapfile", "x86", "mapfile.csv") +
                         ":3:1: expected 4 comma-separated fields (identity,version,file,type), found 3")

    def test_unknown_arch_std_event(self):
        self.assertEqual(error_of(convert_tree, fixture("bad-std")),
                         fixture("bad-std", "arm64", "vendor", "core1", "branch.json") +
                         ":5: ArchStdEvent 'NO_SUCH_EVENT' is not a standard event of this architecture")

    def test_model_without_overlay_warns_or_fails_when_strict(self):
        run = convert_tree(OK, overlay_root=fixture("no-such-overlays"))
        self.assertEqual(run.written, [])
        self.assertIn("no overlay entry for x86/tiny", run.warnings)
        self.assertEqual(error_of(convert_tree, OK, overlay_root=fixture("no-such-overlays"), strict=True),
                         fixture("arch-ok", "arm64", "mapfile.csv") + ":3: no overlay entry for "
                         "arm64/vendor/core1 (add it to %s)" % fixture("no-such-overlays", "arm64", "models.yaml"))


if __name__ == "__main__":
    unittest.main()


class LegacyDescriptorsTest(TestCase):
    """arch/<arch>/legacy/: complete descriptors generated from libpfm4, given
    libpfm4's descriptions from a `pfmdump descs` listing at build time."""

    ROOT = os.path.join(REPO, "arch")

    def legacy(self, descs):
        stats = convert.Stats()
        out = {p.name: (p, d) for p, d, _ in convert.hand_written(self.ROOT, stats, descs)}
        return out

    def test_legacy_pmus_go_to_their_arch_with_libpfm4_descriptions(self):
        d = mkdtemp()
        path = os.path.join(d, "descs.tsv")
        with open(path, "w") as f:
            f.write("D\tamd64_k7\tDATA_CACHE_REFILLS\t\tRefills, from the listing\n"
                    "D\tamd64_k7\tDATA_CACHE_REFILLS\tL2_SHARED\tShared line, from the listing\n")
        plan, desc = self.legacy(path)["amd64_k7"]
        self.assertEqual(plan.out_arch, "x86")
        ev = next(e for e in desc["events"] if e["name"] == "DATA_CACHE_REFILLS")
        self.assertEqual(ev["desc"], "Refills, from the listing")
        self.assertEqual(next(u for u in ev["umasks"] if u["name"] == "L2_SHARED")["desc"],
                         "Shared line, from the listing")
        other = next(e for e in desc["events"] if e["name"] == "DATA_CACHE_ACCESSES")
        self.assertEqual(other["desc"], convert.LEGACY_NO_DESC)

    def test_without_libpfm4_every_legacy_event_says_it_has_no_description(self):
        for name in ("amd64_k7", "core", "netburst"):
            _, desc = self.legacy(None)[name]
            descs = {e["desc"] for e in desc["events"]} | {u["desc"] for e in desc["events"]
                                                           for u in e.get("umasks", ())}
            self.assertEqual(descs, {convert.LEGACY_NO_DESC}, name)

    def test_generic_descriptors_stay_in_generic(self):
        plan, _ = self.legacy(None)["perf"]
        self.assertEqual(plan.out_arch, "generic")
