"""A box's own value on five dice, checked: the engine's calculator for callers outside a game.

A game scores through its rule set (``Ruleset.options``, Joker included),
which never needs these checks; this module is for code that asks "what
does this throw score in that box?" with dice from anywhere
(``dicepoker.rules.score`` calls it).  The page does not import it.
"""

from .boxes import BOXES, DICE_COUNT, FACES
from .errors import InvalidSetup


def check_dice(dice):
    """Raise unless ``dice`` are five faces 1..6; return them as a tuple."""
    try:
        dice = tuple(dice)
    except TypeError:
        raise InvalidSetup("bad_dice", "dice must be a sequence of five faces")
    if len(dice) != DICE_COUNT:
        raise InvalidSetup("bad_dice", "there must be exactly five dice, not %d" % len(dice))
    for face in dice:
        if not isinstance(face, int) or isinstance(face, bool) or not 1 <= face <= FACES:
            raise InvalidSetup("bad_dice", "a die shows 1 to 6, not %r" % (face,))
    return dice


def score(box_id, dice):
    """The box's own value for these dice, without the Joker.

    >>> score("pair", (5, 5, 3, 2, 1))
    16
    """
    box = BOXES.get(box_id)
    if box is None:
        raise InvalidSetup("unknown_box", "there is no box called %r" % (box_id,), box=box_id)
    return box.score(check_dice(dice))
