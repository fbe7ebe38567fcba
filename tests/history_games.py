"""Finished games made by the engine, and the history they make (tests and the bench).

``engine_games(count)`` plays ``count`` whole games with the engine's own
players (the beginner level, so no strategy table is needed): solo games,
two and three at a table, computer seats among them, in every rule set, each
with its own seed.  ``history_items(games)`` are the storage items the page
keeps for them (``ui.records.history``): what the statistics screen opens with.
"""

import json
import random

from dicepoker.game import Game
from dicepoker.strategy.players import choose_move, position_rng
from ui.records import game_record, history

RULE_IDS = ("dice-poker", "dice-poker-classic", "yahtzee")
TABLES = ((["Ann"], ["human"]), (["Ann", "Ben"], ["human", "human"]),
          (["Ann", "Cpu"], ["human", "beginner"]), (["Ben"], ["human"]),
          (["Ann", "Ben", "Cy"], ["human", "human", "beginner"]))


def play(players, seats, ruleset, seed):
    game = Game(players, ruleset=ruleset, seed=seed, seats=seats)
    while not game.is_over:
        game.apply(choose_move(game, "beginner", None, position_rng(game)))
    return game


def engine_games(count, seed=17):
    rng = random.Random(seed)
    games = []
    for n in range(count):
        players, seats = TABLES[rng.randrange(len(TABLES))]
        ruleset = RULE_IDS[0] if rng.random() < 0.6 else rng.choice(RULE_IDS[1:])
        games.append(play(players, seats, ruleset, "history-%d-%d" % (seed, n)))
    return games


def date_of(n):
    """Distinct, ordered dates: game ``n`` is ``n`` minutes after the first."""
    day, minute = divmod(n, 24 * 60)
    return "2026-%02d-%02dT%02d:%02d" % (1 + day // 28, 1 + day % 28, minute // 60, minute % 60)


def records(games):
    return [game_record.summarize(game, date_of(n)) for n, game in enumerate(games)]


def history_items(games):
    """{key: text} of localStorage holding ``games`` in the history, oldest first."""
    found = records(games)
    items = {history.KEY: "\n".join(json.dumps(r) for r in found)}     # a record a line
    for record, game in zip(found, games):
        items[history.GAME + record["id"]] = game.to_json()
    return items
