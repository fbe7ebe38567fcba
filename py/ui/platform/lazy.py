"""Lazy loading of Python modules the first turn does not need.

MicroPython can import only what is in its virtual file system, and page
start puts there only the modules it imports (the start bundle,
``py/main.py``).  The strategy
package (advisor, computer players, review) and the review screen are
fetched here on first use, written into the file system next to the start
modules, and imported.  Once loaded they stay for the session.  A file already
in the file system is not fetched again: boot.js brings the setup form with
the start bundle when the page may start on it (the manifest's ``SETUP``).

Which files each module needs is worked out by the build from the one manifest
(:mod:`ui.platform.manifest`, written into :mod:`ui.platform.loads`); ``ROOT`` and ``EXTENSION`` say
where the page's modules are served and in which form, so switching to
precompiled bytecode is ``ROOT = "./static/mpy/"`` and ``EXTENSION = ".mpy"``.
Files are copied as bytes (``Module.FS.writeFile``: one copy, not a
per-byte conversion), so both forms work alike.
"""

import asyncio
import os
import sys

import js

LOADS = "ui/platform/loads"     # the manifest's files of each door (generated): itself lazy

ROOT = "./static/mpy/"  # where the page's Python modules are served, relative to the page
EXTENSION = ".mpy"      # precompiled (.ci/compile_mpy.py); ".py" to serve sources

class LazyLoadError(Exception):
    """A module could not be fetched (offline and never cached, server error)."""


_fetching = {}      # path -> the task fetching its bytes (shared by every load that needs it)


async def load(module_name):
    """Fetch (once) and import ``module_name`` (a door of the manifest, with its files); the module.

    Loads run side by side: a view, its stylesheet module and the dialog history
    (ui.dialogs.back) fetch in one round trip, not one after the other (three or more round
    trips of a phone's network, before a dialog opens).  A file two loads need is
    fetched once."""
    if module_name in sys.modules:
        return sys.modules[module_name]
    missing = _missing(module_name, await _loads())
    if missing:
        await _install(missing)
    if module_name not in sys.modules:      # not imported meanwhile by another load
        __import__(module_name)
    return sys.modules[module_name]


async def _loads():
    """:mod:`ui.platform.loads`, which says each door's files: not a start module (a first
    turn loads nothing later, and its 1 KB is a phone's to pay), fetched with the first
    load; static/js/boot.js brings it with the start modules when a saved game may need
    one (reading the save) before the first roll."""
    name = LOADS.replace("/", ".")
    if name not in sys.modules:
        if not _in_file_system(LOADS):
            await _install([LOADS])
        __import__(name)
    return sys.modules[name]


def _missing(module_name, loads):
    """The files of ``module_name`` (its group, else its own) not in the file system yet."""
    group = loads.GROUPS.get(module_name)
    if group:
        every = loads.FILES.split()
        files = [every[int(i)] for i in group.split()]
    else:
        files = [module_name.replace(".", "/")]
    missing = []
    for path in files:
        parts = path.split("/")
        # the packages the file is in first: their __init__ files are not in GROUPS
        for folder in ["/".join(parts[:i] + ["__init__"]) for i in range(1, len(parts))] + [path]:
            if folder not in missing and not _in_file_system(folder):
                missing.append(folder)
    return missing


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
        if path not in _present:        # written meanwhile by another load
            _make_folders(path)
            js.Module.FS.writeFile(path + EXTENSION, data)
            _present.add(path)
        _fetching.pop(path, None)


_present = set()    # the files _in_file_system found there, and those _install wrote


def _in_file_system(path):
    """Already written: by an earlier load, or by py/main.py (the start bundle, and what
    static/js/boot.js brings with it).  Each file is looked for until it is found, and
    then remembered: once there, a file stays, and after the start only _install writes
    (so it asks the set, not the file system, whether another load wrote a file it
    fetched).  The runtime's file system answers a look-up of a missing file with a
    JavaScript exception it builds with its message; a file another load is fetching is
    not there yet."""
    if path in _present:
        return True
    if path in _fetching:
        return False
    try:
        os.stat(path + EXTENSION)
    except OSError:
        return False
    _present.add(path)
    return True


_folders = set()    # the folders _make_folders has seen there or made


def _make_folders(path):
    """Create the folders of ``path`` (relative to the start modules' folder) that are not
    there yet.  Each is looked at once a session, and made only when missing: the runtime's
    file system answers a failed call with a JavaScript exception it builds with its message
    (a ``mkdir`` of each file's folders made 39 by a game's first win chances)."""
    parts = path.split("/")[:-1]
    for i in range(1, len(parts) + 1):
        folder = "/".join(parts[:i])
        if folder in _folders:
            continue
        try:
            os.stat(folder)
        except OSError:
            try:
                os.mkdir(folder)
            except OSError:
                pass                    # the file's write then says what is wrong
        _folders.add(folder)
