# SPDX-License-Identifier: MIT
"""Escaping of data text for man(7) pages: anything read from a descriptor
goes through text() or name() before it is written into roff source."""
import re

# a word this long may not fit a terminal line: let it break after . and _
LONG_WORD = 40
_WORD = re.compile(r"\S{%d,}" % LONG_WORD)


def _char(ch):
    o = ord(ch)
    if ch == "\\":
        return "\\e"
    if ch == "-":
        return "\\-"              # an ASCII minus when rendered: names are copied
    if ch in "\t\n\r":
        return " "
    if o < 0x20 or o == 0x7f:
        return ""
    if o > 0x7e:
        return "\\[u%04X]" % o    # groff reads its input as Latin-1 otherwise
    return ch


def _breakable(word):
    """Break points (\\:) after each . and _, and inside runs longer than
    LONG_WORD without one. Escapes (\\-, \\e, \\[uXXXX]) are kept whole."""
    out, run = [], 0
    for tok in re.findall(r"\\\[[^]]*\]|\\.|.", word):
        out.append(tok)
        run += 1
        if tok in (".", "_") or run >= LONG_WORD:
            out.append("\\:")
            run = 0
    return "".join(out)


def text(s):
    """Escape s for use inside a text line or a macro argument (one line)."""
    out = "".join(_char(c) for c in ("" if s is None else str(s)))
    out = _WORD.sub(lambda m: _breakable(m.group(0)), out)
    if out[:1] in (".", "'"):
        out = "\\&" + out
    return out


def name(s):
    """A name (event, unit mask, modifier, PMU): like text, set in bold."""
    return "\\fB" + text(s) + "\\fR"


def quoted(s):
    """A macro argument that may contain blanks."""
    return '"' + text(s).replace('"', "\\(dq") + '"'
