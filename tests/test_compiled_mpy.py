"""The precompiled modules the page imports (static/mpy/, .ci/compile_mpy.py).

The page runs bytecode, not py/: these tests keep the two the same program.
A stale or missing .mpy fails here (recompiled into a temp folder and
compared byte for byte), and the engine vectors pass when imported from the
.mpy files on the page's own MicroPython (under Node).  The start modules
come in one bundle (static/mpy/start.bundle, .ci/start_bundle.py): it must
hold exactly what page start imports (what each module fetched on first use
brings: tests/test_manifest.py).
"""

import runpy
import shutil
import tomllib

import pytest

from mpyrun import REPO, run_micropython

TOOL = runpy.run_path(str(REPO / ".ci" / "compile_mpy.py"))
BUNDLE = runpy.run_path(str(REPO / ".ci" / "start_bundle.py"))
MPY_MAGIC = b"M\x06"       # .mpy version 6 (MicroPython 1.2x)
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
    (root / "static" / "mpy" / "ui" / "dialogs" / "review.mpy").unlink()
    (root / "static" / "mpy" / "ui" / "gone.mpy").write_bytes(b"M")
    assert TOOL["differences"](str(root)) == [
        "missing static/mpy/ui/dialogs/review.mpy",
        "extra static/mpy/ui/gone.mpy",
        "stale static/mpy/start.bundle",      # game.py is a start module
    ]


def test_the_output_is_deterministic(tmp_path):
    first = TOOL["compile_all"](str(tmp_path / "a"))
    TOOL["compile_all"](str(tmp_path / "b"))
    for rel in first:
        assert (tmp_path / "a" / rel).read_bytes() == (tmp_path / "b" / rel).read_bytes(), rel


def _bundle_entries():
    return BUNDLE["unpack"]((REPO / "static" / "mpy" / "start.bundle").read_bytes())


def test_the_start_bundle_holds_the_compiled_start_modules_and_nothing_else():
    entries = _bundle_entries()
    paths = [path for path, _ in entries]
    expected = [rel[:-3] + ".mpy" for rel in BUNDLE["start_sources"](str(REPO))]
    assert paths == expected
    # the engine and the controller are really in it (the import graph was followed)
    assert {"dicepoker/game.mpy", "dicepoker/rules.mpy", "control/controller.mpy",
            "ui/shell.mpy", "ui/table/board.mpy"} <= set(paths)
    assert not any(p.startswith("dicepoker/strategy/") for p in paths), "strategy is lazy"
    # the table builder runs only on CPython (numpy): neither bundled nor served
    for module in ("build", "dice_arrays"):
        assert "dicepoker/strategy/%s.mpy" % module not in paths
        assert not (REPO / "static" / "mpy" / "dicepoker" / "strategy" / (module + ".mpy")).exists()
    lazy = {"ui/advice/coach.mpy", "ui/advice/computer.mpy", "ui/dialogs/review.mpy", "ui/dialogs/transfer.mpy",
            "ui/table/hint.mpy", "ui/dialogs/end.mpy", "control/assist.mpy", "control/ending.mpy"}
    assert not lazy & set(paths), "hints, computer seats, review, save and load are lazy"
    for path, data in entries:
        assert data[:2] == MPY_MAGIC, path
        # each start module is served only inside the bundle
        assert not (REPO / "static" / "mpy" / path).exists(), path


def test_the_page_fetches_the_bundle_early_and_no_files_list():
    with open(REPO / "pyscript.toml", "rb") as f:
        config = tomllib.load(f)
    assert "files" not in config, "[files] would be fetched after the runtime: use the start bundle"
    # boot.js fetches it itself, with the runtime, once the first screen is painted
    assert 'fetch("./static/mpy/start.bundle")' in (REPO / "static" / "js" / "boot.js").read_text()


def test_pack_and_unpack_round_trip_and_reject_damage():
    entries = [("a/b.mpy", b"M\x06abc"), ("c.mpy", b"")]
    packed = BUNDLE["pack"](entries)
    assert BUNDLE["unpack"](packed) == entries
    with pytest.raises(ValueError):
        BUNDLE["unpack"](packed + b"x")
    with pytest.raises(ValueError):
        BUNDLE["unpack"](b"XXXX" + packed[4:])


def test_only_module_level_imports_make_a_module_a_start_module(tmp_path):
    py = tmp_path / "py"
    (py / "pkg").mkdir(parents=True)
    (py / "main.py").write_text(
        "import js\nfrom pkg.a import f\nif True:\n    from pkg import c\n"
        "def later():\n    import pkg.lazy\n")
    (py / "pkg" / "__init__.py").write_text("")
    (py / "pkg" / "a.py").write_text("from . import b\nfrom .b import x\nclass K:\n"
                                     "    async def m(self):\n        from . import lazier\n")
    for name in ("b", "c", "lazy", "lazier"):
        (py / "pkg" / (name + ".py")).write_text("x = 1\n")
    assert BUNDLE["start_sources"](str(tmp_path)) == [
        "pkg/__init__.py", "pkg/a.py", "pkg/b.py", "pkg/c.py"]


@pytest.fixture(scope="module")
def served_modules(tmp_path_factory):
    """Every served module in one folder, as the page's file system ends up: the bundle unpacked
    next to the lazily fetched files."""
    folder = tmp_path_factory.mktemp("served")
    shutil.copytree(REPO / "static" / "mpy", folder, dirs_exist_ok=True)
    (folder / "start.bundle").unlink()
    for path, data in _bundle_entries():
        (folder / path).parent.mkdir(parents=True, exist_ok=True)
        (folder / path).write_bytes(data)
    return folder


def test_the_engine_vectors_pass_when_imported_from_the_mpy_files(served_modules):
    out = run_micropython(
        "import dicepoker.game, dicepoker.strategy.advisor as a; print(dicepoker.game.__file__, a.__file__)",
        paths=[served_modules])
    assert all(name.endswith(".mpy") for name in out.split()), out
    out = run_micropython(CHECK, paths=[served_modules, "tests/engine"])   # screen.py: held dice
    assert out.splitlines()[-2:] == ["implementation micropython", "OK"], out


def test_tracebacks_from_bytecode_name_the_source_file_and_line(served_modules):
    proc = run_micropython(
        "from dicepoker.game import Game\nGame(['a']).score('chance')\n",
        paths=[served_modules], check=False, full=True)
    assert proc.returncode == 1
    line = next(l for l in proc.stderr.splitlines() if "dicepoker/game.py" in l)
    number = int(line.split("line ")[1].split(",")[0])
    source = (REPO / "py" / "dicepoker" / "game.py").read_text().splitlines()
    assert "raise" in source[number - 1] or "IllegalMove" in source[number - 1], source[number - 1]
