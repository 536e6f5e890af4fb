#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""jsontoyaml: converts perf's JSON PMU event tables plus our arch/ overlays
into pmuplug's YAML descriptors (docs/schema.md), one file per PMU model.

Whole tree:   jsontoyaml.py --arch-root DIR --overlay-root arch --out DIR [--only MODEL...]
Plugins:      jsontoyaml.py --from DIR --plugins DIR [--all]
              (DIR: perf's pmu-events arch directory, a kernel tree, or Intel's
              perfmon repository: the models that are new or newer than the
              library's built-in ones)
One model:    jsontoyaml.py --model-dir DIR --overlay FILE --out DIR
              jsontoyaml.py --model-dir DIR --arch x86 --family intel \\
                            --name my_pmu --id 900 --desc "My core" --out DIR
See docs/jsontoyaml.md.
"""
import argparse
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import convert          # noqa: E402
import fromsource       # noqa: E402
import overlay          # noqa: E402
import perfjson         # noqa: E402
import transforms       # noqa: E402
import emit             # noqa: E402
from errors import ConvertError, Warnings  # noqa: E402


def parse_args(argv):
    ap = argparse.ArgumentParser(
        prog="jsontoyaml.py", formatter_class=argparse.RawDescriptionHelpFormatter,
        description=__doc__.split("\n\n")[0],
        epilog=__doc__.split("\n\n", 1)[1])
    ap.add_argument("--arch-root", metavar="DIR",
                    help="perf's pmu-events/arch directory (mapfile.csv per architecture)")
    ap.add_argument("--overlay-root", metavar="DIR", default=os.path.join(os.path.dirname(HERE), "arch"),
                    help="our overlays (default: the repository's arch/)")
    ap.add_argument("--out", metavar="DIR",
                    help="output directory (<arch>/<pmu>.yaml for a tree, <pmu>.yaml for one model;"
                         " a path ending in .yaml names the file of a one-PMU model)")
    ap.add_argument("--intel-perfmon", metavar="DIR",
                    help="Intel's perfmon repository (mapfile.csv, <PLATFORM>/events/*.json): its models join"
                         " --arch-root's, the higher version winning per model (x86)")
    ap.add_argument("--only", metavar="MODEL", nargs="+",
                    help="convert only these model directories (e.g. skylake arm/cortex-a53)")
    ap.add_argument("--strict", action="store_true",
                    help="fail when a mapfile model has no overlay entry (default: warn and skip)")
    ap.add_argument("--report", metavar="FILE", help="also write the figures to FILE, and the notes"
                    " (known, accepted differences the arch/ files list)")
    ap.add_argument("--table", metavar="FILE", help="write one line per PMU (arch, model, pmu, events,"
                    " umasks, perf events) to FILE")
    ap.add_argument("--libpfm4-descs", metavar="FILE",
                    help="descriptions of the arch/<arch>/legacy/ PMUs' events (`pfmdump descs` of the"
                         " installed libpfm4); without it they say none was available")
    ap.add_argument("--quiet", action="store_true", help="do not print the figures")
    ap.add_argument("-v", "--verbose", action="store_true",
                    help="also print the notes (known, accepted differences) on stderr")
    ap.add_argument("--verify", action="store_true",
                    help="read every written file back with libyaml and compare it with what was meant")
    ap.add_argument("--no-transforms", action="store_true",
                    help="skip the transform modules (jsontoyaml/transforms/): perf's structure only")
    ap.add_argument("--versions", metavar="FILE",
                    help="write each PMU's name, id, version and model to FILE (the build's %s)"
                    % fromsource.VERSIONS_NAME)
    g = ap.add_argument_group("plugins from a vendor source")
    g.add_argument("--from", dest="source", metavar="DIR",
                   help="perf's pmu-events arch directory (or a kernel tree holding it) or Intel's perfmon"
                        " repository, told apart by their layout")
    g.add_argument("--plugins", metavar="DIR", help="where the plugins go (one <pmu>.yaml each)")
    g.add_argument("--all", action="store_true",
                   help="write every PMU of the source's models, not only those new or newer than the"
                        " built-in ones")
    g.add_argument("--builtin-versions", dest="versions_in", metavar="FILE",
                   help="the built-in PMUs' versions (default: %s installed beside the converter, or the"
                        " build's build/yaml/%s)" % (fromsource.VERSIONS_NAME, fromsource.VERSIONS_NAME))
    g = ap.add_argument_group("one model directory (plugins)")
    g.add_argument("--model-dir", metavar="DIR", help="a directory of perf-style JSON topic files")
    g.add_argument("--overlay", metavar="FILE",
                   help="YAML overlay for it: {arch, family, features, core_units, pmus: [{name, id,"
                        " desc, match, unit, ...}]}")
    g.add_argument("--arch", help="architecture (x86, arm64, riscv, powerpc, s390, nds32)")
    g.add_argument("--family", help="family file under OVERLAY_ROOT/ARCH/family/ (e.g. intel, amd-zen,"
                   " armv8)")
    g.add_argument("--features", nargs="*", default=[], help="family features (e.g. smt tsx)")
    g.add_argument("--name", help="PMU name ([a-z0-9_]+)")
    g.add_argument("--id", type=int, help="pfm_pmu_t value (768..1022 for new PMUs)")
    g.add_argument("--desc", help="PMU description")
    g.add_argument("--match", nargs="*", default=[], help="CPU identity regexes")
    g.add_argument("--unit", help="perf Unit of the events to take (hybrid core type)")
    g.add_argument("--std-dir", metavar="DIR",
                   help="directory whose JSON files hold the standard events ArchStdEvent refers to")
    a = ap.parse_args(argv)
    if a.source or a.plugins:
        if not (a.source and a.plugins):
            ap.error("--from and --plugins go together")
        if a.arch_root or a.intel_perfmon or a.model_dir or a.out:
            ap.error("--from takes no --arch-root, --intel-perfmon, --model-dir or --out")
        return a
    if a.all or a.versions_in:
        ap.error("--all and --builtin-versions go with --from")
    if not a.out:
        ap.error("the following arguments are required: --out")
    if bool(a.arch_root or a.intel_perfmon) == bool(a.model_dir):
        ap.error("give either --arch-root and/or --intel-perfmon (whole tree) or --model-dir (one model)")
    if a.model_dir and not a.overlay and not all((a.arch, a.family, a.name, a.id is not None, a.desc)):
        ap.error("--model-dir needs --overlay FILE, or --arch, --family, --name, --id and --desc")
    return a


def need_dir(path, what):
    """A ConvertError naming path unless it is a directory."""
    if not os.path.isdir(path):
        raise ConvertError("%s: %s" % (what, "not a directory" if os.path.exists(path)
                                       else "no such directory"), path)


def one_model(a, stats, warnings):
    need_dir(a.model_dir, "--model-dir")
    if a.std_dir:
        need_dir(a.std_dir, "--std-dir")
    if a.overlay:
        doc = overlay.load_yaml(a.overlay)
        if not isinstance(doc, dict) or "pmus" not in doc:
            raise ConvertError("expected a mapping with `arch`, `family` and `pmus`", a.overlay, 1)
        for k in doc:
            if k not in overlay.MODEL_KEYS | {"arch", "core_units"}:
                raise ConvertError("unknown key %r" % k, a.overlay, getattr(doc, "line", None))
        overlay.check_types(doc, {"arch": "str?", "core_units": "strs?"}, a.overlay, "overlay")
        arch = doc.get("arch") or a.arch
        path = a.overlay
    else:
        arch, path = a.arch, "<command line>"
        pmu = {"name": a.name, "id": a.id, "desc": a.desc}
        if a.match:
            pmu["match"] = a.match
        if a.unit:
            pmu["unit"] = a.unit
        doc = {"family": a.family, "features": a.features, "pmus": [pmu]}
    model = os.path.basename(os.path.normpath(a.model_dir))
    mdoc = overlay.LDict((k, v) for k, v in doc.items() if k in overlay.MODEL_KEYS)
    mdoc.line = getattr(doc, "line", None)
    arch_doc = overlay.LDict(arch=arch, models={model: mdoc})
    arch_doc.line = getattr(doc, "line", None)
    ov = overlay.ArchOverlay(a.overlay_root, arch, path=path, doc=arch_doc)
    core_units = doc.get("core_units")
    if core_units is None:
        base = os.path.join(a.overlay_root, arch, "models.yaml")
        core_units = overlay.ArchOverlay(a.overlay_root, arch).core_units if os.path.isfile(base) else []
    std = perfjson.load_arch_std(a.std_dir) if a.std_dir else {}
    src = convert.ModelSource(arch, os.path.dirname(os.path.normpath(a.model_dir)), model,
                              list(a.match), convert.ONE_MODEL)
    plans = ov.plans(model, src.match)
    tmods = [] if a.no_transforms else transforms.load()
    results = convert.convert_model(src, plans, std, list(core_units), a.overlay_root,
                                    tmods, stats, warnings, ov.perf_typos)
    stats.arch[arch]["models"] += 1
    convert.check_identities(results)
    written = []
    for plan, desc in results:
        if a.out.endswith(".yaml") and len(results) == 1:
            path = a.out
            os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
        else:
            os.makedirs(a.out, exist_ok=True)
            path = os.path.join(a.out, desc["pmu"]["name"] + ".yaml")
        text = emit.dumps(desc, convert.HEADER % (a.model_dir, "plugin"))
        if a.verify:
            convert.verify_text(text, desc, path)
        convert.write(path, text)
        written.append(path)
    return written


def main(argv=None):
    a = parse_args(sys.argv[1:] if argv is None else argv)
    warnings = Warnings()
    stats = convert.Stats()
    t0 = time.time()
    collect = []
    try:
        if a.source:
            tmods = [] if a.no_transforms else transforms.load()
            written, text = fromsource.make_plugins(a, stats, warnings, tmods, convert.convert_tree)
            a.out = a.plugins
        elif a.model_dir:
            written = one_model(a, stats, warnings)
        else:
            if a.arch_root:
                need_dir(a.arch_root, "--arch-root")
            if a.intel_perfmon:
                need_dir(a.intel_perfmon, "--intel-perfmon")
            os.makedirs(a.out, exist_ok=True)
            tmods = [] if a.no_transforms else transforms.load()
            written = convert.convert_tree(a.arch_root, a.overlay_root, a.out, set(a.only or ()),
                                           a.strict, stats, warnings, tmods, a.verify,
                                           a.libpfm4_descs, a.intel_perfmon, collect)
    except ConvertError as e:
        warnings.flush()
        print("jsontoyaml: error: %s" % e, file=sys.stderr)
        return 1
    warnings.flush()
    if a.verbose:
        sys.stderr.write(stats.notes_text())
    report = stats.report() + "%d files in %s (%.1fs)\n" % (len(written), a.out, time.time() - t0)
    if a.report:
        convert.write(a.report, stats.report() + stats.notes_text())
    if a.table:
        convert.write(a.table, stats.table())
    if a.versions:
        convert.write(a.versions, fromsource.versions_text(collect))
    if a.source:
        sys.stdout.write(text)
        return 0
    if not a.quiet:
        sys.stdout.write(report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
