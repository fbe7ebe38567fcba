"""Moves one at a time: rolling and holding, undo, and every illegal move raising
IllegalMove with the state left exactly as it was."""

import random

import pytest

from engine_cases import play_random_game, scripted_game
from dicepoker.errors import DicePokerError, IllegalMove, InvalidSetup
from dicepoker.game import Game


def snapshot(game):
    """Everything a move could change, including what ``to_dict`` does not hold."""
    return (game.to_dict(), game.can_undo, game.held, getattr(game.dice_source, "position", None))


def assert_illegal(game, code, call, *args):
    before = snapshot(game)
    with pytest.raises(IllegalMove) as caught:
        call(*args)
    error = caught.value
    assert isinstance(error, DicePokerError) and isinstance(error, ValueError)
    assert error.code == code, str(error)
    assert str(error)
    assert snapshot(game) == before
    return error


def new_game(players=("Ann", "Ben"), **kwargs):
    kwargs.setdefault("seed", "moves")
    return Game(list(players), **kwargs)


# ------------------------------------------------------------ legal moves
def test_a_turn_rolls_up_to_three_times_keeping_held_dice():
    game = new_game()
    assert game.dice == () and game.rolls_left == 3 and game.can_roll and not game.can_hold
    first = game.roll()
    assert len(first) == 5 and all(1 <= d <= 6 for d in first)
    assert game.dice == first and game.rolls_left == 2 and game.can_hold
    second = game.roll(hold=(0, 2))
    assert (second[0], second[2]) == (first[0], first[2])
    assert game.held == (0, 2) and game.rolls_left == 1
    game.toggle_hold(2)
    game.toggle_hold(4)
    assert game.held == (0, 4)
    third = game.roll()                          # keeps the held dice set by the UI
    assert (third[0], third[4]) == (second[0], second[4])
    assert game.rolls_left == 0 and not game.can_roll and not game.can_hold
    assert game.held == ()
    assert game.moves == [{"roll": []}, {"roll": [0, 2]}, {"roll": [0, 4]}]


def test_scoring_passes_the_turn_and_clears_the_dice():
    game = new_game(players=("Ann", "Ben", "Cy"))
    for expected_player, box in ((0, "chance"), (1, "chance"), (2, "chance"), (0, "ones")):
        assert game.current_player == expected_player
        game.roll()
        game.score(box)
        assert game.dice == () and game.rolls_used == 0 and game.held == ()
    assert game.round == 1 and game.current_player == 1


def test_the_player_may_stop_after_any_roll():
    game = new_game()
    game.roll()
    points = game.options()["chance"]
    assert game.score("chance") == points == sum(game.cards[0].values())


def test_undo_restores_the_position_before_the_score():
    game = new_game()
    game.roll()
    game.roll(hold=[1])
    before = game.to_dict()
    game.score("chance")
    assert game.can_undo
    game.undo()
    assert game.to_dict() == before and not game.can_undo
    assert game.score("ones") == game.cards[0]["ones"]   # another box is fine after undo


def test_undo_of_the_last_box_reopens_a_finished_game():
    game = new_game(players=("Ann",), ruleset="yahtzee")
    play_random_game(random.Random(5), game, undo_rate=0)
    assert game.is_over and game.winners() == [0]
    last_box = game.moves[-1]["score"]
    game.undo()
    assert not game.is_over and game.winners() == []
    assert last_box not in game.cards[0] and game.rolls_used > 0


def test_apply_takes_moves_as_data():
    game = new_game()
    game.apply({"roll": None})
    game.apply({"hold": [1, 2]})
    game.apply({"roll": [1, 2]})
    box = sorted(game.options())[0]
    game.apply({"score": box})
    game.apply({"undo": True})
    assert game.moves == [{"roll": []}, {"roll": [1, 2]}]
    replay = new_game()
    for move in game.moves:
        replay.apply(move)
    assert replay.state_dict()["dice"] == game.state_dict()["dice"]


# ----------------------------------------------------------- illegal moves
def test_a_fourth_roll_is_illegal():
    game = new_game()
    game.roll()
    game.roll()
    game.roll()
    assert_illegal(game, "no_rolls_left", game.roll)
    assert_illegal(game, "no_rolls_left", game.roll, [0])
    assert_illegal(game, "no_rolls_left", game.apply, {"roll": []})


def test_holding_before_the_first_roll_is_illegal():
    game = new_game()
    assert_illegal(game, "hold_before_roll", game.hold, [0])
    assert_illegal(game, "hold_before_roll", game.toggle_hold, 3)
    assert_illegal(game, "hold_before_roll", game.roll, [0, 1])
    assert_illegal(game, "hold_before_roll", game.apply, {"roll": [2]})
    game.hold([])                               # holding nothing is always fine


def test_holding_after_the_third_roll_is_illegal():
    game = new_game()
    for _ in range(3):
        game.roll()
    assert_illegal(game, "no_rolls_left", game.hold, [1])


def test_rolling_with_all_five_held_is_illegal():
    game = new_game()
    game.roll()
    assert_illegal(game, "all_held", game.roll, [0, 1, 2, 3, 4])
    game.hold([0, 1, 2, 3, 4])                  # allowed as a UI state before scoring
    assert_illegal(game, "all_held", game.roll)


