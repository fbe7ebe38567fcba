"""The seeded dice are fair: chi-square tests over 61,200 dice, on CPython
and on the shipped MicroPython (the browser's runtime, under Node).

The generator is deterministic, so these are fixed checks of fixed samples,
not flaky statistics: 34 seeds x 8 players x 15 rounds x 3 rolls x 5 slots.
Thresholds are the 0.1 % critical values of the chi-square distribution; a
fair generator fails one of them one time in a thousand seeds, a biased one
(see ``test_the_checks_catch_a_biased_die``) fails them at once.

Checked: the six faces overall; each slot (die 1..5) and each roll (1st, 2nd,
3rd throw of a turn) on its own; and pairs of neighbouring slots (36 cells),
so one die does not follow from the one beside it.
"""

import json

import pytest

from dicepoker.dice import SeededDice
from mpyrun import run_micropython

SEEDS = ["fair-%d" % i for i in range(34)]
PLAYERS, ROUNDS, ROLLS, SLOTS = 8, 15, 3, 5
TOTAL = len(SEEDS) * PLAYERS * ROUNDS * ROLLS * SLOTS          # 61,200 dice

# chi-square critical values at p = 0.001
CRITICAL = {5: 20.515, 35: 66.619}

# The same counting code runs on both interpreters (plain Python that
# MicroPython accepts): faces overall, per slot, per roll, neighbour pairs.
COUNTER = """
from dicepoker.dice import SeededDice

def count(seeds, players, rounds, rolls, slots):
    faces = [0] * 7
    per_slot = [[0] * 7 for _ in range(slots)]
    per_roll = [[0] * 7 for _ in range(rolls)]
    pairs = [0] * 49
    for seed in seeds:
        source = SeededDice(seed)
        for p in range(players):
            for r in range(rounds):
                for k in range(rolls):
                    previous = 0
                    for s in range(slots):
                        face = source.face(p, r, k, s)
                        faces[face] += 1
                        per_slot[s][face] += 1
                        per_roll[k][face] += 1
                        if previous:
                            pairs[previous * 7 + face] += 1
                        previous = face
    return {"faces": faces, "per_slot": per_slot, "per_roll": per_roll, "pairs": pairs}
"""


def chi_square(observed, expected):
    return sum((o - expected) ** 2 / expected for o in observed)


def check_counts(counts):
    """Every chi-square below its 0.1 % critical value (returns the figures)."""
    figures = {}
    faces = counts["faces"]
    assert faces[0] == 0 and sum(faces) == TOTAL
    figures["faces"] = chi_square(faces[1:], TOTAL / 6)
    for s, row in enumerate(counts["per_slot"]):
        figures["slot %d" % (s + 1)] = chi_square(row[1:], sum(row) / 6)
    for k, row in enumerate(counts["per_roll"]):
        figures["roll %d" % (k + 1)] = chi_square(row[1:], sum(row) / 6)
    cells = [counts["pairs"][a * 7 + b] for a in range(1, 7) for b in range(1, 7)]
    figures["neighbour pairs"] = chi_square(cells, sum(cells) / 36)
    for name, value in figures.items():
        df = 35 if name == "neighbour pairs" else 5
        assert value < CRITICAL[df], (name, value, counts)
    return figures


def cpython_counts():
    namespace = {}
    exec(COUNTER, namespace)
    return namespace["count"](SEEDS, PLAYERS, ROUNDS, ROLLS, SLOTS)


def test_faces_are_uniform_on_cpython():
    figures = check_counts(cpython_counts())
    print("chi-square on CPython:", {k: round(v, 2) for k, v in figures.items()})


@pytest.mark.slow
def test_faces_are_uniform_on_micropython_and_equal_to_cpython():
    script = COUNTER + "\nimport json\nprint(json.dumps(count(%s, %d, %d, %d, %d)))\n" % (
        json.dumps(SEEDS), PLAYERS, ROUNDS, ROLLS, SLOTS)
    out = run_micropython(script, timeout=240)
    counts = json.loads(out.strip().splitlines()[-1])
    figures = check_counts(counts)
    print("chi-square on MicroPython:", {k: round(v, 2) for k, v in figures.items()})
    assert counts == cpython_counts()        # the very same dice on both runtimes


def test_the_checks_catch_a_biased_die():
    """The thresholds are not too loose: a die that shows six 5 % more often
    (and one 5 % less) than a fair one, or that repeats its neighbour 12 %
    more often than chance, is rejected."""
    fair = cpython_counts()
    leaning = json.loads(json.dumps(fair))
    shift = int(TOTAL * 0.05 / 6)
    leaning["faces"][6] += shift
    leaning["faces"][1] -= shift
    try:
        check_counts(leaning)
    except AssertionError:
        pass
    else:
        raise AssertionError("a die leaning to six passed the face test")

    sticky = json.loads(json.dumps(fair))
    for face in range(1, 7):           # doubles 12 % more often than chance
        moved = sticky["pairs"][face * 7 + face] * 12 // 100
        sticky["pairs"][face * 7 + face] += moved
        other = face % 6 + 1
        sticky["pairs"][face * 7 + other] -= moved
    try:
        check_counts(sticky)
    except AssertionError:
        pass
    else:
        raise AssertionError("a die that repeats its neighbour passed the pair test")


def test_a_single_seed_still_uses_every_face():
    source = SeededDice("one seed")
    faces = {source.face(0, r, k, s) for r in range(15) for k in range(3) for s in range(5)}
    assert faces == {1, 2, 3, 4, 5, 6}
