# SPDX-License-Identifier: MIT
# accepted.py - the committed lists of differences from libpfm4 4.13 that
# pmuplug accepts: tests/diff/accepted-differences.tsv (kept by hand) and
# arch/x86/libpfm4-names/unresolved.tsv (what derive.py cannot reproduce),
# and arch/x86/libpfm4-corrections.yaml (libpfm4 4.13 encodings perf's JSON
# corrects: the string, alone or with further attributes).
# Rows: pmu, event string without pmu:: (fnmatch patterns; the string one
# case-insensitive, as event strings are; a string starting with ~ is a
# python regular expression the whole string must match, case-insensitive),
# reason.
import fnmatch
import os
import re

HERE = os.path.dirname(os.path.abspath(__file__))
LISTED = os.path.join(HERE, "accepted-differences.tsv")
DERIVED = os.path.join(os.path.dirname(os.path.dirname(HERE)), "arch/x86/libpfm4-names/unresolved.tsv")
CORRECTIONS = os.path.join(os.path.dirname(os.path.dirname(HERE)), "arch/x86/libpfm4-corrections.yaml")


# a reason saying pmuplug itself is wrong (or encodes wrongly) accepts a bug
PMUPLUG_WRONG = re.compile(r"\bpmuplug\b[^;:.]*\b(is|are|gets? it|encodes? it|was)\s+(wrong|incorrect|buggy)\b"
                           r"|\bpmuplug'?s?\b[^;:.]*\bbug\b", re.I)


def pmuplug_wrong(reason):
    """The reason of an accepted difference admits pmuplug is wrong."""
    return PMUPLUG_WRONG.search(reason) is not None


ERR_ATTR_VAL = -9
# a modifier's value as strtoull(s, NULL, 0) reads it: 0x hex, 0 octal, decimal
VALUE_RE = re.compile(r"=\s*[+-]?(0[xX][0-9a-fA-F]+|[0-9]+)(?=$|[:.])")


def value_overflows(string):
    """Does a modifier value of the string exceed 2^64-1 (strtoull's ERANGE)?"""
    for m in VALUE_RE.finditer(string):
        v = m.group(1)
        n = int(v, 16) if v[:2].lower() == "0x" else int(v, 8) if v[0] == "0" and len(v) > 1 else int(v)
        if n > 0xffffffffffffffff:
            return True
    return False


def overflow_refused_only(string, lib, ours):
    """Does ours refuse (PFM_ERR_ATTR_VAL) a value past 2^64-1 where libpfm4
    accepted it, and answer as libpfm4 does in the other layer?"""
    if not value_overflows(string):
        return False
    pairs = ((lib.none, ours.none), (lib.ext, ours.ext))
    return (any(a[0] == "0" and b[0] == str(ERR_ATTR_VAL) for a, b in pairs)
            and all(a == b or (a[0] == "0" and b[0] == str(ERR_ATTR_VAL)) for a, b in pairs))


ERR_FEATCOMB = -5
ERR_UMASK = -6


def thrice_refused_only(string, lib, ours, umask_key=None, equiv_terms=None):
    """Does libpfm4 refuse (PFM_ERR_FEATCOMB, PFM_ERR_UMASK on the perf PMU) a string that names one unit
    mask three times or more (or three unit masks of one umask value, when
    umask_key(event, term) gives it; with the unit masks the event's
    equivalent names, when equiv_terms(event) gives them: NODE-LOADS is
    PERF_COUNT_HW_CACHE_NODE:READ:ACCESS) in every layer where the two answer
    otherwise, ours encoding it in one at least?"""
    parts = re.split(r"[:.]", string)
    terms = [t.upper() for t in parts[1:] if t and "=" not in t]
    if equiv_terms:
        terms += [t.upper() for t in equiv_terms(parts[0]) or ()]
    if umask_key:
        terms = [umask_key(parts[0], t) or t for t in terms]
    pairs = ((lib.none, ours.none), (lib.ext, ours.ext))
    differ = [(a, b) for a, b in pairs if a != b]
    return (bool(differ) and all(a[0] in (str(ERR_FEATCOMB), str(ERR_UMASK)) for a, b in differ)
            and any(b[0] == "0" for a, b in differ) and any(terms.count(t) >= 3 for t in set(terms)))


