"""Who is winning: every player's chance of winning from a position (the model).

Win chances: every player's final score is modelled as a normal variable,
its mean the expected final total of optimal play from their position (the
advisor's value, mid-turn included) and its variance that of the points
still to come under the same policy (the spread table, :mod:`.spread`, built
by the same backward pass; mid-turn, :class:`.turn_moments.TurnMoments` carries second
moments through the turn like the advisor carries means), its spread times
the rule set's ``SPREAD_SCALE`` (fitted on simulated games: calibration).  A player wins
when their final is the highest, ties shared; :func:`chances_of` integrates
that over the integers (the scores are integers) with bins a fraction of a
spread wide, so a whole position costs a few thousand float operations.

The same model serves :mod:`.luck_skill` (was it luck: the luck/skill split
of a game) and :mod:`.to_win` (a computer that plays to win).
``luck_and_skill`` is importable from here too, as earlier versions promised
(``from dicepoker.strategy.chances import win_chances, luck_and_skill``): it
lived here before the split, and this module is never a start module (the
strategy group, ``ui.platform.lazy``, fetches luck_skill with it), so the re-export
costs the page no bytes.

Pure Python, CPython and MicroPython.
"""

import math

from ..rules import MAX_ROLLS
from . import dicesets
from .advisor import Advisor
from .luck_skill import luck_and_skill  # noqa: F401  (promised here: see the docstring)
from .spread import Spread
from .table import TableError
from .turn_moments import TurnMoments

_SQRT2 = math.sqrt(2.0)
POINT_MASS = 0.25        # a spread below this (points) is one certain score
_SPREADS = 6.0            # the grid reaches this many spreads either side
_PLAN_CACHE = 16

# The spread of a final, as the model gives it, times this, per rule set: fitted
# (maximum likelihood of the outcome, two players) on simulated games of optimal
# play between turns: yahtzee 2 x 1500 games; dice-poker and its classic form
# 2 x 1500 games on each of eight seeds (7, 19, 23, 29, 31, 37, 41, 43;
# docs/strategy.md, "Calibration"), pooled.  The finals are not normal (a bonus reached or missed, a
# Poker made or not: lumps and long tails); the normal with the exact variance is
# too wide where most games are decided.  One 1500-game sample moves the fit by
# about 0.04 (the best dice-poker scale: 0.84 to 0.95 over those seeds), which is why the two
# dice-poker scales were 0.96 when fitted on two 1000-game samples.
SPREAD_SCALE = {"yahtzee": 0.92, "dice-poker": 0.88, "dice-poker-classic": 0.86}


