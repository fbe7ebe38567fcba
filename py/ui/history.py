"""The history of finished games: what is kept of each, checked as every save is, and where.

Pure data in, data out (CPython and MicroPython), like ``ui.highscores``:
the storage functions are given the page's storage (``ui.storage.Storage``;
on CPython the controller tests' fake one).  Fetched on first use: with the
end screen (a game is recorded when it ends), the statistics, the review and
Save and load (``ui.lazy``).  Each finished game is kept twice:

- its **record**, a short summary that the statistics are computed from, so
  opening them never replays a game::

      {"id": "1a2b3c4d", "date": "2026-12-01T13:05", "rules": "dice-poker",
       "players": [{"name": "Ann", "seat": "human", "total": 241,
                    "boxes": [3, 8, ...],        # points per box, in the rules' order
                    "bonus": 35,                 # the upper bonus
                    "poker": 100}, ...],         # poker bonuses
       "given": {"0": 12.3}}                     # points given away (from the review), if known

  (:func:`summarize` makes one from a :class:`~dicepoker.game.Game`: its cards
  and ``breakdown``, the engine's own figures; :func:`clean_record` checks a
  stored one: shapes, every box's points possible under the rules, the bonus
  the rules' and the total the sum of its parts);
- the **game** itself, the engine's save (``Game.to_json()``), for the review.

``id`` is a hash of the game (:func:`game_id`): the same game imported twice
is kept once.  A history file is ``{"format": "dice-poker/history", "version": 1,
"games": [{"date": ..., "game": {save}}, ...]}``; :func:`parse_history` replays
every game (:func:`dicepoker.savefile.load_dict`) and makes its record anew,
so nothing a file says about scores is trusted; it raises
:class:`HistoryError` (``code``, and ``number`` for the game at fault), worded
by the page as ``import_error.<code>``.

Where the games are kept: the storage has ``get``, ``set`` (``quiet=True``: a
write refused with no notice) and ``remove``.  Keys:

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
caller says once that history is not being kept.  :func:`local_time` and
:func:`stamp` read the page's clock (they import ``pyscript`` when called;
tests pass their own times).
"""

import json

from dicepoker.errors import DicePokerError
from dicepoker.game import MAX_NAME_LENGTH, MAX_PLAYERS, is_int
from dicepoker.rules import POKER, POKER_POINTS, RULESETS
from dicepoker.seats import SEAT_KINDS
from dicepoker.stats import add_given, add_record, clean_sums, sums_of

HISTORY_FORMAT = "dice-poker/history"
HISTORY_VERSION = 1
MAX_HISTORY_BYTES = 16 * 1024 * 1024    # 1000 eight-player games are ~15 MB


class HistoryError(DicePokerError):
    """A history file that cannot be imported; ``code`` names the reason."""


def game_id(game):
    """A game's id: FNV-1a (32 bits, 8 hex digits) of what makes it that game, written
    the same way by every Python (its save's JSON is not: the key order differs)."""
    card_codes = [",".join(str(card.get(b, "")) for b in game.ruleset.boxes)
                  for card in game.cards]
    move_codes = ["r" + "".join(str(i) for i in move["roll"]) if "roll" in move
                  else "s" + move["score"] for move in game.moves]
    text = "\x1f".join([game.ruleset.id, "\x1e".join(game.players), "\x1e".join(game.seats),
                        str(game.seed), " ".join(move_codes), ";".join(card_codes)])
    h = 0x811C9DC5
    for byte in text.encode():
        h = ((h ^ byte) * 0x01000193) & 0xFFFFFFFF
    return "%08x" % h


def summarize(game, date=""):
    """The record of a finished ``game``."""
    boxes = game.ruleset.boxes
    players = []
    for p, name in enumerate(game.players):
        card, parts = game.cards[p], game.breakdown(p)
        players.append({"name": name, "seat": game.seats[p], "total": parts["total"],
                        "boxes": [card.get(b, 0) for b in boxes], "bonus": parts["upper_bonus"],
                        "poker": parts["poker_bonus"]})
    return {"id": game_id(game), "date": date, "rules": game.ruleset.id, "players": players}


_CHECKS = {}        # rules id -> (scores each box may hold, upper box positions, poker's)


def _checks(rules):
    checks = _CHECKS.get(rules.id)
    if checks is None:
        boxes = rules.boxes
        checks = _CHECKS[rules.id] = (
            [frozenset(rules.possible_scores(b)) for b in boxes],
            [boxes.index(b) for b in rules.upper_boxes], boxes.index(POKER))
    return checks


