# SPDX-License-Identifier: MIT
"""Renders one PMU descriptor (docs/schema.md, schema 1) as a man(7) page:
libpfm_<pmu>(3). Pure function of the descriptor; no file access."""
import collections
import re

import roff

# docs/schema.md: perf_attrs offered when the descriptor does not say
PERF_ATTRS_ALL = ["u", "k", "h", "period", "freq", "precise", "excl", "mg", "mh", "cpu",
                  "pinned", "hw_smpl"]
PERF_ATTRS_DEFAULT = {
    "core": ["u", "k", "period", "freq", "precise", "excl", "mg", "mh", "cpu", "pinned", "hw_smpl"],
    "uncore": ["period", "freq", "excl", "cpu", "pinned"],
    "os_generic": PERF_ATTRS_ALL,
}
# the ones PFM_OS_PERF_EVENT keeps; PFM_OS_PERF_EVENT_EXT keeps all
PERF_ATTRS_BASIC = ("u", "k", "h", "mg", "mh")

TYPE_TEXT = {
    "core": "a core PMU: it counts what happens inside each CPU core",
    "uncore": "an uncore PMU: it counts for a unit shared by the cores of a socket",
    "os_generic": "an operating-system PMU: its events are provided by the Linux "
                  "perf_events interface rather than by one CPU model",
}
PLM_NAMES = ((0x1, "PFM_PLM0"), (0x2, "PFM_PLM1"), (0x4, "PFM_PLM2"), (0x8, "PFM_PLM3"),
             (0x10, "PFM_PLMH"))
ERR_CONFLICT = {"featcomb": "PFM_ERR_FEATCOMB", "umask": "PFM_ERR_UMASK"}
# aliases listed one by one up to this many; beyond, summarised per event
ALIAS_LIST_MAX = 100
ALIAS_EXAMPLES = 3


def converted(p):
    """(perf directory, mapfile version) when `source` has jsontoyaml's form
    'x86/goldmont v13', else None."""
    m = re.fullmatch(r"(\S+/\S+) (\S+)", str(p.get("source") or ""))
    return m.groups() if m else None


def field_width(spec):
    """Bits of a format field: 'config:0-7' -> 8, 'config1:3' -> 1,
    'config:0-7,32-35' -> 12; None when unreadable."""
    try:
        bits = spec.split(":", 1)[1]
        n = 0
        for part in bits.split(","):
            lo, _, hi = part.partition("-")
            n += (int(hi) if hi else int(lo)) - int(lo) + 1
        return n
    except (IndexError, ValueError, AttributeError):
        return None


def words(items):
    """'a', 'a and b', 'a, b and c' from names already escaped."""
    items = list(items)
    if len(items) < 2:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def hexval(v):
    if isinstance(v, int) and not isinstance(v, bool) and v >= 0:
        return str(v) if v < 10 else "0x%x" % v
    return str(v)


class Page:
    """Accumulates roff lines."""

    def __init__(self):
        self.lines = []

    def __call__(self, *lines):
        self.lines.extend(lines)

    def para(self, s):
        """A paragraph of already-escaped text (no leading . or ')."""
        self.lines.append(s)

    def result(self):
        return "\n".join(self.lines) + "\n"


def plm_text(plm):
    names = [n for bit, n in PLM_NAMES if plm & bit]
    return " | ".join(names) if names else hexval(plm)


