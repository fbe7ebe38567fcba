"""Seat kinds have one definition (``dicepoker.seats``): the game and its saves
take them from there, as do the computer players (``tests/strategy``)."""

import pytest

from dicepoker import seats
from dicepoker.errors import InvalidSetup
from dicepoker.game import SEAT_KINDS, Game
from dicepoker.savefile import load


def test_seat_kinds_have_one_definition():
    assert seats.HUMAN == "human"
    assert seats.COMPUTER_LEVELS == (seats.OPTIMAL, seats.GOOD, seats.BEGINNER, seats.TO_WIN)
    assert seats.COMPUTER_LEVELS == ("optimal", "good", "beginner", "to_win")
    assert SEAT_KINDS is seats.SEAT_KINDS == ("human", "optimal", "good", "beginner", "to_win",
                                              "remote")
    assert seats.REMOTE == "remote" and not seats.is_computer(seats.REMOTE)
    assert not seats.is_computer("human")
    for level in seats.COMPUTER_LEVELS:
        assert seats.is_computer(level)
    for other in ("robot", "", None, "Human", ["human"]):
        assert not seats.is_computer(other)


def test_a_game_takes_every_seat_kind_and_no_other():
    game = Game(["A", "B", "C", "D", "E", "F"], seed=1, seats=list(seats.SEAT_KINDS))
    assert game.seats == ["human", "optimal", "good", "beginner", "to_win", "remote"]
    assert load(game.to_json())[0].seats == game.seats
    assert Game(["A"], seed=1).seats == [seats.HUMAN]
    with pytest.raises(InvalidSetup) as caught:
        Game(["A"], seed=1, seats=["robot"])
    assert caught.value.code == "bad_seats"
    assert "human, optimal, good, beginner, to_win, remote" in str(caught.value)
