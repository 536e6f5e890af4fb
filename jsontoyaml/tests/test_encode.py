# SPDX-License-Identifier: MIT
"""One perf event -> the field values it sets, per family: perf keys, MSRs
(with split sub-fields), ConfigCode, and values with no place in the format."""
import unittest

from helpers import ConvertError

import overlay
from encode import Encoder

FAMILY = {
    "format": {"event": "config:0-7", "umask": "config:8-15", "cmask": "config:24-31", "fw": "config:63"},
    "perf_fields": {"EventCode": "event", "UMask": "umask", "CounterMask": "cmask"},
    "msr_fields": {0x3f7: {"field": "frontend", "split": ["fe_thres"],
                           "format": {"frontend": "config1:0-23", "fe_thres": "config1:8-19"}}},
    "config_fields": ["event", "fw"],
}


def encoder():
    fam = overlay.Family("t", "fam.yaml", overlay.LDict(FAMILY))
    plan = overlay.PmuPlan(name="p", family=fam, features=[], extra_format={})
    return Encoder(plan)


def ev(**kw):
    kw.setdefault("EventName", "E.X")
    kw.update(_file="f.json", _line=3)
    return kw


class EncodeTest(unittest.TestCase):
    def test_perf_keys_map_to_fields_and_zeros_are_dropped(self):
        self.assertEqual(encoder().encode(ev(EventCode=[0xb7, 0xbb], UMask=1, CounterMask=0)),
                         ({"event": 0xb7, "umask": 1}, None))

    def test_msr_value_goes_to_its_field_and_split_subfield(self):
        e = encoder()
        self.assertEqual(e.encode(ev(EventCode=[0xc6], MSRIndex=[0x3f7], MSRValue=0x401006))[0],
                         {"event": 0xc6, "frontend": 0x400006, "fe_thres": 0x10})
        self.assertEqual(e.format["frontend"], "config1:0-23")

    def test_config_code_is_split_over_config_fields(self):
        self.assertEqual(encoder().encode(ev(ConfigCode=0x8000000000000003)),
                         ({"event": 3, "fw": 1}, 0x8000000000000003))

    def test_config_code_with_bits_outside_the_fields_is_an_error(self):
        with self.assertRaises(ConvertError) as cm:
            encoder().encode(ev(ConfigCode=0x100))
        self.assertEqual(str(cm.exception), "f.json:3: E.X: ConfigCode 0x100 has bits outside fields event, fw")

    def test_key_without_a_field_is_an_error(self):
        with self.assertRaises(ConvertError) as cm:
            encoder().encode(ev(EventCode=[1], Invert=1))
        self.assertEqual(str(cm.exception), "f.json:3: E.X: Invert=0x1 has no place in the format of family t")

    def test_unknown_msr_is_an_error(self):
        with self.assertRaises(ConvertError) as cm:
            encoder().encode(ev(EventCode=[1], MSRIndex=[0x1a6], MSRValue=1))
        self.assertEqual(str(cm.exception), "f.json:3: E.X: MSRIndex 0x1a6 is not known to family t")



class LayoutTest(unittest.TestCase):
    def test_layout_is_format_features_and_msr_fields(self):
        d = dict(FAMILY, features={"smt": {"format": {"any": "config:21"}}})
        fam = overlay.Family("t", "fam.yaml", overlay.LDict(d))
        self.assertEqual(fam.layout(), {"event": "config:0-7", "umask": "config:8-15", "cmask": "config:24-31",
                                        "fw": "config:63", "any": "config:21", "frontend": "config1:0-23",
                                        "fe_thres": "config1:8-19"})

    def test_a_field_with_two_formats_is_an_error(self):
        d = dict(FAMILY, features={"wide": {"format": {"event": "config:0-7,32-35"}}})
        fam = overlay.Family("t", "fam.yaml", overlay.LDict(d))
        with self.assertRaises(ConvertError) as cm:
            fam.layout()
        self.assertEqual(str(cm.exception),
                         "fam.yaml: family t: field event is config:0-7 in one place and config:0-7,32-35 in another")


if __name__ == "__main__":
    unittest.main()
