"""What is kept of a finished game, its **record**, and the checks a stored one passes.

A short summary that the statistics are computed from, so opening them never
replays a game::

    {"id": "1a2b3c4d", "date": "2026-12-01T13:05", "rules": "dice-poker",
     "players": [{"name": "Ann", "seat": "human", "total": 241,
                  "boxes": [3, 8, ...],        # points per box, in the rules' order
                  "bonus": 35,                 # the upper bonus
                  "poker": 100}, ...],         # poker bonuses
     "given": {"0": 12.3},                     # points given away (from the review), if known
     "daily": "2026-12-04"}                    # today's game of that date, if it was one

:func:`summarize` makes one from a :class:`~dicepoker.game.Game`: its cards and
``breakdown``, the engine's own figures; :func:`clean_record` checks a stored
one: shapes, every box's points possible under the rules, the bonus the rules'
and the total the sum of its parts.  ``id`` is a hash of the game
(:func:`game_id`): the same game imported twice is kept once.

Pure data in, data out (CPython and MicroPython).  Where records are kept is
``ui.records.history``'s; the history file, ``ui.records.history_file``'s.
"""

from dicepoker.game import MAX_NAME_LENGTH, MAX_PLAYERS, is_int
from dicepoker.rules import POKER, POKER_POINTS, RULESETS
from dicepoker.seats import SEAT_KINDS


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
    daily = data.get("daily")
    if daily is not None:
        if not _is_daily_date(daily):
            return None
        record["daily"] = daily
    given = data.get("given")
    if given is not None:
        given = clean_given(given, len(cleaned))
        if given is None:
            return None
        record["given"] = given
    return record


def _is_daily_date(text):
    """``YYYY-MM-DD`` in digits (a daily game's date, as ``dicepoker.daily`` writes it)."""
    return isinstance(text, str) and len(text) == 10 and text[4] == text[7] == "-" \
        and (text[:4] + text[5:7] + text[8:]).isdigit()


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


def clean_records(data, seen=None, stored=None):
    """(records, kept, damaged) of a stored list ``data``: its good records in order, once
    each (``seen``: the ids met so far, for a list cleaned a part at a time), and, of
    ``stored`` (what each item was as stored, as ``ui.records.history`` keeps a record a JSON
    line; the items themselves if not given), those of the records and those of the
    damaged items."""
    if stored is None:
        stored = data
    if seen is None:
        seen = set()
    records, kept, damaged = [], [], []
    for original, item in zip(stored, data):
        record = clean_record(item)
        if record is None:
            damaged.append(original)
        elif record["id"] not in seen:
            seen.add(record["id"])
            records.append(record)
            kept.append(original)
    return records, kept, damaged
