#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""test_fstr.py - fully qualified strings that libpfm4 4.13 writes but does
not read back as the encoding it wrote them for, pinned: pmuplug writes the
same bytes and reads them back as that encoding. One table, string -> codes
and fstr, through the public API of build/lib/libpfm.so.4 (ctypes) under
PFM_OS_NONE, LIBPFM_ENCODE_INACTIVE=1. The expected values were measured on
the installed libpfm4 4.13, which the table is also run against (check-pinned):
there the fstr still reads back as the codes of the last column.

    python3 -m unittest tests/pinned/test_fstr.py   (PMUPLUG_LIB=dir to choose the library)
"""
import ctypes
import os
import sys
import unittest

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LIB = os.path.join(os.environ.get("PMUPLUG_LIB", os.path.join(TOP, "build", "lib")), "libpfm.so.4")

# the public API's structs, as the facts reader declares them
sys.path.insert(0, os.path.join(TOP, "jsontoyaml", "tools"))
from libpfm4_facts import EncodeArg  # noqa: E402

PFM_OS_NONE = 0
PLM0, PLM3 = 0x1, 0x8

# (what it pins, string, plm, codes, the fstr libpfm4 4.13 writes, the codes
# libpfm4 4.13 gives for that fstr). Codes are compared without trailing zero
# codes (4.13 returns an empty filter code on the skx UPI boxes; accepted row
# skx_unc_upi* @zero-code).
CASES = [
    # 1. the snbep..bdx C-box thread and core filters: no filter is written
    #    tf=0:cf=0, which libpfm4 reads back as a filter on thread 0 of core 0
    ("snbep C-box no filter is tf=0:cf=0", "snbep_unc_cbo0::UNC_C_TOR_INSERTS:OPCODE:OPC_RFO", PLM3,
     [0x135, 0xc0000000], "snbep_unc_cbo0::UNC_C_TOR_INSERTS:OPCODE:OPC_RFO:e=0:i=0:t=0:tf=0:cf=0",
     [0x80135, 0xc0000000]),
    ("ivbep C-box no filter is tf=0:cf=0", "ivbep_unc_cbo3::UNC_C_LLC_LOOKUP:DATA_READ", PLM3,
     [0x334, 0x7e0000], "ivbep_unc_cbo3::UNC_C_LLC_LOOKUP:DATA_READ:STATE_MESIF:e=0:t=0:tf=0:cf=0",
     [0x80334, 0x7e0000]),
    ("bdx C-box no filter is tf=0:cf=0", "bdx_unc_cbo1::UNC_C_BOUNCE_CONTROL", PLM3,
     [0xa], "bdx_unc_cbo1::UNC_C_BOUNCE_CONTROL:e=0:t=0:tf=0:cf=0", [0x8000a]),
    ("bdx C-box node filter, tf=0:cf=0 around nf", "bdx_unc_cbo0::UNC_C_LLC_LOOKUP:NID:nf=1", PLM3,
     [0x5134, 0xfe0000, 0x1], "bdx_unc_cbo0::UNC_C_LLC_LOOKUP:ANY:NID:STATE_MESIFD:e=0:t=0:tf=0:nf=1:cf=0",
     [0x85134, 0xfe0000, 0x1]),
    ("bdx C-box a thread filter is tf=1:cf=0", "bdx_unc_cbo1::UNC_C_BOUNCE_CONTROL:tf=1", PLM3,
     [0x8000a, 0x1], "bdx_unc_cbo1::UNC_C_BOUNCE_CONTROL:e=0:t=0:tf=1:cf=0", [0x8000a, 0x1]),
    # 2. the skx UPI header-match filters: none is written dnid=0:rcsnid=0,
    #    which libpfm4 reads back as both filters enabled on node 0
    ("skx UPI no filter is dnid=0:rcsnid=0", "skx_unc_upi1::UNC_UPI_RXL_BASIC_HDR_MATCH:NCB", PLM3,
     [0xe05], "skx_unc_upi1::UNC_UPI_RXL_BASIC_HDR_MATCH:NCB:FILT_NONE:e=0:i=0:t=0:dnid=0:rcsnid=0",
     [0xe05, 0x42000]),
    ("skx UPI dnid=1 is dnid=1:rcsnid=0", "skx_unc_upi0::UNC_UPI_RXL_BASIC_HDR_MATCH:REQ:dnid=1", PLM3,
     [0x805, 0x2100], "skx_unc_upi0::UNC_UPI_RXL_BASIC_HDR_MATCH:REQ:FILT_NONE:e=0:i=0:t=0:dnid=1:rcsnid=0",
     [0x805, 0x42100]),
    # 3. skx CHA's default filter (0x3b, every locality, opcode and memory)
    #    is written loc=1:rem=1:lmem=1:rmem=1, which libpfm4 reads back as 0x23
    ("skx CHA default filter is loc=1:rem=1:lmem=1:rmem=1", "skx_unc_cha2::UNC_C_TOR_INSERTS:IA_MISS", PLM3,
     [0x2135, 0x0, 0x3b], "skx_unc_cha2::UNC_C_TOR_INSERTS:IA_MISS:e=0:i=0:t=0:isoc=0:nc=0:loc=1:rem=1:lmem=1:rmem=1",
     [0x2135, 0x0, 0x23]),
    ("skx CHA filters given at 0 are the default filter", "skx_unc_cha2::UNC_C_TOR_OCCUPANCY:IA_MISS:loc=0:rem=0", PLM3,
     [0x2136, 0x0, 0x3b], "skx_unc_cha2::UNC_C_TOR_OCCUPANCY:IA_MISS:e=0:i=0:t=0:isoc=0:nc=0:loc=1:rem=1:lmem=1:rmem=1",
     [0x2136, 0x0, 0x23]),
    ("skx CHA a locality filter is written as given", "skx_unc_cha2::UNC_C_TOR_INSERTS:ALL_HIT:loc", PLM3,
     [0x1535, 0x0, 0x2], "skx_unc_cha2::UNC_C_TOR_INSERTS:ALL_HIT:e=0:i=0:t=0:isoc=0:nc=0:loc=1:rem=0:lmem=1:rmem=0",
     [0x1535, 0x0, 0x2]),
    # 4. the load-latency threshold: ldlat=0 is written where no unit mask
    #    uses it; libpfm4 refuses that value when read back
    ("snb ldlat=0 beside a unit mask without latency", "snb::MEM_TRANS_RETIRED:PRECISE_STORE", PLM0 | PLM3,
     [0x5302cd], "snb::MEM_TRANS_RETIRED:PRECISE_STORE:k=1:u=1:e=0:i=0:c=0:t=0:ldlat=0", -9),
    ("wsm ldlat=0 beside LOADS", "wsm::MEM_INST_RETIRED:LOADS", PLM0 | PLM3,
     [0x53010b], "wsm::MEM_INST_RETIRED:LOADS:k=1:u=1:e=0:i=0:c=0:t=0:ldlat=0", -9),
    # 5. skl's frontend threshold: fe_thres=0 is written where no unit mask
    #    uses it; libpfm4 refuses that value when read back
    ("skl fe_thres=0 beside a unit mask without threshold", "skl::FRONTEND_RETIRED:DSB_MISS", PLM0 | PLM3,
     [0x5301c6, 0x11], "skl::FRONTEND_RETIRED:DSB_MISS:k=1:u=1:e=0:i=0:c=0:intx=0:intxcp=0:fe_thres=0", -9),
]


LIBC = ctypes.CDLL(None)
LIBC.free.argtypes = [ctypes.c_void_p]


def encode(lib, s, plm):
    """(codes without trailing zero codes, fstr), or (error, None)."""
    codes = (ctypes.c_uint64 * 8)()
    out = ctypes.c_void_p()
    a = EncodeArg(codes=codes, fstr=ctypes.cast(ctypes.byref(out), ctypes.POINTER(ctypes.c_char_p)),
                  size=ctypes.sizeof(EncodeArg), count=8)
    rc = lib.pfm_get_os_event_encoding(s.encode(), plm, PFM_OS_NONE, ctypes.byref(a))
    if rc:
        return rc, None
    fstr = ctypes.string_at(out.value).decode() if out.value else None
    LIBC.free(out)
    got = list(codes[:a.count])
    while len(got) > 1 and not got[-1]:
        got.pop()
    return got, fstr


def show(v):
    return v if isinstance(v, int) else [hex(x) for x in v]


class LibpfmSpelling(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        os.environ["LIBPFM_ENCODE_INACTIVE"] = "1"
        cls.lib = ctypes.CDLL(LIB)
        assert cls.lib.pfm_initialize() == 0
        # pmuplug has upstream libpfm4's Zen 6, 4.13 has not
        cls.pmuplug = cls.lib.pfm_find_event(b"amd64_fam1ah_zen6::RETIRED_INSTRUCTIONS") >= 0

    def test_fstr_is_libpfm4s(self):
        for what, s, plm, codes, fstr, _ in CASES:
            with self.subTest(what=what, string=s):
                got, gfstr = encode(self.lib, s, plm)
                self.assertEqual(got, codes, "%s: %r: codes %s, expected %s" % (what, s, show(got), show(codes)))
                self.assertEqual(gfstr, fstr, "%s: %r" % (what, s))

    def test_fstr_encodes_as_the_string(self):
        for what, s, plm, codes, fstr, lib_codes in CASES:
            with self.subTest(what=what, string=fstr):
                want = codes if self.pmuplug else lib_codes
                got, _ = encode(self.lib, fstr, plm)
                self.assertEqual(got, want, "%s: %r read back: %s, expected %s"
                                 % (what, fstr, show(got), show(want)))


if __name__ == "__main__":
    unittest.main()
