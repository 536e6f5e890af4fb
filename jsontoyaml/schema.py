# SPDX-License-Identifier: MIT
"""schema.py - reads the descriptor schema (schema/descriptor.yaml) for the
Python side: which keys each mapping kind of a descriptor has, in which order,
with which types. validate.py, emit.py, the transforms and
gen/schema/gen_schema_h.py (the C header) take their key lists from here.

The file is found beside this package: schema/descriptor.yaml in the source
tree, $(PREFIX)/share/pmuplug/schema/descriptor.yaml once installed (the same
relative place)."""
import os

import yaml

HERE = os.path.dirname(os.path.abspath(__file__))
PATH = os.path.join(os.path.dirname(HERE), "schema", "descriptor.yaml")

TYPES = ("str", "int", "bool", "strlist", "map", "mapping", "list")
KEY_ATTRS = {"type", "of", "required", "output_required", "nullable", "values", "known", "hex", "desc"}
KEY_NAME_CHARS = set("abcdefghijklmnopqrstuvwxyz0123456789_")
MAX_KEYS = 64      # the C loader keeps the keys it saw in a 64-bit mask


class SchemaError(Exception):
    pass


def _check_key(kinds, kind, name, spec, open_kind):
    where = "%s: kind %s: %s" % (PATH, kind, "any_key" if open_kind else "key %s" % name)
    if not isinstance(spec, dict):
        raise SchemaError("%s: expected a mapping" % where)
    bad = set(spec) - KEY_ATTRS
    if bad:
        raise SchemaError("%s: unknown attribute(s) %s" % (where, ", ".join(sorted(map(str, bad)))))
    if spec.get("type") not in TYPES:
        raise SchemaError("%s: type must be one of %s" % (where, ", ".join(TYPES)))
    if not isinstance(spec.get("desc"), str) or not spec["desc"] or "\n" in spec["desc"]:
        raise SchemaError("%s: desc must be one line" % where)
    t = spec["type"]
    if t in ("map", "mapping", "list"):
        of = kinds.get(spec.get("of"))
        if of is None:
            raise SchemaError("%s: `of` must name a kind" % where)
        if ("any_key" in of) != (t == "map"):
            raise SchemaError("%s: a map is of an open kind (any_key), a mapping or list of a closed one" % where)
    elif "of" in spec:
        raise SchemaError("%s: `of` goes with map, mapping and list only" % where)
    for a in ("values", "known"):
        if a in spec and (t not in ("str", "strlist") or not isinstance(spec[a], list) or
                          not all(isinstance(v, str) and v for v in spec[a])):
            raise SchemaError("%s: %s must be a list of strings, on a str or strlist key" % (where, a))
    if "hex" in spec and not (t == "int" or (t == "map" and kinds[spec["of"]]["any_key"]["type"] == "int")):
        raise SchemaError("%s: hex goes with int keys and maps of int" % where)
    for a in ("required", "output_required", "nullable", "hex"):
        if a in spec and not isinstance(spec[a], bool):
            raise SchemaError("%s: %s must be true or false" % (where, a))
    if open_kind and set(spec) - {"type", "desc"}:
        raise SchemaError("%s: an any_key has a type and a desc only" % where)


def load(path=PATH):
    """The schema as {"version": int, "kinds": {kind: {...}}}, checked."""
    with open(path, encoding="utf-8") as f:
        doc = yaml.safe_load(f)
    if not isinstance(doc, dict) or set(doc) != {"version", "kinds"}:
        raise SchemaError("%s: expected the keys version and kinds" % path)
    if not isinstance(doc["version"], int) or isinstance(doc["version"], bool) or doc["version"] < 1:
        raise SchemaError("%s: version must be a positive integer" % path)
    kinds = doc["kinds"]
    if not isinstance(kinds, dict) or "document" not in kinds:
        raise SchemaError("%s: kinds must be a mapping holding `document`" % path)
    for kind, k in kinds.items():
        if not isinstance(k, dict) or not isinstance(k.get("desc"), str) or \
                len(set(k) & {"keys", "any_key"}) != 1 or set(k) - {"desc", "keys", "any_key"}:
            raise SchemaError("%s: kind %s: a desc and either keys or any_key" % (path, kind))
        if not set(kind) <= KEY_NAME_CHARS or not kind[:1].isalpha():
            raise SchemaError("%s: kind name %r is not [a-z][a-z0-9_]*" % (path, kind))
    for kind, k in kinds.items():
        if "any_key" in k:
            _check_key(kinds, kind, None, k["any_key"], True)
            continue
        if not isinstance(k["keys"], dict) or not k["keys"] or len(k["keys"]) > MAX_KEYS:
            raise SchemaError("%s: kind %s: 1 to %d keys" % (path, kind, MAX_KEYS))
        for name, spec in k["keys"].items():
            # plain keys: the C peek's line filter and enum names rely on it
            if not isinstance(name, str) or not set(name) <= KEY_NAME_CHARS or not name[:1].isalpha():
                raise SchemaError("%s: kind %s: key %r is not [a-z][a-z0-9_]*" % (path, kind, name))
            _check_key(kinds, kind, name, spec, False)
    return doc


_SCHEMA = load()
VERSION = _SCHEMA["version"]
KINDS = _SCHEMA["kinds"]


def closed_kinds():
    """Kinds with a fixed key set, in the file's order."""
    return [k for k, v in KINDS.items() if "keys" in v]


def keys(kind):
    """{key: spec} of a closed kind, in the schema's (= writing) order."""
    return KINDS[kind]["keys"]


def order(kind):
    """The key names of a closed kind, in the order jsontoyaml writes them."""
    return tuple(keys(kind))


def required(kind):
    """Keys every reader requires."""
    return tuple(k for k, s in keys(kind).items() if s.get("required"))


def output_required(kind):
    """Keys jsontoyaml's own output always has (the loader's required ones too)."""
    return tuple(k for k, s in keys(kind).items() if s.get("required") or s.get("output_required"))


def values(kind, key):
    """The closed set of strings a key accepts (`values`, else `known`)."""
    s = keys(kind)[key]
    return tuple(s.get("values") or s.get("known") or ())


def sub_kind(kind, key):
    """The kind of the mappings a mapping/list/map key holds, or None."""
    return keys(kind)[key].get("of")


def hex_keys(kind):
    """Keys whose numbers jsontoyaml writes in hex."""
    return frozenset(k for k, s in keys(kind).items() if s.get("hex"))
