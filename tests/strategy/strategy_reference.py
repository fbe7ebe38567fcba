"""An independent, deliberately simple evaluation of one turn, for checking the strategy code.

It shares nothing with ``dicepoker.strategy`` but the table's successor values:
throw probabilities come from enumerating every ordered roll with
itertools.product, options and bonuses from the engine's ``Ruleset`` on a real
card, the upper bonus from ``Ruleset.upper_bonus_earned``, and holds are all
31 subsets of dice positions.  Floats throughout, memoised per kept multiset.
"""

from collections import Counter
from itertools import product

FACES = range(1, 7)
_DISTRIBUTIONS = {}


def distribution(kept):
    """[(sorted throw, probability)] after re-rolling the dice not in ``kept``."""
    kept = tuple(sorted(kept))
    dist = _DISTRIBUTIONS.get(kept)
    if dist is None:
        rolled = 5 - len(kept)
        counts = Counter(tuple(sorted(kept + roll)) for roll in product(FACES, repeat=rolled))
        dist = [(throw, n / 6 ** rolled) for throw, n in sorted(counts.items())]
        _DISTRIBUTIONS[kept] = dist
    return dist


class TurnReference:
    """Expected points still to come for a player with ``card`` at each point of a turn.

    ``future(card)`` gives the expected points after a card (0 when full).
    """

    def __init__(self, rules, card, future):
        self.rules = rules
        self.card = dict(card)
        self.future = future
        self._best_score = {}
        self._keep = {}
        self._value = {}

    def score_options(self, dice):
        """{box: value} of filling each allowed box with these dice."""
        rules, card = self.rules, self.card
        bonus_before = rules.upper_bonus_earned(card)
        poker_bonus = rules.poker_bonus_for(card, dice)
        values = {}
        for box, points in rules.options(card, dice).items():
            after = dict(card)
            after[box] = points
            gained = points + poker_bonus + rules.upper_bonus_earned(after) - bonus_before
            rest = 0.0 if len(after) == len(rules.boxes) else self.future(after)
            values[box] = gained + rest
        return values

    def best_score(self, dice):
        dice = tuple(sorted(dice))
        if dice not in self._best_score:
            self._best_score[dice] = max(self.score_options(dice).values())
        return self._best_score[dice]

    def keep_value(self, kept, rolls_left):
        """Expected value of re-rolling all dice but ``kept`` with ``rolls_left`` rolls left."""
        key = (tuple(sorted(kept)), rolls_left)
        if key not in self._keep:
            self._keep[key] = sum(p * self.value(throw, rolls_left - 1)
                                  for throw, p in distribution(kept))
        return self._keep[key]

    def value(self, dice, rolls_left):
        """Best value with these dice showing and ``rolls_left`` rolls left."""
        key = (tuple(sorted(dice)), rolls_left)
        if key not in self._value:
            best = self.best_score(dice)
            if rolls_left:
                for hold in PROPER_HOLDS:
                    value = self.keep_value([dice[i] for i in hold], rolls_left)
                    if value > best:
                        best = value
            self._value[key] = best
        return self._value[key]

    def start_value(self):
        return self.keep_value((), 3)

    def all_options(self, dice, rolls_used):
        """[(value, kind, detail)]: each proper hold (kept faces) and each box."""
        options = []
        if rolls_used < 3:
            for hold in PROPER_HOLDS:
                kept = sorted(dice[i] for i in hold)
                options.append((self.keep_value(kept, 3 - rolls_used), "hold", kept))
        for box, value in self.score_options(tuple(dice)).items():
            options.append((value, "score", box))
        return options


# Every set of positions that leaves at least one die to roll.
PROPER_HOLDS = [[i for i in range(5) if s >> i & 1] for s in range(31)]
