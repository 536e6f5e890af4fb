#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""run.py - the check-schema suite: every reader of PMU descriptors knows
exactly the keys of schema/descriptor.yaml.

For each closed mapping kind of the schema, a small valid descriptor is
varied key by key and given to every reader: the C loader and the peek
(through tests/schema/probe.c) and jsontoyaml's validate.py; descriptors
are written both plainly (PyYAML) and by jsontoyaml's emit.py. Checked:
  - each key, with a valid value of its type, is accepted by all readers
    (and the peek reads name/override/match through it);
  - the same key with a value of another type is refused by all;
  - null is accepted where the schema says `nullable`;
  - `values` are accepted and any other string refused (`known`: the loader
    takes any string, validate.py only the known ones);
  - a missing `required` key is refused by all, naming it; a missing
    `output_required` key by validate.py only;
  - a key not in the schema is refused by all, the loader naming key and line;
  - the generated header (probe --keys) lists the schema's keys, types and
    flags in order, and its lookups find every key;
  - docs/schema.md's example shows every key.

usage: run.py PROBE [--results FILE]
Prints FAIL lines and "schema: N passed, N failed" (appended to FILE).
"""
import copy
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(REPO, "jsontoyaml"))

import yaml       # noqa: E402
import emit       # noqa: E402
import schema     # noqa: E402
import validate   # noqa: E402

UNKNOWN = "zz_not_in_schema"
BAD_VALUE = "zz_not_a_value"

# the smallest descriptor that has a mapping of every closed kind
BASE = {
    "schema": schema.VERSION,
    "pmu": {"name": "sk", "id": 1000, "desc": "schema probe", "type": "core", "arch": "x86",
            "format": {"event": "config:0-7", "umask": "config:8-15", "os": "config:17",
                       "cmask": "config:24-31"},
            "modifiers": [{"name": "k", "desc": "kernel", "type": "bool", "plm": 1, "field": "os"},
                          {"name": "c", "desc": "counter mask", "type": "int", "field": "cmask"}],
            "instances": [{"name": "sk1", "id": 1001}]},
    "events": [{"name": "E", "desc": "an event", "set": {"event": 1},
                "groups": [{"name": "g1"}, {"name": "g2"}],
                "rules": [{"when": "A", "forbid_groups": ["g2"]}],
                "umasks": [{"name": "A", "desc": "a", "set": {"umask": 1}, "group": "g1"},
                           {"name": "B", "desc": "b", "set": {"umask": 2}, "group": "g2"}]}],
}

# where the mapping of each kind is in BASE
PATHS = {"document": (), "pmu": ("pmu",), "modifier": ("pmu", "modifiers", 0),
         "instance": ("pmu", "instances", 0),
         "event": ("events", 0), "group": ("events", 0, "groups", 0),
         "rule": ("events", 0, "rules", 0), "umask": ("events", 0, "umasks", 0)}

# a valid value of each open kind (the entries of a map key)
OPEN_SAMPLES = {"format": {"zz": "config2:0-3"}, "field_values": {"cmask": 1},
                "aliases": {"E.ZZ": "E:A"}, "modifier_fields": {"c": "umask"}}

# values that must refer to something of BASE (by kind and key)
SAMPLES = {("pmu", "raw_fields"): ["cmask"], ("modifier", "requires"): "c",
           ("pmu", "raw_format"): {"cmask": "config1:0-7"},
           ("pmu", "code_fields"): ["cmask"], ("pmu", "raw_umask"): "cmask",
           ("event", "modifiers"): ["k"], ("pmu", "fstr_order"): ["c", "k"], ("event", "required_modifiers"): ["k"],
           ("umask", "required_modifiers"): ["k"], ("modifier", "enable"): "cmask"}

# whole rules, each valid: a rule key is tried in the first one holding it
RULE_FORMS = [{"when": "A", "forbid_groups": ["g2"]}, {"when": "A", "only_groups": ["g1"]},
              {"when_none_of": ["g2"], "add": "A"}, {"when_any_of": ["g2"], "require": "A"},
              {"when": "A", "require_groups": ["g2"]}]

# BASE without what a null key would leave dangling (umask groups, rules)
def _no_groups(doc):
    ev = doc["events"][0]
    ev.pop("rules")
    for u in ev["umasks"]:
        u.pop("group")


def _no_rules(doc):
    doc["events"][0].pop("rules")


NULL_FIXUPS = {("event", "groups"): _no_groups, ("event", "umasks"): _no_rules}

# a value of another type than each type
WRONG = {"str": ["x"], "int": "zz", "bool": "zz", "strlist": {"a": "b"}, "map": ["x"],
         "mapping": ["x"], "list": "zz"}

KT = {"str": 0, "int": 1, "bool": 2, "strlist": 3, "map": 4, "mapping": 5, "list": 6}


class Results:
    def __init__(self):
        self.passed = self.failed = 0

    def check(self, ok, name, detail=""):
        if ok:
            self.passed += 1
        else:
            self.failed += 1
            print("FAIL %s%s" % (name, ": " + detail if detail else ""))


def sample(kind, key, spec):
    if (kind, key) in SAMPLES:
        return copy.deepcopy(SAMPLES[(kind, key)])
    vals = spec.get("values") or spec.get("known")
    t = spec["type"]
    if t == "str":
        return vals[0] if vals else "x"
    if t == "int":
        return 1
    if t == "bool":
        return True
    if t == "strlist":
        return [vals[0]] if vals else ["x"]
    if t == "map":
        return copy.deepcopy(OPEN_SAMPLES[spec["of"]])
    raise KeyError("no sample for %s.%s (type %s): add one to SAMPLES" % (kind, key, t))


def target(doc, kind):
    m = doc
    for p in PATHS[kind]:
        m = m[p]
    return m


def base_for(kind, key):
    """A copy of BASE whose mapping of kind is ready to take key."""
    doc = copy.deepcopy(BASE)
    if kind == "rule":
        form = next((r for r in RULE_FORMS if key in r), RULE_FORMS[0])
        doc["events"][0]["rules"] = [copy.deepcopy(form)]
    if (kind, key) == ("modifier", "enable_given"):
        target(doc, kind)["enable"] = "cmask"      # enable_given needs an enable
    if (kind, key) == ("modifier", "written_unset"):
        # written_unset needs an int with_umask: required, min 1 or more
        m = target(doc, kind)
        del m["plm"]
        m.update(type="int", min=1, with_umask="required")
    return doc


class Case:
    """One descriptor and what each reader must make of it."""

    def __init__(self, name, doc, c_ok, py_ok, c_msg=None, py_msg=None, peek=False, writer="pyyaml"):
        self.name, self.doc, self.c_ok, self.py_ok = name, doc, c_ok, py_ok
        self.c_msg, self.py_msg, self.peek, self.writer = c_msg, py_msg, peek, writer
        self.path = None
        self.text = None


def cases():
    out = []
    for kind in schema.closed_kinds():
        if kind not in PATHS:
            out.append(Case("kind %s has a place in the probe descriptor" % kind, None, None, None))
            continue
        for key, spec in schema.keys(kind).items():
            w = "%s.%s" % (kind, key)
            peek = kind in ("document", "pmu")
            have = target(BASE, kind) if kind != "rule" else {}
            try:
                val = copy.deepcopy(have[key]) if key in have else sample(kind, key, spec)
            except KeyError as e:
                out.append(Case(e.args[0], None, None, None))
                continue
            # a valid value: accepted by all, through both writers
            doc = base_for(kind, key)
            target(doc, kind).setdefault(key, val)
            for writer in ("pyyaml", "emit"):
                out.append(Case("%s with a valid %s value is accepted (%s)" % (w, spec["type"], writer), doc,
                                True, True, peek=peek, writer=writer))
            # a value of another type: refused by all
            doc = base_for(kind, key)
            target(doc, kind)[key] = copy.deepcopy(WRONG[spec["type"]])
            out.append(Case("%s with a value that is not %s is refused" % (w, spec["type"]), doc, False, False))
            if spec.get("nullable"):
                doc = base_for(kind, key)
                NULL_FIXUPS.get((kind, key), lambda d: None)(doc)
                target(doc, kind)[key] = None
                out.append(Case("%s: null is accepted" % w, doc, True, True, peek=peek))
            for v in spec.get("values") or spec.get("known") or ():
                doc = base_for(kind, key)
                target(doc, kind)[key] = [v] if spec["type"] == "strlist" else v
                out.append(Case("%s: value %s is accepted" % (w, v), doc, True, True))
            if spec.get("values") or spec.get("known"):
                doc = base_for(kind, key)
                target(doc, kind)[key] = [BAD_VALUE] if spec["type"] == "strlist" else BAD_VALUE
                known_only = not spec.get("values")
                out.append(Case("%s: a value outside %s is %s" %
                                (w, "known" if known_only else "values",
                                 "taken by the loader, refused by validate.py" if known_only else "refused"),
                                doc, known_only, False))
            if spec.get("required") or spec.get("output_required"):
                doc = base_for(kind, key)
                target(doc, kind).pop(key, None)
                req = bool(spec.get("required"))
                out.append(Case("%s missing is refused by %s" % (w, "all" if req else "validate.py only"),
                                doc, not req, False,
                                c_msg="required key '%s' is missing" % key if req else None))
        doc = copy.deepcopy(BASE)
        target(doc, kind)[UNKNOWN] = 1
        out.append(Case("a key not in the schema is refused in a %s" % kind, doc, False, False,
                        c_msg="unknown key '%s' in" % UNKNOWN, py_msg="unknown key '%s'" % UNKNOWN))
    return out


def write(case, d, i):
    case.path = os.path.join(d, "c%04d.yaml" % i)
    if case.writer == "emit":
        case.text = emit.dumps(case.doc)
    else:
        case.text = yaml.safe_dump(case.doc, sort_keys=False, default_flow_style=False)
    with open(case.path, "w", encoding="utf-8") as f:
        f.write(case.text)


def run_probe(r, probe, args, what):
    """The probe's output lines split at tabs; a crash or sanitizer report fails a check."""
    p = subprocess.run([probe] + args, capture_output=True, text=True)
    r.check(p.returncode == 0 and not p.stderr, "the probe runs cleanly (%s)" % what,
            "exit %d: %s" % (p.returncode, p.stderr[-2000:]))
    return [line.split("\t") for line in p.stdout.splitlines()]


