"""What the page loads when: the one manifest (py/ui/platform/manifest.py) and what is made of it.

The build works out each door's files from the imports (.ci/manifest.py writes
py/ui/platform/loads.py and boot.js's MANIFEST line); these tests hold the
manifest to the code: every module the code loads on first use is a door,
every door is loaded somewhere, a door's files are what its imports need, and
no second list of modules or routes is written by hand anywhere.
"""

import ast
import json
import re
import runpy

import pytest

from paths import REPO

MANIFEST = runpy.run_path(str(REPO / "py" / "ui" / "platform" / "manifest.py"))
LOADS = runpy.run_path(str(REPO / "py" / "ui" / "platform" / "loads.py"))
BUILD = runpy.run_path(str(REPO / ".ci" / "manifest.py"))
BUNDLE = runpy.run_path(str(REPO / ".ci" / "start_bundle.py"))
PY = REPO / "py"
# not searched for module names: the manifest and what is made of it, and the storage
# room, whose keys ("dicepoker.daily") may spell a module's name
GENERATED = {PY / "ui" / "platform" / "manifest.py", PY / "ui" / "platform" / "loads.py",
             PY / "ui" / "records" / "storage.py"}
START = {rel[:-3] for rel in BUNDLE["start_sources"](str(REPO))}


def fetched(door, in_file_system=START):
    """The files ui.platform.lazy._missing fetches for ``door`` (its logic, on the data)."""
    group = LOADS["GROUPS"].get(door)
    files = [LOADS["FILES"].split()[int(i)] for i in group.split()] if group else [door.replace(".", "/")]
    out = []
    for path in files:
        parts = path.split("/")
        for each in ["/".join(parts[:i] + ["__init__"]) for i in range(1, len(parts))] + [path]:
            if each not in out and each not in in_file_system:
                out.append(each)
    return out


def needed(module):
    """Files importing ``module`` needs (module-level imports, transitively), less the start's."""
    found, pending = set(), [module]
    parts = module.split(".")
    pending += [".".join(parts[:i]) for i in range(1, len(parts))]
    while pending:
        name = pending.pop()
        rel = BUNDLE["_module_file"](str(PY), name)
        assert rel is not None, "no module %r under py/" % name
        if rel[:-3] in found:
            continue
        found.add(rel[:-3])
        pending.extend(BUNDLE["imported_modules"](str(PY), rel))
    return found - START


def _module_strings():
    """{module name: [where]} of every string in py/ (outside the manifest) naming one of our
    modules that is not a start module: what the code loads on first use."""
    later = {rel[:-3].replace("/", ".") for rel in
             (p.relative_to(PY).as_posix() for p in PY.rglob("*.py"))
             if rel[:-3] not in START and not rel.endswith("__init__.py")}
    found = {}
    for path in PY.rglob("*.py"):
        if path in GENERATED:
            continue
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in later:
                found.setdefault(node.value, []).append("%s:%d" % (path.relative_to(REPO), node.lineno))
    return found


def test_the_build_finds_what_a_door_needs(tmp_path):
    # a door's files are its imports' beyond the start modules, in the order they import
    py = tmp_path / "py"
    (py / "pkg").mkdir(parents=True)
    (py / "main.py").write_text("from pkg import a\n")
    (py / "pkg" / "__init__.py").write_text("")
    (py / "pkg" / "a.py").write_text("x = 1\n")
    (py / "pkg" / "b.py").write_text("from . import a, c\ndef later():\n    from . import d\n")
    (py / "pkg" / "c.py").write_text("x = 1\n")
    (py / "pkg" / "d.py").write_text("x = 1\n")
    start = {rel[:-3] for rel in BUNDLE["start_sources"](str(tmp_path))}
    assert BUILD["files_of"](str(tmp_path), "pkg.b", start) == ["pkg/c", "pkg/b"]
    with pytest.raises(BUILD["ManifestError"]):
        BUILD["files_of"](str(tmp_path), "pkg.gone", start)


