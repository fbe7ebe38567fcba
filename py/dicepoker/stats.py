"""Statistics of the history's records (``ui.records.history``: plain data), per player and rule set.

Pure and quick (CPython and MicroPython): it reads only the records' figures,
never replays a game.  The figures are running sums (:func:`add_record`, one
game at a time), which the page keeps beside the records, so the statistics
of 1000 stored games open without reading every record.  Definitions (the
tests compute the same with CPython's ``statistics`` module):

- a player is a name and a seat kind: a computer seat has rows of its own;
- ``games``: games finished; ``multi``: those with others at the table, and
  ``wins`` of them, a shared first place counting as a win;
- ``average``, ``best``, ``worst``, ``stdev`` (the population standard
  deviation, 0 for one game) of the final totals;
- ``bonus_rate``: the share of games with the upper bonus; ``pokers``: five of
  a kind scored in the poker box or as a poker bonus, per game;
  ``poker_bonuses``: poker bonuses per game;
- ``boxes``: the average points of each box, in the rules' order;
- ``given``: average points given away per game over the games reviewed
  (``given_games`` of them), None when none was;
- ``scores``: the totals in game order (the charts).
"""

from .rules import POKER, POKER_POINTS, RULESETS
from .seats import OLD_YOU, player_identity

MOVING_WINDOW = 10          # games in the moving average of the chart over time
TIME_ROWS = 20              # rows of the over-time chart's table (groups of games beyond)


def winners(record):
    """Indices of the players with the highest total."""
    totals = [p["total"] for p in record["players"]]
    best = max(totals)
    return [p for p, total in enumerate(totals) if total == best]


def player_key(player):
    """A row's key in the running sums: the name and the seat kind (JSON keys are text);
    today's nameless player is one person whatever word an earlier version kept."""
    return player_identity(player["name"]) + "\x1e" + player["seat"]


def new_sums():
    """Running sums of no game: ``{rules_id: {player key: row}}`` (:func:`add_record`)."""
    return {}


def add_record(sums, record):
    """Add one game's record to the running sums (in game order: its totals are the
    charts' next points)."""
    rules = RULESETS[record["rules"]]
    count = len(rules.boxes)
    poker_at = rules.boxes.index(POKER)
    bonus_size = rules.poker_bonus or 1
    rows = sums.setdefault(record["rules"], {})
    players = record["players"]
    won = winners(record) if len(players) > 1 else ()
    given = record.get("given") or {}
    for p, player in enumerate(players):
        key = player_key(player)
        row = rows.get(key)
        if row is None:
            row = rows[key] = {"name": player_identity(player["name"]), "seat": player["seat"], "scores": [],
                               "multi": 0, "wins": 0, "bonus": 0, "pokers": 0,
                               "poker_bonuses": 0, "sums": [0] * count, "given_sum": 0,
                               "given_games": 0}
        row["scores"].append(player["total"])
        if len(players) > 1:
            row["multi"] += 1
            if p in won:
                row["wins"] += 1
        boxes = player["boxes"]
        box_sums = row["sums"]
        for i in range(count):
            box_sums[i] += boxes[i]
        if player["bonus"]:
            row["bonus"] += 1
        bonuses = player["poker"] // bonus_size
        row["poker_bonuses"] += bonuses
        row["pokers"] += bonuses + (boxes[poker_at] == POKER_POINTS)
        if str(p) in given:
            row["given_sum"] += given[str(p)]
            row["given_games"] += 1
    return sums


def add_given(sums, record, given):
    """A game's points given away ({"0": points}), newly known: into the running sums."""
    rows = sums.get(record["rules"], {})
    for key, value in given.items():
        row = rows.get(player_key(record["players"][int(key)]))
        if row is not None:
            row["given_sum"] += value
            row["given_games"] += 1
    return sums


def sums_of(records):
    sums = new_sums()
    for record in records:
        add_record(sums, record)
    return sums


def _is_count(value):
    return type(value) is int and value >= 0


