"""Today's game: one solo game of ``dice-poker`` per calendar date, the same dice everywhere, and its par.

**The seed of a date, for ever.**  A date is written ``YYYY-MM-DD`` (the
player's local calendar date, from 2026-01-01 on) and its seed is that text
after ``daily-``::

    daily_seed("2026-12-04") == "daily-2026-12-04"

The game of the date is ``Game([name], ruleset="dice-poker",
seed=daily_seed(date))``: one seat, so its dice are those of seat 0 of
:class:`~dicepoker.dice.SeededDice` with that seed (the face of slot ``s`` on
roll ``r`` of round ``n`` is ``SeededDice(seed).face(0, n, r, s)``), whatever
the player is called.  The dice are counter based: two players who keep the
same dice (the same positions) see the same new faces, on every device.
This derivation, the seeded generator and the rules of ``dice-poker`` are
what fixes a published day's dice; tests/test_public_api.py pins a few
dates' seeds and first throws, so none of them can change without a test
failing.

**Par** is the final total of the Optimal computer playing that game: at
every decision the move :func:`~dicepoker.strategy.players.choose_move`
takes at the ``"optimal"`` level, which is the advisor's best option, the
same option the Hint button shows as best (ties are broken one way for
both: holds by the dice kept, then boxes in card order, see
``strategy.advisor``).  So a daily game played by doing what the hint says at
every decision ends at exactly par.  :func:`par_turns` plays it one turn at
a time (the page computes it a turn per pause, never one long task).

Pure Python (CPython and MicroPython); the strategy package is imported only
by :func:`par_turns`, so reading a date needs no table.
"""

from .errors import InvalidSetup
from .game import Game
from .seats import YOU

RULESET = "dice-poker"
FIRST_DATE = "2026-01-01"       # the first day with a game
SEED_PREFIX = "daily-"
_FIRST = (2026, 1, 1)
_MONTH_DAYS = (31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)


def _leap(year):
    return year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)


def _parts(date_text):
    """(year, month, day) of a ``YYYY-MM-DD`` text; InvalidSetup ``bad_date`` otherwise."""
    if not isinstance(date_text, str) or len(date_text) != 10 or date_text[4] != "-" \
            or date_text[7] != "-":
        raise InvalidSetup("bad_date", "a date is written YYYY-MM-DD, not %r" % (date_text,))
    digits = date_text[:4] + date_text[5:7] + date_text[8:]
    if not all("0" <= c <= "9" for c in digits):
        raise InvalidSetup("bad_date", "a date is written YYYY-MM-DD, not %r" % (date_text,))
    year, month, day = int(date_text[:4]), int(date_text[5:7]), int(date_text[8:])
    if not 1 <= month <= 12 or not 1 <= day <= month_days(year, month):
        raise InvalidSetup("bad_date", "there is no date %s" % date_text)
    return year, month, day


def month_days(year, month):
    return 29 if month == 2 and _leap(year) else _MONTH_DAYS[month - 1]


def check_date(date_text):
    """``date_text`` if it names a day with a game (``YYYY-MM-DD``, from 2026-01-01 on).

    Raises the engine's InvalidSetup: ``bad_date`` (not such a date) or
    ``date_too_early`` (before the first day)."""
    if _parts(date_text) < _FIRST:
        raise InvalidSetup("date_too_early", "the first daily game is on %s, not %s"
                           % (FIRST_DATE, date_text), first=FIRST_DATE)
    return date_text


def check_playable(date_text, today):
    """``date_text`` if its game may be played on ``today`` (both ``YYYY-MM-DD``): a day with
    a game, not later than today; InvalidSetup ``date_later`` for a day still to come."""
    check_date(date_text)
    if _parts(date_text) > _parts(today):
        raise InvalidSetup("date_later", "the game of %s is not out yet" % date_text,
                           date=date_text)
    return date_text


def daily_seed(date_text):
    """The seed of the game of ``date_text``: ``"daily-YYYY-MM-DD"`` (never to change)."""
    return SEED_PREFIX + check_date(date_text)


def daily_game(date_text, name):
    """A new game of ``date_text`` for one player called ``name`` (None: :data:`YOU`)."""
    return Game([YOU if name is None else name], ruleset=RULESET, seed=daily_seed(date_text))


def _ordinal(year, month, day):
    """Days since the proleptic Gregorian calendar's 0001-01-01 (day 1)."""
    before = year - 1
    days = before * 365 + before // 4 - before // 100 + before // 400 + day
    for m in range(1, month):
        days += month_days(year, m)
    return days


def day_number(date_text):
    """Days from 2026-01-01 (day 0) to ``date_text`` (any valid date; earlier ones are
    negative): consecutive dates are consecutive numbers."""
    return _ordinal(*_parts(date_text)) - _ordinal(*_FIRST)


def par_turns(date_text, table):
    """Play par's game, a turn at a time: yields the game after each turn (15 in all).

    ``table`` is dice-poker's :class:`~dicepoker.strategy.table.Table` or an
    :class:`~dicepoker.strategy.advisor.Advisor` over it (reused: its per-turn
    plans are memoised)."""
    from .strategy.advisor import Advisor
    from .strategy.players import choose_move
    from .seats import OPTIMAL
    advisor = table if isinstance(table, Advisor) else Advisor(table)
    game = daily_game(date_text, "Par")
    while not game.is_over:
        turn = game.round
        while not game.is_over and game.round == turn:
            game.apply(choose_move(game, OPTIMAL, advisor))
        yield game


def par(date_text, table):
    """The par of ``date_text``: the final total of the Optimal computer playing its game (an int).

    Raises InvalidSetup for a malformed date or one before 2026-01-01."""
    check_date(date_text)
    game = None
    for game in par_turns(date_text, table):
        pass
    return game.totals()[0]
