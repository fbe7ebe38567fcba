"""Makes the statistics screen ahead of its first opening, while the player looks at the card.

The screen's files, the rest of the catalogue and the view itself take a few
hundred milliseconds to fetch and make (more on a phone), which a tap on
``#open-stats`` would otherwise wait for (issue 17: it opens in under 100 ms
with 1000 games kept, and nothing of it comes before the first roll).
``ui.page`` fetches this module once the first box of the visit is written
(never for the first turn, nor mid-turn, when a reload would cut its fetches
short), and it makes the screen
``DELAY_MS`` later, when the player is most likely reading the card.  If the
files cannot be fetched nothing is said: the screen is fetched when opened, as
it would be without this.
"""

import asyncio

from ..platform import lazy
from ..platform.dom import create_proxy, window
from ..later import LaterView

DELAY_MS = 1500
AHEAD = "ui.stats.screen"    # the later view made ahead of time (its module)


class WarmUp:
    def __init__(self, shell):
        self.shell = shell
        self._proxy = create_proxy(self._start)
        window.setTimeout(self._proxy, DELAY_MS)

    def draw(self, state, texts):
        pass

    def _start(self, *_):
        asyncio.create_task(self._make())

    async def _make(self):
        texts = self.shell.texts
        for view in self.shell.views:
            if isinstance(view, LaterView) and view.module == AHEAD:
                try:
                    while isinstance(view, LaterView):
                        await view.prepare(texts)
                        view = view.view
                except lazy.LazyLoadError:
                    return
