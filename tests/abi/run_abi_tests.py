#!/usr/bin/python3
# SPDX-License-Identifier: MIT
# Entry point of the ABI suite (make check-abi): compares include/perfmon/
# with libpfm4 4.13's installed headers, runs the checks that need only our
# headers, then breaks copies of our headers on purpose to prove each check
# can fail.  Prints PASS/FAIL per test and appends
# "abi: N passed, N failed" to the results file.
import argparse
import os
import re
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

sys.dont_write_bytecode = True   # keep the source tree free of build output
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import allowlist          # noqa: E402
import compare            # noqa: E402
import map_tests          # noqa: E402
import toolchain          # noqa: E402
from mutations import MUTATIONS  # noqa: E402

PMU_ENUM = 'enum {pfm_pmu_t}'
FIRST_NEW, OWN_FIRST, PMU_MAX = 517, 768, 4096


def enumerator_problems(sides, entries):
    """Every enumerator of 4.13 exists in ours, in the same enum, with the
    same value (unless the allow-list says otherwise)."""
    oracle, ours = sides[compare.FULL]
    mine = {}
    for f in ours.header_dwarf:
        m = re.fullmatch(r'(enum .+?) enumerator (\w+)=(-?\d+)', f)
        if m:
            mine[m.group(2)] = (m.group(1), int(m.group(3)))
    out, seen = [], 0
    for f in sorted(oracle.header_dwarf):
        m = re.fullmatch(r'(enum .+?) enumerator (\w+)=(-?\d+)', f)
        if not m:
            continue
        seen += 1
        owner, name, value = m.group(1), m.group(2), int(m.group(3))
        if name not in mine:
            out.append('%s is missing' % name)
        elif mine[name] != (owner, value) and not allowlist.allowed(entries, '-', f):
            out.append('%s: 4.13 has %s=%d, ours %s=%d' % (name, owner, value, mine[name][0], mine[name][1]))
    if seen < 500:
        out.append('only %d enumerators found in the 4.13 headers: the scan is broken' % seen)
    return out


def pmu_id_problems(sides):
    """pfm_pmu_t past 4.13: exactly the upstream ids, then our own range."""
    _oracle, ours = sides[compare.FULL]
    ids = {}
    for f in ours.header_dwarf:
        m = re.fullmatch(re.escape(PMU_ENUM) + r' enumerator (\w+)=(\d+)', f)
        if m:
            ids[m.group(1)] = int(m.group(2))
    out = []
    if ids.get('PFM_PMU_MAX') != PMU_MAX:
        out.append('PFM_PMU_MAX is %s, expected %d' % (ids.get('PFM_PMU_MAX'), PMU_MAX))
    if ids.get('PFM_PMU_PMUPLUG_FIRST') != OWN_FIRST:
        out.append('PFM_PMU_PMUPLUG_FIRST is %s, expected %d' % (ids.get('PFM_PMU_PMUPLUG_FIRST'), OWN_FIRST))
    upstream = allowlist.load_upstream_ids()
    newer = {n: v for n, v in ids.items()
             if v >= FIRST_NEW and n not in ('PFM_PMU_MAX', 'PFM_PMU_PMUPLUG_FIRST')}
    for n in sorted(set(upstream) | set(newer)):
        if upstream.get(n) != newer.get(n):
            out.append('%s: upstream %s, ours %s' % (n, upstream.get(n), newer.get(n)))
    by_value = {}
    for n, v in ids.items():
        by_value.setdefault(v, []).append(n)
    out += ['value %d used by %s' % (v, ', '.join(sorted(ns))) for v, ns in sorted(by_value.items()) if len(ns) > 1]
    return out


def apply_mutation(src_dir, dst_dir, fname, pattern, repl):
    shutil.rmtree(dst_dir, ignore_errors=True)
    shutil.copytree(src_dir, dst_dir)
    path = os.path.join(dst_dir, 'perfmon', fname)
    if pattern is None:
        os.remove(path)
        return True
    text = open(path).read()
    new, n = re.subn(pattern, repl, text)
    with open(path, 'w') as f:
        f.write(new)
    return n > 0


