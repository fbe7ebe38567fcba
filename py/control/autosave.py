"""The game on screen saved as it is now: one ``save`` effect after each change a reload keeps.

Every accepted move, a change of the dice kept, an undo, a new or restored game
and a change of the save's meta (``control.saves``) ends in :func:`autosave`;
the shell writes the effect to storage (``ui.records.storage.Storage.save_game``).  A
module of its own because the moves (``play``), the dialogs (closing a game's
results is saved) and the start-up (``games``) all save, and none of them
should import another for it.
"""

from .state import first_screen


def autosave(state, fx):
    """Save the game as it is now: one ``save`` effect, with the revision it builds on.

    The saved meta also says what the game's first screen looks like before
    Python runs (:func:`~control.state.first_screen`; static/js/boot.js:
    ``data-rules`` and ``data-turn-phase`` on ``<html>``), so the card's rows
    and the tray are in place."""
    game, meta = state.game, state.meta
    base = meta["rev"]
    meta["rev"] = base + 1
    meta["first"] = first_screen(state)
    fx.add("save", {"game": game.to_json(held=state.held), "meta": dict(meta), "base": base})
