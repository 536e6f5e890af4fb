#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""libpfm4_models.py - on every CPU identity of tests/detect/libpfm4-cpu-models.tsv
(the core PMU libpfm4 detects on each x86 CPU) the library presents that PMU
under libpfm4's name and id, with ix86arch beside it on Intel; and on each
Intel identity whose PMU libpfm4 4.13 has, the example strings, without a
PMU prefix, encode as libpfm4 4.13 encodes them on that PMU (so that PMU is
the one searched first). And perf's generic PMU offers `h` (exclude_hv set
when not given) on AMD identities only, as libpfm4 4.13 does with the host's
core PMU. On a Skylake identity, ix86arch's LLC_MISSES and LLC_REFERENCES
resolve (with and without the prefix) and every native event of PAPI 7.0's
skl presets resolves and encodes as libpfm4 4.13's skl.

Our library is given the identity (LIBPFM_CPUID, on the empty sysroot); libpfm4
4.13, which detects the machine itself, is asked with a `pmu::` prefix under
LIBPFM_ENCODE_INACTIVE=1 (ix86arch:: when its model PMU lacks the name, as
libpfm4 searches ix86arch after the model PMU). A string libpfm4 does not know
(not found, or an unknown unit mask) is not compared where pmuplug encodes it
(pmuplug knows perf's names too), nor is a difference tests/diff lists. Rows of PMUs the library does not
have (the P6 family, K7/K8...) are skipped and counted.

usage: libpfm4_models.py PFMDUMP OURS_LIBDIR EMPTY_SYSROOT
Prints one line per failure and "libpfm4-models: N passed, N failed".
"""
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "diff"))
from accepted import Accepted  # noqa: E402
TSV = os.path.join(HERE, "libpfm4-cpu-models.tsv")
STRINGS = ("INST_RETIRED:ANY", "INST_RETIRED:ANY_P", "UNHALTED_CORE_CYCLES", "INSTRUCTION_RETIRED",
           "UNHALTED_REFERENCE_CYCLES", "OFFCORE_RESPONSE_0:DMND_DATA_RD:ANY_RESPONSE",
           "LLC_MISSES", "LLC_REFERENCES", "BRANCH_INSTRUCTIONS_RETIRED", "INST_RETIRED:ANY:u",
           "UNHALTED_CORE_CYCLES:k:c=1")
PERF_HV = "perf::PERF_COUNT_HW_CACHE_L1D:READ:MISS"
SKYLAKE = "GenuineIntel-6-5E-3"
ARCH_FACTS = {"LLC_MISSES": "53412e", "LLC_REFERENCES": "534f2e", "ix86arch::LLC_MISSES": "53412e"}
PAPI_CSV = "/usr/share/papi/7.0/papi_events.csv"
PFM_ERR_NOTFOUND = -4
PFM_ERR_ATTR = -8


def env_for(extra):
    env = {k: v for k, v in os.environ.items() if not k.startswith("LIBPFM_")}
    env.update(extra)
    return env


def run(pfmdump, args, env, stdin=None):
    r = subprocess.run([pfmdump] + args, input=stdin, capture_output=True, text=True, env=env)
    return r.stdout


def rows():
    for line in open(TSV):
        if line.startswith("#") or not line.strip():
            continue
        vendor, family, model, step, pmu, pid, since = line.rstrip("\n").split("\t")
        yield vendor, int(family), model, step, pmu, int(pid), since


def models(spec):
    """a few model numbers standing for the spec: both ends of each range"""
    if spec in ("any",):
        return [0x00, 0x01, 0xFF]
    if spec == "other":
        return []
    out = []
    for part in spec.split(","):
        lo, _, hi = part.partition("-")
        out.append(int(lo, 16))
        if hi:
            out.append(int(hi, 16))
    return out


def steppings(cond):
    if cond.startswith(">="):
        return [int(cond[2:]), 0xB]
    if cond.startswith("<"):
        return [0, int(cond[1:]) - 1]
    return [0, 2]


def arch_perfmon(family, model):
    """Intel's architectural performance monitoring (CPUID leaf 0xA), on which
    libpfm4 makes ix86arch present: family 6 from Core Solo/Duo (model 0xE)
    on, and later families; not the Pentium 4 (15) nor Knights Corner (11)"""
    return (family == 6 and model >= 0xE) or family >= 16


def offers_h(pfmdump, pmu, oracle_all, vendor):
    """whether the host's core PMU filters the hypervisor level (libpfm4's
    supported_plm), which perf's `h` follows. Where libpfm4 4.13 has the PMU,
    its own encoding says it: exclude_hv is set on the first event that
    encodes alone (K7,
    K8 and Intel's PMUs leave it clear; family 10h on, Zen 1 included, set
    it). Else the vendor's rule (AMD's PMUs filter it)."""
    if pmu not in oracle_all:
        return vendor == "AuthenticAMD"
    env = env_for({"LIBPFM_ENCODE_INACTIVE": "1"})
    listing = run(pfmdump, ["list", "-O", "ext", pmu], env)
    events = [f[2] for f in (l.split("\t") for l in listing.splitlines()) if f[0] == "E"]
    out = run(pfmdump, ["encode"], env, "".join("%s::%s\n" % (pmu, e) for e in events))
    for line in out.splitlines():
        f = line.split("\t")
        x = f.index("X")
        if f[x + 1] == "0":     # the first event that encodes without a unit mask
            return bool(int(f[x + 2].split()[4], 16) & 0x40)
    raise SystemExit("%s: libpfm4 4.13 encodes none of its events alone" % pmu)


def pmu_lines(text):
    """{name: (id, present)} from pfmdump pmus"""
    out = {}
    for line in text.splitlines():
        f = line.split("\t")
        if f[0] == "P":
            out[f[1]] = (int(f[2]), f[8] == "1")
    return out


def encodings(text, keep_prefix=False):
    """{string: (N fields rc,count,codes; X fields rc,attr)} from pfmdump encode"""
    out = {}
    for line in text.splitlines():
        f = line.split("\t")
        n = f.index("N")
        x = f.index("X")
        nf = f[n + 1:x]
        none = (nf[0],) + (tuple(nf[1:3]) if nf[0] == "0" else ())
        xf = f[x + 1:]
        perf = (xf[0],) + ((xf[1],) if xf[0] == "0" else ())
        out[f[0] if keep_prefix else f[0].split("::", 1)[-1]] = (none, perf)
    return out


def papi_skylake(pfmdump, env, check):
    """Every native event of PAPI 7.0's skl presets resolves on a Skylake
    identity without a prefix, and encodes as libpfm4 4.13's skl (ix86arch's
    names as their facts above)."""
    if not os.path.isfile(PAPI_CSV):
        print("skipped: PAPI 7.0 skl presets: no %s" % PAPI_CSV)
        return
    natives, block = set(), False
    for line in open(PAPI_CSV, errors="replace"):
        f = [x.strip() for x in line.strip().split(",")]
        if f[0] == "CPU":
            block = f[1] == "skl" or (block and prev_cpu)
            prev_cpu = True
            continue
        prev_cpu = False
        if block and f[0] == "PRESET" and len(f) > 3:
            rest = f[3:]
            if "NOTE" in rest:
                rest = rest[:rest.index("NOTE")]
            if f[2] == "DERIVED_POSTFIX":
                rest = rest[1:]
            natives.update(n for n in rest if n)
    natives = sorted(natives)
    ours = encodings(run(pfmdump, ["encode"], env, "".join(n + "\n" for n in natives)))
    lib = encodings(run(pfmdump, ["encode"], env_for({"LIBPFM_ENCODE_INACTIVE": "1"}),
                        "".join("skl::%s\n" % n for n in natives)))
    for n in natives:
        want = lib[n] if lib[n][0][0] == "0" else None
        got = ours.get(n)
        ok = got is not None and got[0][0] == "0" and (want is None or got == want)
        check(ok, "%s PAPI 7.0 skl native %s: libpfm4 skl gives %s, we give %s" % (SKYLAKE, n, want, got))


def main(argv):
    if len(argv) != 4:
        sys.stderr.write(__doc__)
        return 2
    pfmdump, libdir, empty = argv[1:]
    ours_env = {"LD_LIBRARY_PATH": libdir, "LIBPFM_SYSROOT": empty}
    ours_all = pmu_lines(run(pfmdump, ["pmus"], env_for(ours_env)))
    oracle_all = pmu_lines(run(pfmdump, ["pmus"], env_for({})))
    passed = failed = skipped = 0
    oracle_cache = {}
    h_cache = {}
    accepted = Accepted()

    def check(ok, what):
        nonlocal passed, failed
        if ok:
            passed += 1
        else:
            failed += 1
            print("FAIL: %s" % what)

    for vendor, family, model, step, pmu, pid, since in rows():
        if pmu not in ours_all:
            skipped += 1
            continue
        for m in models(model):
            for s in steppings(step):
                ident = "%s-%d-%X-%X" % (vendor, family, m, s)
                env = env_for(dict(ours_env, LIBPFM_CPUID=ident))
                got = pmu_lines(run(pfmdump, ["pmus"], env))
                id_, present = got.get(pmu, (None, False))
                check(id_ == pid and present, "%s: want %s (id %d) present, got id %s present %s"
                      % (ident, pmu, pid, id_, present))
                if vendor == "GenuineIntel":
                    check(got.get("ix86arch", (0, False))[1] == arch_perfmon(family, m),
                          "%s: ix86arch %s" % (ident, "not present" if arch_perfmon(family, m) else
                                                "present without architectural perfmon"))
                if s != steppings(step)[0]:
                    continue
                # perf's h follows the host's core PMU: offered (and exclude_hv set
                # without it) where that PMU filters the hypervisor level (AMD from
                # family 10h), not on Intel
                line = run(pfmdump, ["encode"], env, PERF_HV + "\n").rstrip("\n").split("\t")
                x = line.index("X")
                if pmu not in h_cache:
                    h_cache[pmu] = offers_h(pfmdump, pmu, oracle_all, vendor)
                h = h_cache[pmu]
                check(line[x + 1] == "0" and (":h=" in line[-1]) == h and
                      bool(int(line[x + 2].split()[4], 16) & 0x40) == h,
                      "%s: %s: want h %s, got %s" % (ident, PERF_HV, "offered, exclude_hv=1" if h else
                                                     "absent, exclude_hv=0", line[x + 1:]))
                if vendor != "GenuineIntel" or pmu not in oracle_all:
                    continue
                if pmu not in oracle_cache:
                    oenv = env_for({"LIBPFM_ENCODE_INACTIVE": "1"})
                    mine = encodings(run(pfmdump, ["encode"], oenv,
                                         "".join("%s::%s\n" % (pmu, x) for x in STRINGS)))
                    arch = encodings(run(pfmdump, ["encode"], oenv,
                                         "".join("ix86arch::%s\n" % x for x in STRINGS)))
                    oracle_cache[pmu] = {k: (mine[k] if mine[k][0][0] != str(PFM_ERR_NOTFOUND) else arch[k])
                                         for k in STRINGS}
                ours = encodings(run(pfmdump, ["encode"], env, "".join(x + "\n" for x in STRINGS)))
                for x in STRINGS:
                    want = oracle_cache[pmu][x]
                    got_x = ours.get(x)
                    if accepted.reason(pmu, x) and ours.get(x) != want:
                        continue    # a listed difference (perf's JSON corrects libpfm4 4.13)
                    if want[0][0] == str(PFM_ERR_NOTFOUND) or \
                            (want[0][0] == str(PFM_ERR_ATTR) and got_x and got_x[0][0] == "0"):
                        continue    # a name only pmuplug knows (perf's INST_RETIRED.ANY on hsw)
                    check(ours.get(x) == want, "%s %s: libpfm4 %s gives %s, we give %s"
                          % (ident, x, pmu, want, ours.get(x)))
    # the architectural events on an Intel identity, through ix86arch
    # (Intel SDM: LLC misses are event 0x2e umask 0x41, references umask 0x4f)
    env = env_for(dict(ours_env, LIBPFM_CPUID=SKYLAKE))
    got = encodings(run(pfmdump, ["encode"], env, "".join(x + "\n" for x in ARCH_FACTS)), True)
    for x, code in ARCH_FACTS.items():
        check(got.get(x, ((None,),))[0] == ("0", "1", code), "%s %s: want %s, got %s" % (SKYLAKE, x, code, got.get(x)))
    papi_skylake(pfmdump, env, check)
    print("libpfm4 CPU models: %d rows of PMUs this library lacks skipped" % skipped)
    print("libpfm4-models: %d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
