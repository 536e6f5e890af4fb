#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""mkoverride.py SRC OUT: an override plugin made from a built-in
descriptor (build/yaml/x86/glm.yaml): `override: true` added to its pmu
block and ISSUE_SLOTS_NOT_CONSUMED's event code 0xca changed to 0xee,
everything else byte for byte. Fails unless each edit applies exactly once."""
import re
import sys


def main(src, out):
    text = open(src, encoding="utf-8").read()
    text, n = re.subn(r"(?m)^(  name: glm\n)", r"\1  override: true\n", text, count=1)
    if n != 1:
        sys.exit("mkoverride: no `  name: glm` line in %s" % src)
    start = text.index("\n  - name: ISSUE_SLOTS_NOT_CONSUMED\n")
    end = text.index("\n  - name: ", start + 1)
    block = text[start:end]
    new, n = re.subn(r"(?m)^    (code: |set: \{event: )0xca", r"    \g<1>0xee", block)
    if n != 2:
        sys.exit("mkoverride: expected code and set of ISSUE_SLOTS_NOT_CONSUMED = 0xca, "
                 "edited %d lines" % n)
    open(out, "w", encoding="utf-8").write(text[:start] + new + text[end:])


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: mkoverride.py SRC OUT")
    main(sys.argv[1], sys.argv[2])
