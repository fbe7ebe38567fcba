"""Post-game review: every decision a human made, the best option, and the points given away.

The game's move list is replayed on a fresh copy; before each move that was a
real choice (any move after a turn's first roll: a hold-and-roll or filling a
box) by a seat being reviewed, the advisor values the position, so
``loss = best value - value of the option taken``, in expected final points.
A turn's first roll is not a decision (all five dice are thrown) and is skipped.
"""

from ..seats import HUMAN
from .advisor import Advisor


def review_game(game, advisor, seats=(HUMAN,)):
    """Review ``game`` (finished or not) for the players whose seat is in ``seats``.

    ``advisor`` is an :class:`Advisor` (or a Table) for the game's rule set.
    Returns ``{"decisions": [...], "totals": {player: points given away}}``;
    each decision is a dict with ``player``, ``round`` (0-based), ``rolls_used``
    (rolls made before the choice: 1-3), ``dice``, ``move`` (the move made),
    ``chosen`` and ``best`` (advisor options, see :meth:`Advisor.advise`) and
    ``loss``.
    """
    decisions = []
    totals = {}
    for player, seat in enumerate(game.seats):
        if seat in seats:
            totals[player] = 0.0
    for decision in iter_decisions(game, advisor, seats):
        decisions.append(decision)
        totals[decision["player"]] += decision["loss"]
    return {"decisions": decisions, "totals": totals}


def iter_decisions(game, advisor, seats=(HUMAN,)):
    """The decisions of :func:`review_game`, one at a time (a UI can yield between them)."""
    if not isinstance(advisor, Advisor):
        advisor = Advisor(advisor)
    reviewed = [seat in seats for seat in game.seats]
    replay = game.replay_from_start()
    for move in game.moves:
        player = replay.current_player
        if replay.rolls_used and reviewed[player]:
            result = advisor.evaluate(replay, move)
            yield {
                "player": player,
                "round": replay.round,
                "rolls_used": replay.rolls_used,
                "dice": list(replay.dice),
                "move": dict(move),
                "chosen": result["chosen"],
                "best": result["best"],
                "loss": result["loss"],
            }
        replay.apply(move)
