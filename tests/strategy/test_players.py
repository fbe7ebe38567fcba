"""Computer players: legal moves at every level, Optimal's average, Beginner clearly worse.

The Optimal average is checked on thousands of games played by ``fastsim``
(numpy, lockstep), which replays the advisor's integer arithmetic and
tie-break; a sample of its decisions is compared with ``Advisor.options`` here,
and whole games through ``Game`` + ``choose_move`` check the real entry point.
"""

import math
import random

import numpy as np
import pytest

from dicepoker.game import Game
from dicepoker.seats import COMPUTER_LEVELS
from dicepoker.strategy.advisor import Advisor
from dicepoker.strategy.players import SLIP_MAX_LOSS, choose_move, greedy_box
from fastsim import FastOptimal
from strategy_support import load_table

SIMULATED_GAMES = 3000
BEGINNER_GAMES = 400


class FixedRng:
    """An rng whose .random() returns the given values in turn (then repeats the last)."""

    def __init__(self, *values):
        self.values = list(values)

    def random(self):
        return self.values.pop(0) if len(self.values) > 1 else self.values[0]


def play(rules_id, seats, seed, advisor, rng):
    game = Game(["P%d" % i for i in range(len(seats))], ruleset=rules_id, seed=seed, seats=seats)
    while not game.is_over:
        level = game.seats[game.current_player]
        game.apply(choose_move(game, level, advisor, rng))
    return game


@pytest.mark.parametrize("rules_id", ["yahtzee", "dice-poker", "dice-poker-classic"])
def test_every_level_plays_whole_legal_games(rules_id):
    advisor = Advisor(load_table(rules_id))
    game = play(rules_id, ["optimal", "good", "beginner"], 11, advisor, random.Random(5))
    assert game.is_over
    assert all(len(card) == len(game.ruleset.boxes) for card in game.cards)


def test_optimal_follows_the_advisor_move_by_move():
    advisor = Advisor(load_table("dice-poker"))
    game = Game(["Bot"], ruleset="dice-poker", seed=99)
    while not game.is_over:
        move = choose_move(game, "optimal", advisor)
        if game.rolls_used:
            assert move == advisor.advise(game)["best"]["move"]
        else:
            assert move == {"roll": []}
        game.apply(move)


def test_a_table_works_in_place_of_an_advisor():
    table = load_table("yahtzee")
    game = Game(["Bot"], ruleset="yahtzee", seed=4)
    game.roll()
    assert choose_move(game, "optimal", table) == Advisor(table).advise(game)["best"]["move"]


def test_good_slips_only_to_near_options():
    advisor = Advisor(load_table("dice-poker"))
    rng = random.Random(8)
    slips = decisions = 0
    for seed in range(6):
        game = Game(["Bot"], ruleset="dice-poker", seed=seed)
        while not game.is_over:
            if game.rolls_used:
                advice = advisor.advise(game)
                move = choose_move(game, "good", advisor, rng)
                chosen = advisor.evaluate(game, move)
                assert chosen["loss"] <= SLIP_MAX_LOSS + 1e-9
                decisions += 1
                slips += chosen["chosen"] != advice["best"]
            else:
                move = {"roll": []}
            game.apply(move)
    assert 0 < slips < decisions / 2


def test_good_takes_the_best_unless_the_rng_says_slip():
    advisor = Advisor(load_table("dice-poker"))
    game = Game(["Bot"], ruleset="dice-poker", seed=21)
    game.roll()
    advice = advisor.advise(game)
    assert choose_move(game, "good", advisor, FixedRng(0.99)) == advice["best"]["move"]
    near = [o for o in advice["options"][1:] if o["loss"] <= SLIP_MAX_LOSS]
    assert near, "this position has near options"
    assert choose_move(game, "good", advisor, FixedRng(0.0, 0.0)) == near[0]["move"]


def test_beginner_needs_no_table_and_fills_the_highest_box():
    game = Game(["Bot"], ruleset="dice-poker", seed=1)
    assert choose_move(game, "beginner") == {"roll": []}
    game.roll()
    game.roll(hold=[])
    game.roll(hold=[])
    move = choose_move(game, "beginner")
    options = game.options()
    assert move["score"] in options
    assert options[move["score"]] == max(options.values())
    assert greedy_box({"ones": 0, "chance": 0}, game.ruleset.boxes) == "ones"


def test_unknown_level_and_missing_table_are_refused():
    game = Game(["Bot"], ruleset="dice-poker", seed=1)
    game.roll()
    with pytest.raises(ValueError):
        choose_move(game, "grandmaster")
    with pytest.raises(ValueError):
        choose_move(game, "human")                # a seat kind, but no computer level
    with pytest.raises(ValueError):
        choose_move(game, "optimal")
    assert set(COMPUTER_LEVELS) == {"optimal", "good", "beginner", "to_win"}


@pytest.mark.slow
def test_fast_simulation_makes_the_advisors_decisions():
    table = load_table("dice-poker")
    sim = FastOptimal(table)
    sim.play(40, np.random.default_rng(3), record=40)
    advisor = Advisor(table)
    assert len(sim.decisions) > 40 * 15
    for card, dice, rolls_used, decision, _ in sim.decisions:
        best = advisor.options(card, dice, rolls_used)[0]
        expected = ("hold", best["keep"]) if best["kind"] == "hold" else ("score", best["box"])
        assert decision == expected, (card, dice, rolls_used)


@pytest.mark.slow
def test_optimal_mean_is_the_table_start_value_and_beginner_is_far_below():
    table = load_table("yahtzee")
    totals = FastOptimal(table).play(SIMULATED_GAMES, np.random.default_rng(2024))
    mean = totals.mean()
    standard_error = totals.std(ddof=1) / math.sqrt(len(totals))
    assert abs(mean - table.start_value) < 3 * standard_error, (mean, standard_error)

    beginner = [play("yahtzee", ["beginner"], seed, None, None).totals()[0]
                for seed in range(BEGINNER_GAMES)]
    assert sum(beginner) / len(beginner) < table.start_value - 30
