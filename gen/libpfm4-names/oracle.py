# SPDX-License-Identifier: MIT
# oracle.py - what the installed libpfm4 4.13 says about a PMU, read through
# pfmdump (its public API): events, attributes and PFM_OS_NONE encodings.
import os
import subprocess

import layout

PFM_ATTR_UMASK = 1


class Attr:
    def __init__(self, f):
        # A pmu event n type name code ctrl dfl precise spec hw_smpl dfl_val64 equiv
        self.type = int(f[4])
        self.name = f[5]
        self.code = int(f[6], 16)
        self.ctrl = int(f[7])
        self.dfl = f[8] == "1"
        self.precise = f[9] == "1"
        self.equiv = None if f[13] == "-" else f[13]
        # a unit mask that takes no modifiers (upstream libpfm4's no_mods
        # flag: the reference files only, 4.13's API has no such bit)
        self.no_mods = False


class Event:
    def __init__(self, f):
        # E pmu event code nattrs equiv precise spec hw_smpl
        self.name = f[2]
        self.code = int(f[3], 16)
        self.equiv = None if f[5] == "-" else f[5]
        self.precise = f[6] == "1"
        self.attrs = []

    def umasks(self):
        return [a for a in self.attrs if a.type == PFM_ATTR_UMASK]

    def pmu_modifiers(self):
        """Names of the PMU-controlled modifiers, in order (list the event
        under PFM_OS_NONE to see the privilege-level ones too)."""
        return [a.name for a in self.attrs if a.type != PFM_ATTR_UMASK and a.ctrl == 1]


class Encoding:
    """One pfmdump encode line: PFM_OS_NONE and PFM_OS_PERF_EVENT_EXT results."""

    def __init__(self, line):
        f = line.rstrip("\n").split("\t")
        self.string = f[0]
        i = f.index("N")
        self.rc = int(f[i + 1])
        self.codes = []
        self.fstr = None
        if self.rc == 0:
            self.codes = [int(c, 16) for c in f[i + 3].split(",") if c]
            self.fstr = f[i + 4]


def env_for(libdir=None, force_pmu=None):
    """The environment of one library: the system's libpfm4 (libdir None) or
    the one in libdir, every PMU usable, optionally one forced as default.
    No LIBPFM_* variable of the caller reaches either library: libpfm4 4.13
    ignores LIBPFM_CPUID and LIBPFM_SYSROOT, so ours must not see them."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("LIBPFM_")}
    env.pop("LD_LIBRARY_PATH", None)
    env["LIBPFM_ENCODE_INACTIVE"] = "1"
    if libdir:
        env["LD_LIBRARY_PATH"] = libdir
    if force_pmu:
        env["LIBPFM_FORCE_PMU"] = force_pmu
    return env


def run_dump(pfmdump, args, stdin=None, libdir=None, force_pmu=None):
    p = subprocess.run([pfmdump] + args, input=stdin, capture_output=True, text=True,
                       env=env_for(libdir, force_pmu), check=True)
    return p.stdout


def list_pmus(pfmdump, libdir=None):
    """{name: (id, type)} of every PMU the library lists."""
    out = {}
    for line in run_dump(pfmdump, ["pmus"], libdir=libdir).splitlines():
        f = line.split("\t")
        out[f[1]] = (int(f[2]), int(f[3]))
    return out


def list_events(pfmdump, pmu, libdir=None, os_layer="ext"):
    """Events (with attributes as that OS layer lists them: none, perf, ext)
    of one PMU, in the library's order."""
    events = []
    for line in run_dump(pfmdump, ["list", "-O", os_layer, pmu], libdir=libdir).splitlines():
        f = line.split("\t")
        if f[0] == "E":
            events.append(Event(f))
        elif f[0] == "A" and len(f) >= 14:
            events[-1].attrs.append(Attr(f))
    return events


def encode(pfmdump, strings, libdir=None, plm=None):
    args = ["encode"] + (["-p", str(plm)] if plm is not None else [])
    out = run_dump(pfmdump, args, stdin="".join(s + "\n" for s in strings), libdir=libdir)
    return {e.string: e for e in map(Encoding, out.splitlines())}


# --- raw x86 codes -> encoding key (same shape as PerfEvent.key()) ---

def key_of_codes(codes, lay):
    """The key of libpfm4's codes under a layout.Layout (or vendor flag)."""
    lay = layout.of(lay)
    msr = codes[1] if len(codes) > 1 else 0
    # the key's fields are config's; the second code is the MSR value
    return tuple(lay.extract(n, codes[:1]) for n in layout.KEY_FIELDS) + (msr,)


def fields_of_key(key, msr_field):
    """Format-field values of a key (zero fields left out, except event)."""
    names = layout.KEY_FIELDS
    f = {"event": key[0]}
    for n, v in zip(names[1:], key[1:6]):
        if v:
            f[n] = v
    if key[6]:
        f[msr_field or "config1"] = key[6]
    return f
