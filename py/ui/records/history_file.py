"""The history file: finished games exported and imported (Save and load).

``{"format": "dice-poker/history", "version": 1, "games": [{"date": ..., "game":
{save}}, ...]}``: :func:`export_history` writes one from the kept games;
:func:`parse_history` replays every game of one (:func:`dicepoker.savefile.load_dict`)
and makes its record anew (``ui.records.game_record``), so nothing a file says about
scores is trusted; it raises :class:`HistoryError` (``code``, and ``number``
for the game at fault), worded by the page as ``import_error.<code>``.  The
page replays them a few at a time (:func:`file_games`, :func:`file_entry`) and
adds the new ones (:func:`merge`) to ``ui.records.history``.

Pure data in, data out (CPython and MicroPython).
"""

import json

from dicepoker.errors import DicePokerError

from .file_frame import check_text, read_frame
from .game_record import summarize

HISTORY_FORMAT = "dice-poker/history"
HISTORY_VERSION = 1
MAX_HISTORY_BYTES = 16 * 1024 * 1024    # 1000 eight-player games are ~15 MB


class HistoryError(DicePokerError):
    """A history file that cannot be imported; ``code`` names the reason."""


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
    check_text(text, MAX_HISTORY_BYTES, HistoryError)
    data = read_frame(text, HISTORY_FORMAT, HISTORY_VERSION, HistoryError, "wrong_history")
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
