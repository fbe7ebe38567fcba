"""The same scenarios on the page's MicroPython: the same trace, dispatch by dispatch.

``mpy/run_scenarios.py`` plays every scenario of ``scenarios.SCENARIOS`` with
the controller, the fake shell and the invariant checks on
``static/vendor/micropython`` (``tests/mpy/run.mjs``) and prints each trace
entry as JSON; here each line, parsed (the two Pythons order dict keys
differently), must equal CPython's.  Without Node the runner skips locally and
fails under CI (``tests/mpyrun.py``).
"""

import ast
import json
from pathlib import Path

import pytest

from mpyrun import run_micropython
from paths import PY
from scenarios import SCENARIOS, trace_lines

DRIVER = Path("tests/control/mpy/run_scenarios.py")
LOAD_EVERY_ON_MICROPYTHON = 8


def by_scenario(lines):
    """{scenario: [parsed lines]} from the driver's output."""
    out, current = {}, None
    for line in lines:
        if line.startswith("scenario "):
            current = line[len("scenario "):]
            out[current] = []
        elif line.startswith("{"):
            out[current].append(json.loads(line))
    return out


@pytest.fixture(scope="module")
def micropython_run():
    out = run_micropython(DRIVER, paths=["py", "tests/control"], timeout=120)
    lines = out.splitlines()
    assert lines[-2:] == ["implementation micropython", "OK"], lines[-5:]
    return by_scenario(lines)


def test_every_scenario_ran_on_micropython(micropython_run):
    assert list(micropython_run) == [name for name, _ in SCENARIOS]


@pytest.mark.parametrize("name", [name for name, _ in SCENARIOS])
def test_the_trace_is_the_same_on_micropython(micropython_run, name):
    theirs = micropython_run[name]
    mine = [json.loads(line) for line in trace_lines(name, LOAD_EVERY_ON_MICROPYTHON)]
    assert len(theirs) == len(mine)
    for number, (a, b) in enumerate(zip(mine, theirs)):
        assert a == b, "%s: entry %d differs: CPython %r, MicroPython %r" % (name, number, a, b)
    assert theirs[-1]["problems"] == []
    assert theirs[-1]["dispatches"] == len([e for e in theirs if "action" in e]) > 0


def test_the_driver_tells_a_difference(tmp_path):
    """A trace compares as data, so a changed effect shows: scenario ``undo`` on
    MicroPython with a controller that announces nothing differs from CPython's trace."""
    script = tmp_path / "spoilt.py"
    script.write_text(
        "from control import effects\n"
        "add = effects.Effects.add\n"
        "effects.Effects.add = lambda self, kind, value=True: (\n"
        "    None if kind == 'announce' else add(self, kind, value))\n"
        "from scenarios import trace_lines\n"
        "for line in trace_lines('undo', 8):\n"
        "    print(line)\n")
    out = run_micropython(script, paths=["py", "tests/control"])
    theirs = [json.loads(line) for line in out.splitlines()]
    mine = [json.loads(line) for line in trace_lines("undo", 8)]
    assert len(theirs) == len(mine) and theirs != mine
    assert theirs[-1]["problems"]                     # and the invariants saw it there too


def test_the_controller_imports_only_what_micropython_has():
    """A quick first line of defence; the MicroPython run above is the proof."""
    for path in sorted((PY / "control").glob("*.py")):
        tree = ast.parse(path.read_text(), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                assert all(a.name in ("sys", "json") for a in node.names), (path.name, node.lineno)
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                assert node.module.split(".")[0] == "dicepoker", (path.name, node.module)
            elif isinstance(node, ast.FormattedValue):
                assert node.format_spec is None, (path.name, node.lineno)
