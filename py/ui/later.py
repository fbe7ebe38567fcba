"""Views whose code comes on first use (``ui.page._views`` lists them: the setup form, the
computer bar, the Joker note, the hint, win chances, every dialog but the question, today's
game, statistics, practice, game feel, Back); what dialogs share (:func:`sync`); a pause.

None of them is needed for a first turn, so they are not start modules
(.ci/start_bundle.py follows the imports): :class:`LaterView` fetches the
module (:mod:`ui.platform.lazy`) and the rest of the catalogue the first time the
state needs the view, makes the view, then hands it every draw.  If it cannot
be fetched (offline, never cached) the player is told, the dialog that needed it is closed, the game
goes on, and the next need tries again.

Their look is in static/css/later.min.css and their markup in static/later.html,
fetched with the first of them (:mod:`ui.stylesheets`, fetched on first use too).
"""

import asyncio

from control.dialogs import DIALOGS

from .platform import lazy


async def pause():
    """Let the browser draw and take input before going on (a long job's steps): a timer,
    not 0 ms (MicroPython's asyncio runs a task that sleeps 0 ms again at once, in the
    same turn of the browser's event loop, so nothing would be drawn)."""
    await asyncio.sleep_ms(1)


class LaterView:
    """The view class ``name`` of ``module`` (a door of ``ui.platform.manifest.LATER``),
    made with the ``shell`` (what such code may use of the page) once the state needs it:
    when the dialog ``wants`` is open, the state's attribute ``wants`` ("hint") is set,
    or ``wants(state)`` is true.  If it cannot be fetched, the player is told
    ``failed_key`` and the dialog that needed it is closed (or the action
    ``failed_action`` is taken).

    ``whole`` (the default): the view speaks from the whole catalogue, which
    comes before it is made, as does the stylesheet of ``<link id=styles>``
    (:mod:`ui.stylesheets`; None: its look is in the page already); a key
    instead: the catalogue is completed first only if it lacks that key (the
    setup form's words are in the start part of a page that may start on it,
    not of a link's)."""

    def __init__(self, shell, module, name, wants, failed_key="load.failed",
                 whole=True, failed_action=None, styles="later-css"):
        self.shell = shell
        self.module = module
        self.name = name
        self.wants = wants
        self.failed_key = failed_key
        self.whole = whole
        self.failed_action = failed_action
        self.styles = styles
        self.view = None
        self._loading = False

    def draw(self, state, texts):
        if self.view is not None:
            self.view.draw(state, texts)
            return
        wants = self.wants
        if callable(wants):
            needed = wants(state)
        else:
            needed = wants in state.dialogs if wants in DIALOGS else getattr(state, wants) is not None
        if needed and not self._loading:
            self._loading = True
            asyncio.create_task(self._load(texts))

    async def prepare(self, texts):
        """Fetch and make the view now (once); LazyLoadError if it cannot be fetched."""
        whole = self.whole
        # the catalogue, the view's module and the stylesheets' in one round trip: one
        # after the other they were three of a phone's network before a dialog opened
        jobs = [lazy.load(self.module)]
        if self.styles:
            jobs.append(lazy.load("ui.stylesheets"))
        if whole is True or whole and not texts.cat.has(whole):
            jobs.append(texts.complete())   # their texts are not in the start part
        done = await asyncio.gather(*jobs)
        module = done[0]
        if self.styles:
            await done[1].loaded(self.styles, texts)
        if self.view is None:               # not made meanwhile by another call
            self.view = getattr(module, self.name)(self.shell)

    async def _load(self, texts):
        try:
            await self.prepare(texts)
        except lazy.LazyLoadError:
            self._loading = False
            if self.wants in DIALOGS:
                self.shell.act({"close": self.wants})
            if self.failed_action is not None:
                self.shell.act(self.failed_action)
            self.shell.act({"say": self.failed_key})
            return
        self.shell.draw()


def sync(dialog, should_be_open):
    """Open (modal) or close ``dialog`` as the state says; True when it was opened just now.

    The shell turns the dialog's own ``close`` event (Esc, a close button) into
    ``{"close": name}``, so the state follows what the player did."""
    if should_be_open and not dialog.open:
        dialog.showModal()
        return True
    if not should_be_open and dialog.open:
        dialog.close()
    return False
