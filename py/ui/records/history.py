"""The history of finished games: where they are kept, read and written.

Fetched on first use: with the end screen (a game is recorded when it ends),
the statistics, the review and Save and load (``ui.platform.lazy``).  Each finished
game is kept twice: its **record** (``ui.records.game_record``: what the statistics
are computed from) and the game itself, the engine's save
(``Game.to_json()``), for the review.  The history file that exports and
imports them is ``ui.records.history_file``'s.

The storage functions are given the page's storage (``ui.records.storage.Storage``;
on CPython the controller tests' fake one), like ``ui.records.highscores``.
Where the games are kept: the storage has ``get``, ``set`` (``quiet=True``: a
write refused with no notice), ``remove`` and ``set_aside``.  Keys:

- ``dicepoker.history``        the records, oldest first, one JSON object a line
  (a game is one more line; a damaged line is one damaged record)
- ``dicepoker.history.<id>``   each game's save text, for the review
- ``dicepoker.history-stats``  ``{"count", "last": id, "sums"}``: the running
  sums of the statistics (``dicepoker.stats``) of those records, kept up to
  date as games are added, so the screen opens without reading them all; made
  again from the records whenever they are not theirs (count or last id)
- ``dicepoker.history-given``  ``{id: {"0": 12.3}}``: the points given away in
  each reviewed game, merged into its record when the list is read
- a damaged record is moved to ``dicepoker.bad-save.history-<time>-<n>``
  (listed with the damaged saves in Save and load, never deleted), and
  only then dropped from the list.

Storage full or blocked: a write returns False and nothing half-written
stays (a game's text is removed again if its record could not be added); the
caller says once that history is not being kept.  The time is given
(``stamp``: the page's ``shell.clock.now()``, names what is kept aside; tests
pass their own): nothing here reads a clock.
"""

import json

from dicepoker.stats import add_given, add_record, clean_sums, sums_of

from .game_record import clean_given, clean_records
from .storage import BAD_SAVE, HISTORY as KEY, HISTORY_GAME as GAME, HISTORY_GIVEN as GIVEN
from .storage import HISTORY_STATS as SUMS

ASIDE = "history-"          # a damaged record kept aside: bad-save.history-<time>-<n>
BAD = BAD_SAVE + ASIDE


def _lines(storage):
    """The stored list's lines (one record's JSON each), [] when there is none."""
    text = storage.get(KEY)
    return text.split("\n") if text else []


def _parse(lines, given):
    """Each line as data (a line that is not JSON stays text: a damaged record), with its
    points given away (``GIVEN``) where they are whole."""
    data = []
    for line in lines:
        try:
            item = json.loads(line)
        except ValueError:
            item = line
        if isinstance(item, dict) and item.get("id") in given and "given" not in item:
            players = item.get("players")
            found = clean_given(given[item["id"]], len(players)) \
                if isinstance(players, list) else None
            if found is not None:
                item["given"] = found
        data.append(item)
    return data


def _given(storage):
    try:
        given = json.loads(storage.get(GIVEN) or "{}")
    except ValueError:
        return {}
    return given if isinstance(given, dict) else {}


def _set_aside(storage, lines, kept, damaged, stamp):
    done = True
    for n, line in enumerate(damaged):
        done = storage.set_aside(ASIDE, line, "%s-%d" % (stamp, n)) is not None and done
    if done and storage.get(KEY) == "\n".join(lines):
        storage.set(KEY, "\n".join(kept), quiet=True)


def load(storage, stamp):
    """The records, cleaned; damaged ones are kept aside first (``stamp``: the time now)."""
    lines = _lines(storage)
    records, kept, damaged = clean_records(_parse(lines, _given(storage)), stored=lines)
    if damaged or len(kept) < len(lines):
        _set_aside(storage, lines, kept, damaged, stamp)
    return records


async def load_slowly(storage, stamp, pause, size=150):
    """:func:`load` a batch of records at a time, awaiting ``pause()`` in between (the
    statistics screen's history fills while the page stays responsive)."""
    lines = _lines(storage)
    given = _given(storage)
    records, kept, damaged, seen = [], [], [], set()
    for start in range(0, len(lines), size):
        part = lines[start:start + size]
        good, good_lines, bad = clean_records(_parse(part, given), seen, part)
        records += good
        kept += good_lines
        damaged += bad
        await pause()
    if damaged or len(kept) < len(lines):
        _set_aside(storage, lines, kept, damaged, stamp)
    return records


def _write(storage, records, lines=None):
    """Write the list (``lines``: the records' JSON lines, if at hand) and its running sums;
    False if refused."""
    if lines is None:
        lines = [json.dumps(r) for r in records]
    if not storage.set(KEY, "\n".join(lines), quiet=True):
        return False
    _write_sums(storage, records, sums_of(records))
    return True


def _write_sums(storage, records, sums):
    _put_sums(storage, len(records), records[-1]["id"] if records else None, sums)


def _put_sums(storage, count, last, sums):
    doc = {"count": count, "last": last, "sums": sums}
    if not storage.set(SUMS, json.dumps(doc), quiet=True):
        storage.remove(SUMS)            # made again from the records when next needed


