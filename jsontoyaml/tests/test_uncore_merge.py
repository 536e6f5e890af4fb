# SPDX-License-Identifier: MIT
"""perf's events of a Unit merged into a libpfm4 4.13 box (uncore_merge.py)
on tiny synthetic descriptors: the same unit mask is shared, a missing one
is added, one encoding otherwise and an event of another select are kept
as NAME_PERF, the kernel's fields join the format under names that never
move libpfm4's, and no perf alias shadows a string libpfm4 reads (one it
refuses for an unknown unit mask may be perf's); a unit mask a second perf
directory encodes otherwise goes to an event named after that directory; the
unit masks of an event libpfm4 encodes as its equivalent event go to that one."""
import copy

from helpers import TestCase

import uncore_merge


def libpfm4_box():
    return {"schema": 1,
            "pmu": {"name": "tiny_unc_cha0", "id": 7, "type": "uncore", "max_encoding": 1,
                    "format": {"event": "config:0-7", "umask": "config:8-15", "filter0": "config1:17-24",
                               "edge": "config:18"},
                    "modifiers": [{"name": "e", "type": "bool", "field": "edge"},
                                  {"name": "f", "type": "int", "field": "filter0"}]},
            "events": [
                {"name": "EV_A", "set": {"event": 0x10}, "groups": [{"name": "g0", "required": True}],
                 "umasks": [{"name": "RD", "set": {"umask": 1}, "group": "g0"},
                            {"name": "WR", "set": {"umask": 2}, "group": "g0"}]},
                {"name": "EV_B", "set": {"event": 0x20}}]}


def perf_unit():
    return {"schema": 1,
            "pmu": {"name": "x", "format": {"event": "config:0-7", "umask": "config:8-15",
                                            "edge": "config:18", "filter_state": "config1:17-26",
                                            "filter0": "config1:0-3"},
                    "aliases": {"EV_NEW.ANY": "EV_NEW:ANY", "EV_A.FULL": "EV_A:ALL"}},
            "events": [
                {"name": "EV_A", "set": {"event": 0x10}, "groups": [{"name": "default", "required": True}],
                 "umasks": [{"name": "RD", "set": {"umask": 1}, "perf": "EV_A.RD"},
                            {"name": "ALL", "set": {"umask": 3}, "default": True, "perf": "EV_A.ALL"},
                            {"name": "WR", "set": {"umask": 4}, "perf": "EV_A.WR"}]},
                {"name": "EV_B", "set": {"event": 0x21}, "perf": "EV_B"},
                {"name": "EV_NEW", "set": {"event": 0x30, "filter_state": 0x3, "filter0": 0x1},
                 "groups": [{"name": "default"}],
                 "umasks": [{"name": "ANY", "set": {"umask": 0x8}, "perf": "EV_NEW.ANY"}]}]}


