# SPDX-License-Identifier: MIT
# Macro inventory of a translation unit, taken from the preprocessor itself
# (gcc -E -dD): every macro visible after the includes, with its parameters,
# its replacement text and the file that defined it.  Macros defined by the
# perfmon headers are "header macros"; the others come from the system.
import re

from toolchain import cc

_LINEMARK = re.compile(r'^# \d+ "([^"]*)"')
_DEFINE = re.compile(r'^#define (\w+)(\([^)]*\))?(?: (.*))?$')
_UNDEF = re.compile(r'^#undef (\w+)')


class Macro:
    __slots__ = ('name', 'params', 'body', 'file')

    def __init__(self, name, params, body, file):
        self.name, self.params, self.body, self.file = name, params, body, file

    @property
    def arity(self):
        if self.params is None:
            return None
        inner = self.params[1:-1].strip()
        return 0 if not inner else len(inner.split(','))

    @property
    def from_header(self):
        return '/perfmon/' in self.file


def scan(tu, incdir, workdir):
    """Returns (macros dict, error text or None)."""
    rc, out, err = cc(['-E', '-dD', tu], incdir, workdir)
    if rc != 0:
        return {}, err
    macros, cur = {}, '?'
    for line in out.splitlines():
        m = _LINEMARK.match(line)
        if m:
            cur = m.group(1)
            continue
        m = _DEFINE.match(line)
        if m:
            body = ' '.join((m.group(3) or '').split())
            macros[m.group(1)] = Macro(m.group(1), m.group(2), body, cur)
            continue
        m = _UNDEF.match(line)
        if m:
            macros.pop(m.group(1), None)
    return macros, None


def facts(macros):
    """Facts that must agree between two header sets.  Values of header
    macros are not here: the probe computes them, since our replacement
    text is our own."""
    out = set()
    for m in macros.values():
        shape = 'object' if m.params is None else 'function/%d' % m.arity
        if m.from_header:
            out.add('macro %s defined-by-header %s%s' % (m.name, shape, ' empty' if not m.body else ''))
        else:
            out.add('macro %s %s = %s' % (m.name, shape, m.body))
    return out


def pp_facts(macros, tu_text, incdir, workdir, tag):
    """Which header object macros the preprocessor can evaluate in #if."""
    names = sorted(m.name for m in macros.values()
                   if m.from_header and m.params is None and m.body)
    lines = [tu_text]
    first = len(tu_text.splitlines()) + 1
    for n in names:
        lines.append('#if (%s) || 1\n#endif' % n)
    src = '%s/pp_%s.c' % (workdir, tag)
    with open(src, 'w') as f:
        f.write('\n'.join(lines) + '\n')
    rc, _out, err = cc(['-E', '-o', '/dev/null', src], incdir, workdir)
    bad = set()
    for e in err.splitlines():
        # the error may point into the header defining the macro, with a
        # note naming our #if line
        m = re.match(r'^[^:]*pp_%s\.c:(\d+):\d+: (?:error|note)' % re.escape(tag), e)
        if m:
            idx = (int(m.group(1)) - first) // 2
            if 0 <= idx < len(names):
                bad.add(names[idx])
    return {'macro %s usable-in-#if=%s' % (n, 'no' if n in bad else 'yes') for n in names}
