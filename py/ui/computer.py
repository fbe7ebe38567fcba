"""Computer seats: they play visibly, one step at a time, at a pace people can follow.

Fetched on first use (:mod:`ui.assistants` loads it when a computer first
has a turn; that observer also keeps ``app.busy`` and the computer bar right
at every render).  After every render, when the current seat is a computer
(``game.seats[p]`` is "optimal", "good" or "beginner"), one task
plays its turn through ``app.play`` — the same path a tap takes, so saving,
announcing and the end screen come for free.  Each step is shown before the
next: the dice it keeps (a hold), then the roll, then the box.  ``app.busy``
is set for the whole computer turn so taps and keys do nothing, with one
exception kept consistent with the engine's undo ("take back the last box
until the next roll"): before the computer's first roll, the human who just
filled a box may still undo it.  A box a computer filled can never be
undone by a human (see ``render.undo_allowed``).

Pace: ``SPEEDS`` (ms per step, chosen in ``#computer-speed`` and remembered
in storage).  ``#computer-skip`` plays on without pauses until a human's
turn or the end of the game.

Moves come from :func:`dicepoker.strategy.players.choose_move`; "good" draws
its slips from :func:`~dicepoker.strategy.players.position_rng` (fixed by the
game's seed and the position), so a reload or a replay plays the same game.
A reload mid-turn simply resumes: the observer sees a computer seat and
plays on from the saved position.  If the strategy table cannot be loaded,
the computer plays at the beginner level (no table needed) and says so once.
"""

import asyncio

from . import lazy
from .assistants import is_computer
from .coach import CoachUnavailable
from .dom import by_id, window

SPEEDS = {"slow": 1400, "normal": 750, "fast": 250}
DEFAULT_SPEED = "normal"
SPEED_KEY = "dicepoker.computer-speed"
BLOCKED_RETRY_MS = 300      # a dialog is open: look again after this
MODULE_RETRY_MS = 3000      # the strategy modules could not be fetched: try again after this


class ComputerPlayers:
    def __init__(self, app, coach):
        self.app = app
        self.coach = coach
        self.task = None
        self.skip = False
        self.warned = False
        self.bar = by_id("computer-bar")
        self.speed_select = by_id("computer-speed")
        speed = app.storage.get(SPEED_KEY)
        self.speed = speed if speed in SPEEDS else DEFAULT_SPEED
        self.speed_select.value = self.speed

    # ------------------------------------------------------------ controls
    def set_speed(self, speed):
        if speed in SPEEDS:
            self.speed = speed
            self.app.storage.set(SPEED_KEY, speed)

    def skip_ahead(self):
        """Play on without pauses until a human's turn (or the end)."""
        if self._computer_turn():
            self.skip = True

    # ------------------------------------------------------------ observer
    def _computer_turn(self):
        app = self.app
        game = app.game
        return (game is not None and not game.is_over and app.view.screen == "game"
                and is_computer(game.seats[game.current_player]))

    def on_render(self, app):
        """After every render (through ui.assistants): play when it is a computer's turn."""
        if not self._computer_turn():
            self.skip = False
        elif self.task is None:
            self.task = asyncio.create_task(self._play())

    # ---------------------------------------------------------------- play
    async def _pause(self):
        await asyncio.sleep_ms(0 if self.skip else SPEEDS[self.speed])

    async def _play(self):
        app = self.app
        try:
            await self._pause()          # let people see the last move before the next
            while self._computer_turn():
                if app._pending is not None:
                    await asyncio.sleep_ms(BLOCKED_RETRY_MS)
                    continue
                game = app.game
                position = (id(game), len(game.moves))
                move = await self._choose(game)
                if move is None or app.game is not game or len(game.moves) != position[1]:
                    continue             # the position changed while thinking (undo, new game)
                hold = move.get("roll")
                if hold is not None and game.rolls_used and sorted(hold) != sorted(game.held):
                    app.play({"hold": hold})       # show what it keeps, then roll
                    await self._pause()
                    if app.game is not game or len(game.moves) != position[1]:
                        continue
                app.play(move)
                await self._pause()
        finally:
            self.task = None
            app.refresh()                # busy and controls follow the new seat

    async def _choose(self, game):
        """The computer's next move, or None when the game moved on while loading."""
        try:
            await lazy.load("dicepoker.strategy")
        except lazy.LazyLoadError:
            self._warn_once()
            await asyncio.sleep_ms(MODULE_RETRY_MS)   # offline: try again later
            return None
        from dicepoker.strategy.players import choose_move, position_rng
        level = game.seats[game.current_player]
        advisor = None
        if level != "beginner":
            try:
                advisor = await self.coach.advisor_for(game.ruleset.id)
            except CoachUnavailable:
                level = "beginner"
                self._warn_once()
        if self.app.game is not game:
            return None
        started = window.performance.now()
        move = choose_move(game, level, advisor, position_rng(game))
        # The thinking time of the last move, for benchmarks (tests/bench, README).
        self.bar.setAttribute("data-think-ms", "%.1f" % (window.performance.now() - started))
        return move

    def _warn_once(self):
        if not self.warned:
            self.warned = True
            self.app.notice("computer.fallback")
