"""The coach: strategy tables on demand, and advice on a position.

Nothing here runs at page start: :mod:`ui.advice.assistants` fetches this module
on the first hint (or computer move, or review).  The first advice then
fetches the strategy modules (:mod:`ui.platform.lazy`) and the table of the game's
rule set, and keeps one :class:`~dicepoker.strategy.advisor.Advisor` per
rule set for the session (shared by hints, computer seats and the review).
The advice is plain data for the controller; ``ui.table.hint`` draws it.

In a game with opponents, a hint at a position the end-of-game tables hold
(:func:`wants_tables`) is worded by the chance to win
(:func:`~dicepoker.strategy.to_win.win_advice`): the first such hint fetches
the rule set's ``.win.gz`` (and the spread table, if an opponent is further
from the end than the tables reach).  Elsewhere, or without those files, the
hint stays on points.

If a table cannot be had (offline and never cached, a damaged file) the
hint says so and the game goes on; the next hint tries again.
"""

import asyncio

import js

from ..platform import lazy
from ..platform.tables import read_fetched
from ..later import pause
from ..platform.dom import window

TABLE_PATH = "./static/strategy/%s.dpst.gz"
SPREAD_PATH = "./static/strategy/%s.spread.gz"    # win chances and the "to win" computer
WIN_PATH = "./static/strategy/%s.win.gz"          # the end-of-game tables: the hint to win
# The shipped end-of-game tables' open boxes (build_win.DEFAULT_OPEN, pinned by a test): a
# hint fetches the tables only for a position they hold (a turn with at most one box more).
WIN_OPEN = 3


class CoachUnavailable(Exception):
    """The strategy modules or the table could not be loaded."""


async def _fetch_table_array(ruleset_id, path=TABLE_PATH):
    """The table file as a JS Uint8Array, gunzipped by the browser when it can."""
    try:
        response = await js.fetch(path % ruleset_id)
    except Exception as error:
        raise CoachUnavailable("table fetch failed: %s" % error)
    if not response.ok:
        raise CoachUnavailable("table: HTTP %s" % response.status)
    try:
        buffer = await response.arrayBuffer()
        head = js.Uint8Array.new(buffer, 0, 2)
        gzipped = buffer.byteLength > 2 and head[0] == 0x1F and head[1] == 0x8B
        if gzipped and window.DecompressionStream:
            # Native gunzip: MicroPython's own inflate would take ~0.7 s for dice-poker.
            stream = js.Response.new(buffer).body.pipeThrough(
                window.DecompressionStream.new("gzip"))
            buffer = await js.Response.new(stream).arrayBuffer()
    except Exception as error:
        raise CoachUnavailable("table read failed: %s" % error)
    return js.Uint8Array.new(buffer)