def probe_files(r, probe, paths):
    res = {}
    for f in run_probe(r, probe, paths, "%d descriptors" % len(paths)):
        res.setdefault(f[0], {})[f[1]] = f[2:]
    return res


def check_case(r, case, got):
    load = got.get(case.path, {}).get("load", ["missing"])
    c_ok = load[0] == "ok"
    detail = "loader: %s" % " ".join(load)
    if c_ok != case.c_ok:
        r.check(False, case.name + " [C loader]", detail + "\n" + case.text)
        return
    if case.c_msg:
        msg = load[1] if len(load) > 1 else ""
        ok = case.c_msg in msg
        if ok and case.c_msg.startswith("unknown key"):
            # the message names the key's own line
            line = next(i for i, l in enumerate(case.text.splitlines(), 1) if UNKNOWN + ":" in l)
            ok = msg.startswith("%s:%d:" % (case.path, line))
        if not ok:
            r.check(False, case.name + " [C loader message]", "%r lacks %r" % (msg, case.c_msg))
            return
    try:
        probs = validate.validate(copy.deepcopy(case.doc))
    except Exception as e:      # a reader that crashes on a descriptor fails the check
        r.check(False, case.name + " [validate.py]", "raised %s: %s" % (type(e).__name__, e))
        return
    if (not probs) != case.py_ok or (case.py_msg and not any(case.py_msg in p for p in probs)):
        r.check(False, case.name + " [validate.py]", "; ".join(probs) or "no problem found")
        return
    if case.peek:
        peek = got.get(case.path, {}).get("peek", ["missing"])
        pmu = case.doc["pmu"]
        match = pmu.get("match") or []
        want = ["ok", pmu["name"], str(int(bool(pmu.get("override")))), str(len(match))] + match
        if peek != want:
            r.check(False, case.name + " [peek]", "%s, want %s" % (peek, want))
            return
    r.check(True, case.name)


