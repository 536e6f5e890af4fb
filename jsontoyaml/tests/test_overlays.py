# SPDX-License-Identifier: MIT
"""The repository's own overlays (arch/): every file loads, PMU names and ids
are unique, new ids stay in pmuplug's range, and names/ids/descriptions of
PMUs libpfm4 knows are libpfm4's (header, upstream list, installed library)."""
import os
import unittest

from helpers import REPO

import overlay

ARCH = os.path.join(REPO, "arch")
HEADER = "/usr/include/perfmon/pfmlib.h"
UPSTREAM = os.path.join(ARCH, "libpfm4-upstream-pmu-ids.tsv")


def all_pmus():
    """[(arch, model, pmu dict)] of every models.yaml under arch/."""
    out = []
    for arch in sorted(os.listdir(ARCH)):
        if not os.path.isfile(os.path.join(ARCH, arch, "models.yaml")):
            continue
        ov = overlay.ArchOverlay(ARCH, arch)
        for model, m in ov.models.items():
            ov.plans(model, ["x"])          # loads and checks the family and features
            for p in m["pmus"]:
                out.append((arch, model, p))
    return out


def upstream_ids():
    ids = {}
    for line in open(UPSTREAM, encoding="utf-8"):
        if line.startswith("#") or not line.strip():
            continue
        cols = line.rstrip("\n").split("\t")
        ids[cols[0]] = (int(cols[1]), cols[2] if len(cols) > 2 else "", cols[3] if len(cols) > 3 else "")
    return ids


class OverlayTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.pmus = all_pmus()

    def test_every_architecture_of_perf_has_an_overlay(self):
        self.assertEqual(sorted(a for a in os.listdir(ARCH) if os.path.isfile(os.path.join(ARCH, a, "models.yaml"))),
                         ["arm64", "nds32", "powerpc", "riscv", "s390", "x86"])

    def test_names_and_ids_are_unique(self):
        for key in ("name", "id"):
            seen = {}
            for arch, model, p in self.pmus:
                if p.get("variant"):
                    continue
                self.assertNotIn(p[key], seen, "%s %s of %s/%s already used by %s" % (key, p[key], arch, model,
                                                                                     seen.get(p[key])))
                seen[p[key]] = "%s/%s" % (arch, model)

    def test_a_variant_table_has_the_name_id_and_desc_of_a_pmu_of_its_own_directory(self):
        base = {(p["name"], p["id"]): p for _, _, p in self.pmus if not p.get("variant")}
        variants = [(a, m, p) for a, m, p in self.pmus if p.get("variant")]
        self.assertTrue(variants)
        for arch, model, p in variants:
            b = base.get((p["name"], p["id"]))
            self.assertIsNotNone(b, "variant %s (id %d) of %s/%s has no PMU" % (p["name"], p["id"], arch, model))
            self.assertEqual(p["desc"], b["desc"], "%s/%s" % (arch, model))

    def test_pmus_new_to_libpfm4_use_pmuplug_range(self):
        for arch, model, p in self.pmus:
            if "enum" in p:
                self.assertLess(p["id"], 768, p["name"])
            else:
                self.assertTrue(768 <= p["id"] <= 1022, "%s: id %d" % (p["name"], p["id"]))

    @unittest.skipUnless(os.path.isfile(HEADER), "libpfm4 header not installed")
    def test_libpfm4_ids_match_the_header_or_upstream_list(self):
        import importlib.util
        spec = importlib.util.spec_from_file_location(
            "facts", os.path.join(REPO, "jsontoyaml", "tools", "libpfm4_facts.py"))
        facts = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(facts)
        enum = facts.header_enum(HEADER)
        up = upstream_ids()
        for arch, model, p in self.pmus:
            if "enum" not in p:
                continue
            if p["enum"] in enum:
                self.assertEqual(enum[p["enum"]], p["id"], p["name"])
            else:
                self.assertIn(p["enum"], up, p["name"])
                self.assertEqual(up[p["enum"]][:3], (p["id"], p["name"], p["desc"]), p["name"])

    @unittest.skipUnless(os.path.isfile(HEADER), "libpfm4 not installed")
    def test_names_descs_counters_match_installed_libpfm4(self):
        import ctypes.util
        import importlib.util
        if not ctypes.util.find_library("pfm"):
            self.skipTest("libpfm.so not installed")
        spec = importlib.util.spec_from_file_location(
            "facts", os.path.join(REPO, "jsontoyaml", "tools", "libpfm4_facts.py"))
        facts = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(facts)
        known = {r["id"]: r for r in facts.query("libpfm.so.4", [p["id"] for _, _, p in self.pmus if "enum" in p])}
        self.assertTrue(known, "libpfm4 answered for no PMU")
        for arch, model, p in self.pmus:
            r = known.get(p["id"])
            if r is None:
                continue            # not built into this libpfm4 (other architectures)
            self.assertEqual((p["name"], p["desc"]), (r["name"], r["desc"]), model)
            if "counters" in p:
                self.assertEqual((p["counters"], p.get("fixed_counters", 0)),
                                 (r["counters"], r["fixed_counters"]), p["name"])


