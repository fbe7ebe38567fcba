"""Win chances, luck and skill on MicroPython (via tests/mpyrun.py) — and on CPython, unchanged.

    mpy_chances.py RULES SEED   -> per position of a seeded 2-player game (optimal and
                                   to_win seats, good slips from position_rng): the win
                                   chances; then luck and skill; as JSON lines, and the
                                   time per win_chances call on the last line
"""

import json
import sys
import time

from dicepoker.game import Game
from dicepoker.strategy.advisor import Advisor
from dicepoker.strategy.chances import Model, win_chances
from dicepoker.strategy.luck_skill import luck_and_skill
from dicepoker.strategy.players import choose_move, position_rng
from dicepoker.strategy.spread import Spread
from dicepoker.strategy.table import Table


def _ticks_ms():
    if hasattr(time, "ticks_ms"):
        return time.ticks_ms()
    return int(time.time() * 1000)


def run(rules, seed):
    table = Table.from_file("static/strategy/%s.dpst.gz" % rules)
    spread = Spread.from_file("static/strategy/%s.spread.gz" % rules)
    model = Model(Advisor(table), spread)
    game = Game(["A", "B"], ruleset=rules, seed=seed, seats=["good", "to_win"])
    lines = []
    spent = calls = 0
    while not game.is_over:
        seat = game.seats[game.current_player]
        game.apply(choose_move(game, seat, model.advisor, position_rng(game), model=model))
        started = _ticks_ms()
        chances = win_chances(game, model)
        spent += _ticks_ms() - started
        calls += 1
        lines.append(json.dumps(["%.9f" % p for p in chances]))
    rows = luck_and_skill(game, model.advisor)
    lines.append(json.dumps([["%.6f" % r[k] for k in ("start", "luck", "skill", "total")]
                             for r in rows]))
    lines.append("ms per win_chances %.2f" % (spent / float(calls)))
    return lines


if __name__ == "__main__":
    for line in run(sys.argv[1], sys.argv[2]):
        print(line)
