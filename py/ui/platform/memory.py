"""When MicroPython collects its garbage: while the player looks, not in the middle of a tap.

MicroPython in the browser (the webassembly port) never collects in the
middle of Python code: once ``gc.threshold()`` bytes have been allocated it
marks a collection as due, and makes it when the call from JavaScript that
ran the code returns (the click's listener).  Where a call needs more than
the heap has, the heap grows instead (each new area as large as the heap
so far, up to 128 MB): PyScript's own start leaves it at about 135 MB before
``py/main.py`` runs, with under 1 MB of it live, and it never shrinks.  A
collection sweeps all of it: 5-10 ms on a phone (Chromium at 4x slowdown)
alone, 25-35 ms at a table of eight with the win chances' tables live
(measured from JavaScript around ``gc.collect()``; issue 20).

The port's default threshold is 16 KB and a roll allocates about 30 KB, so
nearly every tap ended with such a sweep.  ``py/main.py`` raises it to
``THRESHOLD`` (8 MB, room the heap has anyway): a collection is due after
some 250 taps in a row at the most, so a quick player's taps, or a
benchmark's, do not meet one once in twenty (with 1 MB they did: the p95 of
a roll at a table of eight was a roll with a sweep).  :class:`IdleCollector`
collects once the page has had no action for ``IDLE_MS``: a player reading
the card.
"""

import gc

from .dom import create_proxy, window

IDLE_MS = 700           # no action for this long after one: collect
THRESHOLD = 8 << 20     # bytes allocated that make a collection due (py/main.py)


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
