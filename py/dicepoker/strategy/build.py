"""Build a strategy table: the expected final score of every between-turns state.

    PYTHONPATH=py python -m dicepoker.strategy.build --rules yahtzee [--out FILE]

Backward induction over the filled-box sets, fullest first.  For one set of
filled boxes, every (upper class, holds50) state of it is solved at once with
numpy arrays shaped (states, 252 throws):

    E0[s, t] = best box for throw t        (points, bonuses, value of the successor)
    E1[s, t] = best keep after two rolls   (max over the keeps t allows of T @ E0)
    E2[s, t] = best keep after one roll    (same, over E1)
    V[s]     = first roll of five dice     (FIRST_ROLL @ E2)

Scores come from the engine itself (``BOXES[b].score`` for every throw, and
``Ruleset.joker_applies`` / ``options`` / ``poker_bonus_for`` for the
five-of-a-kind cases), so the solver and the game cannot disagree about what
a throw is worth.  The upper bonus is paid in the turn the upper sum reaches
the threshold, so a state's value never needs the exact sum once it is dead
(see :mod:`.states`).

This module needs numpy and runs only on CPython; the browser reads the result
with :mod:`.table`.
"""

import argparse
import os
import sys
import time

import numpy as np

from ..rules import BOXES, POKER, POKER_POINTS, RULESETS, get_ruleset
from . import dicesets
from .dice_arrays import DiceArrays
from .states import UPPER_COUNT, Layout
from .spread import encode_spread
from .table import encode_table

REPO_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))))


def default_out(rules_id):
    return os.path.join(REPO_ROOT, "static", "strategy", "%s.dpst.gz" % rules_id)


def spread_out(table_out):
    """The spread file written beside a table: ``x.dpst.gz`` -> ``x.spread.gz``."""
    if table_out.endswith(".dpst.gz"):
        return table_out[:-len(".dpst.gz")] + ".spread.gz"
    return table_out + ".spread.gz"


