"""Many solo games of the Optimal computer at once, with numpy (CPython test helper).

Playing thousands of games through ``Game`` and the pure-Python advisor would
take minutes, so this plays them in lockstep: per turn, the advisor's
within-turn values for every game are computed as numpy integer arrays with
the *same* integer arithmetic as :class:`~dicepoker.strategy.advisor.TurnPlan`
(table values x 2, keep sums x 6**size, rounding (v + 3888) // 7776), and the
move is picked with the advisor's tie-break (holds by keep index, then boxes
in card order, first best wins; a hold beats a box of equal value).  Five of a
kind with a Joker or bonus goes through the advisor's own ``box_units`` on the
real card.  So the decisions are the advisor's; ``decisions`` records a sample
so a test can confirm that against ``Advisor.options``.
"""

import numpy as np

from dicepoker.rules import BOXES, POKER, POKER_POINTS
from dicepoker.strategy import dicesets
from dicepoker.strategy.advisor import UNIT, Advisor, TurnPlan
from dicepoker.strategy.states import UPPER_COUNT

KEEP_SCALE = dicesets.KEEP_SCALE
NEG = -(1 << 60)


class _Arrays:
    """Dice-multiset machinery as numpy arrays (games on the first axis)."""

    def __init__(self):
        keeps, throws = dicesets.KEEPS, dicesets.THROWS
        base = dicesets.THROW_KEEP_BASE
        self.base = base
        self.counts = np.array([[t.count(face) for face in range(7)] for t in throws])
        self.grow = []
        for size in range(4, -1, -1):
            members = [k for k in range(base) if len(keeps[k]) == size]
            self.grow.append((np.array(members), np.array([dicesets.LARGER[k] for k in members])))
        self.shrink = []
        for size in range(1, 6):
            members = [k for k, keep in enumerate(keeps) if len(keep) == size]
            smaller = [dicesets.SMALLER[k] + [dicesets.SMALLER[k][0]] * (5 - len(dicesets.SMALLER[k]))
                       for k in members]
            self.shrink.append((np.array(members), np.array(smaller)))
        self.norm = np.array([6 ** len(keep) for keep in keeps], dtype=np.int64)
        # proper keeps of each throw, in keep-index order (the advisor's listing order)
        proper = [sorted(k for k in dicesets.SUBKEEPS[t] if len(keeps[k]) < 5)
                  for t in range(len(throws))]
        width = max(len(p) for p in proper)
        self.proper = np.array([p + [-1] * (width - len(p)) for p in proper])
        self.keep_faces = np.array([list(k) + [0] * (5 - len(k)) for k in keeps])
        self.code_to_throw = np.full(7 ** 5, -1)
        for t, throw in enumerate(throws):
            self.code_to_throw[self.code(np.array([throw]))[0]] = t
        self.five_kind_points = np.array([BOXES[POKER].score(t) for t in throws])
        self.five_kind = np.nonzero(self.five_kind_points)[0]

    @staticmethod
    def code(sorted_dice):
        return (sorted_dice * np.array([1, 7, 49, 343, 2401])).sum(axis=1)

    def keep_values(self, after):
        sums = np.empty((after.shape[0], len(dicesets.KEEPS)), dtype=np.int64)
        sums[:, self.base:] = after
        for members, larger in self.grow:
            sums[:, members] = sums[:, larger].sum(axis=2)
        return sums * self.norm

    def best_keep_per_throw(self, values):
        best = values.copy()
        for members, smaller in self.shrink:
            best[:, members] = np.maximum(best[:, members], best[:, smaller].max(axis=2))
        return best[:, self.base:]


