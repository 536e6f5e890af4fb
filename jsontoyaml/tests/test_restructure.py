# SPDX-License-Identifier: MIT
"""perf's flat names -> events and unit masks: the split, what the event's
set holds, exclusivity, defaults, descriptions and aliases."""
import unittest

from helpers import ConvertError

import restructure


def pe(name, desc="", line=1, precise=False, flags=(), **fields):
    raw = {"EventName": name, "BriefDescription": desc, "_file": "f.json", "_line": line}
    if precise:
        raw["PEBS"] = 1
    for f in flags:
        raw[f.capitalize()] = 1
    return restructure.PerfEvent(raw, dict(fields), None)


def build(*pes):
    events, aliases = restructure.build_events(list(pes), True)
    return {e["name"]: e for e in events}, aliases


class SplitTest(unittest.TestCase):
    def test_split_at_first_dot_and_alias_for_dotted_rest(self):
        evs, aliases = build(pe("OFFCORE_RESPONSE.DEMAND_DATA_RD.L3_HIT", event=0xb7, umask=1))
        u = evs["OFFCORE_RESPONSE"]["umasks"][0]
        self.assertEqual(u["name"], "DEMAND_DATA_RD_L3_HIT")
        self.assertEqual(u["perf"], "OFFCORE_RESPONSE.DEMAND_DATA_RD.L3_HIT")
        self.assertEqual(aliases, {"OFFCORE_RESPONSE.DEMAND_DATA_RD.L3_HIT": "OFFCORE_RESPONSE:DEMAND_DATA_RD_L3_HIT"})

    def test_names_are_upper_case_and_perf_keeps_its_spelling(self):
        evs, _ = build(pe("ex_ret_instr", event=0xc0), pe("ls_mab_alloc.all_allocations", event=0x41, umask=0x7f))
        self.assertEqual(evs["EX_RET_INSTR"]["perf"], "ex_ret_instr")
        self.assertEqual(evs["EX_RET_INSTR"]["set"], {"event": 0xc0})
        self.assertNotIn("umasks", evs["EX_RET_INSTR"])
        self.assertEqual(evs["LS_MAB_ALLOC"]["umasks"][0]["name"], "ALL_ALLOCATIONS")

    def test_duplicate_names_differing_in_case_are_an_error(self):
        with self.assertRaises(ConvertError) as cm:
            build(pe("A.B", line=3, event=1), pe("a.b", line=9, event=1))
        self.assertEqual(str(cm.exception), "f.json:9: a.b: duplicate event name (first defined at f.json:3)")

    def test_dot_and_underscore_forms_encoding_differently_are_an_error(self):
        with self.assertRaises(ConvertError) as cm:
            build(pe("A.B.C", line=3, event=1, umask=1), pe("A.B_C", line=4, event=1, umask=2))
        self.assertEqual(str(cm.exception), "f.json:3: A.B.C: unit mask name B_C collides with A.B_C")

    def test_dot_and_underscore_forms_encoding_alike_are_one_unit_mask(self):
        # SPR's UNC_M2M_IMC_WRITES.CH0.NI and .CH0_NI: the dotted name is an alias
        evs, aliases = build(pe("A.B.C", line=3, event=1, umask=1), pe("A.B_C", line=4, event=1, umask=1))
        self.assertEqual([u["name"] for u in evs["A"]["umasks"]], ["B_C"])
        self.assertEqual(evs["A"]["umasks"][0]["perf"], "A.B_C")
        self.assertEqual(aliases, {"A.B.C": "A:B_C"})

    def test_empty_unit_mask_part_is_an_error(self):
        with self.assertRaises(ConvertError) as cm:
            build(pe("A.", line=2, event=1))
        self.assertEqual(str(cm.exception), "f.json:2: A.: event name is not NAME or NAME.UNITMASK")


class SetTest(unittest.TestCase):
    def test_shared_event_code_goes_to_the_event(self):
        evs, _ = build(pe("E.X", event=0xe, umask=1), pe("E.Y", event=0xe, umask=2, cmask=1))
        e = evs["E"]
        self.assertEqual(e["set"], {"event": 0xe})
        self.assertEqual([u["set"] for u in e["umasks"]], [{"umask": 1}, {"umask": 2, "cmask": 1}])
        self.assertNotIn("code", e)

    def test_differing_event_codes_stay_in_the_unit_masks(self):
        evs, _ = build(pe("I.ANY", event=0x00, umask=1), pe("I.ANY_P", event=0xc0),
                       pe("I.NOP", event=0xc0, umask=2))
        e = evs["I"]
        self.assertEqual(e["set"], {})
        self.assertEqual(e["code"], 0xc0)
        self.assertEqual({u["name"]: u["set"] for u in e["umasks"]},
                         {"ANY": {"event": 0, "umask": 1}, "ANY_P": {"event": 0xc0, "umask": 0},
                          "NOP": {"event": 0xc0, "umask": 2}})

    def test_tie_on_event_code_prefers_non_zero(self):
        evs, _ = build(pe("I.ANY", event=0x00, umask=1), pe("I.ANY_P", event=0xc0))
        self.assertEqual(evs["I"]["code"], 0xc0)

    def test_bare_event_with_more_than_a_code_becomes_default_umask_all(self):
        evs, _ = build(pe("hit", "All hits", event=0x94, umask=0xff), pe("hit.if4k", event=0x94, umask=1))
        e = evs["HIT"]
        self.assertEqual(e["perf"], "hit")
        self.assertEqual(e["set"], {"event": 0x94})
        self.assertNotIn("groups", e)
        allu = next(u for u in e["umasks"] if u["name"] == "ALL")
        self.assertEqual(allu, {"name": "ALL", "desc": "All hits", "set": {"umask": 0xff}, "default": True})

    def test_bare_event_with_only_a_code_is_the_event_itself(self):
        evs, _ = build(pe("C", "Cycles", event=0x3c), pe("C.REF", event=0x3c, umask=1))
        e = evs["C"]
        self.assertEqual([u["name"] for u in e["umasks"]], ["REF"])
        self.assertNotIn("default", e["umasks"][0])
        self.assertNotIn("groups", e)