@pytest.mark.parametrize("door", sorted(MANIFEST["LATER"]))
def test_a_door_brings_what_it_and_its_companions_import(door):
    files = set(fetched(door))
    for module in (door,) + MANIFEST["LATER"][door]:
        missing = sorted(needed(module) - files)
        assert not missing, "loading %s must also fetch %s (for %s)" % (door, missing, module)
    for path in files:
        assert (REPO / "static" / "mpy" / (path + ".mpy")).is_file(), path


def test_every_module_the_code_loads_on_first_use_is_a_door():
    strings = _module_strings()
    assert {"ui.dialogs.rules", "control.assist", "ui.dialogs.end"} <= set(strings)  # the search finds them
    not_doors = {name: where for name, where in strings.items() if name not in MANIFEST["LATER"]}
    assert not not_doors, "loaded on first use but not in the manifest's LATER: %s" % not_doors


def test_every_door_is_loaded_somewhere():
    strings = _module_strings()
    # a door may be loaded only as another's companion (the strategy's parts, say)
    companions = {m for ahead in MANIFEST["LATER"].values() for m in ahead}
    unused = sorted(set(MANIFEST["LATER"]) - set(strings) - companions)
    assert not unused, "doors nothing loads: %s" % unused


def test_boot_brings_the_setup_screens_files_from_the_manifest():
    boot = (REPO / "static" / "js" / "boot.js").read_text()
    line = re.search(r"^  var MANIFEST = (\{.*\});", boot, re.M)
    assert line, "boot.js: the MANIFEST line is gone"
    data = json.loads(line.group(1))
    assert data["setup"] == [f + ".mpy" for f in fetched(MANIFEST["SETUP"])]
    assert data["query"] == MANIFEST["QUERY"] and data["fragment"] == MANIFEST["FRAGMENT"]
    # no second list: no module file and no route name spelled elsewhere in boot.js
    rest = boot.replace(line.group(0), "")
    assert not re.findall(r'"[a-z_/]+\.mpy"', rest)
    code = re.sub(r"/\*.*?\*/|//[^\n]*", "", rest, flags=re.S)
    assert "!location.search" not in code      # the first screen comes from the routes
    for name in ("daily", "practice"):
        assert '"%s"' % name not in code


def test_the_page_reads_the_manifests_query_names():
    """Python reads the query names boot.js has from the manifest (dicePokerBoot.query), and
    spells none itself."""
    boot = (REPO / "static" / "js" / "boot.js").read_text()
    assert "query: Object.keys(MANIFEST.query)" in boot
    dom = (PY / "ui" / "platform" / "dom.py").read_text()
    assert "window.dicePokerBoot.query" in dom
    for name in MANIFEST["QUERY"]:
        if name != "player":        # read as a list: one per seat
            assert '"%s"' % name not in dom, name


def test_the_list_of_what_each_door_needs_is_no_start_module():
    """ui/platform/loads.py is fetched with the first load (1 KB a first turn never needs);
    boot.js brings it with the start modules when a saved game is there to read."""
    assert "ui/platform/loads.py" not in BUNDLE["start_sources"](str(REPO))
    boot = (REPO / "static" / "js" / "boot.js").read_text()
    data = json.loads(re.search(r"^  var MANIFEST = (\{.*\});", boot, re.M).group(1))
    assert data["loads"] == "ui/platform/loads.mpy"
    assert (REPO / "static" / "mpy" / data["loads"]).is_file()
    assert "if (saved) { extra = extra.concat([MANIFEST.loads]); }" in boot


def test_no_module_rewrites_another_modules_lists():
    """Lists of what is loaded when are written once: nobody adds to lazy's groups, the
    controller's or the effects' LATER from outside."""
    for path in PY.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            targets = node.targets if isinstance(node, ast.Assign) else []
            for target in targets:
                if isinstance(target, ast.Subscript) and isinstance(target.value, ast.Attribute):
                    assert target.value.attr not in ("GROUPS", "LATER", "HANDLERS"), (
                        "%s:%d writes %s.%s" % (path.relative_to(REPO), node.lineno,
                                               ast.unparse(target.value.value), target.value.attr))


def test_loads_is_what_the_build_writes():
    assert BUILD["expected"](str(REPO))["py/ui/platform/loads.py"] == \
        (PY / "ui" / "platform" / "loads.py").read_bytes(), "run: python3 .ci/refresh_site.py"
