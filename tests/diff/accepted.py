# accepted.py - the committed list of differences from libpfm4 4.13 that
# pmuplug accepts (tests/diff/accepted-differences.tsv): pmu, event string
# without pmu:: (an fnmatch pattern), reason.
import fnmatch
import os

DEFAULT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "accepted-differences.tsv")


class Accepted:
    def __init__(self, path=DEFAULT):
        self.rows = []          # (pmu pattern, string pattern, reason)
        self.used = set()
        if os.path.exists(path):
            with open(path) as f:
                for n, line in enumerate(f, 1):
                    if not line.strip() or line.startswith("#"):
                        continue
                    parts = line.rstrip("\n").split("\t")
                    if len(parts) != 3 or not all(parts):
                        raise SystemExit("%s:%d: want pmu<TAB>string<TAB>reason" % (path, n))
                    self.rows.append(tuple(parts))

    def reason(self, pmu, string):
        """The reason a difference on pmu::string is accepted, or None."""
        for i, (p, s, why) in enumerate(self.rows):
            if fnmatch.fnmatchcase(pmu, p) and fnmatch.fnmatchcase(string, s):
                self.used.add(i)
                return why
        return None

    def unused(self, pmus):
        """Rows for these PMUs that matched nothing (stale entries)."""
        return [r for i, r in enumerate(self.rows) if i not in self.used
                and any(fnmatch.fnmatchcase(p, r[0]) for p in pmus)]
