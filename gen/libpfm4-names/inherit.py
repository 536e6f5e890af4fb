# SPDX-License-Identifier: MIT
# inherit.py - libpfm4-style names for a PMU libpfm4 4.13 lacks (Zen 5): keep a
# predecessor's name wherever perf gives the same event the same name and the
# same encoding in both generations; compatibility entries are not inherited.
import collections

import match


def inherit(parent_events, parent_perf, cur_perf):
    """(overlay events, stats) for the newer model from the parent's overlay."""
    old = {p.name.upper(): p for p in parent_perf}
    new = {p.name.upper(): p for p in cur_perf}
    m = match.Matcher(cur_perf)
    stats = collections.Counter()

    def keep(entry, ev_name, um_name):
        """The entry adapted to the new model, or None."""
        name = entry.get("perf")
        if not name:
            return None
        a, b = old.get(name.upper()), new.get(name.upper())
        if not a or not b or a.key() != b.key():
            return None
        e = dict(entry)
        e["perf"] = b.name
        others = [p.name for p in m.bykey[b.key()] if p is not b]
        if others:
            e["also"] = others
        else:
            e.pop("also", None)
        return e

    out = []
    for pe in parent_events:
        if "umasks" not in pe:
            e = keep(pe, pe["name"], None)
            if e:
                out.append(e)
                stats["events"] += 1
            else:
                stats["dropped"] += 1
            continue
        ums = []
        for u in pe["umasks"]:
            nu = keep(u, pe["name"], u["name"])
            if nu:
                ums.append(nu)
            else:
                stats["dropped"] += 1
        names = {u["name"] for u in ums}
        ums = [u for u in ums if "equiv" not in u or u["equiv"].split(":")[0] in names]
        if not ums:
            continue
        e = dict(pe, umasks=ums)
        if "groups" in pe:
            e["groups"] = _groups(pe, ums)
        out.append(e)
        stats["events"] += 1
        stats["umasks"] += len(ums)
    return out, stats


def _groups(pe, ums):
    """The parent's groups still holding unit masks; one that lost its default
    becomes required, as libpfm4 requires a unit mask when none is default."""
    out = []
    for g in pe["groups"]:
        name = g["name"]
        mine = [u for u in ums if u.get("group", "default") == name]
        if not mine:
            continue
        g = dict(g)
        had = any(u.get("default") for u in pe["umasks"] if u.get("group", "default") == name)
        if had and not any(u.get("default") for u in mine):
            g["required"] = True
        out.append(g)
    return out