class OffcoreMsrsTest(unittest.TestCase):
    """arch/x86/offcore/msrs.yaml agrees with the family files that place the MSRs."""

    def test_every_offcore_msr_goes_to_the_field_msrs_yaml_names(self):
        from transforms import offcore
        msrs = offcore.load_msrs(ARCH, "x86")
        self.assertEqual(msrs.numbers, [0x1a6, 0x1a7])
        ov = overlay.ArchOverlay(ARCH, "x86")
        families = {m["family"] for m in ov.models.values()}
        placed = [f for f in sorted(families) if any(n in ov.family(f).msr_fields for n in msrs.numbers)]
        self.assertEqual(placed, ["intel"])
        for n in msrs.numbers:
            self.assertEqual(ov.family("intel").msr_fields[n][0], msrs.field, hex(n))

    def test_perf_events_it_covers(self):
        from transforms import offcore
        msrs = offcore.load_msrs(ARCH, "x86")
        ev = {"EventName": "OCR.DEMAND_DATA_RD.L3_HIT", "MSRIndex": [0x1a6, 0x1a7], "MSRValue": 0x1}
        self.assertTrue(msrs.programs(ev))
        self.assertFalse(msrs.programs(dict(ev, MSRIndex=[0x3f6])))
        self.assertFalse(msrs.programs(dict(ev, EventName="OFFCORE_REQUESTS.ALL")))
        self.assertEqual(msrs.suffix("offcore_response.demand_data_rd.any"), "demand_data_rd.any")

    def test_no_msrs_file_no_offcore_events(self):
        from transforms import offcore
        self.assertIsNone(offcore.load_msrs(ARCH, "arm64"))


class PerfTyposTest(unittest.TestCase):
    def test_the_misspellings_of_perfs_tables_are_listed(self):
        self.assertIn("BriefDescript6ion", overlay.ArchOverlay(ARCH, "x86").perf_typos)
        self.assertIn("PublicDescrition", overlay.ArchOverlay(ARCH, "arm64").perf_typos)
        self.assertEqual(overlay.ArchOverlay(ARCH, "riscv").perf_typos, {})


class KnownClashesTest(unittest.TestCase):
    def test_every_pmu_listed_has_a_libpfm4_names_overlay(self):
        from transforms import libpfm4_names
        for arch in sorted(os.listdir(ARCH)):
            clashes, path = libpfm4_names.known_clashes(ARCH, arch)
            for pmu in clashes:
                self.assertTrue(os.path.isfile(os.path.join(ARCH, arch, "libpfm4-names", pmu + ".yaml")),
                                "%s: %s has no libpfm4-names overlay" % (path, pmu))


if __name__ == "__main__":
    unittest.main()


class UncoreUnitsOverlayTest(unittest.TestCase):
    """arch/x86/uncore/perf-units.yaml: box ids are upstream libpfm4's where
    upstream has the box (its enumerator PFM_PMU_<VENDOR>_<NAME>), in the
    file's uncore ranges otherwise, and used once."""

    @classmethod
    def setUpClass(cls):
        import uncore_perf
        cls.units = uncore_perf.UncoreUnits(ARCH, "x86")
        cls.boxes = [(u.box(n)[0], u.ids[n], u.box(n)[1]) for m in cls.units.models.values()
                     for u in m.units.values() if u.skip is None and not u.libpfm4 for n in range(u.boxes)]

    def test_every_box_id_is_used_once_and_not_by_a_core_pmu(self):
        core = {p["id"] for _, _, p in all_pmus()}
        seen = set()
        for name, pid, _ in self.boxes:
            self.assertNotIn(pid, seen, name)
            self.assertNotIn(pid, core, name)
            seen.add(pid)

    def test_kernel_pmu_names_are_the_kernels(self):
        for name, _, kernel in self.boxes:
            self.assertRegex(kernel, r"^(uncore_[a-z0-9_]+|amd_l3|amd_df|amd_umc_[0-9]+)$", name)

    def test_boxes_upstream_has_keep_upstreams_id_and_the_others_ours(self):
        by_suffix = {}
        for enum, (pid, name, _) in upstream_ids().items():
            by_suffix[enum] = (pid, name)
        for name, pid, _ in self.boxes:
            hits = [(e, v) for e, v in by_suffix.items() if e.endswith("_" + name.upper())]
            if hits:
                self.assertEqual(len(hits), 1, name)
                enum, (uid, uname) = hits[0]
                self.assertEqual(pid, uid, "%s: upstream %s is %d" % (name, enum, uid))
                if uname:
                    self.assertEqual(uname, name)
            else:
                self.assertIn(pid, self.units.id_range, "%s: id %d" % (name, pid))
