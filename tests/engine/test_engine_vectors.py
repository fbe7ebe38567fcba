"""The shared vector file is current, and its checker passes on CPython too.

``mpy/vectors.json`` is what ``mpy/check_engine.py`` verifies on MicroPython;
if the engine (or the reference) changes, this test fails until the file is
regenerated with ``python3 tests/engine/make_vectors.py`` and the change is
reviewed in the diff.
"""

import json
import os
import subprocess
import sys

import paths

import make_vectors

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = str(paths.REPO)


def test_the_committed_vectors_are_what_the_generator_writes():
    with open(make_vectors.OUT) as handle:
        committed = handle.read()
    fresh = make_vectors.dumps(make_vectors.build())
    assert committed == fresh, ("tests/engine/mpy/vectors.json is stale: run "
                                "python3 tests/engine/make_vectors.py and review the diff")


def test_the_vectors_cover_every_kind_of_check():
    with open(make_vectors.OUT) as handle:
        vectors = json.load(handle)
    assert len(vectors["scores"]) == 252
    assert sorted(vectors["rulesets"]) == ["dice-poker", "dice-poker-classic", "yahtzee"]
    assert sum(1 for item in vectors["options"] if item["bonus"]) > 10      # Joker + bonus
    assert any(len(set(item["dice"])) == 1 and item["card"].get("poker") == 0
               for item in vectors["options"])
    assert [g["totals"] for g in vectors["games"][:2]] == [[333, 630], [335, 335]]
    assert any(sum(g["final"]["state"]["poker_bonuses"]) for g in vectors["games"][2:])
    assert any(a[0] == "undo" for g in vectors["games"] for a in g["actions"])
    assert len(vectors["bad_saves"]) >= 100 and len(vectors["illegal"]) >= 15
    # held dice the position does not allow, and the UI's actions refused as moves
    assert {"hold_before_roll", "no_rolls_left", "game_over"} <= set(
        item["code"] for item in vectors["bad_saves"] if "held" in item["name"])
    assert {"hold", "undo"} <= set(
        kind for item in vectors["illegal"] if item["call"][0] == "apply"
        and item["code"] == "bad_move" for kind in item["call"][1])


def test_the_checker_passes_on_cpython():
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([os.path.join(REPO, "py"), HERE]))
    proc = subprocess.run([sys.executable, os.path.join(HERE, "mpy", "check_engine.py")],
                          cwd=REPO, env=env, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout.splitlines()[-2:] == ["implementation cpython", "OK"]