class Model:
    """The mean/variance model of every player's final score: an advisor and a spread table."""

    def __init__(self, advisor, spread):
        if not isinstance(advisor, Advisor):
            advisor = Advisor(advisor)
        if spread.rules.id != advisor.rules.id:
            raise ValueError("the spread is for %s, the table for %s"
                             % (spread.rules.id, advisor.rules.id))
        self.advisor = advisor
        self.spread = spread
        scale = SPREAD_SCALE.get(advisor.rules.id, 1.0)
        self.variance_scale = scale * scale
        self.table = advisor.table
        self.layout = advisor.layout
        self._turns = {}
        self._order = []

    def turn(self, card):
        """The memoised :class:`TurnMoments` of a player whose card is ``card``."""
        key = self.layout.state_of(card)
        turn = self._turns.get(key)
        if turn is None:
            turn = TurnMoments(self, card)
            self._turns[key] = turn
            self._order.append(key)
            if len(self._order) > _PLAN_CACHE:
                del self._turns[self._order.pop(0)]
        return turn

    def between_turns(self, card, banked):
        """(mean, variance) of the final total of a player before their turn."""
        if len(card) == len(self.layout.boxes):
            return float(banked), 0.0
        mask, upper, holds50 = self.layout.state_of(card)
        return (banked + self.table.value(mask, upper, holds50),
                self.variance_scale * self.spread.variance(mask, upper, holds50))

    def option_moments(self, card, dice, rolls_used, option, banked):
        """(mean, variance) of the final total if ``option`` (an advisor option) is taken."""
        kind = option["kind"]
        if kind == "roll":
            return self.between_turns(card, banked)
        turn = self.turn(card)
        rest = option["value"] - banked
        if kind == "hold":
            keep = dicesets.keep_index(option["keep"])
            square = turn.keep_squares(MAX_ROLLS - rolls_used)[keep] / float(dicesets.KEEP_SCALE)
        else:
            points = option["points"]
            units = turn.plan.box_units(tuple(dice))[option["box"]][2]
            square = turn.box_square(option["box"], points, units)
        return option["value"], self.variance_scale * max(0.0, square - rest * rest)

    def options_with_moments(self, game):
        """The current player's advisor options, each with ``mean`` and ``variance``."""
        advice = self.advisor.advise(game)
        card = game.card()
        for option in advice["options"]:
            option["mean"], option["variance"] = self.option_moments(
                card, game.dice, game.rolls_used, option, advice["banked"])
        return advice

    def position(self, card, banked, dice=(), rolls_used=0):
        """(mean, variance) of the final total of a player at a position (mid-turn or not)."""
        if not rolls_used:
            return self.between_turns(card, banked)
        options = self.advisor.options(card, dice, rolls_used, banked)
        return self.option_moments(card, dice, rolls_used, options[0], banked)

    def moments(self, game):
        """[(mean, variance)] of every player's final total from ``game``'s position."""
        out = []
        for player in range(len(game.players)):
            banked = game.breakdown(player)["total"]
            if game.is_over or player != game.current_player:
                out.append(self.between_turns(game.cards[player], banked))
            else:
                out.append(self.position(game.cards[player], banked, game.dice,
                                         game.rolls_used))
        return out


def _model(table, spread):
    if isinstance(table, Model):
        return table
    if spread is None:
        strategy = table.table if isinstance(table, Advisor) else table
        try:
            spread = Spread.beside(strategy)
        except TableError as error:
            raise ValueError("win chances need the spread table as well as the strategy"
                             " table: pass spread=, or read the table with Table.from_file"
                             " from its folder (%s)" % error)
    return Model(table, spread)


def win_chances(game, table, spread=None):
    """Each player's chance of winning from ``game``'s position, ties shared (sums to 1).

    ``table`` is a :class:`Model`, or a Table/Advisor with its ``spread``
    (:class:`.spread.Spread`); keep one Model for a session (it memoises the
    turn's second moments).  Without ``spread``, a Table read with
    ``Table.from_file`` (or an Advisor of one) finds the spread file beside
    its own (:meth:`.spread.Spread.beside`): the two are shipped side by side,
    and a caller with a table from a file should not have to know the other
    file's name.  Everyone is assumed to play for the best expected score
    from here.  At the end of a game: 1 for the winner, shared on a tie.
    """
    if game.is_over:
        totals = game.totals()
        best = max(totals)
        winners = [p for p, total in enumerate(totals) if total == best]
        return [1.0 / len(winners) if p in winners else 0.0 for p in range(len(totals))]
    return chances_of(_model(table, spread).moments(game))


def _cdf(x, mean, sd):
    """P(X < x) of a normal variable (a point mass when ``sd`` is tiny)."""
    if sd < POINT_MASS:
        return 1.0 if x > mean else 0.0
    return 0.5 * math.erfc((mean - x) / (sd * _SQRT2))


_QUADRATURE = {}


def _legendre(m, x):
    """The Legendre polynomial of degree m and its derivative at x (by the recurrence)."""
    p0, p1 = 1.0, x
    for n in range(2, m + 1):
        p0, p1 = p1, ((2 * n - 1) * x * p1 - (n - 1) * p0) / n
    return p1, (m * (x * p1 - p0) / (x * x - 1.0) if m > 1 else 1.0)


def _gauss_legendre(m):
    """Nodes and weights of the m-point Gauss-Legendre rule on [0, 1] (exact for
    polynomials of degree up to 2m - 1), by Newton's method on the Legendre polynomial."""
    rule = _QUADRATURE.get(m)
    if rule is None:
        nodes, weights = [], []
        for k in range(1, m + 1):
            x = math.cos(math.pi * (k - 0.25) / (m + 0.5))
            for _ in range(100):
                value, derivative = _legendre(m, x)
                step = value / derivative
                x -= step
                if abs(step) < 1e-15:
                    break
            derivative = _legendre(m, x)[1]
            nodes.append((1.0 - x) / 2.0)
            weights.append(1.0 / ((1.0 - x * x) * derivative * derivative))
        rule = _QUADRATURE[m] = (nodes, weights)
    return rule


