"""A computer that plays to win: in every decision, the option with the highest
chance of winning under the win-chance model (:mod:`.chances`), the rest of the
game still played for the best expected score.

Pure Python, CPython and MicroPython.
"""

import math

from .chances import POINT_MASS, chances_of

_SQRT2 = math.sqrt(2.0)
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
        if spread < POINT_MASS:
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
