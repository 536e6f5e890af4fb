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


def check_regex(pattern):
    """None when pattern is a valid extended regex, else (offset, reason)."""
    def sub(m):
        cls = _POSIX.get(m.group(1))
        return cls if cls is not None else m.group(0)
    py = re.sub(r"\[:([a-z]+):\]", sub, pattern)
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
