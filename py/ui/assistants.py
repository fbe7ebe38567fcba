"""The Hint button and computer seats at every render; their code comes on first use.

:mod:`ui.coach` (hints, strategy tables) and :mod:`ui.computer` (computer
seats playing) are not needed for a first turn between people, so they are
not start modules.  This ``App.observers`` callback keeps the controls right
after every render — the Hint button, the computer bar, and ``app.busy`` with
``<html data-computer-turn>`` so that taps wait while a computer plays — and
loads the two modules (:mod:`ui.lazy`; they fetch the strategy package
when they first need it) the first time a hint is asked for, a computer has
a turn, or the review needs the coach.  From then on it hands each render
to them as well.
"""

import asyncio

from . import lazy
from .dom import by_id, document

RETRY_MS = 3000     # the modules could not be fetched (offline, never cached): try again after this


def is_computer(seat):
    return seat != "human"


class Assistants:
    def __init__(self, app):
        self.app = app
        self.coach = None           # ui.coach.Coach, once loaded
        self.computers = None       # ui.computer.ComputerPlayers, once loaded
        self._lock = None
        self._loading = False       # a load started by a computer's turn is under way
        self._warned = False
        self.hint_button = by_id("hint")
        self.bar = by_id("computer-bar")
        self.skip_button = by_id("computer-skip")

    async def load(self):
        """The coach (and the computer players), fetched once.  Raises lazy.LazyLoadError."""
        if self.coach is None:
            if self._lock is None:
                self._lock = asyncio.Lock()
            async with self._lock:
                if self.coach is None:
                    computer = await lazy.load("ui.computer")   # ui.coach comes with it
                    from .coach import Coach
                    coach = Coach(self.app)
                    self.computers = computer.ComputerPlayers(self.app, coach)
                    self.coach = coach
        return self.coach

    # ------------------------------------------------------------ observer
    def on_render(self, app):
        game = app.game
        playing = game is not None and not game.is_over and app.view.screen == "game"
        seat = game.seats[game.current_player] if playing else None
        turn = seat is not None and is_computer(seat)
        app.busy = turn
        self.bar.hidden = not playing or not any(is_computer(s) for s in game.seats)
        self.skip_button.disabled = not turn
        root = document.documentElement
        if turn:
            root.setAttribute("data-computer-turn", seat)
        else:
            root.removeAttribute("data-computer-turn")
        self.hint_button.disabled = seat != "human"
        if self.coach is not None:
            self.coach.on_render(app)        # a hint of another position is cleared
            self.computers.on_render(app)    # plays when it is a computer's turn
        elif turn and not self._loading:
            self._loading = True
            asyncio.create_task(self._load_for_computer())

    async def _load_for_computer(self):
        try:
            await self.load()
        except lazy.LazyLoadError:
            if not self._warned:
                self._warned = True
                self.app.notice("computer.fallback")
            await asyncio.sleep_ms(RETRY_MS)
        self._loading = False
        self.app.refresh()                   # the computer plays now (or the load is tried again)

    # ------------------------------------------------------------- controls
    def tap_hint(self):
        """The Hint button: at once when everything it needs is in, else once it is."""
        if self.coach is None or not self.app.cat.complete or not self.coach.hint_now():
            asyncio.create_task(self.hint())

    async def hint(self):
        await self.app.complete_catalogue()      # hint.* is not in the start catalogue
        try:
            coach = await self.load()
        except lazy.LazyLoadError:
            self._say_hint_failed()
            return
        await coach.hint()

    def toggle_hint_list(self):
        if self.coach is not None:
            self.coach.toggle_list()

    def set_speed(self, speed):
        asyncio.create_task(self._with_computers(lambda computers: computers.set_speed(speed)))

    def skip_ahead(self):
        asyncio.create_task(self._with_computers(lambda computers: computers.skip_ahead()))

    async def _with_computers(self, action):
        try:
            await self.load()
        except lazy.LazyLoadError:
            return
        action(self.computers)

    def _say_hint_failed(self):
        panel = by_id("hint-panel")
        by_id("hint-text").textContent = self.app.cat.t("hint.failed")
        panel.setAttribute("data-hint-state", "failed")
        panel.hidden = False
