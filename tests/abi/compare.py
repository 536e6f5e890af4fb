# SPDX-License-Identifier: MIT
# Compares one set of perfmon headers (ours, or a deliberately broken copy)
# with libpfm4 4.13's installed headers.  For each way a program may include
# them (SCENARIOS) it gathers facts from both sets -- DWARF type layouts,
# macros, prototypes, the run-time probe, symbol visibility, C++ linkage --
# and reports every fact that differs and is not in the allow-list, grouped
# into named checks.
import os
import re
from concurrent.futures import ThreadPoolExecutor

import dwarf_facts
import macro_facts
import probe
import protos
from toolchain import cc

SCENARIOS = {
    'pfmlib_perf_event.h': '#include <perfmon/pfmlib_perf_event.h>\n',
    'pfmlib.h': '#include <perfmon/pfmlib.h>\n',
    'perf_event.h': '#include <perfmon/perf_event.h>\n',
    'kernel perf_event.h first': '#include <linux/perf_event.h>\n#include <perfmon/pfmlib_perf_event.h>\n',
}
FULL = 'pfmlib_perf_event.h'   # the scenario that declares everything

# check name -> what it pins down; the fact categories feeding it
CHECKS = [
    ('headers_are_self_contained_and_compile_like_4.13', ['compile']),
    ('struct_union_typedef_layouts_match_4.13_in_dwarf', ['types']),
    ('enum_types_and_enumerators_match_4.13_in_dwarf', ['enums']),
    ('macro_names_shapes_and_system_macros_match_4.13', ['macros']),
    ('macro_values_and_c_types_match_4.13', ['macro-values']),
    ('enumerator_values_and_c_types_match_4.13', ['enum-values']),
    ('sizeof_offsets_and_bitfield_bits_match_4.13_at_run_time', ['layout']),
    ('function_like_macros_behave_like_4.13', ['behaviour']),
    ('function_declarations_match_4.13', ['prototypes']),
    ('api_symbols_keep_default_visibility_under_fvisibility_hidden', ['visibility']),
    ('cxx_callers_get_c_linkage_like_4.13', ['c++']),
]


class Side:
    """Facts about one header set in one scenario."""

    def __init__(self):
        self.facts = set()        # (category, text)
        self.header_dwarf = set()
        self.macros = {}
        self.protos = {}
        self.deps = []
        self.notes = []


def _category_of_probe_line(line):
    if line.startswith('macro '):
        return 'macro-values'
    if line.startswith('behaviour '):
        return 'behaviour'
    if line.startswith('enumerator ') or ' enumerator ' in line:
        return 'enum-values'
    return 'layout'


PROBE_CHECKS = {name for name, cats in CHECKS
                if set(cats) & {'macro-values', 'enum-values', 'layout', 'behaviour'}}
COMPILE_CHECKS = {'oracle_prototypes_accepted_by_our_headers', 'our_prototypes_accepted_by_4.13_headers',
                  'api_symbols_keep_default_visibility_under_fvisibility_hidden',
                  'cxx_callers_get_c_linkage_like_4.13'}
MACRO_CHECK = 'macro_names_shapes_and_system_macros_match_4.13'


def collect(incdir, scen, workdir, tag, with_pp=True):
    s = Side()
    tu_text = SCENARIOS[scen]
    tu = os.path.join(workdir, 'tu_%s.c' % tag)
    with open(tu, 'w') as f:
        f.write(tu_text)
    obj, aux, dep = tu[:-2] + '.o', tu[:-2] + '.aux', tu[:-2] + '.d'
    rc, _o, err = cc(['-g', '-fno-eliminate-unused-debug-types', '-c', tu, '-o', obj,
                      '-aux-info', aux, '-MD', '-MF', dep], incdir, workdir)
    if rc != 0:
        s.facts.add(('compile', 'translation unit does not compile'))
        s.notes.append(err.strip())
        return s
    s.facts.add(('compile', 'translation unit compiles'))
    all_dwarf, s.header_dwarf = dwarf_facts.object_facts_split(obj, 'perfmon')
    for f in all_dwarf:
        s.facts.add(('enums' if f.startswith('enum ') else 'types', f))
    s.protos = protos.read_aux(aux)
    s.facts |= {('prototypes', f) for f in protos.facts(s.protos)}
    s.deps = open(dep).read().replace('\\\n', ' ').split()[1:]
    s.macros, err = macro_facts.scan(tu, incdir, workdir)
    if err:
        s.facts.add(('macros', 'preprocessing fails'))
        s.notes.append(err.strip())
    s.facts |= {('macros', f) for f in macro_facts.facts(s.macros)}
    if with_pp:
        s.facts |= {('macros', f) for f in macro_facts.pp_facts(s.macros, tu_text, incdir, workdir, tag)}
    return s


