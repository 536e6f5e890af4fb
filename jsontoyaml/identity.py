# SPDX-License-Identifier: MIT
"""PMU identities of the model directories arch/<arch>/models.yaml does not
name (docs/jsontoyaml.md, "Models without an entry").

A model directory gets its PMU(s) by rule:

1. libpfm4's PMU when upstream libpfm4 detects one of the model's CPUs
   (arch/<arch>/libpfm4-cpus.yaml: each PMU with its id, enumerator,
   description and the CPU identities it is detected on, in perf's identity
   form). A CPU is the model's when the model's mapfile row is the first
   core row whose regex wholly matches the CPU's identity, as perf picks.
   Where no row of perf's matches any CPU of a libpfm4 PMU (perf and
   libpfm4 disagree on the identity: Neoverse V3 is part 0xd83 in perf's
   mapfile, 0xd84 in libpfm4), the PMU is the model's when every word of
   the model directory's path is a word of its description. Its `match`
   is then perf's regexes and libpfm4's identities that no perf row
   claims, so the PMU is present on both.
2. Otherwise a name in libpfm4's style from the `rule` section of
   models.yaml (`name` template; hybrid models: one PMU per core type,
   `<name>_<core type>`), a description from the same section, and an id
   from the reserved range RULE_IDS: a stable hash of the PMU's key
   (`<arch>/<model dir>[/<core type Unit>]`), see assign().

A libpfm4 PMU that a models.yaml entry of a model in the same mapfile
produces is never taken again by rule.
"""
import hashlib
import os
import re

import mapfile as mapfile_mod
import overlay
from errors import ConvertError

FACTS_FILE = "libpfm4-cpus.yaml"

# pfm_pmu_t values of PMUs named by rule. Disjoint from libpfm4's (0..767:
# 4.13, then upstream, 699 in 2026-06), from models.yaml's (768..1022), the
# uncore boxes' (881..949, 1024..2999: arch/*/uncore/perf-units.yaml) and the
# test plugins' (4095); jsontoyaml/tests/test_identity.py checks it.
RULE_IDS = range(3200, 4000)

RULE_KEYS = {"name", "families", "unit_prefix"}
RULE_FAMILY_KEYS = {"identity", "family", "desc"}
FACT_KEYS = {"id", "enum", "desc", "cpus", "unit"}

_RANGE = re.compile(r"\{([0-9A-Fa-f]+)-([0-9A-Fa-f]+)\}")


def expand(identity):
    """The identity strings a fact stands for: `{LO-HI}` is every value of
    that hexadecimal range in upper case without leading zeros (perf's %X of
    an x86 model number); anything else is one literal identity."""
    m = _RANGE.search(identity)
    if not m:
        return [identity]
    lo, hi = int(m.group(1), 16), int(m.group(2), 16)
    return [identity[:m.start()] + "%X" % v + identity[m.end():] for v in range(lo, hi + 1)]


class Libpfm4Pmu:
    def __init__(self, name, d, line):
        self.name, self.line = name, line
        self.id, self.enum, self.desc = d["id"], d.get("enum"), d["desc"]
        self.unit = d.get("unit")
        self.cpus = [c for pat in d["cpus"] for c in expand(pat)]


def load_facts(overlay_root, arch):
    """[Libpfm4Pmu] of arch/<arch>/libpfm4-cpus.yaml, in file order ([] when
    the file does not exist)."""
    path = os.path.join(overlay_root, arch, FACTS_FILE)
    if not os.path.isfile(path):
        return [], path
    doc = overlay.load_yaml(path)
    if not isinstance(doc, dict) or set(doc) != {"pmus"} or not isinstance(doc["pmus"], dict):
        raise ConvertError("expected a mapping with one key, `pmus` (PMU name -> facts)", path, 1)
    out = []
    for name, d in doc["pmus"].items():
        line = getattr(d, "line", getattr(doc, "line", None))
        what = "libpfm4 PMU %s" % name
        if not isinstance(d, dict):
            raise ConvertError("%s: expected a mapping" % what, path, line)
        for k in d:
            if k not in FACT_KEYS:
                raise ConvertError("%s: unknown key %r" % (what, k), path, line)
        for k in ("id", "desc", "cpus"):
            if k not in d:
                raise ConvertError("%s: missing key %r" % (what, k), path, line)
        overlay.check_types(d, {"id": "int", "enum": "str?", "desc": "str", "cpus": "strs", "unit": "str?"},
                            path, what)
        out.append(Libpfm4Pmu(name, d, line))
    return out, path


