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
lazy.GROUPS["ui.history"] = ("dicepoker/stats", "ui/history")
lazy.GROUPS["ui.stats_screen"] = ("dicepoker/stats", "ui/history", "dicepoker/optimal_means",
                                  "ui/words", "ui/charts", "ui/stats_screen")


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


async def _later(value, shell):
    try:
        module = await lazy.load("ui.history" if "given" in value else SCREEN)
    except lazy.LazyLoadError:
        return                          # the statistics lack this review's figure
    if "given" in value:
        record_id = value["id"]
        if record_id is None:           # the game on screen, just finished
            record_id = module.game_id(shell.state.game)
        module.set_given(shell.storage, record_id, value["given"], module.stamp())
        return
    module.run_effect("history", value, shell)
    shell.draw()
