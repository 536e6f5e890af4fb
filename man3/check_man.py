#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""check_man.py: the man-page suite (make check-man).

Checks that every hand-written page (man3/*.3) and every generated page
($(B)/man3/libpfm_*.3) formats without a groff warning and has a NAME line
mandb can index; that every exported function has a page naming it; that
libpfm.3 documents every environment variable the library reads; that every
PMU descriptor under $(B)/yaml has its page; that cross-references to our
own pages resolve; and runs the generator's unit tests. Appends
"man: N passed, N failed" to the results file; exit status 1 on failure.
"""
import argparse
import concurrent.futures
import glob
import os
import re
import shutil
import subprocess
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
# the page writer and its tests (gen/man3/)
sys.path.insert(0, os.path.join(HERE, "..", "gen", "man3"))

# the libpfm4 API, used when there is no version script to read
API = ["pfm_initialize", "pfm_terminate", "pfm_strerror", "pfm_get_version",
       "pfm_get_pmu_info", "pfm_get_event_next", "pfm_find_event", "pfm_get_event_info",
       "pfm_get_os_event_encoding", "pfm_get_event_attr_info", "pfm_pmu_validate",
       "pfm_get_event_encoding", "pfm_get_perf_event_encoding"]
DEVICES = (None, "utf8")          # troff's default (PostScript) and a terminal


class Results:
    def __init__(self, verbose):
        self.passed = self.failed = 0
        self.verbose = verbose

    def check(self, ok, what, detail=""):
        if ok:
            self.passed += 1
            if self.verbose:
                print("PASS " + what)
        else:
            self.failed += 1
            print("FAIL " + what + (": " + detail.strip() if detail else ""))


def exported(map_file):
    try:
        with open(map_file, encoding="utf-8") as f:
            text = re.sub(r"/\*.*?\*/", "", f.read(), flags=re.S)
    except OSError:
        return API
    m = re.search(r"global:(.*?)(local:|\})", text, re.S)
    names = re.findall(r"([A-Za-z_][A-Za-z0-9_]*)\s*;", m.group(1)) if m else []
    return names or API


def env_vars(src_dir):
    """Variables the library reads: secure_getenv("X"), any "LIBPFM_X" literal,
    and the names of the table util/config.c scans the environment for
    (static const char *const vars[...] = { ... })."""
    found = set()
    for path in glob.glob(os.path.join(src_dir, "**", "*.c"), recursive=True):
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
        found.update(re.findall(r'getenv\(\s*"([A-Za-z0-9_]+)"', text))
        found.update(re.findall(r'"(LIBPFM_[A-Z0-9_]+)"', text))
        for table in re.findall(r'static const char \*const vars\[[^\]]*\] = \{(.*?)\};', text, re.S):
            found.update(re.findall(r'"([A-Za-z0-9_]+)"', table))
    return sorted(found)


def groff(pages, device):
    cmd = ["groff", "-man", "-ww", "-z"] + (["-T" + device] if device else []) + list(pages)
    r = subprocess.run(cmd, capture_output=True, text=True, errors="replace")
    return r.stderr + ("" if r.returncode == 0 else "groff exited %d" % r.returncode)


def whatis(pages):
    """page -> list of 'name - description' entries lexgrog finds."""
    out = {}
    r = subprocess.run(["lexgrog"] + pages, capture_output=True, text=True, errors="replace")
    for line in r.stdout.splitlines():
        m = re.match(r'(.*?): "(.*)"$', line)
        if m:
            out.setdefault(m.group(1), []).append(m.group(2))
    return out


def section(text, name):
    m = re.search(r"^\.SH %s\s*$(.*?)(?=^\.SH |\Z)" % re.escape(name), text, re.M | re.S)
    return m.group(1) if m else ""


def so_target(path):
    with open(path, encoding="utf-8") as f:
        first = f.readline()
    m = re.match(r"\.so\s+(\S+)", first)
    return m.group(1) if m else None


def pmu_name(path):
    """pmu.name of a descriptor, read cheaply; PyYAML when the layout is unusual."""
    with open(path, encoding="utf-8") as f:
        in_pmu = False
        for line in f:
            if re.match(r"pmu:\s*$", line):
                in_pmu = True
            elif in_pmu:
                m = re.match(r"\s+name:\s*([a-z0-9_]+)\s*$", line)
                if m:
                    return m.group(1)
                if not line.startswith((" ", "#")) and line.strip():
                    break
    import yaml
    with open(path, encoding="utf-8") as f:
        return str((yaml.safe_load(f).get("pmu") or {}).get("name"))


def check_format(res, pages, batched, jobs):
    """Every page on every device: no warning, no error. Pages in `batched`
    (generated ones, which start alike) are first formatted together, one
    groff per device, since groff's start-up dominates; only when that run
    complains are they formatted one by one, to say which page is wrong."""
    work = [((p,), d) for p in pages for d in DEVICES]
    for d in DEVICES:
        if batched and groff(batched, d) != "":
            work += [((p,), d) for p in batched]
        elif batched:
            for p in batched:
                res.check(True, "groff -man -ww -z%s %s" % (" -T" + d if d else "", p))
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as ex:
        for (p, d), err in zip(work, ex.map(lambda w: groff(*w), work)):
            res.check(err == "", "groff -man -ww -z%s %s" % (" -T" + d if d else "", p[0]), err)


def check_names(res, pages):
    found = whatis(pages)
    for p in pages:
        base = os.path.basename(p)[:-2]
        ok = any(e.startswith(base + " - ") for e in found.get(p, []))
        res.check(ok, "NAME of %s indexes %s" % (p, base), "lexgrog: %s" % found.get(p))
    return found


def check_functions(res, src, funcs, found):
    for fn in funcs:
        page = os.path.join(src, fn + ".3")
        ok = os.path.exists(page) and any(e.startswith(fn + " - ") for e in found.get(page, []))
        res.check(ok, "%s has a page naming it" % fn, "missing or NAME lacks it: " + page)


def check_env(res, overview, names):
    with open(overview, encoding="utf-8") as f:
        env = section(f.read(), "ENVIRONMENT")
    tags = set(re.findall(r"^\.TP\n\.B (\S+)", env, re.M))
    for v in names:
        res.check(v in tags, "%s documented in ENVIRONMENT of %s" % (v, overview))
    for t in sorted(tags - set(names)):
        res.check(False, "%s: ENVIRONMENT documents %s, which the library does not read"
                  % (overview, t))
    res.check(bool(tags), "%s has an ENVIRONMENT section" % overview)


def check_so(res, src):
    for p in sorted(glob.glob(os.path.join(src, "*.3"))):
        t = so_target(p)
        if t:
            ok = t.startswith("man3/") and os.path.exists(os.path.join(src, os.path.basename(t)))
            res.check(ok, "%s: .so %s resolves in %s" % (p, t, src))


def check_xrefs(res, pages, src, gen):
    """References to our own pages: pfm_*, pmuplug_*, libpfm, libpfm_<pmu>."""
    have = {os.path.basename(p)[:-2] for p in glob.glob(os.path.join(src, "*.3"))}
    gen_have = {os.path.basename(p)[:-2] for p in glob.glob(os.path.join(gen, "*.3"))}
    for p in pages:
        with open(p, encoding="utf-8") as f:
            refs = set(re.findall(r"^\.BR\s+([A-Za-z0-9_]+)\s+\(3\)", f.read(), re.M))
        for r in sorted(refs):
            if r.startswith(("pfm_", "pmuplug_")) or r == "libpfm":
                res.check(r in have, "%s: %s(3) exists" % (p, r))
            elif r.startswith("libpfm_") and gen_have:
                res.check(r in gen_have, "%s: %s(3) is a generated page" % (p, r))


def check_generated(res, yaml_dir, gen):
    descs = sorted(glob.glob(os.path.join(yaml_dir, "**", "*.yaml"), recursive=True))
    res.check(bool(descs), "%s holds PMU descriptors" % yaml_dir, "none found (make yaml)")
    for d in descs:
        page = os.path.join(gen, "libpfm_%s.3" % pmu_name(d))
        res.check(os.path.exists(page), "%s has its page %s" % (d, page))
    return sorted(glob.glob(os.path.join(gen, "libpfm_*.3")))


def run_unit_tests(res, verbose):
    import test_pmu_page
    result = unittest.TextTestRunner(stream=sys.stdout if verbose else open(os.devnull, "w"),
                                     verbosity=2 if verbose else 0).run(test_pmu_page.suite())
    bad = {t.id(): tb for t, tb in result.failures + result.errors}
    for t in test_pmu_page.suite():
        for case in (t if isinstance(t, unittest.TestSuite) else [t]):
            res.check(case.id() not in bad, "unit " + case.id().split(".", 1)[-1], bad.get(case.id(), ""))


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--src", default="man3", help="hand-written pages")
    ap.add_argument("--gen", default="build/man3", help="generated pages")
    ap.add_argument("--yaml", default="build/yaml", help="PMU descriptors")
    ap.add_argument("--map", default="pfmlib/api/libpfm.map", help="version script of the library")
    ap.add_argument("--lib-src", default="pfmlib", help="library sources (environment variables)")
    ap.add_argument("--results", help="append the summary line here")
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("-v", "--verbose", action="store_true")
    a = ap.parse_args(argv)
    res = Results(a.verbose)
    tools = {"groff": "groff-base", "lexgrog": "man-db"}
    missing = [t for t in tools if not shutil.which(t)]
    for t in tools:
        res.check(t not in missing, "%s is installed" % t, "apt-get install " + tools[t])
    if missing:
        return finish(res, a.results)

    hand = sorted(glob.glob(os.path.join(a.src, "*.3")))
    res.check(bool(hand), "hand-written pages in %s" % a.src)
    gen = check_generated(res, a.yaml, a.gen)
    pages = hand + gen
    check_format(res, hand, gen, a.jobs)
    found = check_names(res, pages)
    check_functions(res, a.src, exported(a.map), found)
    check_env(res, os.path.join(a.src, "libpfm.3"), env_vars(a.lib_src))
    check_so(res, a.src)
    check_xrefs(res, pages, a.src, a.gen)
    run_unit_tests(res, a.verbose)
    return finish(res, a.results)


def finish(res, results):
    line = "man: %d passed, %d failed" % (res.passed, res.failed)
    print(line)
    if results:
        os.makedirs(os.path.dirname(results) or ".", exist_ok=True)
        with open(results, "a") as f:
            f.write(line + "\n")
    return 1 if res.failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