def selftests(include, workdir, cache):
    """Returns [(test name, problems)]."""
    # the scenarios the mutations use: a failure there must come from the mutation
    used = sorted({compare.FULL} | {s for m in MUTATIONS if m[5] for s in m[5]})
    jobs = [('selftest_unmodified_copy_passes_every_check', None, None, None, None, used)] + MUTATIONS

    def one(i_job):
        i, (name, fname, pattern, repl, expect, scens) = i_job
        d = os.path.join(workdir, 'mut%02d' % i)
        inc = os.path.join(d, 'include')
        if fname is None:
            shutil.rmtree(inc, ignore_errors=True)
            shutil.copytree(include, inc)
        elif not apply_mutation(include, inc, fname, pattern, repl):
            return name, ['the mutation no longer applies to %s: update mutations.py' % fname]
        entries = allowlist.load()
        only = None if expect is None else {expect}
        if expect is not None and scens is None:
            scens = [compare.FULL]
        problems, _details, sides = compare.compare(inc, os.path.join(d, 'work'), cache, entries, scens, only)
        if (scens is None or compare.FULL in scens) and compare.FULL in sides:
            problems['every_4.13_enumerator_exists_in_ours_with_the_same_value'] = enumerator_problems(sides, entries)
            problems['pfm_pmu_t_ids_after_4.13_are_exactly_the_upstream_ones'] = pmu_id_problems(sides)
        if expect is None:
            bad = ['%s: %s' % (k, p) for k, v in sorted(problems.items()) for p in v]
            return name, bad
        if not problems.get(expect):
            return name, ['the check %s did not notice the mutation' % expect]
        return name, []

    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as ex:
        return list(ex.map(one, enumerate(jobs)))


def main():
    """Runs everything; an unexpected exception still records a failure."""
    try:
        return run_all()
    except Exception:
        import traceback
        traceback.print_exc()
        results = _args().results
        if results:
            os.makedirs(os.path.dirname(os.path.abspath(results)), exist_ok=True)
            with open(results, 'a') as f:
                f.write('abi: 0 passed, 1 failed\n')
        return 1


def _args():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument('--include', required=True, help='directory holding perfmon/*.h to test')
    ap.add_argument('--workdir', required=True)
    ap.add_argument('--results', help='file to append "abi: N passed, N failed" to')
    ap.add_argument('--map', help='pfmlib/api/libpfm.map, to test the version script too')
    ap.add_argument('--oracle-lib', help="libpfm4 4.13's libpfm.so.4 (default: found by $CC)")
    ap.add_argument('--no-selftest', action='store_true')
    return ap.parse_args()


def run_all():
    a = _args()
    include = os.path.abspath(a.include)
    workdir = os.path.abspath(a.workdir)
    shutil.rmtree(workdir, ignore_errors=True)
    os.makedirs(workdir)

    cache = compare.OracleCache(os.path.join(workdir, 'oracle'), list(compare.SCENARIOS))
    entries = allowlist.load()
    problems, details, sides = compare.compare(include, os.path.join(workdir, 'ours'), cache, entries)
    problems['every_4.13_enumerator_exists_in_ours_with_the_same_value'] = enumerator_problems(sides, entries)
    problems['pfm_pmu_t_ids_after_4.13_are_exactly_the_upstream_ones'] = pmu_id_problems(sides)
    problems['allow_list_has_no_stale_entries'] = [
        'line %d (%s %s) matched nothing' % (e.lineno, e.side, e.pattern) for e in entries if not e.used]
    results = sorted(problems.items())
    if a.map:
        oracle_lib = a.oracle_lib or subprocess.run(
            [toolchain.CC, '-print-file-name=libpfm.so.4'], capture_output=True, text=True).stdout.strip()
        results += map_tests.map_tests(os.path.abspath(a.map), oracle_lib, sides[compare.FULL][1].protos,
                                       include, os.path.join(workdir, 'map'))
    if not a.no_selftest:
        results += selftests(include, workdir, cache)

    passed = failed = 0
    for name, probs in results:
        if probs:
            failed += 1
            print('FAIL %s' % name)
            for p in probs[:25]:
                print('     %s' % p)
            if len(probs) > 25:
                print('     ... %d more' % (len(probs) - 25))
        else:
            passed += 1
            print('PASS %s' % name)
    if failed and details:
        print('compiler messages for our headers:')
        for d in details[:10]:
            print('     ' + d.replace('\n', '\n     '))
    line = 'abi: %d passed, %d failed' % (passed, failed)
    print(line)
    if a.results:
        os.makedirs(os.path.dirname(os.path.abspath(a.results)), exist_ok=True)
        with open(a.results, 'a') as f:
            f.write(line + '\n')
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
