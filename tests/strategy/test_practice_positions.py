"""Practice positions (``dicepoker.practice``): worth thinking about, exact, the same everywhere.

- every position of a few seeds in every rule set: its options are those an
  advisor of our own computes from the position's JSON alone (the open boxes,
  the upper sum, the Poker box: what a solver outside the project is given),
  its best and second-best are 0.5 points apart or more, the Beginner
  computer's rule of thumb misses the best, and its level is its gap's;
- the sequence of a seed is the same each time, another seed's is another,
  and it is taken up again at any position (``start``) as it was;
- 0, 1 and 2 rolls left, a scored and a scratched Poker, and Joker throws
  (five of a kind on a card whose Poker box is filled) all come up, and a
  Joker position's options are the rules' (the upper box forced, any lower
  box as made);
- the three levels each take a fair share of the positions;
- ``answer`` grades a move as the advisor does (equal dice kept are one
  option), and refuses what is no option;
- the same positions, options and values on the page's MicroPython.
"""

import json

import pytest

from dicepoker.dice import ScriptedDice
from dicepoker.game import Game
from dicepoker.practice import (LEVEL_GAPS, MIN_GAP, answer, game_seed, level_of, position_json,
                                position_of, positions)
from dicepoker.rules import RULESETS
from dicepoker.strategy.advisor import Advisor
from dicepoker.strategy.players import beginner_move
from mpyrun import run_micropython
from practice_solver import losses, move_text
from strategy_support import RULE_IDS, load_table

SEEDS = ("42", "practice", "7")
PER_SEED = 25


def first(seed, rules, count=PER_SEED, **kwargs):
    found = []
    for position in positions(seed, rules, load_table(rules), **kwargs):
        found.append(position)
        if len(found) == count:
            return found


@pytest.mark.parametrize("rules", RULE_IDS)
def test_every_position_is_exact_worth_thinking_about_and_levelled(rules):
    seen_left, seen_poker = set(), set()
    for seed in SEEDS:
        for position in first(seed, rules):
            data = json.loads(position_json(position))
            options = position["options"]
            assert {move_text(o): o["loss"] for o in options} == pytest.approx(losses(data),
                                                                               abs=1e-9)
            assert options[0]["loss"] == 0
            gap = options[1]["value"] - options[0]["value"]
            assert -gap >= MIN_GAP and position["gap"] == pytest.approx(-gap)
            assert position["level"] == level_of(-gap)
            game = replay(position)
            beginner = beginner_move(game)
            assert answer(position, beginner)["loss"] >= MIN_GAP      # not obvious
            assert data["dice"] == list(game.dice) and data["rolls_left"] == game.rolls_left
            seen_left.add(data["rolls_left"])
            seen_poker.add(data["poker"])
    assert seen_left == {0, 1, 2}
    assert {None, 50} <= seen_poker


def replay(position):
    """A game in the position's state (scripted dice: the position's own)."""
    game = Game(["P"], position["rules"], dice=ScriptedDice(position["dice"]))
    game.cards[0] = dict(position["card"])
    game.round = len(position["card"])
    game.roll([])
    game.rolls_used = 3 - position["rolls_left"]
    return game


def test_levels_by_the_gap():
    assert [level_of(g) for g in (0.5, 1.49, LEVEL_GAPS[1], 3.99, LEVEL_GAPS[0], 40)] == \
        [3, 3, 2, 2, 1, 1]


@pytest.mark.parametrize("rules", RULE_IDS)
def test_the_levels_each_take_a_fair_share(rules):
    found = first("shares", rules, 120)
    shares = [sum(p["level"] == level for p in found) / len(found) for level in (1, 2, 3)]
    assert min(shares) > 0.2, shares


def test_a_seed_gives_the_same_sequence_and_another_seed_another():
    once = [position_json(p) for p in first("42", "dice-poker", 12)]
    again = [position_json(p) for p in first("42", "dice-poker", 12)]
    other = [position_json(p) for p in first("43", "dice-poker", 12)]
    assert once == again
    assert len(set(once)) == 12 and not set(once) & set(other)
    assert game_seed("42", 0) == game_seed(" 42 ", 0) != game_seed("42", 1)


@pytest.mark.parametrize("rules", RULE_IDS)
def test_the_sequence_is_taken_up_at_any_position(rules):
    whole = first("resume", rules, 14)
    for k in (1, 5, 9, 13):
        place = (whole[k]["game"], whole[k]["nth"])
        taken_up = first("resume", rules, 14 - k, start=place)
        assert [position_json(p) for p in taken_up] == [position_json(p) for p in whole[k:]]
        assert [(p["game"], p["nth"]) for p in taken_up] == [(p["game"], p["nth"]) for p in whole[k:]]


