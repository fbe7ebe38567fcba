"""The games by link this device keeps, over the setup form: ``#remote-games``.

Read from storage (``dicepoker.remote-games``, written by ``ui.remote.panel``)
each time the setup screen opens and when the language changes; newest first,
each with its players and whose turn it is, and an Open button
(``[data-remote-game]``) that shows it (``ui.remote.door``).  Hidden while none
is kept.  Made by the form (``ui.setup.form``), which says when to list them.
"""

import asyncio

from ..platform import lazy
from ..platform.dom import document, listen
from ..records.storage import REMOTE_GAMES


async def remote_act(shell, kind, value):
    """``ui.remote.door.act``, the door fetched first: a game by link set up (the form's
    ``remote_setup``) or opened again (the list's ``remote_resume``)."""
    try:
        remote = await lazy.load("ui.remote.door")
    except lazy.LazyLoadError:
        shell.act({"say": "load.failed"})
        return
    await remote.act(shell, kind, value)


class LinkGames:
    """The view of ``#remote-games``, made before ``form`` (its element is made here)."""

    def __init__(self, shell, form):
        self.shell = shell
        self.cat = shell.texts.cat
        self.element = document.createElement("section")
        self.element.id = "remote-games"
        self.element.className = "panel remote-games"
        self.element.hidden = True
        form.before(self.element)
        listen(self.element, "click", self._on_open)

    def _on_open(self, event):
        button = event.target.closest("[data-remote-game]")
        if button is not None:
            asyncio.create_task(remote_act(self.shell, "remote_resume",
                                           button.getAttribute("data-remote-game")))

    async def _show_later(self):
        await self.shell.texts.complete()
        self.show(self.cat)             # the language in use by then

    def show(self, cat):
        """The games kept, newest first, with whose turn it is, in the words of ``cat``."""
        self.cat = cat
        games = self.shell.storage.get_json(REMOTE_GAMES, {})
        games = games if isinstance(games, dict) else {}
        self.element.replaceChildren()
        self.element.hidden = not games
        if not games:
            return
        if not cat.complete:            # the list's words are not in the start part
            asyncio.create_task(self._show_later())
            return
        t = cat.t
        title = document.createElement("h3")
        title.textContent = t("remote.list_title")
        listing = document.createElement("ul")
        listing.className = "remote-list"
        order = sorted(games, key=lambda k: -(games[k].get("when") or 0)
                       if isinstance(games[k], dict) else 0)
        for game_id in order:
            entry = games[game_id]
            if not isinstance(entry, dict) or not isinstance(entry.get("players"), list):
                continue
            listing.appendChild(_entry(t, game_id, entry))
        self.element.append(title, listing)


def _entry(t, game_id, entry):
    """One game's line: its players, whose turn it is, Open."""
    li = document.createElement("li")
    li.setAttribute("data-remote-entry", game_id)
    text = document.createElement("span")
    names = [n for n in entry.get("to") or [] if isinstance(n, str)]
    if entry.get("over"):
        turn = t("remote.list_over")
    elif entry.get("mine"):
        turn = t("remote.list_mine", name=", ".join(names))
    else:
        turn = t("remote.list_turn", name=", ".join(names))
    text.textContent = "%s · %s" % (", ".join(str(n) for n in entry["players"]), turn)
    button = document.createElement("button")
    button.type = "button"
    button.className = "btn secondary small"
    button.setAttribute("data-remote-game", game_id)
    button.textContent = t("remote.list_open")
    li.append(text, button)
    return li