def _clean_player(data, rules):
    """A record's player as stored, or None: every box's points possible under the rules,
    the upper bonus theirs (the rules' ``upper_bonus_earned``), the total their sum."""
    if not isinstance(data, dict):
        return None
    name, seat, total = data.get("name"), data.get("seat"), data.get("total")
    boxes, bonus, poker = data.get("boxes"), data.get("bonus"), data.get("poker")
    if not isinstance(name, str) or not name or len(name) > MAX_NAME_LENGTH:
        return None
    if seat not in SEAT_KINDS or not is_int(total) or not is_int(poker) or poker < 0:
        return None
    if rules.poker_bonus and poker % rules.poker_bonus or not rules.poker_bonus and poker:
        return None
    allowed, upper, poker_at = _checks(rules)
    if not isinstance(boxes, list) or len(boxes) != len(allowed):
        return None
    for i in range(len(boxes)):          # the hot loop of opening the statistics
        points = boxes[i]
        if type(points) is not int or points not in allowed[i]:     # not a bool either
            return None
    if poker and boxes[poker_at] != POKER_POINTS:
        return None
    earned = rules.upper_bonus if sum(boxes[i] for i in upper) >= rules.upper_bonus_at else 0
    if bonus != earned or total != sum(boxes) + bonus + poker:
        return None
    return {"name": name, "seat": seat, "total": total, "boxes": boxes, "bonus": bonus,
            "poker": poker}


def clean_record(data):
    """A stored record as the statistics use it, or None if it is damaged."""
    if not isinstance(data, dict):
        return None
    record_id, date, rules_id = data.get("id"), data.get("date"), data.get("rules")
    if not isinstance(record_id, str) or not record_id or len(record_id) > 40:
        return None
    if not isinstance(date, str) or len(date) > 32 or rules_id not in RULESETS:
        return None
    players = data.get("players")
    if not isinstance(players, list) or not 1 <= len(players) <= MAX_PLAYERS:
        return None
    rules = RULESETS[rules_id]
    cleaned = []
    for player in players:
        player = _clean_player(player, rules)
        if player is None:
            return None
        cleaned.append(player)
    record = {"id": record_id, "date": date, "rules": rules_id, "players": cleaned}
    given = data.get("given")
    if given is not None:
        given = clean_given(given, len(cleaned))
        if given is None:
            return None
        record["given"] = given
    return record


def clean_given(data, players):
    """The points given away of a record (``{"0": 12.3}``, from the review) as stored, or None."""
    if not isinstance(data, dict):
        return None
    for key, value in data.items():
        if not isinstance(key, str) or not key.isdigit() or int(key) >= players \
                or not isinstance(value, (int, float)) or isinstance(value, bool) \
                or not 0 <= value < 1000:
            return None
    return dict(data)


def clean_records(data, seen=None):
    """(records, damaged) of a stored list: the good ones in order, and the others as they
    were (``seen``: the ids met so far, for a list cleaned a part at a time)."""
    if not isinstance(data, list):
        return [], ([data] if data is not None else [])
    records, damaged = [], []
    if seen is None:
        seen = set()
    for item in data:
        record = clean_record(item)
        if record is None or record["id"] in seen:
            if record is None:
                damaged.append(item)
            continue
        seen.add(record["id"])
        records.append(record)
    return records, damaged


# ------------------------------------------------------------------ files
def export_history(entries):
    """A history file's text; ``entries`` are ``(record, game save text)`` pairs, oldest first.

    The games are written as they are stored (already checked when recorded
    or imported), so an export never replays them."""
    parts = ['{"date": %s, "game": %s}' % (json.dumps(record["date"]), text)
             for record, text in entries]
    return '{"format": "%s", "version": %d, "games": [%s]}' % (
        HISTORY_FORMAT, HISTORY_VERSION, ", ".join(parts))


def _check_date(date, number):
    if not isinstance(date, str) or len(date) > 32:
        raise HistoryError("bad_game_date", "game %d has no valid date" % number, number=number)
    return date


def parse_history(text):
    """``[(record, save text)]`` of a history file, every game replayed; raises HistoryError.

    A game that is not over, or does not replay, refuses the whole file: an
    import either adds every game or changes nothing.  (The page replays them
    a few at a time, :func:`file_games` and :func:`file_entry`.)"""
    return [file_entry(number, item) for number, item in enumerate(file_games(text), 1)]