class Solver:
    """Backward induction for one rule set; ``values`` is the table in layout order."""

    def __init__(self, ruleset):
        self.rules = ruleset
        self.layout = Layout(ruleset)
        self.dice = DiceArrays()
        self.cap = ruleset.upper_bonus_at
        throws = dicesets.THROWS
        self.points = {b: np.array([BOXES[b].score(t) for t in throws], dtype=float)
                       for b in ruleset.boxes}
        n = len(ruleset.boxes)
        # value of every state with the upper sum uncompressed, for successor look-ups
        self.full = np.full((1 << n, self.cap + 1, 2), np.nan)
        self.full_var = np.full((1 << n, self.cap + 1, 2), np.nan)
        self.values = np.zeros(self.layout.size)
        # variance of the rest of the game's points under the mean-maximising policy
        self.variances = np.zeros(self.layout.size)
        self._special = self._engine_special_cases()
        self._sums_and_classes = []
        for upper_set, sums in enumerate(self.layout.reachable):
            classes = [self.layout.class_of[upper_set][u] for u in sums]
            self._sums_and_classes.append((np.array(sums), np.array(classes)))

    def _engine_special_cases(self):
        """Per poker-box content: the throws whose options differ from the plain scores.

        Asks the engine about all 252 throws, so if it ever gave a Joker or a
        bonus to other throws, the solver would follow.
        """
        special = {}
        for poker in (None, 0, POKER_POINTS):
            card = {} if poker is None else {POKER: poker}
            entries = []
            for t, throw in enumerate(dicesets.THROWS):
                joker = self.rules.joker_applies(card, throw)
                bonus = self.rules.poker_bonus_for(card, throw)
                if joker or bonus:
                    entries.append((t, throw, joker, bonus))
            special[poker] = entries
        return special

    def solve(self, batch_columns=4096):
        """Fill ``values``; return the start value.

        Box sets with the same number of filled boxes only depend on fuller
        ones, so they are solved together: their (252, states) arrays are put
        side by side and the keep steps run once per batch, not once per set.
        """
        layout = self.layout
        self.full[layout.full_mask] = 0.0
        self.full_var[layout.full_mask] = 0.0
        by_filled = {}
        for mask in range(layout.full_mask):
            by_filled.setdefault(bin(mask).count("1"), []).append(mask)
        for filled in sorted(by_filled, reverse=True):
            batch, columns = [], 0
            for mask in by_filled[filled]:
                batch.append((mask, self._score_values(mask)))
                columns += batch[-1][1][0].shape[1]
                if columns >= batch_columns:
                    self._finish(batch)
                    batch, columns = [], 0
            if batch:
                self._finish(batch)
        return self.full[0, 0, 0]

    def _finish(self, batch):
        """Keep steps and first roll for a batch of box sets; store their values."""
        layout = self.layout
        best = np.hstack([values for _, (values, _) in batch])
        square = best * best + np.hstack([var for _, (_, var) in batch])
        after_two, square_two = self.dice.best_keep_moments(best, square)
        after_one, square_one = self.dice.best_keep_moments(after_two, square_two)
        first = self.dice.first_roll[:, None]
        starts = (after_one * first).sum(axis=0)
        spreads = np.maximum(0.0, (square_one * first).sum(axis=0) - starts * starts)
        column = 0
        for mask, (values, _) in batch:
            width = values.shape[1]
            row_values = starts[column:column + width]
            row_vars = spreads[column:column + width]
            column += width
            start = layout.offset(mask)
            self.values[start:start + len(row_values)] = row_values
            self.variances[start:start + len(row_values)] = row_vars
            sums, classes = self._sums_and_classes[mask & ((1 << UPPER_COUNT) - 1)]
            width = len(layout.flags(mask))
            for f in layout.flags(mask):
                self.full[mask, sums, f] = row_values[classes * width + f]
                self.full_var[mask, sums, f] = row_vars[classes * width + f]

    def _box_value(self, box, mask, u, f, points):
        """(Points + upper bonus + successor value, successor variance), for rows (u, f).

        ``u``, ``f`` and ``points`` broadcast against each other (rows x throws).
        """
        successor = mask | 1 << self.layout.bit[box]
        nxt, nxt_var = self.full[successor], self.full_var[successor]
        if BOXES[box].section == "upper":
            new_u = np.minimum(self.cap, u + points).astype(int)
            reached = (u < self.cap) & (new_u >= self.cap)
            points = points + np.where(reached, float(self.rules.upper_bonus), 0.0)
        else:
            new_u = u
        if box == POKER:
            f = (points == POKER_POINTS).astype(int)
        return points + nxt[new_u, f], nxt_var[new_u, f]

    def _score_values(self, mask):
        """(252, states) value of the best box for each throw, for each state of ``mask``,
        and the variance of the rest of the game after that box."""
        layout, rules = self.layout, self.rules
        upper_set = mask & ((1 << UPPER_COUNT) - 1)
        flags = layout.flags(mask)
        rows = [(u, f) for u in layout.representatives(upper_set) for f in flags]
        u = np.array([r[0] for r in rows])[None, :]
        f = np.array([r[1] for r in rows])[None, :]
        best = np.full((len(dicesets.THROWS), len(rows)), -np.inf)
        best_var = np.zeros_like(best)
        by_box = {}
        for i, box in enumerate(rules.boxes):
            if mask >> i & 1:
                continue
            if i < UPPER_COUNT:
                face = i + 1
                per_count, var = self._box_value(box, mask, u, f, face * np.arange(6.0)[:, None])
                by_box[box] = per_count, var
                counts = self.dice.counts[:, face]
                values, var = per_count[counts], var[counts]
            elif box == POKER:
                values, var = self._box_value(box, mask, u, f, self.points[box][:, None])
            else:
                rest, var = self._box_value(box, mask, u, f, 0.0)
                by_box[box] = rest, var
                values = self.points[box][:, None] + rest
            better = values > best      # the first best box wins a tie, as in the advisor
            best_var = np.where(better, var, best_var)
            best = np.where(better, values, best)
        self._apply_special(mask, best, best_var, u, f, flags, by_box)
        return best, best_var

    def _apply_special(self, mask, best, best_var, u, f, flags, by_box):
        """Five of a kind: the engine's Joker options and poker bonus replace the plain ones.

        ``by_box`` holds what the box loop computed: for an upper box its
        value per count of its face, for a lower box its value without points.
        """
        rules = self.rules
        card = {b: 0 for i, b in enumerate(rules.boxes) if mask >> i & 1}
        poker_filled = POKER in card
        for flag in flags:
            rows = np.nonzero(f[0] == flag)[0]
            poker = (POKER_POINTS if flag else 0) if poker_filled else None
            if poker_filled:
                card[POKER] = poker
            for t, throw, joker, bonus in self._special[poker]:
                if not joker:
                    best[t, rows] += bonus
                    continue
                column = np.full(len(rows), -np.inf)
                column_var = np.zeros(len(rows))
                options = rules.options(card, throw)
                for box in rules.boxes:          # card order: the first best box wins
                    points = options.get(box)
                    if points is None:
                        continue
                    known = by_box.get(box)
                    if known is None:
                        value, var = self._box_value(box, mask, u[0, rows], f[0, rows],
                                                     np.full(len(rows), float(points)))
                    elif BOXES[box].section == "upper":
                        value = known[0][points // BOXES[box].face, rows]
                        var = known[1][points // BOXES[box].face, rows]
                    else:
                        value = points + known[0][0, rows]
                        var = known[1][0, rows]
                    better = value > column
                    column_var = np.where(better, var, column_var)
                    column = np.where(better, value, column)
                best[t, rows] = column + bonus
                best_var[t, rows] = column_var


def build(rules_id, out=None, quiet=False):
    ruleset = get_ruleset(rules_id)
    started = time.time()
    solver = Solver(ruleset)
    start_value = solver.solve()
    elapsed = time.time() - started
    data = encode_table(solver.layout, solver.values, start_value)
    out = out or default_out(rules_id)
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    with open(out, "wb") as handle:
        handle.write(data)
    spread = encode_spread(solver.layout, solver.variances)
    with open(spread_out(out), "wb") as handle:
        handle.write(spread)
    if not quiet:
        print("%s: start value %.9f (sd %.3f), %d states, built in %.1f s -> %s (%d bytes), %s (%d bytes)"
              % (rules_id, start_value, solver.variances[0] ** 0.5, solver.layout.size, elapsed,
                 out, len(data), spread_out(out), len(spread)))
    return solver, start_value, elapsed


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rules", required=True, choices=sorted(RULESETS))
    parser.add_argument("--out", help="output file (default static/strategy/<rules>.dpst.gz;"
                        " the spread goes beside it, <rules>.spread.gz)")
    args = parser.parse_args(argv)
    build(args.rules, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