class UncoreMergeTest(TestCase):

    def merged(self):
        desc, notes = libpfm4_box(), []
        counts = uncore_merge.merge(desc, perf_unit(), notes.append, uncore_merge.Counts())
        return desc, {e["name"]: e for e in desc["events"]}, counts, notes

    def test_libpfm4_events_keep_their_fields_and_values(self):
        before = libpfm4_box()
        desc, evs, _, _ = self.merged()
        for ev in before["events"]:
            got = evs[ev["name"]]
            self.assertEqual(got["set"], ev["set"])
            for u in ev.get("umasks", ()):
                gu = next(x for x in got["umasks"] if x["name"] == u["name"])
                self.assertEqual((gu["set"], gu["group"]), (u["set"], u["group"]))
        for k, v in before["pmu"]["format"].items():
            self.assertEqual(desc["pmu"]["format"][k], v)

    def test_same_unit_mask_is_shared_and_a_missing_one_added_without_default(self):
        _, evs, counts, _ = self.merged()
        names = [u["name"] for u in evs["EV_A"]["umasks"]]
        self.assertEqual(names.count("RD"), 1)
        added = next(u for u in evs["EV_A"]["umasks"] if u["name"] == "ALL")
        self.assertEqual(added["group"], "g0")
        self.assertNotIn("default", added)
        self.assertEqual(counts.umasks_added, 1)

    def test_unit_mask_encoded_otherwise_is_kept_as_name_perf_with_a_note(self):
        _, evs, _, notes = self.merged()
        self.assertEqual([u["name"] for u in evs["EV_A_PERF"]["umasks"]], ["WR"])
        self.assertEqual(evs["EV_A_PERF"]["umasks"][0]["set"], {"umask": 4})
        self.assertTrue(any("EV_A.WR encodes otherwise" in n for n in notes), notes)

    def test_event_of_another_select_is_kept_as_name_perf(self):
        _, evs, counts, notes = self.merged()
        self.assertEqual(evs["EV_B"]["set"], {"event": 0x20})
        self.assertEqual(evs["EV_B_PERF"]["set"], {"event": 0x21})
        self.assertTrue(any("EV_B_PERF" in n for n in notes), notes)

    def test_kernel_fields_join_the_format_renamed_where_libpfm4_lays_them_out_otherwise(self):
        desc, evs, _, _ = self.merged()
        fmt = desc["pmu"]["format"]
        self.assertEqual(fmt["filter_state"], "config1:17-26")
        self.assertEqual(fmt["filter0"], "config1:17-24")
        self.assertEqual(fmt["filter0_kernel"], "config1:0-3")
        self.assertEqual(evs["EV_NEW"]["set"], {"event": 0x30, "filter_state": 0x3, "filter0_kernel": 0x1})
        self.assertEqual(desc["pmu"]["max_encoding"], 2)

    def test_perf_events_take_only_modifiers_laid_out_alike(self):
        _, evs, _, _ = self.merged()
        self.assertEqual(evs["EV_NEW"]["modifiers"], ["e"])
        self.assertNotIn("modifiers", evs["EV_B"])

    def test_no_alias_shadows_a_string_libpfm4_reads(self):
        desc, _, counts, _ = self.merged()
        aliases = desc["pmu"].get("aliases", {})
        self.assertEqual(aliases.get("EV_NEW.ANY"), "EV_NEW:ANY")
        # libpfm4 reads EV_A.WR as EV_A:WR: it stays libpfm4's
        self.assertNotIn("EV_A.WR", aliases)
        self.assertEqual(counts.shadowed, 1)
        # libpfm4 refuses EV_A.FULL (no such unit mask): perf's name may have it
        self.assertEqual(aliases.get("EV_A.FULL"), "EV_A:ALL")

    def test_a_second_directory_extends_the_perf_event(self):
        desc = libpfm4_box()
        uncore_merge.merge(desc, perf_unit(), lambda t: None, uncore_merge.Counts())
        second = perf_unit()
        second["events"][0]["umasks"].append({"name": "WR2", "set": {"umask": 0x40}, "perf": "EV_A.WR2"})
        second["events"][0]["umasks"][1]["set"] = {"umask": 0x80}     # ALL otherwise, WR again
        counts = uncore_merge.merge(desc, copy.deepcopy(second), lambda t: None, uncore_merge.Counts())
        evs = {e["name"]: e for e in desc["events"]}
        self.assertEqual(sorted(u["name"] for u in evs["EV_A_PERF"]["umasks"]), ["ALL", "WR"])
        self.assertIn("WR2", [u["name"] for u in evs["EV_A"]["umasks"]])
        self.assertEqual(counts.lost, 0)

    def test_a_second_directorys_unit_mask_encoding_otherwise_gets_an_event_named_after_its_model(self):
        desc = libpfm4_box()
        uncore_merge.merge(desc, perf_unit(), lambda t: None, uncore_merge.Counts(), "vendor/modela")
        second = perf_unit()
        second["events"][0]["umasks"][2]["set"] = {"umask": 0x40}     # WR otherwise
        counts = uncore_merge.merge(desc, copy.deepcopy(second), lambda t: None, uncore_merge.Counts(),
                                    "vendor/modelb")
        evs = {e["name"]: e for e in desc["events"]}
        self.assertEqual([(u["name"], u["set"]) for u in evs["EV_A_PERF_MODELB"]["umasks"]],
                         [("WR", {"umask": 0x40})])
        self.assertEqual(evs["EV_A_PERF_MODELB"]["set"], {"event": 0x10})
        # the first directory's stays where it was
        self.assertIn(("WR", {"umask": 4}), [(u["name"], u["set"]) for u in evs["EV_A_PERF"]["umasks"]])
        self.assertEqual(counts.lost, 0)
        # without a directory, that unit mask is lost (and counted)
        desc = libpfm4_box()
        uncore_merge.merge(desc, perf_unit(), lambda t: None, uncore_merge.Counts())
        counts = uncore_merge.merge(desc, copy.deepcopy(second), lambda t: None, uncore_merge.Counts())
        self.assertEqual(counts.lost, 1)

    def test_unit_masks_of_an_event_libpfm4_encodes_as_its_equivalent_go_to_that_event(self):
        desc = libpfm4_box()
        # EV_C is libpfm4's other name of EV_A (its equivalent event): its
        # parser reads EV_C's unit masks on EV_A
        desc["events"].append({"name": "EV_C", "set": {"event": 0x10}, "equiv": "EV_A",
                               "groups": [{"name": "g0", "required": True}],
                               "umasks": [{"name": "RD", "set": {"umask": 1}, "group": "g0"},
                                          {"name": "WR", "set": {"umask": 2}, "group": "g0"}]})
        unit = perf_unit()
        unit["events"] = [{"name": "EV_C", "set": {"event": 0x10}, "groups": [{"name": "default"}],
                           "umasks": [{"name": "RD", "set": {"umask": 1}, "perf": "EV_C.RD"},
                                      {"name": "BOTH", "set": {"umask": 3}, "perf": "EV_C.BOTH"}]}]
        counts = uncore_merge.merge(desc, unit, lambda t: None, uncore_merge.Counts())
        evs = {e["name"]: e for e in desc["events"]}
        self.assertIn("BOTH", [u["name"] for u in evs["EV_A"]["umasks"]])
        self.assertEqual([u["name"] for u in evs["EV_C"]["umasks"]], ["RD", "WR"])
        self.assertEqual((counts.merged, counts.umasks_added, counts.renamed), (1, 1, 0))
