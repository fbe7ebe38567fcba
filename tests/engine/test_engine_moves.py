"""Moves one at a time: rolling and holding, undo, and every illegal move raising
IllegalMove with the state left exactly as it was."""

import random

import pytest

from engine_cases import loaded_dice, play_random_game, scripted_game
from dicepoker.dice import ScriptedDice
from dicepoker.errors import DicePokerError, IllegalMove, InvalidSetup
from dicepoker.game import Game
from dicepoker.savefile import load, load_dict


def snapshot(game):
    """Everything a move could change, including what ``to_dict`` does not hold."""
    return (game.to_dict(), game.can_undo, getattr(game.dice_source, "position", None))


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
def test_a_turn_rolls_up_to_three_times_keeping_the_dice_it_is_given():
    game = new_game()
    assert game.dice == () and game.rolls_left == 3 and game.can_roll and not game.can_hold
    first = game.roll()
    assert len(first) == 5 and all(1 <= d <= 6 for d in first)
    assert game.dice == first and game.rolls_left == 2 and game.can_hold
    second = game.roll(hold=(0, 2))
    assert (second[0], second[2]) == (first[0], first[2])
    assert game.rolls_left == 1
    third = game.roll([4, 0])                    # any order; kept as sorted positions
    assert (third[0], third[4]) == (second[0], second[4])
    assert game.rolls_left == 0 and not game.can_roll and not game.can_hold
    assert game.moves == [{"roll": []}, {"roll": [0, 2]}, {"roll": [0, 4]}]


def test_a_roll_without_holds_throws_all_five():
    """The game keeps no held dice: what is kept is the roll's argument, every time."""
    game = Game(["Ann"], dice=ScriptedDice([1, 1, 1, 1, 1, 2, 2, 2, 2, 2]))
    game.roll()
    assert game.check_hold([0, 1]) == (0, 1)     # a check only: nothing is remembered
    assert game.roll() == (2, 2, 2, 2, 2)
    assert game.moves == [{"roll": []}, {"roll": []}]


def test_the_game_keeps_no_held_dice():
    game = new_game()
    game.roll()
    for name in ("held", "hold", "toggle_hold", "_undo"):
        assert not hasattr(game, name), name
    assert "held" not in game.state_dict()


def test_scoring_passes_the_turn_and_clears_the_dice():
    game = new_game(players=("Ann", "Ben", "Cy"))
    for expected_player, box in ((0, "chance"), (1, "chance"), (2, "chance"), (0, "ones")):
        assert game.current_player == expected_player
        game.roll()
        game.score(box)
        assert game.dice == () and game.rolls_used == 0
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
    before = snapshot(game)
    game.score("chance")
    assert game.can_undo
    game.undo()
    assert snapshot(game) == before and not game.can_undo
    assert game.score("ones") == game.cards[0]["ones"]   # another box is fine after undo


def test_undo_of_the_last_box_reopens_a_finished_game():
    game = new_game(players=("Ann",), ruleset="yahtzee")
    play_random_game(random.Random(5), game, undo_rate=0)
    assert game.is_over and game.winners() == [0]
    last_box = game.moves[-1]["score"]
    finished = snapshot(game)
    game.undo()
    assert not game.is_over and game.winners() == []
    assert last_box not in game.cards[0] and game.rolls_used > 0
    earlier = dict(finished[0], moves=finished[0]["moves"][:-1])
    assert game.to_dict() == load_dict(earlier, verify=False)[0].to_dict()
    game.score(last_box)
    assert snapshot(game) == finished


def _position(game):
    """The position and what is derived from it, as an undo must give it back."""
    return (snapshot(game), game.options(), game.pending_poker_bonus(), game.totals(),
            game.is_over)


@pytest.mark.parametrize("dice", ["seeded", "scripted"])
def test_undo_after_any_score_is_the_position_before_it(dice):
    """Every score of whole games, the Joker's and the last box's too, taken back and redone."""
    rng = random.Random("undo-" + dice)
    undone = {"bonus": 0, "joker": 0, "last": 0, "scores": 0}
    for ruleset in ("dice-poker", "dice-poker-classic", "yahtzee"):
        players = ["Ann", "Ben"]
        source = loaded_dice(rng, len(players)) if dice == "scripted" else None
        game = Game(players, ruleset=ruleset, seed=rng.randint(1, 10 ** 6), dice=source)
        source = game.dice_source
        while not game.is_over:
            game.roll()
            while game.can_roll and rng.random() < 0.8:
                face = max(game.dice, key=game.dice.count)       # go for five of a kind
                keep = [i for i, d in enumerate(game.dice) if d == face]
                if len(keep) == 5:
                    break
                game.roll(keep if rng.random() < 0.7 else rng.sample(range(5), 2))
            options = game.options()
            box = "poker" if options.get("poker") == 50 else rng.choice(sorted(options))
            before = _position(game)
            joker = game.ruleset.joker_applies(game.card(), game.dice)
            bonus = game.pending_poker_bonus()
            points = game.score(box)
            after = _position(game)
            over = game.is_over
            game.undo()
            assert _position(game) == before, (ruleset, len(game.moves))
            assert game.dice_source is source       # a score draws no dice: the source stays
            assert game.score(box) == points
            assert _position(game) == after
            undone["scores"] += 1
            undone["bonus"] += bool(bonus)
            undone["joker"] += joker
            undone["last"] += over
    assert undone["last"] == 3 and undone["scores"] == 2 * (15 + 15 + 13)
    if dice == "scripted":
        assert undone["bonus"] >= 10 and undone["joker"] >= 10, undone


