"""The save's meta data, and the rule that keeps an older tab from writing over a newer game.

A game is saved as the engine's JSON (``dicepoker.game``) and a meta document
(``dicepoker.game-meta``): ``{"link": key or None, "recorded": bool, "rev": int,
"first": words or None}``, and ``"daily": {...}`` for today's game only (``control.daily``,
which checks it against the game), ``"results_closed": true`` once the player closed a
finished game's results (``control.dialogs``); ``first`` is what static/js/boot.js needs to paint
the game's first screen before Python (its rules and where the turn stands: control.autosave).
``rev`` counts the saves of this game's line, across tabs: each save writes
``rev + 1`` and says which ``rev`` it was based on, and storage refuses it when
another tab has saved a later one meanwhile (:func:`may_write`).  The tab
that was refused then shows the newer game (the ``stored`` action).
"""

from dicepoker.game import is_int


def new_meta(link=None, recorded=False, rev=0, first=None, daily=None):
    meta = {"link": link, "recorded": recorded, "rev": rev, "first": first}
    if daily is not None:
        meta["daily"] = daily
    return meta


def clean_meta(data):
    """A stored meta document as the controller uses it (never trust storage)."""
    if not isinstance(data, dict):
        data = {}
    link, rev, first, daily = data.get("link"), data.get("rev"), data.get("first"), data.get("daily")
    meta = new_meta(link if isinstance(link, str) else None, data.get("recorded") is True,
                    rev if is_int(rev) and rev >= 0 else 0, first if isinstance(first, str) else None,
                    daily if isinstance(daily, dict) else None)
    if data.get("results_closed") is True:
        meta["results_closed"] = True
    return meta


def may_write(stored_meta, base):
    """Whether a save based on revision ``base`` may be written over ``stored_meta``."""
    return clean_meta(stored_meta)["rev"] <= base
