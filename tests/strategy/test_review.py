"""Post-game review: each human decision, the best option, and the points given away."""

import random

import pytest

from dicepoker.game import Game
from dicepoker.savefile import load_dict
from dicepoker.strategy.advisor import Advisor
from dicepoker.strategy.players import choose_move
from dicepoker.strategy.review import review_game
from strategy_support import load_table


def test_review_lists_every_human_decision_with_its_loss():
    table = load_table("dice-poker")
    advisor = Advisor(table)
    game = Game(["Ann", "Bot"], ruleset="dice-poker", seed=17, seats=["human", "optimal"])
    rng = random.Random(3)
    while not game.is_over:
        if game.current_player == 1:
            game.apply(choose_move(game, "optimal", advisor))
        else:
            turn_round = game.round
            while game.current_player == 0 and game.round == turn_round and not game.is_over:
                if game.rolls_used == 0 or (game.can_roll and rng.random() < 0.6):
                    hold = [i for i in range(5) if rng.random() < 0.5] if game.rolls_used else []
                    game.roll(hold=hold[:4])
                else:
                    game.score(rng.choice(sorted(game.options())))
    review = review_game(game, advisor)
    decisions = review["decisions"]
    # every move of Ann after a turn's first roll, and nothing of the computer
    replay_moves = len(decisions)
    assert all(d["player"] == 0 for d in decisions)
    ann_first_rolls = 15
    ann_moves = sum(1 for i, m in enumerate(game.moves) if _mover(game, i) == 0)
    assert replay_moves == ann_moves - ann_first_rolls
    assert set(review["totals"]) == {0}
    assert review["totals"][0] == pytest.approx(sum(d["loss"] for d in decisions))
    assert review["totals"][0] > 20          # random play gives away a lot
    for d in decisions:
        assert d["loss"] == pytest.approx(d["best"]["value"] - d["chosen"]["value"])
        assert 1 <= d["rolls_used"] <= 3
        if "score" in d["move"]:
            assert d["chosen"]["move"] == d["move"]
        else:
            assert d["chosen"]["keep"] == sorted(d["dice"][i] for i in d["move"]["roll"])


def _mover(game, index):
    """Who made move ``index`` (replaying the game's move list)."""
    document = game.to_dict()
    document["moves"] = []
    del document["state"]
    replay = load_dict(document, verify=False)[0]
    for move in game.moves[:index]:
        replay.apply(move)
    return replay.current_player


def test_optimal_play_gives_nothing_away():
    advisor = Advisor(load_table("yahtzee"))
    game = Game(["Bot"], ruleset="yahtzee", seed=5, seats=["optimal"])
    while not game.is_over:
        game.apply(choose_move(game, "optimal", advisor))
    review = review_game(game, advisor, seats=("optimal",))
    assert len(review["decisions"]) >= 13
    assert review["totals"] == {0: 0.0}


def test_review_of_an_unfinished_game_and_the_points_of_a_bad_box():
    advisor = Advisor(load_table("yahtzee"))
    game = Game(["Ann"], ruleset="yahtzee", seed=2)
    game.roll()
    advice = advisor.advise(game)
    worst = advice["options"][-1]
    game.apply(worst["move"])
    review = review_game(game, advisor)
    assert len(review["decisions"]) == 1
    assert review["decisions"][0]["loss"] == pytest.approx(worst["loss"])
    assert review["decisions"][0]["best"] == advice["best"]
