"""Writes py/dicepoker/optimal_means.py: what optimal solo play scores on average, per box.

The statistics screen shows a player's average per box beside the Optimal
computer's; the strategy table gives only the expected final total, so the
per-box figures come from simulated games (``fastsim.FastOptimal``, the
advisor's own decisions, numpy dice).  Deterministic for a given seed:

    PYTHONPATH=py:tests:tests/strategy python3 tests/strategy/make_optimal_means.py [GAMES]
"""

import pprint
import sys

import numpy as np

from fastsim import FastOptimal
from paths import REPO
from strategy_support import RULE_IDS, load_table

SEED = 17


def means(rules_id, games):
    table = load_table(rules_id)
    sim = FastOptimal(table)
    totals = sim.play(games, np.random.default_rng(SEED))
    rules = table.rules
    boxes = {b: round(sum(c[b] for c in sim.cards) / games, 2) for b in rules.boxes}
    return {"games": games, "total": round(float(totals.mean()), 2),
            "expected": round(table.start_value, 2),
            "upper_bonus": round(sum(1 for c in sim.cards if rules.upper_bonus_earned(c)) / games, 4),
            "poker_bonus": round(float(sim.poker_bonus.mean()), 2), "boxes": boxes}


def main():
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 20000
    lines = ['"""What the Optimal computer scores on average in solo games: the statistics',
             "screen's comparison (made by tests/strategy/make_optimal_means.py from %d" % games,
             'simulated games per rule set; "expected" is the strategy table\'s exact value)."""',
             ""]
    found = {}
    for rules_id in sorted(RULE_IDS):
        found[rules_id] = means(rules_id, games)
        print(rules_id, "done", file=sys.stderr)
    lines.append("OPTIMAL = " + pprint.pformat(found, width=99, sort_dicts=False))
    (REPO / "py" / "dicepoker" / "optimal_means.py").write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
