"""An independent, brute-force reading of ``shared/RULES.md``, to test the engine against.

Nothing here imports ``dicepoker``: every pattern is checked the slow, obvious
way (by trying every choice of dice positions), so a shared mistake between the
engine's counting helpers and the tests cannot hide.  The rule sets are written
out again from RULES.md as plain tables.
"""

from functools import lru_cache
from itertools import combinations, permutations

UPPER = ("ones", "twos", "threes", "fours", "fives", "sixes")
LOWER_DICE_POKER = ("pair", "two_pairs", "three_kind", "four_kind", "full_house",
                    "small_straight", "large_straight", "poker", "chance")
LOWER_YAHTZEE = ("three_kind", "four_kind", "full_house",
                 "small_straight", "large_straight", "poker", "chance")
ALL_BOXES = UPPER + LOWER_DICE_POKER

# RULES.md, one row per rule set: boxes, upper bonus threshold, and whether a
# five of a kind is a Joker (without the +100) when the poker box holds 0.
RULESETS = {
    "dice-poker": {"boxes": UPPER + LOWER_DICE_POKER, "bonus_at": 64,
                   "joker_on_zero": False},
    "dice-poker-classic": {"boxes": UPPER + LOWER_DICE_POKER, "bonus_at": 63,
                           "joker_on_zero": True},
    "yahtzee": {"boxes": UPPER + LOWER_YAHTZEE, "bonus_at": 63, "joker_on_zero": True},
}
UPPER_BONUS = 35
POKER_BONUS = 100


def all_multisets():
    """The 252 distinct throws of five dice, each as a sorted tuple."""
    throws = []
    for a in range(1, 7):
        for b in range(a, 7):
            for c in range(b, 7):
                for d in range(c, 7):
                    for e in range(d, 7):
                        throws.append((a, b, c, d, e))
    return throws


def all_orderings(throw):
    """Every distinct order in which ``throw`` can lie on the table."""
    return sorted(set(permutations(throw)))


def _some_equal(dice, n):
    """Some ``n`` of the dice show the same face."""
    return any(len(set(dice[i] for i in pick)) == 1
               for pick in combinations(range(len(dice)), n))


def _two_pairs(dice):
    """Four different dice form two pairs of two different faces."""
    for a, b, c, d in permutations(range(5), 4):
        if dice[a] == dice[b] and dice[c] == dice[d] and dice[a] != dice[c]:
            return True
    return False


def _full_house(dice):
    """Some order of the dice reads x x x y y with x != y."""
    for p in permutations(dice):
        if p[0] == p[1] == p[2] and p[3] == p[4] and p[0] != p[3]:
            return True
    return False


def _run(dice, length):
    """Some ``length`` dice show ``length`` consecutive faces."""
    for pick in combinations(dice, length):
        ordered = sorted(pick)
        if all(ordered[i + 1] == ordered[i] + 1 for i in range(length - 1)):
            return True
    return False


def own_score(box, dice):
    """What ``box`` scores for ``dice`` by its own pattern (no Joker), per RULES.md."""
    return _own_score(box, tuple(dice))


@lru_cache(maxsize=None)
def _own_score(box, dice):
    total = sum(dice)
    if box in UPPER:
        face = UPPER.index(box) + 1
        return sum(d for d in dice if d == face)
    if box == "pair":
        return total if _some_equal(dice, 2) else 0
    if box == "two_pairs":
        return total if _two_pairs(dice) else 0
    if box == "three_kind":
        return total if _some_equal(dice, 3) else 0
    if box == "four_kind":
        return total if _some_equal(dice, 4) else 0
    if box == "full_house":
        return 25 if _full_house(dice) else 0
    if box == "small_straight":
        return 30 if _run(dice, 4) else 0
    if box == "large_straight":
        return 40 if _run(dice, 5) else 0
    if box == "poker":
        return 50 if _some_equal(dice, 5) else 0
    if box == "chance":
        return total
    raise KeyError(box)


def joker_value(box, dice):
    """A lower box's value when the Joker says its pattern is met."""
    fixed = {"full_house": 25, "small_straight": 30, "large_straight": 40, "poker": 50}
    return fixed.get(box, sum(dice))


def is_joker(ruleset, card, dice):
    """Five of a kind with the poker box at 50 (or at 0 where the rule set says so)."""
    if len(set(dice)) != 1:
        return False
    held = card.get("poker")
    return held == 50 or (held == 0 and RULESETS[ruleset]["joker_on_zero"])


def options(ruleset, card, dice):
    """{box: points} the player may fill now, Joker applied, per RULES.md."""
    boxes = RULESETS[ruleset]["boxes"]
    open_boxes = [b for b in boxes if b not in card]
    if not is_joker(ruleset, card, dice):
        return dict((b, own_score(b, dice)) for b in open_boxes)
    matching = UPPER[dice[0] - 1]
    if matching not in card:
        return {matching: 5 * dice[0]}
    open_lower = [b for b in open_boxes if b not in UPPER]
    if open_lower:
        return dict((b, joker_value(b, dice)) for b in open_lower)
    return dict((b, 0) for b in open_boxes)


def poker_bonus(card, dice):
    """+100 for five of a kind while the poker box holds 50 (every rule set)."""
    return POKER_BONUS if len(set(dice)) == 1 and card.get("poker") == 50 else 0


def total(ruleset, card, poker_bonuses):
    """Upper sum + upper bonus + lower sum + poker bonuses."""
    upper = sum(card.get(b, 0) for b in UPPER)
    lower = sum(v for b, v in card.items() if b not in UPPER)
    bonus = UPPER_BONUS if upper >= RULESETS[ruleset]["bonus_at"] else 0
    return upper + bonus + lower + poker_bonuses
