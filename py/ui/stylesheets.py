"""The stylesheet fetched on first use, the later views', and their markup.

index.html has its ``<link rel="stylesheet">`` with the address in
``data-href`` and no ``href``, so a first turn does not fetch it:
``#later-css`` (static/css/later.min.css).  The setup form's look is inlined
in index.html (a first visit paints it before Python runs).
:func:`loaded` gives a link its ``href`` (once)
and waits for its ``load`` or ``error`` event, so the view that needs it is
drawn styled (offline and never cached: unstyled after at most about 3 s,
rather than not at all).

The later views' markup (their dialogs, static/later.html: not in index.html,
which every first visit fetches) comes with their stylesheet: :func:`loaded`
inserts it at the end of ``<body>`` (once), worded in the player's
language before it is in, before the first of those views is made.  If it cannot be fetched,
that view cannot be made: :class:`ui.platform.lazy.LazyLoadError`, as for its module.
"""

import asyncio

from .platform.dom import by_id, document, listen
from .language.catalogue import fetch_text, word_markup
from .platform.lazy import LazyLoadError

MARKUP = {"later-css": "./static/later.html"}   # the markup that comes with a stylesheet
_inserted = set()       # ids of the links whose markup is in the page
_markup_lock = asyncio.Lock()

_settled = set()        # ids of the links that have loaded or failed
_watched = set()        # ids of the links whose events are heard


def _watch(link, link_id):
    def settle(event):
        _settled.add(link_id)
    listen(link, "load", settle)
    listen(link, "error", settle)
    _watched.add(link_id)


async def loaded(link_id, texts=None):
    """Fetch the stylesheet of ``<link id=link_id>`` (once) and wait until it is in or has
    failed; and its markup (once), worded with ``texts``."""
    link = by_id(link_id)
    if link is not None and link_id not in _watched:   # fetched beside the markup
        _watch(link, link_id)
        if link.getAttribute("href") is None:
            link.setAttribute("href", link.getAttribute("data-href"))
        elif link.sheet is not None:        # turned on by boot.js, and in already
            _settled.add(link_id)
    await _insert_markup(link_id, texts)
    if link is None:
        return
    for _ in range(150):
        if link_id in _settled:
            return
        await asyncio.sleep_ms(20)


async def _insert_markup(link_id, texts):
    address = MARKUP.get(link_id)
    if address is None:
        return
    async with _markup_lock:            # two views made at once: one fetch, one copy
        if link_id in _inserted:
            return
        try:
            text = await fetch_text(address)
        except Exception as error:
            raise LazyLoadError("%s: %s" % (address, error))
        holder = document.createElement("template")
        holder.innerHTML = text
        if texts is not None:           # worded before it is in: only the new markup
            word_markup(holder.content, texts.cat)
        document.body.appendChild(holder.content)
        _inserted.add(link_id)
