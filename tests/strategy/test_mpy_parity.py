"""The advisor gives the same best option on the browser's MicroPython as on CPython.

The same file (``mpy_advisor.py``) runs unchanged on both; on MicroPython the
table is decompressed by the ``deflate`` module and all arithmetic is the
advisor's exact integers, so the best option and its value must agree exactly.
"""

import json
import random

import pytest

from mpyrun import run_micropython
from mpy_advisor import check
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
