"""Lazy loading of Python modules the first turn does not need.

MicroPython can import only what is in its virtual file system, and page
start puts there only the modules it imports (the start bundle,
``py/main.py``).  The strategy
package (advisor, computer players, review) and the review screen are
fetched here on first use, written into the file system next to the start
modules, and imported.  Once loaded they stay for the session.  A file already
in the file system is not fetched again: boot.js brings the setup form with
the start bundle when the page may start on it (``ui.setup_form``).

The one list of those files is ``GROUPS``; ``ROOT`` and ``EXTENSION`` say
where the page's modules are served and in which form, so switching to
precompiled bytecode is ``ROOT = "./static/mpy/"`` and ``EXTENSION = ".mpy"``.
Files are copied as bytes (``Module.FS.writeFile``: one copy, not a
per-byte conversion), so both forms work alike.
"""

import asyncio
import os
import sys

import js

ROOT = "./static/mpy/"  # where the page's Python modules are served, relative to the page
EXTENSION = ".mpy"      # precompiled (.ci/compile_mpy.py); ".py" to serve sources

_STRATEGY = tuple("dicepoker/strategy/" + name for name in (
    "__init__", "dicesets", "states", "table", "advisor", "players", "review", "spread",
    "turn_moments", "chances", "luck_skill", "to_win"))

# The setup form and what it needs beyond the start modules: static/js/boot.js brings
# these files with the start bundle when the page may start on the setup screen.
SETUP = ("ui/setup_form",)

# Importable module -> the files (without extension) it needs, in import order.  A
# module fetched on first use that needs no other (control.assist, ui.rules, ui.switch,
# ...) is not listed: it is its own file.  One fetched on first use may add its own
# groups (ui.stats: the statistics screen's).
_SAVES = ("dicepoker/keyed_dice", "dicepoker/savefile")   # a game by link's dice: keyed
_ASSISTANTS = ("ui/coach", "ui/computer", "ui/assistants")  # they fetch the strategy when needed
_PRACTICE = ("dicepoker/practice", "dicepoker/practice_progress")   # issue 42
GROUPS = {
    "dicepoker.strategy": _STRATEGY,
    "ui.assistants": _ASSISTANTS,                   # hints and computer seats
    "ui.hint": ("ui/words", "ui/hint"),
    "ui.win_chances": _ASSISTANTS + ("ui/setup_form", "ui/win_chances"),  # the chips' chances
    "ui.review": _STRATEGY + _ASSISTANTS + ("ui/words", "ui/luck", "ui/review"),
    "dicepoker.savefile": _SAVES,
    "ui.transfer_dialog": _SAVES + ("dicepoker/stats", "ui/game_record", "ui/history",
                           "ui/file_frame", "ui/history_file", "ui/highscores",
                           "ui/transfer", "ui/scripts", "ui/transfer_dialog"),  # Save and load
    "control.incoming": _SAVES + ("control/incoming",),   # games from elsewhere
    "ui.end": ("dicepoker/stats", "ui/game_record", "ui/history", "ui/highscores", "ui/scores",
               "ui/luck", "ui/share", "ui/end"),   # luck's figures then need the strategy and the assistants
    "ui.scores": ("ui/highscores", "ui/scores"),
    "ui.setup_form": SETUP,
    "ui.feel": ("control/settings", "ui/tips", "ui/settings_dialog", "ui/feel"),  # issue 19
    # today's game (issue 41): its controller, results, par and end screen
    "control.daily": ("dicepoker/daily", "control/daily"),
    "ui.daily": ("dicepoker/daily", "control/daily", "ui/game_record", "ui/share",
                 "ui/daily_results", "ui/daily"),
    # the practice screen (issue 42): its controller, and its view with what it works with
    "control.practice": _STRATEGY + _PRACTICE + ("control/practice",),
    "ui.practice": _STRATEGY + _ASSISTANTS + _PRACTICE + (
        "ui/words", "ui/hint", "ui/practice_store", "ui/practice_screen", "ui/practice"),
}


class LazyLoadError(Exception):
    """A module could not be fetched (offline and never cached, server error)."""


_fetching = {}      # path -> the task fetching its bytes (shared by every load that needs it)


async def load(module_name):
    """Fetch (once) and import ``module_name`` (with its ``GROUPS``); the module.

    Loads run side by side: a view, its stylesheet module and the dialog history
    (ui.back) fetch in one round trip, not one after the other (three or more round
    trips of a phone's network, before a dialog opens).  A file two loads need is
    fetched once."""
    if module_name in sys.modules:
        return sys.modules[module_name]
    missing = _missing(module_name)
    if missing:
        await _install(missing)
    if module_name not in sys.modules:      # not imported meanwhile by another load
        __import__(module_name)
    return sys.modules[module_name]


def prefetch(module_name):
    """Start fetching ``module_name``'s files now, for a :func:`load` soon after (a door
    module names its screen's files when it is imported: they come with the rest)."""
    for path in _missing(module_name):
        _fetch(path)


def _missing(module_name):
    """The files of ``module_name`` (its group, else its own) not in the file system yet."""
    files = GROUPS.get(module_name) or (module_name.replace(".", "/"),)
    return [path for path in files if not _in_file_system(path)]


def _fetch(path):
    """The task that fetches ``path`` (started once; a failed one is forgotten, so the
    next need tries again)."""
    task = _fetching.get(path)
    if task is None:
        task = _fetching[path] = asyncio.create_task(_bytes(path))
    return task


async def _bytes(path):
    """The file's bytes, or the LazyLoadError to raise: returned, not raised, because
    MicroPython hands the exception of a task nobody awaits yet to the loop's handler,
    and a later await of it then gives None."""
    try:
        response = await js.fetch(ROOT + path + EXTENSION)
        if not response.ok:
            error = LazyLoadError("%s: HTTP %s" % (path, response.status))
        else:
            return js.Uint8Array.new(await response.arrayBuffer())
    except Exception as failure:    # a rejected fetch: offline, blocked
        error = LazyLoadError("%s: %s" % (path, failure))
    _fetching.pop(path, None)
    return error


async def _install(paths):
    """Fetch every file first (in parallel), then write them all: never half a package."""
    tasks = [(path, _fetch(path)) for path in paths]
    contents = []
    for path, task in tasks:
        data = await task
        if isinstance(data, LazyLoadError):
            raise data
        contents.append((path, data))
    for path, data in contents:
        if not _in_file_system(path):   # written meanwhile by another load
            _make_folders(path)
            js.Module.FS.writeFile(path + EXTENSION, data)
        _fetching.pop(path, None)


def _in_file_system(path):
    """Already written: by an earlier load, or by py/main.py (the start bundle, and what
    static/js/boot.js brings with it)."""
    try:
        os.stat(path + EXTENSION)
        return True
    except OSError:
        return False


def _make_folders(path):
    """Create the folders of ``path`` (relative to the start modules' folder)."""
    parts = path.split("/")[:-1]
    for i in range(1, len(parts) + 1):
        try:
            os.mkdir("/".join(parts[:i]))
        except OSError:
            pass                        # already there
