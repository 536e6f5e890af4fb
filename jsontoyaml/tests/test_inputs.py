# SPDX-License-Identifier: MIT
"""Reading perf's inputs: mapfile rows and regexes, JSON entries with their
lines, ArchStdEvent resolution, field types; errors as file:line[:col]."""
import os
import unittest

from helpers import ConvertError, TestCase, error_of, fixture, mkdtemp

import mapfile
import perffields
import perfjson
from errors import Warnings


def write_tmp(text, name="f.json"):
    d = mkdtemp()
    path = os.path.join(d, name)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    return path


class MapfileTest(TestCase):
    def test_header_comments_and_rows_are_read_in_order(self):
        rows = mapfile.read_mapfile(fixture("arch-ok", "x86", "mapfile.csv"))
        self.assertEqual([(r.regex, r.version, r.path, r.type, r.line) for r in rows], [
            ("GenuineIntel-6-(1A|2B)", "v7", "tiny", "core", 3),
            ("GenuineIntel-6-3[CD]", "v7", "tiny", "core", 4),
            ("GenuineIntel-6-9[7A]", "v2", "hybrid", "core", 5),
            ("GenuineIntel-6-1A", "v1", "tiny", "uncore", 6)])

    def test_first_row_is_skipped_even_when_it_is_a_comment(self):
        rows = mapfile.read_mapfile(fixture("arch-ok", "arm64", "mapfile.csv"))
        self.assertEqual([r.line for r in rows], [3, 4])

    def test_row_with_three_fields_is_reported_with_line_and_column(self):
        path = fixture("bad-mapfile", "x86", "mapfile.csv")
        self.assertEqual(error_of(mapfile.read_mapfile, path),
                         path + ":3:1: expected 4 comma-separated fields (identity,version,file,type), found 3")

    def test_bad_regex_points_at_the_offending_character(self):
        path = fixture("bad-regex", "x86", "mapfile.csv")
        self.assertEqual(error_of(mapfile.read_mapfile, path),
                         path + ":2:16: invalid identity regex: missing ), unterminated subpattern")

    def test_posix_classes_of_perf_regexes_are_accepted(self):
        self.assertIsNone(mapfile.check_regex(r"^IBM.393[12].*[[:xdigit:]]{4}$"))
        self.assertEqual(mapfile.check_regex("x[[:nope:]]")[1], "unknown POSIX character class")


class JsonEntriesTest(TestCase):
    def test_each_entry_gets_the_line_where_it_starts(self):
        entries = perfjson.load_entries(fixture("arch-ok", "x86", "tiny", "cache.json"))
        self.assertEqual([line for _, line in entries], [2, 9, 18, 28, 35])
        self.assertEqual(entries[1][0]["EventName"], "OFFCORE_RESPONSE.DEMAND_DATA_RD.ANY_RESPONSE")

    def test_malformed_json_reports_file_line_column(self):
        path = fixture("bad-json", "x86", "tiny", "pipeline.json")
        self.assertEqual(error_of(perfjson.load_entries, path),
                         path + ":5:9: invalid JSON: Expecting ',' delimiter")

    def test_trailing_comma_is_an_error(self):
        path = write_tmp('[\n  {"EventName": "A"},\n]\n')
        self.assertEqual(error_of(perfjson.load_entries, path),
                         path + ":3:1: invalid JSON: trailing comma before ']'")

    def test_top_level_object_is_refused(self):
        path = write_tmp('{"a": 1}\n')
        self.assertEqual(error_of(perfjson.load_entries, path), path + ":1:1: expected a JSON array of entries")

    def test_metric_files_and_entries_are_recognised(self):
        self.assertTrue(perfjson.is_metric_file("skl-metrics.json"))
        self.assertTrue(perfjson.is_metric_file("metricgroups.json"))
        self.assertFalse(perfjson.is_metric_file("memory.json"))
        self.assertTrue(perfjson.is_metric({"MetricName": "x", "MetricExpr": "y"}))
        self.assertFalse(perfjson.is_metric({"MetricName": "x", "EventName": "E"}))


class ArchStdTest(TestCase):
    def test_reference_is_case_insensitive_and_local_fields_win(self):
        std = perfjson.load_arch_std(fixture("arch-ok", "arm64"))
        got = perfjson.resolve_std({"ArchStdEvent": "inst_retired", "BriefDescription": "local"},
                                   std, "f.json", 7)
        self.assertEqual(got["EventName"], "INST_RETIRED")
        self.assertEqual(got["EventCode"], "0x08")
        self.assertEqual(got["BriefDescription"], "local")

    def test_unknown_reference_is_reported_at_the_entry(self):
        std = perfjson.load_arch_std(fixture("bad-std", "arm64"))
        self.assertEqual(error_of(perfjson.resolve_std, {"ArchStdEvent": "NOPE"}, std, "f.json", 5),
                         "f.json:5: ArchStdEvent 'NOPE' is not a standard event of this architecture")


class FieldTypesTest(TestCase):
    def test_numbers_are_normalised(self):
        w = Warnings()
        got = perffields.normalise({"EventCode": "0xB7, 0xBB", "UMask": "0x01", "SampleAfterValue": "08",
                                    "CountersNumFixed": 3, "MSRIndex": "0x1a6, 0x1a7"}, "f", 1, w, "E")
        self.assertEqual(got, {"EventCode": [0xb7, 0xbb], "UMask": 1, "SampleAfterValue": 8,
                               "CountersNumFixed": 3, "MSRIndex": [0x1a6, 0x1a7]})

    def test_wrong_value_type_stops_with_the_entry_line(self):
        for val, what in ((["0x1"], "an array"), ("zz", "'zz'"), (-1, "int"), (True, "a boolean")):
            with self.assertRaises(ConvertError) as cm:
                perffields.normalise({"UMask": val}, "f.json", 12, Warnings(), "E.X")
            self.assertEqual(str(cm.exception), "f.json:12: E.X: field UMask must be an unsigned number, not %s" % what)

    def test_text_fields_must_be_strings(self):
        with self.assertRaises(ConvertError) as cm:
            perffields.normalise({"BriefDescription": 3}, "f.json", 4, Warnings(), "E")
        self.assertEqual(str(cm.exception), "f.json:4: E: field BriefDescription must be a string, not int")

    def test_unknown_field_is_kept_and_warned_once_per_name(self):
        w = Warnings()
        got = perffields.normalise({"Colour": "blue"}, "f.json", 2, w, "E")
        perffields.normalise({"Colour": "red"}, "f.json", 9, w, "F")
        self.assertEqual(got, {"Colour": "blue"})
        self.assertEqual(list(w.items.values()), [["f.json:2: E: unknown perf field 'Colour' ignored", 2]])

    def test_a_known_misspelling_is_a_note_not_a_warning(self):
        w, notes = Warnings(), Warnings(kind="note")
        known = ({"Colour": "Color misspelled"}, notes)
        got = perffields.normalise({"Colour": "blue", "Shade": 1}, "f.json", 2, w, "E", known)
        perffields.normalise({"Colour": "red"}, "f.json", 9, w, "F", known)
        self.assertEqual(got, {"Colour": "blue", "Shade": 1})
        self.assertEqual(w.lines(), ["warning: f.json:2: E: unknown perf field 'Shade' ignored"])
        self.assertEqual(notes.lines(), ["note: f.json:2: E: unknown perf field 'Colour' ignored (a known"
                                         " misspelling: Color misspelled) (and 1 more like it)"])


if __name__ == "__main__":
    unittest.main()
