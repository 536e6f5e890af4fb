# SPDX-License-Identifier: MIT
"""The YAML writer: what it quotes, hex numbers, key order, and that libyaml
reads its output back to the same data."""
import unittest

import yaml

import helpers  # noqa: F401  (puts jsontoyaml/ on sys.path)
import emit

LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class ScalarTest(unittest.TestCase):
    def test_words_stay_plain(self):
        self.assertEqual(emit.scalar("UOPS_ISSUED"), "UOPS_ISSUED")
        self.assertEqual(emit.scalar("OFFCORE_RESPONSE.DEMAND_DATA_RD"), "OFFCORE_RESPONSE.DEMAND_DATA_RD")

    def test_yaml_keywords_numbers_and_punctuation_are_quoted(self):
        for s in ("yes", "No", "null", "on", "0x1f", "12", "a: b", "x #y", "[z]", "", "-a", "'q'"):
            q = emit.scalar(s, flow=False)
            self.assertTrue(q.startswith('"'), s)
            self.assertEqual(yaml.load("k: " + q, Loader=LOADER), {"k": s})

    def test_sentences_are_plain_in_block_context_only(self):
        self.assertEqual(emit.scalar("Cycles the core is halted.", flow=False), "Cycles the core is halted.")
        self.assertEqual(emit.scalar("Cycles the core is halted."), '"Cycles the core is halted."')

    def test_control_and_non_ascii_characters_round_trip(self):
        for s in ("tab\there", "line\nbreak", "quote \" and \\", "\u00b5s latency", "\x85\u2028", "\U0001f600"):
            self.assertEqual(yaml.load("k: " + emit.scalar(s, flow=False), Loader=LOADER), {"k": s}, repr(s))

    def test_hex_only_where_asked(self):
        self.assertEqual(emit.scalar(200, hexa=True), "0xc8")
        self.assertEqual(emit.scalar(200), "200")
        self.assertEqual(emit.scalar(True), "true")


class DocumentTest(unittest.TestCase):
    DOC = {"schema": 1,
           "pmu": {"format": {"umask": "config:8-15", "event": "config:0-7,32-35"}, "id": 900, "name": "p",
                   "desc": "P: a test", "type": "core", "arch": "x86", "match": ["A-6-(1|2)"],
                   "raw_bits": {"en": 1}, "aliases": {"E.X.Y": "E:X_Y"},
                   "modifiers": [{"type": "bool", "name": "k", "desc": "kernel", "plm": 1}]},
           "events": [{"set": {"event": 0x3c}, "name": "E", "desc": "yes",
                       "umasks": [{"name": "X_Y", "desc": "x", "set": {"umask": 1}, "flags": ["deprecated"]}],
                       "groups": [{"name": "default", "required": True, "exclusive": False}]}]}

    def test_document_reads_back_equal(self):
        self.assertEqual(yaml.load(emit.dumps(self.DOC), Loader=LOADER), self.DOC)

    def test_keys_in_schema_order_and_codes_in_hex(self):
        text = emit.dumps(self.DOC, header="made by a test")
        self.assertTrue(text.startswith("# made by a test\nschema: 1\npmu:\n  name: p\n  id: 900\n"))
        self.assertIn("  format:\n    umask: config:8-15\n    event: config:0-7,32-35\n", text)
        self.assertIn("  - name: E\n    desc: \"yes\"\n    set: {event: 0x3c}\n    groups:\n", text)
        self.assertIn("      plm: 0x1\n", text)


if __name__ == "__main__":
    unittest.main()
