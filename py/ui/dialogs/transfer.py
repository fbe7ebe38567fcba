"""The Save and load dialog: game and high scores as files, damaged saves.

Loaded on first use (``ui.later.LaterView``, via ``ui.platform.lazy``).  The formats
and their checks are in ``transfer.py``; this module only talks to the page:

- downloads go through ``dicePokerFiles.download`` (static/js/files.js, added
  when the dialog is made or a damaged save is asked for: :mod:`ui.platform.scripts`; a
  Blob URL made in JS, never throws into Python);
- files are read with the awaited ``file.text()`` promise (a rejection is
  catchable in MicroPython, a synchronous JS throw is not), after a size check;
- every message is set as text, never HTML, whatever a file contains;
- nothing is changed until a file has passed every check; a game file goes
  to the controller (``load_game``), which asks first over a game in progress;
- the history of finished games (``ui.records.history``): its part of the dialog is
  made here (``#transfer-history``, not in index.html), a file is
  ``ui.records.history_file``'s; an import replays every game and adds them all or none.
"""

import asyncio

from dicepoker.errors import DicePokerError

from control.messages import error_message

from ..records import highscores, history, history_file, storage as keys, transfer
from ..platform import scripts
from ..later import pause, sync
from ..platform.dom import by_id, document, listen, window


FILES = "./static/js/files.js"    # dicePokerFiles: the downloads
HISTORY_FILE = "dice-poker-history-%s.json"
GAMES_PER_PAUSE = 10        # games of a history file replayed between pauses


def run_effect(kind, value, shell):
    """``download_bad_save``: offer the save kept aside at start as a file (``ui.effects.LATER``)."""
    asyncio.create_task(_offer_bad_save(shell))


async def _offer_bad_save(shell):
    await scripts.loaded(FILES)     # if it could not be, the download says so
    download_bad_save(shell, shell.storage.last_bad_save, shell.storage)


class Transfer:
    """The view of ``#transfer-dialog`` (its buttons are bound when it is made, once a page)."""

    def __init__(self, shell):
        self.storage = shell.storage
        self.dialog = by_id("transfer-dialog")
        asyncio.create_task(scripts.loaded(FILES))     # in long before a button is tapped
        _history_part(self.dialog)
        _bind(shell, shell.storage)

    def draw(self, state, texts):
        if sync(self.dialog, "transfer" in state.dialogs):
            _history_words(texts.cat)
            show_status("")
            by_id("export-game").disabled = state.game is None
            _list_bad_saves(self.storage, texts.cat)


def _bind(shell, storage):
    listen(by_id("export-game"), "click", lambda event: download_game(shell))
    listen(by_id("export-scores"), "click", lambda event: download_scores(shell, storage))
    listen(by_id("import-game"), "change",
           lambda event: _spawn(import_game(shell, event.target)))
    listen(by_id("import-scores"), "change",
           lambda event: _spawn(import_scores(shell, storage, event.target)))

    listen(by_id("export-history"), "click", lambda event: download_history(shell))
    listen(by_id("import-history"), "change",
           lambda event: _spawn(import_history(shell, event.target)))

    def on_bad_save(event):
        button = event.target.closest("button[data-key]")
        if button is not None:
            download_bad_save(shell, button.getAttribute("data-key"), storage)
    listen(by_id("bad-saves"), "click", on_bad_save)


def _history_part(dialog):
    """The history's part of the dialog, before the damaged saves (made once)."""
    part = document.createElement("section")
    part.className = "transfer-part"
    part.id = "transfer-history"
    part.setAttribute("aria-labelledby", "transfer-history-title")
    part.innerHTML = (
        '<h3 id="transfer-history-title"></h3><p class="help" id="transfer-history-help"></p>'
        '<div class="transfer-actions"><button id="export-history" class="btn secondary" '
        'type="button"></button><label class="btn secondary file-btn"><span '
        'id="import-history-label"></span><input id="import-history" class="file-input" '
        'type="file" accept=".json,application/json"></label></div>')
    dialog.insertBefore(part, by_id("bad-saves-part"))


def _history_words(cat):
    for element_id, key in (("transfer-history-title", "transfer.history"),
                            ("transfer-history-help", "transfer.history_help"),
                            ("export-history", "transfer.export_history"),
                            ("import-history-label", "transfer.import_history")):
        by_id(element_id).textContent = cat.t(key)


def _spawn(coroutine):
    asyncio.create_task(coroutine)


def show_status(text, error=False):
    status = by_id("transfer-status")
    status.textContent = text
    status.classList.toggle("error", error)


def _download(name, text, done):
    """Give the browser the file ``name``, then ``done(started)``: in the tap's own task when
    files.js has run (the dialog adds it when it is made; a browser may refuse a download
    away from a tap), else once it has: a tap while it still loads waits for it rather than
    being told the file could not be saved, and one after it failed adds it again."""
    if scripts.ready(FILES):
        done(bool(window.dicePokerFiles.download(name, text)))
    else:
        _spawn(_download_once_in(name, text, done))


async def _download_once_in(name, text, done):
    done(await scripts.loaded(FILES) and bool(window.dicePokerFiles.download(name, text)))


def _status_after(cat, saved):
    """``done`` of a download from the dialog: ``saved``'s words, or that it failed."""
    def done(started):
        if started:
            show_status(cat.t(saved))
        else:
            show_status(cat.t("transfer.download_failed"), error=True)
    return done


