# SPDX-License-Identifier: MIT
"""Tests of the per-PMU page generator (pmu_page.py, roff.py,
gen_pmu_pages.py) on the schema fixture and on small hand-made descriptors.
Run by man3/check_man.py (make check-man), or alone:
    python3 gen/man3/test_pmu_page.py [FIXTURE]"""
import copy
import os
import re
import subprocess
import sys
import tempfile
import unittest

import yaml

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import gen_pmu_pages  # noqa: E402
import pmu_page  # noqa: E402
import roff  # noqa: E402

FIXTURE = os.environ.get("MAN_TEST_FIXTURE",
                         os.path.join(HERE, "..", "..", "tests", "fixtures", "yaml", "fict.yaml"))


def groff_warnings(text, device=None):
    cmd = ["groff", "-man", "-ww", "-z"] + (["-T" + device] if device else [])
    r = subprocess.run(cmd, input=text.encode(), capture_output=True)
    return r.stderr.decode(errors="replace") + ("" if r.returncode == 0 else "exit %d" % r.returncode)


def rendered(text):
    """The page as a reader sees it, on one very wide line per paragraph,
    blanks squeezed."""
    r = subprocess.run(["groff", "-man", "-Tutf8", "-P-cbou", "-rLL=400n"],
                       input=text.encode(), capture_output=True, check=True)
    return re.sub(r"[ \t]+", " ", r.stdout.decode())


def load_fixture():
    with open(FIXTURE, encoding="utf-8") as f:
        return yaml.safe_load(f)


def minimal(**pmu):
    doc = {"schema": 1,
           "pmu": {"name": "tiny", "id": 900, "desc": "Tiny", "type": "core", "arch": "x86",
                   "format": {"event": "config:0-7", "umask": "config:8-15", "cmask": "config:24-31"}},
           "events": [{"name": "EV", "desc": "an event", "set": {"event": 0x1}}]}
    doc["pmu"].update(pmu)
    return doc


