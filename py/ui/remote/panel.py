"""Games played by link on the page: the panel with the link to send, and the records kept.

The panel (made here, not in index.html: the start bytes are spent) sits under
the tray, or in the end dialog once the game is over: "Send this link to
Ben", **``#remote-link``** (an ``<a>`` whose ``href`` is the whole link, the
game in its fragment), **``#remote-share``** (the system's share sheet where
the browser has one, else the clipboard: ``ui.platform.share``; the link itself
if both are refused) and what has been checked (``#remote-checked``).
Sharing or following the link marks it sent: undo stops at its turns.  Until
then (``Remote.unsent``), sending it is this phone's only move, and
**``#tray-share``** stands in the tray in the dice's place, on the screen (the
panel is below the fold on a phone), and shares as ``#remote-share`` does.

Storage: ``dicepoker.remote.<id>`` holds this device's record of a game
(``control.remote``: its secret, the shared state, the local game) and
``dicepoker.remote-games`` the list the setup screen shows (``{id: entry}``).
"""

from binascii import hexlify

from dicepoker.link_form import from_fragment

from .. import stylesheets
from ..platform.dom import by_id, document, listen, window
from ..platform.share import Sharer, page_address
from ..records.storage import GAME_META, REMOTE as RECORD, REMOTE_GAMES as INDEX

_made = []


def random_hex(size):
    """``size`` random bytes from the browser's crypto, as hex."""
    data = window.crypto.getRandomValues(window.Uint8Array.new(size))
    return hexlify(bytes(data[i] for i in range(size))).decode()


def url_of(fragment):
    return "%s#%s" % (page_address(), fragment)


def index(storage):
    got = storage.get_json(INDEX, {})
    return got if isinstance(got, dict) else {}


def record_of(storage, game_id):
    return storage.get_json(RECORD + game_id) if isinstance(game_id, str) else None


async def install(shell):
    """Once: the rest of the catalogue, the look, the panel among the views."""
    if _made:
        return
    await shell.texts.complete()
    await stylesheets.loaded("later-css", shell.texts)   # and the later views' markup, worded
    if not _made:
        _made.append(RemotePanel(shell))
        shell.views.insert(len(shell.views) - 2, _made[0])   # before the question and Back


def on_start(shell):
    hash_ = window.location.hash
    if hash_ and hash_ != "#":
        open_fragment(shell, hash_)
        return
    meta = shell.storage.get_json(GAME_META, {})
    game_id = meta.get("remote") if isinstance(meta, dict) else None
    if game_id is not None and shell.state.remote is None:
        record = record_of(shell.storage, game_id)
        if record is not None:
            shell.act({"remote_resume": {"record": record}})


def open_fragment(shell, fragment):
    try:
        game_id = from_fragment(fragment).id
    except Exception:           # a damaged link: the controller says so
        game_id = None
    shell.act({"remote_open": {"fragment": fragment, "record": record_of(shell.storage, game_id),
                               "entropy": random_hex(16)}})


def act(shell, kind, value):
    if kind == "remote_setup":
        value = dict(value, entropy=random_hex(22))
    elif kind == "remote_resume":
        record = record_of(shell.storage, value)
        if record is None:
            return
        value = {"record": record}
    shell.act({kind: value})


def run_effect(kind, value, shell):
    storage = shell.storage
    if value.get("forget"):
        if window.location.hash:
            window.history.replaceState(window.history.state, "", window.location.pathname
                                        + window.location.search)
        return
    record = value.get("store")
    if record is not None:
        storage.set_json(RECORD + record["id"], record)
        games = index(storage)
        entry = dict(value.get("index") or {})
        entry["when"] = shell.clock.ms()
        games[record["id"]] = entry
        storage.set_json(INDEX, games)


PANEL = ('<p class="remote-to" id="remote-to"></p>'
         '<p class="remote-url"><a id="remote-link" rel="noopener"></a></p>'
         '<div class="remote-actions"><button id="remote-share" class="btn primary" type="button">'
         '</button></div><p id="remote-status" class="share-status" role="status"></p>'
         '<p id="remote-checked" class="help"></p>')


