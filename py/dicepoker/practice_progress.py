"""A player's practice progress: what is kept of the answers, and the figures shown.

Pure data (a dict that is JSON as it is), kept by the page under
``dicepoker.practice-progress`` (``ui.records.practice``), read by the practice screen
and the statistics.  Its form::

    {"version": 1,
     "tally": {rules id: {"1": [answered, best, given], "2": [...], "3": [...]}},
     "streak": best answers in a row now, "longest": the longest such run,
     "rules": the rule set practised last,
     "at": {rules id: {"seed": text, "game": n, "nth": n, "number": n}}}

``given`` is the sum of the points each answer gave away (its loss, to 0.01);
an answer is a **best answer** when it gives nothing away (the positions'
best and second-best options are 0.5 points apart or more, so there is no
doubt).  ``at`` is where each rule set's sequence stands: the next position
to show (its place, :mod:`dicepoker.practice`) and how many of that seed's
positions came before it.

:func:`clean` takes a record as read and returns it checked, or None when
any part of it is not what this module writes: a damaged record is set aside
whole by the caller, never half read.
"""

from .dice import normalise_seed
from .errors import InvalidSetup
from .rules import RULESETS

VERSION = 1
LEVEL_KEYS = ("1", "2", "3")
BEST_LOSS = 0.005        # an answer that gives away less is the best answer


def new():
    return {"version": VERSION, "tally": {}, "streak": 0, "longest": 0, "rules": None,
            "at": {}}


def _count(value):
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _tally_of(levels):
    if not isinstance(levels, dict) or not levels or any(k not in LEVEL_KEYS for k in levels):
        return None
    clean = {}
    for key, row in levels.items():
        if not isinstance(row, list) or len(row) != 3 or not _count(row[0]) \
                or not _count(row[1]) or row[1] > row[0]:
            return None
        given = row[2]
        if isinstance(given, bool) or not isinstance(given, (int, float)) \
                or not 0 <= given <= 1000 * row[0]:
            return None
        clean[key] = [row[0], row[1], float(given)]
    return clean


def _place_of(place):
    if not isinstance(place, dict) or sorted(place) != ["game", "nth", "number", "seed"]:
        return None
    if not all(_count(place[k]) for k in ("game", "nth", "number")):
        return None
    try:
        seed = normalise_seed(place["seed"])
    except InvalidSetup:
        return None
    return {"seed": seed, "game": place["game"], "nth": place["nth"], "number": place["number"]}


def clean(data):
    """``data`` (a record as read) checked and copied, or None if it is damaged."""
    if not isinstance(data, dict) or data.get("version") != VERSION:
        return None
    if sorted(data) != ["at", "longest", "rules", "streak", "tally", "version"]:
        return None
    if not _count(data["streak"]) or not _count(data["longest"]) \
            or data["streak"] > data["longest"]:
        return None
    if data["rules"] is not None and data["rules"] not in RULESETS:
        return None
    found = new()
    found.update(streak=data["streak"], longest=data["longest"], rules=data["rules"])
    for part, check in (("tally", _tally_of), ("at", _place_of)):
        items = data[part]
        if not isinstance(items, dict):
            return None
        for rules_id, value in items.items():
            value = check(value) if rules_id in RULESETS else None
            if value is None:
                return None
            found[part][rules_id] = value
    return found


def is_best(loss):
    return loss < BEST_LOSS


def add(progress, rules_id, level, loss):
    """Count an answer of ``level`` in ``rules_id`` that gave away ``loss`` points (in place)."""
    row = progress["tally"].setdefault(rules_id, {}).setdefault(str(level), [0, 0, 0.0])
    best = is_best(loss)
    row[0] += 1
    row[1] += 1 if best else 0
    row[2] = round(row[2] + round(loss, 2), 2)
    progress["streak"] = progress["streak"] + 1 if best else 0
    progress["longest"] = max(progress["longest"], progress["streak"])
    return progress


def place(progress, rules_id, seed, game, nth, number):
    """Note where ``rules_id``'s sequence stands (the next position to show), in place."""
    progress["rules"] = rules_id
    progress["at"][rules_id] = {"seed": seed, "game": game, "nth": nth, "number": number}
    return progress


def summary(progress, rules_id=None, level=None):
    """``{"answered", "best", "share", "average"}`` of one rule set (None: all) and one
    level (None: all): ``share`` of best answers (0-1) and ``average`` points given
    away per answer, both None before any answer."""
    answered = best = 0
    given = 0.0
    for rules, levels in progress["tally"].items():
        if rules_id is not None and rules != rules_id:
            continue
        for key, row in levels.items():
            if level is None or key == str(level):
                answered += row[0]
                best += row[1]
                given += row[2]
    return {"answered": answered, "best": best,
            "share": best / answered if answered else None,
            "average": given / answered if answered else None}
