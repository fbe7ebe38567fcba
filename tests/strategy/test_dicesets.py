"""Throws, keeps and the odds between them, against plain enumeration."""

from collections import Counter
from itertools import product

from dicepoker.strategy import dicesets


def test_counts():
    assert len(dicesets.THROWS) == 252
    assert len(dicesets.KEEPS) == 462
    assert dicesets.KEEPS[dicesets.THROW_KEEP_BASE:] == dicesets.THROWS


def test_outcome_probabilities_match_enumerated_rolls():
    for keep in [(), (6,), (2, 2), (1, 3, 5), (4, 4, 4, 4), (1, 2, 3, 4, 5)]:
        rolled = 5 - len(keep)
        counts = Counter(tuple(sorted(keep + r)) for r in product(range(1, 7), repeat=rolled))
        throws, probs = dicesets.OUTCOMES[dicesets.KEEP_INDEX[keep]]
        got = {dicesets.THROWS[t]: p for t, p in zip(throws, probs)}
        assert set(got) == set(counts)
        for throw, n in counts.items():
            assert abs(got[throw] - n / 6 ** rolled) < 1e-15


def test_integer_keep_values_are_exact_expectations_times_7776():
    after = [(t * 7919) % 100003 for t in range(252)]
    values = dicesets.keep_values(after)
    for k, (throws, probs) in enumerate(dicesets.OUTCOMES):
        expected = sum(after[t] * p for t, p in zip(throws, probs))
        assert abs(values[k] / dicesets.KEEP_SCALE - expected) < 1e-6


def test_best_keep_per_throw_is_the_max_over_its_sub_keeps():
    values = [(k * 7919) % 1009 for k in range(462)]
    best = dicesets.best_keep_per_throw(values)
    for t, throw in enumerate(dicesets.THROWS):
        subs = set(tuple(sorted(throw[i] for i in range(5) if s >> i & 1)) for s in range(32))
        assert best[t] == max(values[dicesets.KEEP_INDEX[s]] for s in subs)


def test_holds_by_keep_gives_each_distinct_keep_once_by_lowest_positions():
    dice = (3, 1, 3, 5, 3)
    holds = dicesets.holds_by_keep(dice)
    subsets = set(tuple(sorted(dice[i] for i in range(5) if s >> i & 1)) for s in range(32))
    assert {dicesets.KEEPS[k] for k in holds} == subsets
    for k, positions in holds.items():
        assert tuple(sorted(dice[i] for i in positions)) == dicesets.KEEPS[k]
    assert holds[dicesets.KEEP_INDEX[(3, 3)]] == [0, 2]


def test_keep_index_takes_the_faces_in_any_order():
    for k, keep in enumerate(dicesets.KEEPS):
        assert dicesets.keep_index(keep) == dicesets.KEEP_INDEX[keep] == k
        assert dicesets.keep_index(tuple(reversed(keep))) == k
    assert dicesets.keep_index([5, 2, 5]) == dicesets.KEEP_INDEX[(2, 5, 5)]


def test_lazy_names_are_their_definitions():
    """KEEP_INDEX, THROW_INDEX, SUBKEEPS and FIRST_ROLL, built on first use, against
    plain enumeration (OUTCOMES: the odds tests above)."""
    assert dicesets.KEEP_INDEX == {keep: k for k, keep in enumerate(dicesets.KEEPS)}
    assert dicesets.THROW_INDEX == {throw: t for t, throw in enumerate(dicesets.THROWS)}
    assert dicesets.FIRST_ROLL == dicesets.OUTCOMES[dicesets.KEEP_INDEX[()]]
    for t, throw in enumerate(dicesets.THROWS):
        subs = set(tuple(sorted(throw[i] for i in range(5) if s >> i & 1)) for s in range(32))
        assert sorted(dicesets.SUBKEEPS[t]) == sorted(dicesets.KEEP_INDEX[s] for s in subs)
    try:
        dicesets.NOT_A_NAME
    except AttributeError:
        pass
    else:
        raise AssertionError("an unknown name must raise AttributeError")
