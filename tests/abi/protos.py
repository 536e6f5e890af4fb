# SPDX-License-Identifier: MIT
# Function declarations of the perfmon headers, as gcc's -aux-info reports
# them, and the compile checks built from them: each set's prototypes must
# be accepted by the other set's header (function pointer assignment under
# -Werror), the API functions must stay exported when the library is built
# with -fvisibility=hidden, and C++ callers must get C linkage.
import re

from toolchain import CXX, cc, run

_AUX = re.compile(r'^/\* (.*?):(\d+):(\w\w) \*/ (.*?);(?: /\* \((.*?)\) .*\*/)?\s*$')


def read_aux(path):
    """Returns {name: normalized declaration} for functions declared in the
    perfmon headers.  Parameter names are dropped: only types matter."""
    out = {}
    try:
        text = open(path).read()
    except OSError:
        return out
    for line in text.splitlines():
        m = _AUX.match(line)
        if not m or '/perfmon/' not in m.group(1):
            continue
        decl, names = m.group(4), m.group(5)
        nm = re.search(r'(\w+) \(', decl)
        if not nm:
            continue
        name = nm.group(1)
        if names:
            head, params = decl[:nm.end()], decl[nm.end():]
            for pn in names.split(','):
                params = re.sub(r'\b%s\b' % re.escape(pn.strip()), '', params)
            decl = head + params
        decl = re.sub(r'\s+([,)])', r'\1', ' '.join(decl.split()))
        out[name] = decl
    return out


def facts(protos):
    return {'function %s' % d for d in protos.values()}


def _pointer_decl(name, decl):
    body = re.sub(r'^(extern|static) ', '', decl)
    return body.replace('%s (' % name, '(*abi_p_%s) (' % name, 1) + ' = %s;' % name


def compat(tu_text, protos, incdir, workdir, tag):
    """Compiles, against the headers in incdir, one function pointer per
    prototype in protos initialised with the declared function.  Returns
    the names that do not match (or a whole-file failure)."""
    lines = [tu_text.rstrip('\n')]
    first = len(lines[0].splitlines()) + 1
    names = sorted(protos)
    for n in names:
        lines.append(_pointer_decl(n, protos[n]))
    src = '%s/compat_%s.c' % (workdir, tag)
    with open(src, 'w') as f:
        f.write('\n'.join(lines) + '\n')
    rc, _o, err = cc(['-Wall', '-Werror', '-c', '-o', '/dev/null', src], incdir, workdir)
    if rc == 0:
        return []
    bad = set()
    for e in err.splitlines():
        m = re.match(r'^[^:]*compat_%s\.c:(\d+):\d+: (?:error|warning)' % re.escape(tag), e)
        if m and 0 <= int(m.group(1)) - first < len(names):
            bad.add(names[int(m.group(1)) - first])
    return sorted(bad) or ['(does not compile: %s)' % err.strip().splitlines()[0] if err.strip() else '?']


def _stub(name, decl):
    """A definition with the declared signature and a dummy body."""
    body = re.sub(r'^extern ', '', decl)
    head, params = body.split('%s (' % name, 1)
    params = params.rsplit(')', 1)[0].strip()
    if params in ('', 'void'):
        plist = 'void'
    else:
        plist = ', '.join('%s abi_a%d' % (p.strip(), i) for i, p in enumerate(params.split(',')))
    ret = head.strip()
    stmt = '' if ret == 'void' else 'return 0;'
    return '%s %s(%s) { %s }' % (ret, name, plist, stmt)


def visibility_facts(tu_text, protos, incdir, workdir, tag):
    """Defines every extern API function (with the given prototypes) plus
    one private function in a -fvisibility=hidden build; reports the
    visibility each symbol ends up with."""
    exported = sorted(n for n, d in protos.items() if d.startswith('extern '))
    lines = [tu_text.rstrip('\n')] + [_stub(n, protos[n]) for n in exported]
    lines.append('int abi_private_function(void) { return 0; }')
    src, obj = '%s/vis_%s.c' % (workdir, tag), '%s/vis_%s.o' % (workdir, tag)
    with open(src, 'w') as f:
        f.write('\n'.join(lines) + '\n')
    rc, _o, err = cc(['-fPIC', '-fvisibility=hidden', '-c', '-o', obj, src], incdir, workdir)
    if rc != 0:
        return {'visibility test does not compile'}, err
    rc, out, err = run(['readelf', '-sW', obj])
    got = set()
    for line in out.splitlines():
        f = line.split()
        if len(f) >= 8 and f[3] == 'FUNC':
            got.add('symbol %s bind=%s visibility=%s' % (f[7], f[4], f[5]))
    return got, None


def cxx_facts(tu_text, protos, incdir, workdir, tag):
    """Symbols a C++ file referring to every extern API function needs."""
    exported = sorted(n for n, d in protos.items() if d.startswith('extern '))
    lines = [tu_text.rstrip('\n'), 'void *abi_refs[] = {']
    lines += ['  (void *)&%s,' % n for n in exported] + ['};']
    src, obj = '%s/cxx_%s.cc' % (workdir, tag), '%s/cxx_%s.o' % (workdir, tag)
    with open(src, 'w') as f:
        f.write('\n'.join(lines) + '\n')
    inc = ['-I', incdir] if incdir else []
    rc, _o, err = run([CXX, '-c', '-o', obj, src] + inc, cwd=workdir)
    if rc != 0:
        return {'C++ test does not compile'}, err
    rc, out, _e = run(['nm', '-u', obj])
    return {'c++ needs symbol %s' % l.split()[-1] for l in out.splitlines() if l.strip()}, None
