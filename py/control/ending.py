"""The end of a game: its results recorded once, the end screen, Play again.

``{"finish": version}`` comes in a task of its own after the tap that filled
the last box (that tap draws the final card like any other; the high-score
update and the results would double its time to the screen), or at start for
a finished game whose results the page closed too early to record.  The
results (high scores, and the game in the history) are recorded once (``meta.recorded``, saved with the game) and never
lost: the finished game is saved by the last move, so a reload before this
records them on start.  Fetched on first use (``control.controller.LATER``).
"""

from dicepoker.seats import HUMAN

from .autosave import autosave
from .dialogs import open_dialog
from .games import new_game, setup_of


def finish(state, fx):
    """Record the results (once), then open the end screen."""
    game = state.game
    if not state.meta["recorded"]:
        results = [[game.players[p], total] for p, total in enumerate(game.totals())
                   if game.seats[p] == HUMAN]
        # "players" counts every seat: a game against the computer is not a solo game;
        # "game" is for the history
        record = {"ruleset": game.ruleset.id, "results": results,
                  "players": len(game.players), "game": game.to_json()}
        daily = state.meta.get("daily")
        if daily is not None:           # today's game: marked in the history, its result kept
            record["daily"] = daily["date"]
        fx.add("record", record)
        if daily is not None:
            fx.add("daily_result", {"daily": daily, "score": game.totals()[0]})
        state.meta["recorded"] = True
        autosave(state, fx)
    if state.screen == "game":
        open_dialog(state, "end")


def on_finish(state, version, fx, ctl):
    if version == state.version and state.game is not None and state.game.is_over:
        finish(state, fx)


def on_play_again(state, arg, fx, ctl):
    """A new game of the same players and rules; today's game: the same date again
    (practice: ``control.daily``)."""
    game = state.game
    daily = state.meta.get("daily")
    if daily is not None and game is not None:
        fx.add("daily", {"date": daily["date"], "again": True})
    elif game is not None:
        new_game(state, dict(setup_of(game), seed=None), fx)
        fx.add("focus", "roll")


HANDLERS = {"finish": on_finish, "play_again": on_play_again}
