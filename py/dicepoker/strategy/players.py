"""Computer players: the next move of a computer seat, as move data.

``choose_move(game, level, advisor, rng)`` returns ``{"roll": [held positions]}``
or ``{"score": box}`` for ``game.apply``; the caller plays it (a step at a
time, at a pace people can follow).  Levels:

- ``"optimal"``: always the option with the highest expected final score.
- ``"good"``: usually optimal, but now and then a human-like slip: with
  probability ``SLIP_CHANCE`` it takes another option that gives away at most
  ``SLIP_MAX_LOSS`` points, when there is one.
- ``"to_win"``: in every decision, the option with the highest chance of
  winning (:func:`.to_win.to_win_move`): near the end, the exact turn on
  the end-of-game tables (:func:`.to_win.win_advice`); earlier, the
  mean/variance model of every player's final (:func:`.to_win.to_win_option`).
  An Advisor (or Table) read with ``Table.from_file`` finds the win and
  spread tables beside it; ``model=`` (a :class:`.chances.Model`) and
  ``wins=`` (a :class:`.to_win.WinTables`) give them otherwise.
- ``"beginner"``: greedy, no table: keeps the most common face (or an
  obvious straight), stops when the dice already make a big pattern, and
  fills the box that scores most right now.

``rng`` is any object with ``.random()`` returning a float in [0, 1) — the
stdlib ``random`` module works on both Pythons; pass a seeded one for
reproducible games.  Randomness is used only by "good".  The browser uses
:func:`position_rng`: its draws depend only on the game's seed and the
position, so a reloaded or replayed game makes the same slips.
"""

from ..dice import _fnv1a64, _mix64
from ..rules import FACES, counts_of
from ..seats import BEGINNER, COMPUTER_LEVELS, GOOD, TO_WIN, is_computer
from .advisor import Advisor

SLIP_CHANCE = 0.2
SLIP_MAX_LOSS = 4.0

# Patterns a beginner stops for when the box is open: the best the dice can get.
_STOP_FOR = ("poker", "large_straight", "full_house")


def choose_move(game, level, advisor=None, rng=None, model=None, wins=None):
    """The next move of the current player at ``level`` (see the module docstring).

    ``advisor`` is an :class:`Advisor` or a :class:`~.table.Table` (an Advisor
    is made and not kept: pass the Advisor to reuse its per-turn memo); it is
    not needed for "beginner".
    """
    if not is_computer(level):
        raise ValueError("a computer level is one of %s, not %r"
                         % (", ".join(COMPUTER_LEVELS), level))
    if game.is_over:
        raise ValueError("the game is over")
    if not game.rolls_used:
        return {"roll": []}
    if level == BEGINNER:
        return beginner_move(game)
    if level == TO_WIN:
        from .to_win import to_win_move
        return to_win_move(game, advisor, model, wins)
    if advisor is None:
        raise ValueError("the %s level needs a strategy table" % level)
    if not isinstance(advisor, Advisor):
        advisor = Advisor(advisor)
    options = advisor.advise(game)["options"]
    if level == GOOD:
        return good_option(options, rng)["move"]
    return options[0]["move"]


class PositionRng:
    """``.random()`` draws that are a pure function of (seed, player, round, rolls used).

    Counter based like :class:`~dicepoker.dice.SeededDice`: the n-th draw at a
    position is the same on CPython and MicroPython, whenever it is made.
    """

    def __init__(self, seed, player, round_no, rolls_used):
        key = _mix64(_fnv1a64(("slip:%s" % (seed,)).encode("utf-8")))
        for part in (player, round_no, rolls_used):
            key = _mix64(key ^ part)
        self._key = key
        self._count = 0

    def random(self):
        self._count += 1
        return (_mix64(self._key ^ self._count) >> 11) / 9007199254740992.0


def position_rng(game):
    """The :class:`PositionRng` of ``game``'s current position (its seed, or 0 if scripted)."""
    return PositionRng(game.seed if game.seed is not None else 0, game.current_player,
                       game.round, game.rolls_used)


def good_option(options, rng):
    """The "good" level's pick of ``options`` (ranked, with losses): the best, or now and
    then a near miss (never a big blunder).  Public for callers that have the options at
    hand already (the practice's games, :mod:`dicepoker.practice`)."""
    if rng is None:
        raise ValueError("the good level needs an rng with .random()")
    if rng.random() >= SLIP_CHANCE:
        return options[0]
    near = [o for o in options[1:] if o["loss"] <= SLIP_MAX_LOSS]
    if not near:
        return options[0]
    pick = int(rng.random() * len(near))
    return near[min(pick, len(near) - 1)]


def beginner_move(game):
    """A greedy move: stop for a big pattern, else keep the most common face."""
    options = game.options()
    if game.can_roll:
        for box in _STOP_FOR:
            if options.get(box, 0) > 0:
                return {"score": box}
        hold = _straight_hold(game.dice, options) or _most_common_hold(game.dice)
        if len(hold) < len(game.dice):
            return {"roll": hold}
    return {"score": greedy_box(options, game.ruleset.boxes)}


def greedy_box(options, card_order):
    """The open box that scores most now; ties go to the first box on the card."""
    best = None
    for box in card_order:
        if box in options and (best is None or options[box] > options[best]):
            best = box
    return best


def _most_common_hold(dice):
    """Positions of the most common face (the higher face on a tie)."""
    counts = counts_of(dice)
    face = 1
    for f in range(1, FACES + 1):
        if counts[f] >= counts[face]:
            face = f
    return [i for i, d in enumerate(dice) if d == face]


def _straight_hold(dice, options):
    """Keep four in a row when a straight box is open; else nothing."""
    if "large_straight" not in options and "small_straight" not in options:
        return None
    faces = set(dice)
    for low in (3, 2, 1):
        run = list(range(low, low + 4))
        if all(f in faces for f in run):
            hold = []
            for f in run:
                hold.append(list(dice).index(f))
            return sorted(hold)
    return None