class Pmu:
    """The descriptor with schema defaults applied where the page needs them."""

    def __init__(self, doc):
        self.doc = doc
        p = doc.get("pmu") or {}
        self.p = p
        self.name = str(p.get("name", "unknown"))
        self.id = p.get("id")
        self.type = p.get("type", "core")
        self.format = p.get("format") or {}
        self.mods = p.get("modifiers") or []
        self.mod_names = [m.get("name") for m in self.mods]
        self.aliases = p.get("aliases") or {}
        self.events = doc.get("events") or []
        self.perf_attrs = p.get("perf_attrs") or PERF_ATTRS_DEFAULT.get(self.type, PERF_ATTRS_ALL)
        # the event-level perf_attrs most events have (None: the PMU's list);
        # only events that differ from it say so on their entry
        lists = collections.Counter(attr_key(e) for e in self.events)
        self.usual_attrs = lists.most_common(1)[0][0] if lists else None

    def mod_max(self, m):
        if "max" in m:
            return m["max"]
        w = field_width(self.format.get(m.get("field"), ""))
        return (1 << w) - 1 if w else None


def attr_key(ev):
    a = ev.get("perf_attrs")
    return None if a is None else tuple(a)


def event_groups(ev):
    groups = ev.get("groups") or [{"name": "default"}]
    first = groups[0].get("name")
    members = {g.get("name"): [] for g in groups}
    for u in ev.get("umasks") or []:
        members.setdefault(u.get("group") or first, []).append(u)
    return groups, members


def has_rules(ev):
    """Events whose unit masks need the UNIT MASK RULES section."""
    groups, members = event_groups(ev)
    return bool(ev.get("rules")) or len([g for g in groups if members.get(g.get("name"))]) > 1


def umask_notes(u):
    notes = []
    if u.get("default"):
        notes.append("default")
    if u.get("exclusive"):
        notes.append("alone")
    if u.get("precise"):
        notes.append("precise")
    flags = u.get("flags") or []
    if "compat" in flags:
        notes.append("libpfm4 only")
    for f in ("deprecated", "experimental"):
        if f in flags:
            notes.append(f)
    if u.get("equiv"):
        notes.append("= " + roff.text(u["equiv"]))
    if u.get("aliases"):
        notes.append("also " + ", ".join(roff.text(a) for a in u["aliases"]))
    return notes


def umask_list(umasks, head):
    """'Head (notes all share): A (notes), B.' -- a note every unit mask of
    the list has is said once, in the head."""
    notes = [umask_notes(u) for u in umasks]
    common = [n for n in notes[0] if all(n in x for x in notes)] if len(umasks) > 1 else []
    hn = head[1] + (["each " + n for n in common])
    items = []
    for u, ns in zip(umasks, notes):
        ns = [n for n in ns if n not in common]
        items.append(roff.text(u.get("name")) + (" (" + "; ".join(ns) + ")" if ns else ""))
    return "%s%s: %s." % (head[0], " (" + ", ".join(hn) + ")" if hn else "", ", ".join(items))


def group_notes(g):
    notes = []
    if g.get("required"):
        notes.append("one required")
    if g.get("exclusive"):
        notes.append("at most one")
    return notes


def event_entry(out, pmu, ev):
    out(".TP", ".B " + roff.quoted(ev.get("name")))
    facts = []
    code = ev.get("code", (ev.get("set") or {}).get("event"))
    if code is not None:
        facts.append("event code " + ("0x%x" % code if isinstance(code, int) else roff.text(code)))
    flags = ev.get("flags") or []
    if ev.get("precise"):
        facts.append("precise")
    if "raw_name" in flags:
        first = next(iter(ev.get("set") or {}), "its first field")
        facts.append("written \\fBr\\fP followed by the value of field %s in hexadecimal"
                     % roff.name(first))
    if "compat" in flags:
        facts.append("from libpfm4, not in perf's tables")
    for f in ("deprecated", "experimental"):
        if f in flags:
            facts.append(f)
    if ev.get("equiv"):
        facts.append("same as " + roff.name(ev["equiv"]))
    mods = ev.get("modifiers")
    if mods is not None and list(mods) != pmu.mod_names:
        facts.append("modifiers: " + (", ".join(roff.text(m) for m in mods) if mods else "none"))
    if ev.get("required_modifiers"):
        facts.append("must be given: " + ", ".join(roff.text(m) for m in ev["required_modifiers"]))
    if ev.get("perf_type") is not None and ev["perf_type"] != pmu.p.get("perf_type", 4):
        facts.append("attr.type %s" % ev["perf_type"])
    if attr_key(ev) != pmu.usual_attrs:
        attrs = pmu.perf_attrs if ev.get("perf_attrs") is None else ev["perf_attrs"]
        facts.append("perf_events attributes: " + (", ".join(roff.text(a) for a in attrs) or "none"))
    umasks = ev.get("umasks") or []
    lines = []
    if umasks:
        groups, members = event_groups(ev)
        used = [g for g in groups if members.get(g.get("name"))]
        if len(used) == 1:
            lines.append(umask_list(umasks, ("Unit masks", group_notes(used[0]))))
        else:
            for g in used:
                lines.append(umask_list(members[g.get("name")],
                                        ("Group " + roff.name(g.get("name")), group_notes(g))))
    else:
        facts.append("no unit masks")
    if facts:
        first = "; ".join(facts)
        lines.insert(0, first[:1].upper() + first[1:] + ".")
    for i, ln in enumerate(lines):
        out(*((".br", ln) if i else (ln,)))


