"""Stylesheets fetched on first use: the setup form's and the later views'.

index.html has their ``<link rel="stylesheet">`` with the address in
``data-href`` and no ``href``, so a first turn does not fetch them:
``#setup-css`` (static/css/setup.min.css, which static/js/boot.js turns on at
once when the page may start on the setup screen) and ``#later-css``
(static/css/later.min.css).  :func:`loaded` gives a link its ``href`` (once)
and waits for its ``load`` or ``error`` event, so the view that needs it is
drawn styled (offline and never cached: unstyled after at most about 3 s,
rather than not at all).
"""

import asyncio

from .dom import by_id, listen

_settled = set()        # ids of the links that have loaded or failed
_watched = set()        # ids of the links whose events are heard


def _watch(link, link_id):
    def settle(event):
        _settled.add(link_id)
    listen(link, "load", settle)
    listen(link, "error", settle)
    _watched.add(link_id)


async def loaded(link_id):
    """Fetch the stylesheet of ``<link id=link_id>`` (once) and wait until it is in or has failed."""
    link = by_id(link_id)
    if link is None:
        return
    if link_id not in _watched:
        _watch(link, link_id)
        if link.getAttribute("href") is None:
            link.setAttribute("href", link.getAttribute("data-href"))
        elif link.sheet is not None:        # turned on by boot.js, and in already
            _settled.add(link_id)
    for _ in range(150):
        if link_id in _settled:
            return
        await asyncio.sleep_ms(20)
