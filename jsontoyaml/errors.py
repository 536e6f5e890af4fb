# SPDX-License-Identifier: MIT
"""Error and warning reporting of the converter: every problem is tied to a
file and, when known, a line and column, printed as `file:line:col: reason`."""
import sys


class ConvertError(Exception):
    """A problem that stops the conversion."""

    def __init__(self, msg, file=None, line=None, col=None):
        super().__init__(msg)
        self.msg = msg
        self.file = file
        self.line = line
        self.col = col

    def __str__(self):
        return where(self.file, self.line, self.col) + self.msg


def where(file, line=None, col=None):
    """The `file:line:col: ` prefix (parts that are unknown are left out)."""
    if file is None:
        return ""
    s = str(file)
    if line is not None:
        s += ":%d" % line
        if col is not None:
            s += ":%d" % col
    return s + ": "


class Warnings:
    """Collects non-fatal findings; identical keys are counted, not repeated.
    kind "note": known, accepted findings (the report's `note:` lines)."""

    def __init__(self, stream=None, kind="warning"):
        self.stream = stream
        self.kind = kind
        self.items = {}     # key -> [first message, count]

    def add(self, key, msg):
        if key in self.items:
            self.items[key][1] += 1
        else:
            self.items[key] = [msg, 1]

    def lines(self):
        out = []
        for key in sorted(self.items):
            msg, n = self.items[key]
            more = " (and %d more like it)" % (n - 1) if n > 1 else ""
            out.append("%s: %s%s" % (self.kind, msg, more))
        return out

    def flush(self):
        out = self.stream or sys.stderr
        for line in self.lines():
            print(line, file=out)
