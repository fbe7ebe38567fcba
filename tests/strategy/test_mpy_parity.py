"""The advisor gives the same best option on the browser's MicroPython as on CPython.

The same file (``mpy_advisor.py``) runs unchanged on both; on MicroPython the
table is decompressed by the ``deflate`` module and all arithmetic is the
advisor's exact integers, so the best option and its value must agree exactly.
"""

import json
import random

import pytest

from mpyrun import run_micropython
from mpy_advisor import check, game
from strategy_support import RULE_IDS, load_table, random_card, random_dice

CARDS_PER_RULESET = 25
DECISIONS_PER_CARD = 4       # a turn's plan is memoised: several decisions share it
CASES_PER_RULESET = CARDS_PER_RULESET * DECISIONS_PER_CARD


@pytest.mark.slow
@pytest.mark.parametrize("rules_id", RULE_IDS)
def test_micropython_advisor_agrees_with_cpython(rules_id, tmp_path):
    rules = load_table(rules_id).rules
    rng = random.Random("mpy-%s" % rules_id)
    cases = []
    for _ in range(CARDS_PER_RULESET):
        card = random_card(rules, rng)
        cases += [{"card": card, "dice": random_dice(rng), "rolls_used": rng.choice((1, 2, 3))}
                  for _ in range(DECISIONS_PER_CARD)]
    cases_path = tmp_path / "cases.json"
    cases_path.write_text(json.dumps(cases))
    expected = check(rules_id, str(cases_path))
    out = run_micropython("tests/strategy/mpy_advisor.py",
                          paths=["py", "static/strategy", str(tmp_path)],
                          args=["check", rules_id, str(cases_path)])
    got = out.splitlines()
    assert len(got) == CASES_PER_RULESET
    for case, mine, theirs in zip(cases, got, expected):
        assert json.loads(mine) == json.loads(theirs), case


@pytest.mark.slow
@pytest.mark.parametrize("form", ["gzip", "plain"])
def test_micropython_loads_a_table_from_a_js_array(form):
    # The browser's path: fetched bytes stay in JS until one copy.  A gzip
    # file streams through MicroPython's FS into the heap; a decompressed one
    # (what the page passes) is read in place outside the heap, so that the
    # collector does not scan 2.8 MB at every collection.
    table = load_table("dice-poker")
    out = run_micropython("tests/strategy/mpy_advisor.py", paths=["py", "static/strategy"],
                          args=["jsload", "dice-poker"] + (["plain"] if form == "plain" else [])
                          ).splitlines()
    assert float(out[0]) == table.start_value
    assert json.loads(out[1]) == [table.scaled_at(i) for i in range(0, table.size, 7919)]
    allocated = int(out[3].split()[1])       # bytes the load put on MicroPython's heap
    if form == "plain":
        assert allocated < 300_000, out[3]
    else:
        assert allocated > 2 * table.size, out[3]


@pytest.mark.slow
def test_a_whole_game_with_computers_and_review_is_the_same_on_micropython():
    """The same moves, totals and review on both Pythons, and on MicroPython none of
    dicesets' lazy names built on the way."""
    expected = game("dice-poker", 77)
    out = run_micropython("tests/strategy/mpy_advisor.py", paths=["py", "static/strategy"],
                          args=["game", "dice-poker", "77"]).splitlines()
    assert json.loads(out[0]) == json.loads(expected[0])          # every move
    assert json.loads(out[1]) == json.loads(expected[1])          # totals
    assert json.loads(out[2]) == json.loads(expected[2])          # review losses
    assert len(json.loads(out[2])) > 15
    # a game, its computers, its review and the win chances' modules build none of the
    # odds only the table builders need (dicesets.__getattr__): most of the first
    # hint's import once
    assert json.loads(out[3]) == []
