# SPDX-License-Identifier: MIT
# overlay_yaml.py - write a libpfm4-names overlay as compact, diff-friendly
# YAML (one line per unit mask, codes in hex). Read it back with yaml.safe_load.

HEX_KEYS = ("code",)


def _scalar(k, v):
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return "0x%x" % v if (k in HEX_KEYS or k == "set") else str(v)
    if isinstance(v, list):
        return "[" + ", ".join(_scalar(k, x) for x in v) + "]"
    if isinstance(v, dict) and k == "groups":
        return _flow(v, ("name",))
    if isinstance(v, dict):
        return "{" + ", ".join("%s: %s" % (a, _scalar("set", b)) for a, b in v.items()) + "}"
    return _str(v)


def _str(s):
    plain = s and all(c.isalnum() or c in "_.-" for c in s) and not s[0].isdigit() \
        and s.lower() not in ("true", "false", "null", "yes", "no", "on", "off", "y", "n")
    return s if plain else '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _flow(d, order):
    keys = [k for k in order if k in d] + [k for k in d if k not in order]
    return "{" + ", ".join("%s: %s" % (k, _scalar(k, d[k])) for k in keys) + "}"


EVENT_ORDER = ("name", "code", "set", "perf", "also", "compat", "equiv", "precise",
               "modifiers", "groups", "umasks")
UMASK_ORDER = ("name", "code", "set", "defaults", "perf", "also", "compat", "equiv", "group", "exclusive",
               "default", "precise", "no_modifiers")


def dump(header_lines, top, events):
    """header_lines: comment lines; top: ordered (key, value) pairs; events: list of dicts."""
    out = ["# " + h if h else "#" for h in header_lines]
    for k, v in top:
        out.append("%s: %s" % (k, _scalar(k, v)))
    out.append("events:")
    for e in events:
        first = True
        for k in EVENT_ORDER:
            if k not in e or k == "umasks":
                continue
            out.append(("- " if first else "  ") + "%s: %s" % (k, _scalar(k, e[k])))
            first = False
        if e.get("umasks"):
            out.append("  umasks:")
            for u in e["umasks"]:
                out.append("  - " + _flow(u, UMASK_ORDER))
    return "\n".join(out) + "\n"
