# SPDX-License-Identifier: MIT
"""Restructures perf's flat event list into libpfm4's model: `EVENT.REST`
becomes event EVENT with unit mask REST (split at the first dot). Decides
what the event's `set` holds, which unit masks are exclusive, which one is
the default, and the descriptions (see docs/jsontoyaml.md, "Heuristics")."""
import collections
import re

from errors import ConvertError

NAME_RE = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_\-]*$")
DEFAULT_NAMES = ("ANY", "ALL", "THREAD")
_STOP = {"a", "an", "and", "at", "by", "for", "from", "in", "of", "on", "or", "the", "to",
         "that", "which", "when", "with", "is", "are", "as"}


class PerfEvent:
    """One perf event after encoding."""

    def __init__(self, raw, set_, code):
        self.raw = raw
        self.name = raw["EventName"]
        self.file, self.line = raw["_file"], raw["_line"]
        self.set = set_
        self.code = code
        self.desc = _clean(raw.get("BriefDescription") or raw.get("PublicDescription") or "")
        self.precise = raw.get("PEBS", 0) > 0
        self.sample_after = raw.get("SampleAfterValue")
        self.counters = raw.get("Counter")
        self.flags = [f for f, k in (("deprecated", "Deprecated"), ("experimental", "Experimental"))
                      if raw.get(k)]


def _clean(text):
    return " ".join(text.split())


def _err(pe, msg):
    return ConvertError("%s: %s" % (pe.name, msg), pe.file, pe.line)


# words that start a new part of a sentence (after a complete noun phrase)
_CONNECT = _STOP | {"that", "which", "when", "where", "while", "with", "without", "due", "because",
                    "per", "as", "into", "if", "whose", "than", "(", "-"}


def _common_run(word_lists):
    """How many leading words all lists share."""
    n = 0
    for group in zip(*word_lists):
        if len(set(group)) != 1:
            break
        n += 1
    return n


def common_prefix_desc(descs):
    """What all descriptions say: the words they start with and, when they
    also end alike, the words they end with ("Number of memory load
    operations dispatched ..." and "Number of memory store operations
    dispatched ..." -> "Number of memory operations dispatched ..."); a prefix
    alone only when it ends a phrase, so the description is not cut mid-way."""
    words = [d.split() for d in descs if d]
    if len(words) < 2:
        return None
    n = _common_run(words)
    pre = words[0][:n]
    shortest = min(len(w) for w in words)
    m = min(_common_run([w[::-1] for w in words]), shortest - n)
    suf = words[0][len(words[0]) - m:] if m else []
    if len(suf) >= 2 and len(pre) >= 2:
        return " ".join(pre + suf).rstrip(",;:.-")
    # the prefix ends a phrase: at punctuation, or at a connecting word
    # ("Demand data reads that hit" / "... that missed": "Demand data reads")
    ends_phrase = bool(n) and (any(words[0][n - 1].endswith(c) for c in ",;:.") or
                               words[0][n - 1].lower() in _CONNECT or
                               all(len(w) > n and w[n].lower() in _CONNECT for w in words))
    while pre and (pre[-1].lower().strip(",;:(") in _STOP or pre[-1] in ("-", "(")):
        pre.pop()
    if len(pre) < 3 or not ends_phrase:
        return None
    return " ".join(pre).rstrip(",;:.-")


def _nonumask(s):
    return {k: v for k, v in s.items() if k != "umask"}


def pick_default(umasks):
    """Name of the umask selected when none is given, or None (see docs)."""
    if len(umasks) == 1:
        return umasks[0]["name"]
    zero = [u for u in umasks if u["set"].get("umask", 0) == 0 and not _nonumask(u["set"])]
    if len(zero) == 1:
        return zero[0]["name"]
    byname = {u["name"]: u for u in umasks}
    for n in DEFAULT_NAMES:
        if n in byname:
            return n
    pref = [u for u in umasks if u["name"].startswith(("ALL_", "ANY_"))]
    if len(pref) == 1:
        return pref[0]["name"]
    return None


def build_events(pevents, has_umask_field):
    """(events, aliases): schema-v1 event dicts sorted by name, and PMU-level
    aliases for perf names whose unit-mask part has dots."""
    seen = {}
    groups = collections.OrderedDict()
    for pe in pevents:
        key = pe.name.upper()
        if key in seen:
            o = seen[key]
            raise _err(pe, "duplicate event name (first defined at %s:%d)" % (o.file, o.line))
        seen[key] = pe
        base, dot, rest = pe.name.partition(".")
        if not NAME_RE.match(base) or (dot and not rest):
            raise _err(pe, "event name is not NAME or NAME.UNITMASK")
        g = groups.setdefault(base.upper(), {"bare": None, "members": []})
        if dot:
            if not all(NAME_RE.match(p) for p in rest.split(".")):
                raise _err(pe, "unit mask part %r has characters other than letters, digits, _ and -" % rest)
            g["members"].append((rest, pe))
        else:
            g["bare"] = pe
    events, aliases = [], {}
    for name in sorted(groups, key=lambda n: (n.upper(), n)):
        g = groups[name]
        events.append(_make_event(name, g["bare"], g["members"], has_umask_field, aliases))
    return events, aliases


