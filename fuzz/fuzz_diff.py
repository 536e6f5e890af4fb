#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""fuzz_diff.py - the differential string fuzzer: event strings made from the
events, unit masks and modifiers of every PMU both libraries list (and the
seeds of fuzz/corpus/fuzz_diff/), mutated (case, separators, repeated,
dropped or reordered terms, modifier values in and out of range, numeric unit
masks, stray characters), encoded by the installed libpfm4 4.13 and by
pmuplug (two pfmdump processes per batch, one per library, under
LIBPFM_ENCODE_INACTIVE=1) at each privilege level (-p 1, 8, 9).

The two libraries cannot share a process (same soname and symbols): a batch
of strings is written to `pfmdump encode -p PLM` once with the system's
libpfm and once with LD_LIBRARY_PATH=--ours, as tests/diff/rundiff.py does.

A string is compared when either library accepts it under PFM_OS_NONE or
PFM_OS_PERF_EVENT_EXT: return codes, PFM_OS_NONE count and codes, and
perf_event_attr (type, config, config1, config2, the flag bits, period,
flags, cpu), rundiff's key. Where both refuse under both layers nothing is
compared (a different error code is counted, and written to refusals.tsv,
not failed). A name only pmuplug lists (an event or unit mask libpfm4 does
not know) that libpfm4 refuses is pmuplug's larger vocabulary, not a
difference. Any other difference must be listed in
tests/diff/accepted-differences.tsv (accepted.py's matching: the string,
@cpu, @ext-refused, @value-overflow, @repeated-umask (by umask value, from
libpfm4's listing), @repeated-modifier, @preset-unchecked, and perf's
corrections); an unlisted one is a finding.

Findings go to OUT: findings.txt (each with its reproducer line), findings.tsv
(plm, string, libpfm4's and pmuplug's pfmdump lines, kind), kinds.tsv (one row
per kind of difference: count and first example), refusals.tsv, and the log.
One check per privilege level; appends `<suite>: N passed, N failed` to
--results. Run it inside tests/hosts/sandbox.sh --ns so both libraries see
the same /sys.

    fuzz_diff.py [--seed N] [--strings N] [--seconds S] [--out DIR] [--results FILE]
    fuzz_diff.py --show STRING... [--plm 1,8,9]     both libraries' answers
"""
import argparse
import concurrent.futures
import os
import random
import re
import shlex
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(TOP, "tests", "diff"))
import rundiff  # noqa: E402  (puts gen/libpfm4-names on the path)
import oracle  # noqa: E402
import results  # noqa: E402
from accepted import Accepted  # noqa: E402

PFM_ATTR_UMASK, PFM_ATTR_MOD_BOOL, PFM_ATTR_MOD_INTEGER = 1, 2, 3
ERR_NOTFOUND, ERR_ATTR = -4, -8
ATTR_FIELDS = ("type", "config", "config1", "config2", "bits", "period", "flags", "cpu")
# pfmdump's attr_bits() order (bit 24 and up: precise_ip)
BITS = ("disabled", "inherit", "pinned", "exclusive", "exclude_user", "exclude_kernel", "exclude_hv",
        "exclude_idle", "mmap", "comm", "freq", "inherit_stat", "enable_on_exec", "task", "watermark",
        "mmap_data", "sample_id_all", "exclude_host", "exclude_guest", "exclude_callchain_kernel",
        "exclude_callchain_user")
SEEDS = os.path.join(HERE, "corpus", "fuzz_diff")

INTS = ("0", "1", "2", "3", "4", "5", "7", "8", "15", "16", "31", "32", "63", "64", "100", "127", "128",
        "255", "256", "511", "1023", "1024", "4095", "4096", "65535", "65536", "0x0", "0x1", "0xf",
        "0xff", "0x100", "0xffff", "0xffffffff", "0x100000000", "0xffffffffffffffff",
        "0x10000000000000000", "-1", "-0", "+1", "010", "08", "1a", "0x", "", " 1", "1 ", "abc",
        "1e3", "99999999999999999999", "0X10", "0b1")
BOOLS = ("", "=0", "=1", "=2", "=00", "=01", "=y", "=true", "=-1", "=0x1", "=", "=1=1", "= 1")
NOISE = ":.=,_-/ 0123456789xXabcdefABCDEF:::==..+*#~"


class Pmu:
    """A PMU's events (oracle.Event, libpfm4's and pmuplug's listing)."""

    def __init__(self, name):
        self.name = name
        self.lib = []
        self.ours = []
        self.lib_names = {}     # EVENT (upper) -> set of attribute names (upper)
        self.our_names = {}

    def index(self):
        for evs, names in ((self.lib, self.lib_names), (self.ours, self.our_names)):
            for e in evs:
                names.setdefault(e.name.upper(), set()).update(a.name.upper() for a in e.attrs)


def listing(pfmdump, libdir):
    """{pmu: [oracle.Event]} of every PMU one library lists (ext layer)."""
    out, ev = {}, None
    for line in oracle.run_dump(pfmdump, ["list"], libdir=libdir).splitlines():
        f = line.split("\t")
        if f[0] == "P":
            out.setdefault(f[1], [])
        elif f[0] == "E":
            ev = oracle.Event(f)
            out.setdefault(f[1], []).append(ev)
        elif f[0] == "A" and len(f) >= 14 and ev is not None:
            ev.attrs.append(oracle.Attr(f))
    return out


def load_pmus(pfmdump, ours):
    lib, our = listing(pfmdump, None), listing(pfmdump, ours)
    pmus = {}
    for name in sorted(set(lib) & set(our)):
        p = Pmu(name)
        p.lib, p.ours = lib[name], our[name]
        p.index()
        if p.lib or p.ours:
            pmus[name] = p
    return pmus


def load_seeds(path=SEEDS):
    out = []
    if os.path.isdir(path):
        for fn in sorted(os.listdir(path)):
            with open(os.path.join(path, fn)) as f:
                out += [s.rstrip("\n") for s in f if s.strip() and not s.startswith("#")]
    return out


class Generator:
    """Event strings: every one keeps a pmu:: prefix of a PMU both libraries
    list (what an unprefixed string resolves to depends on each library's
    PMU order and detection); what follows is built, then mutated."""

    def __init__(self, pmus, seeds, seed):
        self.rng = random.Random(seed)
        self.pmus = pmus
        self.names = sorted(pmus)
        self.seeds = [s for s in seeds if s.split("::", 1)[0] in pmus]
        mods = set()
        for p in pmus.values():
            for e in p.lib:
                mods.update(a.name for a in e.attrs if a.type != PFM_ATTR_UMASK)
        self.mods = sorted(mods)

    def value(self, a):
        r = self.rng
        if a.type == PFM_ATTR_MOD_BOOL:
            return a.name + r.choice(BOOLS)
        if a.type == PFM_ATTR_MOD_INTEGER or r.random() < 0.5:
            return "%s=%s" % (a.name, r.choice(INTS))
        return a.name

    def build(self):
        r = self.rng
        p = self.pmus[r.choice(self.names)]
        evs = p.lib if p.lib and (not p.ours or r.random() < 0.85) else p.ours
        e = r.choice(evs)
        parts = [e.name]
        ums = e.umasks()
        mods = [a for a in e.attrs if a.type != PFM_ATTR_UMASK]
        if ums:
            n = r.choice((0, 0, 1, 1, 1, 2, 2, 3, 4)) if len(ums) > 1 else r.choice((0, 1, 1))
            parts += [u.name for u in r.sample(ums, min(n, len(ums)))]
        if r.random() < 0.08:
            parts.append("0x%x" % r.choice((0, 1, 2, 3, 0x10, 0x81, 0xff, 0x100, r.randrange(0x10000))))
        if mods:
            n = r.choice((0, 0, 1, 1, 2, 3))
            parts += [self.value(a) for a in r.sample(mods, min(n, len(mods)))]
        if r.random() < 0.04 and self.mods:
            parts.append("%s=%s" % (r.choice(self.mods), r.choice(INTS)))
        return p.name, parts

    def seed_parts(self):
        s = self.rng.choice(self.seeds)
        pmu, rest = s.split("::", 1)
        return pmu, rest.split(":")

    def mutate(self, pmu, parts):
        r = self.rng
        p = self.pmus[pmu]
        op = r.randrange(16)
        if op == 0 and parts:                                   # case of one term
            i = r.randrange(len(parts))
            parts[i] = r.choice((str.lower, str.upper, str.swapcase, str.title))(parts[i])
        elif op == 1 and len(parts) > 1:                        # duplicated term
            i = r.randrange(1, len(parts))
            parts.insert(r.randrange(1, len(parts) + 1), parts[i])
        elif op == 2 and len(parts) > 2:                        # reordered terms
            tail = parts[1:]
            r.shuffle(tail)
            parts[1:] = tail
        elif op == 3 and len(parts) > 1:                        # dropped term
            del parts[r.randrange(1, len(parts))]
        elif op == 4:                                           # a unit mask of another event
            e = r.choice(p.lib or p.ours)
            if e.umasks():
                parts.insert(r.randrange(1, len(parts) + 1), r.choice(e.umasks()).name)
        elif op == 5:                                           # a pmuplug-only name (perf's)
            e = r.choice(p.ours or p.lib)
            if e.umasks():
                parts.append(r.choice(e.umasks()).name)
        elif op == 6 and len(parts) > 1:                        # a value on a unit mask
            i = r.randrange(1, len(parts))
            if "=" not in parts[i]:
                parts[i] += "=" + r.choice(INTS)
        elif op == 7:                                           # an empty term
            parts.insert(r.randrange(1, len(parts) + 1), "")
        elif op == 8 and len(parts) > 1:                        # spaces around a term
            i = r.randrange(len(parts))
            parts[i] = r.choice((" ", "")) + parts[i] + r.choice((" ", ""))
        elif op == 9:                                           # an out-of-range/odd value
            e = self.event_of(p, parts[0])
            mods = [a for a in (e.attrs if e else []) if a.type != PFM_ATTR_UMASK]
            if mods:
                a = r.choice(mods)
                parts.append("%s=%s" % (a.name, r.choice(INTS)))
        elif op == 10:                                          # numeric unit mask
            parts.insert(r.randrange(1, len(parts) + 1), r.choice(("0x", "0X")) + "%x" % r.randrange(0x1ff))
        else:                                                   # characters of the whole string
            s = ":".join(parts)
            i = r.randrange(len(s) + 1)
            if op == 11:
                s = s[:i] + r.choice(NOISE) + s[i:]
            elif op == 12 and s:
                s = s[:i] + s[i + 1:]
            elif op == 13:
                s = s[:i]
            elif op == 14 and s:
                s = s[:i] + r.choice(NOISE) + s[i + 1:]
            else:
                s = s + r.choice((":", "::", "=", ".", ":u", ":k=1", ",", " "))
            parts[:] = s.split(":")
        return parts

    @staticmethod
    def event_of(p, name):
        for e in p.lib:
            if e.name.upper() == name.upper():
                return e
        return None

    def join(self, parts):
        """EVENT:UMASK:..., sometimes with '.' between event and unit masks."""
        r = self.rng
        if len(parts) > 1 and r.random() < 0.1:
            return parts[0] + "." + ":".join(parts[1:])
        if len(parts) > 1 and r.random() < 0.03:
            return ".".join(parts)
        return ":".join(parts)

    def one(self):
        r = self.rng
        pmu, parts = self.seed_parts() if self.seeds and r.random() < 0.15 else self.build()
        for _ in range(r.choice((0, 0, 0, 1, 1, 2, 3))):
            parts = self.mutate(pmu, parts)
        rest = self.join(parts)
        if r.random() < 0.02:
            pmu = r.choice((pmu.upper(), pmu.title()))
        s = "%s::%s" % (pmu, rest)
        # pfmdump reads lines and prints tab-separated fields
        return re.sub(r"[\t\r\n\0]", "", s)[:512]

    def batch(self, n, seen):
        out = []
        while len(out) < n:
            s = self.one()
            if s not in seen:
                seen.add(s)
                out.append(s)
        return out


def pmu_of(s, pmus):
    """The PMU name (as listed) a pmu:: prefix names, case-insensitively."""
    p = s.split("::", 1)[0]
    if p in pmus:
        return p
    low = {n.lower(): n for n in pmus}
    return low.get(p.lower(), p)


def longest_event(rest, names):
    """The longest event name of names (upper) that rest starts with, ending
    at the end of rest or at ':' or '.'."""
    up = rest.upper()
    best = ""
    for i in range(len(up) + 1):
        if i == len(up) or up[i] in ":.":
            if up[:i] in names:
                best = up[:i]
    return best


NAME_RE = re.compile(r"(?!0X)[A-Z0-9_]*[A-Z_][A-Z0-9_]*")


def ours_only_name(pmu, rest):
    """Does rest use an event or attribute name libpfm4 does not know, one
    pmuplug's larger vocabulary may hold (perf's names, which pmuplug resolves
    without listing them all)? Only called where libpfm4 refuses with
    PFM_ERR_NOTFOUND or PFM_ERR_ATTR and pmuplug encodes. A term with stray
    characters (spaces, an empty name) is not a name."""
    lib_ev = longest_event(rest, pmu.lib_names)
    if not lib_ev:
        return True
    known = pmu.lib_names[lib_ev]
    for t in re.split(r"[:.]", rest[len(lib_ev):])[1:]:
        name = t.split("=", 1)[0].upper()
        if NAME_RE.fullmatch(name) and name not in known:
            return True
    return False


def kind_of(a, b):
    """What differs between libpfm4's (a) and pmuplug's (b) rundiff.Result."""
    k = []
    if a.none_rc != b.none_rc:
        k.append("NONE rc %d/%d" % (a.none_rc, b.none_rc))
    elif a.none != b.none:
        k.append("NONE codes")
    if a.ext_rc != b.ext_rc:
        k.append("EXT rc %d/%d" % (a.ext_rc, b.ext_rc))
    elif a.ext != b.ext:
        x, y = a.ext[1].split(), b.ext[1].split()
        fields = []
        for n, u, v in zip(ATTR_FIELDS, x, y):
            if u == v:
                continue
            if n == "bits":
                d = int(u, 16) ^ int(v, 16)
                fields += [BITS[i] for i in range(len(BITS)) if d >> i & 1]
                if d >> 24:
                    fields.append("precise_ip")
            else:
                fields.append(n)
        k.append("EXT " + ",".join(fields))
    return "; ".join(k)


def encode_all(args, strings, plms):
    """{plm: (libpfm4 {string: Result}, pmuplug {string: Result})}."""
    jobs = {}
    with concurrent.futures.ThreadPoolExecutor(args.j) as ex:
        for plm in plms:
            for lib in (None, args.ours):
                jobs[plm, lib] = ex.submit(encode, args.pfmdump, strings, lib, plm)
    return {plm: (jobs[plm, None].result(), jobs[plm, args.ours].result()) for plm in plms}


def encode(pfmdump, strings, libdir, plm):
    out = oracle.run_dump(pfmdump, ["encode", "-p", str(plm)], stdin="".join(s + "\n" for s in strings),
                          libdir=libdir)
    res = {}
    for line in out.splitlines():
        s = line.split("\t", 1)[0]
        res[s] = rundiff.Result(line)
        res[s].line = line
    return res


class Run:
    def __init__(self, args, pmus):
        self.args = args
        self.pmus = pmus
        self.accepted = Accepted(args.accepted_file)
        self.accepted.umask_key = self.umask_key
        self.accepted.equiv_terms = self.equiv_terms
        self.umask_values = {}  # (pmu, EVENT) -> {UMASK: umask value}, libpfm4's listing
        self.n = dict.fromkeys(("strings", "compared", "agree", "listed", "ours_only", "refused",
                                "refused_rc", "findings", "history"), 0)
        self.failed_plm = set()
        self.kinds = {}         # (pmu, event, kind) -> [count, plm, string]
        self.findings = []
        self.refusals = {}

    def equiv_terms(self, pmu, event):
        """The unit-mask terms of pmu::event's equivalent in libpfm4 4.13's
        listing (slm BRANCH_INSTRUCTIONS_RETIRED: ANY), which libpfm4 counts
        with the string's own; asked only to explain a difference."""
        p = self.pmus.get(pmu)
        e = next((x for x in (p.lib if p else []) if x.name.upper() == event.upper()), None)
        if not e or not e.equiv:
            return []
        return [t for t in re.split(r"[:.]", e.equiv)[1:] if t and "=" not in t]

    def umask_key(self, pmu, event, term):
        """The value libpfm4 4.13 compares unit masks by, for a unit mask term
        of pmu::event in its listing (None for any other term): the umask
        byte of its PFM_OS_NONE code with the further codes (an offcore
        MSR value), as libpfm4 encodes EVENT:UMASK (knm's
        CPU_CLK_UNHALTED:BUS and :REF_P are one value); asked once per
        event, only to explain a difference."""
        k = (pmu, event.upper())
        if k not in self.umask_values:
            p = self.pmus.get(pmu)
            e = next((x for x in (p.lib if p else []) if x.name.upper() == k[1]), None)
            vals = {}
            if e and e.umasks():
                strs = ["%s::%s:%s" % (pmu, e.name, u.name) for u in e.umasks()]
                enc = oracle.encode(self.args.pfmdump, strs)
                for u, st in zip(e.umasks(), strs):
                    x = enc.get(st)
                    if x is not None and x.rc == 0 and x.codes:
                        vals[u.name.upper()] = (x.codes[0] >> 8 & 0xff,) + tuple(x.codes[1:])
            self.umask_values[k] = vals
        return self.umask_values[k].get(term.strip().upper())

    def compare(self, plm, s, a, b):
        n = self.n
        if a.none_rc and a.ext_rc and b.none_rc and b.ext_rc:
            n["refused"] += 1
            if (a.none_rc, a.ext_rc) != (b.none_rc, b.ext_rc):
                n["refused_rc"] += 1
                k = (a.none_rc, a.ext_rc, b.none_rc, b.ext_rc)
                self.refusals.setdefault(k, [0, plm, s])[0] += 1
            return None
        n["compared"] += 1
        if a.key() == b.key():
            n["agree"] += 1
            return None
        pmu = self.pmus.get(pmu_of(s, self.pmus))
        rest = s.split("::", 1)[1]
        if (pmu and a.none_rc in (ERR_NOTFOUND, ERR_ATTR) and a.ext_rc in (ERR_NOTFOUND, ERR_ATTR)
                and 0 in (b.none_rc, b.ext_rc) and ours_only_name(pmu, rest)):
            n["ours_only"] += 1
            return None
        pname = pmu.name if pmu else s.split("::", 1)[0]
        if self.accepted.explain(pname, rest, a, b):
            n["listed"] += 1
            return None
        return (plm, s, pname, a, b)

    def confirm(self, cand):
        """Ask both libraries again about an unlisted difference, each string
        in a fresh process: libpfm4 4.13 keeps errno from an earlier call (a
        value past 2^64-1) and refuses perf_raw::r0 afterwards; a difference
        that disappears when libpfm4 is asked alone is its history (listed
        as @history), one that pmuplug's history makes is a finding."""
        plm, s, pname, a, b = cand
        fa = encode(self.args.pfmdump, [s], None, plm)[s]
        fb = encode(self.args.pfmdump, [s], self.args.ours, plm)[s]
        if fb.key() == b.key() and fa.key() != a.key() and fa.key() == fb.key():
            if self.accepted.reason(pname, "@history"):
                self.n["listed"] += 1
                self.n["history"] += 1
                return
        self.record(cand, "pmuplug answers otherwise alone; " if fb.key() != b.key() else "")

    def batch(self, strings):
        cands = []
        for plm, (lib, ours) in encode_all(self.args, strings, self.args.plm).items():
            for s in strings:
                c = self.compare(plm, s, lib[s], ours[s])
                if c:
                    cands.append(c)
        self.n["strings"] += len(strings)
        with concurrent.futures.ThreadPoolExecutor(self.args.j) as ex:
            list(ex.map(self.confirm, cands[:self.args.confirm]))
        for c in cands[self.args.confirm:]:
            self.record(c)

    def record(self, cand, note=""):
        plm, s, pname, a, b = cand
        self.n["findings"] += 1
        self.failed_plm.add(plm)
        kind = note + kind_of(a, b)
        k = (re.sub(r"\d+$", "", pname), kind)
        self.kinds.setdefault(k, [0, plm, s])[0] += 1
        if len(self.findings) < self.args.keep:
            self.findings.append((plm, s, a, b, kind))

    def reproducer(self, plm, s):
        return ("tests/hosts/sandbox.sh --ns %s -- %s fuzz/fuzz_diff.py --plm %d --show %s"
                % (self.args.host, os.path.basename(sys.executable), plm, shlex.quote(s)))

    def write(self):
        out = self.args.out
        os.makedirs(out, exist_ok=True)
        with open(os.path.join(out, "findings.txt"), "w") as f:
            for plm, s, a, b, kind in self.findings:
                f.write("plm %d  %s\n  libpfm4  %s\n  pmuplug  %s\n  differs  %s\n  reproduce: %s\n"
                        % (plm, s, a.show(), b.show(), kind, self.reproducer(plm, s)))
        with open(os.path.join(out, "findings.tsv"), "w") as f:
            f.write("# plm\tstring\tkind\tlibpfm4 (pfmdump encode line)\tpmuplug\n")
            for plm, s, a, b, kind in self.findings:
                f.write("%d\t%s\t%s\t%s\t%s\n" % (plm, s, kind, a.line.replace("\t", " | "),
                                                  b.line.replace("\t", " | ")))
        with open(os.path.join(out, "kinds.tsv"), "w") as f:
            f.write("# pmu (box number left out)\tdiffers\tcount\tplm\texample\n")
            for (p, k), (c, plm, s) in sorted(self.kinds.items(), key=lambda x: (-x[1][0], x[0])):
                f.write("%s\t%s\t%d\t%d\t%s\n" % (p, k, c, plm, s))
        with open(os.path.join(out, "refusals.tsv"), "w") as f:
            f.write("# both refuse with other codes (not compared): libpfm4 NONE EXT, pmuplug NONE EXT,"
                    " count, plm, example\n")
            for k, (c, plm, s) in sorted(self.refusals.items(), key=lambda x: -x[1][0]):
                f.write("%d %d\t%d %d\t%d\t%d\t%s\n" % (k + (c, plm, s)))


def show(args):
    res = encode_all(args, args.strings_to_show, args.plm)
    for s in args.strings_to_show:
        for plm in args.plm:
            a, b = res[plm][0][s], res[plm][1][s]
            print("plm %d  %s\n  libpfm4  %s\n  pmuplug  %s\n  %s"
                  % (plm, s, a.show(), b.show(), "same" if a.key() == b.key() else "differs: " + kind_of(a, b)))
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    results.driver_options(ap, "build/fuzz/fuzz_diff", "fuzz-diff")
    ap.add_argument("--seed", type=int, help="random seed (default: from the clock, printed)")
    ap.add_argument("--strings", type=int, default=0, help="stop after this many strings (0: no bound)")
    ap.add_argument("--seconds", type=float, default=0, help="stop after this long (0: no bound)")
    ap.add_argument("--batch", type=int, default=4000)
    ap.add_argument("--plm", default="1,8,9", help="privilege levels (pfmdump encode -p)")
    ap.add_argument("--confirm", type=int, default=200,
                    help="unlisted differences per batch asked again in fresh processes")
    ap.add_argument("--keep", type=int, default=2000, help="findings written in full")
    ap.add_argument("--host", default=os.environ.get("PMUPLUG_TEST_HOST", "emr-vm"),
                    help="the simulated host, for the reproducer lines")
    ap.add_argument("--show-kinds", type=int, default=20, help="kinds of difference printed")
    ap.add_argument("-j", type=int, default=2)
    ap.add_argument("--show", dest="strings_to_show", nargs="+", help="print both answers and exit")
    args = ap.parse_args()
    args.plm = [int(x, 0) for x in args.plm.split(",")]
    if args.strings_to_show:
        return show(args)
    if not args.strings and not args.seconds:
        ap.error("give --strings or --seconds")
    seed = args.seed if args.seed is not None else int(time.time() * 1000) % 1000000007
    t0 = time.monotonic()
    pmus = load_pmus(args.pfmdump, args.ours)
    seeds = load_seeds()
    gen = Generator(pmus, seeds, seed)
    run = Run(args, pmus)
    print("%s: seed %d, %d PMUs, %d seed strings, plm %s" % (args.suite, seed, len(pmus), len(seeds),
                                                             ",".join(map(str, args.plm))))
    seen = set()
    first = [s for s in gen.seeds]
    while True:
        left = args.strings - run.n["strings"] if args.strings else args.batch
        if left <= 0 or (args.seconds and time.monotonic() - t0 >= args.seconds):
            break
        n = min(args.batch, left)
        strings = first[:n]
        seen.update(strings)
        first = first[n:]
        strings += gen.batch(n - len(strings), seen)
        run.batch(strings)
        if len(seen) > 2000000:
            seen.clear()
    run.write()
    n = run.n
    print("%s: %d strings x %d plm in %.0fs: compared %d, agree %d, listed %d, pmuplug-only names %d; "
          "libpfm4's history %d; both refuse %d (other codes %d); findings %d in %d kinds"
          % (args.suite, n["strings"], len(args.plm), time.monotonic() - t0, n["compared"], n["agree"],
             n["listed"], n["ours_only"], n["history"], n["refused"], n["refused_rc"], n["findings"], len(run.kinds)))
    for (p, k), (c, plm, s) in sorted(run.kinds.items(), key=lambda x: (-x[1][0], x[0]))[:args.show_kinds]:
        print("  %5d  %s  [%s]  e.g. plm %d %s" % (c, p, k, plm, s))
    if run.kinds:
        print("  findings with reproducers: %s/findings.txt, kinds: %s/kinds.tsv" % (args.out, args.out))
    passed = len(args.plm) - len(run.failed_plm)
    results.report(args.suite, passed, len(run.failed_plm), args.results)
    return 1 if run.failed_plm else 0


if __name__ == "__main__":
    sys.exit(main())