def test_undo_replays_a_scripted_game_from_its_whole_dice_list():
    """Undo rebuilds the dice source from the saved form, so scripted dice replay too."""
    game = scripted_game([((6, 6, 6, 6, 6), "poker"), ((6, 6, 6, 6, 6), "sixes")])
    assert game.poker_bonuses == [100] and game.cards[0] == {"poker": 50, "sixes": 30}
    game.undo()
    assert game.cards[0] == {"poker": 50} and game.poker_bonuses == [0]
    assert game.dice == (6, 6, 6, 6, 6) and game.options() == {"sixes": 30}
    assert game.dice_source.position == 10
    game.dice_source.faces.extend([1, 2, 3, 4, 5])
    game.score("sixes")
    assert game.roll() == (1, 2, 3, 4, 5)


def test_a_game_rebuilt_from_its_data_is_independent_and_plays_on_identically():
    game = Game(["Ann"], dice=ScriptedDice([2, 3, 4, 5, 6, 1, 1, 1, 1, 1]))
    game.roll()
    game.score("chance")
    copy = load_dict(game.to_dict(), verify=False)[0]
    assert copy.to_dict() == game.to_dict() and copy.can_undo
    copy.undo()
    assert game.cards[0] == {"chance": 20} and game.can_undo
    copy.score("large_straight")
    assert copy.roll() == game.roll() == (1, 1, 1, 1, 1)


def test_apply_takes_moves_as_data():
    game = new_game()
    game.apply({"roll": None})
    game.apply({"roll": [1, 2]})
    box = sorted(game.options())[0]
    game.apply({"score": box})
    assert game.moves == [{"roll": []}, {"roll": [1, 2]}, {"score": box}]
    replay = new_game()
    for move in game.moves:
        replay.apply(move)
    assert replay.to_dict() == game.to_dict()


def test_apply_refuses_holds_and_undos_which_are_no_moves():
    game = new_game()
    game.roll()
    assert_illegal(game, "bad_move", game.apply, {"hold": [1, 2]})
    assert_illegal(game, "bad_move", game.apply, {"hold": []})
    game.score("chance")
    assert game.can_undo                        # undo is allowed, but not as a move
    assert_illegal(game, "bad_move", game.apply, {"undo": True})
    assert_illegal(game, "bad_move", game.apply, {"undo": None})
    game.undo()
    assert game.moves == [{"roll": []}]


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
    assert_illegal(game, "hold_before_roll", game.check_hold, [0])
    assert_illegal(game, "hold_before_roll", game.roll, [0, 1])
    assert_illegal(game, "hold_before_roll", game.apply, {"roll": [2]})
    assert game.check_hold([]) == game.check_hold(None) == ()    # nothing is always fine


def test_check_hold_allows_holds_between_the_first_and_the_last_roll():
    game = new_game()
    game.roll()
    assert game.check_hold([3, 1]) == (1, 3)
    assert game.check_hold((4,)) == (4,)
    game.roll([1])
    assert game.check_hold([0, 2, 4]) == (0, 2, 4)
    assert game.moves == [{"roll": []}, {"roll": [1]}]      # checking is no move


def test_holding_after_the_third_roll_is_illegal():
    game = new_game()
    for _ in range(3):
        game.roll()
    assert_illegal(game, "no_rolls_left", game.check_hold, [1])
    assert game.check_hold([]) == ()


def test_rolling_with_all_five_held_is_illegal():
    game = new_game()
    game.roll()
    assert_illegal(game, "all_held", game.roll, [0, 1, 2, 3, 4])
    # allowed as a UI state before scoring
    assert game.check_hold([4, 3, 2, 1, 0]) == (0, 1, 2, 3, 4)


@pytest.mark.parametrize("hold", [[5], [-1], [0, 0], "01", [True], [1.0], 3, {"0": 1}])
def test_a_malformed_hold_is_illegal(hold):
    game = new_game()
    game.roll()
    assert_illegal(game, "bad_hold", game.roll, hold)
    assert_illegal(game, "bad_hold", game.check_hold, hold)
    fresh = new_game()
    assert_illegal(fresh, "bad_hold", fresh.check_hold, hold)   # the indices come first


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
    assert_illegal(game, "game_over", game.check_hold, [0])
    assert_illegal(game, "game_over", game.apply, {"roll": []})
    assert game.check_hold([]) == ()
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
    assert load(game.to_json())[0].seats == game.seats
