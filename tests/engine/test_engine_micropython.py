"""The engine on the exact MicroPython build the page ships (under Node).

``mpy/check_engine.py`` recomputes every vector of ``mpy/vectors.json`` with
the engine on ``static/vendor/micropython`` (via ``tests/mpy/run.mjs``): box
scores on all 7776 throws, options with the Joker, the pinned seeded dice,
whole games with reloads, bad saves and illegal moves.  Without Node the
runner skips locally and fails under CI (see ``tests/mpyrun.py``).
"""

import ast
import json
import os
import shutil
from pathlib import Path

import pytest

from mpyrun import REPO, MicroPythonError, run_micropython

CHECK = Path("tests/engine/mpy/check_engine.py")
ENGINE_MODULES = ("__init__.py", "errors.py", "boxes.py", "rules.py", "scoring.py", "dice.py",
                  "seats.py", "save_format.py", "game.py", "save_reader.py", "savefile.py")


@pytest.mark.slow
def test_the_engine_passes_every_vector_on_micropython():
    out = run_micropython(CHECK, paths=["py", "tests/engine"])   # screen.py: the held dice
    lines = out.splitlines()
    assert lines[-2:] == ["implementation micropython", "OK"], out
    counts = dict(item.split("=") for item in lines[-3].split()[1:])
    with open(REPO / "tests" / "engine" / "mpy" / "vectors.json") as handle:
        vectors = json.load(handle)
    # nothing was skipped: one count per vector of each kind
    assert int(counts["multisets"]) == len(vectors["scores"]) == 252
    assert int(counts["orderings"]) == 6 ** 5
    assert int(counts["options"]) == len(vectors["options"])
    assert int(counts["seeds"]) == len(vectors["seeded"])
    assert int(counts["games"]) == len(vectors["games"])
    assert int(counts["bad_saves"]) == len(vectors["bad_saves"])
    assert int(counts["illegal"]) == len(vectors["illegal"])


def test_a_cpython_only_construct_in_the_engine_fails_on_micropython(tmp_path):
    """The guard works: an engine that imports ``dataclasses`` cannot pass."""
    shutil.copytree(REPO / "py" / "dicepoker", tmp_path / "dicepoker",
                    ignore=shutil.ignore_patterns("__pycache__", "strategy"))
    game_py = tmp_path / "dicepoker" / "game.py"
    game_py.write_text("from dataclasses import dataclass\n" + game_py.read_text())
    with pytest.raises(MicroPythonError) as caught:
        run_micropython("import dicepoker.game", paths=[tmp_path])
    assert "dataclasses" in caught.value.stderr
    # and the unmodified copy imports fine, so it was that line
    shutil.copy(REPO / "py" / "dicepoker" / "game.py", game_py)
    assert run_micropython("import dicepoker.game\nprint('ok')", paths=[tmp_path]) == "ok\n"


def _engine_trees():
    for name in ENGINE_MODULES:
        path = os.path.join(REPO, "py", "dicepoker", name)
        with open(path) as handle:
            yield name, ast.parse(handle.read(), filename=path)


def test_the_engine_imports_only_what_micropython_has():
    """A quick, readable first line of defence; the MicroPython run is the proof."""
    allowed = {"json", "random"}
    for name, tree in _engine_trees():
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    assert alias.name in allowed, (name, alias.name)
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                assert node.module in allowed, (name, node.module)


def test_the_engine_uses_no_fstring_format_specs():
    for name, tree in _engine_trees():
        for node in ast.walk(tree):
            if isinstance(node, ast.FormattedValue):
                assert node.format_spec is None and node.conversion == -1, (name, node.lineno)


def test_unseeded_games_get_different_seeds_on_each_page_load():
    """MicroPython must seed ``random`` itself, or every unseeded game would deal
    the same dice after each page load."""
    code = "from dicepoker.game import Game\nprint(Game(['Ann']).seed)"
    seeds = [run_micropython(code).strip() for _ in range(3)]
    assert all(seed.isdigit() and 6 <= len(seed) <= 9 for seed in seeds), seeds
    assert len(set(seeds)) == 3, seeds
