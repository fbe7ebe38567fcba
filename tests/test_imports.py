"""The imports of py/: no circle, and none that runs up a layer (issue 46).

Every ``.py`` file under ``py/`` is parsed with ``ast`` and every import in it
is read: at the top of the module and inside functions, methods, classes and
``try``/``if`` blocks alike (an import inside a function closes a circle as
surely as one at the top: it only closes it later); relative imports
(``from . import x``, ``from ..rules import y``); and ``from pkg import name``,
which imports the submodule ``pkg.name`` when there is a file of that name
(else it takes a name from ``pkg/__init__.py``: an import of ``pkg``).

From those, a graph of our modules (``dicepoker.game -> dicepoker.rules``) and
two rules:

- **no circle**: no module reaches itself again by following imports (a
  circle is named in full in the failure, with the line of each import);
- **layers**: ``dicepoker`` (the engine) imports nothing of ``control``,
  ``ui``, ``pyscript`` or ``js``; ``control`` nothing of ``ui``, ``pyscript``
  or ``js``; only ``ui`` and ``main.py`` may import ``pyscript`` and ``js``,
  and nothing imports ``main``.

A module named in a string and imported on demand (``control.controller.LATER``,
``ui.lazy.load("ui.end")``) is no import here: those are the doors of what is
fetched on first use, and the module behind such a door may import the one
that named it.

The first two tests feed the checker a made-up graph and a made-up ``py/``
tree with every kind of import, and check it reports what is wrong in them:
a checker that finds nothing in py/ is only worth something if it finds
circles and upward imports where there are some.
"""

import ast
from collections import deque


from paths import PY

LAYERS = ("dicepoker", "control", "ui", "main")     # bottom first; each may import those below
BROWSER = ("pyscript", "js")                        # only ui and main may import these


# --------------------------------------------------------------------- the reader


def module_name(rel):
    """"ui/app.py" -> "ui.app"; "dicepoker/__init__.py" -> "dicepoker"."""
    parts = rel[:-3].split("/")
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def our_modules(py_root):
    """{module name: its file, relative to py/} for every .py file under ``py_root``."""
    found = {}
    for path in sorted(py_root.rglob("*.py")):
        rel = path.relative_to(py_root).as_posix()
        found[module_name(rel)] = rel
    return found


def imports_of(tree, name, is_package, modules):
    """[(imported, line), ...] for every import in ``tree`` (module ``name``): our modules
    by their full name, anything else by its first part ("js", "pyscript", "json")."""
    package = name if is_package else name.rpartition(".")[0]
    found = []
    for node in ast.walk(tree):                 # every node: function bodies too
        if isinstance(node, ast.Import):
            found.extend((alias.name, node.lineno) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".") if package else []
                anchor = anchor[:len(anchor) - (node.level - 1)]
                base = ".".join(anchor + ([base] if base else []))
            for alias in node.names:
                submodule = base + "." + alias.name if base else alias.name
                found.append((submodule if submodule in modules else base, node.lineno))
    out = []
    for imported, line in found:
        if imported not in modules:
            imported = imported.split(".")[0]   # not ours: the library's name ("js", "json")
        if imported != name:
            out.append((imported, line))
    return out


def import_graph(py_root):
    """{module: {imported: [lines]}} for every module under ``py_root``; imports of other
    libraries are kept too (by their first name) so the layer rule can see ``js``."""
    modules = our_modules(py_root)
    graph = {}
    for name, rel in modules.items():
        tree = ast.parse((py_root / rel).read_text(encoding="utf-8"), rel)
        edges = graph.setdefault(name, {})
        for imported, line in imports_of(tree, name, rel.endswith("__init__.py"), modules):
            lines = edges.setdefault(imported, [])
            if line not in lines:               # `from x import a, b`: one import, one line
                lines.append(line)
    return graph


# -------------------------------------------------------------------- the checks


def circles(graph):
    """Every circle of imports among the graph's own modules, each as a list of modules
    from its first (alphabetically) back to it: ``["a", "b", "a"]``.  One shortest
    circle through each module that is on one, without repeats."""
    ours = {m: sorted(n for n in edges if n in graph) for m, edges in graph.items()}
    found, seen = [], set()
    for start in sorted(ours):
        path = _shortest_way_back(ours, start)
        if path is None:
            continue
        at = path.index(min(path[:-1]))         # written from its first module
        path = path[at:-1] + path[:at] + [path[at]]
        if tuple(path) not in seen:
            seen.add(tuple(path))
            found.append(path)
    return found


def _shortest_way_back(ours, start):
    """The shortest path of imports from ``start`` back to it, or None."""
    before = {start: None}
    queue = deque([start])
    while queue:
        module = queue.popleft()
        for imported in ours[module]:
            if imported == start:
                path = [module]
                while before[path[-1]] is not None:
                    path.append(before[path[-1]])
                return path[::-1] + [start]
            if imported not in before:
                before[imported] = module
                queue.append(imported)
    return None


def layer_of(module):
    """The module's layer ("dicepoker", "control", "ui", "main"), or None for a library."""
    top = module.split(".")[0]
    return top if top in LAYERS else None


def upward_imports(graph):
    """[(importer, imported, lines)] of every import that runs up a layer, or that a
    layer other than ui and main makes of pyscript or js."""
    found = []
    for module in sorted(graph):
        layer = layer_of(module)
        for imported, lines in sorted(graph[module].items()):
            to = layer_of(imported)
            if to is not None and layer is not None and LAYERS.index(to) > LAYERS.index(layer):
                found.append((module, imported, lines))
            elif imported in BROWSER and layer not in ("ui", "main"):
                found.append((module, imported, lines))
    return found


