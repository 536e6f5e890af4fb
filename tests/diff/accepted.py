# accepted.py - the committed lists of differences from libpfm4 4.13 that
# pmuplug accepts: tests/diff/accepted-differences.tsv (kept by hand) and
# arch/x86/libpfm4-names/unresolved.tsv (what derive.py cannot reproduce).
# Rows: pmu, event string without pmu:: (fnmatch patterns; the string one
# case-insensitive, as event strings are), reason.
import fnmatch
import os

HERE = os.path.dirname(os.path.abspath(__file__))
LISTED = os.path.join(HERE, "accepted-differences.tsv")
DERIVED = os.path.join(os.path.dirname(os.path.dirname(HERE)), "arch/x86/libpfm4-names/unresolved.tsv")


class Accepted:
    def __init__(self, path=LISTED, derived=DERIVED):
        self.rows = []          # (pmu pattern, string pattern, reason, kept by hand)
        self.used = set()
        for p, by_hand in ((path, True), (derived, False)):
            if p and os.path.exists(p):
                self._read(p, by_hand)

    def _read(self, path, by_hand):
        with open(path) as f:
            for n, line in enumerate(f, 1):
                if not line.strip() or line.startswith("#"):
                    continue
                parts = line.rstrip("\n").split("\t")
                if len(parts) != 3 or not all(parts):
                    raise SystemExit("%s:%d: want pmu<TAB>string<TAB>reason" % (path, n))
                self.rows.append(tuple(parts) + (by_hand,))

    def reason(self, pmu, string):
        """The reason a difference on pmu::string is accepted, or None."""
        for i, (p, s, why, _) in enumerate(self.rows):
            if fnmatch.fnmatchcase(pmu, p) and fnmatch.fnmatchcase(string.upper(), s.upper()):
                self.used.add(i)
                return why
        return None

    def unused(self, pmus):
        """Hand-kept rows for these PMUs that matched nothing (stale entries)."""
        return [r for i, r in enumerate(self.rows) if i not in self.used and r[3]
                and any(fnmatch.fnmatchcase(p, r[0]) for p in pmus)]
