"""Reading a saved game back: ``(game, held)`` from its JSON text or its plain data.

A save (:meth:`dicepoker.game.Game.to_json`) is never trusted: the reader,
:mod:`dicepoker.save_reader`, checks the shape and ranges of every field,
replays the moves on a fresh :class:`~dicepoker.game.Game` and compares;
anything else raises :class:`~dicepoker.errors.InvalidSave` with a code and a
readable reason.  This module gives the reader the class ``Game`` (the reader
never imports it: ``Game.from_json`` reads through the reader too).

Not a start module: only a page with a save to read (or a game file to import,
or a review) needs it, so the page fetches it, with the reader and keyed dice
(``dicepoker.keyed_dice``, a game by link's), on first use (``ui.platform.lazy``).
"""

from .game import Game
from .save_reader import parse, restore


def load(text):
    """``(game, held)`` from a saved game's JSON text; raises InvalidSave with a readable reason.

    ``held`` is the sorted tuple of dice set aside when it was saved.
    """
    return restore(Game, parse(text), True)


def load_dict(data, verify=True):
    """``(game, held)`` from a saved game as plain data: validate, replay every move, compare.

    With ``verify=False`` the saved position is neither checked nor compared
    (the game is what its moves make it); the held dice are checked always.
    """
    return restore(Game, data, verify)
