"""The advisor: the expected final score of every option a player has right now.

Pure Python for the browser (MicroPython) and CPython alike.  Given a game
(or a player's card, dice and rolls used) and the rule set's :class:`Table`,
it values each option as the player's *expected final total* if they take it
and play optimally afterwards:

- every distinct hold (which dice to keep before the next roll; dice showing
  the same face are interchangeable, so each is given once, by the lowest
  positions), and
- every box they may fill now (points + bonuses + table value of the card
  that results).

"Points given away" by an option is simply ``best value - its value``.

Within a turn every value depends only on the turn-start state (filled boxes,
upper sum, poker holds 50), so the work is done once per turn and memoised in a
:class:`TurnPlan`: the value of scoring each of the 252 throws (``score_units``),
and from it the value of every keep with one, two and three rolls left.
Keeps are valued one die at a time (see :func:`.dicesets.keep_values`), which
keeps a whole turn at a few thousand list operations.
"""

from ..rules import BOXES, MAX_ROLLS, POKER, POKER_POINTS, counts_of
from . import dicesets
from .states import UPPER_COUNT

UNIT = 128            # advisor values are integers in 1/128 point (table values are in 1/64)
_PLAN_CACHE_SIZE = 64


class TurnPlan:
    """Values of one turn for a player starting it in state (mask, upper, holds50).

    Internally every value is an exact integer: expected points still to come
    (this turn's included) in units of 1/``UNIT`` point for a throw, and
    x 7776 more for a keep (see :func:`.dicesets.keep_values`).  The
    :class:`Advisor` turns them into floats, adding the points banked so far.
    """

    def __init__(self, advisor, card):
        self.advisor = advisor
        self.rules = advisor.rules
        self.table = advisor.table
        self.card = dict(card)
        self.mask, self.upper, self.holds50 = advisor.layout.state_of(card)
        self._table_factor = UNIT // self.table.scale
        self._score_units = None
        self._keeps = {}                 # rolls left -> keep values

    # ------------------------------------------------------------- scoring
    def successor_units(self, box, points):
        """(Points + upper bonus + expected rest of the game) x UNIT after filling ``box``."""
        rules, layout = self.rules, self.advisor.layout
        upper = self.upper
        gained = points
        if BOXES[box].section == "upper":
            cap = rules.upper_bonus_at
            if upper < cap <= upper + points:
                gained += rules.upper_bonus
            upper += points
        holds50 = self.holds50
        if box == POKER:
            holds50 = 1 if points == POKER_POINTS else 0
        rest = self.table.scaled(self.mask | 1 << layout.bit[box], upper, holds50)
        return gained * UNIT + rest * self._table_factor

    def box_units(self, dice):
        """{box: (points, poker bonus, units)} for every box these dice may fill now."""
        rules = self.rules
        bonus = rules.poker_bonus_for(self.card, dice)
        values = {}
        for box, points in rules.options(self.card, dice).items():
            values[box] = (points, bonus, bonus * UNIT + self.successor_units(box, points))
        return values

    def score_units(self):
        """Units of the best box for each of the 252 throws."""
        if self._score_units is None:
            self._score_units = self._compute_score_units()
        return self._score_units

    def _compute_score_units(self):
        advisor = self.advisor
        best = None
        for i, box in enumerate(self.rules.boxes):
            if self.mask >> i & 1:
                continue
            if i < UPPER_COUNT:
                face = i + 1
                by_count = [self.successor_units(box, face * n) for n in range(6)]
                values = [by_count[n] for n in advisor.face_counts[face]]
            elif box == POKER:
                missed = self.successor_units(box, 0)
                made = self.successor_units(box, POKER_POINTS)
                values = [made if p else missed for p in advisor.points[box]]
            else:
                rest = self.successor_units(box, 0)
                values = [rest + p for p in advisor.unit_points[box]]
            best = values if best is None else [v if v > b else b for b, v in zip(best, values)]
        for t in advisor.special_throws(self.card):
            best[t] = max(v[2] for v in self.box_units(dicesets.THROWS[t]).values())
        return best

    # --------------------------------------------------------------- holds
    def keep_values(self, rolls_left):
        """Value x UNIT x 7776 of every keep (index into KEEPS) with ``rolls_left`` rolls left."""
        keeps = self._keeps.get(rolls_left)
        if keeps is None:
            if rolls_left == 1:
                after = self.score_units()
            elif rolls_left in (2, 3):
                after = dicesets.rescale(dicesets.best_keep_per_throw(
                    self.keep_values(rolls_left - 1)))
            else:
                raise ValueError("rolls left must be 1 to 3, not %r" % (rolls_left,))
            keeps = dicesets.keep_values(after)
            self._keeps[rolls_left] = keeps
        return keeps

    def start_value(self):
        """Expected points still to come before the turn's first roll (recomputed)."""
        return self.keep_values(3)[0] / float(UNIT * dicesets.KEEP_SCALE)


