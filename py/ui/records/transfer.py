"""Export and import: a game or the high-score table as a JSON file.

Pure data in, data out (the browser side, downloads and file pickers, is in
``transfer_dialog.py``), so every rule here is tested on CPython and runs
unchanged on MicroPython.

- A game file is the engine's own save (``Game.to_json()``); importing it
  goes through ``dicepoker.savefile.load``, which validates and replays every move.
- A high-score file is ``{"format": "dice-poker/highscores", "version": 1,
  "tables": {ruleset: [{"name", "score", "date", "players"}, ...]}}``.
  :func:`parse_highscores` checks all of it and raises :class:`InvalidFile`
  with a ``code`` (and the entry ``number`` where one is at fault), which the
  page turns into a sentence with ``import_error.<code>``.

Nothing a file says is trusted: sizes, types and ranges are checked before
anything reaches storage, and the current state is untouched on any error.
"""

import json

from dicepoker.errors import DicePokerError
from dicepoker.game import MAX_NAME_LENGTH, MAX_PLAYERS, is_int
from dicepoker.rules import RULESETS
from dicepoker.savefile import load

from .file_frame import check_text, read_frame
from .highscores import TOP

HIGHSCORES_FORMAT = "dice-poker/highscores"
HIGHSCORES_VERSION = 1
MAX_FILE_BYTES = 256 * 1024      # a finished 8-player game is ~15 KB; refuse anything huge
HIGHSCORES_FILE = "dice-poker-highscores.json"


class InvalidFile(DicePokerError):
    """A file that cannot be imported; ``code`` names the reason."""


def game_file_name(date):
    """``dice-poker-game-<YYYY-MM-DD>.json``."""
    return "dice-poker-game-%s.json" % date


def bad_save_file_name(stamp):
    """A kept-aside save's download name, from its ISO time (safe characters only)."""
    safe = "".join(c if c.isalpha() or c.isdigit() or c == "-" else "-" for c in stamp)
    return "dice-poker-damaged-save-%s.json" % safe.strip("-")


# ------------------------------------------------------------------ games
def parse_game(text):
    """The game in a game file; raises the engine's ``InvalidSave`` (with its code)."""
    check_text(text, MAX_FILE_BYTES, InvalidFile)
    return load(text)[0]


# ------------------------------------------------------------ high scores
def export_highscores(table):
    """The high-score file's text for ``table`` (already cleaned by the caller)."""
    return json.dumps({"format": HIGHSCORES_FORMAT, "version": HIGHSCORES_VERSION,
                       "tables": table})


def max_total(ruleset):
    """The highest total a game under ``ruleset`` can reach (an upper bound for checks)."""
    boxes = ruleset.boxes
    best = sum(max(ruleset.possible_scores(b)) for b in boxes)
    return best + ruleset.upper_bonus + ruleset.poker_bonus * (len(boxes) - 1)


def _is_plausible_date(text):
    """YYYY-MM-DD with a plausible month and day."""
    if not isinstance(text, str) or len(text) != 10 or text[4] != "-" or text[7] != "-":
        return False
    parts = (text[:4], text[5:7], text[8:])
    if not all(p.isdigit() for p in parts):
        return False
    month, day = int(parts[1]), int(parts[2])
    return 1 <= month <= 12 and 1 <= day <= 31


def _check_entry(entry, number, ruleset):
    if not isinstance(entry, dict):
        raise InvalidFile("bad_entry", "result %d is not an object" % number, number=number)
    name = entry.get("name")
    if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME_LENGTH:
        raise InvalidFile("bad_name", "result %d has no valid name" % number, number=number)
    score = entry.get("score")
    if not is_int(score) or not 0 <= score <= max_total(ruleset):
        raise InvalidFile("score_range", "result %d has an impossible score %r" % (number, score),
                          number=number)
    if not _is_plausible_date(entry.get("date")):
        raise InvalidFile("bad_date", "result %d has no valid date" % number, number=number)
    players = entry.get("players")
    if not is_int(players) or not 1 <= players <= MAX_PLAYERS:
        raise InvalidFile("bad_players", "result %d has an impossible number of players"
                          % number, number=number)
    return {"name": name.strip(), "score": score, "date": entry["date"], "players": players}


def parse_highscores(text):
    """The table in a high-score file, every entry checked; raises InvalidFile.

    Entries are numbered from 1 across the whole file, in file order, so the
    error can say which one is wrong.
    """
    check_text(text, MAX_FILE_BYTES, InvalidFile)
    data = read_frame(text, HIGHSCORES_FORMAT, HIGHSCORES_VERSION, InvalidFile, "wrong_format")
    tables = data.get("tables")
    if not isinstance(tables, dict):
        raise InvalidFile("bad_tables", "the file has no table of results")
    table = {}
    number = 0
    for ruleset_id in sorted(tables):
        entries = tables[ruleset_id]
        if ruleset_id not in RULESETS:
            raise InvalidFile("unknown_ruleset", "unknown rule set %r" % (ruleset_id,))
        if not isinstance(entries, list):
            raise InvalidFile("bad_tables", "the results of %r are not a list" % (ruleset_id,))
        if len(entries) > TOP:
            raise InvalidFile("too_many", "more than %d results for %r" % (TOP, ruleset_id),
                              limit=TOP)
        checked = []
        for entry in entries:
            number += 1
            checked.append(_check_entry(entry, number, RULESETS[ruleset_id]))
        table[ruleset_id] = checked
    return table


def _key(entry):
    return (entry["name"], entry["score"], entry["date"], entry["players"])


def merge_highscores(table, imported):
    """``table`` with the ``imported`` results added (best 10 kept); (table, added).

    A result already in the table (same name, score, date, players) is not
    added twice, so importing the same file again changes nothing.  Among
    equal scores the results already there stay first.
    """
    merged = {}
    added = 0
    for ruleset_id in set(table) | set(imported):
        entries = list(table.get(ruleset_id, []))
        seen = set(_key(e) for e in entries)
        new = []
        for entry in imported.get(ruleset_id, []):
            if _key(entry) not in seen:
                seen.add(_key(entry))
                new.append(entry)
        combined = entries + new
        order = sorted(range(len(combined)), key=lambda i: (-combined[i]["score"], i))
        kept = [combined[i] for i in order[:TOP]]
        added += sum(1 for e in new if any(k is e for k in kept))
        merged[ruleset_id] = kept
    return merged, added
