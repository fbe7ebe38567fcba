"""The dice of one turn as multisets: the 252 throws, the 462 keeps, and the odds between them.

The order of five dice never matters to the strategy, only which faces show
how often, so a throw is a sorted 5-tuple (252 of them) and a keep — the dice
held before a re-roll — a sorted tuple of 0 to 5 faces (462 of them, the
throws included: keeping all five means stopping).  Everything here is built
once at import, in pure Python (it also runs in the browser on MicroPython),
and indexed by small integers so the advisor's inner loops are list lookups.

- ``THROWS[i]``: the i-th sorted 5-tuple; ``THROW_INDEX[t]`` its index.
- ``KEEPS[k]`` / ``KEEP_INDEX[t]``: the same for keeps.
- ``OUTCOMES[k]``: ``(throw indices, probabilities)`` of re-rolling the dice
  not in keep ``k``; for a five-dice keep, the throw itself with probability 1.
- ``SUBKEEPS[i]``: the distinct keeps (indices) that throw ``i`` allows.
- ``FIRST_ROLL``: ``OUTCOMES`` of keeping nothing.
"""

from ..rules import DICE_COUNT, FACES


def _sorted_tuples(length, lowest=1):
    """All non-decreasing tuples of ``length`` faces, in lexicographic order."""
    if length == 0:
        return [()]
    tuples = []
    for face in range(lowest, FACES + 1):
        for rest in _sorted_tuples(length - 1, face):
            tuples.append((face,) + rest)
    return tuples


def _factorial(n):
    result = 1
    for k in range(2, n + 1):
        result *= k
    return result


def _arrangements(faces):
    """In how many orders these dice can fall (a multinomial coefficient)."""
    counts = [0] * (FACES + 1)
    for face in faces:
        counts[face] += 1
    ways = _factorial(len(faces))
    for count in counts:
        ways //= _factorial(count)
    return ways


def _merge(a, b):
    return tuple(sorted(a + b))


THROWS = _sorted_tuples(DICE_COUNT)
THROW_INDEX = {throw: i for i, throw in enumerate(THROWS)}

KEEPS = []
for _size in range(DICE_COUNT + 1):
    KEEPS.extend(_sorted_tuples(_size))
KEEP_INDEX = {keep: k for k, keep in enumerate(KEEPS)}


def _outcomes(keep):
    rolled = DICE_COUNT - len(keep)
    total = FACES ** rolled
    throws, probs = [], []
    for faces in _sorted_tuples(rolled):
        throws.append(THROW_INDEX[_merge(keep, faces)])
        probs.append(_arrangements(faces) / total)
    return throws, probs


OUTCOMES = [_outcomes(keep) for keep in KEEPS]
FIRST_ROLL = OUTCOMES[KEEP_INDEX[()]]


def sub_multisets(faces):
    """The distinct sorted sub-multisets of sorted ``faces`` (the empty one included)."""
    subs = [()]
    for face in faces:
        subs = subs + [s + (face,) for s in subs]
    return sorted(set(subs))


SUBKEEPS = [[KEEP_INDEX[s] for s in sub_multisets(throw)] for throw in THROWS]


def holds_by_keep(dice):
    """{keep index: positions to hold} for every distinct keep of these dice.

    Equal faces are interchangeable, so each keep is given once, by the
    lowest positions of each face — what the UI highlights as "hold these".
    """
    positions_of = {}
    for i, face in enumerate(dice):
        positions_of.setdefault(face, []).append(i)
    choices = [((), [])]
    for face in sorted(positions_of):
        where = positions_of[face]
        choices = [(keep + (face,) * n, held + where[:n])
                   for keep, held in choices for n in range(len(where) + 1)]
    return {KEEP_INDEX[keep]: sorted(held) for keep, held in choices}


# Keep values one die at a time (the advisor's inner loops), in exact integers.
# KEEPS are ordered by size, so larger keeps have larger indices, and the last
# 252 keeps are the throws in THROWS order.
THROW_KEEP_BASE = len(KEEPS) - len(THROWS)
LARGER = [[KEEP_INDEX[tuple(sorted(keep + (face,)))] for face in range(1, FACES + 1)]
          if len(keep) < DICE_COUNT else None for keep in KEEPS]
SMALLER = [sorted(set(KEEP_INDEX[keep[:i] + keep[i + 1:]] for i in range(len(keep))))
           for keep in KEEPS]
KEEP_SCALE = FACES ** DICE_COUNT          # 7776: keep values are throw values x 7776
_KEEP_NORM = [FACES ** len(keep) for keep in KEEPS]


def keep_values(after_keep):
    """Value of every keep x 7776, given integer values of the throws after it.

    A keep with j dice to roll is worth the sum over the 6**j ordered rolls
    divided by 6**j; summing one die at a time (a keep's sum is the sum of
    the sums of the six keeps one die larger) and scaling by 6**(5-j) keeps
    every number an exact integer.  Integers matter in the browser: on
    MicroPython each float result is a heap allocation, small ints are not,
    and exact arithmetic gives the same answer on both Pythons.
    """
    sums = [0] * THROW_KEEP_BASE + list(after_keep)
    for k in range(THROW_KEEP_BASE - 1, -1, -1):
        a, b, c, d, e, f = LARGER[k]
        sums[k] = sums[a] + sums[b] + sums[c] + sums[d] + sums[e] + sums[f]
    norm = _KEEP_NORM
    return [sums[k] * norm[k] for k in range(len(sums))]


def best_keep_per_throw(values):
    """For every throw, the value of the best keep it allows (keeping all five included)."""
    best = list(values)
    for k in range(1, len(best)):
        top = best[k]
        for s in SMALLER[k]:
            if best[s] > top:
                top = best[s]
        best[k] = top
    return best[THROW_KEEP_BASE:]


def rescale(values):
    """Keep values (x 7776) back to throw units, rounded to the nearest integer."""
    half = KEEP_SCALE // 2
    return [(v + half) // KEEP_SCALE for v in values]
