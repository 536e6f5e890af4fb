# SPDX-License-Identifier: MIT
"""What the archs suite's parts share: a pass/fail tally and a way to run the
pfmdump / check_events programs against build/lib with the environment a
case needs (LIBPFM_ENCODE_INACTIVE, LIBPFM_CPUID, LIBPFM_SYSROOT). No other
LIBPFM_* variable of the caller reaches them, and without a LIBPFM_SYSROOT of
its own a case runs on a tree without /proc and /sys, so neither the
machine's identity nor its sysfs PMUs change what the library answers."""
import os
import subprocess

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EMPTY_SYSROOT = os.path.join(TOP, "tests/fixtures/sysroot/empty")

# perf_event_attr bits as pfmdump's `encode` prints them (attr_bits())
PINNED, EXCLUSIVE = 1 << 2, 1 << 3
EXCL_USER, EXCL_KERNEL, EXCL_HV, EXCL_IDLE = 1 << 4, 1 << 5, 1 << 6, 1 << 7
EXCL_HOST, EXCL_GUEST = 1 << 17, 1 << 18

PFM_PLM0, PFM_PLM3 = 0x1, 0x8
PERF_TYPE_RAW = 4


class Tally:
    def __init__(self, verbose=False, show=20):
        self.passed = self.failed = 0
        self.verbose, self.show, self.shown = verbose, show, 0

    def check(self, ok, name, why=""):
        if ok:
            self.passed += 1
            if self.verbose:
                print("  ok   %s" % name)
        else:
            self.failed += 1
            if self.verbose or self.shown < self.show:
                print("  FAIL %s%s" % (name, ": " + why if why else ""))
                self.shown += 1
        return ok


def env(libdir, **extra):
    e = {k: v for k, v in os.environ.items() if not k.startswith("LIBPFM_")}
    e["LD_LIBRARY_PATH"] = os.path.abspath(libdir)
    e["LIBPFM_SYSROOT"] = EMPTY_SYSROOT
    e.update({k: str(v) for k, v in extra.items()})
    return e


def make_sysroot(root, types):
    """A LIBPFM_SYSROOT tree whose sysfs holds only the PMUs of types
    ({sysfs name: attr.type}), each with just its type file."""
    for name, typ in types.items():
        d = os.path.join(root, "sys/bus/event_source/devices", name)
        os.makedirs(d)
        with open(os.path.join(d, "type"), "w") as f:
            f.write("%d\n" % typ)
    return root


def run(argv, libdir, stdin=None, **extra):
    p = subprocess.run(argv, input=stdin, capture_output=True, text=True, env=env(libdir, **extra))
    return p.returncode, p.stdout, p.stderr


def pmus(pfmdump, libdir, **extra):
    """{PMU: (pfm_pmu_t, present)} as `pfmdump pmus` lists them."""
    rc, out, err = run([pfmdump, "pmus"], libdir, **extra)
    if rc:
        raise RuntimeError("pfmdump pmus exited %d: %s" % (rc, err.strip()))
    res = {}
    for line in out.splitlines():
        c = line.split("\t")
        if c[0] == "P" and len(c) >= 10:
            res[c[1]] = (int(c[2]), c[8] == "1")
    return res


def fstrs(pfmdump, libdir, strings, **extra):
    """{string: fstr under PFM_OS_NONE, or None when it does not encode}."""
    rc, out, err = run([pfmdump, "encode"], libdir, "".join(s + "\n" for s in strings), **extra)
    if rc:
        raise RuntimeError("pfmdump encode exited %d: %s" % (rc, err.strip()))
    res = {}
    for line in out.splitlines():
        f = line.split("\t")
        res[f[0]] = f[5] if f[2] == "0" else None
    return res


def encode(pfmdump, libdir, strings, plm=None, **extra):
    """{string: (none, ext)}: none = (rc, [codes]) and ext = (rc, attr dict)
    from `pfmdump encode`, one process for every string."""
    argv = [pfmdump, "encode"] + (["-p", hex(plm)] if plm is not None else [])
    rc, out, err = run(argv, libdir, "".join(s + "\n" for s in strings), **extra)
    if rc:
        raise RuntimeError("pfmdump encode exited %d: %s" % (rc, err.strip()))
    res = {}
    for line in out.splitlines():
        f = line.split("\t")
        s, i = f[0], 1
        assert f[i] == "N"
        nrc = int(f[i + 1])
        codes = []
        if nrc == 0:
            codes = [int(c, 16) for c in f[i + 3].split(",")]
            i += 5
        else:
            i += 2
        assert f[i] == "X"
        xrc = int(f[i + 1])
        attr = None
        if xrc == 0:
            t, c, c1, c2, bits, period, flags, cpu = f[i + 2].split()
            attr = {"type": int(t), "config": int(c, 16), "config1": int(c1, 16),
                    "config2": int(c2, 16), "bits": int(bits, 16), "period": int(period),
                    "flags": int(flags), "cpu": int(cpu), "fstr": f[i + 3]}
        res[s] = ((nrc, codes), (xrc, attr))
    return res
