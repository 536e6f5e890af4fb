#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""check-layout.py: the library's layout rules, checked on the sources and
the compiled objects (the `layout` suite of make check).

  - every folder of pfmlib/ is a stage with a rank (RANKS below, written out
    in pfmlib/README.md); a file may include headers of its own stage and of
    lower-ranked stages only, so no include goes back up and no cycle exists;
  - the same holds for the symbols an object uses (nm): no call goes back
    up either, and no two files of one stage use each other's symbols;
  - no stage folder holds more than MAX_FILES files;
  - every source file opens with a comment saying its job.

usage: check-layout.py PFMLIB_DIR OBJ_DIR RESULTS_FILE
"""
import os
import re
import subprocess
import sys

# lowest first: a stage may use only what is ranked at or below it
RANKS = {"util": 0, "table": 1, "host": 2, "sysfs": 3, "plugins": 3,
         "registry": 4, "event": 5, "os": 6, "api": 7}
MAX_FILES = 15

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def stage_of(rel):
    return rel.split("/", 1)[0] if "/" in rel else None


class Results:
    def __init__(self):
        self.passed = 0
        self.failed = 0

    def check(self, ok, name, detail=""):
        if ok:
            self.passed += 1
        else:
            self.failed += 1
            print("FAIL %s%s" % (name, ": " + detail if detail else ""))


def sources(root):
    out = []
    for d, _, files in os.walk(root):
        for f in files:
            if f.endswith((".c", ".h")):
                out.append(os.path.relpath(os.path.join(d, f), root))
    return sorted(out)


def find_cycle(graph):
    """A cycle of graph (dict node -> set of nodes) as a list, or None."""
    state, stack = {}, []

    def visit(n):
        state[n] = 1
        stack.append(n)
        for m in sorted(graph.get(n, ())):
            if state.get(m) == 1:
                return stack[stack.index(m):] + [m]
            if not state.get(m):
                c = visit(m)
                if c:
                    return c
        stack.pop()
        state[n] = 2
        return None

    for n in sorted(graph):
        if not state.get(n):
            c = visit(n)
            if c:
                return c
    return None


def check_includes(res, root, files):
    graph = {}
    for rel in files:
        with open(os.path.join(root, rel), encoding="utf-8") as f:
            text = f.read()
        st = stage_of(rel)
        res.check(st in RANKS, "file_in_a_stage_folder", rel)
        first = text.lstrip()
        res.check(first.startswith("/*") and "- " in first.split("*/", 1)[0],
                  "file_opens_with_a_comment_saying_its_job", rel)
        for inc in INCLUDE.findall(text):
            target = inc if os.path.exists(os.path.join(root, inc)) else None
            if target is None:
                continue        # generated or system header
            graph.setdefault(rel, set()).add(target)
            ts = stage_of(target)
            if st in RANKS and ts in RANKS:
                res.check(RANKS[ts] <= RANKS[st], "include_goes_down_the_stages",
                          "%s (%s) includes %s (%s)" % (rel, st, target, ts))
    cyc = find_cycle(graph)
    res.check(cyc is None, "no_include_cycle", " -> ".join(cyc or []))


def symbols(obj):
    out = subprocess.run(["nm", "--defined-only", "-g", obj], capture_output=True, text=True).stdout
    defined = {l.split()[-1] for l in out.splitlines() if l.strip()}
    out = subprocess.run(["nm", "-u", obj], capture_output=True, text=True).stdout
    used = {l.split()[-1] for l in out.splitlines() if l.strip()}
    return defined, used


def check_objects(res, root, objdir):
    objs = {}
    for d, _, files in os.walk(objdir):
        for f in files:
            if f.endswith(".o"):
                rel = os.path.relpath(os.path.join(d, f), objdir)[:-2] + ".c"
                if os.path.exists(os.path.join(root, rel)):
                    objs[rel] = os.path.join(d, f)
    res.check(len(objs) > 0, "objects_found", objdir)
    owner, uses = {}, {}
    for rel, obj in objs.items():
        defined, used = symbols(obj)
        for s in defined:
            owner[s] = rel
        uses[rel] = used
    graph = {}
    for rel, used in uses.items():
        for s in used:
            dep = owner.get(s)
            if not dep or dep == rel:
                continue
            graph.setdefault(rel, set()).add(dep)
            st, ds = stage_of(rel), stage_of(dep)
            res.check(RANKS[ds] <= RANKS[st], "calls_go_down_the_stages",
                      "%s (%s) uses %s of %s (%s)" % (rel, st, s, dep, ds))
    cyc = find_cycle(graph)
    res.check(cyc is None, "no_call_cycle_between_files", " -> ".join(cyc or []))


def check_sizes(res, root):
    for d in sorted(os.listdir(root)):
        p = os.path.join(root, d)
        if os.path.isdir(p):
            n = len([f for f in os.listdir(p) if not f.startswith(".")])
            res.check(n <= MAX_FILES, "stage_folder_holds_at_most_%d_files" % MAX_FILES, "%s: %d" % (d, n))
            res.check(d in RANKS, "folder_is_a_known_stage", d)


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    root, objdir, results = sys.argv[1:]
    res = Results()
    check_includes(res, root, sources(root))
    check_objects(res, root, objdir)
    check_sizes(res, root)
    line = "layout: %d passed, %d failed" % (res.passed, res.failed)
    print(line)
    os.makedirs(os.path.dirname(results), exist_ok=True)
    with open(results, "a") as f:
        f.write(line + "\n")
    sys.exit(1 if res.failed else 0)


if __name__ == "__main__":
    main()