class FixturePage(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.doc = load_fixture()
        cls.src = pmu_page.render(cls.doc, origin="fict.yaml")
        cls.txt = rendered(cls.src)

    def test_page_has_no_groff_warning_on_ps_and_terminal_devices(self):
        self.assertEqual(groff_warnings(self.src), "")
        self.assertEqual(groff_warnings(self.src, "utf8"), "")

    def test_name_section_is_what_mandb_indexes(self):
        with tempfile.TemporaryDirectory() as d:
            p = os.path.join(d, "libpfm_fict_core1.3")
            with open(p, "w") as f:
                f.write(self.src)
            out = subprocess.run(["lexgrog", p], capture_output=True, text=True).stdout
        self.assertIn('"libpfm_fict_core1 - Fictional Core 1', out)

    def test_synopsis_gives_name_id_and_own_range(self):
        self.assertIn("PMU name: fict_core1", self.txt)
        self.assertIn("1000 (pmuplug's own range", self.txt)
        self.assertIn("fict_core1::EVENT[:UMASK]...", self.txt)

    def test_description_gives_type_arch_source_counters_and_match(self):
        for s in ("a core PMU", "architecture x86", "Data source: hand-written fixture",
                  "4 general-purpose and 1 fixed", "FictionalVendor-7-1[0-3]",
                  "this one has 5", "LIBPFM_FORCE_PMU=fict_core1"):
            self.assertIn(s, self.txt)

    def test_modifiers_with_type_range_and_field(self):
        self.assertRegex(self.txt, r"c counter-mask \[0-255\]\s+Integer from 0 to 255\. Sets field cmask\.")
        self.assertRegex(self.txt, r"k count at privilege level 0\s+Boolean\. Privilege-level modifier \(PFM_PLM0\)")
        self.assertRegex(self.txt, r"u count at privilege level 3\s+Boolean\. Privilege-level modifier \(PFM_PLM3\)")

    def test_event_count_and_every_event_and_umask_named(self):
        self.assertIn("3 events with 7 unit masks in total", self.txt)
        for ev in self.doc["events"]:
            self.assertIn(ev["name"], self.txt)
            for u in ev.get("umasks") or []:
                self.assertIn(u["name"], self.txt)

    def test_umask_notes_default_alias_precise_alone_compat(self):
        self.assertIn("BLUE (default; also AZURE), RED (precise), STALLS (alone; libpfm4 only)",
                      self.txt)

    def test_event_with_modifier_subset_says_which(self):
        self.assertRegex(self.txt, r"RESPONSES\s+Event code 0xb7; modifiers: k, u\.")

    def test_groups_listed_per_group_with_required_note(self):
        self.assertIn("Group request (one required): READS, WRITES.", self.txt)
        self.assertIn("Group supplier: ANY_RESPONSE, HIT.", self.txt)

    def test_rules_rendered_in_words_in_order(self):
        self.assertIn("1. When ANY_RESPONSE is selected, no other unit mask of the group supplier "
                      "may be selected (else PFM_ERR_FEATCOMB).", self.txt)
        self.assertIn("2. When no unit mask of the group supplier is selected, ANY_RESPONSE is added.",
                      self.txt)
        self.assertRegex(self.txt, r"request\s+at least one of its unit masks must be selected")

    def test_aliases_listed(self):
        self.assertIn("WIDGETS.BLUE_OR_RED \u2192 WIDGETS:BLUE:RED", self.txt)

    def test_encoding_lists_fields_raw_bits_and_perf_attrs(self):
        self.assertRegex(self.txt, r"rsp\s+config1:0-15")
        self.assertIn("also carry en=1", self.txt)
        self.assertIn("at most 2 64-bit codes", self.txt)
        self.assertIn("PFM_OS_PERF_EVENT keeps u, k, mg and mh of them", self.txt)

    def test_see_also_points_to_overview(self):
        self.assertRegex(self.txt, r"SEE ALSO\s+libpfm\(3\)")


class Variants(unittest.TestCase):
    def test_libpfm4_id_gets_its_enumerator_name(self):
        txt = rendered(pmu_page.render(minimal(id=202), enum_name="PFM_PMU_INTEL_GLM"))
        self.assertIn("202 (PFM_PMU_INTEL_GLM)", txt)

    def test_modifier_max_defaults_to_field_width_and_requires_is_said(self):
        doc = minimal(modifiers=[{"name": "c", "type": "int", "field": "cmask"},
                                 {"name": "e", "type": "bool", "requires": "c"}])
        txt = rendered(pmu_page.render(doc))
        self.assertIn("Integer from 0 to 255.", txt)
        self.assertIn("When set, c must end up at least 1", txt)

    def test_no_match_means_never_detected_and_os_generic_always_present(self):
        self.assertIn("never detects this PMU", rendered(pmu_page.render(minimal())))
        doc = minimal(type="os_generic")
        doc["events"] = []
        txt = rendered(pmu_page.render(doc))
        self.assertIn("present on every Linux host", txt)
        self.assertIn("lists no events", txt)
        self.assertIn("u, k, h, period, freq, precise, excl, mg, mh, cpu, pinned and hw_smpl", txt)

    def test_an_uncore_pmu_with_identifier_patterns_says_how_it_is_detected(self):
        txt = rendered(pmu_page.render(minimal(type="uncore", perf_pmu="arm_cmn_0",
                                               identifier=["(434|436).*"])))
        self.assertNotIn("never detects this PMU", txt)
        self.assertIn("identifier file in sysfs matches one of these", txt)
        self.assertIn("(434|436).*", txt)
        self.assertIn("A box is present when its identifier matches", txt)
        txt = rendered(pmu_page.render(minimal(type="uncore", perf_pmu="hisi_sccl1_ddrc0", match=["0x480fd010"],
                                               identifier=["0x00000030"])))
        self.assertIn("also matches one of: 0x00000030", txt)
        self.assertIn("its model is the host's", txt)

    def test_uncore_default_perf_attrs(self):
        txt = rendered(pmu_page.render(minimal(type="uncore")))
        self.assertIn("attributes period, freq, excl, cpu and pinned", txt)
        self.assertIn("PFM_OS_PERF_EVENT keeps none of them", txt)

    def test_exclusive_group_conflict_code(self):
        doc = minimal()
        doc["events"][0]["groups"] = [{"name": "a", "exclusive": True, "conflict": "umask"},
                                      {"name": "b"}]
        doc["events"][0]["umasks"] = [{"name": "X", "set": {"umask": 1}, "group": "a"},
                                      {"name": "Y", "set": {"umask": 2}, "group": "b"}]
        txt = rendered(pmu_page.render(doc))
        self.assertIn("at most one of its unit masks may be selected (else PFM_ERR_UMASK)", txt)

    def test_only_groups_rule(self):
        doc = minimal()
        ev = doc["events"][0]
        ev["groups"] = [{"name": "request"}, {"name": "outstanding"}]
        ev["rules"] = [{"when": "OUTSTANDING", "only_groups": ["request"]}]
        ev["umasks"] = [{"name": "RD", "set": {"umask": 1}},
                        {"name": "OUTSTANDING", "set": {"umask": 2}, "group": "outstanding"}]
        txt = rendered(pmu_page.render(doc))
        self.assertIn("When OUTSTANDING is selected, every other selected unit mask must belong "
                      "to the group request.", txt)

    def test_events_with_identical_rules_share_one_subsection(self):
        doc = load_fixture()
        twin = copy.deepcopy(next(e for e in doc["events"] if e["name"] == "RESPONSES"))
        twin["name"] = "RESPONSES_1"
        doc["events"].append(twin)
        src = pmu_page.render(doc)
        self.assertIn('.SS "RESPONSES, RESPONSES_1"', src)
        self.assertEqual(src.count("\n.SS "), 1)

    def test_exact_alias_is_marked_and_explained(self):
        doc = minimal(aliases={"EV.ONLY_X": "=EV:X", "EV.ANY": "EV"})
        txt = rendered(pmu_page.render(doc))
        self.assertIn("EV.ONLY_X \u2192 EV:X (exact)", txt)
        self.assertIn("EV.ANY \u2192 EV\n", txt)
        self.assertIn("no default unit mask is added", txt)

    def test_perf_attrs_most_events_share_are_said_once(self):
        doc = minimal(type="os_generic")
        common = ["u", "k", "period"]
        doc["events"] = [{"name": "E%d" % i, "set": {"event": i}, "perf_attrs": common}
                         for i in range(3)]
        doc["events"].append({"name": "ODD", "set": {"event": 9}, "perf_attrs": ["u"]})
        txt = rendered(pmu_page.render(doc))
        self.assertIn("most of its events also accept the perf_events attributes u, k and "
                      "period.", txt)
        self.assertIn("perf_events attributes: u;", txt)
        self.assertEqual(txt.count("perf_events attributes:"), 1)

    def test_event_with_own_attr_type_says_so(self):
        doc = minimal(perf_type=0)
        doc["events"].append({"name": "SW", "set": {"event": 2}, "perf_type": 1})
        txt = rendered(pmu_page.render(doc))
        self.assertIn("attr.type is 0.", txt)
        self.assertRegex(txt, r"SW\s+Event code 0x2; attr.type 1;")
        self.assertIn("Events whose entry gives attr.type use that value instead.", txt)

    def test_raw_name_event_says_how_it_is_written(self):
        doc = minimal(type="os_generic", format={"raw": "config:0-63"})
        doc["events"] = [{"name": "r0000", "set": {"raw": 0}, "flags": ["raw_name"]}]
        txt = rendered(pmu_page.render(doc))
        self.assertRegex(txt, r"r0000 [Ww]ritten r followed by the value of field raw in hexadecimal")

    def test_converted_source_is_explained_and_other_sources_quoted(self):
        txt = rendered(pmu_page.render(minimal(source="x86/goldmont v13")))
        self.assertIn("directory x86/goldmont, mapfile version v13, converted by jsontoyaml", txt)
        self.assertIn("EVENT.UMASK are accepted too", txt)
        txt = rendered(pmu_page.render(minimal(source="hand-written")))
        self.assertIn("Data source: hand-written.", txt)
        self.assertNotIn("EVENT.UMASK are accepted too", txt)

    def test_many_aliases_are_summarised_per_event(self):
        doc = minimal()
        n = pmu_page.ALIAS_LIST_MAX + 5
        doc["pmu"]["aliases"] = {"EV.N%03d" % i: "EV:U%03d" % i for i in range(n)}
        txt = rendered(pmu_page.render(doc))
        self.assertIn("There are %d of them" % n, txt)
        self.assertIn("%d names, for example:" % n, txt)
        self.assertEqual(txt.count("\u2192"), pmu_page.ALIAS_EXAMPLES)

    def test_hostile_text_is_escaped(self):
        doc = minimal(desc="back\\slash \u00b5ops 'quote \"dq\" -dash")
        ev = doc["events"][0]
        ev["name"] = ".DOT_FIRST"
        ev["umasks"] = [{"name": "'APOS_FIRST", "set": {"umask": 1}, "equiv": ".x\\y"},
                        {"name": "L" * 90 + ".TAIL_" + "M" * 30, "set": {"umask": 2}}]
        src = pmu_page.render(doc)
        self.assertEqual(groff_warnings(src), "")
        self.assertEqual(groff_warnings(src, "utf8"), "")
        txt = rendered(src)
        for s in ("back\\slash \u00b5ops 'quote \"dq\" -dash", ".DOT_FIRST", "'APOS_FIRST",
                  "= .x\\y"):
            self.assertIn(s, txt)

    def test_roff_text_protects_line_starts_and_breaks_long_words(self):
        self.assertEqual(roff.text(".x"), "\\&.x")
        self.assertEqual(roff.text("'x"), "\\&'x")
        self.assertEqual(roff.text("a-b\\c"), "a\\-b\\ec")
        self.assertEqual(roff.text("\u00e9"), "\\[u00E9]")
        long = "A_" * 25
        self.assertIn("_\\:", roff.text(long))
        self.assertNotIn("\\:", roff.text("SHORT_NAME.X"))


class Cli(unittest.TestCase):
    def run_cli(self, *args):
        return gen_pmu_pages.main(["-q"] + list(args))

    def test_writes_one_page_per_descriptor_and_prunes_stale_pages(self):
        with tempfile.TemporaryDirectory() as d:
            out = os.path.join(d, "out")
            os.makedirs(out)
            stale = os.path.join(out, "libpfm_gone.3")
            open(stale, "w").close()
            other = os.path.join(out, "README")
            open(other, "w").close()
            self.run_cli("-o", out, "--prune", FIXTURE)
            self.assertEqual(sorted(os.listdir(out)), ["README", "libpfm_fict_core1.3"])

    def test_directories_are_searched_recursively_and_header_names_ids(self):
        with tempfile.TemporaryDirectory() as d:
            os.makedirs(os.path.join(d, "in", "x86"))
            with open(os.path.join(d, "in", "x86", "glm.yaml"), "w") as f:
                yaml.safe_dump(minimal(name="glm", id=202), f)
            hdr = os.path.join(d, "pfmlib.h")
            with open(hdr, "w") as f:
                f.write("typedef enum {\n\tPFM_PMU_NONE = 0,\n\tPFM_PMU_INTEL_GLM = 202,\n"
                        "\tPFM_PMU_MAX = 4096\n} pfm_pmu_t;\n")
            self.run_cli("-o", os.path.join(d, "out"), "--header", hdr, os.path.join(d, "in"))
            with open(os.path.join(d, "out", "libpfm_glm.3")) as f:
                self.assertIn("PFM_PMU_INTEL_GLM", f.read())

    def test_two_descriptors_of_one_pmu_are_refused(self):
        with tempfile.TemporaryDirectory() as d:
            for n in ("a.yaml", "b.yaml"):
                with open(os.path.join(d, n), "w") as f:
                    yaml.safe_dump(minimal(), f)
            with self.assertRaises(SystemExit) as cm:
                self.run_cli("-o", os.path.join(d, "out"), d)
            self.assertIn("already described", str(cm.exception.code))

    def test_unchanged_page_is_not_rewritten(self):
        with tempfile.TemporaryDirectory() as d:
            self.run_cli("-o", d, FIXTURE)
            p = os.path.join(d, "libpfm_fict_core1.3")
            os.utime(p, (1, 1))
            self.run_cli("-o", d, FIXTURE)
            self.assertEqual(os.stat(p).st_mtime, 1)


def suite():
    return unittest.defaultTestLoader.loadTestsFromModule(sys.modules[__name__])


if __name__ == "__main__":
    if len(sys.argv) > 1:
        FIXTURE = sys.argv.pop(1)
    unittest.main(verbosity=2)
