# SPDX-License-Identifier: MIT
"""perf's system tables (<dir>/sys/*.json, read whether or not the mapfile
names the directory) -> uncore descriptors whose `identifier` is the
Unit's Compat and which have no host match; boxes listed by name
(`instances`) and kernel names with {n}; the report's reasons for the
Units and metrics of a system table left out; the errors."""
import os
import shutil

from helpers import OVERLAYS, TestCase, convert_tree, error_of, fixture, mkdtemp

OK = fixture("arch-ok")

FAMILY = """type: uncore
format: {event: "config:0-7"}
config_fields: [event]
perf_fields: {EventCode: event}
perf_attrs: [period, freq, excl, cpu, pinned]
modifiers:
  - {name: axi_id, desc: AXI id, type: int, field: axi_id}
"""

UNITS = """ids: "2600-2609"
models:
  vendor/core1:
    core: core1_a
    family: test-soc
    desc: Core one
    units:
      soc_sccl,hha:
        name: soc_hha
        ids: "2604-2606"
        format: {event: "config:0-7"}
        instances: [soc_sccl1_hha2, soc_sccl1_hha3, soc_sccl3_hha0:soc_sccl3_hha_0]
sys:
  soc/one:
    family: test-soc
    desc: SoC one
    units:
      soc_ddr: {name: soc1_ddr, perf_pmu: "soc_ddr{n}", boxes: 2, ids: "2600-2601",
                format: {event: "config:0-7", axi_id: "config1:0-15"}}
"""

DDR = """[
    {"EventName": "soc1_ddr.cycles", "EventCode": "0x00", "Unit": "soc_ddr", "Compat": "SOC1|SOC1b",
     "BriefDescription": "cycles"},
    {"EventName": "soc1_ddr.read", "EventCode": "0x2a", "Unit": "soc_ddr", "Compat": "SOC1|SOC1b",
     "BriefDescription": "reads"},
    {"EventName": "soc_pci_tx", "ConfigCode": "0x7", "Unit": "soc_pci", "Compat": "SOC1",
     "BriefDescription": "no data for this Unit"}
]
"""

METRICS = """[
    {"MetricName": "ddr_bw", "MetricExpr": "soc1_ddr.read * 64", "Compat": "SOC1"}
]
"""

HHA = """[
    {"EventName": "rx_ops", "ConfigCode": "0x00", "Unit": "soc_sccl,hha", "BriefDescription": "ops"},
    {"EventName": "rx_outer", "ConfigCode": "0x01", "Unit": "soc_sccl,hha", "BriefDescription": "outer"}
]
"""


def tree(units=UNITS, ddr=DDR):
    """(arch root, overlay root): the ok fixtures plus an arm64 system table
    soc/one/sys (not in the mapfile) and an uncore Unit of vendor/core1."""
    d = mkdtemp()
    arch, ov = os.path.join(d, "arch"), os.path.join(d, "ov")
    shutil.copytree(OK, arch)
    shutil.copytree(OVERLAYS, ov)
    sysd = os.path.join(arch, "arm64", "soc", "one", "sys")
    os.makedirs(sysd)
    with open(os.path.join(sysd, "ddr.json"), "w") as f:
        f.write(ddr)
    with open(os.path.join(sysd, "metrics.json"), "w") as f:
        f.write(METRICS)
    with open(os.path.join(arch, "arm64", "vendor", "core1", "uncore-hha.json"), "w") as f:
        f.write(HHA)
    os.makedirs(os.path.join(ov, "arm64", "uncore"))
    with open(os.path.join(ov, "arm64", "family", "test-soc.yaml"), "w") as f:
        f.write(FAMILY)
    with open(os.path.join(ov, "arm64", "uncore", "perf-units.yaml"), "w") as f:
        f.write(units)
    return arch, ov