@pytest.mark.parametrize("hold", [[5], [-1], [0, 0], "01", [True], [1.0], 3, {"0": 1}])
def test_a_malformed_hold_is_illegal(hold):
    game = new_game()
    game.roll()
    assert_illegal(game, "bad_hold", game.roll, hold)
    assert_illegal(game, "bad_hold", game.hold, hold)


def test_scoring_before_rolling_is_illegal():
    game = new_game()
    assert_illegal(game, "score_before_roll", game.score, "chance")
    game.roll()
    game.score("chance")
    assert_illegal(game, "score_before_roll", game.score, "ones")


def test_filling_a_filled_box_is_illegal():
    game = new_game()
    game.roll()
    game.score("chance")
    game.roll()
    game.score("chance")                        # Ben's own chance box
    game.roll()
    error = assert_illegal(game, "box_filled", game.score, "chance")
    assert "chance" in str(error)


@pytest.mark.parametrize("ruleset,box", [("dice-poker", "bonus"), ("dice-poker", "Chance"),
                                         ("yahtzee", "pair"), ("yahtzee", "two_pairs"),
                                         ("dice-poker", None), ("dice-poker", ["ones"])])
def test_an_unknown_box_is_illegal(ruleset, box):
    game = new_game(ruleset=ruleset)
    game.roll()
    assert_illegal(game, "unknown_box", game.score, box)


def test_ignoring_a_forced_joker_box_is_illegal():
    game = scripted_game([((5, 5, 5, 5, 5), "poker")], then=(2, 2, 2, 2, 2))
    error = assert_illegal(game, "joker_forces", game.score, "chance")
    assert "twos" in str(error)


def test_every_move_after_the_game_is_over_is_illegal():
    game = new_game(players=("Ann", "Ben"), ruleset="yahtzee")
    play_random_game(random.Random(9), game, undo_rate=0)
    assert game.is_over
    game.undo()
    game.score(sorted(game.options())[0])       # the final box again, then no undo
    assert_illegal(game, "game_over", game.roll)
    assert_illegal(game, "game_over", game.score, "chance")
    assert_illegal(game, "game_over", game.hold, [0])
    assert_illegal(game, "game_over", game.apply, {"roll": []})
    assert game.options() == {} and game.pending_poker_bonus() == 0
    assert not game.can_roll and not game.can_hold


def test_undo_with_nothing_to_undo_is_illegal():
    game = new_game()
    assert_illegal(game, "nothing_to_undo", game.undo)
    game.roll()
    assert_illegal(game, "nothing_to_undo", game.undo)      # a roll cannot be undone


def test_undo_after_the_next_roll_is_illegal():
    game = new_game()
    game.roll()
    game.score("chance")
    game.roll()
    assert_illegal(game, "nothing_to_undo", game.undo)


def test_undo_twice_is_illegal():
    game = new_game()
    game.roll()
    game.score("chance")
    game.undo()
    assert_illegal(game, "nothing_to_undo", game.undo)


@pytest.mark.parametrize("move", [{}, {"jump": 1}, {"roll": [], "score": "ones"}, [], "roll",
                                  None])
def test_a_malformed_move_is_illegal(move):
    game = new_game()
    game.roll()
    assert_illegal(game, "bad_move", game.apply, move)


# ------------------------------------------------------------------ set-up
@pytest.mark.parametrize("players,code", [
    ([], "player_count"), (["P%d" % i for i in range(9)], "player_count"),
    (["Ann", ""], "bad_name"), (["Ann", "   "], "bad_name"), (["Ann", 3], "bad_name"),
    (["x" * 25], "long_name"), ("Ann", "bad_players"), (None, "bad_players"),
])
def test_bad_players_are_an_invalid_setup(players, code):
    with pytest.raises(InvalidSetup) as caught:
        Game(players, seed=1)
    assert caught.value.code == code


def test_one_to_eight_players_and_names_are_trimmed():
    assert Game(["  Ann "], seed=1).players == ["Ann"]
    assert len(Game(["P%d" % i for i in range(8)], seed=1).players) == 8


@pytest.mark.parametrize("kwargs,code", [
    ({"ruleset": "poker"}, "unknown_ruleset"), ({"seats": ["human"]}, "bad_seats"),
    ({"seats": ["human", "robot"]}, "bad_seats"), ({"seed": ""}, "bad_seed"),
    ({"seed": "x" * 41}, "bad_seed"), ({"seed": 4.5}, "bad_seed"), ({"seed": True}, "bad_seed"),
])
def test_bad_setup_is_an_invalid_setup(kwargs, code):
    with pytest.raises(InvalidSetup) as caught:
        Game(["Ann", "Ben"], **kwargs)
    assert caught.value.code == code
    assert str(caught.value)


def test_seats_default_to_humans_and_accept_computer_levels():
    assert Game(["Ann", "Ben"], seed=1).seats == ["human", "human"]
    game = Game(["Ann", "Ben", "Cy", "Di"], seed=1,
                seats=["human", "optimal", "good", "beginner"])
    assert game.seats == ["human", "optimal", "good", "beginner"]
    assert Game.from_json(game.to_json()).seats == game.seats
