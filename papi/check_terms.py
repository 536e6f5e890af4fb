#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""papi/check_terms.py - every native event of our PAPI preset table must
encode with our library: PAPI drops a preset silently when one of its terms
does not resolve. PAPI also refuses a unit mask or modifier the event does
not list among its attributes (one that resolves only as an alias), so each
term's attributes must be listed ones (PFM_OS_PERF_EVENT_EXT), and an event
name that is not listed (perf's name for a libpfm4 event) takes none. Each term is encoded as `<pmu>::<term>` under PFM_OS_NONE
and PFM_OS_PERF_EVENT_EXT by pfmdump (LIBPFM_ENCODE_INACTIVE=1, so the
result does not depend on the machine), and the PMU must be one the library
lists. Prints per PMU the presets and terms checked. With --papi-csv (the
installed PAPI's papi_events.csv), one more check: every core PMU the library
has gets a preset block from PAPI's table or from ours. Appends
"papi-terms: N passed, N failed" (one check per PMU, one for the coverage) to
RESULTS. With --yaml (the build's converted tables), the blocks
gen/papi/presets.py gives the PMUs the build names by rule (arch/*/papi's
rule groups) are checked and count as ours.

    check_terms.py --lib build/lib --pfmdump build/bin/pfmdump [--arch arch] [--yaml build/yaml
        [--upstream tests/papi/papi-upstream-presets.tsv]] [--papi-csv FILE] [--results FILE]
"""
import argparse
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "gen", "papi"))
import presets  # noqa: E402

PFM_PMU_TYPE_CORE = 1  # pfm_pmu_type_t of a core PMU, as pfmdump prints it


def qualified(pmu, term):
    """the term as the PMU's block means it: its own PMU, unless it names another (perf::...)"""
    return term if "::" in term else "%s::%s" % (pmu, term)


def run_pfmdump(pfmdump, lib, args, stdin=""):
    env = {k: v for k, v in os.environ.items() if not k.startswith("LIBPFM_")}
    env.update(LD_LIBRARY_PATH=lib, LIBPFM_ENCODE_INACTIVE="1")
    return subprocess.run([pfmdump] + args, input=stdin, env=env, capture_output=True, text=True,
                          check=True).stdout


def listed_attrs(pfmdump, lib, pmus):
    """{(pmu, event): set of attribute names} as pfm_get_event_attr_info lists them"""
    out = run_pfmdump(pfmdump, lib, ["list", "-O", "ext"] + sorted(pmus))
    attrs = {}
    for line in out.splitlines():
        f = line.split("\t")
        if f[0] == "E" and len(f) > 2:
            attrs.setdefault((f[1], f[2]), set())
        elif f[0] == "A" and len(f) > 5:
            attrs.setdefault((f[1], f[2]), set()).add(f[5])
    return attrs


def attr_problem(attrs, qualified_term):
    """why PAPI would refuse the term's attributes, or None"""
    pmu, _, rest = qualified_term.partition("::")
    event, *tokens = rest.split(":")
    names = [t.split("=", 1)[0] for t in tokens]
    listed = attrs.get((pmu, event))
    if listed is None:
        return "attributes %s on an event the PMU does not list" % names if names else None
    unknown = [n for n in names if n not in listed]
    return "not listed by the event: %s" % unknown if unknown else None


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--lib", required=True)
    ap.add_argument("--pfmdump", required=True)
    ap.add_argument("--arch", default="arch")
    ap.add_argument("--papi-csv", help="the installed PAPI's papi_events.csv (coverage check)")
    ap.add_argument("--yaml", help="the build's converted tables: the blocks of its PMUs by rule are checked too")
    ap.add_argument("--upstream", help="a newer PAPI's blocks (tests/papi/papi-upstream-presets.tsv): the PMUs"
                    " they name get no block by rule")
    ap.add_argument("--results")
    a = ap.parse_args(argv)
    try:
        return check(a)
    except (subprocess.CalledProcessError, OSError, presets.DataError) as e:
        line = "papi-terms: 0 passed, 1 failed"
        print("  FAILED: %s" % (e.stderr.strip() or e if isinstance(e, subprocess.CalledProcessError) else e))
        print(line)
        if a.results:
            with open(a.results, "a") as f:
                f.write(line + "\n")
        return 1


def check(a):
    blocks, rules, _, alts = presets.load_all(a.arch)
    presets.choose_firsts(blocks, alts, a.yaml)
    if a.yaml:
        # the blocks gen/papi/presets.py gives the PMUs the build names by rule
        by_rule, _, _ = presets.rule_blocks(a.arch, a.yaml, presets.named_pmus(blocks, a.upstream), rules)
        blocks.update(by_rule)
        if by_rule:
            print("  by rule: %s" % " ".join("%s (%d presets)" % (p, len(by_rule[p])) for p in sorted(by_rule)))
    listed = [line.split("\t") for line in run_pfmdump(a.pfmdump, a.lib, ["pmus"]).splitlines()
              if line.startswith("P\t")]
    known = {f[1] for f in listed}
    core = {f[1] for f in listed if len(f) > 3 and f[3] == str(PFM_PMU_TYPE_CORE)}
    strings = sorted({qualified(pmu, t) for pmu, b in blocks.items() for (_, _, terms) in b.values()
                      for t in terms})
    pmus = {qualified(pmu, t).partition("::")[0] for pmu, b in blocks.items() for (_, _, terms) in b.values()
            for t in terms}
    attrs = listed_attrs(a.pfmdump, a.lib, pmus & known)
    res = {}
    for line in run_pfmdump(a.pfmdump, a.lib, ["encode", "-p", "0x9"], "\n".join(strings) + "\n").splitlines():
        f = line.split("\t")
        n_rc = f[2] if len(f) > 2 else "?"
        x = f.index("X") if "X" in f else -1
        x_rc = f[x + 1] if x > 0 and len(f) > x + 1 else "?"
        res[f[0]] = (n_rc, x_rc)
    passed = failed = 0
    total_presets = 0
    for pmu in sorted(blocks):
        bad = []
        nterms = 0
        for name, (_, _, terms) in blocks[pmu].items():
            for t in terms:
                nterms += 1
                rc = res.get(qualified(pmu, t), ("missing", "missing"))
                if rc != ("0", "0"):
                    bad.append("%s %s (PFM_OS_NONE %s, PERF_EVENT_EXT %s)" % (name, t, rc[0], rc[1]))
                elif attr_problem(attrs, qualified(pmu, t)):
                    bad.append("%s %s: %s" % (name, t, attr_problem(attrs, qualified(pmu, t))))
        if pmu not in known:
            bad.insert(0, "the library has no PMU %s" % pmu)
        total_presets += len(blocks[pmu])
        if bad:
            failed += 1
            print("  FAILED: %s: %d presets, %d terms PAPI would drop:" % (pmu, len(blocks[pmu]), len(bad)))
            for b in bad:
                print("      " + b)
        else:
            passed += 1
            print("  ok: %s: %d presets, %d terms, all encode" % (pmu, len(blocks[pmu]), nterms))
    if a.papi_csv:
        with open(a.papi_csv) as f:
            papi = presets.papi_cpu_names(f.read())
        bare = sorted(core - papi - set(blocks))
        if bare:
            failed += 1
            print("  FAILED: core PMUs with no preset block in PAPI's table nor ours: %s" % " ".join(bare))
        else:
            passed += 1
            print("  ok: each of the %d core PMUs has a preset block (PAPI's table: %d, ours: %d)"
                  % (len(core), len(core & papi), len(core - papi)))
    else:
        print("  skipped: preset coverage of the core PMUs: no PAPI table given (--papi-csv)")
    line = "papi-terms: %d passed, %d failed" % (passed, failed)
    print("  %d presets on %d PMUs" % (total_presets, len(blocks)))
    print(line)
    if a.results:
        with open(a.results, "a") as f:
            f.write(line + "\n")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
