"""Every Joker path, the poker bonus and the upper bonus, played through ``Game``
with scripted dice (RULES.md: "Poker bonus and Joker", "Other rule sets")."""

import pytest

from engine_cases import scripted_game
from dicepoker.errors import IllegalMove

ALL_RULESETS = ("dice-poker", "dice-poker-classic", "yahtzee")
POKER_50 = ((6, 6, 6, 6, 6), "poker")          # poker box filled with 50
POKER_0 = ((1, 2, 3, 4, 6), "poker")           # poker box scratched: 0


def _lower_boxes(ruleset):
    lower = ["three_kind", "four_kind", "full_house", "small_straight", "large_straight",
             "poker", "chance"]
    return (["pair", "two_pairs"] if ruleset != "yahtzee" else []) + lower


def test_five_of_a_kind_with_the_poker_box_open_is_just_poker():
    for ruleset in ALL_RULESETS:
        game = scripted_game([], ruleset=ruleset, then=(4, 4, 4, 4, 4))
        options = game.options()
        assert options["poker"] == 50 and options["fours"] == 20
        assert options["full_house"] == 0 and options["small_straight"] == 0
        assert game.pending_poker_bonus() == 0
        game.score("poker")
        assert game.poker_bonuses == [0]
        assert game.totals() == [50]


@pytest.mark.parametrize("ruleset", ALL_RULESETS)
def test_joker_forces_the_open_matching_upper_box(ruleset):
    game = scripted_game([POKER_50], ruleset=ruleset, then=(3, 3, 3, 3, 3))
    assert game.options() == {"threes": 15}
    assert game.pending_poker_bonus() == 100
    before = game.to_dict()
    for other in ("chance", "three_kind", "ones", "full_house"):
        with pytest.raises(IllegalMove) as caught:
            game.score(other)
        assert caught.value.code == "joker_forces"
        assert "threes" in str(caught.value)
        assert game.to_dict() == before
    assert game.score("threes") == 15
    assert game.poker_bonuses == [100]
    assert game.totals() == [50 + 15 + 100]
    assert game.breakdown(0)["poker_bonus"] == 100


JOKER_LOWER = [
    ("pair", 15), ("two_pairs", 15), ("three_kind", 15), ("four_kind", 15),
    ("full_house", 25), ("small_straight", 30), ("large_straight", 40), ("chance", 15),
]


@pytest.mark.parametrize("ruleset,box,points", [
    (ruleset, box, points) for ruleset in ALL_RULESETS for box, points in JOKER_LOWER
    if box in _lower_boxes(ruleset)])
def test_joker_with_upper_box_filled_scores_any_open_lower_box_as_met(ruleset, box, points):
    game = scripted_game([POKER_50, ((3, 3, 1, 2, 4), "threes")], ruleset=ruleset,
                         then=(3, 3, 3, 3, 3))
    expected = dict((b, p) for b, p in JOKER_LOWER if b in _lower_boxes(ruleset))
    assert game.options() == expected        # no upper box: none is offered
    assert game.score(box) == points
    assert game.cards[0][box] == points
    assert game.poker_bonuses == [100]
    assert game.totals() == [50 + 6 + points + 100]


@pytest.mark.parametrize("ruleset", ALL_RULESETS)
def test_joker_with_all_lower_boxes_filled_scores_0_in_an_open_upper_box(ruleset):
    lower_turns = [((2, 2, 3, 3, 4), box) for box in _lower_boxes(ruleset) if box != "poker"]
    game = scripted_game([POKER_50, ((5, 5, 1, 2, 4), "fives")] + lower_turns,
                         ruleset=ruleset, then=(5, 5, 5, 5, 5))
    assert game.options() == {"ones": 0, "twos": 0, "threes": 0, "fours": 0, "sixes": 0}
    before = game.totals()[0]
    assert game.score("sixes") == 0
    assert game.cards[0]["sixes"] == 0
    assert game.poker_bonuses == [100]
    assert game.totals() == [before + 100]