class ExclusiveTest(unittest.TestCase):
    def test_plain_umask_bits_combine_and_extra_fields_are_exclusive(self):
        evs, _ = build(pe("U.ANY", event=0xe, umask=1), pe("U.SLOW_LEA", event=0xe, umask=0x20),
                       pe("U.STALL_CYCLES", event=0xe, umask=1, cmask=1, inv=1))
        ex = {u["name"]: u.get("exclusive", False) for u in evs["U"]["umasks"]}
        self.assertEqual(ex, {"ANY": False, "SLOW_LEA": False, "STALL_CYCLES": True})

    def test_same_extra_fields_on_every_umask_do_not_make_them_exclusive(self):
        evs, _ = build(pe("U.A", event=0xe, umask=1, cmask=1), pe("U.B", event=0xe, umask=2, cmask=1))
        self.assertEqual([u.get("exclusive", False) for u in evs["U"]["umasks"]], [False, False])

    def test_zero_umask_among_siblings_is_exclusive(self):
        evs, _ = build(pe("B.ALL_BRANCHES", event=0xc4), pe("B.COND", event=0xc4, umask=1))
        self.assertEqual({u["name"]: u.get("exclusive", False) for u in evs["B"]["umasks"]},
                         {"ALL_BRANCHES": True, "COND": False})


class DefaultTest(unittest.TestCase):
    def dfl(self, *pes):
        evs, _ = build(*pes)
        (e,) = evs.values()
        return [u["name"] for u in e["umasks"] if u.get("default")], e.get("groups")

    def test_single_umask_is_the_default(self):
        self.assertEqual(self.dfl(pe("A.ONLY", event=1, umask=4))[0], ["ONLY"])

    def test_zero_umask_wins(self):
        self.assertEqual(self.dfl(pe("B.ALL_BRANCHES", event=1), pe("B.ANY", event=1, umask=1))[0],
                         ["ALL_BRANCHES"])

    def test_any_all_thread_names_in_that_order(self):
        self.assertEqual(self.dfl(pe("U.ALL", event=1, umask=3), pe("U.ANY", event=1, umask=1))[0], ["ANY"])
        self.assertEqual(self.dfl(pe("U.THREAD", event=1, umask=3), pe("U.ALL", event=1, umask=1))[0], ["ALL"])

    def test_unique_all_prefix(self):
        self.assertEqual(self.dfl(pe("M.ALL_LOADS", event=1, umask=3), pe("M.X", event=1, umask=1))[0],
                         ["ALL_LOADS"])

    def test_no_candidate_means_a_required_group(self):
        d, groups = self.dfl(pe("M.ALL_LOADS", event=1, umask=1), pe("M.ALL_STORES", event=1, umask=2))
        self.assertEqual(d, [])
        self.assertEqual(groups, [{"name": "default", "required": True, "exclusive": False}])


class DescriptionTest(unittest.TestCase):
    def test_event_desc_is_the_default_umask_desc(self):
        evs, _ = build(pe("U.ANY", "Uops issued", event=1, umask=1), pe("U.X", "Other", event=1, umask=2))
        self.assertEqual(evs["U"]["desc"], "Uops issued")

    def test_event_desc_falls_back_to_common_words(self):
        evs, _ = build(pe("L.A", "Demand data reads that hit L2", event=1, umask=1),
                       pe("L.B", "Demand data reads that missed L2", event=1, umask=2))
        self.assertEqual(evs["L"]["desc"], "Demand data reads")

    def test_event_desc_keeps_common_start_and_end_not_a_cut_phrase(self):
        # Zen 4 LS_DISPATCH was "Number of memory"
        evs, _ = build(pe("D.LD", "Number of memory load operations dispatched to the load-store unit.",
                          event=0x29, umask=1),
                       pe("D.ST", "Number of memory store operations dispatched to the load-store unit.",
                          event=0x29, umask=2))
        self.assertEqual(evs["D"]["desc"], "Number of memory operations dispatched to the load-store unit")

    def test_event_desc_is_not_a_phrase_cut_mid_way(self):
        evs, _ = build(pe("D.LD", "Number of memory load ops", event=0x29, umask=1),
                       pe("D.ST", "Number of memory store ops issued", event=0x29, umask=2))
        self.assertEqual(evs["D"]["desc"], "D (select a unit mask)")

    def test_event_desc_without_anything_common(self):
        evs, _ = build(pe("L.A", "Hits", event=1, umask=1), pe("L.B", "Misses", event=1, umask=2))
        self.assertEqual(evs["L"]["desc"], "L (select a unit mask)")

    def test_flags_precise_and_sample_after(self):
        p = restructure.PerfEvent({"EventName": "A.B", "PEBS": 2, "Deprecated": 1, "Experimental": 0,
                                   "SampleAfterValue": 100003, "Counter": "0,1", "_file": "f", "_line": 1},
                                  {"event": 1, "umask": 1}, None)
        evs, _ = build(p)
        e, u = evs["A"], evs["A"]["umasks"][0]
        self.assertEqual((e["precise"], e["sample_after"], e["counters"], e["flags"]),
                         (True, 100003, "0,1", ["deprecated"]))
        self.assertEqual((u["precise"], u["flags"]), (True, ["deprecated"]))
        self.assertNotIn("sample_after", u)


if __name__ == "__main__":
    unittest.main()
