# SPDX-License-Identifier: MIT
"""The descriptor keys raw_format, enable and missing (docs/schema.md) on their
own, through run-time plugins (LIBPFM_PLUGIN_PATH): a field of raw_format
sits elsewhere in PFM_OS_NONE codes than in attr.config (another code), or
only in attr.config (none); a bool modifier sets every bit of its field;
`enable` sets a second field when the value is not 0; a required group with
`missing: attr` fails with PFM_ERR_ATTR; the loader refuses a raw_format
position of another width, naming the reason."""
import os

import harness as H

PLUGIN = """schema: 1
pmu:
  name: archs_rawfmt
  id: 992
  desc: raw_format key test
  type: core
  arch: x86
  max_encoding: 2
  format: {sel: "config:0-7", mask: "config:8-15", pev: "config:32-39", os2: "config:1,3",
           edge: "config:24", cmp: "config:18", thr: "config:20-23"}
  raw_fields: [os2]
  raw_format: {mask: "config:16-23", pev: none, edge: "config1:24", cmp: "config1:18", thr: "config1:20-23"}
  modifiers:
    - {name: k, desc: kernel, type: bool, plm: 0x1, field: os2}
    - {name: e, desc: edge, type: bool, field: edge, enable: cmp}
    - {name: thr, desc: threshold, type: int, field: thr, enable: cmp}
events:
  - {name: EV, desc: event, set: {sel: 0x13, pev: 0x18}, groups: [{name: default, required: true, missing: attr}],
     umasks: [{name: A, desc: a, set: {mask: 0x1}}, {name: B, desc: b, set: {mask: 0x4}}]}
"""
BAD = PLUGIN.replace('archs_rawfmt', 'archs_rawfmt_bad').replace('992', '993').replace(
    'mask: "config:16-23"', 'mask: "config:16-20"')
PFM_ERR_ATTR = -8
CASES = [  # string, PFM_OS_NONE rc, codes, attr.config (None: not checked)
    ("archs_rawfmt::EV:A", 0, [0x1001b], 0x1800000113),
    ("archs_rawfmt::EV:A:B", 0, [0x5001b], 0x1800000513),
    ("archs_rawfmt::EV:A:k=0", 0, [0x10013], None),
    ("archs_rawfmt::EV:A:e", 0, [0x1001b, 0x1040000], 0x1801040113),
    ("archs_rawfmt::EV:A:thr=3", 0, [0x1001b, 0x340000], 0x1800340113),
    ("archs_rawfmt::EV:A:thr=0", 0, [0x1001b], 0x1800000113),
    ("archs_rawfmt::EV", PFM_ERR_ATTR, [], None),
]


def run(args, tally):
    good, bad = os.path.join(args.tmp, "rawfmt-good"), os.path.join(args.tmp, "rawfmt-bad")
    for d, text, name in ((good, PLUGIN, "archs_rawfmt"), (bad, BAD, "archs_rawfmt_bad")):
        os.makedirs(d)
        with open(os.path.join(d, name + ".yaml"), "w") as f:
            f.write(text)
    res = H.encode(args.pfmdump, args.libdir, [c[0] for c in CASES], plm=H.PFM_PLM0,
                   LIBPFM_ENCODE_INACTIVE=1, LIBPFM_PLUGIN_PATH=good)
    for s, rc, codes, config in CASES:
        (nrc, got), (xrc, a) = res[s]
        ok = nrc == rc and got == codes
        if config is not None:
            ok = ok and xrc == 0 and a["config"] == config and a["config1"] == 0
        tally.check(ok, "raw_format: %s gives rc %d codes %s%s" % (
            s, rc, [hex(c) for c in codes], "" if config is None else ", config %#x" % config),
            "got rc %d codes %s, attr %s" % (nrc, [hex(c) for c in got], a))
    rc, out, err = H.run([args.pfmdump, "encode"], args.libdir, "archs_rawfmt_bad::EV:A\n",
                         LIBPFM_ENCODE_INACTIVE=1, LIBPFM_PLUGIN_PATH=bad, LIBPFM_VERBOSE=1)
    refused = "\tN\t0\t" not in out and "raw_format: field 'mask' has 5 bits there and 8 in format" in err
    tally.check(refused, "raw_format: a plugin placing a field in fewer bits is refused, with the reason",
                "stdout %r stderr %r" % (out.strip(), err.strip()[-200:]))