def check_header(r, probe):
    got = run_probe(r, probe, ["--keys"], "--keys")
    want = [["version", str(schema.VERSION)]]
    for kind in schema.closed_kinds():
        for i, (key, spec) in enumerate(schema.keys(kind).items()):
            flags = (1 if spec.get("required") else 0) | (2 if spec.get("nullable") else 0)
            want.append(["key", kind, str(i), key, str(KT[spec["type"]]), str(flags)])
    r.check([g for g in got if g[0] != "lookup"] == want,
            "the generated header lists the schema's keys, types and flags in order",
            "regenerate build/gen/pp_schema.h (make)")
    for g in got:
        if g[0] == "lookup":
            r.check(g[2] == "ok", "header lookups of kind %s find every key and no other" % g[1],
                    " ".join(g[3:]))


def check_docs(r):
    with open(os.path.join(REPO, "docs", "schema.md"), encoding="utf-8") as f:
        text = f.read()
    example = text.split("```yaml", 1)[1].split("```", 1)[0]
    words = set()
    for line in example.splitlines():
        code = line.split("#", 1)[0].strip().lstrip("- ").strip()
        if ":" in code:
            words.add(code.split(":", 1)[0].strip())
    for kind in schema.closed_kinds():
        missing = [k for k in schema.keys(kind) if k not in words]
        r.check(not missing, "docs/schema.md shows every key of kind %s" % kind, ", ".join(missing))


def main(argv):
    if len(argv) < 2:
        sys.stderr.write("usage: run.py PROBE [--results FILE]\n")
        return 2
    probe = argv[1]
    results = argv[argv.index("--results") + 1] if "--results" in argv else None
    r = Results()
    check_header(r, probe)
    check_docs(r)
    all_cases = cases()
    for c in all_cases:
        if c.doc is None:
            r.check(False, c.name)
    todo = [c for c in all_cases if c.doc is not None]
    with tempfile.TemporaryDirectory(prefix="check-schema.") as d:
        for i, c in enumerate(todo):
            write(c, d, i)
        got = probe_files(r, probe, [c.path for c in todo])
        for c in todo:
            check_case(r, c, got)
    line = "schema: %d passed, %d failed" % (r.passed, r.failed)
    print(line)
    if results:
        os.makedirs(os.path.dirname(results) or ".", exist_ok=True)
        with open(results, "a", encoding="utf-8") as f:
            f.write(line + "\n")
    return 1 if r.failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
