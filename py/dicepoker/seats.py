"""Who plays a seat: a person, or the computer at one of its levels.

The one definition of the seat kinds a game (``Game(seats=...)``), a save,
the computer players (``strategy.players``) and the UI agree on.
"""

HUMAN = "human"
OPTIMAL = "optimal"
GOOD = "good"
BEGINNER = "beginner"
TO_WIN = "to_win"        # plays for the chance of winning, not the expected score
COMPUTER_LEVELS = (OPTIMAL, GOOD, BEGINNER, TO_WIN)
REMOTE = "remote"           # a friend who plays this seat on another device (dicepoker.fair)
SEAT_KINDS = (HUMAN,) + COMPUTER_LEVELS + (REMOTE,)


def is_computer(seat):
    """True for a seat the computer plays (one of ``COMPUTER_LEVELS``)."""
    return seat in COMPUTER_LEVELS
