"""Today's game's results on this device: each date's result, the pars worked out, the streaks.

Kept under ``dicepoker.daily`` (``ui.records.storage`` lists the keys), one JSON document::

    {"results": {"2026-12-04": {"score": 231, "id": "1a2b3c4d", "on_day": true,
                                "boxes": [3, 8, ...], "bonus": false}},
     "pars": {"2026-12-04": {"par": 240, "boxes": [5, 10, ...]}}}

- A date's **result** is its first finished game (:func:`add_result`); a later
  game of the same date is practice and changes nothing, and so is a game begun
  as practice (its meta says so: ``control.daily``), whatever its score.  ``id`` is the
  game's (``ui.records.game_record.game_id``): the end screen of that game says "counted"
  (:func:`counts`), any other "practice" (a replay of the same moves is the same game
  by its id: its meta tells them apart).  ``on_day``: the game was begun on its own date; a
  result of an earlier date (opened by its link) counts for that date, but a
  streak is made of days played on the day.  ``boxes`` (points per box, card order) and
  ``bonus`` (the upper bonus), when kept: Share's picture from Today's game's result
  dialog, once the game itself is gone (older results have none: no picture).
- A date's **par** (``dicepoker.daily.par``) and par's points per box, in
  card order (for the picture Share sends), kept once worked out: the table
  need not be fetched again for that date.
- A stored document that is not whole (edited, or written by a broken
  version) is moved aside whole (``Storage.set_aside``) to ``dicepoker.bad-save.daily-<time>`` (listed
  in Save and load, never deleted) and only its good entries are kept;
  :func:`load` says so, and ``ui.daily.door`` tells the player.

:func:`summary` is the Statistics' Daily section: days played, the current
and the longest streak, the average of score minus par, and score minus par
per day.  :func:`share_text` is what Share sends.  Pure Python over a storage
with ``get``/``set`` (``ui.records.storage.Storage``; on CPython the controller tests'
fake one), so all of it is tested without a browser.
"""

import json

from dicepoker.daily import check_date, day_number
from dicepoker.game import is_int
from dicepoker.rules import RULESETS

from .storage import DAILY as KEY

ASIDE = "daily-"            # a damaged document kept aside: bad-save.daily-<time>
BOXES = len(RULESETS["dice-poker"].boxes)
MAX_POINTS = 1000           # above any total the rules allow


def _date(text):
    try:
        return check_date(text)
    except Exception:
        return None


def _points(value):
    return is_int(value) and 0 <= value < MAX_POINTS


def _clean_result(item):
    if not isinstance(item, dict) or not _points(item.get("score")) \
            or not isinstance(item.get("id"), str) or not isinstance(item.get("on_day"), bool):
        return None
    clean = {"score": item["score"], "id": item["id"][:40], "on_day": item["on_day"]}
    if "boxes" in item or "bonus" in item:
        boxes = item.get("boxes")
        if not isinstance(boxes, list) or len(boxes) != BOXES \
                or not all(_points(b) for b in boxes) or not isinstance(item.get("bonus"), bool):
            return None
        clean["boxes"], clean["bonus"] = list(boxes), item["bonus"]
    return clean


def _clean_par(item):
    if not isinstance(item, dict) or not _points(item.get("par")):
        return None
    boxes = item.get("boxes")
    if not isinstance(boxes, list) or len(boxes) != BOXES or not all(_points(b) for b in boxes):
        return None
    return {"par": item["par"], "boxes": list(boxes)}


def _clean(doc):
    """(the document's good entries, whether it was whole: nothing left out)."""
    clean = {"results": {}, "pars": {}}
    if not isinstance(doc, dict):
        return clean, False
    whole = True
    for part, check in (("results", _clean_result), ("pars", _clean_par)):
        entries = doc.get(part, {})
        if not isinstance(entries, dict):
            whole = False
            continue
        for date, item in entries.items():
            item = check(item) if _date(date) == date else None
            if item is None:
                whole = False
            else:
                clean[part][date] = item
    return clean, whole


def load(storage, stamp):
    """(document, damaged): what is kept, cleaned; a damaged document is moved aside first
    (``stamp``: the time now, naming the copy) and the good part written back."""
    text = storage.get(KEY)
    if text is None:
        return {"results": {}, "pars": {}}, False
    try:
        doc = json.loads(text)
    except ValueError:
        doc = None
    clean, whole = _clean(doc)
    if whole:
        return clean, False
    if storage.set_aside(ASIDE, text, stamp) is not None:
        storage.set(KEY, json.dumps(clean), quiet=True)
    return clean, True


