# SPDX-License-Identifier: MIT
# genstrings.py - the event strings the differential test encodes for one PMU,
# made from a library's own listing (oracle.Event list, through pfmdump):
# every event alone, with each unit mask, with every pair of its unit masks
# (neighbouring pairs only on OFFCORE_RESPONSE/OCR, whose hundreds of
# exclusive unit masks the offcore tests pair exhaustively), and modifier
# variants (valid, out of range, repeated, unknown), unit masks written as
# numbers.
import itertools
import re

OFFCORE = re.compile(r"^(OFFCORE_RE?SP|OCR$)", re.I)

PLAIN, VARIANT = "plain", "variant"

# values tried for integer attributes: a valid one and one past any range
INT_TRIES = {"c": ("1", "255", "256"), "period": ("1000",), "freq": ("100",), "cpu": ("0",),
             "precise": ("1", "2", "4"), "ldlat": ("8", "0"), "fe_thres": ("1", "4096")}
INT_DEFAULT = ("1", "0x100000000")


def _target(pmu, e):
    """The string modifier variants hang off: the event with a default unit
    mask (or its first one) so that it encodes."""
    ums = e.umasks()
    if not ums:
        return "%s::%s" % (pmu, e.name)
    dfl = [u for u in ums if u.dfl]
    return "%s::%s:%s" % (pmu, e.name, (dfl or ums)[0].name)


def strings(pmu, events):
    """[(string, kind)]: kind PLAIN for EVENT and EVENT:UMASK, else VARIANT."""
    out = []
    for e in events:
        base = "%s::%s" % (pmu, e.name)
        ums = e.umasks()
        out.append((base, PLAIN))
        out.extend(("%s:%s" % (base, u.name), PLAIN) for u in ums)
        pairs = zip(ums, ums[1:]) if OFFCORE.match(e.name) else itertools.combinations(ums, 2)
        out.extend(("%s:%s:%s" % (base, a.name, b.name), VARIANT) for a, b in pairs)
        t = _target(pmu, e)
        var = []
        for a in e.attrs:
            if a.type == 2:            # PFM_ATTR_MOD_BOOL
                var += [":%s" % a.name, ":%s=0" % a.name, ":%s=1" % a.name, ":%s=2" % a.name]
            elif a.type == 3:          # PFM_ATTR_MOD_INTEGER
                var += [":%s=%s" % (a.name, v) for v in INT_TRIES.get(a.name, INT_DEFAULT)]
        names = {a.name for a in e.attrs}
        if {"c", "i"} <= names:
            var += [":c=1:i", ":c=1:i=1:e"]
        if {"c", "e"} <= names:
            var += [":c=1:e", ":e"]
        if {"u", "k"} <= names:
            var += [":u:k", ":u=0:u=1", ":k=1:k=1", ":u=0:k=0"]
        var += [":NOSUCH_UMASK", ":c", ":=1"]
        out.extend((t + v, VARIANT) for v in var)
        # unit masks written as numbers (libpfm4's raw umask): alone, with a
        # modifier, too wide, with a value, with a named unit mask, twice
        out.extend((base + v, VARIANT) for v in (":0x3", ":0x0", ":0xff:u", ":0X1", ":0x100", ":0x3=1",
                                                 ":0x1:0x2", ":0x"))
        if ums:
            out.append((t + ":0x1", VARIANT))
        # spellings libpfm4 also accepts: lower case, '.' as delimiter
        out.append((base.lower(), VARIANT))
        if ums:
            out.append(("%s.%s" % (base, ums[0].name), VARIANT))
            out.append(("%s:%s" % (base, ums[-1].name.lower()), VARIANT))
    out.append(("%s::NOSUCH_EVENT" % pmu, VARIANT))
    return out