def run_probe(scen, oracle, ours, ours_dir, workdir, tag):
    """Adds the probe's facts to both sides (same program, built twice)."""
    if not oracle.header_dwarf or not ours.header_dwarf:
        return
    inv_o, inv_u = probe.inventory(oracle.header_dwarf), probe.inventory(ours.header_dwarf)
    sizes, members, enums = (inv_o[i] & inv_u[i] for i in range(3))

    def obj_macros(side):
        return {n for n, m in side.macros.items() if m.from_header and m.params is None and m.body}
    names = obj_macros(oracle) & obj_macros(ours)
    fn = {n for n, m in oracle.macros.items() if m.params is not None} & \
         {n for n, m in ours.macros.items() if m.params is not None}
    has_peo = 'perf_event_open' in oracle.protos and 'perf_event_open' in ours.protos
    sides = (('oracle', None, oracle), ('ours', ours_dir, ours))
    for _attempt in range(6):
        src, line_of = probe.generate(SCENARIOS[scen], names, fn, sizes, members, enums, has_peo)
        rejected, results = set(), {}
        for who, inc, side in sides:
            got, bad_lines, err = probe.build_and_run(src, inc, workdir, '%s_%s' % (tag, who))
            bad = {line_of[l] for l in bad_lines if l in line_of}
            if got is None and not bad:
                results[who] = ('failed', err)
            elif got is None:
                for n in bad:
                    side.facts.add(('macro-values', 'macro %s is not a C integer expression' % n))
                rejected |= bad
            else:
                results[who] = ('ok', got)
        if rejected:
            names -= rejected
            continue
        for who, _inc, side in sides:
            status, val = results[who]
            if status == 'failed':
                side.facts.add(('layout', 'probe does not build or run'))
                side.notes.append(val.strip())
            else:
                side.facts |= {(_category_of_probe_line(l), l) for l in val}
        return


def compile_checks(oracle, ours, ours_dir, workdir, tag):
    """Prototype cross-acceptance, visibility and C++ linkage (full scenario)."""
    tu_text = SCENARIOS[FULL]
    problems = {}
    bad = protos.compat(tu_text, oracle.protos, ours_dir, workdir, tag + '_o2u')
    if bad:
        problems['oracle_prototypes_accepted_by_our_headers'] = ['4.13 declares differently: ' + b for b in bad]
    bad = protos.compat(tu_text, ours.protos, None, workdir, tag + '_u2o')
    if bad:
        problems['our_prototypes_accepted_by_4.13_headers'] = ['ours declares differently: ' + b for b in bad]
    for who, inc, side in (('oracle', None, oracle), ('ours', ours_dir, ours)):
        # the same definitions (4.13's prototypes) compiled with each header set
        got, err = protos.visibility_facts(tu_text, oracle.protos, inc, workdir, '%s_%s' % (tag, who))
        side.facts |= {('visibility', f) for f in got}
        if err:
            side.notes.append(err.strip())
        got, err = protos.cxx_facts(tu_text, oracle.protos, inc, workdir, '%s_%s' % (tag, who))
        side.facts |= {('c++', f) for f in got}
        if err:
            side.notes.append(err.strip())
    return problems


