"""When MicroPython collects its garbage: while the player looks, not in the middle of a tap.

MicroPython in the browser (the webassembly port) never collects in the
middle of Python code: once ``gc.threshold()`` bytes have been allocated it
marks a collection as due, and makes it when the call from JavaScript that
ran the code returns (the click's listener).  Its default threshold is 16 KB
and a roll allocates about 30 KB, so nearly every tap ended with a whole mark
and sweep of a heap of over 100 MB: 5 ms after a solo tap on a phone (Chromium
at 4x slowdown), 25 ms at a table of eight with the win chances' tables live
(measured with a probe around ``Shell.act``; issue 20).

So the threshold is raised to 1 MB by ``py/main.py`` before anything else (a
collection due about every 30 taps at the most, and a few instead of dozens at
start), and :class:`IdleCollector` collects once the page has had
no action for ``IDLE_MS``: a player reading the card.  A long run of taps
without a pause still collects, at the threshold.
"""

import gc

from .dom import create_proxy, window

IDLE_MS = 700           # no action for this long after one: collect


class IdleCollector:
    """In the shell's views (it is told of every action), but draws nothing."""

    def __init__(self):
        self._timer = None
        self._proxy = create_proxy(self._collect)

    def draw(self, state, texts):
        if self._timer is not None:
            window.clearTimeout(self._timer)
        self._timer = window.setTimeout(self._proxy, IDLE_MS)

    def _collect(self, *_):
        self._timer = None
        gc.collect()
