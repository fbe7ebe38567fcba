"""The statistics screen's door: what the page start knows of it is this module's name.

``ui.page`` makes ``LaterView(shell, "ui.stats", "Stats", "stats")``; this
small module is all that fetches, and it names the screen's own files here
(``lazy.GROUPS``), so none of their names is start code.  :func:`Stats` is
itself a later view of the screen (``ui.stats_screen``), fetched at once.
"""

import asyncio
import sys

from . import lazy
from .later import LaterView

SCREEN = "ui.stats_screen"
lazy.GROUPS["ui.history"] = ("dicepoker/stats", "ui/game_record", "ui/history")
lazy.GROUPS["ui.stats_screen"] = ("dicepoker/stats", "ui/game_record", "ui/history",
                                  "dicepoker/optimal_means", "dicepoker/daily", "ui/daily_results",
                                  "ui/words", "ui/charts", "ui/stats_words", "ui/stats_daily",
                                  "dicepoker/practice_progress", "ui/practice_store",
                                  "ui/stats_practice", "ui/stats_screen")
lazy.prefetch(SCREEN)    # the screen's files come beside the later views' markup and style


def Stats(shell):
    return LaterView(shell, SCREEN, "StatsScreen", "stats")


def run_effect(kind, value, shell):
    """``history`` (``ui.effects.LATER``): a deletion or a game moved aside is carried out
    by the screen, which is in (it is open when the player deletes a game); the points
    given away in a review go into the record once ``ui.history`` is in."""
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
        module = await lazy.load("ui.history" if "given" in value else SCREEN)
    except lazy.LazyLoadError:
        return                          # the statistics lack this review's figure
    if "given" in value:
        game = reviewed_game(shell.state, value["id"])
        if game is not None:
            from .game_record import summarize      # fetched with ui.history (lazy.GROUPS)
            module.set_given(shell.storage, summarize(game), value["given"])
        return
    module.run_effect("history", value, shell)
    shell.draw()
