# SPDX-License-Identifier: MIT
"""libpfm4_upstream.py - the event names upstream libpfm4 gives the arm64 and
powerpc core PMUs pmuplug has (arch/<arch>/libpfm4-upstream.yaml: name ->
event code), and on arm64 the PMUv3 common events from perf's common table
(arch/arm64/common-events.yaml).

Each upstream name resolves to its code, libpfm4's spelling winning as on
x86 (docs/compat.md): a name the descriptor has with that code is left
alone; a perf event of that name with another code is renamed NAME_PERF
(perf's code stays reachable) and the name becomes a compatibility event of
libpfm4's code (with perf's description); a name whose code an event of the PMU has becomes a PMU
alias of that event; a code of perf's common table (arm64, 0x00-0x3F) brings that
common event, under perf's name, and the upstream name as its alias; any
other code becomes a compatibility event under the upstream name. The
architecture's required common events (CPU_CYCLES) are added to every core
that lacks them."""
import os

import overlay as overlay_mod
import schema
from errors import ConvertError

COMPAT_DESC = "libpfm4 compatibility event (not in perf's tables)"
NAMES_FILE = "libpfm4-upstream.yaml"
COMMON_FILE = "common-events.yaml"
EVENT_KEY_ORDER = schema.order("event")

_cache = {}


def _load(path):
    if path not in _cache:
        _cache[path] = overlay_mod.load_yaml(path) if os.path.isfile(path) else None
    return _cache[path]


def _code(v, path):
    if isinstance(v, int) and not isinstance(v, bool):
        return v
    if isinstance(v, str):
        try:
            return int(v, 0)
        except ValueError:
            pass
    raise ConvertError("event code %r is not a number" % (v,), path)


def common_table(ctx, spec, path):
    """{code: (name, desc)} of perf's common table (arm64 common-and-microarch.json)."""
    out = {}
    top = spec.get("max_code", 0x3f)
    for name, (entry, file, line) in sorted((ctx.arch_std or {}).items()):
        if os.path.basename(file) != spec["table"]:
            continue
        code = _code(entry.get("EventCode"), file)
        if code <= top:
            desc = entry.get("PublicDescription") or entry.get("BriefDescription") or entry["EventName"]
            out.setdefault(code, (entry["EventName"], desc))
    return out


def _retarget(aliases, old, new):
    """PMU aliases naming event old (alone or before ':') name new instead."""
    for k, v in list(aliases.items()):
        head, sep, rest = v.lstrip("=").partition(":")
        if head.upper() == old.upper():
            aliases[k] = ("=" if v.startswith("=") else "") + new + sep + rest


def _event(name, desc, code, flags=None):
    ev = {"name": name, "desc": desc, "set": {"event": code}}
    if flags:
        ev["flags"] = flags
    return {k: ev[k] for k in EVENT_KEY_ORDER if k in ev}


def apply(desc, ctx):
    root = os.path.join(ctx.overlay_root, ctx.arch)
    cpath = os.path.join(root, COMMON_FILE)
    spec = _load(cpath)
    npath = os.path.join(root, NAMES_FILE)
    names = ((_load(npath) or {}).get("pmus") or {}).get(desc["pmu"]["name"]) or {}
    if spec is None and not names:
        return
    events = desc["events"]
    by_name = {e["name"].upper(): e for e in events}
    by_code = {}
    for e in events:
        c = (e.get("set") or {}).get("event")
        if c is not None and not e.get("umasks"):
            by_code.setdefault(c, e)
    aliases = desc["pmu"].setdefault("aliases", {})
    known = {a.upper() for a in aliases}
    common = common_table(ctx, spec, cpath) if spec else {}

    def add_common(code):
        name, text = common[code]
        ev = _event(name, text, code)
        events.append(ev)
        by_name[name.upper()] = by_code[code] = ev
        return ev

    for code in (spec or {}).get("required") or ():
        if code not in by_code and code in common and common[code][0].upper() not in by_name:
            add_common(code)
    for name, code in names.items():
        code = _code(code, npath)
        if name.upper() in known:
            continue
        have = by_name.get(name.upper())
        if have is not None:
            if have.get("umasks") or (have.get("set") or {}).get("event") == code:
                continue
            renamed = have["name"] + "_PERF"
            if renamed.upper() in by_name or renamed.upper() in known:
                continue        # no free name for perf's event: it keeps this one
            _retarget(aliases, have["name"], renamed)
            have["name"] = renamed
            by_name[renamed.upper()] = have
            ev = _event(name, have.get("desc") or COMPAT_DESC, code, ["compat"])
            events.append(ev)
            by_name[name.upper()] = ev
            by_code.setdefault(code, ev)
            ctx.note("perf's %s encodes 0x%x, upstream libpfm4's 0x%x: libpfm4's spelling wins, perf's "
                     "event is %s" % (name, (have.get("set") or {}).get("event", 0), code, renamed), npath)
            continue
        ev = by_code.get(code)
        if ev is None and code in common and common[code][0].upper() not in by_name:
            ev = add_common(code)
        if ev is not None:
            if ev["name"].upper() != name.upper():
                aliases[name] = ev["name"]
                known.add(name.upper())
            continue
        ev = _event(name, COMPAT_DESC, code, ["compat"])
        events.append(ev)
        by_name[name.upper()] = by_code[code] = ev
    if not aliases:
        del desc["pmu"]["aliases"]
    else:
        desc["pmu"]["aliases"] = dict(sorted(aliases.items()))
