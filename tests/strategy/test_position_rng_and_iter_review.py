"""Small API for the browser: position-keyed slips for "good", and the review one decision at a time."""

import random

import pytest

from dicepoker.game import Game
from dicepoker.strategy.advisor import Advisor
from dicepoker.strategy.players import PositionRng, choose_move, position_rng
from dicepoker.strategy.review import iter_decisions, review_game
from strategy_support import load_table


def test_position_rng_depends_only_on_seed_and_position():
    first = PositionRng("42", 0, 3, 1)
    again = PositionRng("42", 0, 3, 1)
    assert [first.random() for _ in range(5)] == [again.random() for _ in range(5)]
    others = {PositionRng("42", 0, 3, 2).random(), PositionRng("42", 1, 3, 1).random(),
              PositionRng("42", 0, 4, 1).random(), PositionRng("43", 0, 3, 1).random(),
              PositionRng("42", 0, 3, 1).random()}
    assert len(others) == 5


def test_position_rng_is_uniform_enough():
    draws = [PositionRng(s, 0, 0, 1).random() for s in range(4000)]
    assert all(0.0 <= d < 1.0 for d in draws)
    assert 0.47 < sum(draws) / len(draws) < 0.53
    assert 0.17 < sum(d < 0.2 for d in draws) / len(draws) < 0.23     # the slip chance


def test_position_rng_of_a_game_gives_reproducible_good_games():
    advisor = Advisor(load_table("yahtzee"))

    def play():
        game = Game(["Bot"], ruleset="yahtzee", seed="slips", seats=["good"])
        while not game.is_over:
            game.apply(choose_move(game, "good", advisor, position_rng(game)))
        return game.moves

    assert play() == play()


def test_iter_decisions_gives_review_game_one_at_a_time():
    advisor = Advisor(load_table("dice-poker"))
    game = Game(["Ann", "Bot"], ruleset="dice-poker", seed=5, seats=["human", "beginner"])
    rng = random.Random(9)
    while not game.is_over:
        if game.current_player == 1 or rng.random() < 0.5:
            game.apply(choose_move(game, "beginner"))
        else:
            game.apply(choose_move(game, "good", advisor, rng))
    review = review_game(game, advisor)
    decisions = list(iter_decisions(game, advisor))
    assert decisions == review["decisions"]
    assert decisions and all(d["player"] == 0 for d in decisions)
    assert review["totals"][0] == pytest.approx(sum(d["loss"] for d in decisions))


def test_position_rng_draws_the_same_on_micropython():
    from mpyrun import run_micropython
    code = ('from dicepoker.strategy.players import PositionRng\n'
            'r = PositionRng("42", 1, 7, 2)\n'
            'print(repr([r.random() for _ in range(4)]))\n')
    expected = PositionRng("42", 1, 7, 2)
    assert run_micropython(code).strip() == repr([expected.random() for _ in range(4)])
