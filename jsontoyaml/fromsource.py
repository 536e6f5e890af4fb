# SPDX-License-Identifier: MIT
"""--from SOURCE --plugins DIR: plugins for the models a vendor source
describes that the library lacks or has in an older version.

The source is perf's pmu-events arch directory (<arch>/mapfile.csv; a kernel
tree or its tools/perf/pmu-events is taken too) or Intel's perfmon repository
(mapfile.csv and <PLATFORM>/events/), told apart by their layout. The whole
source is converted with the overlays, as a build would, and each descriptor
of one of its models is compared with the built-in PMU of the same name
(the build's versions file, `--versions` of a full conversion): it is
written when no built-in PMU has its name, or when its version is newer.
Every decision is reported with its reason.
"""
import os
import re
import tempfile

from errors import ConvertError
from intelperfmon import version_key

# the versions file of the built-in table: installed beside the converter's
# package, or made by the build in the source tree
VERSIONS_NAME = "builtin-versions.tsv"


def default_versions(here):
    top = os.path.dirname(here)
    for path in (os.path.join(top, VERSIONS_NAME), os.path.join(top, "build", "yaml", VERSIONS_NAME)):
        if os.path.isfile(path):
            return path
    return None


def versions_text(collect):
    """The versions file of a full conversion: one line per PMU (instances
    too): name, id, version (- when none), model (- when not a model's),
    match_priority (- when none)."""
    rows = []
    for _path, desc, _text, src in collect:
        pmu = desc["pmu"]
        model = "%s/%s" % (src.arch, src.model_dir) if src is not None else "-"
        ver = pmu.get("version") or "-"
        prio = str(pmu["match_priority"]) if "match_priority" in pmu else "-"
        rows.append((pmu["name"], pmu["id"], ver, model, prio))
        for inst in pmu.get("instances") or ():
            rows.append((inst["name"], inst["id"], ver, model, prio))
    return "# pmu\tid\tversion\tmodel\tmatch_priority: the PMUs of one conversion (jsontoyaml --versions)\n" + \
        "".join("%s\t%d\t%s\t%s\t%s\n" % r for r in sorted(rows))


def read_versions(path):
    """{pmu name: (id, version or None, model or None, match_priority or
    None)} of a versions file (files of earlier builds lack the priority)."""
    out = {}
    try:
        with open(path, encoding="utf-8") as f:
            lines = f.read().splitlines()
    except OSError as e:
        raise ConvertError("cannot read the built-in versions: %s" % e.strerror, path)
    for n, line in enumerate(lines, 1):
        if not line or line.startswith("#"):
            continue
        cells = line.split("\t")
        if len(cells) not in (4, 5) or not cells[1].isdigit() or (len(cells) == 5 and not (
                cells[4] == "-" or cells[4].isdigit())):
            raise ConvertError("expected pmu<TAB>id<TAB>version<TAB>model[<TAB>match_priority]", path, n)
        prio = int(cells[4]) if len(cells) == 5 and cells[4] != "-" else None
        out[cells[0]] = (int(cells[1]), None if cells[2] == "-" else cells[2],
                         None if cells[3] == "-" else cells[3], prio)
    return out


def detect(root):
    """('intel', root) or ('perf', arch dir) for the source at root."""
    if not os.path.isdir(root):
        raise ConvertError("--from: %s" % ("not a directory" if os.path.exists(root) else "no such directory"),
                           root)
    if os.path.isfile(os.path.join(root, "mapfile.csv")):
        if any(os.path.isdir(os.path.join(root, d, "events")) for d in os.listdir(root)):
            return "intel", root
    for cand in (root, os.path.join(root, "arch"), os.path.join(root, "pmu-events", "arch"),
                 os.path.join(root, "tools", "perf", "pmu-events", "arch")):
        if os.path.isdir(cand) and any(os.path.isfile(os.path.join(cand, d, "mapfile.csv"))
                                       for d in os.listdir(cand)):
            return "perf", cand
    raise ConvertError("--from: neither perf's pmu-events arch directory (<arch>/mapfile.csv) nor Intel's"
                       " perfmon repository (mapfile.csv and <PLATFORM>/events/)", root)