class RemotePanel:
    def __init__(self, shell):
        self.shell = shell
        panel = self.el = document.createElement("section")
        panel.id = "remote-panel"
        panel.className = "remote-panel"
        panel.hidden = True
        panel.innerHTML = PANEL
        by_id("tray").after(panel)
        self.to = by_id("remote-to")
        self.link = by_id("remote-link")
        self.share = by_id("remote-share")
        self.status = by_id("remote-status")
        self.checked = by_id("remote-checked")
        # Share in the tray too, in the dice's place, while this phone's only move is to
        # send its link (a friend who has just joined: the panel is below the fold)
        tray_share = self.tray_share = document.createElement("button")
        tray_share.id = "tray-share"
        tray_share.className = "btn primary tray-share"
        tray_share.type = "button"
        tray_share.hidden = True
        by_id("dice").after(tray_share)
        listen(tray_share, "click", self._share)
        self.tray = by_id("tray")
        self.url = None
        self._drawn = None
        self._cat = None
        listen(self.share, "click", self._share)
        listen(self.link, "click", lambda event: self._sent())
        self._sharer = Sharer(lambda: self._say("remote.copied"),
                              lambda: self._say("remote.copy_failed"))

    # ------------------------------------------------------------ sharing
    def _sent(self):
        remote = self.shell.state.remote
        if remote is not None:
            self.shell.act({"remote_sent": remote.id})

    def _share(self, event):
        self._sent()
        self._sharer.share(url=self.url)

    def _say(self, key):
        self.status.textContent = self._cat.t(key) if self._cat else ""

    # ------------------------------------------------------------ drawing
    def draw(self, state, texts):
        remote = state.remote
        link = remote.link if remote is not None and state.screen == "game" else None
        cat = texts.cat
        # (not once the game is over: its link goes out from the results)
        sending = link is not None and remote.unsent() and not state.game.is_over
        key = (link, cat, "end" in state.dialogs, state.version,
               remote.shared.done if remote is not None else None, sending)
        if key == self._drawn:
            return
        # Meanwhile the panel's Share, under the tray's, steps back: one primary button
        # for the one move.
        self.tray.classList.toggle("sending", sending)
        self.tray_share.hidden = not sending
        self.share.classList.toggle("primary", not sending)
        self.share.classList.toggle("secondary", sending)
        if self._drawn is None or self._drawn[0] != link:
            self.status.textContent = ""
        self._drawn = key
        self._cat = cat
        self.el.hidden = remote is None or state.screen != "game"
        if remote is None:
            return
        place = by_id("end-dialog") if "end" in state.dialogs else None
        if place is not None and self.el.parentElement is not place:
            place.insertBefore(self.el, by_id("share"))
        elif place is None and self.el.parentElement is not by_id("game"):
            by_id("tray").after(self.el)
        t = cat.t
        shared = remote.shared
        to = remote.to
        if link is None:
            self.to.textContent = t("remote.your_turn")
        elif to is None:
            self.to.textContent = t("remote.send_all")
        else:
            self.to.textContent = cat.say({"key": "remote.send", "params": {
                "name": {"key": "list.and", "params": {"first": ", ".join(remote.names_of(to)[:-1]),
                                                       "last": remote.names_of(to)[-1]}}
                if len(remote.names_of(to)) > 1 else remote.names_of(to)[0]}})
        self.url = url_of(link) if link is not None else None
        self.link.hidden = self.share.hidden = link is None
        if link is not None:
            self.link.href = self.url
            self.link.textContent = self.url
        self.share.textContent = self.tray_share.textContent = t("remote.share")
        count = sum(len(h) + 1 for h, _ in shared.turns)
        self.checked.textContent = t("remote.checked_all" if shared.over else "remote.checked",
                                     count=count) if count else ""