def test_poker_box_at_0_gives_no_bonus_and_no_joker_in_dice_poker():
    game = scripted_game([POKER_0], ruleset="dice-poker", then=(4, 4, 4, 4, 4))
    assert game.pending_poker_bonus() == 0
    options = game.options()
    # every open box at its own value: no forced fours, full house and straights 0
    assert options["fours"] == 20 and options["chance"] == 20 and options["pair"] == 20
    assert options["full_house"] == 0 and options["small_straight"] == 0
    assert options["large_straight"] == 0 and options["two_pairs"] == 0
    assert len(options) == 14
    game.score("chance")
    assert game.poker_bonuses == [0]
    assert game.totals() == [20]


def test_poker_box_at_0_with_the_upper_box_filled_is_still_no_joker_in_dice_poker():
    game = scripted_game([POKER_0, ((4, 4, 1, 2, 3), "fours")], ruleset="dice-poker",
                         then=(4, 4, 4, 4, 4))
    assert game.options()["full_house"] == 0
    assert game.options()["ones"] == 0
    assert game.score("full_house") == 0
    assert game.poker_bonuses == [0]


@pytest.mark.parametrize("ruleset", ("dice-poker-classic", "yahtzee"))
def test_poker_box_at_0_is_a_joker_without_the_bonus_in_classic_and_yahtzee(ruleset):
    game = scripted_game([POKER_0], ruleset=ruleset, then=(4, 4, 4, 4, 4))
    assert game.options() == {"fours": 20}
    assert game.pending_poker_bonus() == 0
    with pytest.raises(IllegalMove):
        game.score("chance")
    game.score("fours")
    assert game.poker_bonuses == [0]
    # with fours filled, the next five 4s is a Joker on the lower boxes, still no bonus
    game2 = scripted_game([POKER_0, ((4, 4, 1, 2, 3), "fours")], ruleset=ruleset,
                          then=(4, 4, 4, 4, 4))
    assert game2.options()["full_house"] == 25
    assert game2.options()["large_straight"] == 40
    assert "ones" not in game2.options()
    assert game2.score("small_straight") == 30
    assert game2.poker_bonuses == [0]
    assert game2.totals() == [0 + 8 + 30]


@pytest.mark.parametrize("ruleset", ALL_RULESETS)
def test_each_further_five_of_a_kind_over_a_50_adds_100(ruleset):
    game = scripted_game([POKER_50, ((6, 6, 6, 6, 6), "sixes"), ((2, 2, 2, 2, 2), "twos"),
                          ((2, 2, 2, 2, 2), "chance")], ruleset=ruleset)
    assert game.poker_bonuses == [300]
    assert game.cards[0] == {"poker": 50, "sixes": 30, "twos": 10, "chance": 10}
    assert game.breakdown(0) == {"upper": 40, "upper_bonus": 0, "upper_bonus_missing":
                                 (64 if ruleset == "dice-poker" else 63) - 40,
                                 "lower": 60, "poker_bonus": 300, "total": 400}


def test_undo_takes_back_the_poker_bonus_too():
    game = scripted_game([POKER_50], then=(2, 2, 2, 2, 2))
    before = game.to_dict()
    game.score("twos")
    assert game.poker_bonuses == [100]
    game.undo()
    assert game.poker_bonuses == [0] and "twos" not in game.cards[0]
    assert game.options() == {"twos": 10}
    assert game.pending_poker_bonus() == 100
    assert game.to_dict() == before


@pytest.mark.parametrize("ruleset", ALL_RULESETS)
def test_undo_of_a_joker_on_a_lower_box_gives_the_joker_back(ruleset):
    game = scripted_game([POKER_50, ((4, 4, 1, 2, 3), "fours")], ruleset=ruleset,
                         then=(4, 4, 4, 4, 4))
    before = game.to_dict()
    options = game.options()
    assert "fours" not in options and options["large_straight"] == 40
    assert game.score("large_straight") == 40 and game.poker_bonuses == [100]
    game.undo()
    assert game.to_dict() == before and game.options() == options
    assert game.score("full_house") == 25 and game.poker_bonuses == [100]