def rule_text(rule):
    """One rule of docs/schema.md in words (escaped)."""
    def grp(names):
        names = [roff.name(n) for n in names or []]
        return ("group " if len(names) == 1 else "groups ") + words(names)
    if "when_none_of" in rule:
        cond = "When no unit mask of the %s is selected" % grp(rule["when_none_of"])
    elif "when_any_of" in rule:
        cond = "When a unit mask of the %s is given" % grp(rule["when_any_of"])
    elif "when" in rule:
        cond = "When %s is selected" % roff.name(rule["when"])
    else:
        cond = "Always"
    acts = []
    if rule.get("forbid_groups"):
        acts.append("no other unit mask of the %s may be selected (else PFM_ERR_FEATCOMB)"
                    % grp(rule["forbid_groups"]))
    if rule.get("only_groups"):
        acts.append("every other selected unit mask must belong to the %s" % grp(rule["only_groups"]))
    if rule.get("add"):
        acts.append("%s is added" % roff.name(rule["add"]))
    if rule.get("require"):
        acts.append("%s must be given too (else PFM_ERR_FEATCOMB)" % roff.name(rule["require"]))
    if rule.get("require_groups"):
        acts.append("a unit mask of the %s must be selected too (else PFM_ERR_UMASK)"
                    % grp(rule["require_groups"]))
    return cond + ", " + (" and ".join(acts) or "nothing happens") + "."


def group_text(g):
    parts = []
    if g.get("required"):
        parts.append("at least one of its unit masks must be selected once defaults are "
                     "applied (else PFM_ERR_UMASK)")
    if g.get("exclusive"):
        parts.append("at most one of its unit masks may be selected (else %s)"
                     % ERR_CONFLICT.get(g.get("conflict", "featcomb"), "PFM_ERR_FEATCOMB"))
    if not parts:
        parts.append("its unit masks may be combined; their values are OR-ed together")
    return "; ".join(parts) + "."


def rules_section(out, pmu):
    """Groups and rules in words; events with the same ones share a paragraph."""
    seen = {}
    for ev in pmu.events:
        if not has_rules(ev):
            continue
        groups, members = event_groups(ev)
        key = repr(([(g.get("name"), bool(g.get("required")), bool(g.get("exclusive")),
                      g.get("conflict")) for g in groups if members.get(g.get("name"))],
                    ev.get("rules") or []))
        seen.setdefault(key, []).append(ev)
    if not seen:
        return
    out(".SH UNIT MASK RULES",
        "Some events sort their unit masks into groups, and constrain how groups combine "
        "(the OFFCORE_RESPONSE events of Intel cores are the usual case).",
        "The library checks these rules when it encodes; the groups' members are listed "
        "under EVENTS.")
    for evs in seen.values():
        ev = evs[0]
        groups, members = event_groups(ev)
        out(".SS " + roff.quoted(", ".join(str(e.get("name")) for e in evs)))
        out("Groups:")
        for g in groups:
            if members.get(g.get("name")):
                out(".TP", ".B " + roff.quoted(g.get("name")), group_text(g))
        if ev.get("rules"):
            out(".PP", "Rules, applied in this order:")
            for i, r in enumerate(ev["rules"], 1):
                out(".IP %d. 4" % i, rule_text(r))
        out(".PP")