def _make_event(name, bare, members, has_umask_field, aliases):
    ev = {"name": name}
    if not members:
        ev.update(_common_attrs(bare))
        ev["set"] = dict(bare.set)
        if bare.code is not None:
            ev["code"] = bare.code
        ev["perf"] = bare.name
        return ev
    # The encoder ORs the event's set with those of the selected unit masks,
    # so the event's set holds only the event code, and only when every
    # encoding shares it; otherwise each unit mask carries its own.
    pes = [pe for _, pe in members] + ([bare] if bare else [])
    codes = collections.Counter(pe.set.get("event") for pe in pes)
    evset = {}
    if len(codes) == 1 and None not in codes:
        evset["event"] = next(iter(codes))
    else:
        # the code most encodings use; on a tie a non-zero one (0 is the
        # fixed-counter pseudo code), the smallest
        ev["code"] = min((c for c in codes if c is not None), key=lambda c: (-codes[c], c == 0, c))
    umasks, seen = [], {}
    # names without a further dot first: the one a dotted twin folds into
    for rest, pe in sorted(members, key=lambda m: "." in m[0]):
        uname = rest.upper().replace(".", "_")
        if uname in seen:
            # perf's A.B.C and A.B_C: one unit mask when they encode alike,
            # the dotted name its alias; else the names collide
            if seen[uname].set == pe.set and "." in rest:
                aliases[pe.name] = "%s:%s" % (name, uname)
                continue
            raise _err(pe, "unit mask name %s collides with %s" % (uname, seen[uname].name))
        seen[uname] = pe
        u = _umask(uname, pe, evset, has_umask_field)
        if "." in rest:
            aliases[pe.name] = "%s:%s" % (name, uname)
        umasks.append(u)
    # a bare perf event that sets more than the event code becomes the default
    # unit mask ALL (its name still selects it: the event alone)
    synth = None
    if bare is not None and any(v for k, v in bare.set.items() if k not in evset):
        sname = next(n for n in ("ALL", "PERF_DEFAULT", "PERF_BARE") if n not in seen)
        synth = _umask(sname, bare, evset, has_umask_field)
        synth["default"] = True
        umasks.append(synth)
    umasks.sort(key=lambda u: u["name"])
    _mark_exclusive(umasks)
    required = bare is None
    dfl = pick_default(umasks) if required else None
    for u in umasks:
        if u["name"] == dfl:
            u["default"] = True
    # event-level attributes
    if bare is not None:
        ev["desc"] = bare.desc or bare.name
    else:
        d = next((u["desc"] for u in umasks if u["name"] == dfl), None)
        ev["desc"] = d or common_prefix_desc([u["desc"] for u in umasks]) or \
            "%s (select a unit mask)" % name
    ev["set"] = evset
    if bare is not None:
        for k, v in _common_attrs(bare).items():
            if k != "desc":
                ev[k] = v
    else:
        counters = {pe.counters for pe in pes}
        if len(counters) == 1 and None not in counters:
            ev["counters"] = counters.pop()
        sav = {pe.sample_after for pe in pes}
        if len(sav) == 1 and None not in sav:
            ev["sample_after"] = sav.pop()
        if any(pe.precise for pe in pes):
            ev["precise"] = True
        flags = [f for f in ("deprecated", "experimental") if all(f in pe.flags for pe in pes)]
        if flags:
            ev["flags"] = flags
    if "sample_after" in ev:
        for u in umasks:
            if u.get("sample_after") == ev["sample_after"]:
                del u["sample_after"]
    if bare is not None:
        ev["perf"] = bare.name
        if synth is not None:
            del synth["perf"]       # the event itself carries perf's bare name
    if required:
        ev["groups"] = [{"name": "default", "required": True, "exclusive": False}]
    ev["umasks"] = umasks
    return ev


def _umask(uname, pe, evset, has_umask_field):
    uset = {k: v for k, v in pe.set.items() if k not in evset}
    if has_umask_field:
        uset.setdefault("umask", 0)
    u = {"name": uname, "desc": pe.desc or pe.name, "set": uset}
    if "umask" not in uset:
        u["code"] = 0
    if pe.precise:
        u["precise"] = True
    u["perf"] = pe.name
    if pe.sample_after is not None:
        u["sample_after"] = pe.sample_after
    if pe.flags:
        u["flags"] = list(pe.flags)
    return u


def _common_attrs(pe):
    a = {"desc": pe.desc or pe.name}
    if pe.counters is not None:
        a["counters"] = pe.counters
    if pe.sample_after is not None:
        a["sample_after"] = pe.sample_after
    if pe.precise:
        a["precise"] = True
    if pe.flags:
        a["flags"] = list(pe.flags)
    return a


def _mark_exclusive(umasks):
    """A umask whose fields other than `umask` differ from a sibling's is
    exclusive; so is a zero umask value among siblings (it adds nothing)."""
    if len(umasks) < 2:
        return
    parts = [_nonumask(u["set"]) for u in umasks]
    for u, p in zip(umasks, parts):
        if (p and any(q != p for q in parts)) or u["set"].get("umask", 1) == 0:
            u["exclusive"] = True
