# SPDX-License-Identifier: MIT
"""arch/<arch>/upstream/ descriptors (upstream libpfm4's newest PMUs) are
taken only where the perf tree converted no PMU of their name or id."""
import os
import tempfile
import unittest

import convert
from errors import Warnings

DOC = """schema: 1
pmu: {name: amd64_fam1ah_zen6, id: 698, desc: d, type: core, arch: x86,
      format: {event: "config:0-7"}}
events:
  - {name: E, desc: e, set: {event: 0x1}}
"""


class UpstreamFacts(unittest.TestCase):
    def facts(self, taken):
        with tempfile.TemporaryDirectory() as root:
            d = os.path.join(root, "x86", "upstream", "amd")
            os.makedirs(d)
            with open(os.path.join(d, "amd64_fam1ah_zen6.yaml"), "w") as f:
                f.write(DOC)
            w = Warnings()
            out = convert.upstream_facts(root, taken, convert.Stats(), w)
            return [p.name for p, _, _ in out], w.lines()

    def test_upstream_pmu_is_taken_where_the_tree_lacks_it(self):
        names, warns = self.facts([(None, {"pmu": {"name": "amd64_fam1ah_zen5", "id": 676}})])
        self.assertEqual(names, ["amd64_fam1ah_zen6"])
        self.assertEqual(warns, [])

    def test_perf_pmu_of_the_same_name_wins(self):
        names, warns = self.facts([(None, {"pmu": {"name": "amd64_fam1ah_zen6", "id": 768}})])
        self.assertEqual(names, [])
        self.assertTrue(any("not used" in w for w in warns))

    def test_perf_pmu_of_the_same_id_wins(self):
        names, _ = self.facts([(None, {"pmu": {"name": "amd_zen6_by_rule", "id": 698}})])
        self.assertEqual(names, [])


if __name__ == "__main__":
    unittest.main()
