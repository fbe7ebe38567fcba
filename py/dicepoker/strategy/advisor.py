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
:class:`TurnPlan`: the value of scoring each of the 252 throws (``score_value``),
and from it the value of every keep with two rolls left and one roll left.
Keeps are valued one die at a time (see :func:`.dicesets.keep_values`), which
keeps a whole turn at a few thousand list operations.
"""

from ..rules import BOXES, POKER, POKER_POINTS
from . import dicesets
from .states import UPPER_COUNT

MAX_ROLLS = 3
_PLAN_CACHE_SIZE = 64


class TurnPlan:
    """Values of one turn for a player starting it in state (mask, upper, holds50).

    Values are expected points still to come (this turn's points included),
    not yet the final total: :class:`Advisor` adds the points banked so far.
    """

    def __init__(self, advisor, card):
        self.advisor = advisor
        self.rules = advisor.rules
        self.table = advisor.table
        self.card = dict(card)
        layout = advisor.layout
        self.mask, self.upper, self.holds50 = layout.state_of(card)
        self._score_values = None
        self._keeps_last_roll = None     # keep values with one roll left
        self._keeps_two_rolls = None     # keep values with two rolls left

    # ------------------------------------------------------------- scoring
    def successor_value(self, box, points):
        """Points + upper bonus + expected rest of the game after filling ``box``."""
        rules, layout = self.rules, self.advisor.layout
        upper = self.upper
        value = points
        if BOXES[box].section == "upper":
            cap = rules.upper_bonus_at
            if upper < cap <= upper + points:
                value += rules.upper_bonus
            upper += points
        holds50 = self.holds50
        if box == POKER:
            holds50 = 1 if points == POKER_POINTS else 0
        return value + self.table.value(self.mask | 1 << layout.bit[box], upper, holds50)

    def box_values(self, dice):
        """{box: (points, poker bonus, value)} for every box these dice may fill now."""
        rules = self.rules
        bonus = rules.poker_bonus_for(self.card, dice)
        values = {}
        for box, points in rules.options(self.card, dice).items():
            values[box] = (points, bonus, bonus + self.successor_value(box, points))
        return values

    def score_values(self):
        """Value of the best box for each of the 252 throws."""
        if self._score_values is None:
            self._score_values = self._compute_score_values()
        return self._score_values

    def _compute_score_values(self):
        advisor = self.advisor
        best = [-1.0] * len(dicesets.THROWS)
        for i, box in enumerate(self.rules.boxes):
            if self.mask >> i & 1:
                continue
            if i < UPPER_COUNT:
                face = i + 1
                by_count = [self.successor_value(box, face * n) for n in range(6)]
                counts = advisor.face_counts[face]
                values = [by_count[n] for n in counts]
            elif box == POKER:
                missed = self.successor_value(box, 0)
                made = self.successor_value(box, POKER_POINTS)
                values = [made if p == POKER_POINTS else missed + p
                          for p in advisor.points[box]]
            else:
                rest = self.successor_value(box, 0)
                values = [rest + p for p in advisor.points[box]]
            best = [v if v > b else b for b, v in zip(best, values)]
        for t in advisor.special_throws(self.card):
            throw = dicesets.THROWS[t]
            best[t] = max(v[2] for v in self.box_values(throw).values())
        return best

    # --------------------------------------------------------------- holds
    def keep_values(self, rolls_left):
        """Value of every keep (index into KEEPS) when ``rolls_left`` rolls remain."""
        if rolls_left == 1:
            if self._keeps_last_roll is None:
                self._keeps_last_roll = dicesets.keep_values(self.score_values())
            return self._keeps_last_roll
        if rolls_left == 2:
            if self._keeps_two_rolls is None:
                after = dicesets.best_keep_per_throw(self.keep_values(1))
                self._keeps_two_rolls = dicesets.keep_values(after)
            return self._keeps_two_rolls
        raise ValueError("a keep is chosen with one or two rolls left, not %r" % (rolls_left,))

    def start_value(self):
        """Expected points still to come before the turn's first roll (recomputed, unrounded)."""
        return dicesets.keep_values(dicesets.best_keep_per_throw(self.keep_values(2)))[0]


class Advisor:
    """Values every option of a decision; one per table, reusable across games."""

    def __init__(self, table):
        self.table = table
        self.rules = table.rules
        self.layout = table.layout
        throws = dicesets.THROWS
        self.face_counts = [None] + [[t.count(face) for t in throws] for face in range(1, 7)]
        self.points = {}
        for box in self.rules.lower_boxes:
            self.points[box] = [BOXES[box].score(t) for t in throws]
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
            value = banked + plan.table.value(plan.mask, plan.upper, plan.holds50)
            return [{"kind": "roll", "hold": [], "keep": [], "value": value,
                     "move": {"roll": []}}]
        dice = tuple(dice)
        options = []
        rolls_left = MAX_ROLLS - rolls_used
        if rolls_left > 0:
            keep_values = plan.keep_values(rolls_left)
            holds = dicesets.holds_by_keep(dice)
            for keep in sorted(holds):
                hold = holds[keep]
                if len(hold) == len(dice):
                    continue          # holding all five is not a roll: it is scoring now
                options.append({"kind": "hold", "hold": hold, "keep": list(dicesets.KEEPS[keep]),
                                "value": banked + keep_values[keep], "move": {"roll": hold}})
        box_values = plan.box_values(dice)
        for box in self.rules.boxes:
            if box in box_values:
                points, bonus, value = box_values[box]
                options.append({"kind": "score", "box": box, "points": points, "bonus": bonus,
                                "value": banked + value, "move": {"score": box}})
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