# ---------------------------------------------------------------- download
# (a file's text is written by ui.records: transfer.export_highscores, history_file.export_history)
def download_game(shell):
    state, cat = shell.state, shell.texts.cat
    if state.game is None:
        return
    _download(transfer.game_file_name(shell.clock.today()), state.game.to_json(held=state.held),
              _status_after(cat, "transfer.game_saved"))


def download_scores(shell, storage):
    _download(transfer.HIGHSCORES_FILE, transfer.export_highscores(highscores.load(storage)),
              _status_after(shell.texts.cat, "transfer.scores_saved"))


def download_bad_save(shell, key, storage):
    """Download a kept-aside save exactly as it was stored (it may not even be JSON)."""
    if not key or not key.startswith(keys.PREFIX):
        return
    text = storage.get(key)
    if text is None:
        return
    stamp = key[len(keys.BAD_SAVE):] if key.startswith(keys.BAD_SAVE) else "current"

    def done(started):             # a notice: the dialog may not be open
        if not started:
            shell.act({"say": "transfer.download_failed"})
    _download(transfer.bad_save_file_name(stamp), text, done)


def bad_saves(storage):
    """[(key, time stamp)] of the saves kept aside, oldest first."""
    found = window.dicePokerStorage.keys(keys.BAD_SAVE)
    return [(found[i], found[i][len(keys.BAD_SAVE):]) for i in range(found.length)]


def _list_bad_saves(storage, cat):
    saves = bad_saves(storage)
    part, target = by_id("bad-saves-part"), by_id("bad-saves")
    target.replaceChildren()
    part.hidden = not saves
    for key, stamp in saves:
        li = document.createElement("li")
        li.className = "bad-save"
        when = document.createElement("span")
        when.textContent = stamp.replace("T", " ")[:19]
        button = document.createElement("button")
        button.type = "button"
        button.className = "btn secondary small"
        button.setAttribute("data-key", key)
        button.textContent = cat.t("transfer.download_bad")
        button.setAttribute("aria-label", cat.t("transfer.download_bad_label",
                                                time=when.textContent))
        li.appendChild(when)
        li.appendChild(button)
        target.appendChild(li)


def download_history(shell):
    _download(HISTORY_FILE % shell.clock.today(),
              history_file.export_history(history.entries(shell.storage, shell.clock.now())),
              _status_after(shell.texts.cat, "transfer.history_saved"))


# ---------------------------------------------------------------- import
async def _read(input_element):
    """The chosen file's text, or None when nothing was chosen; raises InvalidFile."""
    files = input_element.files
    if files is None or files.length == 0:
        return None
    chosen = files.item(0)
    try:
        if chosen.size > transfer.MAX_FILE_BYTES:
            raise transfer.InvalidFile("too_big", "the file is too large")
        try:
            text = await chosen.text()
        except Exception:
            raise transfer.InvalidFile("unreadable", "the file could not be read")
    finally:
        input_element.value = ""          # choosing the same file again fires change again
    return str(text)


def _failed(cat, error, catalogue_prefix):
    reason = cat.say(error_message(error, catalogue_prefix))
    show_status(cat.t("transfer.import_failed", reason=reason), error=True)


async def _read_parsed(cat, input_element, parse):
    """The chosen file read and parsed, or None (nothing chosen, or a clear error shown)."""
    try:
        text = await _read(input_element)
        return None if text is None else (text, parse(text))
    except transfer.InvalidFile as error:
        _failed(cat, error, "import_error")
    except DicePokerError as error:           # InvalidSave from the engine's checks
        _failed(cat, error, "save_error")
    return None


async def import_game(shell, input_element):
    parsed = await _read_parsed(shell.texts.cat, input_element, transfer.parse_game)
    if parsed is not None:
        shell.act({"load_game": {"text": parsed[0]}})


async def import_scores(shell, storage, input_element):
    cat = shell.texts.cat
    parsed = await _read_parsed(cat, input_element, transfer.parse_highscores)
    if parsed is None:
        return
    merged, added = transfer.merge_highscores(highscores.load(storage), parsed[1])
    if not highscores.save(storage, merged):
        show_status(cat.t("notice.no_storage"), error=True)
        return
    show_status(cat.t("transfer.scores_added", count=added))


async def import_history(shell, input_element):
    """Every game of a history file replayed and checked, then all of them added, or none."""
    cat = shell.texts.cat
    files = input_element.files
    if files is None or files.length == 0:
        return
    chosen = files.item(0)
    try:
        if chosen.size > history_file.MAX_HISTORY_BYTES:
            raise history_file.HistoryError("too_big", "the file is too large")
        try:
            text = str(await chosen.text())
        except Exception:
            raise history_file.HistoryError("unreadable", "the file could not be read")
        entries = []
        for number, item in enumerate(history_file.file_games(text), 1):
            entries.append(history_file.file_entry(number, item))
            if number % GAMES_PER_PAUSE == 0:       # a long file never freezes the page
                await pause()
    except history_file.HistoryError as error:
        _failed(cat, error, "import_error")
        return
    finally:
        input_element.value = ""
    storage = shell.storage
    records = history.load(storage, shell.clock.now())
    new = history_file.merge(records, entries)
    if new and not history.add_all(storage, records, new):
        show_status(cat.t("notice.history_off"), error=True)
        return
    show_status(cat.t("transfer.history_added", count=len(new)))