class Rule:
    """The `rule` section of a models.yaml: how a model no entry names is
    called when libpfm4 does not have it."""

    def __init__(self, d, path):
        self.path = path
        self.line = getattr(d, "line", None)
        if not isinstance(d, dict):
            raise ConvertError("rule: expected a mapping", path, self.line)
        for k in d:
            if k not in RULE_KEYS:
                raise ConvertError("rule: unknown key %r" % k, path, self.line)
        overlay.check_types(d, {"name": "str", "families": "list", "unit_prefix": "str?"}, path, "rule")
        for k in ("name", "families"):
            if k not in d:
                raise ConvertError("rule: missing key %r" % k, path, self.line)
        self.name = d["name"]
        self.unit_prefix = d.get("unit_prefix") or ""
        self.families = []
        for f in d["families"]:
            fl = getattr(f, "line", self.line)
            if not isinstance(f, dict):
                raise ConvertError("rule: each of `families` is a mapping", path, fl)
            for k in f:
                if k not in RULE_FAMILY_KEYS:
                    raise ConvertError("rule: families: unknown key %r" % k, path, fl)
            overlay.check_types(f, {"identity": "str?", "family": "str", "desc": "str"}, path, "rule: families")
            if "family" not in f or "desc" not in f:
                raise ConvertError("rule: each of `families` needs `family` and `desc`", path, fl)
            self.families.append((f.get("identity") or "", f["family"], f["desc"], fl))
        if not self.families:
            raise ConvertError("rule: `families` is empty", path, self.line)

    def family_of(self, match, model_dir, where):
        """(family, desc template, line): the first entry whose `identity`
        starts the model's first identity regex (a leading ^ aside); an
        entry without `identity` takes any model."""
        first = (match[0] if match else "").lstrip("^")
        for ident, fam, desc, line in self.families:
            if first.startswith(ident):
                return fam, desc, line
        raise ConvertError("no family of the `rule` of %s takes model %s (identity %r)"
                           % (self.path, model_dir, first), *where)


def words(text):
    return [w for w in re.split(r"[^a-z0-9]+", text.lower()) if w]


def slug(text):
    return "_".join(words(text))


def fill(template, model_dir, what):
    """A `rule` template with {model} (the directory's last component),
    {vendor} (its first, when there are two) and {dir} (all of it); what:
    'name' (lower case, [a-z0-9_]) or 'desc' (as perf spells the directory)."""
    parts = model_dir.split("/")
    vals = {"model": parts[-1], "vendor": parts[0] if len(parts) > 1 else "", "dir": model_dir}
    if what == "name":
        vals = {k: slug(v) for k, v in vals.items()}
    out = template.format(**vals)
    return slug(out) if what == "name" else " ".join(out.split())


def full_match(regex, ident):
    try:
        return re.fullmatch(mapfile_mod.to_python(regex), ident) is not None
    except re.error:
        return False


class ArchRule:
    """Identity by rule for one architecture of a tree: the mapfile's core
    rows (regex, model dir in file order), the libpfm4 facts and the PMUs
    the models.yaml entries of this mapfile's models produce."""

    def __init__(self, ov, arch, overlay_root, rows, entry_pmus):
        self.ov, self.arch = ov, arch
        self.rule_spec = Rule(ov.rule_doc, ov.path) if ov.rule_doc is not None else None
        self.facts, self.facts_path = load_facts(overlay_root, arch)
        self.entry_pmus = set(entry_pmus)
        self.owner = {}         # libpfm4 PMU -> set of model dirs whose CPUs it has
        self.unclaimed = {}     # libpfm4 PMU -> its identities no perf row matches
        for f in self.facts:
            self.owner[f.name], self.unclaimed[f.name] = set(), []
            for ident in f.cpus:
                model = next((r.path for r in rows if full_match(r.regex, ident)), None)
                if model is None:
                    self.unclaimed[f.name].append(ident)
                else:
                    self.owner[f.name].add(model)

    def libpfm4_for(self, model_dir):
        """The libpfm4 PMUs (facts) of a model directory, by rule 1."""
        free = [f for f in self.facts if f.name not in self.entry_pmus]
        hit = [f for f in free if model_dir in self.owner[f.name]]
        if hit:
            return hit
        want = set(words(model_dir))
        return [f for f in free if not self.owner[f.name] and want <= set(words(f.desc))]

    def plans(self, model_dir, match, units, where):
        """PmuPlans of a model directory no models.yaml entry names, given
        the core Units its events carry (None: no Unit)."""
        self.model_dir = model_dir
        hybrid = sorted(u for u in units if u is not None)
        hybrid = hybrid if len(hybrid) > 1 else []
        pmus = []
        libs = self.libpfm4_for(model_dir)
        if hybrid:
            by_unit = {f.unit: f for f in libs if f.unit}
            libs = [by_unit[u] for u in hybrid if u in by_unit]
            if len(libs) != len(hybrid):
                libs = []
        elif len(libs) > 1:
            # several: the one most of the model's CPUs have (then by name)
            libs = [min(libs, key=lambda f: (-len(f.cpus), f.name))]
        if libs:
            family, _, _ = self.rule(where).family_of(match, model_dir, where)
            for f in libs:
                p = overlay.LDict(name=f.name, id=f.id, desc=f.desc,
                                  match=list(match) + [i for i in self.unclaimed[f.name] if i not in match])
                if f.enum:
                    p["enum"] = f.enum
                if f.unit and hybrid:
                    p["unit"] = f.unit
                p.line = f.line
                pmus.append(p)
            m = overlay.LDict(family=family, pmus=pmus)
            m.line = where[1]
            plans = self.ov.plans_of(model_dir, m, match, path=self.facts_path)
            for p in plans:
                p.by_rule = "libpfm4"
            return plans
        rule = self.rule(where)
        family, desc, line = rule.family_of(match, model_dir, where)
        base = fill(rule.name, model_dir, "name")
        d = fill(desc, model_dir, "desc")
        for u in hybrid or [None]:
            ctype = u[len(rule.unit_prefix):] if u and u.startswith(rule.unit_prefix) else u
            key = "%s/%s" % (self.arch, model_dir) + ("/" + u if u else "")
            p = overlay.LDict(name=base + ("_" + slug(ctype) if u else ""), id=hashed_id(key),
                              desc=d + (" (%s)" % u if u else ""))
            if u:
                p["unit"] = u
            p.line = line
            pmus.append(p)
        m = overlay.LDict(family=family, pmus=pmus)
        m.line = line
        plans = self.ov.plans_of(model_dir, m, match)
        for p, u in zip(plans, hybrid or [None]):
            p.by_rule = "new"
            p.rule_key = "%s/%s" % (self.arch, model_dir) + ("/" + u if u else "")
        return plans

    def rule(self, where):
        if self.rule_spec is None:
            raise ConvertError("no overlay entry for %s/%s, and %s has no `rule` section to name it by"
                               % (self.arch, self.model_dir, self.ov.path), *where)
        return self.rule_spec


