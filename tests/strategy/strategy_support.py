"""Helpers shared by the strategy tests: the shipped tables and random positions."""


from dicepoker.rules import RULESETS
from dicepoker.strategy.table import Table

from paths import REPO
TABLE_DIR = REPO / "static" / "strategy"
RULE_IDS = ("yahtzee", "dice-poker", "dice-poker-classic")
_TABLES = {}


def table_path(rules_id):
    return TABLE_DIR / ("%s.dpst.gz" % rules_id)


def load_table(rules_id):
    """The shipped table of a rule set, decoded once per test session."""
    if rules_id not in _TABLES:
        _TABLES[rules_id] = Table.from_bytes(table_path(rules_id).read_bytes())
    return _TABLES[rules_id]


def random_card(rules, rng, filled=None):
    """A card (not full) with ``filled`` boxes (random if None) holding values they can hold."""
    boxes = list(rules.boxes)
    if filled is None:
        filled = rng.randrange(len(boxes))
    card = {}
    for box in rng.sample(boxes, filled):
        if box == "poker":
            card[box] = rng.choice((0, 50))
        else:
            card[box] = rng.choice(sorted(rules.possible_scores(box)))
    return card


def random_dice(rng):
    return [rng.randint(1, 6) for _ in range(5)]


def rules_of(rules_id):
    return RULESETS[rules_id]
