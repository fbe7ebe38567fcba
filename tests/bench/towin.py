"""Benchmark (not a test): the "to win" computer against "optimal", with paired seeds.

    python3 tests/bench/towin.py [--pairs 4000] [--rules dice-poker] [--players 2]
                                 [--workers 2] [--seed 1] [--minutes M]
    python3 tests/bench/towin.py --all [--pairs N]   # dice-poker and yahtzee two players,
                                                    # and one "to win" seat among four

Paired seeds: each seed is played once per seat of the game, the "to win"
seat taking each seat in turn and "optimal" the others, on the same dice (the
dice of a seat and a roll depend only on the seed: ``dicepoker.dice``).  Two
equal players score exactly 1 / players per group, so only decisions move the
figure, and its spread is that of the groups.  Prints the score of "to win"
(its share of the wins, a tie shared) with its 95 % interval from the groups'
spread (mean +- 1.96 sd / sqrt(groups)), and the games per second.

The computer reads the strategy table with ``Table.from_file`` and finds the
end-of-game tables (``<rules>.win.gz``) and the spread table beside it, as
``choose_move(game, "to_win", advisor)`` promises.
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
from dicepoker.strategy.players import choose_move  # noqa: E402
from dicepoker.strategy.to_win import to_win_move  # noqa: E402
from dicepoker.strategy.table import Table  # noqa: E402

TABLES = os.path.join(HERE, "..", "..", "static", "strategy")
_advisors = {}


def _advisor(rules):
    if rules not in _advisors:
        _advisors[rules] = Advisor(Table.from_file(os.path.join(TABLES, "%s.dpst.gz" % rules)))
    return _advisors[rules]


def _share(totals, mine):
    best = max(totals)
    return 1.0 / totals.count(best) if totals[mine] == best else 0.0


def play_group(args):
    """The "to win" seat's mean score over the games of one seed, one per seat it takes.

    With ``early`` "points" (what ``choose_move`` does) every seat plays for
    points until the "to win" seat's tables apply, so the games of a seed
    are one all-Optimal game until "to win" first decides otherwise: that
    game is played once, each seat's "to win" decisions are asked along it,
    and only a seat whose decision differs plays on from there ("to win" for
    it, Optimal for the others).  A seat that never differs scores what it
    scores in the all-Optimal game.
    """
    rules, players, seed, early = args
    advisor = _advisor(rules)
    names = ["P%d" % i for i in range(players)]
    if early == "model":
        total = 0.0
        for mine in range(players):
            seats = ["optimal"] * players
            seats[mine] = "to_win"
            game = Game(names, ruleset=rules, seed=seed, seats=seats)
            while not game.is_over:
                if game.current_player == mine:
                    game.apply(to_win_move(game, advisor, early=early))
                else:
                    game.apply(choose_move(game, "optimal", advisor))
            total += _share(game.totals(), mine)
        return total / players
    from dicepoker.strategy.to_win import _win_advisor
    owner = _win_advisor(advisor)
    base = Game(names, ruleset=rules, seed=seed)
    departs = {}                     # seat -> the moves up to its first own decision
    while not base.is_over:
        player = base.current_player
        best = choose_move(base, "optimal", advisor)
        if player not in departs and base.rolls_used and owner.uses_tables(base):
            mine = to_win_move(base, advisor)
            if mine != best:
                departs[player] = list(base.moves) + [mine]
        base.apply(best)
    total = 0.0
    for mine in range(players):
        if mine not in departs:
            total += _share(base.totals(), mine)
            continue
        game = Game(names, ruleset=rules, seed=seed)
        for move in departs[mine]:
            game.apply(move)
        while not game.is_over:
            if game.current_player == mine:
                game.apply(to_win_move(game, advisor))
            else:
                game.apply(choose_move(game, "optimal", advisor))
        total += _share(game.totals(), mine)
    return total / players


def run(rules, players, pairs, workers, seed, minutes=None, quiet=False, early=None):
    started = time.time()
    jobs = [(rules, players, "%s-%d" % (seed, i), early) for i in range(pairs)]
    scores = []
    with multiprocessing.Pool(workers) as pool:
        for n, score in enumerate(pool.imap(play_group, jobs, chunksize=4), 1):
            scores.append(score)
            if minutes is not None and time.time() - started > 60 * minutes:
                pool.terminate()
                break
            if not quiet and n % 500 == 0:
                print("  %d groups, %.4f so far (%.0f s)" % (n, sum(scores) / n,
                                                          time.time() - started), flush=True)
    elapsed = time.time() - started
    n = len(scores)
    rate = sum(scores) / n
    sd = math.sqrt(sum((s - rate) ** 2 for s in scores) / max(1, n - 1))
    half = 1.96 * sd / math.sqrt(n)
    games = n * players
    print("%s, %d players: %d seeds x %d seats = %d games in %.0f s (%.2f games/s, %d workers)"
          % (rules, players, n, players, games, elapsed, games / elapsed, workers))
    print("  to_win vs %d optimal: score %.4f, 95%% interval [%.4f, %.4f] (baseline %.4f)"
          % (players - 1, rate, rate - half, rate + half, 1.0 / players), flush=True)
    return rate, rate - half, rate + half


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pairs", type=int, default=4000,
                        help="seeds (each played once per seat: a pair with two players)")
    parser.add_argument("--rules", default="dice-poker")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", default="1")
    parser.add_argument("--minutes", type=float, default=None,
                        help="stop after this long and report the seeds played so far")
    parser.add_argument("--early", choices=("points", "model"), default="points",
                        help="before the end-of-game tables apply: play for points (what"
                        " choose_move does) or by the normal model")
    parser.add_argument("--all", action="store_true",
                        help="dice-poker and yahtzee with two players, and dice-poker with four")
    args = parser.parse_args(argv)
    if args.all:
        for rules, players in (("dice-poker", 2), ("yahtzee", 2), ("dice-poker", 4)):
            run(rules, players, args.pairs, args.workers, args.seed, args.minutes, early=args.early)
        return 0
    run(args.rules, args.players, args.pairs, args.workers, args.seed, args.minutes,
        early=args.early)
    return 0


if __name__ == "__main__":
    sys.exit(main())
