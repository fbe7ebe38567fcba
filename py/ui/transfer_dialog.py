"""The Save and load dialog: game and high scores as files, damaged saves.

Loaded on first use (``App.open_transfer`` via ``ui.lazy``).  The formats and
their checks are in ``transfer.py``; this module only talks to the page:

- downloads go through boot.js's ``dicePokerFiles.download`` (a Blob URL made
  in JS, never throws into Python);
- files are read with the awaited ``file.text()`` promise (a rejection is
  catchable in MicroPython, a synchronous JS throw is not), after a size check;
- every message is set as text, never HTML, whatever a file contains;
- nothing is changed until a file has passed every check; importing a game
  over one in progress asks first (``#confirm``).
"""

import asyncio

from dicepoker.errors import DicePokerError

from . import highscores, storage as keys, transfer
from .dom import by_id, document, listen, local_date, window

_bound = set()      # apps whose dialog buttons are bound (once per page)


def show(app):
    """Show the dialog, with what can be exported now and the damaged saves."""
    _bind(app)
    show_status(app, "")
    by_id("export-game").disabled = app.game is None
    _list_bad_saves(app)
    dialog = by_id("transfer-dialog")
    if not dialog.open:
        dialog.showModal()


def _bind(app):
    if id(app) in _bound:
        return
    _bound.add(id(app))
    listen(by_id("export-game"), "click", lambda event: export_game(app))
    listen(by_id("export-scores"), "click", lambda event: export_scores(app))
    listen(by_id("import-game"), "change",
           lambda event: _spawn(import_game(app, event.target)))
    listen(by_id("import-scores"), "change",
           lambda event: _spawn(import_scores(app, event.target)))

    def on_bad_save(event):
        button = event.target.closest("button[data-key]")
        if button is not None:
            export_bad_save(app, button.getAttribute("data-key"))
    listen(by_id("bad-saves"), "click", on_bad_save)


def _spawn(coroutine):
    asyncio.create_task(coroutine)


def show_status(app, text, error=False):
    status = by_id("transfer-status")
    status.textContent = text
    status.classList.toggle("error", error)


def _download(app, name, text):
    if not window.dicePokerFiles.download(name, text):
        show_status(app, app.cat.t("transfer.download_failed"), error=True)
        return False
    return True


# ---------------------------------------------------------------- export
def export_game(app):
    if app.game is None:
        return
    if _download(app, transfer.game_file_name(local_date()), app.game.to_json()):
        show_status(app, app.cat.t("transfer.game_saved"))


def export_scores(app):
    table = highscores.clean_table(app.storage.get_json(keys.HIGHSCORES, {}))
    if _download(app, transfer.HIGHSCORES_FILE, transfer.export_highscores(table)):
        show_status(app, app.cat.t("transfer.scores_saved"))


def export_bad_save(app, key):
    """Download a kept-aside save exactly as it was stored (it may not even be JSON)."""
    if not key or not key.startswith(keys.PREFIX):
        return
    text = app.storage.get(key)
    if text is None:
        return
    stamp = key[len(keys.BAD_SAVE):] if key.startswith(keys.BAD_SAVE) else "current"
    if not _download(app, transfer.bad_save_file_name(stamp), text):
        app.notice("transfer.download_failed")


def _list_bad_saves(app):
    saves = app.storage.bad_saves()
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
        button.textContent = app.cat.t("transfer.download_bad")
        button.setAttribute("aria-label", app.cat.t("transfer.download_bad_label",
                                                    time=when.textContent))
        li.appendChild(when)
        li.appendChild(button)
        target.appendChild(li)


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


def _failed(app, error, catalogue_prefix):
    reason = app.cat.error(error, catalogue_prefix)
    show_status(app, app.cat.t("transfer.import_failed", reason=reason), error=True)


async def _read_parsed(app, input_element, parse):
    """The chosen file read and parsed, or None (nothing chosen, or a clear error shown)."""
    try:
        text = await _read(input_element)
        return None if text is None else parse(text)
    except transfer.InvalidFile as error:
        _failed(app, error, "import_error")
    except DicePokerError as error:           # InvalidSave from the engine's checks
        _failed(app, error, "save_error")
    return None


async def import_game(app, input_element):
    game = await _read_parsed(app, input_element, transfer.parse_game)
    if game is None:
        return
    if app.game is not None and not app.game.is_over:
        by_id("transfer-dialog").close()
        app.ask("import", lambda: _adopt(app, game))
    else:
        _adopt(app, game)


def _adopt(app, game):
    """Make the imported game the current one; a finished game is not scored again."""
    meta = {"link": None, "recorded": game.is_over, "rev": app.storage.stored_revision()}
    app.close_dialog("transfer-dialog")
    app.adopt(game, meta, screen="game")
    app.save()
    app.notice("transfer.game_loaded")


async def import_scores(app, input_element):
    imported = await _read_parsed(app, input_element, transfer.parse_highscores)
    if imported is None:
        return
    table = highscores.clean_table(app.storage.get_json(keys.HIGHSCORES, {}))
    merged, added = transfer.merge_highscores(table, imported)
    if not app.storage.set_json(keys.HIGHSCORES, merged):
        show_status(app, app.cat.t("notice.no_storage"), error=True)
        return
    show_status(app, app.cat.t("transfer.scores_added", count=added))