def _rescale(values):
    return (values + KEEP_SCALE // 2) // KEEP_SCALE


class FastOptimal:
    """Solo games of the Optimal computer for one table."""

    def __init__(self, table):
        self.table = table
        self.rules = table.rules
        self.layout = table.layout
        self.advisor = Advisor(table)
        self.arrays = _Arrays()
        self.scaled = np.array([table.scaled_at(i) for i in range(table.size)], dtype=np.int64)
        self.factor = UNIT // table.scale
        layout = self.layout
        self.class_of = np.array([[c if c >= 0 else 0 for c in classes]
                                  for classes in layout.class_of])
        self.first_class = np.array(layout.first_class)
        self.unit_points = {b: np.array(self.advisor.unit_points[b]) for b in self.rules.lower_boxes}
        self.decisions = []
        self._special = {}

    def _index(self, mask, upper, holds50):
        """Layout.index for arrays (unreachable sums give some index; callers mask them)."""
        layout = self.layout
        lower = mask >> UPPER_COUNT
        p = layout.poker_lower_bit
        below = ((lower >> (p + 1)) << p) + np.maximum(0, (lower & ((2 << p) - 1)) - (1 << p))
        width = 1 + (lower >> p & 1)
        offset = layout.classes_per_lower * (lower + below) + self.first_class[mask & 63] * width
        cls = self.class_of[mask & 63, np.minimum(upper, layout.cap)]
        return np.clip(offset + cls * width + holds50, 0, layout.size - 1)

    def _successor(self, bit, mask, upper, holds50, points):
        """TurnPlan.successor_units for arrays (points may be a scalar)."""
        rules = self.rules
        gained = points
        new_upper = upper
        if bit < UPPER_COUNT:
            cap = rules.upper_bonus_at
            new_upper = upper + points
            gained = points + np.where((upper < cap) & (new_upper >= cap), rules.upper_bonus, 0)
        if self.rules.boxes[bit] == POKER:
            holds50 = np.full_like(mask, 1 if points == POKER_POINTS else 0)
        rest = self.scaled[self._index(mask | 1 << bit, new_upper, holds50)]
        return gained * UNIT + rest * self.factor

    def play(self, games, rng, record=0):
        """Final totals of ``games`` solo games; dice from the numpy Generator ``rng``."""
        rules, arrays = self.rules, self.arrays
        n_boxes = len(rules.boxes)
        cards = [{} for _ in range(games)]
        poker_bonus = np.zeros(games, dtype=np.int64)
        mask = np.zeros(games, dtype=np.int64)
        upper = np.zeros(games, dtype=np.int64)
        holds50 = np.zeros(games, dtype=np.int64)
        self.history = []        # per round: (cards, poker bonuses) before it
        for _ in range(n_boxes):
            self.history.append(([dict(card) for card in cards], poker_bonus.copy()))
            per_box = []
            best = np.full((games, len(dicesets.THROWS)), NEG, dtype=np.int64)
            for bit, box in enumerate(rules.boxes):
                is_open = (mask >> bit & 1) == 0
                if bit < UPPER_COUNT:
                    face = bit + 1
                    by_count = np.stack([self._successor(bit, mask, upper, holds50, face * n)
                                         for n in range(6)], axis=1)
                    values = by_count[:, arrays.counts[:, face]]
                    per_box.append(("upper", by_count, is_open))
                elif box == POKER:
                    missed = self._successor(bit, mask, upper, holds50, 0)
                    made = self._successor(bit, mask, upper, holds50, POKER_POINTS)
                    values = np.where(arrays.five_kind_points[None, :] == POKER_POINTS,
                                      made[:, None], missed[:, None])
                    per_box.append(("poker", (missed, made), is_open))
                else:
                    rest = self._successor(bit, mask, upper, holds50, 0)
                    values = rest[:, None] + self.unit_points[box][None, :]
                    per_box.append(("lower", rest, is_open))
                values = np.where(is_open[:, None], values, NEG)
                np.maximum(best, values, out=best)
            for g, card in enumerate(cards):
                for t in self.advisor.special_throws(card):
                    best[g, t] = max(self._special_units(card, t).values())
            keeps_last = arrays.keep_values(best)
            keeps_two = arrays.keep_values(_rescale(arrays.best_keep_per_throw(keeps_last)))

            dice = np.sort(rng.integers(1, 7, (games, 5)), axis=1)
            done = np.zeros(games, dtype=bool)
            chosen_box = np.full(games, -1)
            for rolls_used, keeps in ((1, keeps_two), (2, keeps_last), (3, None)):
                throw = arrays.code_to_throw[arrays.code(dice)]
                box_units = self._box_units(per_box, throw, cards)
                best_box = box_units.argmax(axis=1)
                best_box_units = box_units[np.arange(games), best_box]
                if keeps is None:
                    hold = np.zeros(games, dtype=bool)
                else:
                    candidates = arrays.proper[throw]
                    values = np.where(candidates >= 0,
                                      np.take_along_axis(keeps, np.maximum(candidates, 0), axis=1),
                                      NEG)
                    pick = values.argmax(axis=1)
                    keep = candidates[np.arange(games), pick]
                    hold = values[np.arange(games), pick] >= best_box_units * KEEP_SCALE
                now = ~done & ~hold
                chosen_box[now] = best_box[now]
                for g in range(min(record, games)):
                    if not done[g]:
                        decision = ("hold", list(dicesets.KEEPS[keep[g]])) if hold[g] else \
                            ("score", rules.boxes[best_box[g]])
                        self.decisions.append((dict(cards[g]), dice[g].tolist(), rolls_used,
                                               decision, g))
                done |= now
                if keeps is not None:
                    rolling = ~done
                    kept = arrays.keep_faces[keep]
                    fresh = rng.integers(1, 7, (games, 5))
                    new = np.sort(np.where(kept > 0, kept, fresh), axis=1)
                    dice = np.where(rolling[:, None], new, dice)
            for g in range(games):
                bit = int(chosen_box[g])
                box = rules.boxes[bit]
                throw = tuple(int(d) for d in dice[g])
                card = cards[g]
                points = rules.options(card, throw)[box]
                poker_bonus[g] += rules.poker_bonus_for(card, throw)
                card[box] = points
                mask[g] |= 1 << bit
                if bit < UPPER_COUNT:
                    upper[g] += points
                if box == POKER:
                    holds50[g] = 1 if points == POKER_POINTS else 0
        totals = np.array([sum(card.values()) + rules.upper_bonus_earned(card) for card in cards])
        self.cards, self.poker_bonus = cards, poker_bonus       # of the last play
        return totals + poker_bonus

    def _special_units(self, card, t):
        """TurnPlan.box_units of a Joker/bonus throw, memoised by turn-start state."""
        mask, upper, holds50 = self.layout.state_of(card)
        key = (mask, min(upper, self.layout.cap), holds50, t)
        units = self._special.get(key)
        if units is None:
            raw = TurnPlan(self.advisor, card).box_units(dicesets.THROWS[t])
            units = {box: value[2] for box, value in raw.items()}
            self._special[key] = units
        return units

    def _box_units(self, per_box, throw, cards):
        """(games, boxes) units of filling each box with each game's dice; NEG if not allowed."""
        arrays, rules = self.arrays, self.rules
        games = len(throw)
        units = np.full((games, len(rules.boxes)), NEG, dtype=np.int64)
        rows = np.arange(games)
        for bit, (kind, data, is_open) in enumerate(per_box):
            if kind == "upper":
                column = data[rows, arrays.counts[throw, bit + 1]]
            elif kind == "poker":
                missed, made = data
                column = np.where(arrays.five_kind_points[throw] == POKER_POINTS, made, missed)
            else:
                column = data + self.unit_points[rules.boxes[bit]][throw]
            units[:, bit] = np.where(is_open, column, NEG)
        for g in np.nonzero(np.isin(throw, arrays.five_kind))[0]:
            t = int(throw[g])
            if t in self.advisor.special_throws(cards[g]):
                units[g] = NEG
                for box, value in self._special_units(cards[g], t).items():
                    units[g, rules.boxes.index(box)] = value
        return units