class Advisor:
    """Values every option of a decision; one per table, reusable across games."""

    def __init__(self, table):
        self.table = table
        self.rules = table.rules
        self.layout = table.layout
        throws = dicesets.THROWS
        self.face_counts = [None] + [[t.count(face) for t in throws] for face in range(1, 7)]
        self.points = {}
        self.unit_points = {}
        counts = [counts_of(t) for t in throws]       # once, not once per box
        for box in self.rules.lower_boxes:
            score = BOXES[box].score
            self.points[box] = [score(t, c) for t, c in zip(throws, counts)]
            self.unit_points[box] = [p * UNIT for p in self.points[box]]
        if UNIT % table.scale:
            raise ValueError("table scale %d does not divide %d" % (table.scale, UNIT))
        self._special = {}
        self._plans = {}
        self._plan_order = []

    def special_throws(self, card):
        """Throws whose options differ from the boxes' own scores (Joker, poker bonus)."""
        key = card.get(POKER, -1)
        special = self._special.get(key)
        if special is None:
            rules = self.rules
            special = [t for t, throw in enumerate(dicesets.THROWS)
                       if rules.joker_applies(card, throw) or rules.poker_bonus_for(card, throw)]
            self._special[key] = special
        return special

    def plan(self, card):
        """The memoised :class:`TurnPlan` of a player whose card is ``card``."""
        key = self.layout.state_of(card)
        plan = self._plans.get(key)
        if plan is None:
            plan = TurnPlan(self, card)
            self._plans[key] = plan
            self._plan_order.append(key)
            if len(self._plan_order) > _PLAN_CACHE_SIZE:
                del self._plans[self._plan_order.pop(0)]
        return plan

    # ---------------------------------------------------------- decisions
    def options(self, card, dice, rolls_used, banked=0):
        """Every option of this decision, best first (see :meth:`advise`)."""
        plan = self.plan(card)
        if not rolls_used:
            value = banked + self.table.value(plan.mask, plan.upper, plan.holds50)
            return [{"kind": "roll", "hold": [], "keep": [], "value": value,
                     "move": {"roll": []}}]
        dice = tuple(dice)
        options = []
        rolls_left = MAX_ROLLS - rolls_used
        if rolls_left > 0:
            keep_values = plan.keep_values(rolls_left)
            keep_unit = float(UNIT * dicesets.KEEP_SCALE)
            holds = dicesets.holds_by_keep(dice)
            for keep in sorted(holds):
                hold = holds[keep]
                if len(hold) == len(dice):
                    continue          # holding all five is not a roll: it is scoring now
                options.append({"kind": "hold", "hold": hold, "keep": list(dicesets.KEEPS[keep]),
                                "value": banked + keep_values[keep] / keep_unit,
                                "move": {"roll": hold}})
        box_units = plan.box_units(dice)
        for box in self.rules.boxes:
            if box in box_units:
                points, bonus, units = box_units[box]
                options.append({"kind": "score", "box": box, "points": points, "bonus": bonus,
                                "value": banked + units / float(UNIT), "move": {"score": box}})
        _rank(options)
        return options

    def advise(self, game):
        """The ranked options of the current player of ``game``.

        Returns a dict: ``player``, ``rolls_used``, ``dice``, ``banked`` (total so
        far, bonuses included), ``options`` (best first) and ``best``.  Each
        option has ``kind`` ("hold", "score" or, before the first roll,
        "roll"), ``value`` (expected final total), ``loss`` (points given away
        against the best), ``move`` (the move dict for ``Game.apply``) and
        ``hold``/``keep`` (positions and faces kept) or ``box``/``points``/``bonus``.
        """
        if game.is_over:
            raise ValueError("the game is over")
        if game.ruleset.id != self.rules.id:
            raise ValueError("this advisor is for %s, the game plays %s"
                             % (self.rules.id, game.ruleset.id))
        player = game.current_player
        banked = game.breakdown(player)["total"]
        options = self.options(game.card(), game.dice, game.rolls_used, banked)
        return {"player": player, "rolls_used": game.rolls_used, "dice": list(game.dice),
                "banked": banked, "options": options, "best": options[0]}

    def evaluate(self, game, move):
        """How good ``move`` (a roll or score move dict) is in ``game``'s current position.

        Returns ``{"chosen", "best", "loss", "options"}``; ``chosen`` is the
        option the move takes (a roll is matched by the faces it keeps).
        """
        advice = self.advise(game)
        chosen = find_option(advice["options"], move, game.dice)
        return {"chosen": chosen, "best": advice["best"], "loss": chosen["loss"],
                "options": advice["options"]}


def _rank(options):
    """Sort best first, add losses.

    Equal values keep their listed order (holds by keep, then boxes in card
    order), explicitly: MicroPython's sort is not stable, and CPython and the
    browser must name the same best option.
    """
    order = sorted(range(len(options)), key=lambda i: (-options[i]["value"], i))
    options[:] = [options[i] for i in order]
    best = options[0]["value"]
    for option in options:
        option["loss"] = best - option["value"]


def find_option(options, move, dice):
    """The option of ``options`` that ``move`` takes; ValueError if none does."""
    if "score" in move:
        for option in options:
            if option["kind"] == "score" and option["box"] == move["score"]:
                return option
    elif "roll" in move:
        keep = sorted(dice[i] for i in move["roll"]) if dice else []
        for option in options:
            if option["kind"] in ("hold", "roll") and option["keep"] == keep:
                return option
    raise ValueError("the move %r is not one of the options" % (move,))
