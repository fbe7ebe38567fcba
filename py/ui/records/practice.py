"""Where the practice progress is kept: ``dicepoker.practice-progress``, one JSON record.

Read by the practice screen (``ui.practice.door``) and the statistics
(``ui.stats.practice``), written after every answer and every new position.
The record's form and its checks are :mod:`dicepoker.practice_progress`'s.

A record that cannot be read (not JSON, or not what that module writes) is
never lost silently: it is copied whole (``Storage.set_aside``) to
``dicepoker.bad-save.practice-<time>`` (listed with the damaged saves in Save
and load, which offers it as a file; never deleted) and only then removed,
and :func:`load` says so, so the page tells the player.  If the copy cannot be
written (storage full) the record stays where it is and no new progress is
written over it (:func:`save` tries to set it aside first, each time).
"""

import json

from dicepoker import practice_progress

from .storage import BAD_SAVE, PRACTICE as KEY

ASIDE = "practice-"         # a damaged record kept aside: bad-save.practice-<time>
BAD = BAD_SAVE + ASIDE

_stuck = []         # a damaged record that could not be set aside: (its text)


def _set_aside(storage, text, stamp):
    """Copy ``text`` aside, then remove it from ``KEY``; False if the copy was refused."""
    if storage.set_aside(ASIDE, text, stamp) is None:
        return False
    if storage.get(KEY) == text:
        storage.remove(KEY)
    return True


def load(storage, stamp):
    """``(progress, aside)``: the stored progress (a new one if there is none or it is
    damaged) and whether a damaged record was found (``stamp``: the time now, naming
    the copy set aside)."""
    text = storage.get(KEY)
    if text is None:
        return practice_progress.new(), False
    try:
        found = practice_progress.clean(json.loads(text))
    except ValueError:
        found = None
    if found is not None:
        return found, False
    if _set_aside(storage, text, stamp):
        _stuck[:] = []
    else:
        _stuck[:] = [text]
    return practice_progress.new(), True


def save(storage, progress, stamp):
    """Write ``progress``; False if storage refused it (or a damaged record still waits to be
    set aside: it is not written over)."""
    if _stuck:
        if storage.get(KEY) == _stuck[0] and not _set_aside(storage, _stuck[0], stamp):
            return False
        _stuck[:] = []
    return storage.set(KEY, json.dumps(progress), quiet=True)
