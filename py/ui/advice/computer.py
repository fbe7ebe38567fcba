"""A computer seat's next move (fetched on first use, with :mod:`ui.advice.coach`).

The controller paces computer seats (``control.assist``); this module only
thinks: :func:`dicepoker.strategy.players.choose_move` with the rule set's
advisor.  "good" draws its slips from
:func:`~dicepoker.strategy.players.position_rng` (fixed by the game's seed and
the position), so a reload or a replay plays the same game.  Without a table
(offline, never cached) the computer plays at the beginner level, which needs
none.
"""

from ..platform import lazy
from .coach import CoachUnavailable
from ..platform.dom import by_id, window


async def choose(game, level, coach):
    """(move, fell_back): the move for the seat to play, and whether it had to play
    at the beginner level.  Raises lazy.LazyLoadError when the strategy is not to be had."""
    await lazy.load("dicepoker.strategy")
    from dicepoker.strategy.players import choose_move, position_rng
    advisor, model, fell_back = None, None, False
    if level != "beginner":
        try:
            advisor = await coach.advisor_for(game.ruleset.id)
        except CoachUnavailable:
            level, fell_back = "beginner", True
    if level == "to_win":
        try:
            model = await coach.model_for(game.ruleset.id)
        except CoachUnavailable:
            level = "optimal"       # the spread could not be had: the best expected score
    started = window.performance.now()
    move = choose_move(game, level, advisor, position_rng(game), model=model)
    # The thinking time of the last move, on the bar when it is in (its markup comes with
    # the later views': ui/table/computer_bar.py), to read in the browser's inspector; the
    # benchmarks time choose_move on a page of their own (tests/bench/strategy.py,
    # docs/performance.md, "Hint and computer moves").
    bar = by_id("computer-bar")
    if bar is not None:
        bar.setAttribute("data-think-ms", "%.1f" % (window.performance.now() - started))
    return move, fell_back
