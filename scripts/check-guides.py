#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""check-guides.py: the guides and the documentation name only paths the
repository holds (the `guides` suite of make check).

  - every guide of docs/guides/ (but its README.md) has at least one fenced
    block of info string `files`: one repository path per line (`#` starts
    a comment). A path is checked as written; a path with a placeholder
    (`<arch>`, `<vendor>`, ...) names a file the recipe creates: the
    directory before its first placeholder must exist;
  - every document (docs/**/*.md, README.md, bench/README.md): each
    markdown link to a local target must stay inside the repository and
    name a path that exists; each inline code span that is a path of the
    repository (its first component a top-level directory the repository
    tracks, nothing but path characters, an optional `:LINE` suffix) must
    exist; a span starting with `../` points outside the repository and
    fails. Code spans with wildcards, braces, placeholders or spaces are
    examples, not paths, and fenced blocks (commands, output) are not read.
    Paths of other trees that share a top-level name with ours (the
    kernel's `arch/x86/events/...`) are listed in FOREIGN.

"Exists" means tracked by git (a file, or a directory holding one), so a
file left untracked in a work tree does not make a guide pass.

Prints one line per failure, then "guides: N passed, N failed" (one check
per guide, per path a guide lists, per link and per path mention), appended
to RESULTS when given; exits 1 on any failure.

usage: check-guides.py [--root DIR] [--results FILE] [--self-test SCRATCH]
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

# paths of other source trees (Linux, perf) that docs quote and that begin
# with a top-level name of ours: a mention starting with one is not checked
FOREIGN = ("arch/x86/events/", "arch/s390/kernel/", "arch/powerpc/perf/",
           "arch/arm64/kernel/", "arch/nds32/kernel/", "arch/riscv/kernel/",
           "include/linux/", "include/uapi/", "tools/perf/")

DOCS_EXTRA = ("README.md", "bench/README.md")
GUIDES_DIR = "docs/guides"

FENCE = re.compile(r"^\s*(```+|~~~+)\s*([\w-]*)")
LINK = re.compile(r"(?<!\!)\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
CODE = re.compile(r"(?<!`)`([^`\n]+)`(?!`)")
PATHCHARS = re.compile(r"^[A-Za-z0-9_.+/-]+$")
PLACEHOLDER = re.compile(r"[<{*?$\[]")


def tracked(root):
    """(files, dirs) git tracks under root, or None without git."""
    try:
        out = subprocess.run(["git", "-C", root, "ls-files", "-z"], capture_output=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    files = set(p for p in out.decode("utf-8", "replace").split("\0") if p)
    dirs = set()
    for f in files:
        d = os.path.dirname(f)
        while d and d not in dirs:
            dirs.add(d)
            d = os.path.dirname(d)
    return files, dirs


class Checker:
    def __init__(self, root):
        self.root = os.path.realpath(root)
        t = tracked(self.root)
        if t is None:
            raise SystemExit("guides: %s is not a git checkout: no list of tracked paths" % self.root)
        self.files, self.dirs = t
        self.tops = set(p.split("/", 1)[0] for p in self.dirs if "/" not in p)
        self.passed = self.failed = 0

    def exists(self, rel):
        rel = os.path.normpath(rel)
        return rel in self.files or rel in self.dirs

    def check(self, ok, where, what):
        if ok:
            self.passed += 1
        else:
            self.failed += 1
            print("  %s: %s" % (where, what))

    # ---- documents ----
    def documents(self):
        docs = sorted(f for f in self.files if f.startswith("docs/") and f.endswith(".md"))
        return docs + [f for f in DOCS_EXTRA if f in self.files]

    def lines_outside_fences(self, path):
        """(line number, text) of the lines outside fenced blocks, and the
        fenced blocks as (info string, first line number, lines)."""
        plain, blocks, fence = [], [], None
        with open(os.path.join(self.root, path), encoding="utf-8", errors="replace") as f:
            for n, line in enumerate(f, 1):
                m = FENCE.match(line)
                if fence is None and m:
                    fence = (m.group(1)[0] * len(m.group(1)), m.group(2), n, [])
                elif fence is not None and line.strip().startswith(fence[0]) and \
                        line.strip().strip(fence[0][0]) == "":
                    blocks.append(fence[1:])
                    fence = None
                elif fence is not None:
                    fence[3].append((n, line.rstrip("\n")))
                else:
                    plain.append((n, line))
        if fence is not None:
            blocks.append(fence[1:])
        return plain, blocks

    def check_link(self, doc, n, target):
        where = "%s:%d" % (doc, n)
        if re.match(r"^[a-z][a-z0-9+.-]*:", target) or target.startswith("#"):
            return      # a URL or an anchor of the same page
        target = target.split("#", 1)[0]
        if target.startswith("/"):
            self.check(False, where, "link to an absolute path (%s)" % target)
            return
        full = os.path.normpath(os.path.join(self.root, os.path.dirname(doc), target))
        rel = os.path.relpath(full, self.root)
        if rel == ".." or rel.startswith("../"):
            self.check(False, where, "link to %s, outside the repository" % target)
            return
        self.check(self.exists(rel), where, "link to %s, which the repository does not hold" % target)

    def check_mention(self, doc, n, span):
        where = "%s:%d" % (doc, n)
        if span.startswith("../"):
            self.check(False, where, "names %s, outside the repository" % span)
            return
        if not PATHCHARS.match(span.split(":", 1)[0]) or PLACEHOLDER.search(span):
            return
        path = span
        m = re.match(r"^(.*?):\d+$", span)
        if m:
            path = m.group(1)
        if ":" in path or "/" not in path or path.split("/", 1)[0] not in self.tops:
            return
        if path.startswith(FOREIGN) or "..." in path:
            return
        self.check(self.exists(path), where, "names %s, which the repository does not hold" % path)

    def check_document(self, doc):
        plain, _ = self.lines_outside_fences(doc)
        for n, line in plain:
            for m in LINK.finditer(line):
                self.check_link(doc, n, m.group(1))
            for m in CODE.finditer(line):
                self.check_mention(doc, n, m.group(1).strip())

    # ---- guides ----
    def check_guide(self, guide):
        _, blocks = self.lines_outside_fences(guide)
        lists = [b for b in blocks if b[0] == "files"]
        self.check(bool(lists) and any(l for _, _, l in lists), guide,
                   "no ```files block listing the paths the guide touches")
        for _, _, lines in lists:
            for n, line in lines:
                path = line.split("#", 1)[0].strip()
                if not path:
                    continue
                where = "%s:%d" % (guide, n)
                if path.startswith("/") or os.path.normpath(path).startswith(".."):
                    self.check(False, where, "%s is not a path inside the repository" % path)
                    continue
                m = PLACEHOLDER.search(path)
                if m:
                    base = os.path.dirname(path[:m.start()])
                    self.check(not base or self.exists(base), where,
                               "%s: directory %s does not exist" % (path, base))
                else:
                    self.check(self.exists(path.rstrip("/")), where,
                               "%s does not exist in the repository" % path)

    def run(self):
        guides = sorted(f for f in self.files if f.startswith(GUIDES_DIR + "/") and f.endswith(".md")
                        and os.path.basename(f) != "README.md")
        self.check(bool(guides), GUIDES_DIR, "no guide")
        for g in guides:
            self.check_guide(g)
        for d in self.documents():
            self.check_document(d)
        return self


def self_test(scratch):
    """The checker on a small repository of one good and one bad guide and
    a document with each kind of bad reference: each must be named, nothing
    good may be."""
    os.makedirs(scratch, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=scratch) as d:
        def w(p, text):
            os.makedirs(os.path.dirname(os.path.join(d, p)), exist_ok=True)
            with open(os.path.join(d, p), "w") as f:
                f.write(text)
        w("src/a.c", "")
        w("docs/guides/good.md", "# good\n\n```files\nsrc/a.c   # the file\nsrc/<arch>.c\nsrc/\n```\n")
        w("docs/guides/bad.md", "# bad\n\n```files\nsrc/gone.c\nnope/<arch>.c\n../out.c\n```\n")
        w("docs/guides/none.md", "# no list\n")
        w("docs/page.md", "see [a](../src/a.c), [b](gone.md), [c](../../x.md), [d](/etc/passwd),\n"
                          "[e](https://example.org/x), [f](#top), `src/a.c`, `src/a.c:12`,\n"
                          "`src/missing.c`, `src/<x>.c`, `src/*.c`, `../shared/x`, `make check`,\n"
                          "```\n`src/in-fence.c`\n```\n")
        subprocess.run(["git", "-C", d, "init", "-q"], check=True)
        subprocess.run(["git", "-C", d, "add", "."], check=True)
        import contextlib
        import io
        buf = io.StringIO()
        with contextlib.redirect_stdout(buf):
            c = Checker(d).run()
        out = buf.getvalue()
    expect = ["docs/guides/bad.md:4: src/gone.c does not exist",
              "docs/guides/bad.md:5: nope/<arch>.c: directory nope does not exist",
              "docs/guides/bad.md:6: ../out.c is not a path inside",
              "docs/guides/none.md: no ```files block",
              "link to gone.md, which the repository does not hold",
              "link to ../../x.md, outside the repository",
              "link to an absolute path (/etc/passwd)",
              "names src/missing.c, which",
              "names ../shared/x, outside the repository"]
    passed = failed = 0
    for e in expect:
        if e in out:
            passed += 1
        else:
            failed += 1
            print("  FAILED: self-test: the checker does not say %r" % e)
    for good in ("good.md", "src/a.c,", "example.org", "#top", "in-fence", "src/<x>", "src/*"):
        if good in out:
            failed += 1
            print("  FAILED: self-test: the checker names %r, which is good" % good)
        else:
            passed += 1
    if (c.failed, c.passed) == (len(expect), 9):
        passed += 1
    else:
        failed += 1
        print("  FAILED: self-test: counts %d passed, %d failed:\n%s" % (c.passed, c.failed, out))
    return passed, failed


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--root", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    ap.add_argument("--results")
    ap.add_argument("--self-test", metavar="SCRATCH", help="also run the checker's own cases in SCRATCH")
    a = ap.parse_args()
    c = Checker(a.root).run()
    passed, failed = c.passed, c.failed
    if a.self_test:
        p, f = self_test(a.self_test)
        passed += p
        failed += f
    line = "guides: %d passed, %d failed" % (passed, failed)
    print(line)
    if a.results:
        os.makedirs(os.path.dirname(a.results) or ".", exist_ok=True)
        with open(a.results, "a") as f:
            f.write(line + "\n")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
