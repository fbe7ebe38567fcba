"""Practice positions: the hard decisions of games of good play, with every option's value.

``positions(seed, rules, table)`` yields, for ever, positions worth thinking
about, each with its ranked options and their exact values (the advisor's:
expected final score with optimal play afterwards).  The same seed gives the
same sequence on CPython and in the page (MicroPython): everything random here
comes from the project's counter-based generator (:mod:`dicepoker.dice`,
:class:`~dicepoker.strategy.players.PositionRng`), never from ``random``.

Where positions come from.  Game ``n`` of a seed is a solo game of the "good"
computer (usually optimal, now and then a near miss, so cards look like a
good player's, not a solver's) on the dice of :func:`game_seed` ``(seed, n)``.
Every decision of it (a hold with 2 or 1 rolls left, a box with 0) is a
candidate; it becomes a position when

- **it matters**: the best and the second-best option are ``MIN_GAP`` (0.5)
  points of expected final score apart or more;
- **it is not obvious**: the Beginner computer, who keeps the most common
  face, stops for a big pattern and fills the box that scores most now
  (:func:`~dicepoker.strategy.players.beginner_move`), would *not* find the
  best option.  A decision that rule of thumb gets right teaches nothing;
- **it is drawn**: a share ``TAKE`` of those is kept (a counter-based draw per
  decision), so the positions of one game come from its whole length, not one
  turn after the other.  A decision where the Joker applies (five of a kind on
  a card whose Poker box is filled) is always kept: they are rare.

In games of good play about four decisions in five matter, a third of those are
not obvious, and a game gives about four positions.

**Levels** by how close the top two options are (closer is harder):
level 1 when they are ``LEVEL_GAPS[0]`` (4) points apart or more, level 2 from
``LEVEL_GAPS[1]`` (1.5), level 3 below that.  In games of good play each takes
about a third of the positions.

**Resuming.**  A position names its place, ``game`` (n) and ``nth`` (its
number among game n's positions); :func:`steps` can start at a game, so a
sequence is taken up again at any position by replaying one game, not all
the games before it (:func:`positions` ``start``).
"""

import json

from .dice import _fnv1a64, _mix64, normalise_seed
from .game import Game
from .rules import DICE_COUNT, POKER, get_ruleset
from .seats import GOOD
from .strategy.advisor import Advisor, find_option
from .strategy.players import PositionRng, beginner_move, good_option, position_rng

MIN_GAP = 0.5            # points between the best and the second-best option
LEVEL_GAPS = (4.0, 1.5)  # level 1 from 4 points apart, level 2 from 1.5, level 3 below
LEVELS = (1, 2, 3)
TAKE = 0.35              # the share of a game's worthy decisions that become positions
PLAYER = "practice"      # the one player of a practice game


def game_seed(seed, number):
    """The dice seed of game ``number`` of practice ``seed``: digits, the same everywhere."""
    text = "practice:%s:%d" % (normalise_seed(seed), number)
    return str(_mix64(_fnv1a64(text.encode("utf-8"))))


def level_of(gap):
    """1, 2 or 3 for top options ``gap`` points apart (closer is harder)."""
    if gap >= LEVEL_GAPS[0]:
        return 1
    if gap >= LEVEL_GAPS[1]:
        return 2
    return 3


def is_obvious(game, options):
    """The Beginner computer's rule of thumb finds the best of ``options`` (ranked)."""
    return find_option(options, beginner_move(game), game.dice) is options[0]


def _drawn(game):
    """The counter-based draw that keeps ``TAKE`` of the worthy decisions."""
    return PositionRng("take:" + game.seed, 0, game.round, game.rolls_used).random() < TAKE