def hashed_id(key, probe=0):
    """Slot `probe` of a key's own probe sequence in RULE_IDS: probe 0 is
    SHA-256 of the key's UTF-8 bytes, probe k > 0 SHA-256 of "k:" and the
    key (first 8 bytes, big-endian, modulo the range's size), the same on
    every machine and Python version and whatever else a tree holds."""
    data = key.encode("utf-8") if probe == 0 else ("%d:%s" % (probe, key)).encode("utf-8")
    h = int.from_bytes(hashlib.sha256(data).digest()[:8], "big")
    return RULE_IDS.start + h % len(RULE_IDS)


# How many slots of its own probe sequence a key tries before the
# conversion stops.
PROBES = 16


def rule_id(key, fixed_ids, where=(None, None)):
    """The id of a key: the first slot of its probe sequence that no PMU
    with a fixed id (fixed_ids: ids arch/ or libpfm4 assign, never another
    rule key's) holds. It depends on the key and those fixed ids only."""
    for k in range(PROBES):
        i = hashed_id(key, k)
        if i not in fixed_ids:
            return i
    raise ConvertError("no free pfm_pmu_t id for %s in the first %d slots of its probe sequence in %d..%d"
                       % (key, PROBES, RULE_IDS.start, RULE_IDS.stop - 1), *where)


def assign(plans, taken_ids, taken_names):
    """Final ids and names of the PMUs named by rule (plans with rule_key).
    A model's key takes rule_id(key, taken_ids): taken_ids are the ids of the
    PMUs with fixed ids (every other PMU's), so a model's id never depends
    on which other models the tree has. Two model keys on one id stop the
    conversion naming both (a models.yaml entry for one of them settles it),
    rather than moving one: an id, once given, stays. An uncore Unit's key
    (`<arch>/<dir>/uncore/<Unit>`, uncore_perf.UnitRules) comes second: it
    takes the first slot of its own probe sequence that neither a fixed id,
    a model's id nor an earlier uncore key (byte order) holds, so its id
    moves only when another key of the tree lands on its slot. A name in use gets `_2`, `_3`, ... in byte order
    of the keys. Returns {key: (id, name)}."""
    used_names = set(taken_names)
    owner = {}
    out = {}
    for tier in (False, True):
        for p in sorted((p for p in plans if ("/uncore/" in p.rule_key) == tier),
                        key=lambda p: p.rule_key.encode("utf-8")):
            where = (getattr(p, "overlay", None), getattr(p, "line", None))
            i = rule_id(p.rule_key, set(taken_ids) | (set(owner) if tier else set()), where)
            if i in owner:
                raise ConvertError("PMUs by rule %s and %s both take pfm_pmu_t id %d (docs/jsontoyaml.md, "
                                   "\"Ids of new PMUs\"): give one of them an entry in models.yaml or "
                                   "uncore/perf-units.yaml" % (owner[i], p.rule_key, i), *where)
            owner[i] = p.rule_key
            name, n = p.name, 1
            while name in used_names:
                n += 1
                name = "%s_%d" % (p.name, n)
            used_names.add(name)
            out[p.rule_key] = (i, name)
    return out