ERR_ATTR_SET = -10


def _refusal_pairs(lib, ours, refusals):
    """Every layer either agrees or one side refuses with one of refusals
    where the other encodes; at least one layer differs."""
    pairs = ((lib.none, ours.none), (lib.ext, ours.ext))
    differ = [(a, b) for a, b in pairs if a != b]
    return bool(differ) and all({a[0], b[0]} & {"0"} and ({a[0], b[0]} - {"0"}) <= refusals
                                and a[0] != b[0] for a, b in differ)


def modifier_thrice(string, lib, ours):
    """Does the string give one modifier three times or more, and do the two
    libraries differ only in one refusing it (PFM_ERR_ATTR_VAL or
    PFM_ERR_ATTR_SET) where the other encodes?"""
    names = [t.split("=", 1)[0].strip().lower() for t in re.split(r"[:.]", string)[1:] if t]
    refusals = {str(ERR_ATTR_VAL), str(ERR_ATTR_SET)}
    pairs = ((lib.none, ours.none), (lib.ext, ours.ext))
    differ = [(a, b) for a, b in pairs if a != b]
    # where the two differ, one encodes and the other refuses the repetition,
    # or pmuplug refuses the repetition in a layer libpfm4 refuses for
    # another reason (an uncore PMU absent from sysfs: PFM_ERR_NOTSUPP)
    def one_refuses(a, b):
        return a[0] != b[0] and "0" in (a[0], b[0]) and ({a[0], b[0]} - {"0"}) <= refusals
    return (any(names.count(n) >= 3 for n in set(names)) and bool(differ)
            and any(one_refuses(a, b) for a, b in differ)
            and all(one_refuses(a, b) or (a[0] != "0" and b[0] in refusals) for a, b in differ))


def preset_unchecked(string, lib, ours, umask_key=None):
    """Does libpfm4 encode where ours refuses a value given against a unit
    mask's preset (PFM_ERR_ATTR_SET) in every layer that differs? (libpfm4
    4.13 checks a named unit mask's preset on the tables that declare it,
    not a default unit mask's, not one named twice, not three unit masks'.)"""
    pairs = ((lib.none, ours.none), (lib.ext, ours.ext))
    differ = [(a, b) for a, b in pairs if a != b]
    return bool(differ) and all(a[0] == "0" and b[0] == str(ERR_ATTR_SET) for a, b in differ)