def _write(storage, doc):
    return storage.set(KEY, json.dumps(doc), quiet=True)


def add_result(storage, date, score, game_id, on_day, stamp, practice=False, card=None):
    """Keep a finished game of ``date`` as the day's result, unless it has one or the game
    was begun as ``practice``: True if this game counts (it is the result now, or was
    already: the same game recorded again), False if it is practice, None if storage
    refused it.  ``card``: ``(points per box, upper bonus)``, kept for Share's picture."""
    if practice:
        return False
    doc, _ = load(storage, stamp)
    kept = doc["results"].get(date)
    if kept is not None:
        return kept["id"] == game_id
    result = {"score": score, "id": game_id, "on_day": bool(on_day)}
    if card is not None:
        result["boxes"], result["bonus"] = list(card[0]), bool(card[1])
    doc["results"][date] = result
    return True if _write(storage, doc) else None


def counts(doc, date, game_id, practice):
    """Whether the finished game ``game_id`` of ``date`` is the day's result: it is the
    kept one and was not begun as ``practice`` (a practice replay of the same moves, a
    tie, is the same game by its id, and still practice)."""
    kept = doc["results"].get(date)
    return kept is not None and not practice and kept["id"] == game_id


def add_par(storage, date, par, boxes, stamp):
    """Keep ``date``'s par and par's points per box (worked out once)."""
    doc, _ = load(storage, stamp)
    doc["pars"][date] = {"par": par, "boxes": list(boxes)}
    return _write(storage, doc)


def streaks(on_day_dates, today):
    """(current, longest) runs of consecutive days in ``on_day_dates``; the current one ends
    today, or yesterday while today is not played yet (a streak is not broken before the
    day is over)."""
    days = set(day_number(d) for d in on_day_dates)
    longest = 0
    for day in days:
        if day - 1 not in days:             # the first day of a run
            length = 1
            while day + length in days:
                length += 1
            longest = max(longest, length)
    current = 0
    day = day_number(today)
    if day not in days:
        day -= 1
    while day in days:
        current += 1
        day -= 1
    return current, longest


def summary(doc, today):
    """The Statistics' Daily section: ``{"days", "streak", "best_streak", "average",
    "rows"}``; ``rows``: ``(date, score, par, score - par)`` by date, for the days whose par
    is known (``average`` is theirs, None if there is none)."""
    results, pars = doc["results"], doc["pars"]
    current, longest = streaks([d for d, r in results.items() if r["on_day"]], today)
    rows = []
    for date in sorted(results):
        par = pars.get(date)
        if par is not None:
            score = results[date]["score"]
            rows.append((date, score, par["par"], score - par["par"]))
    average = sum(r[3] for r in rows) / float(len(rows)) if rows else None
    return {"days": len(results), "streak": current, "best_streak": longest,
            "average": average, "rows": rows}


# ------------------------------------------------------------------ words
def against_par(cat, score, par):
    """"3 points under par", "12 points over par", "exactly par"."""
    if score == par:
        return cat.t("daily.level")
    return cat.t("daily.under" if score < par else "daily.over", count=abs(score - par))


BETTER, FEWER, ZERO, BONUS = "\U0001F7E9", "\U0001F7E8", "\u2B1B", "\u2B50"


def picture(card, par_boxes, boxes, upper_bonus):
    """The game in symbols, beside par's: a line for the upper boxes, one for the lower;
    per box a green square where it scored as much as par's game did in that box or more,
    a yellow one where less, a black one for a 0; a star for the upper bonus.  No names."""
    marks = []
    for i, box in enumerate(boxes):
        points = card.get(box, 0)
        marks.append(ZERO if points == 0 else BETTER if points >= par_boxes[i] else FEWER)
    return "".join(marks[:6]) + (" " + BONUS if upper_bonus else "") + "\n" + "".join(marks[6:])


def share_text(cat, date, score, par, pictured, url):
    """What Share sends: the date, the score against par, the picture (none: a result
    kept without its boxes) and the link."""
    lines = [cat.t("daily.share_title", date=date),
             cat.t("daily.share_score", score=score, par=par, against=against_par(cat, score, par))]
    if pictured:
        lines.append(pictured)
    lines.append(url)
    return "\n".join(lines)