def file_games(text):
    """The games of a history file as they are in it, the file's frame checked."""
    if not isinstance(text, str):
        raise HistoryError("unreadable", "the file could not be read as text")
    if len(text) > MAX_HISTORY_BYTES:
        raise HistoryError("too_big", "the file is too large")
    if not text.strip():
        raise HistoryError("empty", "the file is empty")
    try:
        data = json.loads(text)
    except (ValueError, RuntimeError):
        raise HistoryError("not_json", "the file is not valid JSON")
    if not isinstance(data, dict) or data.get("format") != HISTORY_FORMAT:
        raise HistoryError("wrong_history", "this is not a Dice Poker history file")
    version = data.get("version")
    if not is_int(version) or version < 1:
        raise HistoryError("bad_version", "the file has no valid format version")
    if version > HISTORY_VERSION:
        raise HistoryError("future_version", "the file was made by a newer version",
                           version=version)
    games = data.get("games")
    if not isinstance(games, list):
        raise HistoryError("bad_games", "the file has no list of games")
    return games


def file_entry(number, item):
    """(record, save text) of game ``number`` (from 1) of a file, replayed; or HistoryError."""
    from dicepoker.savefile import load_dict
    if not isinstance(item, dict):
        raise HistoryError("bad_game", "game %d is not an object" % number, number=number)
    date = _check_date(item.get("date"), number)
    try:
        game = load_dict(item.get("game"))[0]
    except DicePokerError as error:
        raise HistoryError("bad_game", "game %d cannot be replayed: %s" % (number, error),
                           number=number)
    except Exception:               # a shape the engine's checks did not foresee
        raise HistoryError("bad_game", "game %d cannot be read" % number, number=number)
    if not game.is_over:
        raise HistoryError("unfinished", "game %d is not finished" % number, number=number)
    return summarize(game, date), game.to_json()


def merge(records, entries):
    """``entries`` ([(record, text)]) that ``records`` do not hold yet (by id), in date order."""
    seen = set(r["id"] for r in records)
    new = []
    for record, text in entries:
        if record["id"] not in seen:
            seen.add(record["id"])
            new.append((record, text))
    return new


# ------------------------------------------------------------ storage
KEY = "dicepoker.history"
GAME = KEY + "."
SUMS = KEY + "-stats"
GIVEN = KEY + "-given"
BAD = "dicepoker.bad-save.history-"


def local_time():
    """Now as YYYY-MM-DDTHH:MM in the player's time zone (a kept game's date)."""
    from pyscript import window
    now = window.Date.new()
    return "%04d-%02d-%02dT%02d:%02d" % (now.getFullYear(), now.getMonth() + 1, now.getDate(),
                                         now.getHours(), now.getMinutes())


def stamp():
    """Now as an ISO time (UTC), for the key of something kept aside."""
    from pyscript import window
    return str(window.Date.new().toISOString())


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


def _clean(storage, lines, data, stamp, seen=None):
    """(records, lines of the good ones): damaged lines moved aside first, and dropped from
    the stored list once they are (if it is still the one read: another tab may have
    added a game meanwhile)."""
    records, kept, damaged = [], [], []
    if seen is None:
        seen = set()
    for line, item in zip(lines, data):
        record = clean_record(item)
        if record is None:
            damaged.append(line)
        elif record["id"] not in seen:
            seen.add(record["id"])
            records.append(record)
            kept.append(line)
    return records, kept, damaged


def _set_aside(storage, lines, kept, damaged, stamp):
    done = True
    for n, line in enumerate(damaged):
        done = storage.set("%s%s-%d" % (BAD, stamp, n), line, quiet=True) and done
    if done and storage.get(KEY) == "\n".join(lines):
        storage.set(KEY, "\n".join(kept), quiet=True)


def load(storage, stamp):
    """The records, cleaned; damaged ones are kept aside first (``stamp``: the time now)."""
    lines = _lines(storage)
    records, kept, damaged = _clean(storage, lines, _parse(lines, _given(storage)), stamp)
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
        good, good_lines, bad = _clean(storage, part, _parse(part, given), stamp, seen)
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


def sums(storage, records=None):
    """The running sums of the kept games, as stored if they are whole and (given
    ``records``) theirs; else made from the records and stored again."""
    doc = _stored_sums(storage)
    if doc is not None and (records is None or (doc["count"] == len(records) and doc["last"] == (
            records[-1]["id"] if records else None))):
        return doc["sums"]
    if records is None:
        records = load(storage, stamp())
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
    records, kept, damaged = _clean(storage, lines, _parse(lines, _given(storage)), stamp)
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
            if storage.set("%s%s-game" % (BAD, stamp), text, quiet=True):
                delete(storage, record_id, stamp)
            return


def set_given(storage, record, given):
    """Note the points each player gave away ({player index: points}, from the review) for
    a kept game (``record``: its record, :func:`summarize`), once: a second review of it
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