def alias_line(name, expansion):
    """'NAME -> STRING', '(exact)' for a leading '=' (docs/schema.md)."""
    exp = str(expansion)
    exact = exp.startswith("=")
    return "%s \\(-> %s%s" % (roff.text(name), roff.text(exp[1:] if exact else exp),
                               " (exact)" if exact else "")


def aliases_section(out, pmu):
    if not pmu.aliases:
        return
    out(".SH ALIASES",
        "These whole names are looked up before anything else in an event string and stand "
        "for the event string shown (unit masks and modifiers may follow them).")
    items = sorted(pmu.aliases.items(), key=lambda kv: str(kv[0]).lower())
    if any(str(v).startswith("=") for _, v in items):
        out("An alias marked \\fI(exact)\\fR selects the unit masks shown and no others: "
            "no default unit mask is added, though required groups are still checked.")
    if len(items) <= ALIAS_LIST_MAX:
        out(".PP", ".RS 4", ".nf")
        for k, v in items:
            out(alias_line(k, v))
        out(".fi", ".RE")
        return
    by_event = {}
    for k, v in items:
        target = str(v).lstrip("=").split("::")[-1].split(":")[0]
        by_event.setdefault(target, []).append((k, v))
    out(".PP", "There are %d of them; by the event they stand for:" % len(items))
    for target in sorted(by_event, key=str.lower):
        lst = by_event[target]
        out(".TP", ".B " + roff.quoted(target),
            "%d name%s%s:" % (len(lst), "s" if len(lst) > 1 else "",
                              ", for example" if len(lst) > ALIAS_EXAMPLES else ""))
        for k, v in lst[:ALIAS_EXAMPLES]:
            out(".br", alias_line(k, v))


def modifiers_section(out, pmu):
    out(".SH MODIFIERS")
    if not pmu.mods:
        out("This PMU has no modifiers of its own.")
        return
    out("Modifiers are given after the event as \\fB:\\fIname\\fR or \\fB:\\fIname\\fB=\\fIvalue\\fR;"
        " a boolean one given without a value is set to 1.")
    for m in pmu.mods:
        out(".TP", ".B " + roff.quoted(m.get("name")))
        desc = roff.text(m.get("desc") or "")
        out(desc if desc else "(no description)")
        facts = []
        if m.get("type") == "int":
            hi = pmu.mod_max(m)
            lo = m.get("min", 0)
            facts.append("Integer from %s to %s." % (lo, hi) if hi is not None
                         else "Integer, at least %s." % lo)
        else:
            facts.append("Boolean.")
        if m.get("plm"):
            facts.append("Privilege-level modifier (%s): with PFM_OS_NONE it sets field %s; "
                         "the perf_events layers replace it by their own "
                         "\\fBu\\fR, \\fBk\\fR and \\fBh\\fR attributes."
                         % (plm_text(m["plm"]), roff.name(m.get("field", "-"))))
        elif m.get("field"):
            facts.append("Sets field %s." % roff.name(m["field"]))
        if m.get("requires"):
            facts.append("When set, %s must end up at least 1 (given, or preset by a unit mask), "
                         "else PFM_ERR_ATTR." % roff.name(m["requires"]))
        out(".br", " ".join(facts))