def position_of(game, options, number=0, nth=0):
    """The position of ``game``'s current decision as practice data, its ``options`` ranked
    (:meth:`Advisor.advise`'s); ``number``/``nth``: which game of the seed and which of
    its positions.  ``level`` and ``gap`` need a second option."""
    rules = game.ruleset
    card = game.card()
    gap = options[0]["value"] - options[1]["value"] if len(options) > 1 else 0.0
    return {
        "rules": rules.id, "open": [box for box in rules.boxes if box not in card],
        "upper": rules.upper_sum(card), "poker": card.get(POKER), "dice": list(game.dice),
        "rolls_left": game.rolls_left, "card": dict(card),
        "banked": game.breakdown(game.current_player)["total"],
        "joker": rules.joker_applies(card, game.dice), "gap": gap, "level": level_of(gap),
        "options": options, "game": number, "nth": nth, "round": game.round,
    }


def worth(game, options):
    """The decision on screen matters and is not obvious (the module docstring)."""
    return len(options) > 1 and options[0]["value"] - options[1]["value"] >= MIN_GAP \
        and not is_obvious(game, options)


def _advisor(table, rules):
    advisor = table if isinstance(table, Advisor) else Advisor(table)
    if advisor.rules.id != rules.id:
        raise ValueError("the table is for %s, not %s" % (advisor.rules.id, rules.id))
    return advisor


def steps(seed, rules, table, first_game=0):
    """The work of :func:`positions`, a decision at a time: yields each position, and None
    after each decision played (where the page pauses, so the screen stays responsive).
    Starts at game ``first_game`` of the seed."""
    rules = get_ruleset(rules) if isinstance(rules, str) else rules
    advisor = _advisor(table, rules)
    seed = normalise_seed(seed)
    number = first_game
    while True:
        game = Game([PLAYER], rules.id, seed=game_seed(seed, number), seats=[GOOD])
        nth = 0
        while not game.is_over:
            game.roll([])
            while True:
                options = advisor.advise(game)["options"]
                if worth(game, options) and (_drawn(game) or rules.joker_applies(game.card(),
                                                                                 game.dice)):
                    yield position_of(game, options, number, nth)
                    nth += 1
                move = good_option(options, position_rng(game))["move"]
                game.apply(move)
                yield None
                if "score" in move:
                    break
        number += 1


def positions(seed, rules, table, start=None, level=None):
    """Practice positions of ``seed`` in rule set ``rules`` (an id or a Ruleset), for ever.

    ``table`` is the rule set's strategy :class:`~.strategy.table.Table` or an
    :class:`~.strategy.advisor.Advisor` of it.  Each position is a dict:
    ``rules``, ``open`` (the open boxes, in card order), ``upper`` (the upper
    section's sum so far), ``poker`` (the points in the Poker box, or None),
    ``dice`` (five faces), ``rolls_left`` (0, 1 or 2), ``card``, ``banked``
    (points so far, bonuses included), ``joker`` (the Joker applies to these
    dice), ``level`` (1-3), ``gap`` (points between the two best options),
    ``options`` (every option, best first, as :meth:`Advisor.advise` gives
    them: ``kind``, ``value``, ``loss``, ``move``...) and its place, ``game``
    and ``nth``.  ``start`` = (game, nth) takes the sequence up at that place;
    ``level`` keeps only positions of that level.
    """
    first, skip = start if start is not None else (0, 0)
    for position in steps(seed, rules, table, first):
        if position is None or position["game"] == first and position["nth"] < skip:
            continue
        if level is None or position["level"] == level:
            yield position


def position_json(position):
    """The position as the page's ``#practice[data-position]`` holds it (keys in this
    order, so CPython and MicroPython write the same text)::

        {"rules": id, "open": [box ids], "upper": n, "poker": n or null,
         "dice": [five faces], "rolls_left": n}
    """
    return "{%s}" % ", ".join('"%s": %s' % (key, json.dumps(position[key])) for key in (
        "rules", "open", "upper", "poker", "dice", "rolls_left"))


def answer(position, move):
    """The option ``move`` (``{"roll": [held positions]}`` or ``{"score": box}``) takes in
    ``position``, with its ``loss``; ValueError if it is none of them (holding all
    five dice is not a roll: it is filling a box)."""
    if "roll" in move and (not position["rolls_left"] or len(move["roll"]) >= DICE_COUNT):
        raise ValueError("no roll is left to take" if not position["rolls_left"]
                         else "keeping every die is filling a box")
    return find_option(position["options"], move, position["dice"])