def chances_of(moments):
    """Chance that each player's final is the highest, ties shared, for [(mean, variance)].

    Each final is an integer: a normal variable rounded to the nearest one
    (a certain score when the spread is tiny).  The integers where the
    winner's score can lie are cut into bins (one point wide while some
    spread is small, else a third of the smallest spread); the chance that
    player i is alone or shares the top of bin b is integrated as
    P(i in b) * E[1 / (1 + others in b), nobody above b], the expectation the
    integral over [0, 1] of the product over the others of (below + in * t), a
    polynomial of degree players - 1 that Gauss-Legendre quadrature with half as
    many nodes integrates exactly: a few operations per player and bin, not a
    polynomial product per player (8 players: about 10 times fewer).
    """
    count = len(moments)
    if count == 1:
        return [1.0]
    means = [m for m, _ in moments]
    sds = [math.sqrt(max(0.0, v)) for _, v in moments]
    low = max(means[i] - _SPREADS * sds[i] for i in range(count))
    high = max(means[i] + _SPREADS * sds[i] for i in range(count))
    low = math.floor(low + 0.5)
    high = math.floor(high + 0.5)
    smallest = min(sds)
    width = max(1, int(smallest / 3.0))
    bins = int((high - low) // width) + 1
    edges = [low - 0.5 + b * width for b in range(bins + 1)]
    below = []                     # per player, P(X < edge) at each edge
    for i in range(count):
        m, sd = means[i], sds[i]
        below.append([_cdf(e, m, sd) for e in edges])
    if count == 2:
        wins = _two_players(below[0], below[1], bins)
        total = wins[0] + wins[1]
        return [w / total for w in wins] if total > 0.0 else [0.5, 0.5]
    nodes, weights = _gauss_legendre((count + 1) // 2)   # exact to degree count - 1
    wins = [0.0] * count
    for b in range(bins):
        lows = [below[j][b] for j in range(count)]
        ins = [below[j][b + 1] - lows[j] for j in range(count)]
        # E[1 / (1 + others in b)] = integral over t in [0, 1] of the product over the
        # others of (below + in * t): the product over everyone at each node, then
        # player i's own factor divided out
        factors = [[lows[j] + ins[j] * t for t in nodes] for j in range(count)]
        everyone = list(weights)
        for j in range(count):
            row = factors[j]
            for q in range(len(nodes)):
                everyone[q] *= row[q]
        for i in range(count):
            p = ins[i]
            if p <= 0.0:
                continue
            own = factors[i]
            share = 0.0
            for q in range(len(nodes)):
                if own[q] > 1e-300:
                    share += everyone[q] / own[q]
                else:                   # a factor of 0: the product of the others anew
                    rest = weights[q]
                    for j in range(count):
                        if j != i:
                            rest *= factors[j][q]
                    share += rest
            wins[i] += p * share
    total = sum(wins)
    if total <= 0.0:
        return [1.0 / count] * count
    return [w / total for w in wins]


def _two_players(below_a, below_b, bins):
    """:func:`chances_of`'s bins for two players: the quadrature's one node (t = 1/2) in
    closed form.  A player wins bin b when the other is below it, and half the time when the
    other is in it too: the same sums as the general loop without its lists, about eight
    times faster on CPython (a two-player game's review asks it at every decision)."""
    win_a = win_b = 0.0
    low_a, low_b = below_a[0], below_b[0]
    for b in range(1, bins + 1):
        high_a, high_b = below_a[b], below_b[b]
        in_a, in_b = high_a - low_a, high_b - low_b
        if in_a > 0.0:
            win_a += in_a * (low_b + 0.5 * in_b)
        if in_b > 0.0:
            win_b += in_b * (low_a + 0.5 * in_a)
        low_a, low_b = high_a, high_b
    return [win_a, win_b]
