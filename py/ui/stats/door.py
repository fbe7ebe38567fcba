"""The statistics screen's door: the ``history`` effect (``ui.effects.LATER``).

The screen itself (``ui.stats.screen``) is a later view ``ui.page`` makes when
``#stats-dialog`` opens; this small module carries out what the controller asks
of the kept games while the screen may not be in yet, fetching what it needs.
"""

import asyncio
import sys

from ..platform import lazy

SCREEN = "ui.stats.screen"


def run_effect(kind, value, shell):
    """``history`` (``ui.effects.LATER``): a deletion or a game moved aside is carried out
    by the screen, which is in (it is open when the player deletes a game); the points
    given away in a review go into the record once ``ui.records.history`` is in."""
    screen = sys.modules.get(SCREEN)
    if screen is not None and "given" not in value:
        screen.run_effect(kind, value, shell)
        return
    asyncio.create_task(_later(value, shell))


def reviewed_game(state, record_id):
    """The game a review's ``given`` is about: the kept game ``record_id`` opened over the
    statistics, or (None) the game on screen, just finished; None if it is gone."""
    if record_id is None:
        return state.game
    review = state.review_of
    return review[1] if review is not None and review[0] == record_id else None


async def _later(value, shell):
    try:
        module = await lazy.load("ui.records.history" if "given" in value else SCREEN)
    except lazy.LazyLoadError:
        return                          # the statistics lack this review's figure
    if "given" in value:
        game = reviewed_game(shell.state, value["id"])
        if game is not None:
            from ..records.game_record import summarize      # fetched with ui.records.history (lazy.GROUPS)
            module.set_given(shell.storage, summarize(game), value["given"])
        return
    module.run_effect("history", value, shell)
    shell.draw()