def test_a_level_keeps_only_its_positions():
    hard = first("42", "yahtzee", 6, level=3)
    assert {p["level"] for p in hard} == {3}
    assert [position_json(p) for p in hard] == [
        position_json(p) for p in first("42", "yahtzee", 40) if p["level"] == 3][:6]


# Seeds whose first positions hold a Joker throw (found by searching seeds "j0", "j1", ...):
# the Joker is kept whenever it is worth thinking about.
JOKERS = {"dice-poker": ("j164", 3), "dice-poker-classic": ("j104", 2), "yahtzee": ("j195", 2)}


@pytest.mark.parametrize("rules", RULE_IDS)
def test_joker_positions_come_up_with_the_rules_options(rules):
    seed, index = JOKERS[rules]
    position = first(seed, rules, index + 1)[index]
    assert position["joker"] and len(set(position["dice"])) == 1
    assert position["poker"] in ((50,) if rules == "dice-poker" else (0, 50))
    assert {move_text(o): o["loss"] for o in position["options"]} == pytest.approx(
        losses(json.loads(position_json(position))), abs=1e-9)
    ruleset = RULESETS[rules]
    boxes = {o["box"] for o in position["options"] if o["kind"] == "score"}
    assert boxes == set(ruleset.options(position["card"], position["dice"]))


def test_a_joker_position_made_by_hand():
    """Five sixes, the Poker box at 50, Sixes open: the Joker forces Sixes (dice-poker)."""
    table = load_table("dice-poker")
    game = Game(["P"], "dice-poker", dice=ScriptedDice([6] * 5))
    game.cards[0] = {"poker": 50, "ones": 3, "pair": 8}
    game.round = 3
    game.roll([])
    options = Advisor(table).advise(game)["options"]
    position = position_of(game, options)
    assert position["joker"] and position["poker"] == 50 and position["rolls_left"] == 2
    assert [o["box"] for o in options if o["kind"] == "score"] == ["sixes"]
    assert options[[o["kind"] for o in options].index("score")]["bonus"] == 100
    assert json.loads(position_json(position)) == {
        "rules": "dice-poker", "open": [b for b in RULESETS["dice-poker"].boxes
                                        if b not in ("poker", "ones", "pair")],
        "upper": 3, "poker": 50, "dice": [6] * 5, "rolls_left": 2}


def test_answer_grades_moves_and_refuses_what_is_no_option():
    position = next(p for p in first("42", "dice-poker", 30) if p["rolls_left"] == 2)
    dice = position["dice"]
    best = position["options"][0]
    for option in position["options"]:
        assert answer(position, option["move"]) is option
    hold = next(o for o in position["options"] if o["kind"] == "hold" and o["keep"])
    same_faces = [i for i in range(5) if dice[i] in hold["keep"]][:len(hold["keep"])]
    if sorted(dice[i] for i in same_faces) == hold["keep"]:      # other dice, same faces
        assert answer(position, {"roll": same_faces}) is hold
    assert answer(position, best["move"])["loss"] == 0
    with pytest.raises(ValueError):
        answer(position, {"roll": [0, 1, 2, 3, 4]})
    with pytest.raises(ValueError):
        answer(position, {"score": "no_such_box"})
    last = next(p for p in first("42", "dice-poker", 30) if p["rolls_left"] == 0)
    with pytest.raises(ValueError):
        answer(last, {"roll": []})


MPY_SCRIPT = """
import json, sys
from dicepoker.strategy.table import Table
from dicepoker.practice import positions, position_json
rules, seed, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
table = Table.from_file("static/strategy/%s.dpst.gz" % rules)
for i, p in enumerate(positions(seed, rules, table)):
    print(json.dumps([position_json(p), p["level"], p["game"], p["nth"],
                      [[o["move"], round(o["value"], 6), round(o["loss"], 6)] for o in p["options"]]]))
    if i == count - 1:
        break
"""


@pytest.mark.slow
@pytest.mark.parametrize("rules", RULE_IDS)
def test_the_same_positions_on_micropython(rules):
    count = 8
    out = run_micropython(MPY_SCRIPT, paths=["py", "static/strategy"], args=[rules, "42", count])
    got = [json.loads(line) for line in out.splitlines()]
    expected = [[position_json(p), p["level"], p["game"], p["nth"],
                 [[o["move"], round(o["value"], 6), round(o["loss"], 6)] for o in p["options"]]]
                for p in first("42", rules, count)]
    assert got == json.loads(json.dumps(expected))
