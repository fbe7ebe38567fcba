"""What a new player meets: challenge links with any names and computer seats, names that
differ, high scores that count computer seats, a computer's box kept on screen."""

import pytest

from control.links import link_key, link_params, setup_from_params
from dicepoker.errors import InvalidSetup
from dicepoker.game import Game
from fake_shell import World, play_game
from scenarios import setup
from tracing import all_effects


def params_of(pairs):
    """What ui.platform.dom.query_params makes of a query: ``player`` as a list, the rest as text."""
    params = {}
    for name, value in pairs:
        if name == "player":
            params.setdefault("player", []).append(value)
        else:
            params[name] = value
    return params


# ------------------------------------------------------------------ links
def test_the_first_form_of_a_link_still_works():
    setup_ = setup_from_params({"players": "Ann,Ben", "seed": "42", "rules": "yahtzee"})
    assert setup_ == {"players": ["Ann", "Ben"], "ruleset": "yahtzee", "seed": "42",
                      "seats": ["human", "human"]}
    assert link_key(setup_) == "yahtzee|42|Ann,Ben"           # the key saved games hold
    # and a link without commas in its names is still written that way
    assert link_params(["Ann", "Ben"], "yahtzee", "42") == [
        ("players", "Ann,Ben"), ("seed", "42"), ("rules", "yahtzee")]


@pytest.mark.parametrize("players, seats", [
    (["Smith, J", "Ben"], ["human", "human"]),
    (["Ann", "Computer 2", "Cy"], ["human", "good", "beginner"]),
    (["Lee, K", "Optimal"], ["human", "optimal"]),
    (["Solo"], ["human"]),
])
def test_a_link_gives_back_the_names_seats_and_levels_it_was_made_of(players, seats):
    pairs = link_params(players, "dice-poker", "77", seats)
    setup_ = setup_from_params(params_of(pairs))
    assert setup_ == {"players": players, "ruleset": "dice-poker", "seed": "77", "seats": seats}


def test_links_of_other_seats_or_names_have_other_keys():
    keys = {link_key(setup_from_params(params_of(link_params(players, "yahtzee", "1", seats))))
            for players, seats in [(["Smith, J"], ["human"]), (["Smith", "J"], ["human"] * 2),
                                   (["Ann", "Bo"], ["human", "good"]),
                                   (["Ann", "Bo"], ["human", "beginner"]),
                                   (["Ann", "Bo"], ["human", "human"])]}
    assert len(keys) == 5


def test_a_link_with_bad_seats_is_refused():
    for seats in ("human", "human,robot", "good,good,good"):
        with pytest.raises(InvalidSetup):
            setup_from_params({"players": "Ann,Ben", "seats": seats})


def test_a_friend_opening_the_link_gets_the_same_dice_in_the_same_seat():
    """The whole game: the one who made the link, then a friend in another tab (world)."""
    players, seats = ["Smith, J", "Computer 2"], ["human", "beginner"]
    made = Game(players, seed="share", seats=seats)
    pairs = link_params(made.players, made.ruleset.id, made.seed, made.seats)
    world = World()
    tab = world.tab("friend", params=params_of(pairs))
    game = tab.state.game
    assert game.players == players and game.seats == seats and game.seed == "share"
    play_game(world, tab)
    # the friend's moves on the maker's game throw the very same dice: the same game
    for move in game.moves:
        made.apply(move)
    assert made.to_dict() == game.to_dict() and made.is_over


def test_the_same_seat_gets_the_same_dice_whoever_else_plays():
    """What the setup text claims: the dice come seat by seat."""
    one = Game(["Ann", "Ben"], seed="seat")
    other = Game(["Zed", "Yu", "Xi"], seed="seat", seats=["good", "human", "human"])
    for game in (one, other):
        game.roll()
        game.score("chance")
    assert one.dice == () == other.dice
    one.roll()
    other.roll()
    assert one.dice == other.dice                 # seat 2 of both, in round 1


# ------------------------------------------------------------------ names
@pytest.mark.parametrize("names", [["Ann", "ann"], ["Ann", " Ann "], ["Jo Ann", "joann"],
                                   ["A", "B", "a"]])
def test_two_players_cannot_have_one_name(names):
    world = World()
    tab = world.tab("t")
    tab.act(setup(names))
    assert tab.state.game is None and tab.state.setup_error["error"] == "same_name"


def test_names_that_differ_are_taken():
    world = World()
    tab = world.tab("t")
    tab.act(setup(["Ann", "Anna", "Ann B"]))
    assert tab.state.game.players == ["Ann", "Anna", "Ann B"]


# ------------------------------------------------------------ high scores
def test_a_game_against_the_computer_is_not_recorded_as_solo():
    world = World()
    tab = world.tab("t")
    tab.act(setup(["Ann", "Cpu"], seats=["human", "beginner"]))
    play_game(world, tab)
    assert all_effects(world, "record")[0]["players"] == 2
    table = world.storage.highscores()["dice-poker"]
    assert [(e["name"], e["players"]) for e in table] == [("Ann", 2)]


# ------------------------------------------------------- a computer's box
def test_a_computers_box_stays_on_screen_until_the_next_move():
    world = World()
    tab = world.tab("t")
    tab.act(setup(["Ann", "Cpu"], seats=["human", "beginner"]))
    state = tab.state
    tab.act({"roll": True})
    tab.act({"fill": "chance"})
    assert state.last_box[0] == state.version and state.last_box[2] == "human"
    world.run_timers(until=lambda: state.game.current_player != 1)
    version, said, seat = state.last_box
    assert version == state.version and seat == "beginner"
    box = state.game.moves[-1]["score"]
    assert said == {"key": "announce.scored", "params": {
        "name": "Cpu", "points": state.game.cards[1][box], "box": {"key": "box." + box,
                                                                   "params": {}}}}
    tab.act({"hold": 0})                             # not a move: still shown
    assert state.last_box[0] == state.version
    tab.act({"roll": True})                          # the next move: gone
    assert state.last_box[0] != state.version