def describe_circle(graph, path):
    """"a -> b -> a (a: line 3; b: line 12)"."""
    steps = ["%s: line %s" % (a, ", ".join(map(str, graph[a][b]))) for a, b in zip(path, path[1:])]
    return "%s (%s)" % (" -> ".join(path), "; ".join(steps))


def describe_upward(found):
    return "\n".join("%s imports %s (line %s)" % (a, b, ", ".join(map(str, lines)))
                     for a, b, lines in found)


# -------------------------------------------------------------- the checker, checked


def test_the_checker_reports_a_circle_and_an_upward_import():
    graph = {
        "dicepoker.game": {"dicepoker.savefile": [377], "dicepoker.rules": [26]},
        "dicepoker.savefile": {"dicepoker.game": [17], "json": [13]},
        "dicepoker.rules": {},
        "control.play": {"control.dialogs": [18], "ui.dom": [5], "dicepoker.rules": [16]},
        "control.dialogs": {"control.play": [65]},
        "ui.dom": {"js": [1]},
        "main": {"js": [8], "ui.dom": [9]},
    }
    assert circles(graph) == [["control.dialogs", "control.play", "control.dialogs"],
                              ["dicepoker.game", "dicepoker.savefile", "dicepoker.game"]]
    assert describe_circle(graph, circles(graph)[1]) == (
        "dicepoker.game -> dicepoker.savefile -> dicepoker.game "
        "(dicepoker.game: line 377; dicepoker.savefile: line 17)")
    assert upward_imports(graph) == [("control.play", "ui.dom", [5])]
    graph["dicepoker.rules"] = {"js": [3], "control.play": [4]}
    assert upward_imports(graph) == [("control.play", "ui.dom", [5]),
                                     ("dicepoker.rules", "control.play", [4]),
                                     ("dicepoker.rules", "js", [3])]
    assert circles({"a": {"b": [1]}, "b": {"c": [1]}, "c": {"a": [1], "d": [1]}, "d": {}}) \
        == [["a", "b", "c", "a"]]
    assert circles({"a": {"b": [1]}, "b": {}}) == []


def test_the_reader_sees_every_kind_of_import(tmp_path):
    """Imports at the top and in functions, methods and try blocks; relative ones of one
    and two dots; ``from pkg import submodule``; a package's __init__."""
    files = {
        "main.py": "import js\nfrom ui.page import start\n",
        "ui/__init__.py": "",
        "ui/page.py": "from . import dom\nfrom control import controller\n",
        "ui/dom.py": "from pyscript import document\n",
        "control/__init__.py": "",
        "control/controller.py": "from . import play\n",
        "control/play.py": "from .dialogs import ask\n",
        "control/dialogs.py": ("def ask():\n    pass\n\ndef later():\n"
                               "    from .play import save_game\n"),
        "dicepoker/__init__.py": "from .rules import RULES\n",
        "dicepoker/rules.py": ("class R:\n    def score(self):\n        from .scoring import s\n"
                               "        from .. import control\n"),
        "dicepoker/scoring.py": "from dicepoker.rules import R\n",
        "dicepoker/strategy/__init__.py": "",
        "dicepoker/strategy/table.py": ("from ..rules import R\n"
                                        "try:\n    import js\nexcept ImportError:\n    js = None\n"),
    }
    for rel, text in files.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    graph = import_graph(tmp_path)
    assert graph["ui.page"] == {"ui.dom": [1], "control.controller": [2]}
    assert graph["control.dialogs"] == {"control.play": [5]}
    assert graph["dicepoker.rules"] == {"dicepoker.scoring": [3], "control": [4]}
    assert graph["dicepoker.strategy.table"] == {"dicepoker.rules": [1], "js": [3]}
    assert graph["dicepoker"] == {"dicepoker.rules": [1]}
    assert circles(graph) == [["control.dialogs", "control.play", "control.dialogs"],
                              ["dicepoker.rules", "dicepoker.scoring", "dicepoker.rules"]]
    assert upward_imports(graph) == [("dicepoker.rules", "control", [4]),
                                     ("dicepoker.strategy.table", "js", [3])]


# ------------------------------------------------------------------------ py/ itself


GRAPH = import_graph(PY)


def test_the_graph_holds_every_module_and_its_imports():
    assert {"main", "dicepoker.game", "control.play", "ui.page"} <= set(GRAPH)
    assert "dicepoker.rules" in GRAPH["dicepoker.game"]
    assert "js" in GRAPH["main"]
    assert "dicepoker.savefile" in GRAPH["control.games"]       # an import inside a function


def test_no_import_circle_in_the_engine_or_the_controller():
    """No circle that runs through ``dicepoker``, ``control`` or ``main.py``."""
    found = [path for path in circles(GRAPH) if any(layer_of(m) != "ui" for m in path)]
    assert not found, "import circles:\n" + "\n".join(describe_circle(GRAPH, p) for p in found)


def test_no_import_circle_in_the_shell():
    """The shell's own circles, apart (none when this test was written: the issue's
    three circles were in the engine and the controller, above)."""
    found = [path for path in circles(GRAPH) if all(layer_of(m) == "ui" for m in path)]
    assert not found, "import circles:\n" + "\n".join(describe_circle(GRAPH, p) for p in found)


def test_no_import_runs_up_a_layer():
    found = upward_imports(GRAPH)
    assert not found, "imports that run up a layer:\n" + describe_upward(found)

