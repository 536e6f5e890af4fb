#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""golden.py - runs the golden-file tests (check) or rewrites the golden
files (update) of tests/golden/: converts the test arch of
tests/fixtures/testarch with jsontoyaml, loads the results and the
hand-written plugin as plugins, dumps each case of tests/golden/cases with
build/bin/golddump under a fixed LIBPFM_CPUID and LIBPFM_SYSROOT, and
compares section by section (`== title` lines) with the committed files.

usage: golden.py check|update [--build DIR]
check appends one line "golden: N passed, N failed" to DIR/check/results;
everything it writes goes to DIR/golden/ and DIR/check/golden/.
"""
import argparse
import difflib
import os
import shutil
import subprocess
import sys

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GOLDEN = os.path.join(TOP, "tests", "golden")
ARCH = os.path.join(TOP, "tests", "fixtures", "testarch")
DUMPS = ("info", "list", "all", "list+all", "-")
MAX_DIFF_LINES = 120


class Case:
    def __init__(self, line, lineno):
        f = line.split(None, 6)
        if len(f) != 7 or f[3] not in DUMPS:
            raise SystemExit("tests/golden/cases:%d: want `name cpuid sysroot dump pmus strings what`"
                             " with dump one of %s" % (lineno, ", ".join(DUMPS)))
        self.name, self.cpuid, self.sysroot, self.dump, pmus, self.strings, self.what = f
        self.pmus = pmus.split(",")

    def args(self):
        a = []
        if self.dump != "-":
            a += ["-" + {"info": "i", "list": "l", "all": "a"}[d] for d in self.dump.split("+")]
        if self.strings != "-":
            a += ["-e", os.path.join(ARCH, "strings", self.strings)]
        return a + self.pmus

    def header(self):
        return ("# tests/golden/%s.golden: %s.\n"
                "# LIBPFM_CPUID=%s, sysroot %s; made by `make golden` (tests/golden/README.md), do not edit.\n"
                % (self.name, self.what, self.cpuid, self.sysroot))


def read_cases():
    out = []
    with open(os.path.join(GOLDEN, "cases"), encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if line.strip() and not line.startswith("#"):
                out.append(Case(line.strip(), n))
    return out


def convert(work):
    """the test arch converted by jsontoyaml, plus the hand-written plugin:
    (plugin path, None) or (None, error text)"""
    yaml_dir, plug_dir = os.path.join(work, "yaml"), os.path.join(work, "plugins")
    p = subprocess.run([sys.executable, os.path.join(TOP, "jsontoyaml", "jsontoyaml.py"),
                        "--arch-root", os.path.join(ARCH, "perf-arch"),
                        "--overlay-root", os.path.join(ARCH, "overlays"),
                        "--out", yaml_dir, "--strict", "--verify", "--quiet"],
                       capture_output=True, text=True)
    if p.returncode != 0:
        return None, p.stdout + p.stderr
    os.makedirs(plug_dir)
    for f in sorted(os.listdir(os.path.join(ARCH, "plugins"))):
        shutil.copyfile(os.path.join(ARCH, "plugins", f), os.path.join(plug_dir, f))
    # the plugin loader refuses group/other-writable files: make the modes safe
    for d in (os.path.join(yaml_dir, "x86"), plug_dir):
        for f in os.listdir(d):
            os.chmod(os.path.join(d, f), 0o644)
    return os.path.join(yaml_dir, "x86") + ":" + plug_dir, None


def dump(case, golddump, plugin_path):
    """(text, error or None) of one case"""
    env = {k: v for k, v in os.environ.items() if not k.startswith("LIBPFM_")}
    env.update(LC_ALL="C", LIBPFM_CPUID=case.cpuid, LIBPFM_PLUGIN_PATH=plugin_path,
               LIBPFM_SYSROOT=os.path.join(ARCH, "sysroot", case.sysroot))
    p = subprocess.run([golddump] + case.args(), capture_output=True, text=True, env=env)
    err = None
    if p.returncode != 0 or p.stderr:
        err = "golddump exited %d%s" % (p.returncode, (": " + p.stderr.strip()) if p.stderr else "")
    return case.header() + p.stdout, err


def sections(text):
    """[(title, lines)]: the file header, then one entry per `== title` line"""
    out = [("file header names the case, its identity and sysroot", [])]
    for line in text.splitlines():
        if line.startswith("== "):
            out.append((line[3:], []))
        out[-1][1].append(line)
    return out


def compare(name, want, got):
    """(passed, failed, report lines) of one golden file, a check per section"""
    w, g = sections(want), sections(got)
    gd = {}
    for i, (t, lines) in enumerate(g):
        gd.setdefault(t, []).append(lines)
    passed, failed, rep = 0, 0, []
    seen = {}
    for t, lines in w:
        k = seen.get(t, 0)
        seen[t] = k + 1
        have = gd.get(t, [])
        if k < len(have) and have[k] == lines:
            passed += 1
            rep.append("  ok: %s: %s" % (name, t))
        else:
            failed += 1
            rep.append("  FAILED: %s: %s%s" % (name, t, "" if k < len(have) else " (section gone)"))
    for t, lst in gd.items():
        for _ in range(len(lst) - seen.get(t, 0)):
            failed += 1
            rep.append("  FAILED: %s: %s (new section, not in the golden file)" % (name, t))
    return passed, failed, rep


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("mode", choices=("check", "update"))
    ap.add_argument("--build", default=os.path.join(TOP, "build"))
    a = ap.parse_args()
    build = os.path.abspath(a.build)
    work, logs = os.path.join(build, "golden"), os.path.join(build, "check", "golden")
    golddump = os.path.join(build, "bin", "golddump")
    shutil.rmtree(work, ignore_errors=True)
    shutil.rmtree(logs, ignore_errors=True)
    os.makedirs(os.path.join(work, "out"))
    os.makedirs(logs)
    cases = read_cases()
    passed = failed = 0

    def result(ok, name, detail=""):
        nonlocal passed, failed
        if ok:
            passed += 1
            print("  ok: %s" % name)
        else:
            failed += 1
            print("  FAILED: %s%s" % (name, detail))

    plugin_path, err = convert(work)
    result(err is None, "jsontoyaml converts the golden test arch (--strict --verify)",
           "\n" + (err or "").rstrip())
    if err is not None:
        return finish(a.mode, build, passed, failed)

    fresh = {}
    for c in cases:
        text, err = dump(c, golddump, plugin_path)
        fresh[c.name] = text
        with open(os.path.join(work, "out", c.name + ".golden"), "w", encoding="utf-8") as f:
            f.write(text)
        if err:
            result(False, "%s: golddump runs cleanly" % c.name, ": " + err)

    committed = sorted(f[:-7] for f in os.listdir(GOLDEN) if f.endswith(".golden"))
    names = [c.name for c in cases]
    if a.mode == "update":
        if failed:
            print("golden: nothing written: a case failed")
            return 1
        changed = []
        for n in names:
            path = os.path.join(GOLDEN, n + ".golden")
            old = open(path, encoding="utf-8").read() if os.path.exists(path) else None
            if old != fresh[n]:
                with open(path, "w", encoding="utf-8") as f:
                    f.write(fresh[n])
                changed.append(n)
        for n in committed:
            if n not in names:
                os.remove(os.path.join(GOLDEN, n + ".golden"))
                changed.append(n + " (removed)")
        print("golden: %d files, %s" % (len(names), "changed: " + ", ".join(changed) if changed
                                         else "none changed"))
        if changed:
            print("review with: git diff tests/golden/")
        return 0

    diffs = []
    for n in names:
        path = os.path.join(GOLDEN, n + ".golden")
        if not os.path.exists(path):
            result(False, "%s: golden file exists" % n, " (run `make golden` and commit it)")
            continue
        want = open(path, encoding="utf-8").read()
        p, f, rep = compare(n, want, fresh[n])
        passed, failed = passed + p, failed + f
        print("\n".join(rep))
        if want != fresh[n]:
            diffs.append("".join(difflib.unified_diff(
                want.splitlines(True), fresh[n].splitlines(True),
                "tests/golden/%s.golden" % n, os.path.relpath(os.path.join(work, "out", n + ".golden"), TOP))))
    for n in committed:
        if n not in names:
            result(False, "%s.golden: a case of tests/golden/cases" % n, " (stale file: run `make golden`)")
    if diffs:
        text = "\n".join(diffs)
        with open(os.path.join(logs, "golden.diff"), "w", encoding="utf-8") as f:
            f.write(text)
        lines = text.splitlines()
        print("--- golden files differ (committed -> fresh); full diff: %s" %
              os.path.relpath(os.path.join(logs, "golden.diff"), TOP))
        print("\n".join(lines[:MAX_DIFF_LINES]))
        if len(lines) > MAX_DIFF_LINES:
            print("... %d more diff lines" % (len(lines) - MAX_DIFF_LINES))
        print("--- if the change is intended: make golden, review `git diff tests/golden/`, commit")
    return finish(a.mode, build, passed, failed)


def finish(mode, build, passed, failed):
    if mode == "check":
        os.makedirs(os.path.join(build, "check"), exist_ok=True)
        line = "golden: %d passed, %d failed" % (passed, failed)
        print(line)
        with open(os.path.join(build, "check", "results"), "a", encoding="utf-8") as f:
            f.write(line + "\n")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
