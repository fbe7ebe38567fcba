"""One exception family for everything a player or a saved file can get wrong.

Every error carries a stable ``code`` and ``params`` so the UI can show it in the
player's language from its message catalogue; ``str(error)`` is a readable
English sentence for logs, tests and developers.  ``DicePokerError`` derives
from ``ValueError`` so generic callers that guard against bad values catch it.
"""


class DicePokerError(ValueError):
    """Base of every error the engine raises on purpose."""

    def __init__(self, code, message, **params):
        super().__init__(message)
        self.code = code
        self.params = params
        self.message = message

    def __str__(self):
        return self.message


class IllegalMove(DicePokerError):
    """A move the rules do not allow now; the game state is left unchanged."""


class InvalidSave(DicePokerError):
    """A saved game (or other document) that cannot be restored; nothing is loaded."""


class InvalidSetup(DicePokerError):
    """Bad arguments for a new game: players, rule set or seed."""
