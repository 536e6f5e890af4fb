# SPDX-License-Identifier: MIT
"""Our overlays in arch/: per architecture `models.yaml` (perf model
directory -> PMU identities) and `family/<name>.yaml` (format, raw bits,
modifiers, how perf's fields map to format fields). Loaded with line numbers
so that mistakes are reported as file:line."""
import fnmatch
import os

import yaml

import fmtbits
from errors import ConvertError
from readfile import read_text


class LDict(dict):
    """A mapping that remembers the line it starts on."""
    line = None


class _Loader(yaml.SafeLoader):
    pass


def _construct_map(loader, node):
    loader.flatten_mapping(node)
    d = LDict()
    for knode, vnode in node.value:
        key = loader.construct_object(knode, deep=True)
        if key in d:
            raise ConvertError("duplicate key %r" % (key,), loader.name, knode.start_mark.line + 1,
                               knode.start_mark.column + 1)
        d[key] = loader.construct_object(vnode, deep=True)
    d.line = node.start_mark.line + 1
    return d


_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_map)


def load_yaml(path):
    text = read_text(path)
    loader = _Loader(text)
    loader.name = path
    try:
        return loader.get_single_data()
    except yaml.MarkedYAMLError as e:
        m = e.problem_mark or e.context_mark
        raise ConvertError("invalid YAML: %s" % (e.problem or e.context),
                           path, m.line + 1 if m else None, m.column + 1 if m else None)
    except yaml.YAMLError as e:
        raise ConvertError("invalid YAML: %s" % e, path)
    except RecursionError:
        raise ConvertError("invalid YAML: nested too deeply", path)
    except ValueError as e:
        # an integer longer than sys.get_int_max_str_digits()
        raise ConvertError("invalid YAML: %s" % str(e).split(";")[0], path)
    finally:
        loader.dispose()


def _need(d, key, types, path, what):
    if key not in d:
        raise ConvertError("%s: missing key %r" % (what, key), path, getattr(d, "line", None))
    v = d[key]
    if not isinstance(v, types) or (isinstance(v, bool) and types is int):
        raise ConvertError("%s: %r has the wrong type" % (what, key), path, getattr(d, "line", None))
    return v


# the type of each key of an overlay: str, int, bool, strs (a list of
# strings), list, map; a trailing ? allows null (the key's default)
_TEXT = {"str": "a string", "int": "an integer", "bool": "true or false", "strs": "a list of strings",
         "list": "a list", "map": "a mapping"}
TOP_TYPES = {"arch": "str", "core_units": "strs?", "models": "map?", "rule": "map?"}
MODEL_TYPES = {"family": "str?", "features": "strs", "compat_modifiers": "strs", "pmus": "list",
               "perf_pmu": "str?", "format": "map?", "note": "str?", "identity": "strs"}
PMU_TYPES = {"name": "str", "id": "int", "desc": "str", "enum": "str?", "unit": "str?", "match": "strs",
             "features": "strs", "compat_modifiers": "strs", "family": "str?", "counters": "int?",
             "fixed_counters": "int?", "perf_pmu": "str?", "format": "map?", "override": "bool?",
             "variant": "bool?", "note": "str?"}
FAMILY_TYPES = {"format": "map", "raw_bits": "map?", "raw_fields": "strs?", "raw_umask": "str?",
                "code_fields": "strs?", "perf_fields": "map?",
                "msr_fields": "map?", "config_fields": "strs?", "features": "map?", "modifiers": "list?",
                "max_encoding": "int?", "perf_pmu": "str?", "perf_type": "int?", "type": "str",
                "perf_attrs": "strs?", "raw_format": "map?", "wide_fields": "map?"}
FEATURE_TYPES = {"format": "map?", "drop_requires": "strs?", "hw_smpl": "str?", "perf_attrs": "strs?",
                 "raw_umask": "bool?", "raw_msr_bits": "int?"}
MSR_TYPES = {"field": "str", "format": "map?", "split": "strs?", "raw_bits": "int?"}


def _is(v, kind):
    if kind.endswith("?"):
        if v is None:
            return True
        kind = kind[:-1]
    if kind == "int":
        return isinstance(v, int) and not isinstance(v, bool)
    if kind == "strs":
        return isinstance(v, list) and all(isinstance(x, str) for x in v)
    return isinstance(v, {"str": str, "bool": bool, "list": list, "map": dict}[kind])


def check_types(d, types, path, what):
    """Each key of mapping d that types names has the type it gives."""
    for k, kind in types.items():
        if k in d and not _is(d[k], kind):
            raise ConvertError("%s: %r must be %s%s" % (what, k, _TEXT[kind.rstrip("?")],
                                                         " or null" if kind.endswith("?") else ""),
                               path, getattr(d, "line", None))


