#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""mkplugins.py YAML_DIR OUT_DIR [COUNT ONE_MODEL ONE_PATTERN]: a plugin
directory of `make bench`.
Every core descriptor of YAML_DIR/x86 (the converted x86 models; uncore
boxes are left out) is copied to OUT_DIR as a plugin with a new name
(plug_<file name>) and an id of pmuplug's ranges 768..1022 and 3000..4095 that
no descriptor of YAML_DIR uses (lowest first: the library gives sysfs PMUs
ids from 1022 down), so none clashes with a built-in PMU. Everything else
is unchanged, match patterns included, so the plugin copying this host's
model is loaded in full as a real one would be.
With COUNT, the directory holds COUNT models: ONE_MODEL (a file name of
YAML_DIR/x86, e.g. skl.yaml), whose match patterns become the one pattern
ONE_PATTERN (an identity no real CPU has, so that exactly this plugin
matches it), then the first others in name order, the list taken again
(names plug2_<name>, plug3_<name>, ...) when COUNT is more than the models."""
import os
import re
import sys

NAME = re.compile(r"(?m)^  name: (\S+)$")
ID = re.compile(r"(?m)^  id: (\d+)$")
ANY_ID = re.compile(r"\bid: (\d+)")
UNCORE = re.compile(r"(?m)^  type: uncore$")
MATCH = re.compile(r"(?m)^  match:\n(?:  (?: |-).*\n)+")


def main(yaml_dir, out, count=None, one=None, one_pattern=None):
    used = set()
    for d, _, files in os.walk(yaml_dir):
        for f in files:
            if f.endswith(".yaml"):
                # the PMU's id and its box instances'
                used.update(int(x) for x in ANY_ID.findall(open(os.path.join(d, f), encoding="utf-8").read()))
    free = [i for i in list(range(768, 1023)) + list(range(3000, 4096)) if i not in used]
    x86 = os.path.join(yaml_dir, "x86")
    src = sorted(f for f in os.listdir(x86)
                 if f.endswith(".yaml") and not UNCORE.search(open(os.path.join(x86, f), encoding="utf-8").read()))
    if count is not None:
        if one not in src:
            sys.exit("mkplugins: no model %s" % one)
        others = [f for f in src if f != one]
        src = [one] + [others[i % len(others)] for i in range(count - 1)]
    if len(src) > len(free):
        sys.exit("mkplugins: %d models, only %d free ids" % (len(src), len(free)))
    os.makedirs(out, exist_ok=True)
    for old in os.listdir(out):
        if old.endswith(".yaml"):
            os.remove(os.path.join(out, old))
    seen = {}
    for f, pmu_id in zip(src, free):
        text = open(os.path.join(yaml_dir, "x86", f), encoding="utf-8").read()
        seen[f] = seen.get(f, 0) + 1
        prefix = "plug_" if seen[f] == 1 else "plug%d_" % seen[f]
        # named after the file: variant tables of one PMU (icl of tigerlake
        # and of rocketlake) are files of their own with the same PMU name
        stem = re.sub(r"[^a-z0-9_]", "_", f[:-len(".yaml")].lower())
        text, n1 = NAME.subn(lambda m: "  name: " + prefix + stem, text, count=1)
        text, n2 = ID.subn("  id: %d" % pmu_id, text, count=1)
        if n1 != 1 or n2 != 1:
            sys.exit("mkplugins: %s: no pmu name or id line" % f)
        if f == one:
            text, n3 = MATCH.subn(lambda m: '  match: ["%s"]\n' % one_pattern, text, count=1)
            if n3 != 1:
                sys.exit("mkplugins: %s: no block match list" % f)
        path = os.path.join(out, prefix + f)
        with open(path, "w", encoding="utf-8") as o:
            o.write(text)
        os.chmod(path, 0o644)
    print("mkplugins: %d plugins in %s" % (len(src), out))


if __name__ == "__main__":
    if len(sys.argv) == 3:
        main(sys.argv[1], sys.argv[2])
    elif len(sys.argv) == 6:
        main(sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4], sys.argv[5])
    else:
        sys.exit("usage: mkplugins.py YAML_DIR OUT_DIR [COUNT ONE_MODEL ONE_PATTERN]")
