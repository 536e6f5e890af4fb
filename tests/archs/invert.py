# SPDX-License-Identifier: MIT
"""The descriptor key `invert` (docs/schema.md) on its own, through run-time
plugins (LIBPFM_PLUGIN_PATH): a bool modifier with `invert: true` puts 1 in
its field when its value is 0 (PFM_OS_NONE only when it is a privilege
modifier, never in attr.config), and the loader refuses `invert` on an
integer modifier, naming the file."""
import os

import harness as H

PLUGIN = """schema: 1
pmu:
  name: %(name)s
  id: %(id)d
  desc: invert key test
  type: core
  arch: arm64
  format: {event: "config:0-15", excl: "config:31"}
  raw_fields: [excl]
  modifiers:
    - {name: k, desc: kernel, type: %(type)s, plm: 0x1, field: excl, invert: true}
events:
  - {name: EV, desc: test event, set: {event: 0x11}}
"""
CASES = [  # string, PFM_OS_NONE code, attr.config
    ("archs_inv::EV", 0x11, 0x11),
    ("archs_inv::EV:k=1", 0x11, None),
    ("archs_inv::EV:k=0", 0x80000011, None),
]


def run(args, tally):
    root = os.path.join(args.tmp, "plugins")
    good, bad = os.path.join(root, "good"), os.path.join(root, "bad")
    for d, name, pid, typ in ((good, "archs_inv", 990, "bool"), (bad, "archs_inv_int", 991, "int")):
        os.makedirs(d)
        with open(os.path.join(d, name + ".yaml"), "w") as f:
            f.write(PLUGIN % {"name": name, "id": pid, "type": typ})
    res = H.encode(args.pfmdump, args.libdir, [c[0] for c in CASES], LIBPFM_ENCODE_INACTIVE=1,
                   LIBPFM_PLUGIN_PATH=good)
    for s, code, config in CASES:
        (nrc, codes), (xrc, a) = res[s]
        ok = nrc == 0 and codes == [code]
        if config is not None:
            ok = ok and xrc == 0 and a["config"] == config
        tally.check(ok, "invert: %s gives code %#x" % (s, code),
                    "got rc %d codes %s, attr %s" % (nrc, [hex(c) for c in codes], a))
    rc, out, err = H.run([args.pfmdump, "encode"], args.libdir, "archs_inv_int::EV\n",
                         LIBPFM_ENCODE_INACTIVE=1, LIBPFM_PLUGIN_PATH=bad, LIBPFM_VERBOSE=1)
    refused = "\tN\t0\t" not in out and "invert needs a bool modifier with a field" in err
    tally.check(refused, "invert: a plugin with invert on an int modifier is refused, with the reason",
                "stdout %r stderr %r" % (out.strip(), err.strip()[-200:]))
