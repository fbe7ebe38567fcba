"""A solver of the tests' own for practice positions: every option's loss from the position's JSON.

``#practice[data-position]`` (and ``dicepoker.practice.position_json``) gives
what a solver outside the project is given: the rule set, the open boxes,
the upper section's sum, the Poker box, the dice and the rolls left.  From
that alone a card in the same state is made (the other boxes' points change
no value) and an :class:`~dicepoker.strategy.advisor.Advisor` of the shipped
table values every option; the losses are what the page must show.
"""

from dicepoker.rules import POKER, RULESETS
from dicepoker.strategy.advisor import Advisor
from dicepoker.strategy.table import Table
from paths import STATIC

_ADVISORS = {}


def advisor(rules):
    if rules not in _ADVISORS:
        _ADVISORS[rules] = Advisor(Table.from_file(STATIC / "strategy" / ("%s.dpst.gz" % rules)))
    return _ADVISORS[rules]


def card_from_json(data):
    """A card in the state the position's JSON describes: its filled boxes, its upper sum
    (all in the first filled upper box) and its Poker box."""
    rules = RULESETS[data["rules"]]
    filled_upper = [b for b in rules.upper_boxes if b not in data["open"]]
    if not filled_upper:
        assert data["upper"] == 0, data
    card = {}
    for box in rules.boxes:
        if box in data["open"]:
            continue
        if box == POKER:
            card[box] = data["poker"]
        elif box in rules.upper_boxes:
            card[box] = data["upper"] if box == filled_upper[0] else 0
        else:
            card[box] = 0
    return card


def move_text(option):
    """An option as the page's rows name it: ``score:box``, or ``roll:`` and the held dice."""
    move = option["move"]
    if "score" in move:
        return "score:" + move["score"]
    return "roll:" + ",".join(str(i) for i in move["roll"])


def solve(data):
    """Every option of the position ``data`` (its JSON as data), best first, with its loss."""
    return advisor(data["rules"]).options(card_from_json(data), data["dice"],
                                          3 - data["rolls_left"])


def losses(data):
    """{move text: points given away} for every option of the position ``data``."""
    return {move_text(o): o["loss"] for o in solve(data)}
