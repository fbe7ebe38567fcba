"""The precompiled modules the page imports (static/mpy/, .ci/compile_mpy.py).

The page runs bytecode, not py/: these tests keep the two the same program.
A stale or missing .mpy fails here (recompiled into a temp folder and
compared byte for byte), and the engine vectors pass when imported from the
.mpy files on the page's own MicroPython (under Node).
"""

import re
import runpy
import shutil
import tomllib

import pytest

from mpyrun import REPO, run_micropython

TOOL = runpy.run_path(str(REPO / ".ci" / "compile_mpy.py"))
CHECK = "tests/engine/mpy/check_engine.py"


def test_every_committed_mpy_matches_its_source():
    problems = TOOL["differences"](str(REPO))
    assert problems == [], "\n".join(problems) + "\nrun: python3 .ci/refresh_site.py"


def _site_copy(tmp_path):
    root = tmp_path / "repo"
    shutil.copytree(REPO / "py", root / "py", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(REPO / "static" / "mpy", root / "static" / "mpy")
    return root


def test_an_edited_source_a_deleted_module_and_a_leftover_are_reported(tmp_path):
    root = _site_copy(tmp_path)
    assert TOOL["differences"](str(root)) == []
    game = root / "py" / "dicepoker" / "game.py"
    game.write_text(game.read_text() + "\nEDITED = 1\n")
    (root / "static" / "mpy" / "ui" / "dom.mpy").unlink()
    (root / "static" / "mpy" / "ui" / "gone.mpy").write_bytes(b"M")
    assert TOOL["differences"](str(root)) == [
        "missing static/mpy/ui/dom.mpy",
        "extra static/mpy/ui/gone.mpy",
        "stale static/mpy/dicepoker/game.mpy",
    ]


def test_the_output_is_deterministic(tmp_path):
    first = TOOL["compile_all"](str(tmp_path / "a"))
    TOOL["compile_all"](str(tmp_path / "b"))
    for rel in first:
        assert (tmp_path / "a" / rel).read_bytes() == (tmp_path / "b" / rel).read_bytes(), rel


def test_the_page_loads_compiled_modules_only():
    with open(REPO / "pyscript.toml", "rb") as f:
        files = tomllib.load(f)["files"]
    assert files, "pyscript.toml [files] is empty"
    for served, in_fs in files.items():
        assert served.startswith("./static/mpy/") and served.endswith(".mpy"), (
            "%s: map the compiled module (static/mpy/...) instead of the source" % served)
        assert (REPO / served).is_file(), served
        assert in_fs == "./" + served[len("./static/mpy/"):], (served, in_fs)


def test_the_lazy_loader_fetches_compiled_modules_that_exist():
    lazy = REPO / "py" / "ui" / "lazy.py"
    if not lazy.exists():
        pytest.skip("py/ui/lazy.py (the lazy module loader) is not in this tree yet")
    # lazy.py imports `js` (browser only): read its constants as text
    text = lazy.read_text()
    assert re.search(r'^ROOT = "\./static/mpy/"', text, re.M), "lazy.ROOT must be ./static/mpy/"
    assert re.search(r'^EXTENSION = "\.mpy"', text, re.M), "lazy.EXTENSION must be .mpy"
    namespace = {}
    start = text.index("_STRATEGY = ")
    end = text.index("class LazyLoadError")
    exec(text[start:end], namespace)
    for files in namespace["GROUPS"].values():
        for path in files:
            assert (REPO / "static" / "mpy" / (path + ".mpy")).is_file(), path


def test_the_engine_vectors_pass_when_imported_from_the_mpy_files():
    out = run_micropython(
        "import dicepoker.game, dicepoker.strategy.advisor as a; print(dicepoker.game.__file__, a.__file__)",
        paths=["static/mpy"])
    assert all(name.endswith(".mpy") for name in out.split()), out
    out = run_micropython(CHECK, paths=["static/mpy"])
    assert out.splitlines()[-2:] == ["implementation micropython", "OK"], out


def test_tracebacks_from_bytecode_name_the_source_file_and_line():
    proc = run_micropython(
        "from dicepoker.game import Game\nGame(['a']).score('chance')\n",
        paths=["static/mpy"], check=False, full=True)
    assert proc.returncode == 1
    line = next(l for l in proc.stderr.splitlines() if "dicepoker/game.py" in l)
    number = int(line.split("line ")[1].split(",")[0])
    source = (REPO / "py" / "dicepoker" / "game.py").read_text().splitlines()
    assert "raise" in source[number - 1] or "IllegalMove" in source[number - 1], source[number - 1]