def decide(desc, src, builtin, ids, every):
    """(write?, reason) for one descriptor of the conversion."""
    pmu = desc["pmu"]
    name, ver = pmu["name"], pmu.get("version")
    if src is None:
        return False, "not a model of the source (pmuplug's own table)"
    if pmu.get("variant"):
        return False, "another table of %s for some of its CPUs (built-in tables only)" % name
    if not ver:
        return False, "no version in the source"
    old = builtin.get(name)
    if old is None:
        taken = [n for i in [pmu["id"]] + [x["id"] for x in pmu.get("instances") or ()] for n in ids.get(i, ())]
        if taken:
            return False, "id %d is the built-in %s's" % (pmu["id"], taken[0])
        return True, "new: no built-in PMU of this name"
    if old[0] != pmu["id"]:
        return False, "the built-in %s has id %d, this one %d" % (name, old[0], pmu["id"])
    # box instances: the loader replaces each built-in box of the name under
    # its id, and adds a box whose name and id are both free
    for inst in pmu.get("instances") or ():
        iold = builtin.get(inst["name"])
        if iold is not None and iold[0] != inst["id"]:
            return False, "the built-in %s has id %d, this instance %d" % (inst["name"], iold[0], inst["id"])
        if iold is None and ids.get(inst["id"]):
            return False, "id %d (instance %s) is the built-in %s's" % (inst["id"], inst["name"],
                                                                      ids[inst["id"]][0])
    if every:
        return True, "--all" + (" (built-in %s; the library ignores a version not newer)" % old[1]
                                if old[1] else " (the built-in has no version: needs override: true)")
    if old[1] is None:
        return False, "the built-in %s has no version to compare (use --all and override: true)" % name
    if version_key(ver) <= version_key(old[1]):
        return False, "%s is not newer than the built-in %s" % (ver, old[1])
    return True, "newer: %s over the built-in %s" % (ver, old[1])


def make_plugins(a, stats, warnings, tmods, convert_tree):
    """Convert a.source, write the plugins it yields to a.plugins; returns
    (written paths, report text)."""
    kind, root = detect(a.source)
    vpath = a.versions_in or default_versions(os.path.dirname(os.path.abspath(__file__)))
    if not vpath:
        raise ConvertError("no built-in versions file (%s, installed with the converter or made by the build):"
                           " give --builtin-versions FILE" % VERSIONS_NAME, a.source)
    builtin = read_versions(vpath)
    ids = {}
    # the built-in match_priority of each model: the library picks the PMUs
    # of a host's best (lowest) priority, and priorities are mapfile lines of
    # one source, so a plugin of a model the build has takes the build's
    prio = {}
    for n, (i, _v, m, pr) in builtin.items():
        ids.setdefault(i, []).append(n)
        if m and pr is not None:
            prio[m] = min(pr, prio.get(m, pr))
    os.makedirs(a.plugins, exist_ok=True)
    collect = []
    # converted inside the plugin directory, in a dot-directory the library never reads
    with tempfile.TemporaryDirectory(prefix=".jsontoyaml-", dir=a.plugins) as tmp:
        convert_tree(root if kind == "perf" else None, a.overlay_root, tmp, set(), False, stats, warnings,
                     tmods, a.verify, None, root if kind == "intel" else None, collect, partial=True)
    what = "perf's arch tree" if kind == "perf" else "Intel's perfmon repository"
    lines = ["source: %s %s; built-in versions: %s" % (what, root, vpath)]
    written, left = [], 0
    own = [c for c in collect if c[3] is None]
    if own:
        left += len(own)
        lines.append("left out  %d PMUs of pmuplug's own tables (not models of the source)" % len(own))
    for _path, desc, text, src in sorted(collect, key=lambda c: c[1]["pmu"]["name"]):
        if src is None:
            continue
        pmu = desc["pmu"]
        ok, why = decide(desc, src, builtin, ids, a.all)
        model = "%s/%s %s" % (src.arch, src.model_dir, pmu.get("version") or "") if src else "-"
        if not ok:
            left += 1
            lines.append("left out  %-24s %-28s %s" % (pmu["name"], model.strip(), why))
            continue
        path = os.path.join(a.plugins, pmu["name"] + ".yaml")
        own = prio.get("%s/%s" % (src.arch, src.model_dir))
        if own is not None and "match_priority" in pmu and pmu["match_priority"] != own:
            text = re.sub(r"(?m)^(  match_priority: )%d$" % pmu["match_priority"], r"\g<1>%d" % own, text, count=1)
            why += "; match_priority %d, the built-in model's" % own
        tmp = path + ".tmp"
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(text)
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
        written.append(path)
        lines.append("wrote     %-24s %-28s %s" % (pmu["name"], model.strip(), why))
    lines.append("%d plugins written to %s, %d PMUs left out" % (len(written), a.plugins, left))
    return written, "\n".join(lines) + "\n"

