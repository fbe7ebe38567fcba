"""Benchmark (not a test): the "to win" computer against "optimal", two-player games.

    python3 tests/bench/towin.py --games 20000 [--rules yahtzee] [--workers 2] [--seed 1]
                                 [--minutes M]   # stop after M minutes, with the games so far

Seat order alternates (even games: "to win" plays first).  Prints the games
per second and the win rate of "to win" (a tie counts half) with its 95 %
interval (normal approximation).  Each game's dice come from its own seed,
so a run is reproducible.
"""

import argparse
import math
import multiprocessing
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "py"))

from dicepoker.game import Game  # noqa: E402
from dicepoker.strategy.advisor import Advisor  # noqa: E402
from dicepoker.strategy.chances import Model  # noqa: E402
from dicepoker.strategy.players import choose_move  # noqa: E402
from dicepoker.strategy.spread import Spread  # noqa: E402
from dicepoker.strategy.table import Table  # noqa: E402

TABLES = os.path.join(HERE, "..", "..", "static", "strategy")
_model = None


def _init(rules):
    global _model
    table = Table.from_file(os.path.join(TABLES, "%s.dpst.gz" % rules))
    spread = Spread.from_file(os.path.join(TABLES, "%s.spread.gz" % rules))
    _model = Model(Advisor(table), spread)


def play(args):
    """(score of "to win": 1, 0.5 or 0) of game ``index``."""
    rules, seed, index = args
    first = index % 2 == 0
    seats = ["to_win", "optimal"] if first else ["optimal", "to_win"]
    game = Game(["A", "B"], ruleset=rules, seed="%s-%d" % (seed, index), seats=seats)
    advisor = _model.advisor
    while not game.is_over:
        seat = game.seats[game.current_player]
        game.apply(choose_move(game, seat, advisor, model=_model))
    totals = game.totals()
    me = 0 if first else 1
    if totals[me] == totals[1 - me]:
        return 0.5
    return 1.0 if totals[me] > totals[1 - me] else 0.0


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--rules", default="yahtzee")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", default="1")
    parser.add_argument("--minutes", type=float, default=None,
                        help="stop after this long and report the games played so far")
    args = parser.parse_args(argv)
    started = time.time()
    jobs = [(args.rules, args.seed, i) for i in range(args.games)]
    with multiprocessing.Pool(args.workers, _init, (args.rules,)) as pool:
        scores = []
        for n, score in enumerate(pool.imap(play, jobs, chunksize=8), 1):
            scores.append(score)
            if args.minutes is not None and time.time() - started > 60 * args.minutes \
                    and n % 2 == 0:
                pool.terminate()              # an even count: both seat orders alike
                break
            if n % 500 == 0:
                print("  %d games, %.3f so far (%.1f s)" % (n, sum(scores) / n, time.time() - started),
                      flush=True)
    elapsed = time.time() - started
    n = len(scores)
    rate = sum(scores) / n
    var = sum((s - rate) ** 2 for s in scores) / max(1, n - 1)
    half = 1.96 * math.sqrt(var / n)
    print("%s: %d games in %.0f s (%.2f games/s, %d workers)" % (args.rules, n, elapsed,
                                                                n / elapsed, args.workers))
    print("to_win vs optimal: win rate %.4f, 95%% interval [%.4f, %.4f]"
          % (rate, rate - half, rate + half))
    return 0


if __name__ == "__main__":
    sys.exit(main())
