#!/usr/bin/python3
# SPDX-License-Identifier: MIT
# The exports check (make check-exports): a built libpfm.so.4 must export,
# as defined dynamic symbols, exactly the API functions listed in
# pfmlib/api/libpfm.map -- functions, nothing else, without symbol versions --
# and carry the soname libpfm.so.4, as libpfm4 4.13's library does.
# With --no-start-files (our library, linked -nostartfiles, pfmlib/module.mk)
# it must also have no initializer or finalizer to run and import nothing of
# the compiler's crt files.
# export_problems() is also used by the ABI suite on stub libraries.
import argparse
import os
import re
import subprocess
import sys

SONAME = 'libpfm.so.4'


def map_globals(path):
    """Names in the global: part of a version script."""
    text = re.sub(r'/\*.*?\*/', ' ', open(path).read(), flags=re.S)
    text = re.sub(r'#[^\n]*', ' ', text)
    m = re.search(r'global\s*:(.*?)(?:local\s*:|\})', text, flags=re.S)
    if not m:
        return []
    return [t.strip() for t in m.group(1).split(';') if t.strip()]


def _out(cmd):
    return subprocess.run(cmd, capture_output=True, text=True, check=True).stdout


def dynamic_exports(lib):
    """[(name as nm prints it, nm type letter)] of defined dynamic symbols."""
    out = []
    for line in _out(['nm', '-D', '--defined-only', lib]).splitlines():
        f = line.split()
        if len(f) >= 3:
            out.append((f[2], f[1]))
    return out


def export_problems(lib, expected):
    """{test name: [problems]} for a shared library."""
    if not os.path.exists(lib):
        return {'library_exists': ['%s does not exist' % lib]}
    syms = dynamic_exports(lib)
    names = {n.split('@')[0] for n, _t in syms}
    exact = []
    for n in sorted(set(expected) - names):
        exact.append('missing: %s' % n)
    for n in sorted(names - set(expected)):
        exact.append('exported but not API: %s' % n)
    exact += ['%s is exported as nm type %s, not a function (T)' % (n, t)
              for n, t in syms if n.split('@')[0] in expected and t != 'T']
    dyn = _out(['readelf', '-dW', lib])
    m = re.search(r'\(SONAME\)\s+Library soname: \[([^\]]*)\]', dyn)
    soname = [] if m and m.group(1) == SONAME else \
        ['soname is %s, expected %s' % (m.group(1) if m else 'missing', SONAME)]
    versions = ['%s carries a version' % n for n, _t in syms if '@' in n]
    if re.search(r'\((VERDEF|VERDEFNUM)\)', dyn):
        versions.append('the library defines symbol versions (VERDEF)')
    return {
        'exports_exactly_the_api_functions': exact,
        'soname_is_libpfm.so.4': soname,
        'exported_functions_carry_no_symbol_version': versions,
    }


CRT_IMPORTS = ('__cxa_finalize', '__cxa_atexit', '_ITM_deregisterTMCloneTable',
               '_ITM_registerTMCloneTable', '__gmon_start__', '__dso_handle')


def start_file_problems(lib):
    """What a library linked without crt files must not need: code the
    loader would run at load or unload (the crt files would have run it
    through their own init/fini entries) or the crt files' symbols."""
    dyn = _out(['readelf', '-dW', lib])
    probs = ['dynamic section has %s' % t for t in
             re.findall(r'\((INIT|FINI|INIT_ARRAY|FINI_ARRAY|PREINIT_ARRAY)\)', dyn)]
    for line in _out(['nm', '-D', '--undefined-only', lib]).splitlines():
        name = line.split()[-1].split('@')[0]
        if name in CRT_IMPORTS:
            probs.append('imports %s' % name)
    return probs


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument('--lib', required=True)
    ap.add_argument('--map', required=True, help='pfmlib/api/libpfm.map')
    ap.add_argument('--no-start-files', action='store_true',
                    help='the library is linked -nostartfiles: nothing to run at load or unload')
    ap.add_argument('--results', help='file to append "exports: N passed, N failed" to')
    a = ap.parse_args()
    expected = map_globals(a.map)
    results = sorted(export_problems(a.lib, expected).items())
    if len(expected) != 13:
        results.append(('version_script_lists_13_functions',
                        ['%s lists %d names' % (a.map, len(expected))]))
    if a.no_start_files:
        results.append(('nothing_to_run_at_load_or_unload', start_file_problems(a.lib)))
        results.sort()
    failed = sum(1 for _n, p in results if p)
    for name, probs in results:
        print('%s %s' % ('FAIL' if probs else 'PASS', name))
        for p in probs:
            print('     ' + p)
    line = 'exports: %d passed, %d failed' % (len(results) - failed, failed)
    print(line)
    if a.results:
        os.makedirs(os.path.dirname(os.path.abspath(a.results)), exist_ok=True)
        with open(a.results, 'a') as f:
            f.write(line + '\n')
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