class Accepted:
    def __init__(self, path=LISTED, derived=DERIVED):
        self.rows = []          # (pmu pattern, string pattern, reason, kept by hand)
        self.corrections = []   # rows from arch/x86/libpfm4-corrections.yaml
        self.correction_terms = []  # (pmu, [EVENT, TERM...], why) of the same
        self.used = set()
        # umask_key(event, term): the umask value of a unit mask term of the
        # event (libpfm4's listing), None for other terms; set by a caller
        # that has the listing (fuzz_diff.py), else names are compared
        self.umask_key = None
        # equiv_terms(event): the unit-mask terms of the event's equivalent in
        # libpfm4's listing, which libpfm4 counts with the string's own; set
        # by the same callers
        self.equiv_terms = None
        for p, by_hand in ((path, True), (derived, False)):
            if p and os.path.exists(p):
                self._read(p, by_hand)
        if derived and os.path.exists(CORRECTIONS):
            import yaml
            with open(CORRECTIONS) as f:
                for pmu, rows in (yaml.safe_load(f) or {}).items():
                    for r in rows:
                        s = r["string"].replace(":", "[:.]")
                        for pat in (s, s + "[:.]*"):
                            self.rows.append((pmu, pat, r["why"], False))
                            self.corrections.append((pmu, pat))
                        # the same terms in any order, with further ones
                        # (TOPDOWN.freq=511:BACKEND_BOUND_SLOTS)
                        self.correction_terms.append((pmu, r["string"].upper().split(":"), r["why"]))

    def _read(self, path, by_hand):
        with open(path) as f:
            for n, line in enumerate(f, 1):
                if not line.strip() or line.startswith("#"):
                    continue
                parts = line.rstrip("\n").split("\t")
                if len(parts) != 3 or not all(parts):
                    raise SystemExit("%s:%d: want pmu<TAB>string<TAB>reason" % (path, n))
                if pmuplug_wrong(parts[2]):
                    raise SystemExit("%s:%d: the reason says pmuplug is wrong: fix pmuplug, do not accept it"
                                     % (path, n))
                self.rows.append(tuple(parts) + (by_hand,))

    def reason(self, pmu, string):
        """The reason a difference on pmu::string is accepted, or None. A row
        whose string starts with @ names a kind of difference (@cpu: only the
        cpu of the encoding) and matches that kind only."""
        if string[0] != "@":
            terms = [t.strip().upper() for t in re.split(r"[:.]", string)]
            for p, ct, why in self.correction_terms:
                if (fnmatch.fnmatchcase(pmu, p) and terms[0] == ct[0]
                        and all(t in terms[1:] for t in ct[1:])):
                    return why
        for i, (p, s, why, _) in enumerate(self.rows):
            if (s[0] == "@") != (string[0] == "@"):
                continue
            if not fnmatch.fnmatchcase(pmu, p):
                continue
            if s[0] == "~" and re.fullmatch(s[1:], string, re.I) or \
                    s[0] != "~" and fnmatch.fnmatchcase(string.upper(), s.upper()):
                self.used.add(i)
                return why
        return None

    def explain(self, pmu, string, lib, ours):
        """The reason the difference between lib and ours (rundiff.Result of
        libpfm4 4.13 and of pmuplug) on pmu::string is accepted, or None: a row
        for the string, else the @cpu row when only the cpu differs, else the
        @ext-refused row when libpfm4 alone refuses under perf_events."""
        why = self.reason(pmu, string)
        if not why and lib.cpu_only(ours):
            why = self.reason(pmu, "@cpu")
        if not why and lib.ext_refused_only(ours):
            why = self.reason(pmu, "@ext-refused")
        if not why and lib.zero_code_only(ours):
            why = self.reason(pmu, "@zero-code")
        if not why and overflow_refused_only(string, lib, ours):
            why = self.reason(pmu, "@value-overflow")
        key = (lambda e, t: self.umask_key(pmu, e, t)) if self.umask_key else None
        eqt = (lambda e: self.equiv_terms(pmu, e)) if self.equiv_terms else None
        if not why and thrice_refused_only(string, lib, ours, key, eqt):
            why = self.reason(pmu, "@repeated-umask")
        if not why and modifier_thrice(string, lib, ours):
            why = self.reason(pmu, "@repeated-modifier")
        if not why and preset_unchecked(string, lib, ours, key):
            why = self.reason(pmu, "@preset-unchecked")
        return why

    def corrected(self, pmu, string):
        """pmu::string is one perf's JSON corrects (libpfm4 4.13 is not the reference)."""
        return any(fnmatch.fnmatchcase(pmu, p) and fnmatch.fnmatchcase(string.upper(), s.upper())
                   for p, s in self.corrections)

    def unused(self, pmus):
        """Hand-kept rows for these PMUs that matched nothing (stale entries)."""
        return [r for i, r in enumerate(self.rows) if i not in self.used and r[3]
                and any(fnmatch.fnmatchcase(p, r[0]) for p in pmus)]
