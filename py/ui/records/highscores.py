"""The local high-score table: the best 10 results per rule set.

Pure data in, data out; :func:`load` and :func:`save` are given the page's
storage (``ui.records.storage.Storage``).  Fetched on first use, with the end screen
and the high-score dialog (``ui.platform.lazy``).  The table is
``{ruleset_id: [{"name", "score", "date", "players"}, ...]}``, best first; an
older result ranks above a newer one with the same score, so a tie never pushes
out a result that was there first.
"""

from dicepoker.game import MAX_NAME_LENGTH
from dicepoker.seats import player_identity

from .storage import HIGHSCORES as KEY

TOP = 10


def load(storage):
    """The stored table, cleaned (never trust storage)."""
    return clean_table(storage.get_json(KEY, {}))


def save(storage, table):
    return storage.set_json(KEY, table)


def _clean_entry(entry):
    """An entry as stored, or None if it is not one (tampered or from elsewhere)."""
    if not isinstance(entry, dict):
        return None
    name, score = entry.get("name"), entry.get("score")
    if not isinstance(name, str) or not isinstance(score, int) or isinstance(score, bool):
        return None
    date = entry.get("date") if isinstance(entry.get("date"), str) else ""
    players = entry.get("players") if isinstance(entry.get("players"), int) else 1
    # today's nameless player, also as an earlier version kept it ("You", "Jūs"...): one person
    return {"name": player_identity(name[:MAX_NAME_LENGTH]), "score": score, "date": date[:10], "players": players}


def clean_table(data):
    """Keep only well-formed entries of a stored table (never trust storage)."""
    table = {}
    if not isinstance(data, dict):
        return table
    for ruleset, entries in data.items():
        if isinstance(ruleset, str) and isinstance(entries, list):
            kept = [e for e in (_clean_entry(x) for x in entries) if e is not None]
            table[ruleset] = kept[:TOP]
    return table


def add_results(table, ruleset, results, date, players=None):
    """Add ``results`` ([(name, score)]) of one finished game of ``players`` seats (by
    default one per result; computer seats have no result); return their new ranks.

    Ranks are 0-based positions in the updated list, or None for a result that
    did not make the top 10.
    """
    entries = list(table.get(ruleset, []))
    added = []
    for name, score in results:
        entry = {"name": name, "score": score, "date": date, "players": players or len(results)}
        position = len(entries)
        for i, other in enumerate(entries):
            if score > other["score"]:
                position = i
                break
        entries.insert(position, entry)
        added.append(entry)
    entries = entries[:TOP]
    table[ruleset] = entries
    ranks = []
    for entry in added:
        rank = None
        for i, other in enumerate(entries):
            if other is entry:
                rank = i
        ranks.append(rank)
    return ranks
