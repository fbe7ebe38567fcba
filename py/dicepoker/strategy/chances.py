"""Who is winning, and was it luck: win chances and the luck/skill split of a game.

Win chances: every player's final score is modelled as a normal variable,
its mean the expected final total of optimal play from their position (the
advisor's value, mid-turn included) and its variance that of the points
still to come under the same policy (the spread table, :mod:`.spread`, built
by the same backward pass; mid-turn, :class:`TurnMoments` carries second
moments through the turn like the advisor carries means), its spread times
the rule set's ``SPREAD_SCALE`` (fitted on simulated games: calibration).  A player wins
when their final is the highest, ties shared; :func:`chances_of` integrates
that over the integers (the scores are integers) with bins a fraction of a
spread wide, so a whole position costs a few thousand float operations.

Luck and skill: along the game's moves, every change of a player's expected
final total (the advisor's value of the position) is either the dice's doing
(a roll: expected value after it minus the value of the hold before it) or
the player's (a choice: the value of the option taken minus the best one,
i.e. minus the review's points given away, :func:`.review.iter_decisions`).
``start + luck + skill == total`` holds exactly once the game is over (and
for an unfinished game with the current expected final instead of a total).

A computer that plays to win: :func:`to_win_option` picks, in every decision,
the option with the highest chance of winning under this model (the rest of
the game still played for the best expected score).

Pure Python, CPython and MicroPython.
"""

import math

from ..rules import BOXES, MAX_ROLLS, POKER, POKER_POINTS
from . import dicesets
from .advisor import UNIT, Advisor
from .review import iter_decisions

_SQRT2 = math.sqrt(2.0)
_POINT_MASS = 0.25        # a spread below this (points) is one certain score
_SPREADS = 6.0            # the grid reaches this many spreads either side
_PLAN_CACHE = 16

# The spread of a final, as the model gives it, times this, per rule set: fitted
# (maximum likelihood of the outcome, two players) on simulated games of optimal
# play between turns: yahtzee 2 x 1500 games; dice-poker and its classic form
# 2 x 1500 games on each of eight seeds (7, 19, 23, 29, 31, 37, 41, 43; README,
# "Win chances"), pooled.  The finals are not normal (a bonus reached or missed, a
# Poker made or not: lumps and long tails); the normal with the exact variance is
# too wide where most games are decided.  One 1500-game sample moves the fit by
# about 0.04 (the best dice-poker scale: 0.84 to 0.95 over those seeds), which is why the two
# dice-poker scales were 0.96 when fitted on two 1000-game samples.
SPREAD_SCALE = {"yahtzee": 0.92, "dice-poker": 0.88, "dice-poker-classic": 0.86}


def _best_keep_squares(keep_values, keep_squares):
    """For every throw, the second moment of the keep the mean picks (ties as the advisor).

    ``keep_values`` are the advisor's integer keep values, ``keep_squares``
    the second moments of the same keeps, both indexed by keep.
    """
    best = list(keep_values)
    square = list(keep_squares)
    smaller = dicesets.SMALLER
    for k in range(1, len(best)):
        top = best[k]
        top_square = square[k]
        for s in smaller[k]:
            if best[s] > top:
                top = best[s]
                top_square = square[s]
        best[k] = top
        square[k] = top_square
    return square[dicesets.THROW_KEEP_BASE:]


