"""Box scoring: every box on every throw, the seeds' examples, and the Joker table.

The expected values come from ``engine_reference`` (a brute-force reading of
RULES.md that does not import the engine).
"""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import engine_reference as ref
from dicepoker.errors import DicePokerError, InvalidSetup
from dicepoker.rules import BOXES, RULESETS
from dicepoker.scoring import score

MULTISETS = ref.all_multisets()
REFERENCE = dict((throw, dict((b, ref.own_score(b, throw)) for b in ref.ALL_BOXES))
                 for throw in MULTISETS)


def test_there_are_252_distinct_throws_and_7776_orderings():
    assert len(MULTISETS) == len(set(MULTISETS)) == 252
    assert sum(len(ref.all_orderings(t)) for t in MULTISETS) == 6 ** 5


def test_reference_counts_match_the_known_combinatorics():
    """A sanity check of the reference itself, against counts known by hand.

    Of the 7776 ordered throws: 6 are five of a kind, 240 are straights of
    five (2 sets x 120 orders), 300 are full houses (30 face pairs x 10
    orders), and 1200 have a small straight but not a large one.
    """
    def count(box):
        return sum(len(ref.all_orderings(t)) for t in MULTISETS if REFERENCE[t][box])
    assert count("poker") == 6
    assert count("large_straight") == 240
    assert count("full_house") == 300
    assert count("small_straight") == 1200      # large straights included
    assert count("pair") == 7776 - 720          # all but the 6*5*4*3*2 all-different throws
    assert count("four_kind") == 6 + 6 * 5 * 5  # five of a kind + four of a kind


@pytest.mark.parametrize("box", ref.ALL_BOXES)
def test_every_box_on_all_252_throws_matches_the_reference(box):
    for throw in MULTISETS:
        assert score(box, throw) == REFERENCE[throw][box], (box, throw)


@pytest.mark.parametrize("box", ref.ALL_BOXES)
def test_every_box_ignores_the_order_of_the_dice(box):
    engine_box = BOXES[box]
    for throw in MULTISETS:
        expected = REFERENCE[throw][box]
        for ordering in ref.all_orderings(throw):
            assert engine_box.score(ordering) == expected, (box, ordering)


@pytest.mark.parametrize("ruleset", sorted(ref.RULESETS))
def test_options_on_an_empty_card_are_each_boxs_own_value(ruleset):
    rules = RULESETS[ruleset]
    for throw in MULTISETS:
        expected = dict((b, REFERENCE[throw][b]) for b in ref.RULESETS[ruleset]["boxes"])
        assert rules.options({}, throw) == expected, throw


def test_rule_sets_have_the_boxes_of_rules_md():
    for ruleset_id, spec in ref.RULESETS.items():
        rules = RULESETS[ruleset_id]
        assert rules.boxes == spec["boxes"]
        assert rules.upper_boxes == ref.UPPER
        assert rules.upper_bonus_at == spec["bonus_at"]
        assert rules.upper_bonus == 35
        assert rules.poker_bonus == 100
    assert len(RULESETS["dice-poker"].boxes) == 15
    assert len(RULESETS["yahtzee"].boxes) == 13


# The seeds' examples (the same in rules-lt/-be/-sk.txt).  The seeds write
# "5-5-5-2-5 = 21" for three of a kind: an arithmetic slip, those dice sum to 22
# (RULES.md says so too), so 22 is what we expect.
SEED_EXAMPLES = [
    ("pair", (5, 5, 3, 2, 1), 16),
    ("two_pairs", (2, 2, 5, 5, 1), 15),
    ("three_kind", (5, 5, 5, 2, 5), 22),   # seeds say 21: slip, 5+5+5+2+5 = 22
    ("four_kind", (1, 1, 1, 1, 3), 7),
    ("full_house", (2, 2, 2, 3, 3), 25),
    ("small_straight", (2, 3, 4, 5, 5), 30),
    ("large_straight", (2, 3, 4, 5, 6), 40),
    ("poker", (3, 3, 3, 3, 3), 50),
    ("chance", (2, 3, 5, 6, 6), 22),
    ("ones", (1, 1, 1, 2, 3), 3),          # "the sum of the dice showing 1 goes in Ones"
]


@pytest.mark.parametrize("box,dice,points", SEED_EXAMPLES)
def test_the_seeds_examples(box, dice, points):
    assert score(box, dice) == points
    assert ref.own_score(box, dice) == points


def test_the_seeds_three_of_a_kind_example_is_not_21():
    assert score("three_kind", (5, 5, 5, 2, 5)) != 21


