# SPDX-License-Identifier: MIT
"""Reads perf's <arch>/mapfile.csv: which model directory serves which CPU
identity. As perf does, the first row is a header and rows starting with `#`
are comments; every other row is `identity-regex,version,path,type`."""
import csv
import os
import re

from errors import ConvertError
from readfile import read_text

# POSIX bracket classes perf's regexes use (regcomp); translated only to check
# that a pattern compiles, the pattern itself is kept verbatim.
_POSIX = {"xdigit": "0-9A-Fa-f", "digit": "0-9", "alpha": "A-Za-z", "alnum": "0-9A-Za-z",
          "upper": "A-Z", "lower": "a-z", "space": r" \t\r\n\f\v", "punct": r"!-/:-@\[-`{-~"}


# Limits on an identity regex, far above what perf's patterns need (at most
# 48 characters, groups one deep, no repeated group, counts up to {4}): they
# keep compiling and matching a pattern cheap, here and in the library that
# matches it against the CPU's identity.
MAX_REGEX_LEN = 256
MAX_GROUP_DEPTH = 8
MAX_REPEAT = 255        # largest count in {m,n} (POSIX's RE_DUP_MAX)
MAX_REPETITIONS = 8     # *, +, ? and {m,n} in one pattern (a?a?a?...: 2^n ways to match)
_COUNT = re.compile(r"\{(\d*)(?:,(\d*))?\}")


def _bracket_end(pattern, i):
    """Offset just past the bracket expression starting at pattern[i] == '['
    (len(pattern) when it is not closed: compiling reports that)."""
    n = len(pattern)
    j = i + 1
    if j < n and pattern[j] == "^":
        j += 1
    if j < n and pattern[j] == "]":
        j += 1
    while j < n and pattern[j] != "]":
        if pattern[j] == "[" and j + 1 < n and pattern[j + 1] in ":.=":
            k = pattern.find(pattern[j + 1] + "]", j + 2)
            j = n if k < 0 else k + 2
        else:
            j += 1
    return min(j + 1, n)


def check_shape(pattern):
    """None when pattern stays within the limits above, else (offset,
    reason). Refuses what makes a backtracking matcher take exponential time
    (a repeated group that itself holds a repetition or an alternation, like
    (a+)+ or (a|ab)*), more than MAX_REPETITIONS repetitions (.*.*.*...),
    back-references, deep nesting and huge counts."""
    if len(pattern) > MAX_REGEX_LEN:
        return (MAX_REGEX_LEN, "longer than %d characters" % MAX_REGEX_LEN)
    groups = []         # per open group: [offset, holds a repetition or alternation]
    i, n, reps = 0, len(pattern), 0
    while i < n:
        c = pattern[i]
        if c in "*+?{" and (c != "{" or _COUNT.match(pattern, i)):
            reps += 1
            if reps > MAX_REPETITIONS:
                return (i, "more than %d repetitions (*, +, ?, {m,n})" % MAX_REPETITIONS)
        if c == "\\":
            if i + 1 < n and pattern[i + 1].isdigit():
                return (i, "back-references are not supported")
            i += 2
            continue
        if c == "[":
            i = _bracket_end(pattern, i)
            continue
        if c == "(":
            if len(groups) >= MAX_GROUP_DEPTH:
                return (i, "groups nested more than %d deep" % MAX_GROUP_DEPTH)
            groups.append([i, False])
            i += 1
            continue
        if c == ")" and groups:
            start, busy = groups.pop()
            i += 1
            if i < n and pattern[i] in "*+{" and busy:
                return (start, "a repeated group holds a repetition or an alternation"
                               " (exponential matching)")
            if groups and (busy or (i < n and pattern[i] in "*+?{")):
                groups[-1][1] = True
            continue
        if c == "{":
            m = _COUNT.match(pattern, i)
            if m:
                if any(g and int(g) > MAX_REPEAT for g in m.groups()):
                    return (i, "repetition count above %d" % MAX_REPEAT)
                if groups:
                    groups[-1][1] = True
                i = m.end()
                continue
        if c in "*+?|" and groups:
            groups[-1][1] = True
        i += 1
    return None


def to_python(pattern):
    """pattern with the POSIX bracket classes perf uses written out, for
    Python's re (an unknown class is left as it is)."""
    def sub(m):
        cls = _POSIX.get(m.group(1))
        return cls if cls is not None else m.group(0)
    return re.sub(r"\[:([a-z]+):\]", sub, pattern)


def check_regex(pattern):
    """None when pattern is a valid extended regex within the limits of
    check_shape, else (offset, reason)."""
    bad = check_shape(pattern)
    if bad:
        return bad
    py = to_python(pattern)
    if "[:" in py:
        return (pattern.index("[:"), "unknown POSIX character class")
    try:
        re.compile(py)
    except re.error as e:
        return (min(e.pos or 0, len(pattern)), e.msg)
    return None


class MapRow:
    __slots__ = ("regex", "version", "path", "type", "line")

    def __init__(self, regex, version, path, type_, line):
        self.regex, self.version, self.path, self.type, self.line = regex, version, path, type_, line


def read_mapfile(path):
    """All data rows of a mapfile, in file order (any EventType)."""
    lines = read_text(path, universal_newlines=False).split("\n")
    rows = []
    for lineno, text in enumerate(lines, 1):
        text = text.rstrip("\r")
        if lineno == 1 or not text.strip() or text.lstrip().startswith("#"):
            continue
        try:
            cells = next(csv.reader([text]))
        except csv.Error as e:
            raise ConvertError("malformed CSV: %s" % e, path, lineno, 1)
        if len(cells) != 4:
            raise ConvertError("expected 4 comma-separated fields (identity,version,file,type), found %d"
                               % len(cells), path, lineno, 1)
        regex, version, fname, type_ = (c.strip() for c in cells)
        cols, pos = [], 1
        for c in cells:
            cols.append(pos)
            pos += len(c) + 1
        for i, (val, what) in enumerate(((regex, "identity"), (fname, "file"), (type_, "type"))):
            if not val:
                raise ConvertError("empty %s field" % what, path, lineno, cols[(0, 2, 3)[i]])
        bad = check_regex(regex)
        if bad:
            raise ConvertError("invalid identity regex: %s" % bad[1], path, lineno, cols[0] + bad[0])
        if os.path.isabs(fname) or ".." in fname.split("/"):
            raise ConvertError("file must be a path inside the arch directory: %r" % fname,
                               path, lineno, cols[2])
        rows.append(MapRow(regex, version, fname, type_, lineno))
    return rows
