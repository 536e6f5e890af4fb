# SPDX-License-Identifier: MIT
# groups.py - infer how libpfm4 4.13 lets the unit masks of one event combine,
# from the result of encoding every pair (PFM_ERR_FEATCOMB or not), in the
# terms of schema v1: groups (exclusive or not) and exclusive unit masks.
#
# Unit masks that refuse to combine are joined into one group (connected
# components of the "refuses" graph); a unit mask that refuses every other of
# its group is exclusive. Unit masks that combine with every other go to the
# group whose default their own encoding suppresses, or, when the event has no
# default, to the first group they fit in; else to a shared group.
PFM_ERR_FEATCOMB = -5


def infer(names, pair_rc, same, single_umask, default_names, own_bits=None):
    """names: unit masks in libpfm4 order; pair_rc(a, b): rc of E:a:b;
    same(a, b): a and b pair although exclusive ones would not (equal umask
                bits); they neither make nor break exclusivity;
    single_umask[n]: umask field of E:n; default_names: is_dfl unit masks;
    own_bits[d]: the umask bits of default d alone (its attribute code), so
                that the defaults of other groups E:d also shows are not taken
                for d's (core L2_IFETCH: SELF and MESI are both defaults).

    Returns (groups: list of name lists, exclusive: set of names,
             mismatches: pairs the model predicts wrongly)."""
    parent = {n: n for n in names}

    def find(n):
        while parent[n] != n:
            parent[n] = parent[parent[n]]
            n = parent[n]
        return n

    refuses = {n: set() for n in names}
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            if pair_rc(a, b) == PFM_ERR_FEATCOMB and not same(a, b):
                refuses[a].add(b)
                refuses[b].add(a)
                parent[find(a)] = find(b)
    comps = {}
    for n in names:
        if refuses[n]:
            comps.setdefault(find(n), []).append(n)
    groups = list(comps.values())
    free = [n for n in names if not refuses[n]]

    def fits(n, g):
        """n may join g: every unit mask of g that refuses all of g's others
        (an exclusive one) encodes like n."""
        for m in g:
            others = [x for x in g if x != m and not same(x, m)]
            if others and all(x in refuses[m] for x in others) and not same(m, n):
                return False
        return True

    if free:
        shared = None
        for n in free:
            home = None
            for g in groups:
                dfl = [d for d in g if d in default_names]
                # a default whose bits E:n lacks: n is in that default's group
                if dfl and any(single_umask.get(d, 0) & (own_bits or {}).get(d, -1) & ~single_umask.get(n, 0)
                               for d in dfl):
                    home = g
                    break
            if home is None and not default_names:
                home = next((g for g in groups if fits(n, g)), None)
            if home is None:
                if shared is None:
                    shared = []
                    groups.append(shared)
                home = shared
            home.append(n)
    order = {n: i for i, n in enumerate(names)}
    for g in groups:
        g.sort(key=order.get)
    groups.sort(key=lambda g: order[g[0]])
    exclusive = set()
    for g in groups:
        for n in g:
            others = [m for m in g if m != n and not same(m, n)]
            if others and all(m in refuses[n] for m in others):
                exclusive.add(n)
    gid = {n: i for i, g in enumerate(groups) for n in g}
    mismatches = []
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            predicted = gid[a] == gid[b] and (a in exclusive or b in exclusive)
            if predicted != (b in refuses[a]):
                mismatches.append((a, b))
    return groups, exclusive, mismatches