def encoding_section(out, pmu):
    p = pmu.p
    out(".SH ENCODING")
    if pmu.format:
        out("Bit fields, in the notation of the kernel's sysfs \\fIformat\\fR directory "
            "(\\fBconfig\\fR, \\fBconfig1\\fR and \\fBconfig2\\fR are the fields of "
            "\\fIstruct perf_event_attr\\fR; PFM_OS_NONE returns them in that order as codes):",
            ".PP", ".RS 4", ".nf")
        for k, v in pmu.format.items():
            out("%-14s %s" % (roff.text(k), roff.text(v)))
        out(".fi", ".RE", ".PP")
    raw = p.get("raw_bits") or {}
    if raw:
        out("PFM_OS_NONE codes also carry %s, which the kernel sets itself under perf_events."
            % words("%s=%s" % (roff.name(k), hexval(v)) for k, v in raw.items()))
    out("An event needs at most %d 64-bit code%s." % (p.get("max_encoding", 1),
                                                      "s" if p.get("max_encoding", 1) != 1 else ""))
    if p.get("perf_pmu"):
        out("Under perf_events, \\fIattr.type\\fR is read from "
            "\\fI/sys/bus/event_source/devices/%s/type\\fR; when that file cannot be read it is %d."
            % (roff.text(p["perf_pmu"]), p.get("perf_type", 4)))
    else:
        out("Under perf_events, \\fIattr.type\\fR is %d%s." % (
            p.get("perf_type", 4), " (PERF_TYPE_RAW)" if p.get("perf_type", 4) == 4 else ""))
    if any(e.get("perf_type") not in (None, p.get("perf_type", 4)) for e in pmu.events):
        out("Events whose entry gives \\fIattr.type\\fR use that value instead.")
    verbatim = pmu.usual_attrs is not None
    attrs = list(pmu.usual_attrs) if verbatim else list(pmu.perf_attrs)
    out(".PP")
    if attrs:
        basic = [a for a in attrs if a in PERF_ATTRS_BASIC]
        most = "most of its events" if any(attr_key(e) != pmu.usual_attrs
                                           for e in pmu.events) else "the events"
        filt = []
        if not verbatim and "precise" in attrs:
            filt.append("\\fBprecise\\fR on precise events only")
        if not verbatim and "hw_smpl" in attrs:
            filt.append("\\fBhw_smpl\\fR only on events that are not precise but can be "
                        "sampled into a hardware buffer")
        out("With PFM_OS_PERF_EVENT_EXT %s also accept the perf_events attributes %s%s."
            % (most, words(roff.name(a) for a in attrs), " (" + "; ".join(filt) + ")" if filt else ""))
        out("PFM_OS_PERF_EVENT keeps %s of them." % (words(roff.name(a) for a in basic)
                                                   if basic else "none"))
    else:
        out("The perf_events layers add no attributes to these events.")