def _only_keys(d, allowed, path, what):
    for k in d:
        if k not in allowed:
            raise ConvertError("%s: unknown key %r" % (what, k), path, getattr(d, "line", None))


FAMILY_KEYS = {"format", "raw_bits", "raw_fields", "raw_umask", "code_fields", "perf_fields", "msr_fields", "config_fields",
               "features", "modifiers", "max_encoding", "perf_pmu", "perf_type", "type", "perf_attrs",
               "raw_format", "wide_fields"}
MODEL_KEYS = {"family", "features", "compat_modifiers", "pmus", "perf_pmu", "format", "note", "identity"}
PMU_KEYS = {"name", "id", "desc", "enum", "unit", "match", "features", "compat_modifiers", "family",
            "counters", "fixed_counters", "perf_pmu", "format", "override", "variant", "note"}
# misspelled field names in perf's JSON tables of an architecture (notes, not warnings)
PERF_TYPOS_FILE = "perf-typos.yaml"
MOD_KEYS = {"name", "desc", "type", "plm", "field", "code", "max", "min", "requires", "events_using", "invert",
            "with_umask", "enable", "perf_plm", "written_unset"}


class Family:
    """A family file: the layout shared by the PMUs of one design."""

    def __init__(self, name, path, d):
        self.name, self.path = name, path
        what = "family %s" % name
        if not isinstance(d, dict):
            raise ConvertError("%s: expected a mapping" % what, path, 1)
        _only_keys(d, FAMILY_KEYS, path, what)
        check_types(d, FAMILY_TYPES, path, what)
        self.format = dict(_need(d, "format", dict, path, what))
        self.raw_bits = dict(d.get("raw_bits") or {})
        self.perf_fields = dict(d.get("perf_fields") or {})
        self.msr_fields = {}
        self.msr_raw_bits = {}      # MSR -> bits a unit mask written as a number may set in it
        for idx, spec in (d.get("msr_fields") or {}).items():
            if not isinstance(idx, int) or not isinstance(spec, dict) or "field" not in spec:
                raise ConvertError("%s: msr_fields entries are `0xMSR: {field: F, format: {...}}`" % what,
                                   path, getattr(spec, "line", None))
            check_types(spec, MSR_TYPES, path, "%s msr_fields 0x%x" % (what, idx))
            self.msr_fields[idx] = (spec["field"], dict(spec.get("format") or {}), list(spec.get("split") or []))
            if spec.get("raw_bits") is not None:
                if not 1 <= spec["raw_bits"] <= 64:
                    raise ConvertError("%s: msr_fields 0x%x: raw_bits must be 1 to 64" % (what, idx), path, d.line)
                self.msr_raw_bits[idx] = spec["raw_bits"]
        self.config_fields = list(d.get("config_fields") or [])
        self.features = {}
        self.feature_drops = {}     # feature -> modifiers whose `requires` it removes
        self.feature_hw_smpl_all = set()    # features marking every event hw_smpl
        self.feature_perf_attrs = {}        # feature -> perf_events attributes it adds
        self.feature_no_raw_umask = set()   # features withdrawing the family's raw_umask
        self.feature_raw_msr_bits = {}      # feature -> raw_bits in place of the MSRs'
        for fname, spec in (d.get("features") or {}).items():
            if not isinstance(spec, dict):
                raise ConvertError("%s: feature %r must be a mapping" % (what, fname), path, d.line)
            _only_keys(spec, {"format", "drop_requires", "hw_smpl", "perf_attrs", "raw_umask", "raw_msr_bits"}, path,
                       "%s feature %s" % (what, fname))
            check_types(spec, FEATURE_TYPES, path, "%s feature %s" % (what, fname))
            self.features[fname] = dict(spec.get("format") or {})
            self.feature_drops[fname] = list(spec.get("drop_requires") or [])
            if spec.get("hw_smpl") not in (None, "all"):
                raise ConvertError("%s: feature %s: hw_smpl must be 'all'" % (what, fname), path, d.line)
            self.feature_perf_attrs[fname] = list(spec.get("perf_attrs") or [])
            if spec.get("hw_smpl") == "all":
                self.feature_hw_smpl_all.add(fname)
            if spec.get("raw_umask") is False:
                self.feature_no_raw_umask.add(fname)
            if spec.get("raw_msr_bits") is not None:
                if not 1 <= spec["raw_msr_bits"] <= 64:
                    raise ConvertError("%s: feature %s: raw_msr_bits must be 1 to 64" % (what, fname), path, d.line)
                self.feature_raw_msr_bits[fname] = spec["raw_msr_bits"]
        self.modifiers = []
        for m in d.get("modifiers") or []:
            if not isinstance(m, dict) or "name" not in m:
                raise ConvertError("%s: a modifier needs a name" % what, path, getattr(m, "line", d.line))
            _only_keys(m, MOD_KEYS, path, "%s modifier %s" % (what, m["name"]))
            self.modifiers.append(m)
        self.perf_attrs = d.get("perf_attrs")      # None: the schema's default for the type
        self.raw_fields = list(d.get("raw_fields") or [])
        self.raw_format = dict(d.get("raw_format") or {})
        self.raw_umask = d.get("raw_umask")
        self.code_fields = list(d.get("code_fields") or [])
        for f in self.code_fields:
            if f not in self.format:
                raise ConvertError("%s: code_fields: no format field %r" % (what, f), path, d.line)
        if self.raw_umask is not None and self.raw_umask not in self.format:
            raise ConvertError("%s: raw_umask: no format field %r" % (what, self.raw_umask), path, d.line)
        self.max_encoding = d.get("max_encoding")
        self.perf_pmu = d.get("perf_pmu")
        self.perf_type = d.get("perf_type")
        self.type = d.get("type", "core")
        # a field's layout where a perf value is wider than its format's
        self.wide_fields = dict(d.get("wide_fields") or {})
        for f in self.wide_fields:
            if f not in self.format:
                raise ConvertError("%s: wide_fields: no format field %r" % (what, f), path, d.line)
        for fname, spec in list(self.format.items()) + list(self.wide_fields.items()) + [
                (k, v) for f in self.features.values() for k, v in f.items()] + [
                (k, v) for _, f, _ in self.msr_fields.values() for k, v in f.items()]:
            if fmtbits.parse(spec) is None:
                raise ConvertError("%s: field %s: bad format %r (want configN:lo-hi[,lo-hi])"
                                   % (what, fname, spec), path, d.line)

    def layout(self):
        """{field: format} of every field a PMU of this family may have: the
        format, every feature's and every MSR's fields. What a field name
        means anywhere in the family (the libpfm4-names overlays' `set`s); an
        error when a feature gives a field another format."""
        out = dict(self.format)
        for part in list(self.features.values()) + [f for _, f, _ in self.msr_fields.values()]:
            for k, v in part.items():
                if out.setdefault(k, v) != v:
                    raise ConvertError("family %s: field %s is %s in one place and %s in another"
                                       % (self.name, k, out[k], v), self.path)
        return out


