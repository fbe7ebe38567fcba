"""The boxes of the card, and what each scores on five dice by its own pattern.

The facts every rule set shares: five dice of six faces, the upper boxes
(a face each) and the lower ones (a pattern each), and :class:`Box`, whose
:meth:`Box.score` is a box's own value on the dice ("does the pattern
hold?").  What a rule set adds on top (which boxes its card has, the bonuses,
the Joker) is :mod:`dicepoker.rules`, which imports this module and passes
its names on (``from dicepoker.rules import BOXES`` is the import other code
uses); the checked calculator :mod:`dicepoker.scoring` imports it too.
A module of its own so that neither of those two imports the other.

Box ids are those of ``shared/RULES.md``.
"""

UPPER_BOXES = ("ones", "twos", "threes", "fours", "fives", "sixes")
FACE_OF_UPPER = {"ones": 1, "twos": 2, "threes": 3, "fours": 4, "fives": 5, "sixes": 6}
UPPER_OF_FACE = {face: box for box, face in FACE_OF_UPPER.items()}

DICE_COUNT = 5
FACES = 6
POKER = "poker"
POKER_POINTS = 50


def counts_of(dice):
    """How many dice show each face: a list indexed 0..6 (index 0 unused)."""
    counts = [0] * (FACES + 1)
    for face in dice:
        counts[face] += 1
    return counts


def _longest_run(counts):
    """Length of the longest run of consecutive faces present among the dice."""
    best = run = 0
    for face in range(1, FACES + 1):
        run = run + 1 if counts[face] else 0
        if run > best:
            best = run
    return best


def _has_n_of_a_kind(n):
    return lambda counts: max(counts) >= n


def _has_two_pairs(counts):
    return sum(1 for c in counts if c >= 2) >= 2


def _is_full_house(counts):
    shape = sorted(c for c in counts if c)
    return shape == [2, 3]


def _has_run(length):
    return lambda counts: _longest_run(counts) >= length


class Box:
    """One line of the scorecard.

    ``needs(counts)`` says whether the dice meet the box's pattern; the box then
    scores ``points`` (a fixed value) or, when ``points`` is None, the sum of
    the dice.  Upper boxes instead score face x number of dice showing it.
    :meth:`joker_score` is what a lower box scores when the Joker says its
    pattern is met.
    """

    def __init__(self, box_id, section, needs=None, points=None, face=None):
        self.id = box_id
        self.section = section
        self.face = face
        self._needs = needs
        self._points = points

    def score(self, dice, counts=None):
        """Points for these dice in this box, by the box's own pattern."""
        if counts is None:
            counts = counts_of(dice)
        if self.face is not None:
            return self.face * counts[self.face]
        if not self._needs(counts):
            return 0
        return sum(dice) if self._points is None else self._points

    def joker_score(self, dice):
        """Points when the Joker makes the pattern count as met (lower boxes)."""
        return sum(dice) if self._points is None else self._points

    def possible_scores(self):
        """Every value this box can ever hold (used to validate saved games)."""
        if self.face is not None:
            return set(self.face * n for n in range(DICE_COUNT + 1))
        if self._points is not None:
            return {0, self._points}
        return set([0] + list(range(DICE_COUNT, FACES * DICE_COUNT + 1)))


BOXES = {}
for _box_id in UPPER_BOXES:
    BOXES[_box_id] = Box(_box_id, "upper", face=FACE_OF_UPPER[_box_id])
for _box in (
    Box("pair", "lower", _has_n_of_a_kind(2)),
    Box("two_pairs", "lower", _has_two_pairs),
    Box("three_kind", "lower", _has_n_of_a_kind(3)),
    Box("four_kind", "lower", _has_n_of_a_kind(4)),
    Box("full_house", "lower", _is_full_house, 25),
    Box("small_straight", "lower", _has_run(4), 30),
    Box("large_straight", "lower", _has_run(5), 40),
    Box(POKER, "lower", _has_n_of_a_kind(5), POKER_POINTS),
    Box("chance", "lower", lambda counts: True),
):
    BOXES[_box.id] = _box
