"""Benchmark (not a test): how long ``win_advice`` takes per decision, CPython and MicroPython.

    python3 tests/bench/towin_hint.py [--rules dice-poker] [--games 6]

Two-player games of Optimal seats; at every decision of the last four turns
of each player (where the end-of-game tables apply) ``win_advice`` is timed:
the first decision of a turn pays for the whole turn (every throw, keep and
box valued by the chance to win), the later ones reuse it.  The end-of-game
tables' loading is timed apart.  MicroPython runs the browser's build under
Node (tests/mpyrun.py): the page's interpreter, without the page.
"""

import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path[:0] = [os.path.join(REPO, "tests"), os.path.join(REPO, "py")]

SCRIPT = """
import sys, time
try:
    ticks = time.ticks_ms
except AttributeError:
    ticks = lambda: time.perf_counter() * 1000.0
from dicepoker.game import Game
from dicepoker.strategy.table import Table
from dicepoker.strategy.advisor import Advisor
from dicepoker.strategy.players import choose_move
from dicepoker.strategy.to_win import WinTables, win_advice

rules, games = sys.argv[1], int(sys.argv[2])
table = Table.from_file("static/strategy/%s.dpst.gz" % rules)
advisor = Advisor(table)
started = ticks()
wins = WinTables.beside(table)
loaded = ticks() - started
firsts, laters = [], []
for seed in range(games):
    game = Game(["A", "B"], ruleset=rules, seed=1000 + seed)
    while not game.is_over:
        if len(game.ruleset.boxes) - len(game.card()) <= wins.open + 1 and game.rolls_used:
            started = ticks()
            advice = win_advice(game, advisor)
            spent = ticks() - started
            (firsts if game.rolls_used == 1 else laters).append(spent)
            game.apply(advice["best"]["move"])
        else:
            game.apply(choose_move(game, "optimal", advisor))


def pct(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(p * len(values)))]


print("%s: tables loaded in %d ms; first decision of a turn p50 %.1f p95 %.1f ms (%d);"
      " later p50 %.1f p95 %.1f ms (%d); all p95 %.1f ms"
      % (rules, loaded, pct(firsts, 0.5), pct(firsts, 0.95), len(firsts),
         pct(laters, 0.5), pct(laters, 0.95), len(laters), pct(firsts + laters, 0.95)))
"""


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rules", default="dice-poker")
    parser.add_argument("--games", type=int, default=6)
    args = parser.parse_args()
    import subprocess
    from mpyrun import run_micropython
    path = os.path.join("/tmp", "towin_hint_bench.py")
    with open(path, "w") as handle:
        handle.write(SCRIPT)
    env = dict(os.environ, PYTHONPATH=os.path.join(REPO, "py"))
    out = subprocess.run([sys.executable, path, args.rules, str(args.games)], cwd=REPO, env=env,
                         capture_output=True, text=True, check=True).stdout
    print("CPython:     " + out, end="")
    print("MicroPython: " + run_micropython(SCRIPT, paths=["py", "static/strategy"],
                                            args=[args.rules, str(args.games)]), end="")


if __name__ == "__main__":
    main()