class Coach:
    """Advisors per rule set (shared with computer seats and the review) and advice."""

    def __init__(self):
        self._advisors = {}
        self._models = {}
        self._wins = {}             # rule set -> WinTables, or None if they cannot be had
        self._owners = {}           # rule set -> its WinAdvisor (the turn's values kept)
        self._lock = None

    def has_advisor(self, ruleset_id):
        return ruleset_id in self._advisors

    async def advisor_for(self, ruleset_id):
        """The Advisor of ``ruleset_id``; loads modules and table once.  CoachUnavailable."""
        advisor = self._advisors.get(ruleset_id)
        if advisor is not None:
            return advisor
        if self._lock is None:
            self._lock = asyncio.Lock()
        async with self._lock:
            advisor = self._advisors.get(ruleset_id)
            if advisor is None:
                advisor = await self._load_advisor(ruleset_id)
                self._advisors[ruleset_id] = advisor
        return advisor

    async def model_for(self, ruleset_id):
        """The win-chance :class:`~dicepoker.strategy.chances.Model` of ``ruleset_id``
        (the advisor and the spread table, loaded once).  CoachUnavailable."""
        model = self._models.get(ruleset_id)
        if model is not None:
            return model
        advisor = await self.advisor_for(ruleset_id)
        async with self._lock:
            model = self._models.get(ruleset_id)
            if model is None:
                from dicepoker.strategy.chances import Model
                from dicepoker.strategy.spread import Spread
                array = await _fetch_table_array(ruleset_id, SPREAD_PATH)
                try:
                    model = Model(advisor, read_fetched(Spread, array, "/dice-poker-spread.tmp"))
                except ValueError as error:
                    raise CoachUnavailable(str(error))
                self._models[ruleset_id] = model
        return model

    async def _load_advisor(self, ruleset_id):
        try:
            await lazy.load("dicepoker.strategy")
        except lazy.LazyLoadError as error:
            raise CoachUnavailable(str(error))
        from dicepoker.strategy.advisor import Advisor
        from dicepoker.strategy.table import Table
        array = await _fetch_table_array(ruleset_id)
        await pause()                        # let the loading message paint
        try:
            table = read_fetched(Table, array, "/dice-poker-strategy.tmp")
        except ValueError as error:          # TableError: damaged or other rules
            raise CoachUnavailable(str(error))
        return Advisor(table)

    def advise(self, game, advisor=None):
        """The advice on ``game``'s position (``Advisor.advise``), with ``ms``: how long it took."""
        advisor = advisor or self._advisors[game.ruleset.id]
        started = window.performance.now()
        advice = advisor.advise(game)
        advice["ms"] = window.performance.now() - started
        return advice

    # ------------------------------------------------------------- to win
    def win_owner(self, game):
        """The WinAdvisor that values ``game``'s position by the chance to win, if all it
        needs is loaded (False: something is still to fetch; None: the tables do not hold
        the position, or cannot be had: the hint stays on points)."""
        ruleset_id = game.ruleset.id
        if ruleset_id not in self._advisors or ruleset_id not in self._wins:
            return False
        wins = self._wins[ruleset_id]
        if wins is None:
            return None
        model = self._models.get(ruleset_id)
        if _needs_model(game, wins) and model is None:
            return False            # an opponent further from the end: the spread table too
        owner = self._owners.get(ruleset_id)
        if owner is None or (model is not None and owner.model_given is not model):
            from dicepoker.strategy.to_win import WinAdvisor
            owner = WinAdvisor(self._advisors[ruleset_id], wins, model)
            owner.model_given = model
            self._owners[ruleset_id] = owner
        return owner if owner.uses_tables(game) else None

    async def win_owner_for(self, game):
        """:meth:`win_owner` once what it needs is fetched; CoachUnavailable without the
        strategy table (without the end-of-game tables or the spread table: None)."""
        ruleset_id = game.ruleset.id
        await self.advisor_for(ruleset_id)
        if ruleset_id not in self._wins:
            async with self._lock:
                if ruleset_id not in self._wins:
                    try:
                        self._wins[ruleset_id] = await self._load_wins(ruleset_id)
                    except CoachUnavailable:
                        return None     # not fetched (offline): the next hint tries again
        owner = self.win_owner(game)
        if owner is False:
            try:
                await self.model_for(ruleset_id)
            except CoachUnavailable:
                return None
            owner = self.win_owner(game)
        return owner or None

    async def _load_wins(self, ruleset_id):
        """The rule set's WinTables; None if the file is damaged (the hint stays on points
        for the session); CoachUnavailable if it could not be fetched (tried again later)."""
        from dicepoker.strategy.to_win import WinTables
        array = await _fetch_table_array(ruleset_id, WIN_PATH)
        await pause()
        try:
            return read_fetched(WinTables, array, "/dice-poker-win.tmp")
        except (ValueError, MemoryError):       # TableError is a ValueError
            return None

    def advise_to_win(self, game, owner):
        """``win_advice`` on ``game``'s position, with ``ms``: how long it took."""
        started = window.performance.now()
        advice = owner.advise(game)
        advice["ms"] = window.performance.now() - started
        return advice


def wants_tables(game):
    """Whether a hint on ``game``'s position may be worded by the chance to win: opponents,
    and a turn with at most ``WIN_OPEN + 1`` open boxes (the tables' reach)."""
    open_now = len(game.ruleset.boxes) - len(game.card())
    return len(game.players) > 1 and open_now - 1 <= WIN_OPEN


def _needs_model(game, wins):
    """Whether an opponent of ``game``'s current player is further from the end than
    ``wins`` reach (their final then comes from the normal model: the spread table)."""
    boxes = len(game.ruleset.boxes)
    for other in range(len(game.players)):
        if other != game.current_player and not wins.covers(boxes - len(game.cards[other])):
            return True
    return False
