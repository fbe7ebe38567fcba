"""Rule sets as data: which boxes a card has, the bonuses, the Joker.

A rule set is a plain description (its boxes, bonus threshold, Joker
convention); the game and the solver read it instead of branching on the rule
set's name.  Scoring is split in two: :meth:`Box.score` is a box's own value on
the dice ("does the pattern hold?", :mod:`dicepoker.boxes`, whose names this
module passes on), and :meth:`Ruleset.options` applies the five-of-a-kind
Joker on top, which needs the player's card.  :func:`score` is the checked
calculator for dice from anywhere (:mod:`dicepoker.scoring`, imported on first
use).

Box ids are those of ``shared/RULES.md``.
"""

# FACES and FACE_OF_UPPER are not used here: passed on, as this module always had them
from .boxes import (BOXES, DICE_COUNT, FACE_OF_UPPER, FACES, POKER,  # noqa: F401
                    POKER_POINTS, UPPER_BOXES, UPPER_OF_FACE, counts_of)
from .errors import InvalidSetup

MAX_ROLLS = 3


def is_five_of_a_kind(dice):
    return len(dice) == DICE_COUNT and min(dice) == max(dice)


class Ruleset:
    """A rule set as data.

    - ``boxes``: the card's box ids in display order (upper first).
    - ``upper_bonus_at``: the smallest upper sum that earns ``upper_bonus``
      (64 where the seeds say "more than 63", 63 in the official rules).
    - ``poker_bonus``: extra points for each further five of a kind while the
      poker box holds 50.
    - ``joker_on_scratched_poker``: whether five of a kind is also a Joker
      (without the bonus) when the poker box holds 0.
    """

    def __init__(self, ruleset_id, boxes, upper_bonus_at, upper_bonus=35,
                 poker_bonus=100, joker_on_scratched_poker=False):
        self.id = ruleset_id
        self.boxes = tuple(boxes)
        self.upper_boxes = tuple(b for b in self.boxes if BOXES[b].section == "upper")
        self.lower_boxes = tuple(b for b in self.boxes if BOXES[b].section == "lower")
        self.upper_bonus_at = upper_bonus_at
        self.upper_bonus = upper_bonus
        self.poker_bonus = poker_bonus
        self.joker_on_scratched_poker = joker_on_scratched_poker

    def __repr__(self):
        return "Ruleset(%r)" % self.id

    def joker_applies(self, card, dice):
        """True when this throw is a Joker for a player whose card is ``card``."""
        if not is_five_of_a_kind(dice):
            return False
        held = card.get(POKER)
        if held == POKER_POINTS:
            return True
        return held == 0 and self.joker_on_scratched_poker

    def poker_bonus_for(self, card, dice):
        """Bonus points this throw earns (another five of a kind over a 50)."""
        if is_five_of_a_kind(dice) and card.get(POKER) == POKER_POINTS:
            return self.poker_bonus
        return 0

    def joker_case(self, card, dice):
        """Which boxes a Joker opens: None (no Joker), "upper" (the matching upper
        box is open, and forced), "lower" (else any open lower box counts as met)
        or "zero" (else any open upper box takes 0)."""
        if not self.joker_applies(card, dice):
            return None
        if UPPER_OF_FACE[dice[0]] not in card:
            return "upper"
        if any(b not in card for b in self.lower_boxes):
            return "lower"
        return "zero"

    def options(self, card, dice):
        """{box_id: points} a player with ``card`` may fill now with ``dice``.

        Without a Joker every open box is allowed at its own value; with one,
        what :meth:`joker_case` says.
        """
        open_boxes = [b for b in self.boxes if b not in card]
        counts = counts_of(dice)
        case = self.joker_case(card, dice)
        if case is None:
            return {b: BOXES[b].score(dice, counts) for b in open_boxes}
        if case == "upper":
            matching = UPPER_OF_FACE[dice[0]]
            return {matching: BOXES[matching].score(dice, counts)}
        if case == "lower":
            return {b: BOXES[b].joker_score(dice) for b in open_boxes if b in self.lower_boxes}
        return {b: 0 for b in open_boxes}

    def upper_sum(self, card):
        return sum(card.get(b, 0) for b in self.upper_boxes)

    def upper_bonus_earned(self, card):
        return self.upper_bonus if self.upper_sum(card) >= self.upper_bonus_at else 0

    def possible_scores(self, box_id):
        """Every value ``box_id`` may hold under this rule set (Joker included).

        A box's own values already cover its Joker values: a Joker scores the
        box's fixed points or the sum of five equal dice (5 to 30).
        """
        return BOXES[box_id].possible_scores()


_LOWER_DICE_POKER = ("pair", "two_pairs", "three_kind", "four_kind", "full_house",
                     "small_straight", "large_straight", POKER, "chance")
_LOWER_YAHTZEE = ("three_kind", "four_kind", "full_house",
                  "small_straight", "large_straight", POKER, "chance")

RULESETS = {
    "dice-poker": Ruleset("dice-poker", UPPER_BOXES + _LOWER_DICE_POKER, upper_bonus_at=64),
    "dice-poker-classic": Ruleset("dice-poker-classic", UPPER_BOXES + _LOWER_DICE_POKER,
                                  upper_bonus_at=63, joker_on_scratched_poker=True),
    "yahtzee": Ruleset("yahtzee", UPPER_BOXES + _LOWER_YAHTZEE,
                       upper_bonus_at=63, joker_on_scratched_poker=True),
}
DEFAULT_RULESET = "dice-poker"


def score(box_id, dice):
    """The box's own value for these dice, checked: :func:`dicepoker.scoring.score`.

    Here because ``from dicepoker.rules import score`` is the import earlier
    versions promised.  The checked calculator itself lives in
    :mod:`dicepoker.scoring` (which takes the boxes from :mod:`dicepoker.boxes`,
    not from here), and the page never needs it: this module is a start
    module, so importing scoring at the top would put it in the start bundle.
    It is imported on the first call instead.

    >>> score("pair", (5, 5, 3, 2, 1))
    16
    """
    from .scoring import score as checked
    return checked(box_id, dice)


def get_ruleset(ruleset_id):
    """The rule set called ``ruleset_id``, or a clear error naming the choices."""
    ruleset = RULESETS.get(ruleset_id)
    if ruleset is None:
        raise InvalidSetup("unknown_ruleset", "there is no rule set called %r (choose %s)"
                           % (ruleset_id, ", ".join(sorted(RULESETS))), ruleset=ruleset_id)
    return ruleset
