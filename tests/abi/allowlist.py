# SPDX-License-Identifier: MIT
# Reads tests/abi/allowed-differences.txt: the differences from libpfm4
# 4.13's headers that pmuplug makes on purpose.  Each entry is
#   <side> <regex> -- <reason>
# side '-' matches a fact only the 4.13 headers have, '+' one only ours
# have; the regex must match the whole fact.  '@upstream-pmu-ids' in place
# of a regex matches the pfm_pmu_t enumerators listed, name and value, in
# arch/libpfm4-upstream-pmu-ids.tsv.  Entries without a reason are rejected.
import os
import re

HERE = os.path.dirname(os.path.abspath(__file__))


UPSTREAM_IDS = os.path.join(os.path.dirname(os.path.dirname(HERE)), 'arch', 'libpfm4-upstream-pmu-ids.tsv')


def load_upstream_ids(path=UPSTREAM_IDS):
    ids = {}
    for line in open(path, encoding='utf-8'):
        if line.strip() and not line.startswith('#'):
            name, value = line.rstrip('\n').split('\t')[:2]
            ids[name] = int(value)
    return ids


class Entry:
    def __init__(self, lineno, side, pattern, reason):
        self.lineno, self.side, self.pattern, self.reason = lineno, side, pattern, reason
        self.used = False
        self.upstream = None
        if pattern == '@upstream-pmu-ids':
            self.upstream = load_upstream_ids()
        else:
            self.rx = re.compile(pattern)

    def matches(self, side, fact):
        if side != self.side:
            return False
        if self.upstream is not None:
            m = re.fullmatch(r'enum \{pfm_pmu_t\} enumerator (\w+)=(\d+)', fact)
            return bool(m) and self.upstream.get(m.group(1)) == int(m.group(2))
        return self.rx.fullmatch(fact) is not None


def load(path=os.path.join(HERE, 'allowed-differences.txt')):
    entries = []
    for n, line in enumerate(open(path), 1):
        if not line.strip() or line.lstrip().startswith('#'):
            continue
        m = re.match(r'^([+-]) (.+?) -- (\S.*)$', line.rstrip('\n'))
        if not m:
            raise ValueError('%s:%d: expected "<+|-> <regex> -- <reason>"' % (path, n))
        entries.append(Entry(n, m.group(1), m.group(2), m.group(3)))
    return entries


def allowed(entries, side, fact):
    hit = False
    for e in entries:
        if e.matches(side, fact):
            e.used = True
            hit = True
    return hit
