"""The dice-multiset machinery of the table build (:mod:`.build`), as numpy arrays.

The solver's inner loop: from the values once a keep is chosen to the values of
a throw one roll earlier, for every state of a filled-box set at once (throws
on the first axis, states on the second).  Needs numpy, so it runs only on
CPython, like the build (.ci/compile_mpy.py never compiles it for the page);
the browser's advice has its own loops over the same sets (:mod:`.dicesets`).
"""

import numpy as np

from . import dicesets


class DiceArrays:
    """The dice-multiset machinery as numpy arrays (throws on the first axis).

    Keep values are computed one die at a time: a keep of m dice is worth the
    average, over the six faces, of the keep with one more die showing that
    face.  That is 6 look-ups per keep instead of a 462 x 252 product.
    """

    def __init__(self):
        throws, keeps = dicesets.THROWS, dicesets.KEEPS
        self.counts = np.array([[t.count(face) for face in range(7)] for t in throws])
        self.first_roll = np.zeros(len(throws))
        outs, probs = dicesets.FIRST_ROLL
        self.first_roll[outs] = probs
        index = dicesets.KEEP_INDEX
        self.grow = []       # by size 4..0: (keeps, the six keeps one die larger)
        for size in range(4, -1, -1):
            members = [k for k, keep in enumerate(keeps) if len(keep) == size]
            larger = [[index[tuple(sorted(keeps[k] + (face,)))] for face in range(1, 7)]
                      for k in members]
            self.grow.append((np.array(members), np.array(larger)))
        self.shrink = []     # by size 1..5: (keeps, the keeps one die smaller, padded)
        for size in range(1, 6):
            members = [k for k, keep in enumerate(keeps) if len(keep) == size]
            smaller = []
            for k in members:
                keep = keeps[k]
                kids = sorted(set(index[keep[:i] + keep[i + 1:]] for i in range(size)))
                smaller.append(kids + [kids[0]] * (size - len(kids)))
            self.shrink.append((np.array(members), np.array(smaller)))
        self.throw_keeps = np.array([index[t] for t in throws])

    def best_keep_moments(self, after_keep, after_square):
        """(252, S) values and second moments once a keep is chosen -> the same of a
        throw one roll earlier.

        First the value of every keep (expected value of re-rolling the rest),
        then for each throw the best keep it allows, as the best of a keep's own
        value and the best of its one-die-smaller keeps, size by size.  The
        policy is the mean-maximiser's (ties go to the throw's own keep, then to
        the first smaller keep, as in :func:`.dicesets.best_keep_per_throw`);
        second moments are averaged over the rolls exactly like the means, and
        follow the keep the mean picks.
        """
        shape = (len(dicesets.KEEPS), after_keep.shape[1])
        value, square = np.empty(shape), np.empty(shape)
        value[self.throw_keeps] = after_keep
        square[self.throw_keeps] = after_square
        # Choices in place, one (keeps, states) slice at a time (_mean_of_larger
        # says why): a (keeps, 6, states) gather was most of the build's time.
        for members, larger in self.grow:
            value[members] = _mean_of_larger(value, larger)
            square[members] = _mean_of_larger(square, larger)
        for members, smaller in self.shrink:
            top, top_square = value[smaller[:, 0]], square[smaller[:, 0]]
            for j in range(1, smaller.shape[1]):
                candidate = value[smaller[:, j]]
                better = candidate > top
                np.copyto(top, candidate, where=better)
                np.copyto(top_square, square[smaller[:, j]], where=better)
            own, own_square = value[members], square[members]
            better = top > own
            np.copyto(own, top, where=better)
            np.copyto(own_square, top_square, where=better)
            value[members], square[members] = own, own_square
        return value[self.throw_keeps], square[self.throw_keeps]


def _mean_of_larger(array, larger):
    """The mean of ``array``'s rows ``larger[:, 0..5]`` (a keep's six one-die-larger
    keeps), summed in place one slice at a time, in the order of numpy's own
    ``array[larger].sum(axis=1)``, so the built tables stay byte for byte."""
    total = array[larger[:, 0]]
    for j in range(1, larger.shape[1]):
        total += array[larger[:, j]]
    total *= 1.0 / 6.0
    return total