def sums(storage, records=None, stamp=None):
    """The running sums of the kept games, as stored if they are whole and (given
    ``records``) theirs; else made from the records (read now, ``stamp``: the time) and
    stored again."""
    doc = _stored_sums(storage)
    if doc is not None and (records is None or (doc["count"] == len(records) and doc["last"] == (
            records[-1]["id"] if records else None))):
        return doc["sums"]
    if records is None:
        records = load(storage, stamp)
    found = sums_of(records)
    _write_sums(storage, records, found)
    return found


def _stored_sums(storage):
    try:
        doc = json.loads(storage.get(SUMS) or "null")
    except ValueError:
        return None
    if not isinstance(doc, dict) or type(doc.get("count")) is not int:
        return None
    last = doc.get("last")
    found = clean_sums(doc.get("sums"))
    if found is None or not (last is None or isinstance(last, str)):
        return None
    return {"count": doc["count"], "last": last, "sums": found}


def add(storage, record, text, stamp):
    """Keep a finished game (its record and save text); False if storage refused it.

    At the end of a game, so it neither reads nor rewrites the list as data
    (MicroPython takes seconds over the JSON of 1000 records): the record is
    one more line; the statistics screen checks them.  The running sums follow
    when they are the list's (its count and last id, found in the text)."""
    old = storage.get(KEY) or ""
    if ('"id": "%s"' % record["id"]) in old:
        return True                     # kept already
    count = old.count('"id": "')
    at = old.rfind('"id": "') + 7
    last = old[at:old.index('"', at)] if count else None
    doc = _stored_sums(storage)
    if not storage.set(GAME + record["id"], text, quiet=True):
        return False
    if not storage.set(KEY, (old + "\n" if old else "") + json.dumps(record), quiet=True):
        storage.remove(GAME + record["id"])
        return False
    if doc is not None and doc["count"] == count and doc["last"] == last:
        doc["sums"] = add_record(doc["sums"], record)
        _put_sums(storage, count + 1, record["id"], doc["sums"])
    else:
        storage.remove(SUMS)
    return True


def add_all(storage, records, entries):
    """Add ``entries`` ([(record, text)]) to the stored ``records``: all of them or none;
    False if storage refused."""
    written = []
    for record, text in entries:
        if not storage.set(GAME + record["id"], text, quiet=True):
            break
        written.append(record)
    # in date order (an imported game may be older than those kept; sorted is stable)
    combined = sorted(records + written, key=lambda r: r["date"])
    if len(written) == len(entries) and _write(storage, combined):
        return True
    for record in written:
        storage.remove(GAME + record["id"])
    return False


def game_text(storage, record_id):
    return storage.get(GAME + record_id)


def entries(storage, stamp):
    """[(record, game text)] of every kept game whose text is there, oldest first."""
    found = []
    for record in load(storage, stamp):
        text = game_text(storage, record["id"])
        if text is not None:
            found.append((record, text))
    return found


def delete(storage, record_id, stamp):
    """Delete one game (None: every game); False if storage refused.  The other records'
    lines are written back as they are (no JSON written again)."""
    lines = _lines(storage)
    records, kept, damaged = clean_records(_parse(lines, _given(storage)), stored=lines)
    if damaged:
        _set_aside(storage, lines, kept, damaged, stamp)
    pairs = [(r, line) for r, line in zip(records, kept)
             if record_id is not None and r["id"] != record_id]
    if not _write(storage, [r for r, _ in pairs], [line for _, line in pairs]):
        return False
    for record in records:
        if record_id is None or record["id"] == record_id:
            storage.remove(GAME + record["id"])
    if record_id is None:
        storage.remove(GIVEN)
    return True


def keep_aside(storage, record_id, stamp):
    """A game whose text cannot be read back: its record and text are moved aside."""
    for record in load(storage, stamp):
        if record["id"] == record_id:
            text = json.dumps({"record": record, "game": game_text(storage, record_id)})
            if storage.set_aside(ASIDE, text, str(stamp) + "-game") is not None:
                delete(storage, record_id, stamp)
            return


def set_given(storage, record, given):
    """Note the points each player gave away ({player index: points}, from the review) for
    a kept game (``record``: its record, ``ui.records.game_record.summarize``), once: a second review of it
    changes nothing.  Kept in ``GIVEN`` (the list itself is not rewritten)."""
    text = storage.get(KEY) or ""
    found = _given(storage)
    if record["id"] in found or ('"id": "%s"' % record["id"]) not in text:
        return False
    given = clean_given(dict((str(p), round(v, 2)) for p, v in given.items()
                             if isinstance(v, (int, float)) and not isinstance(v, bool)),
                        len(record["players"]))
    if given is None:
        return False
    found[record["id"]] = given
    if not storage.set(GIVEN, json.dumps(found), quiet=True):
        return False
    doc = _stored_sums(storage)
    if doc is not None:
        _put_sums(storage, doc["count"], doc["last"], add_given(doc["sums"], record, given))
    return True