@pytest.mark.parametrize("box,dice,points", [
    ("two_pairs", (3, 3, 3, 5, 5), 19),     # a full house has two pairs
    ("two_pairs", (4, 4, 4, 4, 2), 0),      # four of a kind alone does not
    ("two_pairs", (6, 6, 6, 6, 6), 0),
    ("full_house", (6, 6, 6, 6, 6), 0),     # five of a kind is no full house (except as Joker)
    ("full_house", (4, 4, 4, 4, 2), 0),
    ("pair", (6, 6, 6, 6, 6), 30),
    ("small_straight", (1, 2, 3, 4, 6), 30),
    ("small_straight", (3, 4, 5, 6, 6), 30),
    ("small_straight", (1, 2, 3, 5, 6), 0),
    ("small_straight", (1, 2, 3, 4, 5), 30),
    ("large_straight", (1, 2, 3, 4, 5), 40),
    ("large_straight", (1, 2, 3, 4, 6), 0),
    ("sixes", (6, 6, 1, 6, 2), 18),
])
def test_edge_cases_of_rules_md(box, dice, points):
    assert score(box, dice) == points


@pytest.mark.parametrize("bad_dice", [
    (1, 2, 3, 4), (1, 2, 3, 4, 5, 6), (0, 1, 2, 3, 4), (1, 2, 3, 4, 7),
    (1, 2, 3, 4, True), (1, 2, 3, 4, 2.0), ("1", 2, 3, 4, 5), 5, None,
])
def test_score_rejects_bad_dice_with_the_engines_error(bad_dice):
    with pytest.raises(InvalidSetup) as caught:
        score("chance", bad_dice)
    assert caught.value.code == "bad_dice"
    assert isinstance(caught.value, DicePokerError)


def test_score_rejects_an_unknown_box():
    with pytest.raises(InvalidSetup) as caught:
        score("straight_flush", (1, 2, 3, 4, 5))
    assert caught.value.code == "unknown_box"
    assert "straight_flush" in str(caught.value)


# ---------------------------------------------------------------- Joker table
dice_st = st.lists(st.integers(1, 6), min_size=5, max_size=5).map(tuple)
five_of_a_kind_st = st.integers(1, 6).map(lambda f: (f,) * 5)
FIXED_POINTS = {"full_house": 25, "small_straight": 30, "large_straight": 40}


@st.composite
def cards(draw, ruleset):
    """A card with some boxes filled by values those boxes can hold."""
    boxes = ref.RULESETS[ruleset]["boxes"]
    filled = draw(st.lists(st.sampled_from(boxes), unique=True, max_size=len(boxes) - 1))
    card = {}
    for box in filled:
        if box in ref.UPPER:
            face = ref.UPPER.index(box) + 1
            card[box] = face * draw(st.integers(0, 5))
        elif box == "poker":
            card[box] = draw(st.sampled_from((0, 50)))
        elif box in FIXED_POINTS:
            card[box] = draw(st.sampled_from((0, FIXED_POINTS[box])))
        else:
            card[box] = draw(st.sampled_from((0, 5, 17, 30)))
    return card


@st.composite
def positions(draw):
    ruleset = draw(st.sampled_from(sorted(ref.RULESETS)))
    card = draw(cards(ruleset))
    dice = draw(st.one_of(dice_st, five_of_a_kind_st))
    return ruleset, card, dice


@settings(max_examples=300, deadline=None)
@given(positions())
def test_options_with_the_joker_match_the_reference(position):
    ruleset, card, dice = position
    rules = RULESETS[ruleset]
    assert rules.options(card, dice) == ref.options(ruleset, card, dice)
    assert rules.poker_bonus_for(card, dice) == ref.poker_bonus(card, dice)


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(sorted(ref.RULESETS)), st.data())
def test_upper_bonus_and_possible_scores_agree_with_reference(ruleset, data):
    rules = RULESETS[ruleset]
    card = data.draw(cards(ruleset))
    upper = sum(card.get(b, 0) for b in ref.UPPER)
    expected_bonus = 35 if upper >= ref.RULESETS[ruleset]["bonus_at"] else 0
    assert rules.upper_sum(card) == upper
    assert rules.upper_bonus_earned(card) == expected_bonus
    for box, points in card.items():
        assert points in rules.possible_scores(box)


def test_possible_scores_cover_every_reachable_value():
    """What a save may hold: every own value, Joker value and 0, nothing off the scale.

    (The range check is deliberately coarse for sum boxes, e.g. it lets
    two_pairs hold 6, which no throw gives; such a card is still refused on
    load because it cannot match the replayed moves.)
    """
    for ruleset_id in ref.RULESETS:
        rules = RULESETS[ruleset_id]
        for box in rules.boxes:
            reachable = set(REFERENCE[t][box] for t in MULTISETS)
            if box not in ref.UPPER:
                reachable |= set(ref.joker_value(box, (f,) * 5) for f in range(1, 7))
                reachable.add(0)           # a scratch, or 0 in an unmatched pattern
            allowed = rules.possible_scores(box)
            assert reachable <= allowed, box
            if box in ref.UPPER:
                assert allowed == reachable, box
            else:
                assert allowed <= set([0, 25, 30, 40, 50]) | set(range(5, 31)), box