def isolation_problems(scen, oracle, ours, ours_dir):
    out = []
    ours_root = os.path.realpath(ours_dir)
    for d in ours.deps:
        if '/perfmon/' in d and not os.path.realpath(d).startswith(ours_root + '/'):
            out.append('%s: our build read %s' % (scen, d))
    for d in oracle.deps:
        if os.path.realpath(d).startswith(ours_root + '/'):
            out.append('%s: the 4.13 build read %s' % (scen, d))
    if not any('/perfmon/' in d for d in ours.deps):
        out.append('%s: our build read no perfmon header at all' % scen)
    return out


class OracleCache:
    """Facts of the installed headers, gathered once per run."""

    def __init__(self, workdir, scenarios):
        self.workdir = workdir
        os.makedirs(workdir, exist_ok=True)
        with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as ex:
            futs = {s: ex.submit(collect, None, s, workdir, 'oracle%d' % i)
                    for i, s in enumerate(scenarios)}
            self.sides = {s: f.result() for s, f in futs.items()}

    def fresh(self, scen):
        """A copy the probe may add facts to."""
        src, s = self.sides[scen], Side()
        s.facts, s.header_dwarf, s.macros = set(src.facts), src.header_dwarf, src.macros
        s.protos, s.deps, s.notes = src.protos, src.deps, list(src.notes)
        return s


def compare(ours_dir, workdir, cache, entries, scenarios=None, only=None):
    """Returns ({check name: list of problems}, compiler messages of our
    side, {scenario: (oracle Side, our Side)}); every check appears.  With
    only (a set of check names), work that feeds no check in it is skipped
    and the other checks may report nothing."""
    def want(names):
        return only is None or bool(set(names) & only)
    scenarios = scenarios or list(SCENARIOS)
    problems = {name: [] for name, _cats in CHECKS}
    problems['headers_are_found_only_in_the_directory_under_test'] = []
    problems['oracle_prototypes_accepted_by_our_headers'] = []
    problems['our_prototypes_accepted_by_4.13_headers'] = []
    cat_to_check = {c: name for name, cats in CHECKS for c in cats}
    os.makedirs(workdir, exist_ok=True)

    def one(i_scen):
        i, scen = i_scen
        tag = 's%d' % i
        oracle = cache.fresh(scen)
        ours = collect(ours_dir, scen, workdir, tag + '_ours', with_pp=want([MACRO_CHECK]))
        if not want([MACRO_CHECK]):
            oracle.facts = {f for f in oracle.facts if 'usable-in-#if' not in f[1]}
        if want(PROBE_CHECKS):
            run_probe(scen, oracle, ours, ours_dir, workdir, tag)
        extra = {}
        if scen == FULL and want(COMPILE_CHECKS):
            extra = compile_checks(oracle, ours, ours_dir, workdir, tag)
        return scen, oracle, ours, extra

    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as ex:
        results = list(ex.map(one, enumerate(scenarios)))

    for scen, oracle, ours, extra in results:
        for k, v in extra.items():
            problems[k].extend(v)
        problems['headers_are_found_only_in_the_directory_under_test'] += \
            isolation_problems(scen, oracle, ours, ours_dir)
        for side_mark, mine, other in (('-', oracle, ours), ('+', ours, oracle)):
            for cat, fact in sorted(mine.facts - other.facts):
                if not _allowed(entries, side_mark, fact):
                    who = '4.13 only' if side_mark == '-' else 'ours only'
                    problems[cat_to_check[cat]].append('[%s] %s: %s' % (scen, who, fact))
    details = ['[%s] %s' % (scen, n) for scen, _o, ours, _e in results for n in ours.notes if n]
    return problems, details, {scen: (o, u) for scen, o, u, _e in results}


def _allowed(entries, side, fact):
    from allowlist import allowed
    return allowed(entries, side, fact)


def enumerators_of(side, enum_owner):
    out = {}
    for f in side.header_dwarf:
        m = re.fullmatch(r'%s enumerator (\w+)=(-?\d+)' % re.escape(enum_owner), f)
        if m:
            out[m.group(1)] = int(m.group(2))
    return out