class TurnMoments:
    """Second moments of one turn's points still to come, for a turn-start state.

    The policy is the advisor's (its :class:`.advisor.TurnPlan`: best box per
    throw, best keep per throw); the second moment of an option is averaged
    over the dice exactly as its value is.  Values in points squared.
    """

    def __init__(self, model, card):
        self.model = model
        self.plan = model.advisor.plan(card)
        self._score = None
        self._keeps = {}

    def successor_variance(self, box, points):
        """Variance of the rest of the game after filling ``box`` with ``points``."""
        plan = self.plan
        upper, holds50 = plan.upper, plan.holds50
        if BOXES[box].section == "upper":
            upper += points
        if box == POKER:
            holds50 = 1 if points == POKER_POINTS else 0
        return self.model.spread.variance(plan.mask | 1 << self.model.layout.bit[box],
                                          upper, holds50)

    def box_square(self, box, points, units):
        """Second moment of the rest of the game (this box included) after filling ``box``."""
        value = units / float(UNIT)
        return value * value + self.successor_variance(box, points)

    def score_squares(self):
        """For each of the 252 throws, the second moment after its best box."""
        if self._score is None:
            self._score = self._compute_score_squares()
        return self._score

    def _compute_score_squares(self):
        plan, advisor = self.plan, self.model.advisor
        rules = plan.rules
        best = None
        squares = None
        for i, box in enumerate(rules.boxes):
            if plan.mask >> i & 1:
                continue
            if i < 6:
                face = i + 1
                by_count = [plan.successor_units(box, face * n) for n in range(6)]
                var_count = [self.successor_variance(box, face * n) for n in range(6)]
                counts = advisor.face_counts[face]
                values = [by_count[n] for n in counts]
                variances = [var_count[n] for n in counts]
            elif box == POKER:
                missed = plan.successor_units(box, 0)
                made = plan.successor_units(box, POKER_POINTS)
                var_missed = self.successor_variance(box, 0)
                var_made = self.successor_variance(box, POKER_POINTS)
                values = [made if p else missed for p in advisor.points[box]]
                variances = [var_made if p else var_missed for p in advisor.points[box]]
            else:
                rest = plan.successor_units(box, 0)
                var = self.successor_variance(box, 0)
                values = [rest + p for p in advisor.unit_points[box]]
                variances = None
                if best is None:
                    best, squares = values, [var] * len(values)
                else:
                    for t in range(len(values)):
                        if values[t] > best[t]:
                            best[t] = values[t]
                            squares[t] = var
                continue
            if best is None:
                best, squares = values, variances
            else:
                for t in range(len(values)):
                    if values[t] > best[t]:
                        best[t] = values[t]
                        squares[t] = variances[t]
        inverse = 1.0 / UNIT
        out = []
        for t in range(len(best)):
            value = best[t] * inverse
            out.append(value * value + squares[t])
        for t in advisor.special_throws(plan.card):
            box, points, units = self._best_box(dicesets.THROWS[t])
            out[t] = self.box_square(box, points, units)
        return out

    def _best_box(self, dice):
        """(box, points, units) of the first best box for these dice (the advisor's choice)."""
        options = self.plan.box_units(dice)
        chosen = None
        for box in self.plan.rules.boxes:
            if box in options and (chosen is None or options[box][2] > chosen[2]):
                chosen = (box, options[box][0], options[box][2])
        return chosen

    def keep_squares(self, rolls_left):
        """Second moment x 7776 of every keep (index into KEEPS) with ``rolls_left`` rolls left."""
        squares = self._keeps.get(rolls_left)
        if squares is None:
            if rolls_left == 1:
                after = self.score_squares()
            elif rolls_left in (2, 3):
                after = _best_keep_squares(self.plan.keep_values(rolls_left - 1),
                                           self.keep_squares(rolls_left - 1))
                scale = 1.0 / dicesets.KEEP_SCALE
                after = [v * scale for v in after]
            else:
                raise ValueError("rolls left must be 1 to 3, not %r" % (rolls_left,))
            squares = dicesets.keep_values(after)
            self._keeps[rolls_left] = squares
        return squares


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
            keep = dicesets.KEEP_INDEX[tuple(option["keep"])]
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
        raise ValueError("win chances need the spread table as well as the strategy table")
    return Model(table, spread)


def win_chances(game, table, spread=None):
    """Each player's chance of winning from ``game``'s position, ties shared (sums to 1).

    ``table`` is a :class:`Model`, or a Table/Advisor with its ``spread``
    (:class:`.spread.Spread`); keep one Model for a session (it memoises the
    turn's second moments).  Everyone is assumed to play for the best
    expected score from here.  At the end of a game: 1 for the winner,
    shared on a tie.
    """
    if game.is_over:
        totals = game.totals()
        best = max(totals)
        winners = [p for p, total in enumerate(totals) if total == best]
        return [1.0 / len(winners) if p in winners else 0.0 for p in range(len(totals))]
    return chances_of(_model(table, spread).moments(game))


def _cdf(x, mean, sd):
    """P(X < x) of a normal variable (a point mass when ``sd`` is tiny)."""
    if sd < _POINT_MASS:
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


