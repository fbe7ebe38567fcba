"""Games played by link, as the page start knows them: this module's name, and little more.

``ui.page`` fetches it only when the page opens with a fragment (a link),
when the saved game on screen is played by link (``meta.remote``), and the
setup form when it starts one; the shell's ``remote`` effect comes here too
(``ui.effects.LATER``).  From then on it hears ``hashchange`` (before, static/js/boot.js
starts the page again on it), and it fetches the rest (``ui.remote.panel``: the
panel with ``#remote-link``, the records kept in storage, ``control.remote``).
"""

import asyncio

from ..platform import lazy
from ..platform.dom import document, listen, window

_heard = []


def _hear(shell):
    """From now on a link opened in this page is taken in here (not by a new start), and
    its game opens at its top: the page may have been left scrolled down (to the link,
    say), and the turn that comes back began with its player's line out of sight."""
    if not _heard:
        _heard.append(True)
        listen(document.defaultView, "hashchange", lambda event: _link_opened(shell))
        window.dicePokerBoot.links = 1


def _link_opened(shell):
    window.scrollTo(0, 0)
    asyncio.create_task(start(shell))


async def _panel(shell):
    """The panel's module, installed, once this page hears links; None (and the player is
    told) if it cannot be fetched."""
    _hear(shell)
    try:
        panel = await lazy.load("ui.remote.panel")
        await panel.install(shell)
    except lazy.LazyLoadError:
        shell.act({"say": "load.failed"})
        return None
    return panel


async def start(shell):
    """At page start or on ``hashchange``: take the link in, or show the game on screen's
    panel (its record is read)."""
    panel = await _panel(shell)
    if panel is not None:
        panel.on_start(shell)


async def act(shell, kind, value):
    """``remote_setup`` (entropy added) or ``remote_resume`` of a kept game, from the setup form."""
    panel = await _panel(shell)
    if panel is not None:
        panel.act(shell, kind, value)


def run_effect(kind, value, shell):
    """``remote``: the panel's module is in whenever the controller asks (control.remote is)."""
    import sys
    sys.modules["ui.remote.panel"].run_effect(kind, value, shell)
