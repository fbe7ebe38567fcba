"""The dice of one turn as multisets: the 252 throws, the 462 keeps, and the odds between them.

The order of five dice never matters to the strategy, only which faces show
how often, so a throw is a sorted 5-tuple (252 of them) and a keep — the dice
held before a re-roll — a sorted tuple of 0 to 5 faces (462 of them, the
throws included: keeping all five means stopping).  Everything here is pure
Python (it also runs in the browser on MicroPython), indexed by small integers
so the advisor's inner loops are list lookups.  What the advice uses is built
at import; the odds of every re-roll (``OUTCOMES``, ``FIRST_ROLL``), the
keeps of every throw (``SUBKEEPS``) and the tuple-keyed indexes only on first
use (:func:`__getattr__`).

- ``THROWS[i]``: the i-th sorted 5-tuple; ``THROW_INDEX[t]`` its index.
- ``KEEPS[k]`` / ``KEEP_INDEX[t]``: the same for keeps; ``keep_index(faces)``.
- ``OUTCOMES[k]``: ``(throw indices, probabilities)`` of re-rolling the dice
  not in keep ``k``; for a five-dice keep, the throw itself with probability 1.
- ``SUBKEEPS[i]``: the distinct keeps (indices) that throw ``i`` allows.
- ``FIRST_ROLL``: ``OUTCOMES`` of keeping nothing.
"""

from ..rules import DICE_COUNT, FACES


# A keep's code: how many of each face, as the digits of a base-6 number, so that one
# die more or less is an addition and a look-up is an integer's, not a sorted tuple's
# (on MicroPython, hashing tuples and sorting new ones took most of this import).
_PLACE = [0] + [(DICE_COUNT + 1) ** (face - 1) for face in range(1, FACES + 1)]


def _keeps_and_codes():
    """Every keep (the non-decreasing tuples of 0 to ``DICE_COUNT`` faces, by size, each
    size in lexicographic order: each keep grown by one face, at least its last) and
    its code."""
    keeps, codes = [()], [0]
    start = 0
    for _ in range(DICE_COUNT):
        end = len(keeps)
        for k in range(start, end):
            keep, code = keeps[k], codes[k]
            for face in range(keep[-1] if keep else 1, FACES + 1):
                keeps.append(keep + (face,))
                codes.append(code + _PLACE[face])
        start = end
    return keeps, codes


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


KEEPS, _CODES = _keeps_and_codes()
_BY_CODE = {code: k for k, code in enumerate(_CODES)}
THROWS = [keep for keep in KEEPS if len(keep) == DICE_COUNT]


def keep_index(keep):
    """The index in ``KEEPS`` of ``keep`` (its faces, sorted or not)."""
    code = 0
    for face in keep:
        code += _PLACE[face]
    return _BY_CODE[code]


def _outcomes(keep, rolls):
    """``OUTCOMES`` of ``keep``; ``rolls``: the faces the other dice may show (the keeps
    of their size)."""
    total = FACES ** (DICE_COUNT - len(keep))
    throws, probs = [], []
    for faces in rolls:
        throws.append(keep_index(keep + faces) - THROW_KEEP_BASE)
        probs.append(_arrangements(faces) / total)
    return throws, probs


def sub_multisets(faces):
    """The distinct sorted sub-multisets of sorted ``faces`` (the empty one included)."""
    subs = [()]
    for face in faces:
        subs = subs + [s + (face,) for s in subs]
    return sorted(set(subs))


def __getattr__(name):
    """``KEEP_INDEX``, ``THROW_INDEX``, ``OUTCOMES``, ``FIRST_ROLL`` and ``SUBKEEPS``,
    built on first use and kept as plain module names from then on.

    Only the table builders (CPython) and the tests read them; the browser's advice
    (hints, computer seats, the review, win chances) never does.  Built at import, they
    were most of the strategy modules' import on MicroPython: 337 ms of it under Node,
    79 ms now (medians of 9), and a page's first hint 433 -> 339 ms on a desktop,
    1772 -> 1057 ms at a phone's CPU (Chromium, CPU / 4, medians of 8).  The module's
    own code does not use these names (a global inside the module does not come here).
    """
    if name == "KEEP_INDEX":
        value = {keep: k for k, keep in enumerate(KEEPS)}
    elif name == "THROW_INDEX":
        value = {throw: i for i, throw in enumerate(THROWS)}
    elif name == "OUTCOMES":
        by_size = [[k for k in KEEPS if len(k) == size] for size in range(DICE_COUNT + 1)]
        value = [_outcomes(keep, by_size[DICE_COUNT - len(keep)]) for keep in KEEPS]
    elif name == "FIRST_ROLL":
        value = __getattr__("OUTCOMES")[0]       # the empty keep
    elif name == "SUBKEEPS":
        value = [[keep_index(s) for s in sub_multisets(throw)] for throw in THROWS]
    else:
        raise AttributeError("module 'dicesets' has no attribute %r" % name)
    globals()[name] = value
    return value


def holds_by_keep(dice):
    """{keep index: positions to hold} for every distinct keep of these dice.

    Equal faces are interchangeable, so each keep is given once, by the
    lowest positions of each face — what the UI highlights as "hold these".
    """
    positions_of = {}
    for i, face in enumerate(dice):
        positions_of.setdefault(face, []).append(i)
    choices = [(0, [])]
    for face in sorted(positions_of):
        where, place = positions_of[face], _PLACE[face]
        choices = [(code + place * n, held + where[:n])
                   for code, held in choices for n in range(len(where) + 1)]
    return {_BY_CODE[code]: sorted(held) for code, held in choices}


# Keep values one die at a time (the advisor's inner loops), in exact integers.
# KEEPS are ordered by size, so larger keeps have larger indices, and the last
# 252 keeps are the throws in THROWS order.
THROW_KEEP_BASE = len(KEEPS) - len(THROWS)
LARGER = [[_BY_CODE[code + _PLACE[face]] for face in range(1, FACES + 1)]
          if len(keep) < DICE_COUNT else None for keep, code in zip(KEEPS, _CODES)]
SMALLER = [sorted(set(_BY_CODE[code - _PLACE[face]] for face in keep))
           for keep, code in zip(KEEPS, _CODES)]
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
