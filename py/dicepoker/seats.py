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


# Today's player when the page knows no name: one identity in every language (a save,
# a high score and the statistics keep it), shown as the catalogue's ``daily.player``
# (``ui.language.i18n.Catalogue.t`` words it; messages about this player are the
# catalogue's ``*_you`` ones, in the second person).  A private-use character starts
# it, so no name typed in the setup is it.
YOU = "\ue000you"
# What earlier versions kept instead: the word of the language of the moment (read
# back as :data:`YOU` from the high scores and the statistics).
OLD_YOU = ("You", "J\u016bs", "\u0412\u044b", "Vy")


def player_identity(name):
    """``name`` as one person: today's player under :data:`YOU`, whatever language an
    earlier version kept it in; any other name as it is."""
    return YOU if name in OLD_YOU else name


def is_you(name):
    """Whether ``name`` is today's nameless player (a game's; an old record's word is
    :func:`player_identity`'s)."""
    return name == YOU
