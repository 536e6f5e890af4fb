"""The repository's own overlays (arch/): every file loads, PMU names and ids
are unique, new ids stay in pmuplug's range, and names/ids/descriptions of
PMUs libpfm4 knows are libpfm4's (header, upstream list, installed library)."""
import os
import unittest

from helpers import REPO

import overlay

ARCH = os.path.join(REPO, "arch")
HEADER = "/usr/include/perfmon/pfmlib.h"
UPSTREAM = "/work/shared/reference/libpfm4-upstream-pmu-ids.tsv"


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
    if os.path.isfile(UPSTREAM):
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
                self.assertNotIn(p[key], seen, "%s %s of %s/%s already used by %s" % (key, p[key], arch, model,
                                                                                     seen.get(p[key])))
                seen[p[key]] = "%s/%s" % (arch, model)

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


if __name__ == "__main__":
    unittest.main()
