#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""tests/pinned/test_rules.py — libpfm4 4.13's rules, one table of cases per rule kind:
string -> PFM_OS_NONE codes (or perf config) or the error libpfm4 4.13 answers,
through the public API of a library (ctypes, under LIBPFM_ENCODE_INACTIVE=1;
test_silent.py's encoder). make check-pinned runs it on pmuplug and, when it
is installed, on libpfm4 4.13 itself, so every expectation is 4.13's answer.
The rules are data in the descriptors (docs/schema.md: groups, rules,
required_modifiers, requires, with_umask, a set on a modifier's field),
derived from libpfm4 4.13 by gen/libpfm4-names/ and checked over every
string libpfm4 lists by make check-sweep.

    python3 -m unittest tests/pinned/test_rules.py   (PMUPLUG_LIB=dir to choose the library)
"""
import ctypes
import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from test_silent import LIB, PFM_OS_NONE, PFM_OS_PERF_EVENT_EXT, encode  # noqa: E402

PLM3 = 0x8
UMASK, FEATCOMB, ATTR, ATTR_SET = -6, -5, -8, -10

SNB_TOR = "snbep_unc_cbo0::UNC_C_TOR_INSERTS"
SKX_TOR = "skx_unc_cha0::UNC_C_TOR_INSERTS"
BDX_VICTIMS = "bdx_unc_cbo0::UNC_C_LLC_VICTIMS"

# rule kind -> [(what it pins, string, layer, expected: codes / perf config / error)], plm PLM3
RULES = {
    # a unit mask that needs a filter unit mask of another group: the C-box
    # opcode match needs an opcode (require_groups), the CHA opcodes need
    # their queue (when_any_of ... require)
    "filter required": [
        ("snbep OPCODE without an OPC_* is UMASK", SNB_TOR + ":OPCODE", PFM_OS_NONE, UMASK),
        ("snbep OPCODE with OPC_RFO encodes", SNB_TOR + ":OPCODE:OPC_RFO", PFM_OS_NONE, [0x135, 0xc0000000]),
        ("snbep NID_OPCODE without an OPC_* is UMASK", SNB_TOR + ":NID_OPCODE:nf=3", PFM_OS_NONE, UMASK),
        ("snbep NID_OPCODE with OPC_RFO and nf encodes", SNB_TOR + ":NID_OPCODE:OPC_RFO:nf=3", PFM_OS_NONE,
         [0x4135, 0xc0000c00]),
        ("snbep OPC_RFO without a queue unit mask is UMASK", SNB_TOR + ":OPC_RFO", PFM_OS_NONE, UMASK),
        ("skx CHA opcode without IRQ is FEATCOMB", SKX_TOR + ":OPC0_RFO", PFM_OS_NONE, FEATCOMB),
        ("skx CHA opcode with IRQ encodes", SKX_TOR + ":IRQ:OPC0_RFO", PFM_OS_NONE, [0x135, 0x0, 0x40000]),
    ],
    # unit masks of one exclusive group, and a trigger that forbids groups
    "filter forbidden": [
        ("snbep two queue unit masks are FEATCOMB", SNB_TOR + ":EVICTION:MISS_ALL", PFM_OS_NONE, FEATCOMB),
        ("snbep two opcodes are FEATCOMB", SNB_TOR + ":OPCODE:OPC_RFO:OPC_CRD", PFM_OS_NONE, FEATCOMB),
        ("snbep an opcode on EVICTION encodes", SNB_TOR + ":EVICTION:OPC_RFO", PFM_OS_NONE, [0x435, 0xc0000000]),
        ("snbep FEATCOMB comes before the missing nf", SNB_TOR + ":EVICTION:NID_ALL", PFM_OS_NONE, FEATCOMB),
        ("wsm_unc FULL_* and PARTIAL_* are FEATCOMB", "wsm_unc::UNC_QMC_WRITES:FULL_CH0:PARTIAL_CH0", PFM_OS_NONE,
         FEATCOMB),
        ("wsm_unc two FULL_* combine", "wsm_unc::UNC_QMC_WRITES:FULL_CH0:FULL_CH1", PFM_OS_NONE, [0x50032f]),
        ("wsm_unc a PARTIAL_* takes no FULL_ANY default", "wsm_unc::UNC_QMC_WRITES:PARTIAL_CH0", PFM_OS_NONE,
         [0x50082f]),
        ("wsm_unc the bare event takes FULL_ANY only", "wsm_unc::UNC_QMC_WRITES", PFM_OS_NONE, [0x50072f]),
        ("snb ANY_RESPONSE forbids a supplier", "snb::OFFCORE_RESPONSE_0:DMND_DATA_RD:ANY_RESPONSE:LLC_HITM",
         PFM_OS_NONE, FEATCOMB),
        ("snb ANY_RESPONSE alone encodes", "snb::OFFCORE_RESPONSE_0:DMND_DATA_RD:ANY_RESPONSE", PFM_OS_NONE,
         [0x5101b7, 0x10001]),
    ],
    # the node filter: NID needs nf (required_modifiers) and, on hswep..bdx,
    # a state unit mask (a group of its own); on snbep NID is exclusive
    "node filter": [
        ("bdx NID without a state is UMASK", BDX_VICTIMS + ":NID", PFM_OS_NONE, UMASK),
        ("bdx NID with nf but no state is UMASK", BDX_VICTIMS + ":NID:nf=1", PFM_OS_NONE, UMASK),
        ("bdx NID with a state but no nf is ATTR", BDX_VICTIMS + ":NID:M_STATE", PFM_OS_NONE, ATTR),
        ("bdx NID with a state and nf encodes", BDX_VICTIMS + ":NID:M_STATE:nf=1", PFM_OS_NONE, [0x4137, 0x0, 0x1]),
        ("snbep NID with nf encodes", "snbep_unc_cbo0::UNC_C_LLC_VICTIMS:NID:nf=1", PFM_OS_NONE, [0x4037, 0x400]),
        ("snbep NID with a state is FEATCOMB", "snbep_unc_cbo0::UNC_C_LLC_VICTIMS:NID:M_STATE:nf=1", PFM_OS_NONE,
         FEATCOMB),
    ],
    # a unit mask required, PFM_ERR_ATTR when missing (missing: attr)
    "unit mask required": [
        ("skx CHA TOR_INSERTS alone is ATTR", SKX_TOR, PFM_OS_NONE, ATTR),
        ("skx CHA TOR_INSERTS with a modifier only is ATTR", SKX_TOR + ":i", PFM_OS_NONE, ATTR),
        ("skx CHA TOR_INSERTS with IRQ encodes", SKX_TOR + ":IRQ", PFM_OS_NONE, [0x135, 0x0, 0x3b]),
        ("snbep TOR_INSERTS alone is UMASK", SNB_TOR, PFM_OS_NONE, UMASK),
    ],
    # a unit mask valid on some models of a table only: hsw_ep's names
    "model unit mask": [
        ("hsw_ep names L3_MISS_REMOTE_HOP0", "hsw_ep::OFFCORE_RESPONSE_0:DMND_DATA_RD:L3_MISS_REMOTE_HOP0",
         PFM_OS_NONE, [0x5101b7, 0x3f88000001]),
        ("hsw refuses hsw_ep's L3_MISS_REMOTE_HOP0", "hsw::OFFCORE_RESPONSE_0:DMND_DATA_RD:L3_MISS_REMOTE_HOP0",
         PFM_OS_NONE, ATTR),
        ("bdw refuses bdw_ep's L3_MISS_REMOTE_HOP1", "bdw::OFFCORE_RESPONSE_0:DMND_DATA_RD:L3_MISS_REMOTE_HOP1",
         PFM_OS_NONE, ATTR),
        ("snb refuses snb_ep's LLC_MISS_REMOTE_DRAM", "snb::OFFCORE_RESPONSE_0:DMND_DATA_RD:LLC_MISS_REMOTE_DRAM",
         PFM_OS_NONE, ATTR),
        ("snb_ep names LLC_MISS_REMOTE_DRAM", "snb_ep::OFFCORE_RESPONSE_0:DMND_DATA_RD:LLC_MISS_REMOTE_DRAM",
         PFM_OS_NONE, [0x5101b7, 0x3fff800001]),
    ],
    # modifier combinations libpfm4 refuses
    "modifier combination": [
        ("e without c is ATTR", "hsw::INST_RETIRED:ANY_P:e", PFM_OS_NONE, ATTR),
        ("e with c encodes", "hsw::INST_RETIRED:ANY_P:e:c=1", PFM_OS_NONE, [0x15500c0]),
        ("c given two values is ATTR_SET", "hsw::INST_RETIRED:ANY_P:c=1:c=2", PFM_OS_NONE, ATTR_SET),
        ("c given twice alike encodes", "hsw::INST_RETIRED:ANY_P:c=2:c=2", PFM_OS_NONE, [0x25100c0]),
        ("u given two values is ATTR_SET", "hsw::INST_RETIRED:ANY_P:u=1:u=0", PFM_OS_NONE, ATTR_SET),
        ("c against a named unit mask's preset is ATTR_SET", "skx::ARITH:DIVIDER_ACTIVE:c=2", PFM_OS_NONE, ATTR_SET),
        ("c equal to the preset encodes", "skx::ARITH:DIVIDER_ACTIVE:c=1", PFM_OS_NONE, [0x1510114]),
        ("ldlat without a unit mask using it is ATTR", "skl::INST_RETIRED:ANY_P:ldlat=3", PFM_OS_NONE, ATTR),
        ("ldlat with LOAD_LATENCY encodes", "skl::MEM_TRANS_RETIRED:LOAD_LATENCY:ldlat=3", PFM_OS_NONE,
         [0x5101cd, 0x3]),
        ("nf=0 is ATTR_VAL", "bdx_unc_cbo0::UNC_C_LLC_LOOKUP:NID:nf=0", PFM_OS_NONE, -9),
        ("e without c is ATTR, perf layer", "hsw::INST_RETIRED:ANY_P:e", PFM_OS_PERF_EVENT_EXT, ATTR),
    ],
}


class Rules(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        os.environ["LIBPFM_ENCODE_INACTIVE"] = "1"
        cls.lib = ctypes.CDLL(LIB)
        assert cls.lib.pfm_initialize() == 0

    def check(self, kind):
        for what, s, layer, want in RULES[kind]:
            with self.subTest(kind=kind, what=what):
                got = encode(self.lib, s, PLM3, layer)
                show = lambda v: v if isinstance(v, int) and v < 0 else (  # noqa: E731
                    [hex(x) for x in v] if isinstance(v, list) else hex(v))
                self.assertEqual(got, want, "%s: %r: got %s, libpfm4 4.13 %s" % (what, s, show(got), show(want)))

    def test_a_unit_mask_needing_a_filter_unit_mask_is_refused_without_it(self):
        self.check("filter required")

    def test_filter_unit_masks_of_one_exclusive_group_are_refused_together(self):
        self.check("filter forbidden")

    def test_the_node_filter_needs_nf_and_on_hswep_to_bdx_a_state(self):
        self.check("node filter")

    def test_an_event_that_needs_a_unit_mask_is_refused_without_one(self):
        self.check("unit mask required")

    def test_a_unit_mask_of_a_sibling_model_is_refused(self):
        self.check("model unit mask")

    def test_modifier_combinations_libpfm4_refuses_are_refused(self):
        self.check("modifier combination")


if __name__ == "__main__":
    unittest.main()
