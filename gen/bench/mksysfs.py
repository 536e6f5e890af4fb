#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""gen/bench/mksysfs.py - write a large synthetic sysfs PMU tree for start-up
measurements: NPMUS PMUs under ROOT/sys/bus/event_source/devices, each with
type, cpumask, two format fields and NEVENTS event files of about BYTES
bytes each (the template padded with blanks).
usage: mksysfs.py ROOT NPMUS NEVENTS BYTES"""
import os
import sys


def main():
    root, npmus, nevents, size = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
    devices = os.path.join(root, "sys/bus/event_source/devices")
    total = 0
    for p in range(npmus):
        d = os.path.join(devices, "synth_%03d" % p)
        os.makedirs(os.path.join(d, "format"), exist_ok=True)
        os.makedirs(os.path.join(d, "events"), exist_ok=True)
        for rel, text in (("type", "%d\n" % (100 + p)), ("cpumask", "0\n"),
                          ("format/event", "config:0-7\n"), ("format/umask", "config:8-15\n")):
            with open(os.path.join(d, rel), "w") as f:
                f.write(text)
        for e in range(nevents):
            text = "event=0x%02x,umask=0x%02x" % (e & 0xff, (e >> 8) & 0xff)
            text = text.ljust(max(size - 1, len(text))) + "\n"
            with open(os.path.join(d, "events", "ev_%05d" % e), "w") as f:
                f.write(text)
            total += len(text)
    print("%s: %d PMUs x %d events, %d bytes of event files" % (root, npmus, nevents, total))


if __name__ == "__main__":
    main()
