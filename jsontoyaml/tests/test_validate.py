# SPDX-License-Identifier: MIT
"""The schema check run on every descriptor after the transforms: each kind
of problem is found and named."""
import copy
import unittest

import helpers  # noqa: F401  (puts jsontoyaml/ on sys.path)
import validate


def doc():
    return {
        "schema": 1,
        "pmu": {"name": "p", "id": 900, "desc": "P", "type": "core", "arch": "x86",
                "format": {"event": "config:0-7", "umask": "config:8-15", "cmask": "config:24-31"},
                "modifiers": [{"name": "c", "desc": "cmask", "type": "int", "field": "cmask"}]},
        "events": [{"name": "E", "desc": "e", "set": {"event": 1},
                    "groups": [{"name": "g1"}, {"name": "g2"}],
                    "rules": [{"when": "A", "forbid_groups": ["g2"]}],
                    "umasks": [{"name": "A", "desc": "a", "set": {"umask": 1}, "group": "g1"},
                               {"name": "B", "desc": "b", "set": {"umask": 2}, "group": "g2"}]}],
    }


def probs(mutate):
    d = doc()
    mutate(d)
    return validate.validate(d)


class ValidateTest(unittest.TestCase):
    def test_good_document_has_no_problem(self):
        self.assertEqual(validate.validate(doc()), [])

    def test_unknown_key(self):
        self.assertEqual(probs(lambda d: d["events"][0].update(colour="red")),
                         ["p: event E: unknown key 'colour'"])

    def test_missing_required_key(self):
        self.assertEqual(probs(lambda d: d["pmu"].pop("desc")), ["p: pmu: missing required key 'desc'"])

    def test_wrong_type(self):
        self.assertEqual(probs(lambda d: d["pmu"].update(id="900")), ["p: pmu: id has the wrong type (int expected)"])

    def test_invert_on_an_int_modifier_is_refused(self):
        self.assertEqual(probs(lambda d: d["pmu"]["modifiers"][0].update(invert=True)),
                         ["p: pmu: modifier c: invert needs a bool modifier with a field"])

    def test_invert_on_a_bool_modifier_with_a_field_is_accepted(self):
        def m(d):
            d["pmu"]["format"]["excl"] = "config:31"
            d["pmu"]["modifiers"].append({"name": "k", "desc": "k", "type": "bool", "plm": 1,
                                          "field": "excl", "invert": True})
        self.assertEqual(probs(m), [])

    def test_set_field_not_in_format(self):
        self.assertEqual(probs(lambda d: d["events"][0]["set"].update(ldlat=3)),
                         ["p: event E: set: no format field 'ldlat'"])

    def test_value_wider_than_its_field(self):
        self.assertEqual(probs(lambda d: d["events"][0]["umasks"][0]["set"].update(umask=0x100)),
                         ["p: event E: umask A: set: umask=0x100 does not fit its 8 bits"])

    def test_umask_in_unknown_group(self):
        self.assertEqual(probs(lambda d: d["events"][0]["umasks"][0].update(group="g9")),
                         ["p: event E: umask A: no group 'g9'"])

    def test_rule_names_unknown_umask_and_group(self):
        def m(d):
            d["events"][0]["rules"] = [{"when": "Z", "forbid_groups": ["g7"]}]
        self.assertEqual(probs(m), ["p: event E: rule: when: no umask Z", "p: event E: rule: forbid_groups: no group 'g7'"])

    def test_event_modifier_not_defined_by_the_pmu(self):
        self.assertEqual(probs(lambda d: d["events"][0].update(modifiers=["c", "t"])),
                         ["p: event E: modifiers: 't' is not a PMU modifier"])

    def test_modifier_field_must_exist(self):
        self.assertEqual(probs(lambda d: d["pmu"]["modifiers"][0].update(field="inv")),
                         ["p: pmu: modifier c: no format field 'inv'"])

    def test_duplicate_names_ignore_case(self):
        def m(d):
            d["events"].append(copy.deepcopy(d["events"][0]))
            d["events"][1]["name"] = "e"
            d["events"][0]["umasks"][1]["name"] = "a"
        self.assertEqual(probs(m), ["p: event E: umask a: name a already used in this event",
                                    "p: event e: duplicate event name"])

    def test_alias_must_point_at_an_event_and_not_shadow_one(self):
        self.assertEqual(probs(lambda d: d["pmu"].update(aliases={"X.Y": "NOPE:A", "E": "E:A"})),
                         ["p: pmu: alias X.Y -> NOPE:A: no event NOPE", "p: pmu: alias E has the name of an event"])

    def test_exact_alias_marker_is_accepted(self):
        self.assertEqual(probs(lambda d: d["pmu"].update(aliases={"E.A.X": "=E:A"})), [])

    def test_bad_format_spec_and_pmu_name(self):
        def m(d):
            d["pmu"]["format"]["x"] = "config3:0-7"
            d["pmu"]["name"] = "P-1"
        self.assertEqual(probs(m), ["P-1: pmu: name 'P-1' is not [a-z0-9_]+", "P-1: pmu: format: bad field 'x': 'config3:0-7'"])


if __name__ == "__main__":
    unittest.main()