def test_the_joker_is_per_player():
    """Ben's poker box is open: his five of a kind is no Joker though Ann's 50 is."""
    game = scripted_game([POKER_50, ((1, 2, 3, 5, 6), "chance")], players=("Ann", "Ben"),
                         then=(6, 6, 6, 6, 6))
    assert game.current_player == 0
    assert game.options() == {"sixes": 30}
    game.score("sixes")
    assert game.poker_bonuses == [100, 0]
    faces = game.dice_source.faces
    faces.extend([6, 6, 6, 6, 6])             # Ben's throw
    game.roll()
    assert game.current_player == 1
    assert game.pending_poker_bonus() == 0
    assert game.options()["poker"] == 50 and len(game.options()) == 14
    game.score("poker")
    assert game.poker_bonuses == [100, 0]
    assert game.totals() == [50 + 30 + 100, 17 + 50]


def _upper_turns(counts):
    """Turns filling the upper boxes with ``counts[face]`` dice of each face."""
    turns = []
    for face in range(1, 7):
        others = [f for f in (1, 2, 3, 4, 5, 6) if f != face][:5 - counts[face]]
        box = ("ones", "twos", "threes", "fours", "fives", "sixes")[face - 1]
        turns.append((tuple([face] * counts[face] + others), box))
    return turns


@pytest.mark.parametrize("ruleset,upper,bonus", [
    ("dice-poker", 63, 0), ("dice-poker-classic", 63, 35), ("yahtzee", 63, 35),
    ("dice-poker", 64, 35), ("dice-poker-classic", 64, 35), ("yahtzee", 64, 35),
    ("dice-poker", 62, 0), ("dice-poker-classic", 62, 0),
])
def test_upper_bonus_threshold(ruleset, upper, bonus):
    counts = {1: 3, 2: 3, 3: 3, 4: 3, 5: 3, 6: 3}           # 3+6+9+12+15+18 = 63
    if upper == 64:
        counts[1] = 4                                         # 4+6+9+12+15+18 = 64
    if upper == 62:
        counts[1] = 2                                         # 2+6+9+12+15+18 = 62
    game = scripted_game(_upper_turns(counts), ruleset=ruleset)
    part = game.breakdown(0)
    assert part["upper"] == upper
    assert part["upper_bonus"] == bonus
    threshold = 64 if ruleset == "dice-poker" else 63
    assert part["upper_bonus_missing"] == max(0, threshold - upper)
    assert game.totals() == [upper + bonus]


def test_joker_case_names_what_options_allow():
    """The one definition of the Joker's cases: options follows joker_case."""
    from dicepoker.rules import RULESETS, UPPER_OF_FACE
    rules = RULESETS["yahtzee"]
    fives = (4, 4, 4, 4, 4)
    assert rules.joker_case({}, fives) is None                       # no poker box filled
    assert rules.joker_case({"poker": 50}, (4, 4, 4, 4, 3)) is None  # not five of a kind
    card = {"poker": 50}
    assert rules.joker_case(card, fives) == "upper"
    assert list(rules.options(card, fives)) == [UPPER_OF_FACE[4]]
    card["fours"] = 12
    assert rules.joker_case(card, fives) == "lower"
    assert set(rules.options(card, fives)) == set(rules.lower_boxes) - {"poker"}
    for box in rules.lower_boxes:
        card.setdefault(box, 0)
    assert rules.joker_case(card, fives) == "zero"
    assert set(rules.options(card, fives).values()) == {0}
    assert set(rules.options(card, fives)) == set(rules.upper_boxes) - {"fours"}
