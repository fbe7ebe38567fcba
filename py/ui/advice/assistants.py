"""Answers the controller's ``advise`` and ``think`` effects (fetched on first use).

This module, :mod:`ui.advice.coach` (strategy tables) and :mod:`ui.advice.computer` (a
computer's move) are not needed for a first turn between people, so they are
not start modules: the first hint, computer turn or review fetches them
(``ui.effects.LATER``, :mod:`ui.platform.lazy`), and they fetch the strategy package and the
table when they first need it.  Once the table is in, a hint is answered
within the tap's own task (a task of its own would start only after the
browser's next frame).
"""

import asyncio

from . import computer
from ..platform import lazy
from .coach import Coach, CoachUnavailable


_helper = None


def helper(shell):
    """The page's one Assistants (its coach keeps the tables loaded)."""
    global _helper
    if _helper is None:
        _helper = Assistants(shell)
    return _helper


def run_effect(kind, value, shell):
    """Carry out an ``advise`` or ``think`` effect (``ui.effects.LATER``)."""
    if kind == "advise":
        helper(shell).advise(value["for"])
    else:
        helper(shell).think(value["for"], value["level"])


class Assistants:
    def __init__(self, shell):
        self.shell = shell
        self.coach = Coach()

    # ----------------------------------------------------------------- hint
    def advise(self, where):
        game = self.shell.state.game
        if self.coach.has_advisor(game.ruleset.id):
            self.shell.act({"advice": {"for": where, "advice": self.coach.advise(game)}})
        else:
            asyncio.create_task(self._advise_later(game, where))

    async def _advise_later(self, game, where):
        try:
            advisor = await self.coach.advisor_for(game.ruleset.id)
        except CoachUnavailable:
            self.shell.act({"advice_failed": where})
            return
        self.shell.act({"advice": {"for": where, "advice": self.coach.advise(game, advisor)}})

    # ------------------------------------------------------------- computer
    def think(self, where, level):
        asyncio.create_task(self._think(self.shell.state.game, where, level))

    async def _think(self, game, where, level):
        move = None
        try:
            move, fell_back = await computer.choose(game, level, self.coach)
        except lazy.LazyLoadError:
            fell_back = True
        if fell_back:
            self.shell.act({"computer_fallback": True})
        self.shell.act({"computer_move": {"for": where, "move": move}})
