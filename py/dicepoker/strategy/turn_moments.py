"""One turn's second moments: how far the points still to come may stray from their mean.

For a player at a turn's start (a card), :class:`TurnMoments` carries second
moments through the turn as the advisor carries means, under the advisor's
own policy (best box per throw, best keep per throw); the win-chance model
(:mod:`.chances`) adds them to the spread table's variance between turns.

Pure Python, CPython and MicroPython.
"""

from ..rules import BOXES, POKER, POKER_POINTS
from . import dicesets
from .advisor import UNIT


def _best_keep_squares(keep_values, keep_squares):
    """For every throw, the second moment of the keep the mean picks (ties as the advisor).

    ``keep_values`` are the advisor's integer keep values, ``keep_squares``
    the second moments of the same keeps, both indexed by keep.
    """
    best = list(keep_values)
    square = list(keep_squares)
    smaller = dicesets.SMALLER
    for k in range(1, len(best)):
        top = best[k]
        top_square = square[k]
        for s in smaller[k]:
            if best[s] > top:
                top = best[s]
                top_square = square[s]
        best[k] = top
        square[k] = top_square
    return square[dicesets.THROW_KEEP_BASE:]


class TurnMoments:
    """Second moments of one turn's points still to come, for a turn-start state.

    The policy is the advisor's (its :class:`.advisor.TurnPlan`: best box per
    throw, best keep per throw); the second moment of an option is averaged
    over the dice exactly as its value is.  Values in points squared.
    """

    def __init__(self, model, card):
        self.model = model
        self.plan = model.advisor.plan(card)
        self._score = None
        self._keeps = {}

    def successor_variance(self, box, points):
        """Variance of the rest of the game after filling ``box`` with ``points``."""
        plan = self.plan
        upper, holds50 = plan.upper, plan.holds50
        if BOXES[box].section == "upper":
            upper += points
        if box == POKER:
            holds50 = 1 if points == POKER_POINTS else 0
        return self.model.spread.variance(plan.mask | 1 << self.model.layout.bit[box],
                                          upper, holds50)

    def box_square(self, box, points, units):
        """Second moment of the rest of the game (this box included) after filling ``box``."""
        value = units / float(UNIT)
        return value * value + self.successor_variance(box, points)

    def score_squares(self):
        """For each of the 252 throws, the second moment after its best box."""
        if self._score is None:
            self._score = self._compute_score_squares()
        return self._score

    def _compute_score_squares(self):
        plan, advisor = self.plan, self.model.advisor
        rules = plan.rules
        best = None
        squares = None
        for i, box in enumerate(rules.boxes):
            if plan.mask >> i & 1:
                continue
            if i < 6:
                face = i + 1
                by_count = [plan.successor_units(box, face * n) for n in range(6)]
                var_count = [self.successor_variance(box, face * n) for n in range(6)]
                counts = advisor.face_counts[face]
                values = [by_count[n] for n in counts]
                variances = [var_count[n] for n in counts]
            elif box == POKER:
                missed = plan.successor_units(box, 0)
                made = plan.successor_units(box, POKER_POINTS)
                var_missed = self.successor_variance(box, 0)
                var_made = self.successor_variance(box, POKER_POINTS)
                values = [made if p else missed for p in advisor.points[box]]
                variances = [var_made if p else var_missed for p in advisor.points[box]]
            else:
                rest = plan.successor_units(box, 0)
                var = self.successor_variance(box, 0)
                values = [rest + p for p in advisor.unit_points[box]]
                variances = None
                if best is None:
                    best, squares = values, [var] * len(values)
                else:
                    for t in range(len(values)):
                        if values[t] > best[t]:
                            best[t] = values[t]
                            squares[t] = var
                continue
            if best is None:
                best, squares = values, variances
            else:
                for t in range(len(values)):
                    if values[t] > best[t]:
                        best[t] = values[t]
                        squares[t] = variances[t]
        inverse = 1.0 / UNIT
        out = []
        for t in range(len(best)):
            value = best[t] * inverse
            out.append(value * value + squares[t])
        for t in advisor.special_throws(plan.card):
            box, points, units = self._best_box(dicesets.THROWS[t])
            out[t] = self.box_square(box, points, units)
        return out

    def _best_box(self, dice):
        """(box, points, units) of the first best box for these dice (the advisor's choice)."""
        options = self.plan.box_units(dice)
        chosen = None
        for box in self.plan.rules.boxes:
            if box in options and (chosen is None or options[box][2] > chosen[2]):
                chosen = (box, options[box][0], options[box][2])
        return chosen

    def keep_squares(self, rolls_left):
        """Second moment x 7776 of every keep (index into KEEPS) with ``rolls_left`` rolls left."""
        squares = self._keeps.get(rolls_left)
        if squares is None:
            if rolls_left == 1:
                after = self.score_squares()
            elif rolls_left in (2, 3):
                after = _best_keep_squares(self.plan.keep_values(rolls_left - 1),
                                           self.keep_squares(rolls_left - 1))
                scale = 1.0 / dicesets.KEEP_SCALE
                after = [v * scale for v in after]
            else:
                raise ValueError("rolls left must be 1 to 3, not %r" % (rolls_left,))
            squares = dicesets.keep_values(after)
            self._keeps[rolls_left] = squares
        return squares
