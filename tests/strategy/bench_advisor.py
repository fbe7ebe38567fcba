"""Benchmark (not a test): how long the advisor takes per decision, CPython and MicroPython.

    python tests/strategy/bench_advisor.py [RULES ...] [--turns N]

Each "fresh turn" is a random card whose turn plan is not memoised yet, so
the decision after the first roll pays for the whole within-turn computation
(the worst case a player meets); the decisions after rolls 2 and 3 reuse it.
MicroPython runs the browser's build under Node (tests/mpyrun.py).  The
target is under 100 ms per decision in the browser.
"""

import argparse
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [os.path.dirname(HERE)]                  # tests/: paths and the helpers
from paths import PY, REPO  # noqa: E402
sys.path[:0] = [str(PY), HERE]
REPO = str(REPO)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("rules", nargs="*", default=["dice-poker", "yahtzee"])
    parser.add_argument("--turns", type=int, default=30)
    args = parser.parse_args()
    from mpyrun import run_micropython

    script = os.path.join(HERE, "mpy_advisor.py")
    for rules in args.rules:
        env = dict(os.environ, PYTHONPATH=os.path.join(REPO, "py"))
        cpython = subprocess.run([sys.executable, script, "bench", rules, str(args.turns)],
                                 cwd=REPO, env=env, capture_output=True, text=True, check=True)
        print(cpython.stdout, end="")
        print(run_micropython("tests/strategy/mpy_advisor.py", paths=["py", "static/strategy"],
                              args=["bench", rules, str(args.turns)]), end="")


if __name__ == "__main__":
    main()
