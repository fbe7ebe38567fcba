"""Today's game in the controller: a date's game started, resumed or refused; a daily save checked.

A daily game is an ordinary :class:`~dicepoker.game.Game` (one seat,
``dice-poker``, the date's seed: :mod:`dicepoker.daily`) whose meta says so:
``meta["daily"] = {"date": "2026-12-04", "started": "2026-12-04", "practice": False}``
(``started``: the player's date when it began, which says whether it was
played on its day, the streak's rule; ``practice``: the date had a result
already, so this game will not count).  Which finished game counts is
decided where the results are kept (``ui.records.daily``): the first one of
its date.

How a request comes in: Today's game (the top bar's ``#open-daily``) is
``{"daily": true}`` and ``?daily=YYYY-MM-DD`` is ``control.games.on_link``'s;
both become the ``daily`` effect, which the shell (``ui.daily.door``) answers
with ``{"daily_open": {"date", "today", "name", "played", ...}}``: what only
the page knows (its clock's date, the player's name, whether the date has a
result), beside what the request said (``link``: from ``?daily=``;
``again``: Play again on a daily game's end screen, the same date again; ``practice``:
Play again for practice in the result dialog).  Fetched on first use (``control.controller.LATER``).

- ``daily_open``: a malformed date, or one later than today, is refused
  with a notice (the game on screen is kept); the date's own game in
  progress is resumed (a reload of its link: also when it is over); Today's
  game, once the date has a result, opens that result first (the ``daily``
  dialog: score, par, streak, Share, and Play again for practice, which asks
  again with ``practice``); another game in progress is asked about first
  (``leave``); else a new game of the date starts, said in a notice (practice
  or the day's try).  The day's try is played without Hint
  (``control.state.counted_try``).
- ``daily_check`` (``control.games.on_start``, a saved daily game): a meta
  that is not its game's (an edited save) is dropped with a notice; the game
  goes on as an ordinary one and counts for nothing.
"""

from dicepoker.daily import RULESET, check_date, check_playable, daily_game, daily_seed
from dicepoker.errors import InvalidSetup
from dicepoker.seats import HUMAN

from .autosave import autosave
from .dialogs import ask, open_dialog, say
from .games import show
from .messages import about, error_message, message
from .saves import new_meta


def daily_date(state):
    """The date of the daily game on screen, or None (not a daily game)."""
    daily = state.meta.get("daily")
    return daily["date"] if isinstance(daily, dict) else None


def on_daily_open(state, arg, fx, ctl):
    if not isinstance(arg, dict):
        return
    link = arg.get("link") is True
    date = arg.get("date") or arg.get("today")
    try:
        check_playable(date, arg.get("today"))
    except InvalidSetup as problem:
        say(state, message("daily.bad_link", reason=error_message(problem)))
        if link:
            fx.add("forget_link")
        return
    game = state.game
    if game is not None and daily_date(state) == date and (link or not game.is_over):
        state.screen = "game"                   # its own game: resumed as it is (over: as
        return                                  # the start left its results, open or not)
    again = arg.get("again") is True or arg.get("practice") is True
    if arg.get("played") is True and not link and not again:
        state.daily_day = date                  # Today's game, played: its result first
        open_dialog(state, "daily")
        return
    if game is not None and not game.is_over and arg.get("sure") is not True:
        ask(state, "leave", {"daily_open": dict(arg, sure=True)},
            {"forget_link": True} if link else None)
        return
    try:
        game = daily_game(date, arg.get("name"))
    except InvalidSetup:
        return                                  # the shell names the player: never a bad name
    daily = {"date": date, "started": arg["today"], "practice": arg.get("played") is True}
    if not link:
        fx.add("forget_link")                   # a challenge link's query is not this game's
    show(state, game, new_meta(rev=state.meta["rev"], daily=daily), screen="game")
    state.dialogs = []
    autosave(state, fx)
    say(state, message("daily.started_practice" if daily["practice"] else "daily.started",
                       date=date))
    fx.add("announce", about("announce.next", game.players[0]))
    if again:                                   # Play again: on its end screen, its result's
        fx.add("focus", "roll")


def is_daily_game(game, daily):
    """Whether ``game`` is the game a daily meta ``daily`` names (an edited save is not)."""
    if not isinstance(daily, dict):
        return False
    try:
        date = check_date(daily.get("date"))
        check_date(daily.get("started"))
    except InvalidSetup:
        return False
    return (game.ruleset.id == RULESET and game.seats == [HUMAN]
            and game.seed == daily_seed(date) and isinstance(daily.get("practice"), bool))


def on_daily_check(state, today, fx, ctl):
    """The saved game's daily meta, checked against the game and ``today``."""
    daily = state.meta.get("daily")
    game = state.game
    if daily is None or game is None:
        return
    valid = is_daily_game(game, daily)
    if valid:
        try:
            check_playable(daily["date"], today)
            check_playable(daily["started"], today)
        except InvalidSetup:
            valid = False
    if not valid:
        del state.meta["daily"]
        autosave(state, fx)
        say(state, message("daily.bad_save"))


HANDLERS = {"daily_open": on_daily_open, "daily_check": on_daily_check}