def clean_sums(data):
    """Stored running sums as :func:`rows` reads them, or None if they are not whole (they
    are then made again from the records)."""
    if not isinstance(data, dict):
        return None
    for rules_id, rows in data.items():
        if rules_id not in RULESETS or not isinstance(rows, dict):
            return None
        count = len(RULESETS[rules_id].boxes)
        for key, row in rows.items():
            if not isinstance(row, dict) or not isinstance(row.get("name"), str) \
                    or not isinstance(row.get("seat"), str) \
                    or key != row["name"] + "\x1e" + row["seat"] \
                    or row["name"] in OLD_YOU:      # kept by an earlier version: made again
                return None
            scores, box_sums = row.get("scores"), row.get("sums")
            if not isinstance(scores, list) or not scores or not isinstance(box_sums, list) \
                    or len(box_sums) != count:
                return None
            for name in ("multi", "wins", "bonus", "pokers", "poker_bonuses", "given_games"):
                if not _is_count(row.get(name)):
                    return None
            if not isinstance(row.get("given_sum"), (int, float)) or row["wins"] > row["multi"] \
                    or max(row["multi"], row["bonus"], row["given_games"]) > len(scores):
                return None
            if set(map(type, scores)) != {int} or set(map(type, box_sums)) != {int} \
                    or min(scores) < 0 or min(box_sums) < 0:
                return None
    return data


def rows(sums, rules_id):
    """The rows of ``rules_id``'s table: people first, then computers; most games first."""
    rules = RULESETS[rules_id]
    result = [_finish(row, rules) for row in sums.get(rules_id, {}).values()]
    result.sort(key=lambda r: (r["seat"] != "human", -r["games"], r["name"].lower(), r["seat"]))
    return result


def player_stats(records, rules_id):
    """The rows of ``rules_id``'s table from the records themselves."""
    return rows(sums_of(records), rules_id)


def _finish(row, rules):
    scores = row["scores"]
    games = len(scores)
    mean = sum(scores) / games
    variance = sum((s - mean) ** 2 for s in scores) / games
    return {"name": row["name"], "seat": row["seat"], "games": games, "multi": row["multi"],
            "wins": row["wins"], "average": mean, "best": max(scores), "worst": min(scores),
            "stdev": variance ** 0.5, "bonus_rate": row["bonus"] / games,
            "pokers": row["pokers"] / games, "poker_bonuses": row["poker_bonuses"] / games,
            "boxes": [s / games for s in row["sums"]],
            "given": row["given_sum"] / row["given_games"] if row["given_games"] else None,
            "given_games": row["given_games"], "scores": scores}


# ------------------------------------------------------------------ charts
def bin_width(scores):
    """Points per bar of the distribution: about 6 to 15 bars whatever the spread."""
    spread = max(scores) - min(scores)
    for width in (5, 10, 20, 25, 50):
        if spread < width * 15:
            return width
    return 100


def distribution(scores):
    """[(low, high, count)]: how many totals fall in each ``[low, high]`` (no gaps, none empty
    at either end)."""
    width = bin_width(scores)
    low = min(scores) // width * width
    bars = [[low + i * width, low + (i + 1) * width - 1, 0]
            for i in range((max(scores) - low) // width + 1)]
    for score in scores:
        bars[(score - low) // width][2] += 1
    return [tuple(bar) for bar in bars]


def moving_average(scores, window=MOVING_WINDOW):
    """The mean of each game's total and the ``window - 1`` before it (fewer at the start)."""
    result, running = [], 0
    for i, score in enumerate(scores):
        running += score
        if i >= window:
            running -= scores[i - window]
        result.append(running / min(i + 1, window))
    return result


def time_table(scores, rows=TIME_ROWS):
    """The over-time chart as rows (first game, last game, average, moving average at the
    last): one per game up to ``rows`` games, else ``rows`` groups of consecutive games."""
    count = len(scores)
    moving = moving_average(scores)
    groups = min(count, rows)
    table = []
    for g in range(groups):
        first, last = g * count // groups, (g + 1) * count // groups - 1
        part = scores[first:last + 1]
        table.append((first + 1, last + 1, sum(part) / len(part), moving[last]))
    return table