class SysTableTest(TestCase):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.r = convert_tree(*tree())

    def test_a_system_table_outside_the_mapfile_is_read(self):
        p = self.r.desc["soc1_ddr0"]["pmu"]
        self.assertEqual((p["id"], p["type"], p["perf_pmu"]), (2600, "uncore", "soc_ddr0"))
        self.assertEqual(p["source"], "arm64/soc/one/sys, Unit soc_ddr")

    def test_its_pmus_carry_the_compat_as_identifier_and_no_host_match(self):
        p = self.r.desc["soc1_ddr0"]["pmu"]
        self.assertEqual(p["identifier"], ["SOC1|SOC1b"])
        self.assertNotIn("match", p)
        self.assertNotIn("match_priority", p)

    def test_perf_pmu_with_n_names_each_boxs_kernel_pmu(self):
        p = self.r.desc["soc1_ddr0"]["pmu"]
        self.assertEqual([(i["name"], i["id"], i["perf_pmu"]) for i in p["instances"]],
                         [("soc1_ddr1", 2601, "soc_ddr1")])

    def test_the_units_format_and_its_filter_modifier(self):
        p = self.r.desc["soc1_ddr0"]["pmu"]
        self.assertEqual(p["format"], {"event": "config:0-7", "axi_id": "config1:0-15"})
        self.assertEqual([m["name"] for m in p["modifiers"]], ["axi_id"])

    def test_units_and_metrics_of_a_system_table_left_out_are_reported(self):
        skipped = self.r.stats.skipped["arm64"]
        self.assertEqual(skipped["uncore unit not converted yet: Unit soc_pci"], 1)
        self.assertEqual(skipped["metric files"], 1)
        self.assertNotIn("subdirectory of a model (sys/: not core events)", skipped)

    def test_listed_instances_name_each_box_and_its_kernel_pmu(self):
        p = self.r.desc["soc_sccl1_hha2"]["pmu"]
        self.assertEqual((p["id"], p["perf_pmu"]), (2604, "soc_sccl1_hha2"))
        self.assertEqual([(i["name"], i["id"], i["perf_pmu"]) for i in p["instances"]],
                         [("soc_sccl1_hha3", 2605, "soc_sccl1_hha3"), ("soc_sccl3_hha0", 2606, "soc_sccl3_hha_0")])
        # a model's boxes take their core PMU's match, and have no identifier
        self.assertEqual(p["match"], self.r.desc["core1_a"]["pmu"]["match"])
        self.assertNotIn("identifier", p)

    def test_config_code_is_the_event_number(self):
        self.assertEqual(self.r.event("soc_sccl1_hha2", "RX_OUTER")["set"], {"event": 0x1})


class SysTableErrorTest(TestCase):
    def test_a_unit_with_two_compat_values_is_refused(self):
        ddr = DDR.replace('"EventCode": "0x2a", "Unit": "soc_ddr", "Compat": "SOC1|SOC1b"',
                          '"EventCode": "0x2a", "Unit": "soc_ddr", "Compat": "SOC2"')
        e = error_of(convert_tree, *tree(ddr=ddr))
        self.assertIn("system table soc/one unit soc_ddr: the Unit's events must share one Compat", e)

    def test_a_system_table_perf_does_not_have_is_refused(self):
        e = error_of(convert_tree, *tree(UNITS.replace("soc/one:", "soc/two:")))
        self.assertIn("system table soc/two: perf has no directory arm64/soc/two/sys", e)

    def test_instances_exclude_boxes(self):
        e = error_of(convert_tree, *tree(UNITS.replace('name: soc_hha\n', 'name: soc_hha\n        boxes: 3\n')))
        self.assertIn("instances replaces boxes and perf_pmu", e)

    def test_a_bad_instance_name_is_refused(self):
        e = error_of(convert_tree, *tree(UNITS.replace("soc_sccl1_hha3,", "Soc-Sccl1,")))
        self.assertIn("instance 'Soc-Sccl1': want name or name:kernel PMU", e)

    def test_a_system_table_has_no_core(self):
        e = error_of(convert_tree, *tree(UNITS.replace("    family: test-soc\n    desc: SoC one",
                                                       "    core: core1_a\n    family: test-soc\n    desc: SoC one")))
        self.assertIn("system table soc/one: unknown key 'core'", e)
