"""Carries out the controller's effects (``control.effects`` lists them).

A save runs in a microtask queued after the views drew the move: it runs as
soon as the tap's handler returns, in the same task, so no other event, timer
or reload can come before it (a move is never lost), yet the page is updated
first (the save, JSON of the whole game, is not on the tap-to-DOM path).  If
storage refuses it because another tab saved a newer game, that game is
handed to the controller (``stored``), which shows it.  The effects a first
turn never asks for (hints and computer seats, a damaged save's file, a
finished game's records and history, today's game, practice, play by link)
are carried out by modules fetched on first use (``LATER``).
"""

import asyncio
import sys

from .platform import lazy
from .platform.dom import by_id, create_proxy, window

# Effects a first turn never asks for, and the module, fetched on first use,
# whose ``run_effect(kind, value, shell)`` carries them out.
LATER = {"advise": "ui.advice.assistants", "think": "ui.advice.assistants",
         "download_bad_save": "ui.dialogs.transfer", "record": "ui.dialogs.end", "history": "ui.stats.door",
         "daily": "ui.daily.door", "daily_result": "ui.daily.door", "practice": "ui.practice.door",
         "remote": "ui.remote.door"}
# What the effects of a controller action fetched on first use (a ``load``
# effect) need at once: the results a finished game records (and the game, in the
# history) are written in the same task as the save that says so.
NEEDS = {"finish": ("ui.dialogs.end",)}
REDRAW = ("record", "history")     # the end screen lists the high scores just written


class Effects:
    def __init__(self, storage):
        self.storage = storage
        self.live = by_id("live")       # the live region: what screen readers are told
        self._said = ""
        self.shell = None           # set by the composition root
        self._saves = []
        self._save_proxy = create_proxy(self._save_now)
        self._timers = {}
        self._timer_serial = 0
        self._timer_proxy = create_proxy(self._timer_fired)

    def run(self, effects):
        """Carry out ``effects``; True if the views must draw again (they read what changed)."""
        redraw = False
        for effect in effects:
            for kind, value in effect.items():
                redraw = redraw or kind in REDRAW
                module = sys.modules.get(LATER.get(kind))
                if module is not None:
                    module.run_effect(kind, value, self.shell)
                elif kind in LATER:
                    asyncio.create_task(self._run_later(kind, value))
                else:
                    getattr(self, "_" + kind)(value)
        return redraw

    # ---------------------------------------------------------------- storage
    def _save(self, save):
        if not self._saves:
            window.queueMicrotask(self._save_proxy)
        self._saves.append(save)

    def _save_now(self, *_):
        saves, self._saves = self._saves, []
        for save in saves:
            if not self.storage.save_game(save):
                self.shell.act({"stored": self.storage.stored()})
                return

    def _remember(self, item):
        self.storage.remember(item)

    def _keep_aside(self, text):
        self.storage.keep_aside(text)

    # ----------------------------------------------------------------- screen
    def _announce(self, text):
        """Say ``text`` to screen readers (``#live``; a repeat is still announced)."""
        text = self.shell.texts.say(text) or ""     # a later message: the rest is fetched
        if text == self._said:
            text += "\u00a0"
        self._said = text
        self.live.textContent = text

    def _focus(self, element_id):
        element = by_id(element_id)
        if element is not None:         # (a view fetched on first use may not be made yet)
            element.focus()

    def _forget_link(self, _):
        if window.location.search:     # the entry's state kept (ui/dialogs/back.py's mark)
            window.history.replaceState(window.history.state, "", window.location.pathname)

    # ------------------------------------------------------ time and thinking
    def _timer(self, timer):
        self._timer_serial += 1
        self._timers[self._timer_serial] = timer["action"]
        window.setTimeout(self._timer_proxy, timer["ms"], self._timer_serial)

    def _timer_fired(self, serial):
        action = self._timers.pop(serial, None)
        if action is not None:
            self.shell.act(action)

    # ------------------------------------------------------- fetched on first use
    def _load(self, request):
        asyncio.create_task(self._load_then(request))

    async def _load_then(self, request):
        """Fetch the controller's module for an action (and what its effects need at
        once), then hand the action back."""
        then = request["then"]
        try:
            await lazy.load(request["module"])
            for kind in then:
                for module in NEEDS.get(kind, ()):
                    await lazy.load(module)
        except lazy.LazyLoadError:
            self.shell.act({"say": "load.failed"})
            return
        self.shell.act(then)

    async def _run_later(self, kind, value):
        try:
            module = await lazy.load(LATER[kind])
        except lazy.LazyLoadError:
            self.shell.act({"effect_failed": {kind: value}})   # the controller says what then
            return
        module.run_effect(kind, value, self.shell)
        if kind in REDRAW:
            self.shell.draw()
