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
from .coach import Coach, CoachUnavailable, wants_tables


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
        helper(shell).advise(value["for"], value.get("win", False))
    else:
        helper(shell).think(value["for"], value["level"])


class Assistants:
    def __init__(self, shell):
        self.shell = shell
        self.coach = Coach()

    # ----------------------------------------------------------------- hint
    def advise(self, where, win=False):
        """Answer a hint: by the chance to win where ``win`` (a game with opponents) and the
        end-of-game tables hold the position, else by points.  Within the tap's own task
        once everything it needs is in."""
        game = self.shell.state.game
        win = win and wants_tables(game)
        coach = self.coach
        if win:
            owner = coach.win_owner(game)
            if owner is not False:
                self._answer(where, game, owner)
                return
        elif coach.has_advisor(game.ruleset.id):
            self._answer(where, game, None)
            return
        asyncio.create_task(self._advise_later(game, where, win))

    async def _advise_later(self, game, where, win):
        owner = None
        try:
            advisor = await self.coach.advisor_for(game.ruleset.id)
            if win:
                owner = await self.coach.win_owner_for(game)
        except CoachUnavailable:
            self.shell.act({"advice_failed": where})
            return
        self._answer(where, game, owner, advisor)

    def _answer(self, where, game, owner, advisor=None):
        if owner:
            advice = self.coach.advise_to_win(game, owner)
        else:
            advice = self.coach.advise(game, advisor)
        self.shell.act({"advice": {"for": where, "advice": advice}})

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
