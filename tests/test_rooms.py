"""py/ui/ as a house with rooms (.ci/rooms.py): the frame at the root, every other module in
a room whose ``__init__`` says what it holds and what it may import, every import within
that rule, and docs/architecture.md's drawing of the rooms drawn from today's code."""

import runpy
import shutil

from paths import REPO

ROOMS = runpy.run_path(str(REPO / ".ci" / "rooms.py"))
UI = REPO / "py" / "ui"


def test_the_root_of_py_ui_holds_the_frame_alone():
    root = sorted(p.stem for p in UI.glob("*.py"))
    frame = sorted(name.rpartition(".")[2] if name != "ui" else "__init__" for name in ROOMS["FRAME"])
    assert root == frame, "a module at py/ui/'s root that is not the frame: put it in a room"


def test_every_room_says_what_it_holds_and_what_it_may_import():
    rooms = [p for p in UI.iterdir() if p.is_dir() and p.name != "__pycache__"]
    assert len(rooms) >= 8
    for room in rooms:
        init = room / "__init__.py"
        assert init.is_file(), "%s has no __init__.py" % room.name
        allowed = ROOMS["rule"](str(init))
        assert allowed, "%s/__init__.py: no 'May import: ...' rule" % room.name
        text = init.read_text()
        assert len(text.split("May import:")[0].strip()) > 80, "%s: say what the room is for" % room.name


def test_every_module_imports_only_what_its_rooms_rule_allows():
    assert ROOMS["violations"](str(REPO)) == []


def test_a_broken_rule_is_reported(tmp_path):
    """The checker on a copy of py/ui/ with one import against a rule, and a room without one."""
    root = tmp_path / "repo"
    shutil.copytree(REPO / "py", root / "py", ignore=shutil.ignore_patterns("__pycache__"))
    (root / "py" / "ui" / "platform" / "extra.py").write_text("from ..table import board\n")
    (root / "py" / "ui" / "attic").mkdir()
    (root / "py" / "ui" / "attic" / "__init__.py").write_text('"""Old things."""\n')
    (root / "py" / "ui" / "attic" / "box.py").write_text("def f():\n    import control.play\n")
    problems = ROOMS["violations"](str(root))
    assert "ui.platform.extra imports ui.table.board (not in platform's rule)" in problems
    assert "ui.attic: its __init__ says nothing of what it may import" in problems


def test_the_drawing_of_the_rooms_in_docs_is_todays():
    text = (REPO / "docs" / "architecture.md").read_text()
    assert ROOMS["with_diagram"](text, str(REPO)) == text, "run: python3 .ci/rooms.py"