# ------------------------------------------------------------- luck and skill
def luck_and_skill(game, advisor):
    """Per player ``{"start", "luck", "skill", "total"}`` along ``game``'s moves.

    ``start``: the expected final score of optimal play from the start;
    ``luck``: the sum of the changes of expected final score the dice made
    (each roll: value after it minus the value of the choice that led to it);
    ``skill``: the sum of the changes the player's choices made (0 or less:
    minus the review's points given away, from :func:`.review.iter_decisions`);
    ``total``: the final total, or the expected final from the current
    position of an unfinished game, so ``start + luck + skill == total``.
    """
    if not isinstance(advisor, Advisor):
        advisor = Advisor(advisor)
    count = len(game.players)
    start = advisor.table.start_value
    out = [{"start": start, "luck": 0.0, "skill": 0.0, "total": start} for _ in range(count)]
    losses = {}
    for decision in iter_decisions(game, advisor, tuple(set(game.seats))):
        key = len(losses)
        losses[key] = decision["loss"]
    # Walk the moves again: the value before each roll (the option that led to
    # it) and after it; decisions are consumed in the same order as above.
    replay = game.replay_from_start()
    expected = [start] * count           # current expected final per player
    index = 0
    for move in game.moves:
        player = replay.current_player
        row = out[player]
        if replay.rolls_used:
            loss = losses[index]
            index += 1
            row["skill"] -= loss
            expected[player] -= loss
        if "roll" in move:
            replay.apply(move)
            value = advisor.advise(replay)["best"]["value"]
            row["luck"] += value - expected[player]
            expected[player] = value
        else:
            replay.apply(move)
            value = _value_between_turns(advisor, replay, player)
            row["luck"] += value - expected[player]     # scoring is certain: ~0 but rounding
            expected[player] = value
    for player in range(count):
        row = out[player]
        row["total"] = expected[player]
    return out


def _value_between_turns(advisor, game, player):
    """Expected final of ``player`` whose turn is over (exact total once the card is full)."""
    card = game.cards[player]
    banked = game.breakdown(player)["total"]
    if len(card) == len(game.ruleset.boxes):
        return float(banked)
    return banked + advisor.table.value_of_card(card)


# ---------------------------------------------------------------- to win
_WINDOW = 8.0     # options more than this many points below the best are not weighed


def beat_chance(mean, variance, others):
    """Chance of a final N(``mean``, ``variance``) being the highest among ``others``' finals.

    Two players: closed form, the normal CDF of the difference (its rounding
    to integers and a tie shared cancel out to the continuity of the normal);
    more players: :func:`chances_of`.
    """
    if len(others) == 1:
        other_mean, other_variance = others[0]
        spread = math.sqrt(max(0.0, variance + other_variance))
        if spread < _POINT_MASS:
            diff = mean - other_mean
            return 1.0 if diff > 0.5 else 0.0 if diff < -0.5 else 0.5
        return 0.5 * math.erfc((other_mean - mean) / (spread * _SQRT2))
    return chances_of([(mean, variance)] + others)[0]


def to_win_option(game, model):
    """The current player's option with the highest chance of winning (``Model``).

    Every option is valued as the chance that the player's final, normal with
    the option's mean and variance, beats the others' finals from their
    positions (between turns: table value and spread), :func:`beat_chance`;
    ties go to the better expected score.  Only options within ``_WINDOW``
    points of the best expected score are weighed (a worse mean is almost
    never bought back by its spread; this keeps a decision to a few of them).
    Alone in a game, it is the best expected score.
    """
    advice = model.advisor.advise(game)
    options = advice["options"]
    if len(game.players) < 2 or len(options) == 1:
        return options[0]
    player = game.current_player
    others = []
    for other in range(len(game.players)):
        if other != player:
            others.append(model.between_turns(game.cards[other], game.breakdown(other)["total"]))
    card, top = game.card(), options[0]["value"]
    best, best_chance = None, -1.0
    for option in options:
        if option["value"] < top - _WINDOW:
            break                                   # options come best first
        mean, variance = model.option_moments(card, game.dice, game.rolls_used, option,
                                              advice["banked"])
        chance = beat_chance(mean, variance, others)
        if chance > best_chance + 1e-9:
            best, best_chance = option, chance
    return best
