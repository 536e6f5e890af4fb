# SPDX-License-Identifier: MIT
# Tests of pfmlib/api/libpfm.map that need no built library: the version script
# names exactly the functions 4.13's library exports and our header
# declares, and a stub library linked with it (whose other symbols are all
# visible) passes the exports check.  Variants linked without the script,
# with a versioned node or with another soname must fail that check, which
# proves check-exports can fail.
import os
import re

import protos
from check_exports import SONAME, dynamic_exports, export_problems, map_globals
from toolchain import CC, run


def _stub_library(workdir, name, our_protos, include, ldflags):
    src = os.path.join(workdir, 'stub_%s.c' % name)
    lib = os.path.join(workdir, 'stub_%s.so' % name)
    exported = sorted(n for n, d in our_protos.items() if d.startswith('extern '))
    lines = ['#include <perfmon/pfmlib_perf_event.h>']
    lines += [protos._stub(n, our_protos[n]) for n in exported]
    lines += ['int pmuplug_internal_helper(void) { return 1; }',
              'int pmuplug_internal_table[4] = { 1, 2, 3, 4 };']
    with open(src, 'w') as f:
        f.write('\n'.join(lines) + '\n')
    rc, _o, err = run([CC, '-std=gnu11', '-I', include, '-fPIC', '-shared', '-o', lib, src] + ldflags)
    return lib, (err if rc else None)


def map_tests(map_path, oracle_lib, our_protos, include, workdir):
    """Returns [(test name, problems)]."""
    os.makedirs(workdir, exist_ok=True)
    names = map_globals(map_path)
    res = []
    if not os.path.isfile(oracle_lib):
        return [('version_script_lists_exactly_what_4.13_exports',
                 ["libpfm4 4.13's library not found (%r): is libpfm4-dev installed?" % oracle_lib])]
    oracle = sorted(n.split('@')[0] for n, _t in dynamic_exports(oracle_lib))
    res.append(('version_script_lists_exactly_what_4.13_exports',
                [] if sorted(names) == oracle and len(names) == len(set(names))
                else ['map: %s' % ' '.join(sorted(names)), '4.13: %s' % ' '.join(oracle)]))
    declared = sorted(n for n, d in our_protos.items() if d.startswith('extern '))
    res.append(('version_script_lists_exactly_the_functions_our_headers_declare',
                [] if sorted(names) == declared else
                ['map: %s' % ' '.join(sorted(names)), 'headers: %s' % ' '.join(declared)]))

    good = ['-Wl,--version-script=' + map_path, '-Wl,-soname,' + SONAME]
    lib, err = _stub_library(workdir, 'good', our_protos, include, good)
    probs = [err] if err else ['%s: %s' % (k, p) for k, v in sorted(export_problems(lib, names).items()) for p in v]
    res.append(('stub_library_linked_with_the_version_script_exports_only_the_api', probs))

    versioned = os.path.join(workdir, 'versioned.map')
    with open(versioned, 'w') as f:
        f.write(re.sub(r'^\{', 'PMUPLUG_1.0 {', re.sub(r'/\*.*?\*/', '', open(map_path).read(), flags=re.S).strip()))
    variants = [
        ('selftest_exports_check_detects_missing_version_script', ['-Wl,-soname,' + SONAME],
         'exports_exactly_the_api_functions'),
        ('selftest_exports_check_detects_wrong_soname',
         ['-Wl,--version-script=' + map_path, '-Wl,-soname,libpfm.so.5'], 'soname_is_libpfm.so.4'),
        ('selftest_exports_check_detects_versioned_symbols',
         ['-Wl,--version-script=' + versioned, '-Wl,-soname,' + SONAME],
         'exported_functions_carry_no_symbol_version'),
    ]
    for i, (name, flags, expect) in enumerate(variants):
        lib, err = _stub_library(workdir, 'bad%d' % i, our_protos, include, flags)
        if err:
            res.append((name, ['stub library does not link: ' + err.strip().splitlines()[0]]))
            continue
        p = export_problems(lib, names)
        res.append((name, [] if p.get(expect) else ['%s did not fail' % expect]))
    return res