def is_core_unit(unit, core_units):
    """unit (a perf Unit) is one of core_units, whose entries may be shell
    patterns (`cpu_*`: every hybrid core type, Arrow Lake's cpu_lowpower)."""
    return any(unit == c or (any(ch in c for ch in "*?[") and fnmatch.fnmatchcase(unit, c))
               for c in core_units)


class PmuPlan:
    """One PMU to produce from a perf model directory."""

    def __init__(self, **kw):
        self.__dict__.update(kw)


class ArchOverlay:
    """arch/<arch>/models.yaml with its families."""

    def __init__(self, root, arch, path=None, doc=None):
        """The overlay of arch under root; or, for one-model conversions, the
        models document doc read from path (families still come from root)."""
        self.root, self.arch = root, arch
        self.path = path or os.path.join(root, arch, "models.yaml")
        self.families = {}
        self.perf_typos = self._perf_typos(os.path.join(root, arch, PERF_TYPOS_FILE))
        if doc is None and not os.path.lexists(self.path):
            self.models, self.core_units = {}, []
            self.rule_doc = None
            self.missing = True
            return
        self.missing = False
        d = load_yaml(self.path) if doc is None else doc
        what = os.path.basename(self.path)
        if not isinstance(d, dict):
            raise ConvertError("expected a mapping", self.path, 1)
        _only_keys(d, {"arch", "core_units", "models", "rule"}, self.path, what)
        check_types(d, TOP_TYPES, self.path, what)
        if d.get("arch") != arch:
            raise ConvertError("`arch` must be %r" % arch, self.path, d.line)
        self.core_units = list(d.get("core_units") or [])
        self.models = d.get("models") or {}
        # how a model no entry names is called (identity.Rule reads it)
        self.rule_doc = d.get("rule")
        for mname, m in self.models.items():
            if not isinstance(m, dict):
                raise ConvertError("model %s: expected a mapping" % mname, self.path, d.line)
            _only_keys(m, MODEL_KEYS, self.path, "model %s" % mname)
            pmus = _need(m, "pmus", list, self.path, "model %s" % mname)
            check_types(m, MODEL_TYPES, self.path, "model %s" % mname)
            for p in pmus:
                if not isinstance(p, dict):
                    raise ConvertError("model %s: each pmu is a mapping" % mname, self.path, getattr(m, "line", None))
                _only_keys(p, PMU_KEYS, self.path, "model %s pmu" % mname)
                _need(p, "name", str, self.path, "model %s pmu" % mname)
                _need(p, "id", int, self.path, "model %s pmu %s" % (mname, p["name"]))
                _need(p, "desc", str, self.path, "model %s pmu %s" % (mname, p["name"]))
                check_types(p, PMU_TYPES, self.path, "model %s pmu %s" % (mname, p["name"]))

    @staticmethod
    def _perf_typos(path):
        """{field: what it is} of arch/<arch>/perf-typos.yaml, if it exists."""
        if not os.path.isfile(path):
            return {}
        d = load_yaml(path)
        if not isinstance(d, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in d.items()):
            raise ConvertError("expected a mapping: misspelled perf field -> where and what it should be",
                               path, getattr(d, "line", 1))
        return dict(d)

    def family(self, name, line=None):
        if name not in self.families:
            path = os.path.join(self.root, self.arch, "family", name + ".yaml")
            if not os.path.isfile(path):
                raise ConvertError("family %r: no file %s" % (name, path), self.path, line)
            self.families[name] = Family(name, path, load_yaml(path))
        return self.families[name]

    def is_core_unit(self, unit):
        """unit is one of core_units (an entry may be a shell pattern, `cpu_*`)."""
        return is_core_unit(unit, self.core_units)

    def plans(self, model_dir, match):
        """PmuPlans for a perf model directory, or None when the overlay has none."""
        m = self.models.get(model_dir)
        if m is None:
            return None
        return self.plans_of(model_dir, m, match)

    def renamed(self, model_dir, match, tree_dirs):
        """The entry a tree has renamed to model_dir: an entry whose directory
        is not among the tree's (tree_dirs) and whose `identity` (the mapfile
        regexes its directory had) holds one of model_dir's, or None. Two such
        entries for one directory are an error."""
        if model_dir in self.models:
            return None
        found = [name for name, m in self.models.items()
                 if name not in tree_dirs and set(m.get("identity") or ()) & set(match)]
        if len(found) > 1:
            raise ConvertError("entries %s all have an identity of %s" % (", ".join(found), model_dir),
                               self.path, getattr(self.models[found[1]], "line", None))
        return found[0] if found else None

    def plans_of(self, model_dir, m, match, path=None):
        """PmuPlans of the model entry m (a models.yaml entry, or one made by
        rule: jsontoyaml/identity.py, read from path)."""
        out = []
        for p in m["pmus"]:
            line = getattr(p, "line", None)
            fam_name = p.get("family", m.get("family"))
            if not fam_name:
                raise ConvertError("model %s pmu %s: no family" % (model_dir, p["name"]), self.path, line)
            fam = self.family(fam_name, line)
            feats = list(p.get("features", m.get("features", [])))
            for f in feats:
                if f not in fam.features:
                    raise ConvertError("model %s pmu %s: family %s has no feature %r"
                                       % (model_dir, p["name"], fam_name, f), self.path, line)
            compat = list(p.get("compat_modifiers", m.get("compat_modifiers", [])))
            names = [mod["name"] for mod in fam.modifiers]
            for c in compat:
                if c not in names:
                    raise ConvertError("model %s pmu %s: compat_modifiers: family %s has no modifier %r"
                                       % (model_dir, p["name"], fam_name, c), self.path, line)
            extra_fmt = dict(m.get("format") or {})
            extra_fmt.update(p.get("format") or {})
            for k, v in extra_fmt.items():
                if fmtbits.parse(v) is None:
                    raise ConvertError("model %s: field %s: bad format %r" % (model_dir, k, v),
                                       self.path, line)
            out.append(PmuPlan(
                name=p["name"], id=p["id"], desc=p["desc"], enum=p.get("enum"),
                unit=p.get("unit"), match=list(p["match"]) if "match" in p else list(match),
                features=feats, compat_modifiers=compat, family=fam, counters=p.get("counters"),
                fixed_counters=p.get("fixed_counters"),
                perf_pmu=p.get("perf_pmu", m.get("perf_pmu", p.get("unit") or fam.perf_pmu)),
                extra_format=extra_fmt, override=bool(p.get("override", False)),
                variant=bool(p.get("variant", False)),
                line=line, overlay=path or self.path, by_rule=None, rule_key=None))
        return out