def describe(out, pmu):
    p = pmu.p
    out(".SH DESCRIPTION")
    kind = TYPE_TEXT.get(pmu.type, "a PMU of type " + roff.text(pmu.type))
    out("%s is %s; architecture %s." % (roff.name(pmu.name), kind, roff.text(p.get("arch", "?"))))
    if p.get("desc"):
        out("Description: %s." % roff.text(str(p["desc"]).rstrip(".")))
    cnt = []
    if p.get("counters") is not None:
        cnt.append("%s general-purpose" % p["counters"])
    if p.get("fixed_counters") is not None:
        cnt.append("%s fixed" % p["fixed_counters"])
    if cnt:
        out("Counters: %s." % " and ".join(cnt))
    out(".PP")
    conv = converted(p)
    if conv:
        out("Data source: Linux perf's event tables (\\fItools/perf/pmu\\-events/arch\\fR), "
            "directory %s, mapfile version %s, converted by \\fBjsontoyaml\\fR. "
            "The event names, codes and unit masks come from there; pmuplug's overlays add "
            "libpfm4's names, the modifiers and the unit-mask rules." % tuple(map(roff.text, conv)))
    elif p.get("source"):
        out("Data source: %s." % roff.text(p["source"]))
    else:
        out("The descriptor does not name its data source.")
    out(".PP")
    match = p.get("match") or []
    if pmu.type == "os_generic":
        out("This PMU is present on every Linux host.")
    elif match:
        out("The library makes this PMU present, and searches it for event strings without a "
            "\\fIpmu\\fB::\\fR prefix, when the host's CPU identity matches one of these "
            "patterns (POSIX extended regular expressions over the whole identity, as in "
            "perf's mapfile):",
            ".RS 4", ".nf")
        for m in match:
            out(roff.text(m))
        out(".fi", ".RE")
        extra = []
        if "match_priority" in p:
            extra.append("When several PMUs match, those with the lowest priority value win; "
                         "this one has %s." % p["match_priority"])
        if p.get("match_unit"):
            extra.append("On hybrid processors it is present only when the sysfs PMU %s exists."
                         % roff.name(p["match_unit"]))
        if extra:
            out(".PP", " ".join(extra))
    elif pmu.type == "uncore" and p.get("identifier") and p.get("perf_pmu"):
        out("The library makes this PMU present, whatever the host's CPU, when its kernel PMU "
            "exists and that PMU's \\fIidentifier\\fR file in sysfs matches one of these "
            "patterns (POSIX extended regular expressions over the whole identifier, perf's "
            "\\fBCompat\\fR):",
            ".RS 4", ".nf")
        for m in p["identifier"]:
            out(roff.text(m))
        out(".fi", ".RE")
    else:
        out("The library never detects this PMU by itself.")
    if match and pmu.type == "uncore" and p.get("identifier"):
        out(".PP", "A box is present only when its kernel PMU's \\fIidentifier\\fR file in "
            "sysfs also matches one of: %s." % ", ".join(roff.text(m) for m in p["identifier"]))
    if pmu.type != "os_generic":
        out(".PP",
            "On another host, \\fBLIBPFM_FORCE_PMU=%s\\fR makes it the default PMU, and "
            "\\fBLIBPFM_ENCODE_INACTIVE=1\\fR lets strings prefixed with \\fB%s::\\fR be "
            "encoded (see \\fBlibpfm\\fR(3))." % (roff.text(pmu.name), roff.text(pmu.name)))
    if p.get("override"):
        out(".PP", "The descriptor sets \\fBoverride\\fR: as a plugin it replaces the built-in "
            "PMU of the same name.")
    if pmu.type == "uncore":
        uncore_text(out, p)


def uncore_text(out, p):
    """Box instances, presence from sysfs and the perf_events layers' needs."""
    boxes = [(p.get("name"), p.get("id"), p.get("perf_pmu"))] + \
        [(i.get("name"), i.get("id"), i.get("perf_pmu")) for i in p.get("instances") or []]
    out(".PP")
    if len(boxes) > 1:
        out("One PMU per box instance, all with the events of this page:", ".RS 4", ".nf")
        for name, ident, kpmu in boxes:
            out("%s (id %s)%s" % (roff.text(str(name)), ident,
                                  ", kernel PMU " + roff.text(kpmu) if kpmu else ""))
        out(".fi", ".RE", ".PP")
    if p.get("perf_pmu"):
        out("A box is present when %s and its kernel PMU exists "
            "under \\fI/sys/bus/event_source/devices\\fR (or \\fBLIBPFM_SYSROOT\\fR); "
            "\\fBPFM_OS_PERF_EVENT\\fR and \\fBPFM_OS_PERF_EVENT_EXT\\fR take "
            "\\fIattr.type\\fR from that PMU's \\fItype\\fR file and the default "
            "\\fIcpu\\fR from the first CPU of its \\fIcpumask\\fR."
            % ("its model is the host's (above)" if p.get("match") else "its identifier matches (above)"))
        if p.get("perf_type") is None:
            out("Without that kernel PMU (with \\fBLIBPFM_ENCODE_INACTIVE=1\\fR) only "
                "\\fBPFM_OS_NONE\\fR encodes its events; the perf_events layers return "
                "\\fBPFM_ERR_NOTSUPP\\fR, as libpfm4 4.13 does.")
        else:
            out("Without that kernel PMU the perf_events layers use \\fIattr.type\\fR %s."
                % p.get("perf_type"))


