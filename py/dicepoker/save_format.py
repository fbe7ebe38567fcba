"""What a saved game is, in the names its writer and its reader share.

The writer is :meth:`dicepoker.game.Game.to_json`, a start module's; the reader
is :mod:`dicepoker.save_reader`, fetched only when there is a save to read.
Neither imports the other for these (the reader never imports the game: that
was a circle), so they live here: the format's name and version, and the one
check of every number read back from a save, a file or storage.
"""

SAVE_FORMAT = "dice-poker/game"
SAVE_VERSION = 1


def is_int(value):
    """An int that is not a bool (JSON's true is no count): the one check of every
    number read from a save, a file or storage."""
    return isinstance(value, int) and not isinstance(value, bool)
