"""The advisor against the independent brute-force evaluation (strategy_reference).

For random cards of every rule set and decisions after each roll, the
advisor's values must equal the reference's to within the rounding of its
integer arithmetic (table values in 1/64 point, keep values after the last
roll rounded to 1/128), and the option it ranks first must be a best one.
"""

import random

import pytest

from dicepoker.game import Game
from dicepoker.strategy.advisor import Advisor
from dicepoker.strategy import dicesets
from strategy_reference import TurnReference
from strategy_support import RULE_IDS, load_table, random_card, random_dice

CARDS_PER_RULESET = 25
DICE_PER_DECISION = 2
TOLERANCE = 0.01


def _reference_options(table, card, dice, rolls_used):
    reference = TurnReference(table.rules, card, table.value_of_card)
    return reference.all_options(dice, rolls_used)


@pytest.mark.parametrize("rules_id", RULE_IDS)
def test_advisor_matches_brute_force(rules_id):
    table = load_table(rules_id)
    advisor = Advisor(table)
    rng = random.Random("advisor-%s" % rules_id)
    checked = 0
    for _ in range(CARDS_PER_RULESET):
        card = random_card(table.rules, rng)
        reference = TurnReference(table.rules, card, table.value_of_card)
        for rolls_used in (1, 2, 3):
            for _ in range(DICE_PER_DECISION):
                dice = random_dice(rng)
                options = advisor.options(card, dice, rolls_used)
                expected = reference.all_options(dice, rolls_used)
                best = max(value for value, _, _ in expected)
                # every option the advisor lists has the reference's value
                by_key = {}
                for value, kind, detail in expected:
                    key = (kind, tuple(detail) if kind == "hold" else detail)
                    by_key[key] = value
                listed = set()
                for option in options:
                    if option["kind"] == "hold":
                        key = ("hold", tuple(option["keep"]))
                    else:
                        key = ("score", option["box"])
                    listed.add(key)
                    assert abs(option["value"] - by_key[key]) <= TOLERANCE, (card, dice, key)
                assert listed == set(by_key), "the advisor lists exactly the legal options"
                # its first option is a best one, and losses are measured from it
                assert abs(options[0]["value"] - best) <= TOLERANCE
                assert options[0]["loss"] == 0
                assert all(o["loss"] >= 0 for o in options)
                checked += 1
    assert checked == CARDS_PER_RULESET * 3 * DICE_PER_DECISION


def test_holds_are_positions_of_the_kept_faces(rng):
    table = load_table("dice-poker")
    advisor = Advisor(table)
    for _ in range(30):
        dice = random_dice(rng)
        for option in advisor.options(random_card(table.rules, rng), dice, 1):
            if option["kind"] == "hold":
                assert sorted(dice[i] for i in option["hold"]) == option["keep"]
                assert len(option["hold"]) < 5
                assert option["move"] == {"roll": option["hold"]}


def test_turn_plan_start_value_matches_the_table(rng):
    # The advisor's own within-turn computation reproduces the table's values:
    # the stored value is rounded to 1/128, the successors it is recomputed
    # from too, and two roundings of keep values add 1/256 each.
    tolerance = 1 / 128 + 1 / 128 + 2 / 256 + 1e-9
    for rules_id in RULE_IDS:
        table = load_table(rules_id)
        advisor = Advisor(table)
        for _ in range(5):
            card = random_card(table.rules, rng)
            assert abs(advisor.plan(card).start_value() - table.value_of_card(card)) <= tolerance


def test_advise_adds_banked_points_and_matches_a_game():
    table = load_table("dice-poker")
    advisor = Advisor(table)
    game = Game(["Ann", "Ben"], ruleset="dice-poker", seed=7)
    before = advisor.advise(game)
    assert before["best"]["kind"] == "roll"
    assert abs(before["best"]["value"] - table.value(0, 0, 0)) < 1e-9
    game.roll()
    game.score(advisor.advise(game)["options"][-1]["box"])   # a poor box for Ann
    game.roll()
    game.score("chance")
    game.roll()
    advice = advisor.advise(game)
    assert advice["player"] == 0 and advice["banked"] == game.totals()[0]
    plain = advisor.options(game.card(), game.dice, game.rolls_used)
    assert [round(o["value"] - advice["banked"], 9) for o in advice["options"]] == \
        [round(o["value"], 9) for o in plain]
    assert {o["box"] for o in advice["options"] if o["kind"] == "score"} == set(game.options())


def test_evaluate_finds_the_chosen_option_and_the_points_given_away():
    table = load_table("yahtzee")
    advisor = Advisor(table)
    game = Game(["Ann"], ruleset="yahtzee", seed=3)
    game.roll()
    advice = advisor.advise(game)
    worst = advice["options"][-1]
    result = advisor.evaluate(game, worst["move"])
    assert result["chosen"] == worst
    assert result["loss"] == pytest.approx(advice["best"]["value"] - worst["value"])
    best = advisor.evaluate(game, advice["best"]["move"])
    assert best["loss"] == 0
    # a hold is recognised by the faces it keeps, whichever equal dice are held
    dice = game.dice
    for option in advice["options"]:
        if option["kind"] == "hold" and option["hold"]:
            face = dice[option["hold"][0]]
            others = [i for i, d in enumerate(dice) if d == face and i not in option["hold"]]
            if others:
                swapped = sorted(option["hold"][1:] + others[:1])
                assert advisor.evaluate(game, {"roll": swapped})["chosen"] == option
                break


def test_joker_turn_offers_only_what_the_engine_allows():
    table = load_table("dice-poker")
    advisor = Advisor(table)
    card = {"poker": 50, "fours": 8}
    options = advisor.options(card, [4, 4, 4, 4, 4], 3)
    boxes = {o["box"] for o in options}
    assert boxes == set(table.rules.options(card, (4, 4, 4, 4, 4)))
    assert "fours" not in boxes and "full_house" in boxes
    assert all(o["bonus"] == 100 for o in options)


def test_keep_values_use_exact_integers():
    table = load_table("yahtzee")
    plan = Advisor(table).plan({})
    for rolls_left in (1, 2, 3):
        values = plan.keep_values(rolls_left)
        assert len(values) == len(dicesets.KEEPS)
        assert all(isinstance(v, int) for v in values)
