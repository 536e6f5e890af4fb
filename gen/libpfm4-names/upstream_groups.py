# SPDX-License-Identifier: MIT
"""upstream_groups.py - apply arch/x86/upstream/libpfm4-umask-groups.tsv, the
unit-mask groups of upstream libpfm4's events that its public API does not
show (so neither tsvoracle.py nor upstream_pmus.py can read them from the
names-and-codes file), to the events of a generated descriptor or overlay:
the event gets `groups` (the first row its default group), each unit mask of
a later group `group: <name>`. A listed event must exist and each of its
unit masks be in exactly one row."""
import collections
import os

HERE = os.path.dirname(os.path.abspath(__file__))
FILE = os.path.join(os.path.dirname(os.path.dirname(HERE)), "arch", "x86", "upstream",
                    "libpfm4-umask-groups.tsv")


def load(path=FILE):
    """{(pmu, event): [(group, exclusive, [unit masks])]} in file order."""
    out = collections.OrderedDict()
    with open(path) as f:
        for n, line in enumerate(f, 1):
            if line.startswith("#") or not line.strip():
                continue
            cols = line.rstrip("\n").split("\t")
            if len(cols) != 5 or cols[3] not in ("yes", "no"):
                raise ValueError("%s:%d: want pmu, event, group, yes|no, unit masks" % (path, n))
            pmu, ev, grp, excl, ums = cols
            out.setdefault((pmu, ev), []).append((grp, excl == "yes", [u for u in ums.split(",") if u]))
    return out


def apply(pmu, events, table=None):
    """Set the groups of pmu's listed events (dicts with name and umasks, as
    derive.py's overlay or a schema-v1 descriptor has them) in place;
    returns how many events took them. Raises ValueError on a mismatch."""
    table = load() if table is None else table
    byname = {e["name"]: e for e in events}
    done = 0
    for (p, ev_name), groups in table.items():
        if p != pmu:
            continue
        e = byname.get(ev_name)
        if e is None:
            raise ValueError("%s: %s not among its events" % (pmu, ev_name))
        ums = {u["name"]: u for u in e.get("umasks") or []}
        listed = [n for _, _, names in groups for n in names]
        if sorted(listed) != sorted(ums):
            raise ValueError("%s::%s: groups list %s, the event has %s"
                             % (pmu, ev_name, sorted(listed), sorted(ums)))
        out = []
        for i, (grp, excl, names) in enumerate(groups):
            g = collections.OrderedDict([("name", grp)])
            if excl:
                g["exclusive"] = True
            out.append(g)
            for n in names:
                if i:
                    ums[n]["group"] = grp
                else:
                    ums[n].pop("group", None)
        e["groups"] = out
        done += 1
    return done