def events_section(out, pmu):
    nu = sum(len(e.get("umasks") or []) for e in pmu.events)
    out(".SH EVENTS")
    if not pmu.events:
        out("The descriptor lists no events; an operating-system PMU of this kind gets its "
            "events when the library starts.")
        return
    out("%d event%s with %d unit mask%s in total. Names are case-insensitive. "
        "Run \\fBshowevtinfo\\fR for the descriptions."
        % (len(pmu.events), "s" if len(pmu.events) != 1 else "", nu, "s" if nu != 1 else ""))
    if nu:
        out("Next to a unit mask: \\fIdefault\\fR means it is selected when its group has "
            "none, \\fIalone\\fR that it cannot be combined with another of its group, "
            "\\fIprecise\\fR that it supports precise sampling, \\fIlibpfm4 only\\fR that it "
            "comes from libpfm4 rather than from perf's tables, \\fI= X\\fR that naming it "
            "stands for X.")
    if converted(pmu.p):
        out("Perf's own names of the form \\fIEVENT\\fB.\\fIUMASK\\fR are accepted too.")
    for ev in pmu.events:
        event_entry(out, pmu, ev)


def render(doc, origin=None, enum_name=None, date=""):
    """The page for descriptor doc (parsed YAML). origin: file it came from,
    enum_name: its pfm_pmu_t enumerator in <perfmon/pfmlib.h>, if any."""
    pmu = Pmu(doc)
    out = Page()
    title = "LIBPFM_" + pmu.name.upper()
    out('.\\" Generated by gen/man3/gen_pmu_pages.py%s; do not edit.'
        % (" from " + str(origin).replace("\\", "/") if origin else ""))
    out(".TH %s 3 %s pmuplug %s" % (roff.quoted(title), roff.quoted(date),
                                    roff.quoted("pmuplug PMU models")))
    out(".ad l", ".nh")
    out(".SH NAME",
        "libpfm_%s \\- %s events for libpfm (pmuplug), PMU %s"
        % (roff.text(pmu.name), roff.text(pmu.p.get("desc", pmu.name)), roff.text(pmu.name)))
    out(".SH SYNOPSIS", ".nf", ".B #include <perfmon/pfmlib.h>", ".PP")
    out("PMU name: \\fB%s\\fR" % roff.text(pmu.name))
    if isinstance(pmu.id, int) and pmu.id >= 768:
        ident = "%d (pmuplug's own range, without an enumerator name)" % pmu.id
    elif enum_name:
        ident = "%s (\\fB%s\\fR)" % (pmu.id, roff.text(enum_name))
    else:
        ident = str(pmu.id)
    out("PMU id (\\fIpfm_pmu_t\\fR): " + ident)
    out("Event string: \\fB%s::\\fIEVENT\\fR[\\fB:\\fIUMASK\\fR]...[\\fB:\\fIMODIFIER\\fR"
        "[\\fB=\\fIVALUE\\fR]]..." % roff.text(pmu.name))
    out(".fi")
    describe(out, pmu)
    modifiers_section(out, pmu)
    encoding_section(out, pmu)
    events_section(out, pmu)
    rules_section(out, pmu)
    aliases_section(out, pmu)
    out(".SH SEE ALSO",
        ".BR libpfm (3),",
        ".BR pfm_get_os_event_encoding (3),",
        ".BR pfm_get_event_attr_info (3),",
        ".BR pmuplug_plugins (3)")
    return out.result()
